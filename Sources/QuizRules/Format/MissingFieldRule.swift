import QuizBank
import QuizLint

struct MissingFieldRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.missingField.rawValue,
        summary: "A required field is missing: the bank's `quizbank`, `id`, `title`, `locale` or `questions`, a question's `id` or `text`, a choice's `text`, or `image-alt` for an image.",
        rationale: """
            Without these an app cannot show or track the bank or question at all. An image \
            without `image-alt` cannot be described to learners who use a screen reader.
            """,
        severity: .error,
        scope: .question,
        examples: [
            // Reported where the question starts.
            .triggering(questions: """
                  - ↓id: sun
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            // Reported at the image.
            .triggering(questions: """
                  - id: sun
                    text: This is a star.
                    answer: true
                    image: ↓sun.png
                    explanation: It is the Sun, a G-type main-sequence star.
                """),
            .passing(questions: """
                  - id: sun
                    text: This is a star.
                    answer: true
                    image: sun.png
                    image-alt: A bright yellow disc against a black sky
                    explanation: It is the Sun, a G-type main-sequence star.
                """),
        ],
        isFormatRule: true)
}

import QuizBank
import QuizLint

struct ImagePathRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.imagePath.rawValue,
        summary: "An image path that is absolute, uses `\\`, or leaves the image root (by `..` or through a symbolic link).",
        rationale: """
            Images are bundled with the compiled bank relative to its image root; a path outside \
            it works on the author's machine only, and could pull private files into a published \
            bank.
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: This is a star.
                    answer: true
                    image: ↓../photos/sun.png
                    image-alt: A bright yellow disc against a black sky
                    explanation: It is the Sun, a G-type main-sequence star.
                """),
            // A path relative to the image root (here the bank's folder) is fine.
            .passing(questions: """
                  - id: sun
                    text: This is a star.
                    answer: true
                    image: photos/sun.png
                    image-alt: A bright yellow disc against a black sky
                    explanation: It is the Sun, a G-type main-sequence star.
                """),
        ],
        isFormatRule: true)
}

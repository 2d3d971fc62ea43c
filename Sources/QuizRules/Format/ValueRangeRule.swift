import QuizBank
import QuizLint

struct ValueRangeRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.valueRange.rawValue,
        summary: "A value out of its range: a difficulty outside 1–5, a topic weight outside 0–1, a repeated locale in `locales`, or `locales` without the source locale.",
        rationale: """
            Apps sort and filter questions by difficulty and draw exams by topic weight; a value \
            outside the scale (a difficulty of 0, a weight of 40 meant as percent) breaks both.
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: sun
                    difficulty: ↓0
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            .passing(questions: """
                  - id: sun
                    difficulty: 1
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true)
}

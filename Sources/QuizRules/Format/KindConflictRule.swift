import QuizBank
import QuizLint

struct KindConflictRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.kindConflict.rawValue,
        summary: "A question with both `answer` and `choices`, with neither, or a true/false question with `shuffle`.",
        rationale: """
            A question's kind follows from its fields: `answer` makes it true/false, `choices` a \
            choice question. With both or neither an app cannot tell how to ask it or how to score \
            the reply.
            """,
        severity: .error,
        scope: .question,
        examples: [
            // Both: reported at the choices.
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    choices: ↓[true, false]
                    explanation: It is a G-type main-sequence star.
                """),
            // Neither: reported where the question starts.
            .triggering(questions: """
                  - ↓id: sun
                    text: The Sun is a star.
                    explanation: It is a G-type main-sequence star.
                """),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                  - id: sun-kind
                    text: What is the Sun?
                    choices:
                      - text: A star
                        correct: true
                      - A planet
                    shuffle: false
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true)
}

import QuizBank
import QuizLint

struct NoCorrectChoiceRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.noCorrectChoice.rawValue,
        summary: "A choice question where no choice is marked `correct: true`.",
        rationale: """
            A choice written as a plain string is a wrong choice, so a question of only plain \
            strings cannot be answered correctly: every learner would fail it.
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: What is the Sun?
                    choices: ↓[A star, A planet, A moon]
                    explanation: It is a G-type main-sequence star.
                """),
            .passing(questions: """
                  - id: sun
                    text: What is the Sun?
                    choices: [{text: A star, correct: true}, A planet, A moon]
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true)
}

import QuizBank
import QuizLint

struct ChoiceCountRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.choiceCount.rawValue,
        summary: "A choice question with fewer than 2 or more than 8 choices.",
        rationale: """
            One choice is no choice at all, and more than eight do not fit a phone screen or a \
            learner's attention; app engines lay out 2 to 8.
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: What is the Sun?
                    choices:
                      ↓- text: A star
                        correct: true
                    explanation: It is a G-type main-sequence star.
                """),
            .passing(questions: """
                  - id: sun
                    text: What is the Sun?
                    choices:
                      - text: A star
                        correct: true
                      - A planet
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true)
}

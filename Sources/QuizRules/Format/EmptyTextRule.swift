import QuizBank
import QuizLint

struct EmptyTextRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.emptyText.rawValue,
        summary: "A text field that is empty (`text:` or `~`) or holds only whitespace.",
        rationale: """
            An app would show a blank question, choice or explanation; usually the text was \
            meant to be written later and forgotten.
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: ↓"  "
                    answer: true
                    explanation: It is a G-type main-sequence star.
                    hints:
                      -↓
                """),
            // A text that YAML would read as a number is still a text.
            .passing(questions: """
                  - id: moon-landing
                    text: In which year did people first walk on the Moon?
                    choices: [1967, {text: 1969, correct: true}, 1971]
                    explanation: Apollo 11 landed on 20 July 1969.
                """),
        ],
        isFormatRule: true)
}

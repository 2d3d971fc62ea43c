import QuizBank
import QuizLint

struct UnknownKeyRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.unknownKey.rawValue,
        summary: "A key the bank format does not have; the nearest known key is suggested.",
        rationale: """
            A misspelt key (`explanaton:`) is not an error in YAML, so without this check the \
            field would silently be lost and the app would show no explanation.
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    ↓explanaton: It is a G-type main-sequence star.
                """),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true,
        fix: .unsafe("the key is renamed to the one clear nearest key (`titel` to `title`), which the mapping does not have yet"))
}

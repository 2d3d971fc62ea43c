import QuizLint
import QuizYAML

struct UnknownAliasRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: YAMLProblem.Kind.unknownAlias.rawValue,
        summary: "An alias (`*name`) names no anchor (`&name`) defined before it.",
        rationale: """
            An alias can only refer back to an anchor earlier in the file; a misspelt name or an \
            anchor defined further down leaves the field with no value, so the file cannot be read.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            // The anchor comes after the alias that uses it.
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: ↓*g2v
                  - id: sun-type
                    text: The Sun is a yellow dwarf.
                    answer: true
                    explanation: &g2v It is a G-type main-sequence star.
                """),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: &g2v It is a G-type main-sequence star.
                  - id: sun-type
                    text: The Sun is a yellow dwarf.
                    answer: true
                    explanation: *g2v
                """),
        ],
        isFormatRule: true)
}

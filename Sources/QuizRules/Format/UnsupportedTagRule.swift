import QuizLint
import QuizYAML

struct UnsupportedTagRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: YAMLProblem.Kind.unsupportedTag.rawValue,
        summary: "A tag outside the YAML core schema (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!seq`, `!!map`); it is ignored.",
        rationale: """
            Custom tags (`!secret`, `!!python/object`) mean something only to the program that \
            wrote them; app engines would read them differently or refuse the file, and some \
            parsers run code for them. quizbank reports the tag and reads the value without it.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: ↓!secret The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            // Core-schema tags are fine: `!!str` keeps a year as text.
            .passing(questions: """
                  - id: moon-landing
                    tags: [!!str 1969]
                    text: People first walked on the Moon in 1969.
                    answer: true
                    explanation: Apollo 11 landed on 20 July 1969.
                """),
        ],
        isFormatRule: true)
}

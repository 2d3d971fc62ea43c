import QuizLint
import QuizYAML

struct DuplicateKeyRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: YAMLProblem.Kind.duplicateKey.rawValue,
        summary: "A key appears twice in one mapping; the first definition is kept and named.",
        rationale: """
            YAML forbids repeated keys, but many parsers silently keep the last one, so an edited \
            copy of a field can override the original without anyone noticing. quizbank keeps the \
            first and points at both, so the author decides which text is meant.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    ↓text: The Sun is a planet.
                    explanation: It is a G-type main-sequence star.
                """),
            // The same key in two different mappings (two questions) is fine.
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                  - id: moon
                    text: The Moon is a star.
                    answer: false
                    explanation: It is a natural satellite; it only reflects sunlight.
                """),
        ],
        isFormatRule: true)
}

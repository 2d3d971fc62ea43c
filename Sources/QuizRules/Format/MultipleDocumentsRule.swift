import QuizLint
import QuizYAML

struct MultipleDocumentsRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: YAMLProblem.Kind.multipleDocuments.rawValue,
        summary: "A second YAML document (after `---`) in one bank file.",
        rationale: """
            A bank is one YAML document. Tools that read only the first document would silently \
            drop everything after a second `---`, often a bank pasted onto the end of another; \
            split it into its own file instead.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                ↓---
                quizbank: 1
                id: demo-planets
                title: Planets
                locale: en
                questions:
                  - id: mars
                    text: Mars is a planet.
                    answer: true
                    explanation: It is the fourth planet from the Sun.
                """),
            // One document may start with an explicit `---` and end with `...`.
            .passing("""
                ---
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                ...
                """),
        ],
        isFormatRule: true)
}

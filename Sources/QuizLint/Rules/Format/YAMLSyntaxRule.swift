import QuizYAML

struct YAMLSyntaxRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: YAMLProblem.Kind.syntax.rawValue,
        summary: "libyaml could not parse the file; where a quote, bracket or key is left open, the place it opened is named.",
        rationale: """
            A file that is not valid YAML cannot be read at all, so nothing after the error is \
            checked and the bank cannot be compiled. An unclosed quote or a line indented one space \
            off is easy to miss by eye and swallows the rest of the question.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: sun
                    text: "The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """, lines: [7]),
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: sun
                   text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """, lines: [7]),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: sun
                    text: "The Sun is a star."
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true)
}

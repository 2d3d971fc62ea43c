import QuizLint
import QuizYAML

struct AliasLimitRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: YAMLProblem.Kind.aliasLimit.rawValue,
        summary: "Aliases would expand to more than 100,000 nodes; the file is refused at once.",
        rationale: """
            Each level of aliases to aliases multiplies the document (an "alias bomb"), so a few \
            lines can expand to billions of nodes and exhaust memory in the tool, an editor or an \
            app engine. A bank needs nowhere near that many, so reading stops at the limit.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            // Each level repeats the one before ten times: 11, 111, 1,111, 11,111 nodes, ...
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                    tags: &a0 [x, x, x, x, x, x, x, x, x, x]
                    hints:
                      - &a1 [*a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0]
                      - &a2 [*a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1]
                      - &a3 [*a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2]
                      - &a4 [*a3, *a3, *a3, *a3, *a3, *a3, *a3, ↓*a3, *a3, *a3]
                      - &a5 [*a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4]
                      - &a6 [*a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5]
                """),
            // Reusing a few anchored values is what aliases are for.
            .passing(questions: """
                  - id: sun
                    tags: &stars [astronomy, stars]
                    text: The Sun is a star.
                    answer: true
                    explanation: &g2v It is a G-type main-sequence star.
                  - id: sun-type
                    tags: *stars
                    text: The Sun is a yellow dwarf.
                    answer: true
                    explanation: *g2v
                """),
        ],
        isFormatRule: true)
}

import QuizBank

/// Reported by the engine itself after applying inline suppressions.
package struct UnusedSuppressionRule: LintRule {
    package static let description = RuleDescription(
        id: "unused-suppression",
        summary: "An inline `# quizbank:` suppression that suppresses nothing, or cannot be read.",
        rationale: """
            A suppression outlives the problem it silenced: once the text is fixed it only hides the \
            next problem on that line. Suppressions of rules that do not exist (a typo) or of format \
            rules (which cannot be suppressed) silence nothing and mislead the reader.
            """,
        severity: .warning,
        scope: .bank,
        examples: [
            .triggering(questions: """
                  # quizbank: disable-next-line ↓missing-explanation -- explained in class
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            .passing(questions: """
                  - id: sun # quizbank: disable-line missing-explanation -- explained in class
                    text: The Sun is a star.
                    answer: true
                """),
        ])

    package init(options: RuleOptions) {}
}

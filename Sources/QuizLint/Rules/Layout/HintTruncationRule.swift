import QuizBank

struct HintTruncationRule: QuestionRule {
    static let description = RuleDescription(
        id: "hint-truncation",
        summary: "A hint that the hint line cuts off (more lines than the `hint` profile shows).",
        rationale: """
            The hint line under a question shows a limited number of lines (the `hint` profile: \
            two lines of Subheadline below AX1 by default); the rest of a longer hint is lost \
            behind an ellipsis. The rule wraps each hint as UILabel does, at every size where the \
            limit applies, on the narrowest device in `layout.devices`, and names the first size \
            where it does not fit; each locale is measured. docs/layout.md describes the profile.
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: stop
                    text: What does a stop sign require?
                    answer: true
                    hints:
                      - ↓>-
                        Think about what the word on the sign says, and about what rolling slowly
                        through the intersection without stopping would mean for the people crossing.
                """),
            .passing(questions: """
                  - id: stop
                    text: What does a stop sign require?
                    answer: true
                    hints:
                      - Read the sign.
                """),
        ])

    private let scratch = LayoutRuleSupport.Scratch()

    init(options: RuleOptions) {}

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        for hint in question.hints {
            LayoutRuleSupport.check(hint, profile: "hint", hasImage: false, in: bank, scratch: scratch, report: &report)
        }
    }
}

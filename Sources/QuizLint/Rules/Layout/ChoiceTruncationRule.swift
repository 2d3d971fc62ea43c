import QuizBank

struct ChoiceTruncationRule: QuestionRule {
    static let description = RuleDescription(
        id: "choice-truncation",
        summary: "A choice that its answer button cuts off (more lines than the `choice` profile shows).",
        rationale: """
            Answer buttons show a limited number of lines of their choice (the `choice` profile: \
            two lines below AX1 by default). A cut choice can hide the very words that make it \
            right or wrong. The rule wraps each choice as UILabel does, at every size where the \
            limit applies, on the narrowest device in `layout.devices`, and names the first size \
            where it does not fit; each locale is measured. docs/layout.md describes the profile.
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: right-turn
                    text: When may you turn right on a red light?
                    choices:
                      - text: ↓>-
                          After a complete stop, when no sign forbids it and the way is clear of
                          pedestrians, cyclists and cross traffic
                        correct: true
                      - Never
                """),
            .passing(questions: """
                  - id: right-turn
                    text: When may you turn right on a red light?
                    choices:
                      - text: After a complete stop
                        correct: true
                      - Never
                """),
        ])

    private let scratch = LayoutRuleSupport.Scratch()

    init(options: RuleOptions) {}

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        for choice in question.choices {
            LayoutRuleSupport.check(choice.text, profile: "choice", hasImage: false, in: bank, scratch: scratch, report: &report)
        }
    }
}

import QuizBank

struct ReviewTruncationRule: QuestionRule {
    static let description = RuleDescription(
        id: "review-truncation",
        summary: "A question text that the answer-review screen cuts off (more lines than the `review` profile shows).",
        rationale: """
            The review screen lists each question in a row beside a status icon and, when the \
            question has one, a thumbnail of its image, and shows at most three lines of the \
            text below the AX1 Dynamic Type size. A longer text ends in an ellipsis and the \
            learner cannot read what they answered. The rule wraps the text as UILabel does, \
            with the system font's metrics, at every size where the limit applies and on the \
            narrowest device in `layout.devices`, and names the first size where it does not \
            fit. `layout.profiles.review` in `.quizbank.yml` describes the screen \
            (docs/layout.md); each locale is measured.
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: long
                    text: ↓>-
                      A driver who approaches an intersection with a flashing yellow signal, while a
                      pedestrian waits at the corner and a cyclist comes up on the right, must do what
                      before going on, according to the rules shared by all states?
                    answer: false
                """),
            .passing(questions: """
                  - id: short
                    text: What does a flashing yellow signal mean?
                    answer: false
                """),
        ])

    private let scratch = LayoutRuleSupport.Scratch()

    init(options: RuleOptions) {}

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        LayoutRuleSupport.check(question.text, profile: "review", hasImage: question.image != nil, in: bank, scratch: scratch, report: &report)
    }
}

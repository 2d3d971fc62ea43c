import QuizBank
import QuizLint

struct HintTruncationRule: QuestionRule, ConfigurableRule {
    typealias Options = LayoutRuleSupport.Options

    static let description = RuleDescription(
        id: "hint-truncation",
        summary: "A hint that the hint line cuts off (more lines than the `hint` profile shows).",
        rationale: """
            The hint line under a question shows a limited number of lines (the `hint` profile: \
            two lines of Subheadline below AX1 by default); the rest of a longer hint is lost \
            behind an ellipsis. The rule wraps each hint as UILabel does, at every size where the \
            limit applies, on the narrowest device in `layout.devices`. A hint cut at the \
            default text size, Large, is reported with the rule's severity (a warning); one cut \
            only at larger sizes as an info naming the first (option `larger-sizes`). Each \
            locale is measured. docs/layout.md describes the profile.
            """,
        severity: .warning,
        scope: .question,
        options: Options.declarations,
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
            // Fits at Large; cut from xxLarge on: an info naming xxLarge.
            .triggering(questions: """
                  - id: stop
                    text: What does a stop sign require?
                    answer: true
                    hints:
                      - ↓Think about what the word on the sign says, and what rolling through would mean.
                """),
            .passing(questions: """
                  - id: stop
                    text: What does a stop sign require?
                    answer: true
                    hints:
                      - Read the sign.
                """),
        ])

    private let options: Options

    init(options: Options) {
        self.options = options
    }

    func prepare(_ questions: ArraySlice<Question>, in bank: LintBank) {
        LayoutRuleSupport.prepare(questions.lazy.flatMap { $0.hints.lazy.map { ($0, false) } }, profile: "hint", in: bank)
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        for index in question.hints.indices {
            LayoutRuleSupport.check(question.hints[index], profile: "hint", hasImage: false, in: bank, options: options,
                                    subject: { TextPlace.hint(question.id.value, index).description }, report: &report)
        }
    }
}

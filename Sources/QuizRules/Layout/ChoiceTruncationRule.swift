import QuizBank
import QuizLint

struct ChoiceTruncationRule: QuestionRule, ConfigurableRule {
    typealias Options = LayoutRuleSupport.Options

    static let description = RuleDescription(
        id: "choice-truncation",
        summary: "A choice that its answer button cuts off (more lines than the `choice` profile shows).",
        rationale: """
            Answer buttons show a limited number of lines of their choice (the `choice` profile: \
            two lines below AX1 by default). A cut choice can hide the very words that make it \
            right or wrong. The rule wraps each choice as UILabel does, at every size where the \
            limit applies, on the narrowest device in `layout.devices`. A choice cut at the \
            default text size, Large, is reported with the rule's severity (a warning); one cut \
            only at larger sizes as an info naming the first (option `larger-sizes`). Each \
            locale is measured. docs/layout.md describes the profile.
            """,
        severity: .warning,
        scope: .question,
        options: Options.declarations,
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
            // Fits at Large; cut from xxLarge on: an info naming xxLarge.
            .triggering(questions: """
                  - id: right-turn
                    text: When may you turn right on a red light?
                    choices:
                      - text: ↓After a complete stop, when no sign forbids it and the way is clear
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

    private let options: Options

    init(options: Options) {
        self.options = options
    }

    func prepare(_ questions: ArraySlice<Question>, in bank: LintBank) {
        LayoutRuleSupport.prepare(questions.lazy.flatMap { $0.choices.lazy.map { ($0.text, false) } }, profile: "choice", in: bank)
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        for index in question.choices.indices {
            LayoutRuleSupport.check(question.choices[index].text, profile: "choice", hasImage: false, in: bank, options: options,
                                    subject: { TextPlace.choice(question.id.value, index).description }, report: &report)
        }
    }
}

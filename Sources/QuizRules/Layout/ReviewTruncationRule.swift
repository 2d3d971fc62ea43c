import QuizBank
import QuizLint

struct ReviewTruncationRule: QuestionRule, ConfigurableRule {
    typealias Options = LayoutRuleSupport.Options

    static let description = RuleDescription(
        id: "review-truncation",
        summary: "A question text that the answer-review screen cuts off (more lines than the `review` profile shows).",
        rationale: """
            The review screen lists each question in a row beside a status icon and, when the \
            question has one, a thumbnail of its image, and shows at most three lines of the \
            text below the AX1 Dynamic Type size. A longer text ends in an ellipsis and the \
            learner cannot read what they answered. The rule wraps the text as UILabel does, \
            with the system font's metrics, at every size where the limit applies, on the \
            narrowest device in `layout.devices` (by default the narrowest iPhone the current \
            iOS supports). A text cut at the default text size, Large, is cut for most \
            readers: it is reported with the rule's severity (a warning). A text that fits at \
            Large and is cut only at a larger size is reported as an info naming the first \
            such size (option `larger-sizes`). The message names the device, the size, the \
            lines the text needs and those shown, and the last words before the cut. \
            `layout.profiles.review` in `.quizbank.yml` describes the screen (docs/layout.md); \
            each locale is measured.
            """,
        severity: .warning,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: long
                    text: ↓>-
                      A driver who approaches an intersection with a flashing yellow signal, while a
                      pedestrian waits at the corner and a cyclist comes up on the right, must do what
                      before going on, according to the rules shared by all states?
                    answer: false
                """),
            // Fits at Large; cut from xLarge on: an info naming xLarge.
            .triggering(questions: """
                  - id: bus-stop
                    text: ↓What must you do when a school bus stops ahead with its red lights flashing and its stop arm extended on a two-lane road?
                    answer: true
                """),
            .passing(questions: """
                  - id: bus-stop
                    text: What must you do when a school bus stops ahead with its red lights flashing and its stop arm extended on a two-lane road?
                    answer: true
                """, options: ["larger-sizes": .string("off")]),
            .passing(questions: """
                  - id: short
                    text: What does a flashing yellow signal mean?
                    answer: false
                """),
        ])

    private let options: Options

    init(options: Options) {
        self.options = options
    }

    func prepare(_ questions: ArraySlice<Question>, in bank: LintBank) {
        LayoutRuleSupport.prepare(questions.lazy.map { ($0.text, $0.image != nil) }, profile: "review", in: bank)
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        LayoutRuleSupport.check(question.text, profile: "review", hasImage: question.image != nil, in: bank, options: options,
                                subject: { "question '\(question.id.value)'" }, report: &report)
    }
}

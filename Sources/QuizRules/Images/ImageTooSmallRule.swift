import QuizBank
import QuizLint

struct ImageTooSmallRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var minWidth = 200
        var minHeight = 0

        static let elements: [RuleOptionElement<Self>] = [
            .integer("min-width", \.minWidth, in: 0...100_000,
                "the fewest pixels an image may have across; 0 turns the check off"),
            .integer("min-height", \.minHeight, in: 0...100_000,
                "the fewest pixels an image may have down; 0 turns the check off"),
        ]
    }

    static let description = RuleDescription(
        id: "image-too-small",
        summary: "A question's image has fewer pixels across (or down) than the configured minimum.",
        rationale: """
            Phones draw a point with two or three pixels, so a picture 150 pixels wide fills less \
            than half of a 375-point-wide screen when shown sharp, or is blurred when stretched \
            to fit. A road sign or a diagram that cannot be read makes the question unfair. The \
            size is read from the file's header (each file once); a file that cannot be read is \
            `image-missing` or `image-unreadable`, not this rule. `min-height` is off (0) by \
            default, as wide banner-like pictures are fine.
            """,
        severity: .warning,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: stop
                    text: A stop sign means a full stop.
                    answer: true
                    image: ↓stop.png
                    image-alt: A red octagonal stop sign
                """, files: ["stop.png": ExampleImages.png(width: 120, height: 120)]),
            .triggering(questions: """
                  - id: horizon
                    text: The Earth's horizon looks curved from an airliner.
                    answer: false
                    image: ↓horizon.png
                    image-alt: A flat horizon seen from a plane window
                """, options: ["min-height": .integer(200)],
                files: ["horizon.png": ExampleImages.png(width: 800, height: 100)]),
            // Exactly the minimum is enough.
            .passing(questions: """
                  - id: stop
                    text: A stop sign means a full stop.
                    answer: true
                    image: stop.png
                    image-alt: A red octagonal stop sign
                """, files: ["stop.png": ExampleImages.png(width: 200, height: 20)]),
            .passing(questions: """
                  - id: stop
                    text: A stop sign means a full stop.
                    answer: true
                    image: stop.png
                    image-alt: A red octagonal stop sign
                """, options: ["min-width": .integer(100)], files: ["stop.png": ExampleImages.png(width: 120, height: 120)]),
        ])

    private let minWidth: Int
    private let minHeight: Int
    private let files = ImageFiles()

    init(options: Options) {
        minWidth = options.minWidth
        minHeight = options.minHeight
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard minWidth > 0 || minHeight > 0, let image = question.image,
              case .image(let info) = files.state(of: image.value, in: bank.bank.header) else { return }
        var shortfalls: [String] = []
        if minWidth > 0 && info.width < minWidth { shortfalls.append("at least \(minWidth) px wide") }
        if minHeight > 0 && info.height < minHeight { shortfalls.append("at least \(minHeight) px high") }
        guard !shortfalls.isEmpty else { return }
        report("image '\(image.value)' is \(info.width)×\(info.height) px; it should be \(shortfalls.joined(separator: " and "))",
               at: image.range)
    }
}

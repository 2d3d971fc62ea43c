import QuizBank
import QuizLint

struct ImageMissingRule: QuestionRule {
    static let description = RuleDescription(
        id: CompileRule.imageMissing.rawValue,
        summary: "A question's `image` names a file that does not exist under the bank's image root.",
        rationale: """
            The app would show an empty frame, or fail to load the question at all, and the bank \
            cannot be compiled: compiling reports the same problem under the same id. The path is \
            relative to the image root (`images:`, itself relative to the bank file; the bank's \
            folder when there is none), so a file beside the bank is not found when the bank \
            declares another root. Every question that shows the image is reported; each file is \
            looked up once.
            """,
        severity: .error,
        scope: .question,
        examples: [
            // The file is beside the bank, but the bank's image root is `pictures/`.
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                images: pictures/
                questions:
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    image: ↓sun.png
                    image-alt: The Sun
                """, files: ["sun.png": ExampleImages.png(width: 400, height: 400)]),
            // Two questions show the same missing picture: both are reported.
            .triggering(questions: """
                  - id: stop
                    text: A stop sign means a full stop.
                    answer: true
                    image: ↓signs/stop.png
                    image-alt: A red octagonal stop sign
                  - id: stop-at-night
                    text: A stop sign may be ignored at night.
                    answer: false
                    image: ↓signs/stop.png
                    image-alt: A red octagonal stop sign
                """, files: ["stop.png": ExampleImages.png(width: 400, height: 400)]),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                images: pictures/
                questions:
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    image: sun.png
                    image-alt: The Sun
                """, files: ["pictures/sun.png": ExampleImages.png(width: 400, height: 400)]),
            // Without `images:`, paths are relative to the bank's own folder.
            .passing(questions: """
                  - id: stop
                    text: A stop sign means a full stop.
                    answer: true
                    image: signs/stop.png
                    image-alt: A red octagonal stop sign
                """, files: ["signs/stop.png": ExampleImages.png(width: 400, height: 400)]),
        ])

    private let files = ImageFiles()

    init(options: RuleOptions) {}

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard let image = question.image,
              case .missing(let lookedFor) = files.state(of: image.value, in: bank.bank.header) else { return }
        report("image '\(image.value)' not found (looked for \(lookedFor))", at: image.range)
    }
}

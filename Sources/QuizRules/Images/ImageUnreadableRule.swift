import QuizBank
import QuizLint

struct ImageUnreadableRule: QuestionRule {
    static let description = RuleDescription(
        id: CompileRule.imageUnreadable.rawValue,
        summary: "A question's image file exists but is not a readable PNG, JPEG or WebP file.",
        rationale: """
            Apps can show PNG, JPEG and WebP, and the compiled bank carries each image's pixel size \
            so that an app can lay a question out before the picture loads; that size is read from \
            the file's header. A file in another format (GIF, SVG, HEIC), a truncated download, a \
            text file with an image name or one that cannot be opened cannot be shown or measured, \
            and the bank cannot be compiled: compiling reports it under the same id. The file's \
            contents decide, not its extension. Each file is read once. Only a regular file is \
            read: a FIFO, a device or a socket under an image's name is reported unread (reading \
            a FIFO would wait for a writer forever).
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    image: ↓sun.png
                    image-alt: The Sun
                """, files: ["sun.png": ExampleImages.notAnImage]),
            // A download cut off before the PNG's header ends.
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    image: ↓sun.png
                    image-alt: The Sun
                """, files: ["sun.png": ExampleImages.png(width: 400, height: 400, keepingFirst: 20)]),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    image: sun.png
                    image-alt: The Sun
                """, files: ["sun.png": ExampleImages.png(width: 400, height: 400)]),
            // A JPEG is as good as a PNG (this one is only a header, which is all that is read).
            .passing(questions: """
                  - id: moon
                    text: The Moon is a planet.
                    answer: false
                    image: moon.jpg
                    image-alt: The full Moon
                """, files: ["moon.jpg": [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x01, 0x90, 0x01, 0x90, 0x01, 0x01, 0x11, 0x00]]),
            // A missing file is `image-missing`, not this rule.
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    image: sun.png
                    image-alt: The Sun
                """),
        ])

    private let files = ImageFiles()

    init(options: RuleOptions) {}

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard let image = question.image,
              case .unreadable(let reason) = files.state(of: image.value, in: bank.bank.header) else { return }
        report("image '\(image.value)' is not a readable PNG, JPEG or WebP file: \(reason)", at: image.range)
    }
}

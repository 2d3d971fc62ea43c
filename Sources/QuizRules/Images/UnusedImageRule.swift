import Foundation
import QuizBank
import QuizLint
import QuizYAML

struct UnusedImageRule: RunRule {
    static let description = RuleDescription(
        id: "unused-image",
        summary: "An image file under a bank's declared image root that no question of the run shows.",
        rationale: """
            Image folders outlive the questions that used them: a replaced picture or a deleted \
            question leaves its file behind, and every unused file is shipped with the app and \
            downloaded by every user. Files whose names end in .png, .jpg, .jpeg or .webp (in any \
            case) are looked for in the whole folder tree under the root, skipping hidden files \
            and folders; a file counts as used when a question of any bank linted in the same run \
            shows it, so banks that share a picture folder are linted together. Only banks that \
            declare `images:` are checked: a bank that keeps its pictures beside itself often sits \
            in a folder with other content (screenshots, artwork, other banks' pictures), which \
            this rule would all flag. Each unused file is reported once, at the `images:` value of \
            the first bank (by path) whose root holds it; suppress it there.
            """,
        severity: .warning,
        scope: .run,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                images: ↓↓pictures/
                questions:
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    image: sun.png
                    image-alt: The Sun
                """, files: [
                    "pictures/sun.png": ExampleImages.png(width: 400, height: 400),
                    "pictures/old/moon.PNG": ExampleImages.png(width: 400, height: 400),
                    "pictures/sun-2019.webp": ExampleImages.png(width: 400, height: 400),
                ]),
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
                """, files: [
                    "pictures/sun.png": ExampleImages.png(width: 400, height: 400),
                    "pictures/CREDITS.txt": ExampleFile { Array("Sun: NASA/SDO\n".utf8) },
                    "pictures/.thumbnails/sun.png": ExampleImages.png(width: 40, height: 40),
                ]),
            // No `images:`: pictures beside the bank are not checked.
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    image: sun.png
                    image-alt: The Sun
                """, files: [
                    "sun.png": ExampleImages.png(width: 400, height: 400),
                    "cover-art.png": ExampleImages.png(width: 1024, height: 1024),
                ]),
        ])

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp"]

    init(options: RuleOptions) {}

    func check(_ banks: [LintBank], report: inout FindingReporter) {
        // Every image any question of the run shows, by real path (and case-folded, for
        // file systems that ignore case).
        var used = Set<String>()
        var usedFolded = Set<String>()
        for bank in banks {
            let header = bank.bank.header
            for question in bank.bank.questions {
                guard let image = question.image?.value, ImageFiles.isCheckablePath(image),
                      let real = Self.realPath(header.imageFilePath(image)) else { continue }
                used.insert(real)
                usedFolded.insert(real.lowercased())
            }
        }
        var reported = Set<String>()
        for bank in banks.sorted(by: { $0.path < $1.path }) {
            let header = bank.bank.header
            guard let root = header.imageRoot, !root.isEmpty, let realRoot = Self.realPath(header.imageDirectory) else { continue }
            var place: SourceRange?
            for relative in Self.imageFiles(under: realRoot) {
                guard let real = Self.realPath(FilePath.join(realRoot, relative)),
                      !used.contains(real), !usedFolded.contains(real.lowercased()),
                      reported.insert(real).inserted else { continue }
                if place == nil { place = Self.imagesValueRange(of: bank) }
                report.path = bank.path
                report("image file '\(relative)' under the image root '\(root)' is not shown by any question",
                       at: place ?? SourceRange(at: SourceMark(line: 1, column: 1)))
            }
        }
    }

    /// Paths, relative to `root` and sorted, of the image files in the tree under it.
    static func imageFiles(under root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = FilePath.name(of: relative)
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            guard let dot = name.lastIndex(of: "."),
                  imageExtensions.contains(name[name.index(after: dot)...].lowercased()) else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: FilePath.join(root, relative), isDirectory: &isDirectory),
                  !isDirectory.boolValue else { continue }
            found.append(relative)
        }
        return found.sorted()
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the bank writes its `images:` value. The bank model keeps no place for it, so the
    /// header is read again (the questions are streamed past, not kept); 1:1 when that fails.
    static func imagesValueRange(of bank: LintBank) -> SourceRange? {
        let streaming = YAMLLoader.Streaming(rootKey: "questions", handle: { _ in })
        guard let root = try? YAMLLoader().load(bank.source, streaming: streaming).root,
              let pair = root.pairs?.first(where: { $0.key.scalar == "images" }) else { return nil }
        return pair.value.range
    }
}

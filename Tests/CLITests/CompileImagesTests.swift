import Foundation
import TestSupport
import Testing

/// `compile -o DIR` copies the images the documents use beside them, in the same set.
@Suite struct CompileImagesTests {
    private static let signs = Run.repository.appendingPathComponent("Banks/driving/signs")

    /// A bank whose image root is `pictures/` beside it, with questions showing `images`.
    private static func bank(_ id: String, images: [String], locales: [String] = ["en"]) -> String {
        var text = "quizbank: 1\nid: \(id)\ntitle: Signs\nlocale: en\nlocales: [\(locales.joined(separator: ", "))]\nimages: pictures/\nquestions:\n"
        for (index, image) in images.enumerated() {
            text += "  - id: q\(index)\n    text: Is this a sign?\n    answer: true\n    image: \(image)\n    image-alt: A sign.\n"
        }
        return text
    }

    private static func entries(_ path: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path.path)) ?? []).sorted()
    }

    /// The image paths a compiled document gives.
    private static func imagePaths(_ document: URL) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: document)) as? [String: Any])
        let questions = try #require(object["questions"] as? [[String: Any]])
        return questions.compactMap { ($0["image"] as? [String: Any])?["path"] as? String }
    }

    private static func addSign(_ name: String, as path: String, in scratch: Scratch) throws {
        let destination = scratch.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: signs.appendingPathComponent(name), to: destination)
    }

    @Test func theImagesAreCopiedWhereTheDocumentsPathsLead() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.addSign("stop.png", as: "a/pictures/road/stop.png", in: scratch)
        try Self.addSign("yield.png", as: "a/pictures/yield.png", in: scratch)
        try Self.addSign("stop.png", as: "b/pictures/road/stop.png", in: scratch)
        // Bank a in two locales and bank b use road/stop.png, the same file: written once.
        try scratch.write("a/a.yaml", Self.bank("a", images: ["road/stop.png", "./yield.png", "road/stop.png"], locales: ["en", "de"]))
        try scratch.write("b/b.yaml", Self.bank("b", images: ["road/stop.png"]))
        let run = try Run(["compile", "a", "b", "-o", "out"], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let out = scratch.url.appendingPathComponent("out")
        #expect(Self.entries(out) == ["a.de.json", "a.en.json", "b.en.json", "road", "yield.png"])
        #expect(Self.entries(out.appendingPathComponent("road")) == ["stop.png"])
        for document in ["a.de.json", "a.en.json", "b.en.json"] {
            let paths = try Self.imagePaths(out.appendingPathComponent(document))
            #expect(!paths.isEmpty)
            for path in paths {
                let copied = try Data(contentsOf: out.appendingPathComponent(path))
                #expect(copied == (try Data(contentsOf: Self.signs.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent))), "\(document): \(path)")
            }
        }
        // The paths as the bank wrote them: the documents are what they were without copying.
        #expect(try Self.imagePaths(out.appendingPathComponent("a.en.json")) == ["road/stop.png", "./yield.png", "road/stop.png"])
        let store = scratch.url.appendingPathComponent(".out.quizbank")
        #expect(try String(contentsOf: store.appendingPathComponent("1.files"), encoding: .utf8)
                == "a.de.json\na.en.json\nb.en.json\nroad/stop.png\nyield.png\n")

        // The next set replaces the whole folder, images too; the old set goes, folders and all.
        try scratch.write("a/a.yaml", Self.bank("a", images: ["yield.png"]))
        let second = try Run(["compile", "a", "-o", "out"], in: scratch.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.entries(out) == ["a.en.json", "yield.png"])
        #expect(Self.entries(store) == ["2", "2.files", "quizbank.lock"])

        let withoutImages = try Run(["compile", "a", "b", "--no-images", "-o", "json"], in: scratch.url)
        #expect(withoutImages.status == 0, "\(withoutImages.stderr)")
        #expect(Self.entries(scratch.url.appendingPathComponent("json")) == ["a.en.json", "b.en.json"])
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("json/a.en.json")) == (try Data(contentsOf: out.appendingPathComponent("a.en.json"))))
    }

    /// An image that cannot be read is an error in the bank, at the question: nothing is written.
    @Test func aMissingImageWritesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.addSign("stop.png", as: "pictures/stop.png", in: scratch)
        try scratch.write("signs.yaml", Self.bank("signs", images: ["stop.png"]))
        #expect(try Run(["compile", "signs.yaml", "-o", "out"], in: scratch.url).status == 0)
        let out = scratch.url.appendingPathComponent("out")
        let before = try Data(contentsOf: out.appendingPathComponent("signs.en.json"))

        try scratch.write("signs.yaml", Self.bank("signs", images: ["stop.png", "gone.png"]))
        let run = try Run(["compile", "signs.yaml", "-o", "out", "--source", "never"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("signs.yaml:16:12: error: image 'gone.png' not found (looked for ./pictures/gone.png) [image-missing]\n"), "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.path) == ".out.quizbank/1")
        #expect(Self.entries(out) == ["signs.en.json", "stop.png"])
        #expect(try Data(contentsOf: out.appendingPathComponent("signs.en.json")) == before)
        #expect(Self.entries(scratch.url.appendingPathComponent(".out.quizbank")) == ["1", "1.files", "quizbank.lock"])
    }

    /// Two banks with different images at one path cannot share a folder: exit 2, nothing written.
    @Test func twoImagesAtOnePathStopTheRun() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.addSign("stop.png", as: "a/pictures/sign.png", in: scratch)
        try Self.addSign("yield.png", as: "b/pictures/sign.png", in: scratch)
        try scratch.write("a/a.yaml", Self.bank("a", images: ["sign.png"]))
        try scratch.write("b/b.yaml", Self.bank("b", images: ["sign.png"]))
        let run = try Run(["compile", "a", "b", "-o", "out"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("quizbank compile: cannot write out/sign.png for b/b.yaml: a/a.yaml has a different image at that path (sha256 "), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("); give one of them another path\n"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(".out.quizbank").path))
    }

    /// A file someone put among the copied images is not carried along: the run stops instead.
    @Test func aForeignFileAmongTheImagesStopsTheRun() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.addSign("stop.png", as: "pictures/road/stop.png", in: scratch)
        try scratch.write("signs.yaml", Self.bank("signs", images: ["road/stop.png"]))
        #expect(try Run(["compile", "signs.yaml", "-o", "out"], in: scratch.url).status == 0)
        try scratch.write("out/road/notes.txt", "mine\n")
        let run = try Run(["compile", "signs.yaml", "-o", "out"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stderr == "quizbank compile: cannot replace out: out/road/notes.txt is not quizbank's, in a folder of images it made. Each compile replaces out as a whole, carrying along files it did not write only at the top; move road/notes.txt out of out\n")
        let out = scratch.url.appendingPathComponent("out")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.path) == ".out.quizbank/1")
        #expect(Self.entries(out.appendingPathComponent("road")) == ["notes.txt", "stop.png"])
        #expect(Self.entries(scratch.url.appendingPathComponent(".out.quizbank")) == ["1", "1.files", "quizbank.lock"])
    }
}

import Foundation
import QuizSupport
import Testing
import TestSupport
@testable import QuizCompile
@testable import QuizBank

enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The OpenTriviaQA banks the tests read: the sample under Tests/Data, or the folder that
    /// QUIZBANK_CORPUS names (`make corpus-test` names the whole corpus).
    static let corpus = ProcessInfo.processInfo.environment["QUIZBANK_CORPUS"].map { URL(fileURLWithPath: $0) }
        ?? root.appendingPathComponent("Tests/Data/opentriviaqa")
    static let golden = root.appendingPathComponent("Tests/QuizCompileTests/Golden")

    /// Every bank file of `Banks/`, as a path relative to the repository.
    static func exampleBanks() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("Banks").path)
        var banks: [String] = []
        while let item = enumerator?.nextObject() as? String {
            if item.hasSuffix(".yaml") { banks.append("Banks/" + item) }
        }
        return banks.sorted()
    }

    static func compile(_ relativePath: String) throws -> (DecodeResult, [CompiledDocument], [Finding]) {
        let path = root.appendingPathComponent(relativePath).path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let decoded = BankDecoder().decode(bytes, path: path)
        guard let bank = decoded.bank, !decoded.hasErrors else { return (decoded, [], decoded.findings) }
        let compiled = Compiler().compile(bank)
        return (decoded, compiled.documents, compiled.findings)
    }
}

@Suite struct CompilerTests {
    private func compile(_ yaml: String, path: String = "/tmp/quizbank-test/t.yaml") throws -> [CompiledDocument] {
        let decoded = BankDecoder().decode(Array(yaml.utf8), path: path)
        #expect(decoded.findings.isEmpty, "\(decoded.findings.map(\.message))")
        let bank = try #require(decoded.bank)
        return Compiler().compile(bank).documents
    }

    private func json(_ document: CompiledDocument) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(document.bytes)) as? [String: Any])
    }

    @Test func everyExampleBankMatchesItsGoldenFileByteForByte() throws {
        let banks = Repository.exampleBanks()
        try #require(banks.count >= 2)
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
        for bank in banks {
            let (_, documents, findings) = try Repository.compile(bank)
            #expect(findings.isEmpty, "\(bank): \(findings.map(\.message))")
            #expect(!documents.isEmpty)
            for document in documents {
                let golden = Repository.golden.appendingPathComponent(document.fileName)
                if update {
                    try FileManager.default.createDirectory(at: Repository.golden, withIntermediateDirectories: true)
                    try Data(document.bytes).write(to: golden)
                }
                let expected = try [UInt8](Data(contentsOf: golden))
                #expect(document.bytes == expected, "\(document.fileName) differs from its golden file; run UPDATE_GOLDEN=1 swift test if the change is intended")
            }
        }
    }

    @Test func compilingTwiceGivesTheSameBytes() throws {
        for bank in Repository.exampleBanks() {
            let first = try Repository.compile(bank).1.map(\.bytes)
            let second = try Repository.compile(bank).1.map(\.bytes)
            #expect(first == second)
        }
    }

    @Test func theSha256MemberHashesEverythingBeforeItsLine() throws {
        let document = try #require(try compile("quizbank: 1\nid: h\ntitle: H\nlocale: en\nquestions:\n  - id: a\n    text: x\n    answer: true\n").first)
        let marker = Array("\n  \"sha256\": \"".utf8)
        let bytes = document.bytes
        let start = try #require((0...(bytes.count - marker.count)).last { Array(bytes[$0..<($0 + marker.count)]) == marker })
        let hashed = Array(bytes[0...start])
        let stated = try #require(try json(document)["sha256"] as? String)
        #expect(stated == SHA256.hex(SHA256.hash(hashed)))
    }

    @Test func kindsChoicesAndDefaultsAreNormalized() throws {
        let yaml = """
        quizbank: 1
        id: kinds
        title: Kinds
        locale: en
        exam: {size: 2, shuffle-choices: false}
        questions:
          - id: tf
            text: A statement.
            answer: false
          - id: single
            text: Pick one?
            choices: [a, {text: b, correct: true}, c]
            shuffle: true
          - id: multi
            text: Pick all?
            choices: [{text: a, correct: true}, b, {text: c, correct: true, feedback: Yes.}]

        """
        let document = try #require(try compile(yaml).first)
        let questions = try #require(try json(document)["questions"] as? [[String: Any]])
        #expect(questions.map { $0["kind"] as? String } == ["true-false", "single-choice", "multiple-choice"])
        #expect(questions[0]["answer"] as? Bool == false)
        #expect(questions[0]["choices"] == nil)
        #expect(questions[1]["correct"] as? [Int] == [1])
        #expect(questions[1]["shuffle"] as? Bool == true)
        #expect(questions[2]["correct"] as? [Int] == [0, 2])
        #expect(questions[2]["shuffle"] as? Bool == false, "the exam's shuffle-choices is the default")
        let choices = try #require(questions[2]["choices"] as? [[String: Any]])
        #expect(choices.map { $0["text"] as? String } == ["a", "b", "c"])
        #expect(choices[2]["feedback"] as? String == "Yes.")
    }

    @Test func eachLocaleGetsItsDocumentWithFallbackToTheSource() throws {
        let yaml = """
        quizbank: 1
        id: two
        title: {pt-BR: Dois, en: Two}
        locale: pt-BR
        locales: [pt-BR, en]
        questions:
          - id: a
            text: {pt-BR: O Sol é uma estrela., en: The Sun is a star.}
            answer: true
            explanation: Só em português.

        """
        let documents = try compile(yaml)
        #expect(documents.map(\.fileName) == ["two.pt-BR.json", "two.en.json"])
        let english = try json(documents[1])
        #expect(english["title"] as? String == "Two")
        let question = try #require((english["questions"] as? [[String: Any]])?.first)
        #expect(question["text"] as? String == "The Sun is a star.")
        #expect(question["explanation"] as? String == "Só em português.")
    }

    @Test func keyOrderIsFixed() throws {
        let document = try #require(try compile("quizbank: 1\nlocale: en\nquestions:\n  - answer: true\n    text: x\n    id: a\ntitle: T\nid: order\n").first)
        let text = String(decoding: document.bytes, as: UTF8.self)
        let keys = ["\"format\"", "\"formatVersion\"", "\"id\"", "\"locale\"", "\"sourceLocale\"", "\"locales\"", "\"title\"", "\"questions\"", "\"sha256\""]
        let positions = keys.map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(text.hasSuffix("}\n"))
    }
}

@Suite struct TextNormalizerTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("  padded  ", "padded"),
        ("inner   runs\tof  space", "inner runs of space"),
        ("literal\nlines\n", "literal\nlines"),
        ("trailing spaces  \nnext line", "trailing spaces\nnext line"),
        ("para one\n\n\n\npara two\n", "para one\n\npara two"),
        ("\n\nleading blank lines", "leading blank lines"),
        ("no\u{A0}break kept", "no\u{A0}break kept"),
        ("cafe\u{301}", "caf\u{E9}"),
        ("A\u{30A}ngstr\u{F6}m", "\u{C5}ngstr\u{F6}m"),
        // A carriage return before a line feed is a trailing space of its line.
        ("carriage return\r\nline feed \r\n\r\n\r\nnext", "carriage return\nline feed\n\nnext"),
    ])
    func normalizes(_ input: String, _ expected: String) {
        let output = TextNormalizer.normalize(input)
        #expect(Array(output.unicodeScalars) == Array(expected.unicodeScalars))
        #expect(TextNormalizer.normalize(output) == output, "normalizing twice changes nothing")
    }

    @Test func nfcShortcutOnlyTrustsScalarsBelowCombiningMarks() {
        #expect(TextNormalizer.isCertainlyNFC("Olá, mundo — ça va"))
        #expect(!TextNormalizer.isCertainlyNFC("cafe\u{301}"))
        #expect(!TextNormalizer.isCertainlyNFC("日本"))
        #expect(!TextNormalizer.isCertainlyNFC("5 \u{2126}"), "OHM SIGN maps to GREEK CAPITAL OMEGA")
    }
}

@Suite struct JSONWriterTests {
    @Test func escapesQuotesBackslashesAndControlCharacters() {
        var writer = JSONWriter()
        writer.string("say \"hi\" \\ \n\t\u{01} é 🌍")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"say \\\"hi\\\" \\\\ \\n\\t\\u0001 é 🌍\"")
        // One escaping for every document: line and paragraph separators too, as the lint
        // and stats reports always wrote them (valid JavaScript).
        var separators = JSONWriter.compiled()
        separators.text("a\u{2028}b\u{2029}c")
        #expect(String(decoding: separators.bytes, as: UTF8.self) == "\"a\\u2028b\\u2029c\"")
    }

    /// The writer's JSON for a string, byte by byte: what its eight-bytes-at-a-time path must give.
    private static func quoted(_ value: String) -> String {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x08: out += Array("\\b".utf8)
            case 0x0C: out += Array("\\f".utf8)
            case 0..<0x20: out += Array(String(format: "\\u%04x", Int(byte)).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    /// Random texts made of the pieces that matter to escaping and to the normalization check
    /// (spaces next to spaces and line ends, quotes, controls, marks that combine), in runs long
    /// enough for the eight-byte path: `string` escapes exactly as byte by byte, and `text`
    /// writes the normalized text.
    @Test func stringsAndTextsEightBytesAtATimeAsByteByByte() {
        var generator = seededGenerator()
        let pieces = ["a", "word", "Quiz", " ", "  ", "\"", "\\", "\n", "\t", "\r", "\u{01}", "\u{1F}", "é", "e\u{301}", "—", "日本", "🌍", "?", "12345678", " x "]
        for _ in 0..<2_000 {
            let value = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var writer = JSONWriter()
            writer.string(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == Self.quoted(value), "\(Array(value.utf8))")
            var textWriter = JSONWriter()
            textWriter.text(value)
            #expect(String(decoding: textWriter.bytes, as: UTF8.self) == Self.quoted(TextNormalizer.normalize(value)), "\(Array(value.utf8))")
        }
    }

    @Test func integersPrintAsDecimals() {
        var writer = JSONWriter()
        writer.intArray([0, 7, 10, 99, 100, 65_535, -1, -40, Int.max, Int.min])
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == "[\n  0,\n  7,\n  10,\n  99,\n  100,\n  65535,\n  -1,\n  -40,\n  \(Int.max),\n  \(Int.min)\n]")
    }

    @Test func numbersPrintIntegralValuesAsIntegers() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.number(1.0)
        writer.number(0.7)
        writer.number(0.25)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[\n  1,\n  0.7,\n  0.25\n]")
    }
}

@Suite struct CorpusCompileTests {
    /// OpenTriviaQA in bank format (the sample of 3,814 questions, or all 37k under `make
    /// corpus-test`; typos and all) compiles, every question written in it.
    @Test func everyCorpusBankCompiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.corpus.path).filter { $0.hasSuffix(".yaml") }.sorted()
        try #require(files.count == 18, "corpus not found at \(Repository.corpus.path)")
        var questions = 0
        for file in files {
            let path = Repository.corpus.appendingPathComponent(file).path
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let decoded = BankDecoder().decode(bytes, path: path)
            #expect(!decoded.hasErrors, "\(file): \(decoded.findings.prefix(3).map(\.message))")
            guard let bank = decoded.bank else { continue }
            let compiled = Compiler().compile(bank)
            #expect(compiled.findings.isEmpty)
            let object = try #require(JSONSerialization.jsonObject(with: Data(compiled.documents[0].bytes)) as? [String: Any])
            let count = (object["questions"] as? [Any])?.count ?? 0
            #expect(count == bank.questions.count)
            // The corpus writes each question's id first, on a line of its own.
            let written = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n  - id: ").count - 1
            #expect(count == written, "\(file): \(count) of \(written) questions compiled")
            questions += count
        }
        #expect(questions > 3_000)
    }
}

/// Compiling straight from bytes (questions written out as they are decoded) gives the same
/// documents as compiling the decoded bank, wherever the header keys stand.
@Suite struct StreamingCompileTests {
    private func bank(questions: Int, headerFirst: Bool, idLast: Bool = false) -> [UInt8] {
        let header = "quizbank: 1\n" + (idLast ? "" : "id: streamed\n") + "title: {en: Streamed, de: Gestreamt}\nlocale: en\nlocales: [en, de]\n"
        var body = "questions:\n"
        for index in 0..<questions {
            body += "  - id: q\(index)\n    text: {en: \"Question   \(index)?\", de: \"Frage \(index)?\"}\n    choices: [\"A \(index)\", {text: B, correct: true}]\n"
        }
        let tail = idLast ? "id: streamed\n" : ""
        return Array((headerFirst ? header + body + tail : body + header + tail).utf8)
    }

    private func viaBank(_ bytes: [UInt8]) throws -> [[UInt8]] {
        let decoded = BankDecoder().decode(bytes, path: "streamed.yaml")
        let bank = try #require(decoded.bank)
        #expect(!decoded.hasErrors)
        return Compiler().compile(bank).documents.map(\.bytes)
    }

    @Test(arguments: [(20, true, false), (20, false, false), (20, true, true), (12_000, true, false), (12_000, false, false)])
    func sameDocumentsEitherWay(questions: Int, headerFirst: Bool, idLast: Bool) throws {
        let bytes = bank(questions: questions, headerFirst: headerFirst, idLast: idLast)
        let streamed = Compiler().compile(bytes, path: "streamed.yaml")
        #expect(streamed.findings.isEmpty)
        #expect(streamed.documents.map(\.fileName) == ["streamed.en.json", "streamed.de.json"])
        #expect(streamed.documents.map(\.bytes) == (try viaBank(bytes)))
        // Handed to a sink as they are made: the same bytes.
        let sink = CollectingSink()
        let sunk = Compiler().compile(bytes, path: "streamed.yaml", sink: sink)
        #expect(sunk.findings.isEmpty)
        #expect(sunk.documents.allSatisfy { $0.parts.isEmpty })
        #expect(sink.fileNames == ["streamed.en.json", "streamed.de.json"])
        #expect(sink.documents == streamed.documents.map(\.bytes))
        #expect(sink.starts == 1)
    }

    /// A header key after the questions may change what was written: the compiler starts the
    /// documents over, and the sink ends up with the whole bank's.
    @Test(arguments: [20, 12_000])
    func aHeaderKeyAfterTheQuestionsStartsTheSinkOver(questions: Int) throws {
        let bytes = bank(questions: questions, headerFirst: true) + Array("description: {en: Late, de: Spät}\n".utf8)
        let sink = CollectingSink()
        let result = Compiler().compile(bytes, path: "streamed.yaml", sink: sink)
        #expect(result.findings.isEmpty)
        #expect(sink.starts == 2)
        #expect(sink.documents == (try viaBank(bytes)))
        #expect(String(decoding: sink.documents[0], as: UTF8.self).contains("\"description\": \"Late\""))
    }

    /// A large bank's second part is written on another thread in chunks of a mebibyte, except
    /// questions with images, which wait for their turn: the documents are the same.
    @Test func aLargeBankWithImagesInBothPartsCompilesTheSameEitherWay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quizbank-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Banks/driving/signs/merge.png"),
                                         to: folder.appendingPathComponent("merge.png"))
        var text = "quizbank: 1\nid: large\ntitle: {en: Large, de: Groß}\nlocale: en\nlocales: [en, de]\nquestions:\n"
        let filler = String(repeating: "a long text to fill the chunks, ", count: 6)
        for index in 0..<12_000 {
            text += "  - id: q\(index)\n    text: {en: \"Question \(index), \(filler)?\", de: \"Frage \(index)?\"}\n"
            if index % 997 == 0 { text += "    image: merge.png\n    image-alt: A merge sign\n" }
            text += "    choices: [\"A \(index)\", {text: B, correct: true}]\n"
        }
        let bytes = Array(text.utf8)
        #expect(bytes.count > 3 << 20, "large enough for the English lines of the second part to fill more than one chunk")
        let path = folder.appendingPathComponent("large.yaml").path
        let streamed = Compiler().compile(bytes, path: path)
        #expect(streamed.findings.isEmpty)
        let decoded = BankDecoder().decode(bytes, path: path)
        let whole = Compiler().compile(try #require(decoded.bank))
        #expect(streamed.documents.count == 2)
        #expect(streamed.documents.map(\.bytes) == whole.documents.map(\.bytes))
        // The second part's runs of lines are parts of their own, between lines written in turn.
        #expect(streamed.documents.allSatisfy { $0.parts.count > 4 }, "\(streamed.documents.map(\.parts.count))")
        let sink = CollectingSink()
        _ = Compiler().compile(bytes, path: path, sink: sink)
        #expect(sink.documents == whole.documents.map(\.bytes))
    }

    @Test func errorsWriteNothing() {
        var text = String(decoding: bank(questions: 12_000, headerFirst: true), as: UTF8.self)
        text = text.replacingOccurrences(of: "id: q11999\n", with: "id: q11998\n")
        let result = Compiler().compile(Array(text.utf8), path: "streamed.yaml")
        #expect(result.documents.isEmpty)
        #expect(result.findings.map(\.ruleID) == ["duplicate-id"])
    }

    @Test func aLocaleTheBankLacksIsReported() {
        let result = Compiler().compile(bank(questions: 3, headerFirst: true), path: "streamed.yaml", locales: .one("fr"))
        #expect(result.missingLocale == "fr")
        #expect(result.documents.isEmpty)
    }
}

/// A `DocumentSink` that keeps what it is given.
final class CollectingSink: DocumentSink {
    private(set) var fileNames: [String] = []
    private(set) var documents: [[UInt8]] = []
    private(set) var starts = 0

    func start(_ fileNames: [String]) {
        starts += 1
        self.fileNames = fileNames
        documents = fileNames.map { _ in [] }
    }

    func append(_ bytes: ArraySlice<UInt8>, toDocument index: Int) {
        documents[index] += bytes
    }
}

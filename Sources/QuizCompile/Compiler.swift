import Foundation
import QuizSupport
import QuizBank
import QuizYAML

/// One compiled JSON document: a bank in one locale.
public struct CompiledDocument: Sendable {
    public var bankID: String
    public var locale: String
    /// The document's bytes in order, in the pieces they were made in: lines rendered apart
    /// (`StreamedDocuments.successor`) stay where they were rendered instead of being copied in,
    /// which a large bank would wait for. Write them one after another. Empty when
    /// the document went to a `DocumentSink`.
    public var parts: [ArraySlice<UInt8>]

    /// The whole document in one buffer (joined, so a copy when there is more than one part).
    public var bytes: [UInt8] { parts.count == 1 ? Array(parts[0]) : Array(parts.joined()) }

    /// `<bank-id>.<locale>.json`
    public var fileName: String { Self.fileName(bankID: bankID, locale: locale) }

    public static func fileName(bankID: String, locale: String) -> String { "\(bankID).\(locale).json" }
}

/// Takes a bank's compiled documents as they are made, so that a large one is never held whole:
/// `start` names the documents (one per locale, in order), `append` gives a document's next
/// bytes, in order. `start` may come again for the same bank, when the compiler starts over:
/// what was appended before is then to be dropped. `image` gives the bytes of each image the
/// documents refer to, once per bank, when the compiler has read them (an output folder copies
/// them beside the documents).
public protocol DocumentSink: AnyObject {
    func start(_ fileNames: [String])
    func append(_ bytes: ArraySlice<UInt8>, toDocument index: Int)
    /// An image file's bytes, `path` as the documents write it (relative to the bank's image
    /// root), and their SHA-256 as the documents give it.
    func image(_ bytes: [UInt8], path: String, sha256: String)
}

extension DocumentSink {
    public func image(_ bytes: [UInt8], path: String, sha256: String) {}
}

/// Which locales of a bank to compile.
public enum LocaleChoice: Sendable, Equatable {
    /// The source locale and every declared locale.
    case all
    /// Only the source locale.
    case source
    /// Only this locale; a bank without it compiles to nothing (`CompileResult.missingLocale`).
    case one(String)

    func locales(of header: BankHeader) -> [String]? {
        switch self {
        case .all: return header.outputLocales
        case .source: return [header.locale.value]
        case .one(let tag): return header.outputLocales.contains(tag) ? [tag] : nil
        }
    }
}

public struct CompileResult: Sendable {
    /// The documents, only when there were no errors.
    public var documents: [CompiledDocument]
    /// Everything decoding and compiling found.
    public var findings: [Finding]
    public var header: BankHeader?
    /// Set when `LocaleChoice.one` named a locale the bank does not have.
    public var missingLocale: String?

    public var hasErrors: Bool { findings.contains { $0.severity == .error } }
}

/// Turns banks into normalized JSON documents, one per locale.
///
/// The layout is fixed (docs/compiled-format.md): keys in the order `DocumentEmitter` writes
/// them, texts normalized by `TextNormalizer`, absent optional fields left out, and last a
/// `sha256` of the bytes before it.
public struct Compiler: Sendable {
    public init() {}

    /// Compiles a decoded bank. With a `sink`, the documents go there as they are made and
    /// come back without their bytes.
    public func compile(_ bank: Bank, locales choice: LocaleChoice = .all, sink: DocumentSink? = nil) -> CompileResult {
        guard let locales = choice.locales(of: bank.header) else {
            return CompileResult(documents: [], findings: [], header: bank.header, missingLocale: localeTag(choice))
        }
        let emitter = DocumentEmitter(header: bank.header, locales: locales, capacity: bank.questions.count * 400, sink: sink)
        for question in bank.questions { emitter.add(question) }
        let documents = emitter.finish()
        let failed = !emitter.findings.isEmpty
        return CompileResult(documents: failed ? [] : documents, findings: emitter.findings, header: bank.header)
    }

    /// Decodes and compiles a bank file. When the header comes before `questions` (as it
    /// usually does), each question is written out as it is decoded and none is kept; with a
    /// `sink`, the documents go there as they are made (what comes back has no bytes).
    public func compile(_ bytes: [UInt8], path: String, locales choice: LocaleChoice = .all, sink: DocumentSink? = nil) -> CompileResult {
        var streamed = StreamedDocuments(locales: choice, capacity: bytes.count + bytes.count / 4, sink: sink)
        let decoded = BankDecoder().decode(bytes, path: path, to: &streamed)
        guard !decoded.hasErrors, let header = decoded.bank?.header else {
            return CompileResult(documents: [], findings: decoded.findings, header: decoded.bank?.header)
        }
        guard choice.locales(of: header) != nil else {
            return CompileResult(documents: [], findings: decoded.findings, header: header, missingLocale: localeTag(choice))
        }
        guard let emitter = streamed.emitter, decoded.questionsCameLast else {
            // The header was not whole before `questions` (or keys after it may change what was
            // written): compile the bank decoded again with its questions.
            guard let bank = BankDecoder().decode(bytes, path: path).bank else {
                return CompileResult(documents: [], findings: decoded.findings, header: header)
            }
            let result = compile(bank, locales: choice, sink: sink)
            return CompileResult(documents: result.documents, findings: decoded.findings + result.findings, header: header)
        }
        let documents = emitter.finish()
        let findings = decoded.findings + emitter.findings
        let failed = findings.contains { $0.severity == .error }
        return CompileResult(documents: failed ? [] : documents, findings: findings, header: header)
    }

    private func localeTag(_ choice: LocaleChoice) -> String? {
        if case .one(let tag) = choice { return tag }
        return nil
    }
}

/// Writes the documents of one bank, one writer per locale, a question at a time.
final class DocumentEmitter {
    struct ImageRecord {
        var width: Int
        var height: Int
        var sha256: String
    }

    let header: BankHeader
    let locales: [String]
    private var writers: [JSONWriter]
    /// Each document is hashed as it grows, so that hashing overlaps parsing on a large bank
    /// instead of waiting for the end; `hashedCounts` says how far each hasher has read.
    private var hashers: [SHA256]
    private var hashedCounts: [Int]
    /// Per locale: runs of lines rendered apart, each with the offset in its writer's bytes
    /// where it goes (without a sink).
    private var insertions: [[(offset: Int, run: ArraySlice<UInt8>)]]
    /// Where the documents go as they are hashed, if anywhere: each writer then holds only the
    /// bytes not yet handed over, and its memory is used again and again.
    private let sink: DocumentSink?
    private static let hashChunk = 1 << 16
    private var images: [String: ImageRecord?] = [:]
    private(set) var findings: [Finding] = []
    private let defaultShuffle: Bool
    /// Scratch room for the fingerprints of questions added in turn.
    private var fingerprintInput: [UInt8] = []

    init(header: BankHeader, locales: [String], capacity: Int, sink: DocumentSink?) {
        self.header = header
        self.locales = locales
        self.sink = sink
        defaultShuffle = header.exam?.shuffleChoices ?? true
        // With a sink a writer holds a chunk and one more question at most.
        writers = locales.map { _ in JSONWriter.compiled(capacity: sink == nil ? capacity : 2 * Self.hashChunk) }
        sink?.start(locales.map { CompiledDocument.fileName(bankID: header.id.value, locale: $0) })
        hashers = locales.map { _ in SHA256() }
        hashedCounts = locales.map { _ in 0 }
        insertions = locales.map { _ in [] }
        for index in locales.indices {
            writeHeader(&writers[index], locale: locales[index])
        }
    }

    private func writeHeader(_ json: inout JSONWriter, locale: String) {
        let source = header.locale.value
        json.beginObject()
        json.key("format"); json.string("quizbank-compiled")
        json.key("formatVersion"); json.int(1)
        json.key("formatMinorVersion"); json.int(1)
        json.key("id"); json.string(header.id.value)
        json.key("locale"); json.string(locale)
        json.key("sourceLocale"); json.string(source)
        json.key("locales"); json.stringArray(header.outputLocales)
        json.key("title"); json.text(header.title.resolved(for: locale, sourceLocale: source))
        if let description = header.description {
            json.key("description"); json.text(description.resolved(for: locale, sourceLocale: source))
        }
        if !header.topics.isEmpty {
            json.key("topics")
            json.beginArray()
            for topic in header.topics {
                json.beginObject()
                json.key("id"); json.string(topic.id.value)
                json.key("title"); json.text(topic.title?.resolved(for: locale, sourceLocale: source) ?? topic.id.value)
                if let weight = topic.weight { json.key("weight"); json.number(weight) }
                json.endObject()
            }
            json.endArray()
        }
        if let exam = header.exam {
            json.key("exam")
            json.beginObject()
            if let size = exam.size { json.key("size"); json.int(size.value) }
            if let score = exam.passingScore { json.key("passingScore"); json.number(score) }
            if let limit = exam.demoLimit { json.key("demoLimit"); json.int(limit.value) }
            json.key("shuffleChoices"); json.bool(exam.shuffleChoices ?? true)
            json.endObject()
        }
        json.key("questions")
        json.beginArray()
    }

    func add(_ question: Question) {
        let image = question.image.flatMap { record(for: $0) }
        let fingerprint = self.fingerprint(of: question, image: image, buffer: &fingerprintInput)
        for index in locales.indices {
            write(question, image: image, fingerprint: fingerprint, locale: locales[index], into: &writers[index])
            hashIfDue(index)
        }
    }

    /// Writes the line of a question without an image for one locale into `json`, apart from
    /// the documents, so on any thread (a question with an image goes to `add`, which reads the
    /// image file once, in order).
    func render(_ question: Question, fingerprint: String, locale index: Int, into json: inout JSONWriter) {
        precondition(question.image == nil, "a question with an image is added in turn")
        write(question, image: nil, fingerprint: fingerprint, locale: locales[index], into: &json)
    }

    /// The question's fingerprint, the same in every locale's document; `buffer` is scratch
    /// room of the calling thread.
    func fingerprint(of question: Question, image: ImageRecord?, buffer: inout [UInt8]) -> String {
        QuestionFingerprint.compute(question, sourceLocale: header.locale.value, imageSHA256: image?.sha256, buffer: &buffer)
    }

    /// Adds the next `count` questions `RenderedQuestions.render` made, without copying them:
    /// each run of lines that lie side by side is hashed and noted where it goes.
    func addRendered(_ count: Int, from store: inout RenderedQuestions) {
        for index in locales.indices {
            store.forEachRun(locale: index, questions: count) { lines in
                let run = writers[index].memberWrittenApart(lines)
                let offset = writers[index].bytes.count
                hash(upTo: offset, of: index)
                hashers[index].update(run)
                if let sink {
                    handOver(index)
                    sink.append(run, toDocument: index)
                } else {
                    insertions[index].append((offset, run))
                }
            }
        }
        store.moveToNext(count)
    }

    private func hashIfDue(_ index: Int) {
        if writers[index].bytes.count - hashedCounts[index] >= Self.hashChunk {
            hash(upTo: writers[index].bytes.count, of: index)
            if sink != nil { handOver(index) }
        }
    }

    /// Gives the sink what the writer holds, all of it hashed, and empties the writer.
    private func handOver(_ index: Int) {
        sink!.append(writers[index].bytes[...], toDocument: index)
        writers[index].removeBytes()
        hashedCounts[index] = 0
    }

    private func hash(upTo end: Int, of index: Int) {
        let start = hashedCounts[index]
        writers[index].bytes.withUnsafeBytes { hashers[index].update(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
        hashedCounts[index] = end
    }

    private func write(_ question: Question, image: ImageRecord?, fingerprint: String, locale: String, into json: inout JSONWriter) {
        let source = header.locale.value
        json.beginObject()
        json.key("id"); json.string(question.id.value)
        json.key("kind"); json.string(question.kind.rawValue)
        if let topic = question.topic { json.key("topic"); json.string(topic.value) }
        if let difficulty = question.difficulty { json.key("difficulty"); json.int(difficulty) }
        if !question.tags.isEmpty {
            json.key("tags")
            json.beginArray()
            for tag in question.tags { json.text(tag) }
            json.endArray()
        }
        json.key("text"); json.text(question.text.resolved(for: locale, sourceLocale: source))
        if let answer = question.answer {
            json.key("answer"); json.bool(answer.value)
        } else {
            json.key("choices")
            json.beginArray()
            for choice in question.choices {
                json.beginObject()
                if let id = choice.id { json.key("id"); json.string(id.value) }
                json.key("text"); json.text(choice.text.resolved(for: locale, sourceLocale: source))
                if let feedback = choice.feedback {
                    json.key("feedback"); json.text(feedback.resolved(for: locale, sourceLocale: source))
                }
                json.endObject()
            }
            json.endArray()
            json.key("correct")
            json.beginArray()
            for (index, choice) in question.choices.enumerated() where choice.correct { json.int(index) }
            json.endArray()
            json.key("shuffle"); json.bool(question.shuffle ?? defaultShuffle)
        }
        if let explanation = question.explanation {
            json.key("explanation"); json.text(explanation.resolved(for: locale, sourceLocale: source))
        }
        if !question.hints.isEmpty {
            json.key("hints")
            json.beginArray()
            for hint in question.hints { json.text(hint.resolved(for: locale, sourceLocale: source)) }
            json.endArray()
        }
        if let path = question.image?.value, let image {
            json.key("image")
            json.beginObject()
            json.key("path"); json.string(path)
            json.key("width"); json.int(image.width)
            json.key("height"); json.int(image.height)
            json.key("sha256"); json.string(image.sha256)
            json.key("alt"); json.text(question.imageAlt?.resolved(for: locale, sourceLocale: source) ?? "")
            json.endObject()
        }
        json.key("fingerprint"); json.string(fingerprint)
        json.endObject()
    }

    /// Reads an image once: its pixel size and hash, or a finding at its first use.
    private func record(for image: Located<String>) -> ImageRecord? {
        if let known = images[image.value] { return known }
        let file = header.imageFilePath(image.value)
        var record: ImageRecord?
        func unreadable(_ reason: String) {
            findings.append(Finding(ruleID: CompileRule.imageUnreadable.rawValue, severity: .error,
                                    message: "image '\(image.value)' is not a readable PNG, JPEG or WebP file: \(reason)",
                                    path: header.path, range: image.range))
        }
        do throws(ImageFileError) {
            let bytes = try withImageFile(atPath: file) { image throws(ImageFileError) in try image.readToEnd() }
            do throws(ImageInfoError) {
                let info = try readImageInfo(bytes)
                let found = ImageRecord(width: info.width, height: info.height, sha256: SHA256.hex(SHA256.hash(bytes)))
                sink?.image(bytes, path: image.value, sha256: found.sha256)
                record = found
            } catch {
                unreadable("\(error)")
            }
        } catch .missing {
            findings.append(Finding(ruleID: CompileRule.imageMissing.rawValue, severity: .error,
                                    message: "image '\(image.value)' not found (looked for \(file))",
                                    path: header.path, range: image.range))
        } catch {
            unreadable("\(error)")
        }
        images[image.value] = .some(record)
        return record
    }

    /// Closes each document with its hash and returns them.
    func finish() -> [CompiledDocument] {
        locales.indices.map { index in
            writers[index].endArray()
            writers[index].key("sha256")
            // The member's line starts after the newline just written: hash what precedes it.
            let hashed = writers[index].bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? writers[index].bytes.count
            hash(upTo: hashed, of: index)
            // Take the writer out of the array, so that finishing it does not copy its buffer.
            var json = writers[index]
            writers[index] = JSONWriter.compiled()
            json.string(SHA256.hex(hashers[index].finalize()))
            json.endObject()
            json.finish()
            let bytes = json.bytes
            if let sink {
                sink.append(bytes[...], toDocument: index)
                return CompiledDocument(bankID: header.id.value, locale: locales[index], parts: [])
            }
            var parts: [ArraySlice<UInt8>] = []
            var written = 0
            for insertion in insertions[index] {
                if insertion.offset > written { parts.append(bytes[written..<insertion.offset]) }
                parts.append(insertion.run)
                written = insertion.offset
            }
            parts.append(bytes[written...])
            return CompiledDocument(bankID: header.id.value, locale: locales[index], parts: parts)
        }
    }
}

/// The documents of a bank whose header comes before `questions`, written as its questions are
/// decoded. A successor renders its questions' lines apart, with the same emitter (reading only
/// its header and locales); `append` adds them in their turn without copying them, and adds the
/// questions it could not render (those with an image) in theirs.
struct StreamedDocuments: QuestionConsumer {
    private let choice: LocaleChoice
    private let capacity: Int
    private let sink: DocumentSink?
    /// Made by `begin` from a header that names the locales.
    private(set) var emitter: DocumentEmitter?
    /// In a successor: the questions rendered, and those left to add in turn, each after the
    /// number of rendered questions before it.
    private var rendered: RenderedQuestions?
    private var renderedCount = 0
    private var inTurn: [(after: Int, question: Question)] = []

    init(locales choice: LocaleChoice, capacity: Int, sink: DocumentSink?) {
        self.choice = choice
        self.capacity = capacity
        self.sink = sink
    }

    mutating func begin(_ header: BankHeader?) {
        guard let header, let locales = choice.locales(of: header) else { return }
        emitter = DocumentEmitter(header: header, locales: locales, capacity: capacity, sink: sink)
    }

    mutating func add(_ question: Question) {
        guard let emitter else { return }
        guard rendered != nil else { return emitter.add(question) }
        if rendered?.render(question, with: emitter) == true {
            renderedCount += 1
        } else {
            inTurn.append((renderedCount, question))
        }
    }

    func successor() -> StreamedDocuments? {
        guard let emitter else { return nil }
        var successor = self
        successor.rendered = RenderedQuestions(locales: emitter.locales.count)
        return successor
    }

    mutating func append(_ successor: consuming StreamedDocuments) {
        guard let emitter, var rendered = successor.rendered else { return }
        var added = 0
        for (after, question) in successor.inTurn {
            if after > added { emitter.addRendered(after - added, from: &rendered) }
            added = after
            emitter.add(question)
        }
        if successor.renderedCount > added { emitter.addRendered(successor.renderedCount - added, from: &rendered) }
    }
}

/// Questions' lines rendered ahead of their turn, kept in chunks of about a mebibyte per
/// locale rather than an array per line; the documents keep the chunks' runs of lines as
/// their parts.
struct RenderedQuestions {
    private static let chunkSize = 1 << 20
    private var chunks: [[JSONWriter]]
    /// For each rendered question, one place per locale, in order.
    private var places: [(chunk: Int32, start: Int32, end: Int32)] = []
    /// The first place of the next question to take.
    private var next = 0
    /// Scratch room for fingerprints, on the rendering thread.
    private var fingerprintInput: [UInt8] = []

    init(locales: Int) {
        chunks = Array(repeating: [JSONWriter.compiledMember(atDepth: 2, capacity: Self.chunkSize)], count: locales)
    }

    /// Renders `question` for every locale of `emitter`; false when it must be added in turn.
    mutating func render(_ question: Question, with emitter: DocumentEmitter) -> Bool {
        guard question.image == nil else { return false }
        let fingerprint = emitter.fingerprint(of: question, image: nil, buffer: &fingerprintInput)
        for index in chunks.indices {
            if chunks[index][chunks[index].count - 1].bytes.count >= Self.chunkSize - 4096 {
                chunks[index].append(JSONWriter.compiledMember(atDepth: 2, capacity: Self.chunkSize))
            }
            let chunk = chunks[index].count - 1
            let start = chunks[index][chunk].bytes.count
            emitter.render(question, fingerprint: fingerprint, locale: index, into: &chunks[index][chunk])
            places.append((Int32(chunk), Int32(start), Int32(chunks[index][chunk].bytes.count)))
        }
        return true
    }

    /// The lines of the next `count` questions in one locale, in order, joined where they lie
    /// side by side (one run a chunk, as they were rendered).
    mutating func forEachRun(locale index: Int, questions count: Int, _ body: (ArraySlice<UInt8>) -> Void) {
        let locales = chunks.count
        var question = 0
        while question < count {
            let first = places[next + question * locales + index]
            var end = first.end
            question += 1
            while question < count {
                let place = places[next + question * locales + index]
                guard place.chunk == first.chunk, place.start == end else { break }
                end = place.end
                question += 1
            }
            body(chunks[index][Int(first.chunk)].bytes[Int(first.start)..<Int(end)])
        }
    }

    mutating func moveToNext(_ count: Int) {
        next += count * chunks.count
    }
}

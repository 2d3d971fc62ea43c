import Foundation
import QuizBank
import QuizYAML

/// One compiled JSON document: a bank in one locale.
public struct CompiledDocument: Sendable {
    public var bankID: String
    public var locale: String
    public var bytes: [UInt8]

    /// `<bank-id>.<locale>.json`
    public var fileName: String { "\(bankID).\(locale).json" }
}

/// Rule ids of what compiling can find that decoding cannot (it reads the image files).
public enum CompileRule: String, CaseIterable, Sendable {
    case imageMissing = "image-missing"
    case imageUnreadable = "image-unreadable"
}

/// Turns a decoded bank into normalized JSON documents, one per locale.
///
/// The layout is fixed (docs/compiled-format.md): keys in the order written here, texts
/// normalized by `TextNormalizer`, absent optional fields left out, and last a `sha256` of
/// the bytes before it.
public struct Compiler: Sendable {
    public init() {}

    /// Compiles `bank` for `locales` (default: every locale of the bank).
    public func compile(_ bank: Bank, locales: [String]? = nil) -> (documents: [CompiledDocument], findings: [Finding]) {
        var findings: [Finding] = []
        let images = readImages(bank, findings: &findings)
        guard findings.isEmpty else { return ([], findings) }
        let documents = (locales ?? bank.outputLocales).map { locale in
            CompiledDocument(bankID: bank.id.value, locale: locale, bytes: document(bank, locale: locale, images: images))
        }
        return (documents, [])
    }

    struct ImageRecord {
        var width: Int
        var height: Int
        var sha256: String
    }

    private func readImages(_ bank: Bank, findings: inout [Finding]) -> [String: ImageRecord] {
        var records: [String: ImageRecord] = [:]
        var failed: Set<String> = []
        for question in bank.questions {
            guard let image = question.image, records[image.value] == nil else { continue }
            let file = bank.imageFilePath(image.value)
            if failed.contains(image.value) {
                continue
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                failed.insert(image.value)
                findings.append(Finding(ruleID: CompileRule.imageMissing.rawValue, severity: .error,
                                        message: "image '\(image.value)' not found (looked for \(file))",
                                        path: bank.path, range: image.range))
                continue
            }
            let bytes = [UInt8](data)
            do {
                let info = try readImageInfo(bytes)
                records[image.value] = ImageRecord(width: info.width, height: info.height, sha256: SHA256.hex(SHA256.hash(bytes)))
            } catch {
                failed.insert(image.value)
                findings.append(Finding(ruleID: CompileRule.imageUnreadable.rawValue, severity: .error,
                                        message: "image '\(image.value)' is not a readable PNG, JPEG or WebP file: \(error)",
                                        path: bank.path, range: image.range))
            }
        }
        return records
    }

    private func document(_ bank: Bank, locale: String, images: [String: ImageRecord]) -> [UInt8] {
        let source = bank.locale.value
        func text(_ localized: LocalizedText) -> String {
            TextNormalizer.normalize(localized.resolved(for: locale, sourceLocale: source))
        }
        var json = JSONWriter(capacity: 512 + bank.questions.count * 400)
        json.beginObject()
        json.key("format"); json.string("quizbank-compiled")
        json.key("formatVersion"); json.int(1)
        json.key("id"); json.string(bank.id.value)
        json.key("locale"); json.string(locale)
        json.key("sourceLocale"); json.string(source)
        json.key("locales"); json.stringArray(bank.outputLocales)
        json.key("title"); json.string(text(bank.title))
        if let description = bank.description {
            json.key("description"); json.string(text(description))
        }
        if !bank.topics.isEmpty {
            json.key("topics")
            json.beginArray()
            for topic in bank.topics {
                json.beginObject()
                json.key("id"); json.string(topic.id.value)
                json.key("title"); json.string(topic.title.map(text) ?? topic.id.value)
                if let weight = topic.weight { json.key("weight"); json.number(weight) }
                json.endObject()
            }
            json.endArray()
        }
        if let exam = bank.exam {
            json.key("exam")
            json.beginObject()
            if let size = exam.size { json.key("size"); json.int(size.value) }
            if let score = exam.passingScore { json.key("passingScore"); json.number(score) }
            if let limit = exam.demoLimit { json.key("demoLimit"); json.int(limit.value) }
            json.key("shuffleChoices"); json.bool(exam.shuffleChoices ?? true)
            json.endObject()
        }
        let defaultShuffle = bank.exam?.shuffleChoices ?? true
        json.key("questions")
        json.beginArray()
        for question in bank.questions {
            json.beginObject()
            json.key("id"); json.string(question.id.value)
            json.key("kind"); json.string(question.kind.rawValue)
            if let topic = question.topic { json.key("topic"); json.string(topic.value) }
            if let difficulty = question.difficulty { json.key("difficulty"); json.int(difficulty) }
            if !question.tags.isEmpty { json.key("tags"); json.stringArray(question.tags.map(TextNormalizer.normalize)) }
            json.key("text"); json.string(text(question.text))
            if let answer = question.answer {
                json.key("answer"); json.bool(answer.value)
            } else {
                json.key("choices")
                json.beginArray()
                for choice in question.choices {
                    json.beginObject()
                    json.key("text"); json.string(text(choice.text))
                    if let feedback = choice.feedback { json.key("feedback"); json.string(text(feedback)) }
                    json.endObject()
                }
                json.endArray()
                json.key("correct"); json.intArray(question.correctIndexes)
                json.key("shuffle"); json.bool(question.shuffle ?? defaultShuffle)
            }
            if let explanation = question.explanation { json.key("explanation"); json.string(text(explanation)) }
            if !question.hints.isEmpty { json.key("hints"); json.stringArray(question.hints.map(text)) }
            if let image = question.image, let record = images[image.value] {
                json.key("image")
                json.beginObject()
                json.key("path"); json.string(image.value)
                json.key("width"); json.int(record.width)
                json.key("height"); json.int(record.height)
                json.key("sha256"); json.string(record.sha256)
                json.key("alt"); json.string(question.imageAlt.map(text) ?? "")
                json.endObject()
            }
            json.endObject()
        }
        json.endArray()
        json.key("sha256")
        // The member's own line starts after the newline just written: hash what precedes it.
        var bytes = json.bytes
        let hashedCount = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
        var hasher = SHA256()
        bytes.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<hashedCount])) }
        let digest = SHA256.hex(hasher.finalize())
        json.string(digest)
        json.endObject()
        json.finish()
        bytes = json.bytes
        return bytes
    }
}

import Foundation

extension CompiledBank {
    /// Loads a compiled document, checking in this order: that it is JSON and a compiled quiz
    /// bank, its major format version (another major version is refused; a newer minor one
    /// loads, its unknown members ignored), its content hash (unless `verifyingContentHash` is
    /// false, for a document re-encoded by something other than `quizbank compile`), and that
    /// its members are present, typed and consistent (ids unique, topics declared, correct
    /// indexes in range, values in their ranges). `file` names the document in errors.
    public static func load(from data: Data, file: String? = nil, verifyingContentHash: Bool = true) throws -> CompiledBank {
        func failure(_ reason: LoadError.Reason) -> LoadError { LoadError(file: file, reason: reason) }
        let decoder = JSONDecoder()
        let header: FormatHeader
        do {
            header = try decoder.decode(FormatHeader.self, from: data)
        } catch DecodingError.typeMismatch {
            throw failure(.notACompiledBank)
        } catch {
            throw failure(.notJSON(Self.message(of: error)))
        }
        guard header.format == formatName else { throw failure(.notACompiledBank) }
        guard let version = header.formatVersion else {
            throw failure(.invalid(path: "formatVersion", problem: "missing, or not an integer"))
        }
        guard version == formatVersion else { throw failure(.unsupportedFormatVersion(version)) }
        let bank: CompiledBank
        do {
            bank = try decoder.decode(CompiledBank.self, from: data)
        } catch {
            throw failure(Self.reason(for: error))
        }
        if verifyingContentHash {
            guard let hashed = Self.hashedPrefixLength(of: data) else { throw failure(.contentHashLineMissing) }
            let computed = SHA256.hex(of: data.prefix(hashed))
            guard computed == bank.sha256 else { throw failure(.contentHashMismatch(recorded: bank.sha256, computed: computed)) }
        }
        if let (path, problem) = bank.consistencyProblem() { throw failure(.invalid(path: path, problem: problem)) }
        return bank
    }

    /// Loads the compiled document at `url` (see `load(from:file:verifyingContentHash:)`);
    /// errors name the file by its path.
    public static func load(contentsOf url: URL, verifyingContentHash: Bool = true) throws -> CompiledBank {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LoadError(file: url.path, reason: .unreadable(Self.message(of: error)))
        }
        return try load(from: data, file: url.path, verifyingContentHash: verifyingContentHash)
    }

    /// How many leading bytes the content hash covers: up to and including the newline before
    /// the last line that starts with `  "sha256":`.
    static func hashedPrefixLength(of data: Data) -> Int? {
        let marker = Array("\n  \"sha256\":".utf8)
        let bytes = [UInt8](data)
        guard bytes.count >= marker.count else { return nil }
        var start = bytes.count - marker.count
        while start >= 0 {
            if bytes[start] == marker[0], bytes[start..<(start + marker.count)].elementsEqual(marker) { return start + 1 }
            start -= 1
        }
        return nil
    }

    private static func message(of error: Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        }
        return (error as NSError).localizedDescription
    }

    private static func reason(for error: Error) -> LoadError.Reason {
        guard let decodingError = error as? DecodingError else { return .notJSON(message(of: error)) }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return .invalid(path: path(context.codingPath + [key]), problem: "missing")
        case .typeMismatch(let type, let context):
            return .invalid(path: path(context.codingPath), problem: "expected \(Self.jsonType(type))")
        case .valueNotFound(let type, let context):
            return .invalid(path: path(context.codingPath), problem: "expected \(Self.jsonType(type)), found null")
        case .dataCorrupted(let context):
            return .invalid(path: path(context.codingPath), problem: context.debugDescription)
        @unknown default:
            return .invalid(path: "", problem: message(of: error))
        }
    }

    private static func jsonType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type: return "an integer"
        case is Double.Type: return "a number"
        case is [Any].Type: return "an array"
        default: return "an object"
        }
    }

    /// `questions[3].choices[0].text`
    static func path(_ keys: [CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// The first rule of the compiled format that `Codable` does not check and this document
    /// breaks: where, and what.
    func consistencyProblem() -> (String, String)? {
        if locales.isEmpty { return ("locales", "empty") }
        if Set(locales).count != locales.count { return ("locales", "a locale is listed twice") }
        if !locales.contains(locale) { return ("locale", "'\(locale)' is not one of locales \(locales)") }
        if locales.first != sourceLocale { return ("sourceLocale", "'\(sourceLocale)' is not the first of locales \(locales)") }
        var topicIDs = Set<String>()
        for (index, topic) in topics.enumerated() {
            if !topicIDs.insert(topic.id).inserted { return ("topics[\(index)].id", "topic '\(topic.id)' is declared twice") }
            if let weight = topic.weight, !(0...1).contains(weight) {
                return ("topics[\(index)].weight", "\(weight) is not between 0 and 1")
            }
        }
        if let exam {
            if let size = exam.size, size < 1 { return ("exam.size", "\(size) is less than 1") }
            if let score = exam.passingScore, !(0...1).contains(score) { return ("exam.passingScore", "\(score) is not between 0 and 1") }
            if let limit = exam.demoLimit, limit < 0 { return ("exam.demoLimit", "\(limit) is negative") }
        }
        if questions.isEmpty { return ("questions", "empty") }
        var questionIDs = Set<String>()
        for (index, question) in questions.enumerated() {
            let at = "questions[\(index)]"
            if !questionIDs.insert(question.id).inserted { return ("\(at).id", "question id '\(question.id)' is used twice") }
            if let topic = question.topic, !topicIDs.contains(topic) { return ("\(at).topic", "'\(topic)' is not a declared topic") }
            if let difficulty = question.difficulty, !(1...5).contains(difficulty) {
                return ("\(at).difficulty", "\(difficulty) is not between 1 and 5")
            }
            if let image = question.image, image.width < 1 || image.height < 1 {
                return ("\(at).image", "the size \(image.width)×\(image.height) is not positive")
            }
        }
        return nil
    }
}

/// The members that say what a document is, read before the rest so that a document of
/// another format or version gets that error rather than one about a member it lacks.
private struct FormatHeader: Decodable {
    var format: String?
    var formatVersion: Int?

    enum CodingKeys: String, CodingKey { case format, formatVersion }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try? container.decodeIfPresent(String.self, forKey: .format)
        formatVersion = try? container.decodeIfPresent(Int.self, forKey: .formatVersion)
    }
}

extension CompiledBank {
    /// The file of `image` for a document loaded from `documentURL`: its path resolved from
    /// the document's folder, where an app ships a bank's images beside its JSON
    /// (docs/engines.md). The path must be relative and stay inside that folder (a hostile
    /// document cannot send an app to read elsewhere).
    public static func imageURL(for image: Image, documentURL: URL) throws -> URL {
        try imageURL(for: image, inFolder: documentURL.deletingLastPathComponent())
    }

    /// The file of `image` under `folder` (the bank's image root, or the document's folder).
    public static func imageURL(for image: Image, inFolder folder: URL) throws -> URL {
        let components = image.path.split(separator: "/", omittingEmptySubsequences: false)
        guard !image.path.isEmpty, !image.path.hasPrefix("/"), !image.path.contains("\\"),
              !components.contains(where: { $0 == ".." || $0.isEmpty }) else {
            throw ImageError(path: image.path, reason: .unsafePath)
        }
        return components.reduce(folder) { $0.appendingPathComponent(String($1)) }
    }
}

extension Image {
    /// Whether `data` is the file this image was compiled from (its SHA-256 matches).
    public func matches(_ data: Data) -> Bool {
        SHA256.hex(of: data) == sha256
    }

    /// Reads the file at `url` and checks that it is this image; returns its bytes.
    @discardableResult
    public func verifiedData(at url: URL) throws -> Data {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ImageError(path: path, reason: .unreadable((error as NSError).localizedDescription))
        }
        let computed = SHA256.hex(of: data)
        guard computed == sha256 else { throw ImageError(path: path, reason: .hashMismatch(recorded: sha256, computed: computed)) }
        return data
    }
}

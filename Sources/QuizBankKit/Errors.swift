/// Why a compiled bank document could not be loaded, and which file it was.
public struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The file could not be read (the system's message).
        case unreadable(String)
        /// The bytes are not JSON (the decoder's message).
        case notJSON(String)
        /// JSON, but not a compiled quiz bank: no `"format": "quizbank-compiled"` member.
        case notACompiledBank
        /// A major format version this library does not read.
        case unsupportedFormatVersion(Int)
        /// The hash recorded in `sha256` is not the hash of the document: the file was edited
        /// or corrupted after it was compiled.
        case contentHashMismatch(recorded: String, computed: String)
        /// No line starting with `  "sha256":`, so the content hash cannot be checked (the
        /// document was not written by `quizbank compile`, or re-encoded since).
        case contentHashLineMissing
        /// A member is missing, of the wrong type or out of its range; `path` is where, as in
        /// `questions[3].correct`.
        case invalid(path: String, problem: String)
    }

    /// The file, as given; nil when loading from `Data` without a name.
    public var file: String?
    public var reason: Reason

    public init(file: String?, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    public var description: String {
        let what: String
        switch reason {
        case .unreadable(let message):
            what = "cannot be read: \(message)"
        case .notJSON(let message):
            what = "is not valid JSON: \(message)"
        case .notACompiledBank:
            what = "is not a compiled quiz bank (no \"format\": \"\(CompiledBank.formatName)\")"
        case .unsupportedFormatVersion(let version):
            what = "has format version \(version); this library reads version \(CompiledBank.formatVersion) (recompile the bank with a matching quizbank, or update the library)"
        case .contentHashMismatch(let recorded, let computed):
            what = "was changed after it was compiled: its content hashes to \(computed), not to the recorded \(recorded)"
        case .contentHashLineMissing:
            what = "has no line starting with '  \"sha256\":', so its content hash cannot be checked (it was not written by quizbank compile)"
        case .invalid(let path, let problem):
            what = "is not a valid compiled bank: \(path.isEmpty ? "" : "\(path): ")\(problem)"
        }
        return "\(file ?? "compiled bank") \(what)"
    }
}

/// Why an image could not be resolved or does not match the document.
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The path is absolute, empty, or climbs out of its folder (`..`).
        case unsafePath
        case unreadable(String)
        case hashMismatch(recorded: String, computed: String)
    }

    /// The image's path as the document gives it.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .unsafePath:
            return "image path '\(path)' is not a relative path inside the bank's folder"
        case .unreadable(let message):
            return "image '\(path)' cannot be read: \(message)"
        case .hashMismatch(let recorded, let computed):
            return "image '\(path)' is not the file the bank was compiled with: it hashes to \(computed), not \(recorded)"
        }
    }
}

/// Why an exam cannot be drawn, or an answer not taken.
public enum QuizError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The exam asks for more questions than the bank has.
    case examLargerThanBank(size: Int, questions: Int)
    /// Every question has been answered, or the demo limit reached.
    case noQuestionToAnswer
    /// A true/false response to a choice question, or the other way round.
    case responseKindMismatch(questionID: String)
    /// A choice index outside the presented choices, or no choice at all.
    case invalidChoice(questionID: String, index: Int?)

    public var description: String {
        switch self {
        case .examLargerThanBank(let size, let questions):
            return "the exam has \(size) questions but the bank only \(questions)"
        case .noQuestionToAnswer:
            return "there is no question left to answer"
        case .responseKindMismatch(let id):
            return "question '\(id)': the response is not of the question's kind"
        case .invalidChoice(let id, let index):
            if let index { return "question '\(id)': there is no choice \(index)" }
            return "question '\(id)': no choice was picked"
        }
    }
}

import Foundation
import QuizBank

/// `quizbank.lock`: the questions of the banks as they were last reviewed, one line a question
/// (docs/versions.md). `quizbank lock` writes it; `quizbank lint` compares the banks with it.
///
///     quizbank-lock 1
///
///     bank astronomy
///       largest-planet single-choice content=<32 hex> answer=<32 hex> text=<32 hex> choices=3 texts=<8 hex>,<8 hex>,<8 hex> ids=mars,jupiter,-
///
/// Banks are sorted by id, their questions by id (byte order), so that the file is the same for
/// the same banks and a change to it shows as a change of the lines concerned.
public struct LockFile: Sendable, Equatable {
    public static let fileName = "quizbank.lock"

    public struct Entry: Sendable, Equatable {
        public var questionID: String
        public var kind: QuestionKind
        /// The compiled JSON's `fingerprint`.
        public var content: String
        public var answerKey: String
        public var text: String
        public var choiceCount: Int
        /// Per choice, a short digest of its normalized text (`BankVersion.choiceTextDigest`):
        /// tells a question whose choices were mostly replaced from one whose key moved.
        public var choiceTexts: [String]
        /// Per choice, its id or nil; nil when no choice of the question has one.
        var choiceIDs: [String?]?
        /// The line of the entry in the file it was read from (0 for an entry made from a bank).
        public var line: Int
    }

    public struct BankEntries: Sendable, Equatable {
        public var bankID: String
        /// Sorted by question id.
        public var questions: [Entry]
        public var line: Int
    }

    /// By bank id.
    public var banks: [String: BankEntries]

    public init(banks: [String: BankEntries] = [:]) {
        self.banks = banks
    }

    /// The entries of a bank's questions as they are now.
    public static func entries(of version: BankVersion) -> BankEntries {
        let questions = version.bank.questions.map { question -> Entry in
            let ids = question.choices.map { $0.id?.value }
            return Entry(questionID: question.id.value, kind: question.kind, content: version.contentFingerprint(of: question),
                         answerKey: version.answerKeyFingerprint(of: question), text: version.textFingerprint(of: question),
                         choiceCount: question.choices.count, choiceTexts: question.choices.map { version.choiceTextDigest(of: $0) },
                         choiceIDs: ids.contains { $0 != nil } ? ids : nil, line: 0)
        }
        return BankEntries(bankID: version.bank.header.id.value,
                           questions: questions.sorted { $0.questionID.utf8.lexicographicallyPrecedes($1.questionID.utf8) }, line: 0)
    }

    public func text() -> String {
        var out = """
            # quizbank.lock: the questions as they were last reviewed, for `quizbank lint` to guard
            # (docs/versions.md). Written by `quizbank lock`: review its changes, do not edit it.
            quizbank-lock 1

            """
        for bankID in banks.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let bank = banks[bankID] else { continue }
            out += "\nbank \(bankID)\n"
            for entry in bank.questions {
                out += "  \(entry.questionID) \(entry.kind.rawValue) content=\(entry.content) answer=\(entry.answerKey) text=\(entry.text) choices=\(entry.choiceCount)"
                if !entry.choiceTexts.isEmpty { out += " texts=" + entry.choiceTexts.joined(separator: ",") }
                if let ids = entry.choiceIDs { out += " ids=" + ids.map { $0 ?? "-" }.joined(separator: ",") }
                out += "\n"
            }
        }
        return out
    }

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "\(line):\(column): \(message)" }
    }

    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> LockFile {
        var lock = LockFile()
        var current: BankEntries?
        var sawVersion = false
        func close() {
            if let bank = current { lock.banks[bank.bankID] = bank }
            current = nil
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard sawVersion else {
                guard line == "quizbank-lock 1" else {
                    throw ParseError(line: number, column: 1, message: "expected `quizbank-lock 1`, the lock file's format, before anything else")
                }
                sawVersion = true
                continue
            }
            if line.hasPrefix("bank ") {
                close()
                let id = String(line.dropFirst(5))
                guard lock.banks[id] == nil else { throw ParseError(line: number, column: 6, message: "bank '\(id)' is listed twice") }
                current = BankEntries(bankID: id, questions: [], line: number)
                continue
            }
            guard line.hasPrefix("  "), current != nil else {
                throw ParseError(line: number, column: 1, message: "expected `bank <id>` or an indented question entry")
            }
            current?.questions.append(try entry(trimmed, line: number))
        }
        close()
        guard sawVersion else { throw ParseError(line: 1, column: 1, message: "empty: expected `quizbank-lock 1`") }
        return lock
    }

    private static func entry(_ text: Substring, line: Int) throws(ParseError) -> Entry {
        let fields = text.split(separator: " ")
        let start = 3
        var column = start
        func fail(_ message: String) -> ParseError { ParseError(line: line, column: column, message: message) }
        guard fields.count >= 6 else { throw fail("a question entry is `<id> <kind> content=... answer=... text=... choices=N [texts=...] [ids=...]`") }
        var values: [String: String] = [:]
        column += fields[0].count + 1
        guard let kind = QuestionKind(rawValue: String(fields[1])) else { throw fail("unknown kind '\(fields[1])'") }
        column += fields[1].count + 1
        for field in fields.dropFirst(2) {
            guard let equals = field.firstIndex(of: "=") else { throw fail("expected `name=value`, found '\(field)'") }
            let name = String(field[..<equals]), value = String(field[field.index(after: equals)...])
            guard ["content", "answer", "text", "choices", "texts", "ids"].contains(name), values[name] == nil else { throw fail("unexpected field '\(name)'") }
            if ["content", "answer", "text"].contains(name), value.utf8.count != 32 || !value.utf8.allSatisfy(isHexDigit) {
                throw fail("`\(name)` is 32 lowercase hex digits")
            }
            values[name] = value
            column += field.count + 1
        }
        column = start
        guard let content = values["content"], let answer = values["answer"], let textDigest = values["text"],
              let countText = values["choices"], let count = Int(countText), count >= 0 else {
            throw fail("a question entry needs content=, answer=, text= and choices=N")
        }
        let ids = values["ids"].map { $0.split(separator: ",", omittingEmptySubsequences: false).map { $0 == "-" ? nil : String($0) } }
        if let ids, ids.count != count { throw fail("`ids` lists \(ids.count) choices, `choices` says \(count)") }
        let texts = values["texts"].map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
        guard texts.count == count else { throw fail("`texts` lists \(texts.count) choices, `choices` says \(count)") }
        guard texts.allSatisfy({ $0.utf8.count == 8 && $0.utf8.allSatisfy(isHexDigit) }) else { throw fail("`texts` lists 8 lowercase hex digits a choice") }
        return Entry(questionID: String(fields[0]), kind: kind, content: content, answerKey: answer, text: textDigest,
                     choiceCount: count, choiceTexts: texts, choiceIDs: ids, line: line)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}

extension LockFile {
    /// The lock that applies to the bank at `path`: the nearest `quizbank.lock` in its folder or
    /// above, up to the repository root (a folder with `.git`) or the home folder, as the
    /// configuration is found. Shown relative to the current folder when it lies inside it.
    public static func nearest(toBankAt path: String) -> String? {
        let manager = FileManager.default
        let current = manager.currentDirectoryPath
        var directory = FilePath.directory(of: path.hasPrefix("/") ? path : FilePath.join(current, path))
        let home = manager.homeDirectoryForCurrentUser.path
        while true {
            let candidate = FilePath.join(directory, fileName)
            if manager.fileExists(atPath: candidate) {
                return candidate.hasPrefix(current + "/") ? String(candidate.dropFirst(current.count + 1)) : candidate
            }
            if manager.fileExists(atPath: FilePath.join(directory, ".git")) || directory == home || directory == "/" { return nil }
            directory = FilePath.directory(of: directory)
        }
    }
}

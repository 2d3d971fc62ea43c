import Foundation
import QuizBank
import QuizLint
import QuizSupport
import QuizVersions
import QuizYAML

/// A linted bank against its entries in the nearest `quizbank.lock` (docs/versions.md): what
/// the lock rules (Rules/Versions/) report. A bank with no lock, or none of its entries in the
/// lock (a new bank), has nothing to compare.
struct LockComparison {
    /// A question whose id is in the lock, and how it differs from its entry. The criteria
    /// follow `quizbank diff`'s as far as the lock's digests allow (docs/versions.md).
    enum Difference {
        /// Another question under the old id: its text changed and fewer than half of the
        /// locked choice texts are left (a true/false question: its text and its answer changed).
        case idReused
        /// The same question (or one edited, not replaced), another answer key.
        case answerChanged
        /// Another kind: checked first, the other two are not judged then.
        case kindChanged
    }

    let lockPath: String
    let entries: LockFile.BankEntries
    let bank: LintBank

    /// The lock could not be read or parsed: where, and what.
    struct Problem {
        var lockPath: String
        var range: SourceRange
        var message: String
    }

    enum Outcome {
        case nothingToCompare
        case problem(Problem)
        case compare(LockComparison)
    }

    static func load(for bank: LintBank) -> Outcome {
        guard !bank.path.hasPrefix("<"), let lockPath = LockFile.nearest(toBankAt: bank.path) else { return .nothingToCompare }
        guard let data = FileManager.default.contents(atPath: lockPath) else {
            return .problem(Problem(lockPath: lockPath, range: SourceRange(at: SourceMark(line: 1, column: 1)), message: "cannot read \(lockPath)"))
        }
        let lock: LockFile
        do {
            lock = try parsed(data, at: lockPath)
        } catch {
            let mark = SourceMark(line: error.line, column: error.column)
            return .problem(Problem(lockPath: lockPath, range: SourceRange(at: mark),
                                    message: "\(lockPath) is not a lock file quizbank can read: \(error.message); write it again with `quizbank lock`"))
        }
        guard let entries = lock.banks[bank.bank.header.id.value] else { return .nothingToCompare }
        return .compare(LockComparison(lockPath: lockPath, entries: entries, bank: bank))
    }

    /// Locks already parsed in this process, by path, with the bytes they were parsed from:
    /// each of the four lock rules of every bank under one lock would parse it again (seconds
    /// for a lock of tens of thousands of questions). Bytes that differ are parsed anew.
    private static let parsedLocks = Locked<[String: (bytes: Data, lock: LockFile)]>([:])

    private static func parsed(_ data: Data, at lockPath: String) throws(LockFile.ParseError) -> LockFile {
        if let kept = parsedLocks.withLock({ $0[lockPath] }), kept.bytes == data { return kept.lock }
        let lock = try LockFile.parse([UInt8](data))
        parsedLocks.withLock { $0[lockPath] = (data, lock) }
        return lock
    }

    /// The bank's questions that differ from their entries as `difference` says, each with the
    /// entry (in authored order).
    func questions(with difference: Difference) -> [(question: Question, entry: LockFile.Entry)] {
        let byID = Dictionary(entries.questions.map { ($0.questionID, $0) }, uniquingKeysWith: { first, _ in first })
        // Images are not read: neither the text nor the answer key covers them.
        let version = BankVersion(bank: bank.bank, label: bank.path, imageBytes: { _ in nil })
        var found: [(Question, LockFile.Entry)] = []
        for question in bank.bank.questions {
            guard let entry = byID[question.id.value] else { continue }
            let kindChanged = entry.kind != question.kind
            let textChanged = version.textFingerprint(of: question) != entry.text
            // A choice question with no correct choice is a `no-correct-choice` error: its key
            // is not compared, so that the one mistake is one finding.
            let hasKey = question.answer != nil || question.choices.contains(where: \.correct)
            let answerChanged = hasKey && version.answerKeyFingerprint(of: question) != entry.answerKey
            let replaced: Bool
            if question.choices.isEmpty {
                replaced = textChanged && answerChanged
            } else {
                replaced = textChanged && Self.keptShare(of: entry.choiceTexts, in: question.choices.map { version.choiceTextDigest(of: $0) }) < 0.5
            }
            let matches: Bool
            switch difference {
            case .kindChanged: matches = kindChanged
            case .idReused: matches = !kindChanged && replaced
            case .answerChanged: matches = !kindChanged && !replaced && answerChanged
            }
            if matches { found.append((question, entry)) }
        }
        return found
    }

    /// The share of the locked choice texts that a choice of the question still has (as
    /// `quizbank diff` counts kept choices); 0 when the lock recorded none.
    static func keptShare(of locked: [String], in current: [String]) -> Double {
        guard !locked.isEmpty else { return 0 }
        let now = Set(current)
        return Double(locked.filter(now.contains).count) / Double(locked.count)
    }

    /// Entries of questions the bank no longer has, in the lock's order.
    var removedEntries: [LockFile.Entry] {
        let ids = Set(bank.bank.questions.map(\.id.value))
        return entries.questions.filter { !ids.contains($0.questionID) }
    }

    /// Where a removed question is reported: the bank's `questions:` key (the first line that
    /// starts with it), or the start of the file when there is none.
    var questionsKeyRange: SourceRange {
        var line = 1, atLineStart = true
        let key = Array("questions:".utf8)
        let source = bank.source
        var index = 0
        while index < source.count {
            if atLineStart, source.count - index >= key.count, source[index..<index + key.count].elementsEqual(key) {
                return SourceRange(start: SourceMark(line: line, column: 1), end: SourceMark(line: line, column: key.count))
            }
            atLineStart = source[index] == UInt8(ascii: "\n")
            if atLineStart { line += 1 }
            index += 1
        }
        return SourceRange(at: SourceMark(line: 1, column: 1))
    }

    /// The entry's line in the lock, for a finding's related place.
    func related(_ entry: LockFile.Entry, _ note: String) -> Finding.Related {
        Finding.Related(path: lockPath, range: SourceRange(at: SourceMark(line: entry.line, column: 3)), note: note)
    }

    /// Runs `body` with the comparison when there is one; a lock that cannot be read is
    /// reported by `reportsProblem` rules only (one of the four), at the lock's line.
    static func check(_ bank: LintBank, report: inout FindingReporter, reportsProblem: Bool = false,
                      _ body: (LockComparison, inout FindingReporter) -> Void) {
        switch load(for: bank) {
        case .nothingToCompare: return
        case .problem(let problem):
            if reportsProblem { report(problem.message, at: problem.range, in: problem.lockPath) }
        case .compare(let comparison): body(comparison, &report)
        }
    }

    /// An example for the lock rules' documentation: the lock `quizbank lock` writes for `bank`.
    static func exampleLock(of bank: String) -> ExampleFile {
        ExampleFile {
            guard let decoded = BankDecoder().decode(Array(bank.utf8), path: "bank.yaml").bank else { return [] }
            let entries = LockFile.entries(of: BankVersion(bank: decoded, label: "bank.yaml", imageBytes: { _ in nil }))
            return Array(LockFile(banks: [entries.bankID: entries]).text().utf8)
        }
    }
}

import Foundation
import QuizBank
import QuizSupport
import QuizYAML

/// Findings accepted as they are today, so that a team adopting quizbank on a large bank gates
/// only new ones (`lint --write-baseline FILE`, then `lint --baseline FILE`).
///
/// An entry names a finding by what it is about, never by its line: the bank (its id, or the
/// file's path when the bank has none), the question's id, the field of the question (or of the
/// bank's header) the finding lies in, the rule and the message. Editing elsewhere in the file,
/// inserting a question above, or moving a question keeps every entry matching. Entries that
/// are the same count their findings. Format errors are never baselined: a bank with one does
/// not compile.
///
/// The file is JSON, one entry a line, sorted, so that a review sees what was accepted or fixed:
///
/// ```json
/// {
///   "format": "quizbank-baseline",
///   "version": 1,
///   "entries": [
///     {"bank": "geo", "question": "capital-of-peru", "field": "text", "rule": "vague-terms", "message": "…", "count": 1}
///   ]
/// }
/// ```
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Hashable, Comparable {
        public var bank: String
        /// Nil for a finding on the bank's header or the file as a whole.
        public var question: String?
        /// The top-level key of the question (or of the header) the finding lies in.
        public var field: String?
        public var rule: String
        public var message: String

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.bank, a.question ?? "", a.field ?? "", a.rule, a.message) < (b.bank, b.question ?? "", b.field ?? "", b.rule, b.message)
        }
    }

    /// How many findings each entry accepts.
    public var counts: [Entry: Int]

    public init(counts: [Entry: Int] = [:]) {
        self.counts = counts
    }

    /// The baseline of a lint run's findings, those of `formatRules` (format errors) left out.
    public init(findings: [Finding], banks: [LintBank], formatRules: Set<String>) {
        let locator = Locator(banks: banks)
        var counts: [Entry: Int] = [:]
        for finding in findings where !formatRules.contains(finding.ruleID) {
            counts[locator.entry(for: finding), default: 0] += 1
        }
        self.counts = counts
    }

    /// What a baseline leaves of a run's findings: those it does not accept, in their order,
    /// and its entries that matched fewer findings than they count (the bank was cleaned since).
    public func apply(to findings: [Finding], banks: [LintBank]) -> (kept: [Finding], stale: [(entry: Entry, unmatched: Int)]) {
        let locator = Locator(banks: banks)
        var left = counts
        var kept: [Finding] = []
        for finding in findings {
            let entry = locator.entry(for: finding)
            if let count = left[entry], count > 0 {
                left[entry] = count - 1
            } else {
                kept.append(finding)
            }
        }
        let stale = left.filter { $0.value > 0 }.map { (entry: $0.key, unmatched: $0.value) }.sorted { $0.entry < $1.entry }
        return (kept, stale)
    }

    /// The findings the baseline accepts, in all.
    public var findingCount: Int { counts.values.reduce(0, +) }

    // MARK: The file

    public func text() -> String {
        var out = "{\n  \"format\": \"quizbank-baseline\",\n  \"version\": 1,\n  \"entries\": ["
        let entries = counts.keys.sorted()
        for (index, entry) in entries.enumerated() {
            out += index == 0 ? "\n    {" : ",\n    {"
            out += "\"bank\": "
            JSONString.appendQuoted(entry.bank, to: &out)
            if let question = entry.question {
                out += ", \"question\": "
                JSONString.appendQuoted(question, to: &out)
            }
            if let field = entry.field {
                out += ", \"field\": "
                JSONString.appendQuoted(field, to: &out)
            }
            out += ", \"rule\": "
            JSONString.appendQuoted(entry.rule, to: &out)
            out += ", \"message\": "
            JSONString.appendQuoted(entry.message, to: &out)
            out += ", \"count\": \(counts[entry] ?? 1)}"
        }
        out += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    public struct FileError: Error, Equatable {
        public var message: String
    }

    public static func parse(_ bytes: [UInt8]) throws(FileError) -> Baseline {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw FileError(message: "not a JSON object; write one with `quizbank lint --write-baseline FILE`")
        }
        guard object["format"] as? String == "quizbank-baseline" else {
            throw FileError(message: "not a quizbank baseline (its \"format\" is not \"quizbank-baseline\")")
        }
        guard object["version"] as? Int == 1 else {
            throw FileError(message: "baseline version \(object["version"].map { "\($0)" } ?? "(none)") is not supported; this quizbank reads version 1")
        }
        guard let entries = object["entries"] as? [[String: Any]] else {
            throw FileError(message: "\"entries\" must be a list of objects")
        }
        var counts: [Entry: Int] = [:]
        for (index, item) in entries.enumerated() {
            guard let bank = item["bank"] as? String, let rule = item["rule"] as? String, let message = item["message"] as? String else {
                throw FileError(message: "entry \(index + 1) needs \"bank\", \"rule\" and \"message\" strings")
            }
            let count = item["count"] as? Int ?? 1
            guard count >= 1 else { throw FileError(message: "entry \(index + 1) has a count below 1") }
            let entry = Entry(bank: bank, question: item["question"] as? String, field: item["field"] as? String, rule: rule, message: message)
            counts[entry, default: 0] += count
        }
        return Baseline(counts: counts)
    }

    /// Finds, for a finding, the bank, question and field it is about.
    private struct Locator {
        struct BankPlaces {
            var id: String
            var questions: [(id: String, range: SourceRange)]
            var outline: SourceOutline
        }

        var places: [String: BankPlaces] = [:]

        init(banks: [LintBank]) {
            for bank in banks {
                places[bank.path] = BankPlaces(id: bank.bank.header.id.value,
                                               questions: bank.bank.questions.map { ($0.id.value, $0.range) },
                                               outline: SourceOutline(source: bank.source))
            }
        }

        func entry(for finding: Finding) -> Entry {
            guard let bank = places[finding.path] else {
                return Entry(bank: finding.path, question: nil, field: nil, rule: finding.ruleID, message: finding.message)
            }
            let line = finding.range.start.line
            if let question = bank.outline.question(containing: line, questions: bank.questions) {
                return Entry(bank: bank.id, question: question.id, field: bank.outline.key(above: line, from: question.lines.lowerBound),
                             rule: finding.ruleID, message: finding.message)
            }
            return Entry(bank: bank.id, question: nil, field: bank.outline.key(above: line, from: 1), rule: finding.ruleID, message: finding.message)
        }
    }
}

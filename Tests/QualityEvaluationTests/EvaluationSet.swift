import Foundation
import QuizBank
import QuizLint

/// The labelled evaluation set under Tests/Data/quality (its README says how it was drawn and
/// labelled): bank files of OpenTriviaQA questions, each question's part, the per-rule labels
/// and the near-duplicate pairs.
struct EvaluationSet {
    enum Part: String, CaseIterable, Sendable {
        case holdout, tune
    }

    struct Label: Sendable {
        var question: String
        var rule: String
        var flawed: Bool
        var part: Part
        var reason: String
        var line: Int
    }

    enum Relation: String, CaseIterable, Sendable {
        case rewording, sibling, unrelated
    }

    struct Pair: Sendable {
        var first: String
        var second: String
        var jaccard: Double
        var relation: Relation
        var part: Part
        var reason: String
        var line: Int
    }

    /// A question as the baselines read it.
    struct Item: Sendable {
        struct Choice: Sendable {
            var text: String
            var correct: Bool
        }

        var id: String
        var text: String
        var choices: [Choice]
        var isTrueFalse: Bool
        var answer: Bool?
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/quality")

    var inputs: [LintInput]
    var parts: [String: Part]
    var labels: [Label]
    var pairs: [Pair]
    /// Problems found while reading, each naming its file and line.
    var problems: [String]

    static func load() throws -> EvaluationSet {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let inputs = try names.map { name in
            let url = folder.appendingPathComponent(name)
            return LintInput(path: url.path, bytes: Array(try Data(contentsOf: url)))
        }
        var problems: [String] = []
        var parts: [String: Part] = [:]
        for (line, fields) in try rows(of: "split.tsv", columns: 3, problems: &problems) {
            guard let part = Part(rawValue: fields[1]) else {
                problems.append("split.tsv:\(line): unknown part '\(fields[1])'")
                continue
            }
            if parts.updateValue(part, forKey: fields[0]) != nil { problems.append("split.tsv:\(line): '\(fields[0])' listed twice") }
        }
        var labels: [Label] = []
        for (line, fields) in try rows(of: "labels.tsv", columns: 5, problems: &problems) {
            guard ["flawed", "ok"].contains(fields[2]), let part = Part(rawValue: fields[3]) else {
                problems.append("labels.tsv:\(line): label must be flawed|ok and part holdout|tune")
                continue
            }
            labels.append(Label(question: fields[0], rule: fields[1], flawed: fields[2] == "flawed", part: part,
                                reason: fields[4], line: line))
        }
        var pairs: [Pair] = []
        for (line, fields) in try rows(of: "pairs.tsv", columns: 7, problems: &problems) {
            guard let jaccard = Double(fields[2]), let relation = Relation(rawValue: fields[3]),
                  let part = Part(rawValue: fields[4]) else {
                problems.append("pairs.tsv:\(line): jaccard must be a number, relation rewording|sibling|unrelated, part holdout|tune")
                continue
            }
            pairs.append(Pair(first: fields[0], second: fields[1], jaccard: jaccard, relation: relation, part: part,
                              reason: fields[6], line: line))
        }
        return EvaluationSet(inputs: inputs, parts: parts, labels: labels, pairs: pairs, problems: problems)
    }

    /// The data rows of a tab-separated file with a header, with their line numbers.
    private static func rows(of name: String, columns: Int, problems: inout [String]) throws -> [(Int, [String])] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        var rows: [(Int, [String])] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().dropFirst()
        where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == columns {
                rows.append((index + 1, fields))
            } else {
                problems.append("\(name):\(index + 1): \(fields.count) fields, expected \(columns)")
            }
        }
        return rows
    }
}

/// Which question of the linted banks a finding (or a related location) falls in.
struct QuestionLocator {
    /// Each bank's questions by first line. A question's range ends where the next one starts,
    /// so a line belongs to the last question that starts at or before it.
    private var starts: [String: [(line: Int, id: String)]] = [:]
    private(set) var items: [String: EvaluationSet.Item] = [:]

    init(_ banks: [LintBank]) {
        for bank in banks {
            let locale = bank.sourceLocale
            starts[bank.path] = bank.bank.questions.map { (Int($0.range.start.line), $0.id.value) }.sorted { $0.line < $1.line }
            for question in bank.bank.questions {
                items[question.id.value] = EvaluationSet.Item(
                    id: question.id.value, text: question.text.source(locale),
                    choices: question.choices.map { .init(text: $0.text.source(locale), correct: $0.correct) },
                    isTrueFalse: question.kind == .trueFalse, answer: question.answer?.value)
            }
        }
    }

    func question(at path: String, line: Int) -> String? {
        starts[path]?.last { $0.line <= line }?.id
    }
}

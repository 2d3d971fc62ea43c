import Foundation
import Testing
@testable import QuizLint
@testable import QuizRules

/// The quality rules measured on the labelled evaluation set (Tests/Data/quality, see its
/// README; docs/quality-evaluation.md). Prints the table of figures; fails when the data is
/// inconsistent or a rule falls below its checked-in floor.
@Suite struct QualityEvaluationTests {
    static let set = Result { try EvaluationSet.load() }
    /// The questions of the set's banks, decoded once.
    static let items = set.map { QuestionLocator(LintEngine(rules: []).lint($0.inputs).banks).items }
    static let evaluation = set.map { Evaluation.run($0) }

    @Test func everyLabelNamesAQuestionOfTheSetInItsPart() throws {
        let set = try Self.set.get()
        #expect(set.problems.isEmpty, "\(set.problems)")
        let questions = try Self.items.get()
        #expect(questions.count == set.parts.count, "every question of the banks has a part in split.tsv, and only they")
        for id in questions.keys where set.parts[id] == nil { Issue.record("\(id) is in a bank but not in split.tsv") }
        for id in set.parts.keys where questions[id] == nil { Issue.record("split.tsv names \(id), in no bank") }
        var seen = Set<[String]>()
        for label in set.labels {
            if questions[label.question] == nil { Issue.record("labels.tsv:\(label.line): no question \(label.question)") }
            if set.parts[label.question] != label.part {
                Issue.record("labels.tsv:\(label.line): \(label.question) is \(label.part.rawValue) here, not as in split.tsv")
            }
            if !Evaluation.rules.contains(label.rule) { Issue.record("labels.tsv:\(label.line): unknown rule \(label.rule)") }
            if label.reason.isEmpty { Issue.record("labels.tsv:\(label.line): no reason") }
            if !seen.insert([label.question, label.rule]).inserted {
                Issue.record("labels.tsv:\(label.line): \(label.question) labelled twice for \(label.rule)")
            }
        }
        // A question drawn for a flaw is labelled for it; one of the pool, for every flaw.
        for (id, reasons) in set.drawnAs {
            let rules = reasons.contains("pool") ? Evaluation.rules
                : reasons.compactMap { $0.split(separator: ":").dropFirst().first.map(String.init) }
            for rule in rules where !seen.contains([id, rule]) {
                Issue.record("split.tsv: \(id) was drawn for \(rule) but has no label for it")
            }
        }
        for rule in Evaluation.rules {
            let labels = set.labels.filter { $0.rule == rule }
            for part in EvaluationSet.Part.allCases {
                #expect(labels.contains { $0.part == part }, "\(rule) has labels in the \(part.rawValue) part")
            }
            #expect(labels.contains { $0.flawed }, "\(rule) has flawed questions")
        }
    }

    @Test func pairsSpanTheJaccardRangeWithRewordingsInBothParts() throws {
        let set = try Self.set.get()
        let questions = Set(set.parts.keys)
        var seen = Set<[String]>()
        for pair in set.pairs {
            if !questions.contains(pair.first) || !questions.contains(pair.second) || pair.first == pair.second {
                Issue.record("pairs.tsv:\(pair.line): a pair of two questions of the set")
            }
            if !seen.insert([pair.first, pair.second].sorted()).inserted { Issue.record("pairs.tsv:\(pair.line): listed twice") }
            if pair.reason.isEmpty { Issue.record("pairs.tsv:\(pair.line): no reason") }
        }
        #expect(set.pairs.count >= 150)
        let rewordings = set.pairs.filter { $0.relation == .rewording }
        #expect(rewordings.count >= 50)
        for part in EvaluationSet.Part.allCases {
            #expect(rewordings.contains { $0.part == part }, "rewordings in the \(part.rawValue) part")
            #expect(set.pairs.contains { $0.part == part && $0.relation != .rewording }, "other pairs in the \(part.rawValue) part")
        }
        #expect(rewordings.contains { $0.jaccard < 0.3 } && rewordings.contains { $0.jaccard >= 0.6 })
        #expect(set.pairs.contains { $0.relation != .rewording && $0.jaccard >= 0.6 })
    }

    /// The recorded similarity is the rule's: character 5-grams of the normal form.
    @Test func recordedJaccardIsTheRulesSimilarity() throws {
        let set = try Self.set.get()
        let items = try Self.items.get()
        func shingles(_ id: String) -> Set<String> {
            let form = Array(QualityText.normalized(items[id]?.text ?? ""))
            guard form.count >= 5 else { return [String(form)] }
            return Set((0...(form.count - 5)).map { String(form[$0..<$0 + 5]) })
        }
        for pair in set.pairs {
            let a = shingles(pair.first), b = shingles(pair.second)
            let jaccard = Double(a.intersection(b).count) / Double(a.union(b).count)
            #expect(abs(jaccard - pair.jaccard) < 0.02, "pairs.tsv:\(pair.line): \(pair.jaccard) recorded, \(jaccard) computed")
        }
    }

    @Test func rulesHoldTheirFloors() throws {
        let evaluation = try Self.evaluation.get()
        print(evaluation.table)
        // QUALITY_RULE=RULE (make quality-eval QUALITY_RULE=stem-clue) lists that rule's tune-part disagreements.
        if let rule = ProcessInfo.processInfo.environment["QUALITY_RULE"], !rule.isEmpty {
            print(evaluation.disagreements(of: rule))
        }
        if let path = ProcessInfo.processInfo.environment["QUALITY_FLOORS_OUT"] {
            try evaluation.floorsText.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let floors = try Evaluation.readFloors()
        #expect(!floors.isEmpty)
        let current = Dictionary(evaluation.measures.map { ("\($0.rule) \($0.part.rawValue) \($0.measure)", $0.value) },
                                 uniquingKeysWith: { first, _ in first })
        for floor in floors {
            let key = "\(floor.rule) \(floor.part.rawValue) \(floor.measure)"
            guard let entry = current[key] else {
                Issue.record("floors.tsv names \(key), which is not measured")
                continue
            }
            let value = entry ?? 0
            #expect(value >= Evaluation.allowedMinimum(of: floor) - 1e-9, "\(key): \(value) below its floor \(floor.value)")
        }
    }
}

import Foundation
import QuizBank
@testable import QuizLint
@testable import QuizRules

/// The quality rules and the keyword baselines run over the evaluation set, scored per rule
/// and part; the near-duplicate rule and its baseline scored on the labelled pairs.
struct Evaluation: Sendable {
    /// The flaws that have labels, in the order of the table.
    static let rules = [
        "absolute-terms", "vague-terms", "negative-stem", "none-of-the-above", "all-of-the-above", "complex-choice",
        "numeric-choice-order", "stem-clue", "blank-not-at-end", "key-longest-bias", "which-is-true", "article-cue",
        "incomplete-stem", "key-convergence", "stem-choice-agreement",
    ]
    static let nearDuplicateRule = "near-duplicate-question"
    /// The issue's targets on the holdout part.
    static let precisionTarget = 0.8
    static let rewordingRecallTarget = 0.8
    static let clusterPrecisionTarget = 0.9

    struct RuleRow: Sendable {
        var rule: String
        var part: EvaluationSet.Part
        /// nil when the registry has no rule of that id.
        var score: Score?
        var baseline: Score
    }

    struct NearDuplicateRow: Sendable {
        var part: EvaluationSet.Part
        var score: ClusterScore
        var baseline: ClusterScore
    }

    /// A tune-part label the rule gets wrong: a miss or a false alarm.
    struct Disagreement: Sendable {
        var label: EvaluationSet.Label
        var text: String
    }

    var rows: [RuleRow]
    /// Per rule, the tune part's disagreements (the holdout part's are not listed, to keep it untuned).
    var tuneDisagreements: [String: [Disagreement]]
    var nearDuplicates: [NearDuplicateRow]
    /// Reported clusters the labels cannot judge, to label next.
    var unjudgedClusters: [[String]]

    static func run(_ set: EvaluationSet) -> Evaluation {
        let registered = RuleRegistry.all.filter { rules.contains($0.description.id) || $0.description.id == nearDuplicateRule }
        let result = LintEngine(rules: registered).lint(set.inputs)
        let locator = QuestionLocator(result.banks)
        let known = Set(registered.map { $0.description.id })
        var reported: [String: Set<String>] = [:]
        var ruleClusters: [Set<String>] = []
        for finding in result.findings {
            guard let question = locator.question(at: finding.path, line: Int(finding.range.start.line)) else { continue }
            if finding.ruleID == nearDuplicateRule {
                let others = finding.related.compactMap { locator.question(at: $0.path, line: Int($0.range.start.line)) }
                ruleClusters.append(Set([question] + others))
            } else {
                reported[finding.ruleID, default: []].insert(question)
            }
        }
        var rows: [RuleRow] = []
        var disagreements: [String: [Disagreement]] = [:]
        for rule in rules {
            for label in set.labels where label.rule == rule && label.part == .tune && known.contains(rule)
            && label.flawed != reported[rule, default: []].contains(label.question) {
                disagreements[rule, default: []].append(Disagreement(label: label, text: locator.items[label.question]?.text ?? ""))
            }
            let detector = KeywordBaselines.detectors[rule]
            for part in EvaluationSet.Part.allCases {
                let labels = set.labels.filter { $0.rule == rule && $0.part == part }
                let score = known.contains(rule)
                    ? Score(labels: labels.map { ($0.flawed, reported[rule, default: []].contains($0.question)) }) : nil
                let baseline = Score(labels: labels.map { label in
                    (label.flawed, locator.items[label.question].map { detector?($0) ?? false } ?? false)
                })
                rows.append(RuleRow(rule: rule, part: part, score: score, baseline: baseline))
            }
        }
        let baselineClusters = clusters(of: NearDuplicateBaseline.pairs(Array(locator.items.values)))
        let nearDuplicates = EvaluationSet.Part.allCases.map { part in
            NearDuplicateRow(part: part, score: ClusterScore(clusters: ruleClusters, pairs: set.pairs, part: part),
                             baseline: ClusterScore(clusters: baselineClusters, pairs: set.pairs, part: part))
        }
        let labelled = Set(set.pairs.flatMap { [$0.first, $0.second] })
        let unjudged = ruleClusters.filter { cluster in
            !set.pairs.contains { cluster.contains($0.first) && cluster.contains($0.second) } || !cluster.isSubset(of: labelled)
        }
        return Evaluation(rows: rows, tuneDisagreements: disagreements, nearDuplicates: nearDuplicates,
                          unjudgedClusters: unjudged.map { $0.sorted() })
    }

    /// Whether a rule meets the issue's target on its row: F1 at least the baseline's, precision at least 0.8.
    static func meetsTarget(_ row: RuleRow) -> Bool {
        guard let score = row.score, let precision = score.precision else { return false }
        return precision >= precisionTarget && (score.f1 ?? 0) >= (row.baseline.f1 ?? 0)
    }

    static func meetsTarget(_ row: NearDuplicateRow) -> Bool {
        (row.score.rewordingRecall ?? 0) >= rewordingRecallTarget && (row.score.clusterPrecision ?? 0) >= clusterPrecisionTarget
    }

    var table: String {
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        func padLeft(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        func three(_ score: Score) -> String {
            "\(formatted(score.precision)) \(formatted(score.recall)) \(formatted(score.f1))"
        }
        var lines = [
            "Quality rules on the evaluation set (Tests/Data/quality): precision, recall, F1 of the rule and of the keyword baseline",
            "rule                   part       n flawed |  rule P    R   F1 |  base P    R   F1 | target (holdout: F1 >= baseline, P >= 0.8)",
        ]
        for row in rows {
            let rule = row.score.map(three) ?? " no such rule  "
            let target = row.part == .holdout ? (Self.meetsTarget(row) ? "met" : "not met") : ""
            lines.append("\(pad(row.rule, 22)) \(pad(row.part.rawValue, 7)) \(padLeft(row.baseline.count, 4)) "
                         + "\(padLeft(row.baseline.positives, 6)) |  \(rule) |  \(three(row.baseline)) | \(target)")
        }
        let holdout = rows.filter { $0.part == .holdout }
        lines.append("targets met on the holdout part: \(holdout.filter(Self.meetsTarget).count) of \(holdout.count) rules")
        lines.append("")
        lines.append("near-duplicate-question on the labelled pairs: recall of rewordings; clusters real / (real + wrong); "
                     + "sibling or unrelated pairs joined")
        lines.append("part    rewordings |  rule recall clusters real wrong unjudged joins |  base recall clusters real wrong joins | target (holdout: recall >= 0.8, clusters >= 0.9)")
        for row in nearDuplicates {
            let s = row.score, b = row.baseline
            let target = row.part == .holdout ? (Self.meetsTarget(row) ? "met" : "not met") : ""
            lines.append("\(pad(row.part.rawValue, 7)) \(padLeft(s.rewordings, 10)) |  \(pad(formatted(s.rewordingRecall), 11)) "
                         + "\(pad(formatted(s.clusterPrecision), 8)) \(padLeft(s.clustersReal, 4)) \(padLeft(s.clustersWrong, 5)) "
                         + "\(padLeft(s.clustersUnjudged, 8)) \(padLeft(s.wrongJoins, 5)) |  \(pad(formatted(b.rewordingRecall), 11)) "
                         + "\(pad(formatted(b.clusterPrecision), 8)) \(padLeft(b.clustersReal, 4)) \(padLeft(b.clustersWrong, 5)) "
                         + "\(padLeft(b.wrongJoins, 5)) | \(target)")
        }
        if !unjudgedClusters.isEmpty {
            lines.append("reported clusters with members outside the labelled pairs (label them in pairs.tsv):")
            lines += unjudgedClusters.map { "  " + $0.joined(separator: " ") }
        }
        return lines.joined(separator: "\n")
    }

    /// The tune part's misses and false alarms of one rule, with the labels' reasons.
    func disagreements(of rule: String) -> String {
        let listed = tuneDisagreements[rule, default: []]
        var lines = ["\(rule) on the tune part: \(listed.count) disagreements with the labels"]
        for entry in listed {
            let kind = entry.label.flawed ? "missed" : "false alarm"
            lines.append("  \(kind): \(entry.label.question) (\(entry.label.reason)): \(entry.text.prefix(120))")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Floors

    struct Floor: Sendable {
        var rule: String
        var part: EvaluationSet.Part
        var measure: String
        var value: Double
    }

    /// The measures the ratchet holds, with their current values (nil when undefined).
    var measures: [(rule: String, part: EvaluationSet.Part, measure: String, value: Double?)] {
        var measures: [(String, EvaluationSet.Part, String, Double?)] = []
        for row in rows {
            measures.append((row.rule, row.part, "f1", row.score.map { $0.f1 ?? 0 }))
            measures.append((row.rule, row.part, "precision", row.score?.precision))
        }
        for row in nearDuplicates {
            measures.append((Self.nearDuplicateRule, row.part, "rewording-recall", row.score.rewordingRecall))
            measures.append((Self.nearDuplicateRule, row.part, "cluster-precision", row.score.clusterPrecision))
        }
        return measures
    }

    /// A precision may fall to its target while the F1 holds (recall bought with a little
    /// precision); every other measure may not fall at all.
    static func allowedMinimum(of floor: Floor) -> Double {
        switch floor.measure {
        case "precision": return min(floor.value, precisionTarget)
        case "cluster-precision": return min(floor.value, clusterPrecisionTarget)
        default: return floor.value
        }
    }

    static let floorsFile = EvaluationSet.folder.appendingPathComponent("floors.tsv")

    static func readFloors() throws -> [Floor] {
        let text = try String(contentsOf: floorsFile, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 4, let part = EvaluationSet.Part(rawValue: fields[1]), let value = Double(fields[3]) else { return nil }
            return Floor(rule: fields[0], part: part, measure: fields[2], value: value)
        }
    }

    /// The floors file for the current figures, each rounded down to three places.
    var floorsText: String {
        var text = "rule\tpart\tmeasure\tfloor\n"
        for measure in measures {
            guard let value = measure.value else { continue }
            text += "\(measure.rule)\t\(measure.part.rawValue)\t\(measure.measure)\t\(String(format: "%.3f", (value * 1000).rounded(.down) / 1000))\n"
        }
        return text
    }
}

/// The near-duplicate yardstick: two questions are one when they share most of their content
/// words, or share a (non-generic) answer and a fair part of them.
enum NearDuplicateBaseline {
    static let genericAnswers: Set<String> = ["true", "false", "yes", "no", "none", "none of these", "none of the above",
                                              "all of these", "all of the above", "both", "neither"]

    static func pairs(_ items: [EvaluationSet.Item]) -> [(String, String)] {
        let words = items.map { KeywordBaselines.contentWords($0.text) }
        let keys = items.map { item -> String? in
            let keys = item.choices.filter(\.correct).map { $0.text.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) }
            guard keys.count == 1, let key = keys.first, !genericAnswers.contains(key) else { return nil }
            return key
        }
        // Candidates share a word that few questions have.
        var index: [String: [Int]] = [:]
        for (position, set) in words.enumerated() {
            for word in set { index[word, default: []].append(position) }
        }
        var candidates = Set<[Int]>()
        for postings in index.values where postings.count <= 40 {
            for i in postings.indices {
                for j in postings.indices where j > i { candidates.insert([postings[i], postings[j]]) }
            }
        }
        var found: [(String, String)] = []
        for candidate in candidates {
            let a = candidate[0], b = candidate[1]
            let union = words[a].union(words[b]).count
            guard union > 0 else { continue }
            let jaccard = Double(words[a].intersection(words[b]).count) / Double(union)
            let sameKey = keys[a] != nil && keys[a] == keys[b]
            if jaccard >= 0.6 || (sameKey && jaccard >= 0.3) { found.append((items[a].id, items[b].id)) }
        }
        return found
    }
}

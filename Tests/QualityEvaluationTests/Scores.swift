import Foundation

/// Precision, recall and F1 of one detector on one part of the labels.
struct Score: Sendable {
    var truePositives = 0
    var falsePositives = 0
    var falseNegatives = 0
    var trueNegatives = 0

    init(labels: [(flawed: Bool, reported: Bool)]) {
        for label in labels {
            switch (label.flawed, label.reported) {
            case (true, true): truePositives += 1
            case (false, true): falsePositives += 1
            case (true, false): falseNegatives += 1
            case (false, false): trueNegatives += 1
            }
        }
    }

    var count: Int { truePositives + falsePositives + falseNegatives + trueNegatives }
    var positives: Int { truePositives + falseNegatives }
    /// nil when nothing is reported.
    var precision: Double? { ratio(truePositives, truePositives + falsePositives) }
    /// nil when nothing is flawed.
    var recall: Double? { ratio(truePositives, positives) }
    /// nil when nothing is flawed and nothing reported.
    var f1: Double? { ratio(2 * truePositives, 2 * truePositives + falsePositives + falseNegatives) }

    private func ratio(_ numerator: Int, _ denominator: Int) -> Double? {
        denominator == 0 ? nil : Double(numerator) / Double(denominator)
    }
}

/// How a near-duplicate detector's clusters compare with the labelled pairs.
struct ClusterScore: Sendable {
    /// Rewording pairs of the part, and those whose two questions share a cluster.
    var rewordings = 0
    var rewordingsFound = 0
    /// Sibling or unrelated pairs of the part whose questions share a cluster.
    var wrongJoins = 0
    /// Clusters holding a labelled pair of the part: real when every member is joined to another
    /// by a labelled rewording and no labelled pair in it is anything else; wrong when a labelled
    /// pair in it is a sibling or unrelated; the rest cannot be judged from the labels.
    var clustersReal = 0
    var clustersWrong = 0
    var clustersUnjudged = 0

    var rewordingRecall: Double? { rewordings == 0 ? nil : Double(rewordingsFound) / Double(rewordings) }
    var clusterPrecision: Double? {
        clustersReal + clustersWrong == 0 ? nil : Double(clustersReal) / Double(clustersReal + clustersWrong)
    }

    init(clusters: [Set<String>], pairs: [EvaluationSet.Pair], part: EvaluationSet.Part) {
        var clusterOf: [String: Int] = [:]
        for (index, cluster) in clusters.enumerated() {
            for member in cluster { clusterOf[member] = index }
        }
        func together(_ pair: EvaluationSet.Pair) -> Int? {
            guard let first = clusterOf[pair.first], first == clusterOf[pair.second] else { return nil }
            return first
        }
        for pair in pairs where pair.part == part {
            let joined = together(pair) != nil
            if pair.relation == .rewording {
                rewordings += 1
                if joined { rewordingsFound += 1 }
            } else if joined {
                wrongJoins += 1
            }
        }
        for (index, cluster) in clusters.enumerated() {
            let inside = pairs.filter { together($0) == index }
            guard inside.contains(where: { $0.part == part }) else { continue }
            if inside.contains(where: { $0.relation != .rewording }) {
                clustersWrong += 1
            } else {
                let covered = Set(inside.flatMap { [$0.first, $0.second] })
                if covered == cluster { clustersReal += 1 } else { clustersUnjudged += 1 }
            }
        }
    }
}

/// Joins pairs into clusters (union-find), each cluster a set of at least two questions.
func clusters(of pairs: [(String, String)]) -> [Set<String>] {
    var parent: [String: String] = [:]
    func root(_ node: String) -> String {
        var node = node
        while let up = parent[node], up != node { node = up }
        return node
    }
    for (first, second) in pairs {
        if parent[first] == nil { parent[first] = first }
        if parent[second] == nil { parent[second] = second }
        let a = root(first), b = root(second)
        if a != b { parent[max(a, b)] = min(a, b) }
    }
    var groups: [String: Set<String>] = [:]
    for node in parent.keys { groups[root(node), default: []].insert(node) }
    return groups.values.filter { $0.count > 1 }.sorted { $0.sorted().first ?? "" < $1.sorted().first ?? "" }
}

func formatted(_ value: Double?) -> String {
    value.map { String(format: "%.2f", $0) } ?? "   -"
}

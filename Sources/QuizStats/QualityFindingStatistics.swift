/// What the linter's item-writing and quality rules find in a bank: how many findings each rule
/// has, and the clusters of duplicate and near-duplicate questions. Only when asked for
/// (`quizbank stats --quality`), which runs those rules.
public struct QualityFindingStatistics: Sendable, Equatable {
    public struct RuleCount: Sendable, Equatable {
        public var rule: String
        public var findings: Int

        public init(rule: String, findings: Int) {
            self.rule = rule
            self.findings = findings
        }
    }

    /// Clusters of one kind and the questions in them.
    public struct Clusters: Sendable, Equatable {
        public var clusters = 0
        public var questions = 0

        public init(clusters: Int = 0, questions: Int = 0) {
            self.clusters = clusters
            self.questions = questions
        }
    }

    /// Every rule that ran, in the order `quizbank rules` lists them, with its findings (0 too).
    public var findingsByRule: [RuleCount]
    /// `duplicate-question`: questions with the same text.
    public var duplicates: Clusters
    /// `near-duplicate-question`: questions whose texts nearly match (every kind of cluster).
    public var nearDuplicates: Clusters

    public init(findingsByRule: [RuleCount], duplicates: Clusters, nearDuplicates: Clusters) {
        self.findingsByRule = findingsByRule
        self.duplicates = duplicates
        self.nearDuplicates = nearDuplicates
    }

    /// Both banks' figures together, when the same rules ran for both; nil otherwise.
    func merged(with other: QualityFindingStatistics) -> QualityFindingStatistics? {
        guard findingsByRule.map(\.rule) == other.findingsByRule.map(\.rule) else { return nil }
        var result = self
        for index in result.findingsByRule.indices { result.findingsByRule[index].findings += other.findingsByRule[index].findings }
        result.duplicates.clusters += other.duplicates.clusters
        result.duplicates.questions += other.duplicates.questions
        result.nearDuplicates.clusters += other.nearDuplicates.clusters
        result.nearDuplicates.questions += other.nearDuplicates.questions
        return result
    }
}

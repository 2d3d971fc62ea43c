/// Every rule quizbank knows, in the order `quizbank rules` lists them.
public enum RuleRegistry {
    public static let all: [any LintRule.Type] = [
        // Format: reported by the libyaml wrapper, the decoder and the compiler.
        UnknownKeyRule.self,
        // Content.
        MissingExplanationRule.self,
        // Meta.
        UnusedSuppressionRule.self,
    ]

    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }
}

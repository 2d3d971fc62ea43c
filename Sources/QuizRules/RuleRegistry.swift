import QuizLint
/// Every rule quizbank knows, in the order `quizbank rules` lists them.
public enum RuleRegistry {
    public static let all: [any LintRule.Type] = [
        // Format: reported by the libyaml wrapper, the decoder and the compiler.
        YAMLSyntaxRule.self,
        YAMLEncodingRule.self,
        DuplicateKeyRule.self,
        AliasLimitRule.self,
        UnknownAliasRule.self,
        DepthLimitRule.self,
        MultipleDocumentsRule.self,
        UnsupportedTagRule.self,
        UnknownKeyRule.self,
        WrongTypeRule.self,
        MissingFieldRule.self,
        UnsupportedVersionRule.self,
        KindConflictRule.self,
        ChoiceCountRule.self,
        NoCorrectChoiceRule.self,
        DuplicateIDRule.self,
        DuplicateBankIDRule.self,
        UndeclaredTopicRule.self,
        ExamRangeRule.self,
        ValueRangeRule.self,
        InvalidIDRule.self,
        InvalidLocaleRule.self,
        MissingSourceLocaleRule.self,
        UndeclaredLocaleRule.self,
        EmptyTextRule.self,
        ImagePathRule.self,
        EmptyBankRule.self,
        // Content.
        MissingExplanationRule.self,
        // Content: hygiene.
        PlaceholderTextRule.self,
        WhitespaceRule.self,
        TextCutByCommentRule.self,
        UnbalancedBracketsRule.self,
        QuestionPunctuationRule.self,
        MixedScriptRule.self,
        ExplanationRepeatsQuestionRule.self,
        HintGivesAnswerRule.self,
        ChoicePunctuationRule.self,
        TextLengthRule.self,
        // Content: images.
        ImageMissingRule.self,
        ImageUnreadableRule.self,
        ImageTooSmallRule.self,
        UnusedImageRule.self,
        // Content: localization.
        MissingTranslationRule.self,
        UntranslatedTextRule.self,
        WrongScriptRule.self,
    ] + quality + [
        // Content: layout (docs/layout.md).
        ReviewTruncationRule.self,
        ChoiceTruncationRule.self,
        HintTruncationRule.self,
        // Versions: against quizbank.lock (docs/versions.md).
        LockIDReusedRule.self,
        LockAnswerChangedRule.self,
        LockKindChangedRule.self,
        LockQuestionRemovedRule.self,
        // Meta.
        UnusedSuppressionRule.self,
    ]

    /// The item-writing and quality rules (balance and duplicates), which `quizbank stats
    /// --quality` counts the findings of.
    public static let quality: [any LintRule.Type] = [
        // Content: item-writing flaws.
        AllOfTheAboveRule.self,
        NoneOfTheAboveRule.self,
        ComplexChoiceRule.self,
        NegativeStemRule.self,
        WhichIsTrueRule.self,
        IncompleteStemRule.self,
        BlankNotAtEndRule.self,
        ArticleCueRule.self,
        StemChoiceAgreementRule.self,
        StemClueRule.self,
        KeyConvergenceRule.self,
        AbsoluteTermsRule.self,
        AbsoluteTermsPatternRule.self,
        VagueTermsRule.self,
        NumericChoiceOrderRule.self,
        // Content: quality (balance and duplicates).
        TrueFalseBalanceRule.self,
        KeyPositionBalanceRule.self,
        KeyLongestBiasRule.self,
        TopicCoverageRule.self,
        DuplicateQuestionRule.self,
        NearDuplicateQuestionRule.self,
        DuplicateChoiceRule.self,
    ]

    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    /// The ids of the format rules (the decoder's, the YAML loader's and the compiler's), which a
    /// baseline leaves out.
    public static let formatRuleIDs = Set(descriptions.filter(\.isFormatRule).map(\.id))

    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }
}

extension LintEngine {
    /// An engine that runs every rule quizbank knows (as configured).
    public init() {
        self.init(rules: RuleRegistry.all)
    }
}

import QuizBank

/// Every figure `quizbank stats` shows for one bank, or for all banks of a run together.
///
/// It holds counts (and length distributions), never questions; shares, bands and verdicts are
/// computed properties, so the text, JSON and Markdown views all read the same numbers.
/// docs/stats.md explains each figure.
///
/// Extension point: a later section (duplicate clusters, findings per rule, phone line counts)
/// is a new stored property here, filled by `StatisticsAccumulator` and merged by `combined`,
/// plus one section function in each renderer. The JSON gains a member, which version 1 allows.
public struct BankStatistics: Sendable, Equatable {
    public enum Scope: Sendable, Equatable {
        case bank(BankIdentity)
        /// All banks of a run; `banks` is how many.
        case total(banks: Int)
    }

    public struct BankIdentity: Sendable, Equatable {
        public var path: String
        public var id: String
        /// In the source locale.
        public var title: String
        public var locale: String
    }

    public var scope: Scope
    /// The declared locales, source locale first (`BankHeader.outputLocales`); for a total,
    /// every bank's locales in order of first appearance.
    public var locales: [String]
    public var questions: Int
    public var kinds: KindCounts
    /// The bank's exam settings; nil when it declares no `exam`, and for a total.
    public var exam: ExamSettings?
    public var topics: TopicStatistics
    public var difficulty: DifficultyCounts
    public var tags: TagStatistics
    public var trueFalse: TrueFalseStatistics
    public var choice: ChoiceStatistics
    public var coverage: CoverageStatistics
    public var translations: [LocaleCoverage]
    public var lengths: LengthStatistics
    /// The question texts on the answer-review screen; only when measured (`stats --layout`).
    public var reviewScreen: ReviewScreenStatistics?
    /// Every profile's texts graded as the layout rules grade them; with `reviewScreen`.
    public var truncation: TruncationStatistics?
    /// The item-writing and quality rules' findings; only when run (`stats --quality`).
    public var quality: QualityFindingStatistics?

    public var bank: BankIdentity? {
        if case .bank(let identity) = scope { return identity }
        return nil
    }

    /// The figures of several banks together: counts and distributions added; topics and tags
    /// merged by id; a locale's coverage summed over the banks that declare it; no exam.
    public static func combined(_ all: [BankStatistics]) -> BankStatistics {
        var total = BankStatistics.empty(scope: .total(banks: all.reduce(0) { $0 + $1.bankCount }))
        for stats in all {
            for locale in stats.locales where !total.locales.contains(locale) { total.locales.append(locale) }
            total.questions += stats.questions
            total.kinds.merge(stats.kinds)
            total.topics.merge(stats.topics)
            total.difficulty.merge(stats.difficulty)
            total.tags.merge(stats.tags)
            total.trueFalse.merge(stats.trueFalse)
            total.choice.merge(stats.choice)
            total.coverage.merge(stats.coverage)
            for locale in stats.translations {
                if let index = total.translations.firstIndex(where: { $0.locale == locale.locale }) {
                    total.translations[index].merge(locale)
                } else {
                    total.translations.append(locale)
                }
            }
            total.lengths.merge(stats.lengths)
        }
        // Review and quality figures add up only when every bank was measured alike.
        total.reviewScreen = mergedAlike(all.map(\.reviewScreen)) { $0.merged(with: $1) }
        total.truncation = mergedAlike(all.map(\.truncation)) { $0.merged(with: $1) }
        total.quality = mergedAlike(all.map(\.quality)) { $0.merged(with: $1) }
        return total
    }

    /// Every bank's figures merged, or nil when a bank has none or `merge` refuses a pair.
    private static func mergedAlike<Figures>(_ all: [Figures?], _ merge: (Figures, Figures) -> Figures?) -> Figures? {
        guard let first = all.first ?? nil else { return nil }
        return all.dropFirst().reduce(Optional(first)) { sum, next in
            guard let sum, let next else { return nil }
            return merge(sum, next)
        }
    }

    /// How many banks these figures are of.
    public var bankCount: Int {
        switch scope {
        case .bank: return 1
        case .total(let banks): return banks
        }
    }

    static func empty(scope: Scope) -> BankStatistics {
        BankStatistics(scope: scope, locales: [], questions: 0, kinds: KindCounts(), exam: nil, topics: TopicStatistics(),
                       difficulty: DifficultyCounts(), tags: TagStatistics(), trueFalse: TrueFalseStatistics(),
                       choice: ChoiceStatistics(), coverage: CoverageStatistics(), translations: [], lengths: LengthStatistics())
    }
}

/// `count / total`, nil when there is nothing to divide by.
func share(_ count: Int, of total: Int) -> Double? {
    total > 0 ? Double(count) / Double(total) : nil
}

// MARK: Kinds

public struct KindCounts: Sendable, Equatable {
    public var trueFalse = 0
    public var singleChoice = 0
    public var multipleChoice = 0

    public init() {}

    public subscript(kind: QuestionKind) -> Int {
        get {
            switch kind {
            case .trueFalse: return trueFalse
            case .singleChoice: return singleChoice
            case .multipleChoice: return multipleChoice
            }
        }
        set {
            switch kind {
            case .trueFalse: trueFalse = newValue
            case .singleChoice: singleChoice = newValue
            case .multipleChoice: multipleChoice = newValue
            }
        }
    }

    mutating func merge(_ other: KindCounts) {
        for kind in QuestionKind.allCases { self[kind] += other[kind] }
    }
}

// MARK: Exam and topics

public struct ExamSettings: Sendable, Equatable {
    public var size: Int?
    public var passingScore: Double?
    public var demoLimit: Int?
    /// As written; nil when not written (engines then shuffle: the format's default is true).
    public var shuffleChoices: Bool?

    public init(size: Int? = nil, passingScore: Double? = nil, demoLimit: Int? = nil, shuffleChoices: Bool? = nil) {
        self.size = size
        self.passingScore = passingScore
        self.demoLimit = demoLimit
        self.shuffleChoices = shuffleChoices
    }

    /// Questions a learner must get right to pass: ⌈passing-score · size⌉.
    public var questionsToPass: Int? {
        guard let size, let passingScore else { return nil }
        return ceilingWithTolerance(passingScore * Double(size))
    }
}

/// ⌈x⌉, where x within 1e-9 above a whole number counts as that number: a weight written 0.7
/// times 10 is 7.000000000000001 in binary floating point, and needs 7 questions, not 8.
func ceilingWithTolerance(_ x: Double) -> Int {
    max(0, Int((x - 1e-9).rounded(.up)))
}

public struct TopicCount: Sendable, Equatable {
    public var id: String
    /// In the source locale; nil when the topic has none, and in a total.
    public var title: String?
    /// nil when the topic declares none, and in a total.
    public var weight: Double?
    public var questions: Int

    public init(id: String, title: String? = nil, weight: Double? = nil, questions: Int) {
        self.id = id
        self.title = title
        self.weight = weight
        self.questions = questions
    }
}

public struct TopicStatistics: Sendable, Equatable {
    /// Declared topics in declaration order (a total: every bank's, merged by id, in order of
    /// first appearance).
    public var topics: [TopicCount] = []
    public var withoutTopic = 0
    /// The exam size the fill figures are for; nil without an exam size, and in a total.
    public var examSize: Int?

    public init() {}

    /// Questions of `topic` an exam needs: ⌈weight · exam size⌉; nil without weight or size.
    public func needed(_ topic: TopicCount) -> Int? {
        guard let weight = topic.weight, let size = examSize else { return nil }
        return ceilingWithTolerance(weight * Double(size))
    }

    /// Whether `topic` has enough questions for its share of an exam; nil when `needed` is nil.
    public func fills(_ topic: TopicCount) -> Bool? {
        needed(topic).map { topic.questions >= $0 }
    }

    /// The sum of the declared weights; nil when no topic declares one.
    public var weightTotal: Double? {
        let weights = topics.compactMap(\.weight)
        return weights.isEmpty ? nil : weights.reduce(0, +)
    }

    mutating func merge(_ other: TopicStatistics) {
        for topic in other.topics {
            if let index = topics.firstIndex(where: { $0.id == topic.id }) {
                topics[index].questions += topic.questions
            } else {
                topics.append(TopicCount(id: topic.id, questions: topic.questions))
            }
        }
        withoutTopic += other.withoutTopic
    }
}

// MARK: Difficulty and tags

public struct DifficultyCounts: Sendable, Equatable {
    /// Questions of difficulty 1...5 (index 0 is difficulty 1).
    public var levels = [0, 0, 0, 0, 0]
    public var unset = 0

    public init() {}

    mutating func merge(_ other: DifficultyCounts) {
        for index in levels.indices { levels[index] += other.levels[index] }
        unset += other.unset
    }
}

public struct TagStatistics: Sendable, Equatable {
    public var questionsByTag: [String: Int] = [:]
    /// Questions without any tag.
    public var untagged = 0

    public init() {}

    /// Tags by number of questions, most first, then by name.
    public var ranked: [(tag: String, questions: Int)] {
        questionsByTag.map { (tag: $0.key, questions: $0.value) }.sorted {
            $0.questions != $1.questions ? $0.questions > $1.questions : $0.tag < $1.tag
        }
    }

    mutating func merge(_ other: TagStatistics) {
        questionsByTag.merge(other.questionsByTag, uniquingKeysWith: +)
        untagged += other.untagged
    }
}

// MARK: True/false

public struct TrueFalseStatistics: Sendable, Equatable {
    public var trueCount = 0
    public var falseCount = 0

    public init() {}

    public enum Verdict: String, Sendable {
        /// The share of `true` is inside the fair band.
        case within
        /// Outside it: more unbalanced than a fair coin would make 19 times in 20.
        case outside
        /// Fewer than `minimumForBand` true/false questions: no band is given.
        case tooFew = "too-few"
    }

    /// Below this many true/false questions the band says little and is not given.
    public static let minimumForBand = 10

    public var questions: Int { trueCount + falseCount }
    public var trueShare: Double? { share(trueCount, of: questions) }

    /// 0.5 ± 2·√(0.25/n): two standard errors of the share of heads in n fair coin tosses.
    public var band: ClosedRange<Double>? {
        guard questions >= Self.minimumForBand else { return nil }
        let margin = 2 * (0.25 / Double(questions)).squareRoot()
        return (0.5 - margin)...(0.5 + margin)
    }

    public var verdict: Verdict {
        guard let band, let trueShare else { return .tooFew }
        return band.contains(trueShare) ? .within : .outside
    }

    mutating func merge(_ other: TrueFalseStatistics) {
        trueCount += other.trueCount
        falseCount += other.falseCount
    }
}

// MARK: Choice questions

public struct ChoiceStatistics: Sendable, Equatable {
    /// The most choices a question may have (the format allows 2 to 8).
    public static let maximumChoices = 8

    /// Single- and multiple-choice questions.
    public var questions = 0
    /// `questionsByChoiceCount[k]`: questions with k choices (index 0 and 1 stay 0).
    public var questionsByChoiceCount = [Int](repeating: 0, count: ChoiceStatistics.maximumChoices + 1)
    /// `correctByPosition[p]`: correct choices written at position p + 1.
    public var correctByPosition = [Int](repeating: 0, count: ChoiceStatistics.maximumChoices)
    /// `expectedByPosition[p]`: correct choices expected at position p + 1 if each question's
    /// correct choices were placed at random: Σ c/k over the questions with k > p choices, c of
    /// them correct.
    public var expectedByPosition = [Double](repeating: 0, count: ChoiceStatistics.maximumChoices)
    /// Questions whose choices an engine shows in the authored order: `shuffle: false`, or no
    /// `shuffle` and `exam.shuffle-choices: false`. Only for these does the position matter.
    public var unshuffled = 0
    /// Questions whose strictly longest choice (in characters) is a correct one.
    public var longestIsCorrect = 0
    /// Questions where two or more choices share the greatest length: none is strictly longest.
    public var longestTied = 0
    /// Σ c/k over the questions: the number of questions whose longest choice would be correct
    /// by chance. For single-choice questions c/k is 1/k.
    public var longestByChance = 0.0

    public init() {}

    public var choices: Int {
        questionsByChoiceCount.enumerated().reduce(0) { $0 + $1.offset * $1.element }
    }

    public var correctChoices: Int { correctByPosition.reduce(0, +) }

    /// The most choices any question has (0 without choice questions).
    public var largestChoiceCount: Int { questionsByChoiceCount.lastIndex { $0 > 0 } ?? 0 }

    public var longestIsCorrectShare: Double? { share(longestIsCorrect, of: questions) }

    /// The average of c/k over the questions (1/k for single choice).
    public var longestByChanceShare: Double? { questions > 0 ? longestByChance / Double(questions) : nil }

    /// The mean number of choices per question.
    public var meanChoices: Double? { questions > 0 ? Double(choices) / Double(questions) : nil }

    mutating func merge(_ other: ChoiceStatistics) {
        questions += other.questions
        for index in questionsByChoiceCount.indices { questionsByChoiceCount[index] += other.questionsByChoiceCount[index] }
        for index in correctByPosition.indices {
            correctByPosition[index] += other.correctByPosition[index]
            expectedByPosition[index] += other.expectedByPosition[index]
        }
        unshuffled += other.unshuffled
        longestIsCorrect += other.longestIsCorrect
        longestTied += other.longestTied
        longestByChance += other.longestByChance
    }
}

// MARK: Coverage

public struct CoverageStatistics: Sendable, Equatable {
    public var questions = 0
    public var withExplanation = 0
    /// Questions with at least one hint.
    public var withHints = 0
    /// Hints in all.
    public var hints = 0
    public var withImage = 0
    /// Questions with an image and an `image-alt` text.
    public var imagesWithAlt = 0
    /// Choices of all choice questions.
    public var choices = 0
    public var choicesWithFeedback = 0

    public init() {}

    mutating func merge(_ other: CoverageStatistics) {
        questions += other.questions
        withExplanation += other.withExplanation
        withHints += other.withHints
        hints += other.hints
        withImage += other.withImage
        imagesWithAlt += other.imagesWithAlt
        choices += other.choices
        choicesWithFeedback += other.choicesWithFeedback
    }
}

/// The kinds of localizable text of a question.
public enum TextField: String, Sendable, CaseIterable {
    case text
    case choice
    case feedback
    case explanation
    case hint
    case imageAlt
}

/// How many of a bank's localizable question texts have a text in one locale.
public struct LocaleCoverage: Sendable, Equatable {
    public struct Count: Sendable, Equatable {
        public var translated = 0
        public var total = 0

        public init(translated: Int = 0, total: Int = 0) {
            self.translated = translated
            self.total = total
        }

        public var share: Double? { QuizStats.share(translated, of: total) }
    }

    public var locale: String
    /// By field, in `TextField.allCases` order.
    public var fields: [Count]

    public init(locale: String, fields: [Count] = Array(repeating: Count(), count: TextField.allCases.count)) {
        self.locale = locale
        self.fields = fields
    }

    public subscript(field: TextField) -> Count {
        get { fields[TextField.allCases.firstIndex(of: field)!] }
        set { fields[TextField.allCases.firstIndex(of: field)!] = newValue }
    }

    public var all: Count {
        Count(translated: fields.reduce(0) { $0 + $1.translated }, total: fields.reduce(0) { $0 + $1.total })
    }

    mutating func merge(_ other: LocaleCoverage) {
        for index in fields.indices {
            fields[index].translated += other.fields[index].translated
            fields[index].total += other.fields[index].total
        }
    }
}

// MARK: Lengths

/// The lengths of one kind of text (source locale).
public struct FieldLengths: Sendable, Equatable {
    public var words = Distribution()
    public var characters = Distribution()

    public init() {}

    public var count: Int { words.count }

    mutating func add(_ measure: TextMeasure) {
        words.add(measure.words)
        characters.add(measure.characters)
    }

    mutating func merge(_ other: FieldLengths) {
        words.merge(other.words)
        characters.merge(other.characters)
    }
}

public struct LengthStatistics: Sendable, Equatable {
    public var questionText = FieldLengths()
    public var choice = FieldLengths()
    public var explanation = FieldLengths()

    public init() {}

    /// The measured fields in the order they are shown, with their JSON names.
    public var fields: [(name: String, label: String, lengths: FieldLengths)] {
        [("questionText", "question texts", questionText), ("choice", "choices", choice), ("explanation", "explanations", explanation)]
    }

    mutating func merge(_ other: LengthStatistics) {
        questionText.merge(other.questionText)
        choice.merge(other.choice)
        explanation.merge(other.explanation)
    }
}

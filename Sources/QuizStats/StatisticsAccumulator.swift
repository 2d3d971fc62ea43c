import QuizBank

/// Takes a bank's questions one at a time, as the decoder hands them out, and keeps only
/// counts: a 100,000-question bank's statistics need no more memory than a small one's.
///
/// What a question contributes does not depend on the bank's header except for which locale a
/// translated text is measured in (`sourceLocale`); the header's topics, exam and locales are
/// applied at the end (`statistics(header:path:)`).
public struct StatisticsAccumulator: Sendable {
    /// The locale whose text is measured for lengths; nil when not known yet (the header came
    /// after the questions), in which case see `needsSourceLocale`.
    public let sourceLocale: String?
    /// True when a translated text was measured without knowing the source locale: the lengths
    /// may be of the wrong translation, and the questions must be fed again to an accumulator
    /// that knows it (`BankStatisticsReader` does).
    public private(set) var needsSourceLocale = false

    private var questions = 0
    private var kinds = KindCounts()
    private var topicQuestions: [String: Int] = [:]
    private var withoutTopic = 0
    private var difficulty = DifficultyCounts()
    private var tags = TagStatistics()
    private var trueFalse = TrueFalseStatistics()
    private var choice = ChoiceStatistics()
    /// Choice questions by their own `shuffle`; those without one follow the exam's setting.
    private var shuffleTrue = 0, shuffleFalse = 0, shuffleUnset = 0
    private var coverage = CoverageStatistics()
    private var lengths = LengthStatistics()
    /// Per field: texts in all, texts in the plain (source-locale) form, and texts per locale of
    /// the translated form.
    private var textTotals = [Int](repeating: 0, count: TextField.allCases.count)
    private var plainTexts = [Int](repeating: 0, count: TextField.allCases.count)
    private var localeTexts = [[String: Int]](repeating: [:], count: TextField.allCases.count)
    /// Choice questions by their number of choices and of correct ones: the chance a position
    /// (or the longest choice) is correct is summed from these at the end, in a fixed order,
    /// so that the sums do not depend on the order questions came in (`merge`).
    private var chanceCounts: [ChanceKey: Int] = [:]
    private var reviewScreen: ReviewScreenAccumulator?

    private struct ChanceKey: Hashable, Sendable, Comparable {
        var choices: Int
        var correct: Int

        static func < (a: ChanceKey, b: ChanceKey) -> Bool {
            (a.choices, a.correct) < (b.choices, b.correct)
        }
    }
    // Extension point: a later collector (duplicate clusters, findings per rule) is one more
    // stored property here, fed in `add` and turned into figures in `statistics`.

    /// `reviewScreen`: measure the question texts on the answer-review screen too.
    public init(sourceLocale: String?, reviewScreen: ReviewScreenMeasure? = nil) {
        self.sourceLocale = sourceLocale
        self.reviewScreen = reviewScreen.map(ReviewScreenAccumulator.init)
    }

    /// Adds what `other`, an accumulator for the same source locale, was given: the figures are
    /// those of one accumulator given both's questions.
    public mutating func merge(_ other: StatisticsAccumulator) {
        if other.needsSourceLocale { needsSourceLocale = true }
        questions += other.questions
        kinds.merge(other.kinds)
        topicQuestions.merge(other.topicQuestions, uniquingKeysWith: +)
        withoutTopic += other.withoutTopic
        difficulty.merge(other.difficulty)
        tags.merge(other.tags)
        trueFalse.merge(other.trueFalse)
        choice.merge(other.choice)
        shuffleTrue += other.shuffleTrue
        shuffleFalse += other.shuffleFalse
        shuffleUnset += other.shuffleUnset
        coverage.merge(other.coverage)
        lengths.merge(other.lengths)
        chanceCounts.merge(other.chanceCounts, uniquingKeysWith: +)
        if let other = other.reviewScreen { reviewScreen?.merge(other) }
        for index in textTotals.indices {
            textTotals[index] += other.textTotals[index]
            plainTexts[index] += other.plainTexts[index]
            localeTexts[index].merge(other.localeTexts[index], uniquingKeysWith: +)
        }
    }

    public mutating func add(_ question: Question) {
        questions += 1
        kinds[question.kind] += 1
        if let topic = question.topic {
            topicQuestions[topic.value, default: 0] += 1
        } else {
            withoutTopic += 1
        }
        if let level = question.difficulty, (1...5).contains(level) {
            difficulty.levels[level - 1] += 1
        } else {
            difficulty.unset += 1
        }
        if question.tags.isEmpty {
            tags.untagged += 1
        } else {
            // A tag written twice on one question counts once.
            for (index, tag) in question.tags.enumerated() where !question.tags[..<index].contains(tag) {
                tags.questionsByTag[tag, default: 0] += 1
            }
        }

        coverage.questions += 1
        count(question.text, .text)
        lengths.questionText.add(measure(question.text))
        if reviewScreen != nil {
            let text = sourceText(question.text)
            reviewScreen!.add(text, hasImage: question.image != nil, choices: question.choices.map { sourceText($0.text) },
                              hints: question.hints.map { sourceText($0) })
        }
        if let explanation = question.explanation {
            coverage.withExplanation += 1
            count(explanation, .explanation)
            lengths.explanation.add(measure(explanation))
        }
        if !question.hints.isEmpty {
            coverage.withHints += 1
            coverage.hints += question.hints.count
            for hint in question.hints { count(hint, .hint) }
        }
        if question.image != nil {
            coverage.withImage += 1
            if question.imageAlt != nil { coverage.imagesWithAlt += 1 }
        }
        if let alt = question.imageAlt { count(alt, .imageAlt) }

        switch question.kind {
        case .trueFalse:
            if question.answer?.value == true { trueFalse.trueCount += 1 } else { trueFalse.falseCount += 1 }
        case .singleChoice, .multipleChoice:
            addChoices(of: question)
        }
    }

    private mutating func addChoices(of question: Question) {
        let choices = question.choices
        let k = choices.count
        guard k > 0 else { return }
        choice.questions += 1
        choice.questionsByChoiceCount[min(k, ChoiceStatistics.maximumChoices)] += 1
        switch question.shuffle {
        case true?: shuffleTrue += 1
        case false?: shuffleFalse += 1
        case nil: shuffleUnset += 1
        }
        coverage.choices += k
        var correct = 0
        var longest = -1
        var longestCount = 0
        var longestIsCorrect = false
        for (position, item) in choices.enumerated() {
            count(item.text, .choice)
            if let feedback = item.feedback {
                coverage.choicesWithFeedback += 1
                count(feedback, .feedback)
            }
            let measured = measure(item.text)
            lengths.choice.add(measured)
            if measured.characters > longest {
                longest = measured.characters
                longestCount = 1
                longestIsCorrect = item.correct
            } else if measured.characters == longest {
                longestCount += 1
            }
            if item.correct {
                correct += 1
                if position < ChoiceStatistics.maximumChoices { choice.correctByPosition[position] += 1 }
            }
        }
        chanceCounts[ChanceKey(choices: k, correct: correct), default: 0] += 1
        if longestCount > 1 {
            choice.longestTied += 1
        } else if longestIsCorrect {
            choice.longestIsCorrect += 1
        }
    }

    private mutating func count(_ text: LocalizedText, _ field: TextField) {
        let index = field.index
        textTotals[index] += 1
        switch text.form {
        case .plain:
            plainTexts[index] += 1
        case .translated(let entries):
            for entry in entries { localeTexts[index][entry.locale, default: 0] += 1 }
        }
    }

    /// The source-locale text's length.
    private mutating func measure(_ text: LocalizedText) -> TextMeasure {
        TextMeasure(sourceText(text))
    }

    /// The text in the source locale (the first translation while that is not known).
    private mutating func sourceText(_ text: LocalizedText) -> String {
        switch text.form {
        case .plain(let value):
            return value
        case .translated(let entries):
            guard let sourceLocale else {
                needsSourceLocale = true
                return entries.first?.text ?? ""
            }
            return (entries.first { $0.locale == sourceLocale } ?? entries.first)?.text ?? ""
        }
    }

    /// The figures of the questions added so far, for the bank with `header`.
    public func statistics(header: BankHeader) -> BankStatistics {
        let source = header.locale.value
        var stats = BankStatistics.empty(scope: .bank(.init(path: header.path, id: header.id.value,
                                                            title: header.title.source(source), locale: source)))
        stats.locales = header.outputLocales
        stats.questions = questions
        stats.kinds = kinds
        if let exam = header.exam {
            stats.exam = ExamSettings(size: exam.size?.value, passingScore: exam.passingScore,
                                      demoLimit: exam.demoLimit?.value, shuffleChoices: exam.shuffleChoices)
        }
        var topics = TopicStatistics()
        topics.topics = header.topics.map { topic in
            TopicCount(id: topic.id.value, title: topic.title?.source(source), weight: topic.weight,
                       questions: topicQuestions[topic.id.value] ?? 0)
        }
        // Undeclared topics make a bank invalid; should one get here, it is still counted.
        let declared = Set(header.topics.map(\.id.value))
        for (id, count) in topicQuestions.sorted(by: { $0.key < $1.key }) where !declared.contains(id) {
            topics.topics.append(TopicCount(id: id, questions: count))
        }
        topics.withoutTopic = withoutTopic
        topics.examSize = header.exam?.size?.value
        stats.topics = topics
        stats.difficulty = difficulty
        stats.tags = tags
        stats.trueFalse = trueFalse
        var choice = self.choice
        for (key, count) in chanceCounts.sorted(by: { $0.key < $1.key }) {
            let chances = Double(count) * Double(key.correct) / Double(key.choices)
            for position in 0..<min(key.choices, ChoiceStatistics.maximumChoices) { choice.expectedByPosition[position] += chances }
            choice.longestByChance += chances
        }
        choice.unshuffled = shuffleFalse + (header.exam?.shuffleChoices == false ? shuffleUnset : 0)
        stats.choice = choice
        stats.coverage = coverage
        stats.translations = header.outputLocales.map { locale in
            var coverage = LocaleCoverage(locale: locale)
            for field in TextField.allCases {
                let index = field.index
                let translated = (localeTexts[index][locale] ?? 0) + (locale == source ? plainTexts[index] : 0)
                coverage[field] = LocaleCoverage.Count(translated: translated, total: textTotals[index])
            }
            return coverage
        }
        stats.lengths = lengths
        stats.reviewScreen = reviewScreen?.statistics
        stats.truncation = reviewScreen?.truncation
        return stats
    }
}

extension TextField {
    var index: Int {
        switch self {
        case .text: return 0
        case .choice: return 1
        case .feedback: return 2
        case .explanation: return 3
        case .hint: return 4
        case .imageAlt: return 5
        }
    }
}

import QuizBank

/// Decodes a bank file and gathers its statistics as the questions stream out of the decoder,
/// keeping none of them.
public struct BankStatisticsReader: Sendable {
    public struct Outcome: Sendable {
        /// nil when the bank has errors: figures of a bank that did not decode cleanly would
        /// be of some of its questions only.
        public var statistics: BankStatistics?
        /// The decoder's findings (format errors).
        public var findings: [Finding]
    }

    public var decoder = BankDecoder()

    /// Measure question texts on the answer-review screen too (nil: do not).
    public var reviewScreen: ReviewScreenMeasure?

    public init(reviewScreen: ReviewScreenMeasure? = nil) {
        self.reviewScreen = reviewScreen
    }

    public func read(_ bytes: [UInt8], path: String) -> Outcome {
        var streamed = StreamedStatistics(reviewScreen: reviewScreen)
        let decoded = decoder.decode(bytes, path: path, to: &streamed)
        guard !decoded.hasErrors, let header = decoded.bank?.header else {
            return Outcome(statistics: nil, findings: decoded.findings)
        }
        var result = streamed.accumulator ?? StatisticsAccumulator(sourceLocale: header.locale.value, reviewScreen: reviewScreen)
        if result.needsSourceLocale || (result.sourceLocale != nil && result.sourceLocale != header.locale.value) {
            // `locale` came after `questions` and some texts are translated: measure them again,
            // now that the source locale is known.
            var again = StreamedStatistics(reviewScreen: reviewScreen, sourceLocale: header.locale.value)
            _ = decoder.decode(bytes, path: path, to: &again)
            result = again.accumulator ?? result
        }
        return Outcome(statistics: result.statistics(header: header), findings: decoded.findings)
    }
}

/// Figures gathered as the questions are decoded; a successor gathers its own, merged by
/// `append` (the counts add up the same in any order).
struct StreamedStatistics: QuestionConsumer {
    let reviewScreen: ReviewScreenMeasure?
    private(set) var accumulator: StatisticsAccumulator?

    /// With `sourceLocale`, the figures are gathered for it whatever the header says.
    init(reviewScreen: ReviewScreenMeasure?, sourceLocale: String? = nil) {
        self.reviewScreen = reviewScreen
        accumulator = sourceLocale.map { StatisticsAccumulator(sourceLocale: $0, reviewScreen: reviewScreen) }
    }

    mutating func begin(_ header: BankHeader?) {
        if accumulator == nil { accumulator = StatisticsAccumulator(sourceLocale: header?.locale.value, reviewScreen: reviewScreen) }
    }

    mutating func add(_ question: Question) {
        if accumulator == nil { accumulator = StatisticsAccumulator(sourceLocale: nil, reviewScreen: reviewScreen) }
        accumulator!.add(question)
    }

    func successor() -> StreamedStatistics? {
        StreamedStatistics(reviewScreen: reviewScreen, sourceLocale: accumulator?.sourceLocale)
    }

    mutating func append(_ successor: consuming StreamedStatistics) {
        if let figures = successor.accumulator { accumulator?.merge(figures) }
    }
}

/// What `quizbank stats` shows: each valid bank, all of them together, and the banks left out.
public struct StatsReport: Sendable, Equatable {
    public struct SkippedBank: Sendable, Equatable {
        public var path: String
        public var errors: Int

        public init(path: String, errors: Int) {
            self.path = path
            self.errors = errors
        }
    }

    public var banks: [BankStatistics]
    public var total: BankStatistics
    /// Banks with errors, in the order given: their figures are not in `banks` nor `total`.
    public var skipped: [SkippedBank]

    public init(banks: [BankStatistics], skipped: [SkippedBank] = []) {
        self.banks = banks
        self.total = BankStatistics.combined(banks)
        self.skipped = skipped
    }
}

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

    public var decoder: BankDecoder = {
        var decoder = BankDecoder()
        // The first part's thread also merges, works out and renders the figures at the end:
        // it takes a little less of the file (measured with callgrind, docs/performance.md).
        decoder.splitFraction = 0.48
        return decoder
    }()

    /// Measure question texts on the answer-review screen too (nil: do not).
    public var reviewScreen: ReviewScreenMeasure?

    public init(reviewScreen: ReviewScreenMeasure? = nil) {
        self.reviewScreen = reviewScreen
    }

    public func read(_ bytes: [UInt8], path: String) -> Outcome {
        var accumulator: StatisticsAccumulator?
        // Written once, by `header`, before `prepare` may run; `prepare` reads only these two.
        var headerSeen = false
        var sourceLocale: String?
        // The questions of a large bank's second part, added on the decoder's second thread;
        // the counts add up the same in any order.
        var secondPart: StatisticsAccumulator?
        let observer = BankDecoder.Observer(retainsQuestions: false, header: { header in
            accumulator = StatisticsAccumulator(sourceLocale: header?.locale.value, reviewScreen: reviewScreen)
            sourceLocale = header?.locale.value
            headerSeen = true
        }, question: { question in
            if accumulator == nil { accumulator = StatisticsAccumulator(sourceLocale: nil, reviewScreen: reviewScreen) }
            accumulator!.add(question)
        }, prepare: { question in
            guard headerSeen else { return false }
            if secondPart == nil { secondPart = StatisticsAccumulator(sourceLocale: sourceLocale, reviewScreen: reviewScreen) }
            secondPart!.add(question)
            return true
        })
        let decoded = decoder.decode(bytes, path: path, observer: observer)
        guard !decoded.hasErrors, let header = decoded.bank?.header else {
            return Outcome(statistics: nil, findings: decoded.findings)
        }
        if let secondPart { accumulator?.merge(secondPart) }
        var result = accumulator ?? StatisticsAccumulator(sourceLocale: header.locale.value, reviewScreen: reviewScreen)
        if result.needsSourceLocale || (result.sourceLocale != nil && result.sourceLocale != header.locale.value) {
            // `locale` came after `questions` and some texts are translated: measure them again,
            // now that the source locale is known.
            var again = StatisticsAccumulator(sourceLocale: header.locale.value, reviewScreen: reviewScreen)
            _ = decoder.decode(bytes, path: path, observer: BankDecoder.Observer(retainsQuestions: false, header: { _ in },
                                                                                question: { again.add($0) }))
            result = again
        }
        return Outcome(statistics: result.statistics(header: header), findings: decoded.findings)
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

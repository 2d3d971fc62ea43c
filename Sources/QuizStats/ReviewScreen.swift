import QuizBank
import QuizLayout

/// Measures question texts on the app's answer-review screen as the `review-truncation` rule
/// does (docs/layout.md): the `review` screen profile of a bank's layout settings, on the
/// narrowest of its devices, the text as the app shows it (compiled: whitespace normalized).
public final class ReviewScreenMeasure: Sendable {
    let measurer: TextMeasurer
    let profile: ScreenProfile
    let settings: LayoutSettings
    let device: Device
    /// The sizes where the screen's line limit applies, smallest first.
    let limitSizes: [SizeCategory]
    /// Every profile's texts graded as the layout rules grade them.
    let grading: TruncationGrading

    /// nil when the settings have no `review` profile or no device. `severities`: the layout
    /// rules' configured severities, by rule id (`TruncationGrading`).
    public init?(settings: LayoutSettings, measurer: TextMeasurer, severities: [String: TruncationGrading.Severities] = [:]) {
        guard let profile = settings.profiles["review"], let device = LayoutCheck.narrowestDevice(settings),
              let grading = TruncationGrading(settings: settings, severities: severities) else {
            return nil
        }
        self.measurer = measurer
        self.profile = profile
        self.settings = settings
        self.device = device
        self.grading = grading
        limitSizes = LayoutCheck.displayedSizes(profile, settings: settings)
    }

    /// What is measured, for the figures' heading.
    var setting: ReviewScreenStatistics.Setting {
        .init(device: device.name, width: device.width, style: profile.style.name, maxLines: profile.maxLines,
              font: measurer.sourceDescription)
    }

    /// Lines of a question text at Large and at xxxLarge (each as the app shows that size),
    /// and whether the text is cut at each of `limitSizes`.
    func measure(_ prepared: PreparedText, hasImage: Bool) -> (large: Int, xxxLarge: Int, cut: [Bool]) {
        func lines(_ size: SizeCategory, limit: Int = Int.max) -> Int {
            LayoutCheck.measure(prepared, profile: profile, settings: settings, device: device, size: size, hasImage: hasImage,
                                limit: limit).lines
        }
        let large = settings.displayedSize(.large), xxxLarge = settings.displayedSize(.xxxLarge)
        let linesAtLarge = lines(large), linesAtXXXLarge = lines(xxxLarge)
        // Whether a size cuts the text needs counting only up to one line past the limit.
        let cut = limitSizes.map { size in
            let counted = size == large ? linesAtLarge : size == xxxLarge ? linesAtXXXLarge : lines(size, limit: profile.maxLines)
            return counted > profile.maxLines
        }
        return (linesAtLarge, linesAtXXXLarge, cut)
    }
}

/// How a bank's question texts fare on the answer-review screen (source locale): lines at
/// Large and at xxxLarge on the narrowest device, and how many texts each size where the
/// screen's limit applies cuts off. Only when asked for (`quizbank stats --layout`): shaping
/// every word of a large bank takes time that the other figures do not.
public struct ReviewScreenStatistics: Sendable, Equatable {
    public struct Setting: Sendable, Equatable {
        public var device: String
        public var width: Double
        public var style: String
        public var maxLines: Int
        /// The font file (and width scale) or the built-in widths.
        public var font: String

        /// `font` without the file's folders, for the text and Markdown views.
        public var fontName: String {
            font.split(separator: "/").last.map(String.init) ?? font
        }
    }

    public struct SizeCount: Sendable, Equatable {
        /// The size's configuration name (`xxxlarge`).
        public var size: String
        public var displayName: String
        public var count: Int
    }

    public var setting: Setting
    /// Question texts measured.
    public var count = 0
    public var linesAtLarge = Distribution()
    public var linesAtXXXLarge = Distribution()
    /// Per size where the limit applies, smallest first: the texts that need more lines.
    public var cut: [SizeCount]

    init(setting: Setting, sizes: [SizeCategory]) {
        self.setting = setting
        cut = sizes.map { SizeCount(size: $0.name, displayName: $0.displayName, count: 0) }
    }

    /// Both banks' figures together, when they were measured alike; nil otherwise.
    func merged(with other: ReviewScreenStatistics) -> ReviewScreenStatistics? {
        guard setting == other.setting, cut.map(\.size) == other.cut.map(\.size) else { return nil }
        var result = self
        result.count += other.count
        result.linesAtLarge.merge(other.linesAtLarge)
        result.linesAtXXXLarge.merge(other.linesAtXXXLarge)
        for index in result.cut.indices { result.cut[index].count += other.cut[index].count }
        return result
    }
}

/// Gathers `ReviewScreenStatistics` one question at a time, on the accumulator's thread.
struct ReviewScreenAccumulator: Sendable {
    let measure: ReviewScreenMeasure
    /// This accumulator's own measuring buffers (its thread's table of words seen).
    private var scratch = MeasureScratch()
    private(set) var statistics: ReviewScreenStatistics
    private(set) var truncation: TruncationStatistics
    private let review: Int?, choice: Int?, hint: Int?

    init(_ measure: ReviewScreenMeasure) {
        self.measure = measure
        statistics = ReviewScreenStatistics(setting: measure.setting, sizes: measure.limitSizes)
        truncation = measure.grading.empty
        review = measure.grading.index(of: "review")
        choice = measure.grading.index(of: "choice")
        hint = measure.grading.index(of: "hint")
    }

    /// A question's texts in the source locale: its text, choices and hints.
    mutating func add(_ text: String, hasImage: Bool, choices: [String], hints: [String]) {
        let measurer = measure.measurer
        let prepared = measurer.prepare(TextNormalizer.normalize(text), reusing: &scratch)
        let measured = measure.measure(prepared, hasImage: hasImage)
        statistics.count += 1
        statistics.linesAtLarge.add(measured.large)
        statistics.linesAtXXXLarge.add(measured.xxxLarge)
        for (index, isCut) in measured.cut.enumerated() where isCut { statistics.cut[index].count += 1 }
        let grading = measure.grading
        if let review {
            grading.add(prepared, profile: review, hasImage: hasImage, to: &truncation)
        }
        if let choice {
            for text in choices {
                grading.add(measurer.prepare(TextNormalizer.normalize(text), reusing: &scratch), profile: choice, hasImage: false, to: &truncation)
            }
        }
        if let hint {
            for text in hints {
                grading.add(measurer.prepare(TextNormalizer.normalize(text), reusing: &scratch), profile: hint, hasImage: false, to: &truncation)
            }
        }
    }

    mutating func merge(_ other: ReviewScreenAccumulator) {
        if let merged = statistics.merged(with: other.statistics) { statistics = merged }
        if let merged = truncation.merged(with: other.truncation) { truncation = merged }
    }
}

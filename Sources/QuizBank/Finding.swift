import QuizYAML

public enum Severity: String, Sendable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// Everything quizbank tells a user about a bank: what, how bad, and exactly where.
public struct Finding: Sendable, Equatable {
    public struct Related: Sendable, Equatable, Hashable {
        public var path: String
        public var range: SourceRange
        public var note: String

        public init(path: String, range: SourceRange, note: String) {
            self.path = path
            self.range = range
            self.note = note
        }
    }

    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var path: String
    public var range: SourceRange
    public var related: [Related]
    /// What to write instead, when there is one clear fix.
    public var suggestion: String?
    /// What a layout rule measured (line counts per size), for machine-readable reports.
    public var measure: Measure? {
        get { measureBox?.measure }
        set { measureBox = newValue.map(MeasureBox.init) }
    }
    /// Boxed so that findings, which are copied and sorted in bulk, stay small.
    private var measureBox: MeasureBox?

    private final class MeasureBox: Sendable, Equatable {
        let measure: Measure

        init(_ measure: Measure) {
            self.measure = measure
        }

        static func == (a: MeasureBox, b: MeasureBox) -> Bool { a.measure == b.measure }
    }

    /// The figures behind a layout finding: how many lines a text takes at each size where a
    /// screen profile limits it, on the device where it is cut first.
    public struct Measure: Sendable, Equatable {
        public struct Size: Sendable, Equatable {
            /// The size category's configuration name (`xxxlarge`).
            public var size: String
            /// The text style's point size there.
            public var points: Double
            /// The width left for the text, in points.
            public var width: Double
            public var lines: Int

            public init(size: String, points: Double, width: Double, lines: Int) {
                self.size = size
                self.points = points
                self.width = width
                self.lines = lines
            }
        }

        /// The screen profile (`review`, `choice`, `hint`).
        public var profile: String
        public var locale: String
        /// The text style (`body`).
        public var style: String
        public var maxLines: Int
        public var deviceName: String
        public var deviceWidth: Double
        public var sizes: [Size]
        /// What measured: a font file (and its width scale) or the built-in widths.
        public var font: String

        public init(profile: String, locale: String, style: String, maxLines: Int, deviceName: String, deviceWidth: Double,
                    sizes: [Size], font: String) {
            self.profile = profile
            self.locale = locale
            self.style = style
            self.maxLines = maxLines
            self.deviceName = deviceName
            self.deviceWidth = deviceWidth
            self.sizes = sizes
            self.font = font
        }
    }

    public init(ruleID: String, severity: Severity, message: String, path: String, range: SourceRange,
                related: [Related] = [], suggestion: String? = nil, measure: Measure? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.range = range
        self.related = related
        self.suggestion = suggestion
        self.measureBox = measure.map(MeasureBox.init)
    }

    /// A YAML problem found in the file at `path`.
    public init(_ problem: YAMLProblem, path: String) {
        self.init(ruleID: problem.kind.rawValue, severity: .error, message: problem.message, path: path,
                  range: problem.range,
                  related: problem.related.map { Related(path: path, range: $0.range, note: $0.note) })
    }

    /// Orders findings by file, then position, then rule, so that output is stable.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.range != b.range { return a.range < b.range }
        return a.ruleID < b.ruleID
    }
}

extension [Finding] {
    /// Sorts as a stable sort by `Finding.reportOrder` does, comparing small keys instead of
    /// whole findings: a large bank has a hundred thousand findings, and each comparison of
    /// findings copies them.
    public mutating func sortForReport() {
        let paths = Dictionary(uniqueKeysWithValues: Set(map(\.path)).sorted().enumerated().map { ($1, $0) })
        var keys = indices.map { (path: paths[self[$0].path]!, range: self[$0].range, index: $0) }
        keys.sort { a, b in
            if a.path != b.path { return a.path < b.path }
            if a.range != b.range { return a.range < b.range }
            let (ruleA, ruleB) = (self[a.index].ruleID, self[b.index].ruleID)
            return ruleA != ruleB ? ruleA < ruleB : a.index < b.index
        }
        self = keys.map { self[$0.index] }
    }
}

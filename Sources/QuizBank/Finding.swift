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

    public init(ruleID: String, severity: Severity, message: String, path: String, range: SourceRange,
                related: [Related] = [], suggestion: String? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.range = range
        self.related = related
        self.suggestion = suggestion
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

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
///
/// A field added here must be packed too (`PackedFindings`, which findings wait in during a
/// streamed lint), or it is lost there; `packedFindingsUnpackEqualAndInOrder` sets every field.
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

    public var ruleID: String {
        get { storage.ruleID }
        set { uniqueStorage().ruleID = newValue }
    }
    public var severity: Severity
    public var message: String {
        get { storage.message }
        set { uniqueStorage().message = newValue }
    }
    public var path: String {
        get { storage.path }
        set { uniqueStorage().path = newValue }
    }
    public var range: SourceRange
    public var related: [Related] {
        get { storage.rare?.fields.related ?? [] }
        set { changeRare { $0.related = newValue } }
    }
    /// What to write instead, when there is one clear fix.
    public var suggestion: String? {
        get { storage.rare?.fields.suggestion }
        set { changeRare { $0.suggestion = newValue } }
    }
    /// The edit that fixes the finding (`lint --fix`), when it is one edit of the file's bytes.
    public var fix: Fix? {
        get { storage.rare?.fields.fix }
        set { changeRare { $0.fix = newValue } }
    }
    /// What a layout rule measured (line counts per size), for machine-readable reports.
    public var measure: Measure? {
        get { storage.rare?.fields.measure }
        set { changeRare { $0.measure = newValue } }
    }

    /// The fields that hold references, in one box shared by copies until one is changed: a
    /// large bank's hundred thousand findings are copied, sorted and filtered in bulk, and a
    /// copy then retains one object instead of each string and array.
    private var storage: Storage

    // Unchecked: a box is changed only through `uniqueStorage()`, when no other finding holds it,
    // so a box that two threads can see is never written.
    private final class Storage: @unchecked Sendable {
        var ruleID: String
        var message: String
        var path: String
        /// The fields most findings leave out, in a box of their own, so that this box holds
        /// three strings and one reference: a large bank has millions of findings.
        var rare: Rare?

        init(ruleID: String, message: String, path: String, rare: Rare?) {
            self.ruleID = ruleID
            self.message = message
            self.path = path
            self.rare = rare
        }

        func copy() -> Storage {
            Storage(ruleID: ruleID, message: message, path: path, rare: rare)
        }
    }

    private struct RareFields: Sendable {
        var related: [Related] = []
        var suggestion: String?
        var measure: Measure?
        var fix: Fix?

        var isEmpty: Bool { related.isEmpty && suggestion == nil && measure == nil && fix == nil }
    }

    /// A finding's related locations, suggestion, measurement and fix; never changed (a new
    /// box replaces it), so findings share it freely. Nil when the finding has none of them.
    private final class Rare: Sendable {
        let fields: RareFields

        init?(_ fields: RareFields) {
            guard !fields.isEmpty else { return nil }
            self.fields = fields
        }
    }

    private mutating func changeRare(_ change: (inout RareFields) -> Void) {
        let storage = uniqueStorage()
        var fields = storage.rare?.fields ?? RareFields()
        change(&fields)
        storage.rare = Rare(fields)
    }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        a.severity == b.severity && a.range == b.range
            && (a.storage === b.storage
                || (a.ruleID == b.ruleID && a.message == b.message && a.path == b.path && a.related == b.related
                    && a.suggestion == b.suggestion && a.measure == b.measure && a.fix == b.fix))
    }

    /// An edit of a file's bytes that fixes a finding: `replacement` written over `range`, and
    /// nothing else of the file touched.
    public struct Fix: Sendable, Equatable {
        /// `safe` fixes (`lint --fix`) keep what the author meant; `unsafe` ones
        /// (`--unsafe-fixes`) are the likely intent but may change meaning: a renamed key, topic or id.
        public enum Safety: String, Sendable, Comparable {
            case safe, unsafe

            public static func < (a: Safety, b: Safety) -> Bool { a == .safe && b == .unsafe }
        }

        /// What `range` covers, and so how `replacement` is written there.
        public enum Target: Sendable, Equatable {
            /// Source text: `replacement` is written as it is.
            case source
            /// Exactly this text, as written (a word inside a scalar): replaced as it is, only
            /// when the file still has that text there.
            case text(String)
            /// A whole scalar (quotes included) whose value is this text: `replacement` is the
            /// new value, written in the scalar's own style, only when that needs no escaping and
            /// the scalar spells its value out as it is (no escapes, folding or block style).
            case scalar(String)
        }

        public var range: SourceRange
        public var replacement: String
        public var safety: Safety
        public var target: Target

        public init(range: SourceRange, replacement: String, safety: Safety, target: Target = .source) {
            self.range = range
            self.replacement = replacement
            self.safety = safety
            self.target = target
        }
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
                related: [Related] = [], suggestion: String? = nil, measure: Measure? = nil, fix: Fix? = nil) {
        self.severity = severity
        self.range = range
        self.storage = Storage(ruleID: ruleID, message: message, path: path,
                               rare: Rare(RareFields(related: related, suggestion: suggestion, measure: measure, fix: fix)))
    }

    /// A YAML problem found in the file at `path`.
    public init(_ problem: YAMLProblem, path: String) {
        self.init(ruleID: problem.kind.rawValue, severity: .error, message: problem.message, path: path,
                  range: problem.range,
                  related: problem.related.map { Related(path: path, range: $0.range, note: $0.note) },
                  suggestion: problem.suggestion)
    }

    /// Orders findings by file, then position, then rule, so that output is stable.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.range != b.range { return a.range < b.range }
        return a.ruleID < b.ruleID
    }

    /// The indices of `count` findings in report order (`reportOrder`, ties in the order of
    /// their indices), from each one's path, range and rule id, comparing small keys instead of
    /// findings: the path's rank and the range packed into words compared in turn, the rule id
    /// read only between findings of one place. Findings come in runs of one path, so the path
    /// is looked up only where it changes.
    public static func reportPermutation(count: Int, path: (Int) -> String, range: (Int) -> SourceRange,
                                         ruleID: (Int) -> String) -> [Int] {
        var slotOfPath: [String: Int] = [:]
        var slots = [Int](repeating: 0, count: count)
        var lastPath: String?
        var lastSlot = 0
        for index in 0..<count {
            let path = path(index)
            if path != lastPath {
                if let known = slotOfPath[path] {
                    lastSlot = known
                } else {
                    lastSlot = slotOfPath.count
                    slotOfPath[path] = lastSlot
                }
                lastPath = path
            }
            slots[index] = lastSlot
        }
        var rankOfSlot = [Int](repeating: 0, count: slotOfPath.count)
        for (rank, path) in slotOfPath.keys.sorted().enumerated() { rankOfSlot[slotOfPath[path]!] = rank }
        var keys = (0..<count).map { index in
            let range = range(index)
            return SortKey(pathAndLine: UInt64(rankOfSlot[slots[index]]) << 32 | UInt64(range.start.line),
                           columnAndEndLine: UInt64(range.start.column) << 32 | UInt64(range.end.line),
                           endColumn: range.end.column, index: index)
        }
        keys.sort { a, b in
            if a.pathAndLine != b.pathAndLine { return a.pathAndLine < b.pathAndLine }
            if a.columnAndEndLine != b.columnAndEndLine { return a.columnAndEndLine < b.columnAndEndLine }
            if a.endColumn != b.endColumn { return a.endColumn < b.endColumn }
            let (ruleA, ruleB) = (ruleID(a.index), ruleID(b.index))
            return ruleA != ruleB ? ruleA < ruleB : a.index < b.index
        }
        return keys.map(\.index)
    }

    private struct SortKey {
        var pathAndLine: UInt64
        var columnAndEndLine: UInt64
        var endColumn: UInt32
        var index: Int
    }
}

extension [Finding] {
    /// How many findings have `severity` (without building the list of them).
    public func count(of severity: Severity) -> Int {
        var count = 0
        for finding in self where finding.severity == severity { count += 1 }
        return count
    }

    /// Sorts as a stable sort by `Finding.reportOrder` does, comparing small keys instead of
    /// whole findings: a large bank has a hundred thousand findings, and each comparison of
    /// findings copies them.
    public mutating func sortForReport() {
        let order = reportPermutation()
        // Into place by following the permutation's cycles: each finding is moved once, with no
        // copy (a copy retains its box, and the old array would release each one).
        var placed = [Bool](repeating: false, count: count)
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for start in order.indices where !placed[start] {
                let first = (base + start).move()
                var position = start
                while true {
                    placed[position] = true
                    let source = order[position]
                    if source == start {
                        (base + position).initialize(to: first)
                        break
                    }
                    (base + position).moveInitialize(from: base + source, count: 1)
                    position = source
                }
            }
        }
    }

    /// Not inline in `sortForReport`: a copy of the array held while it moves the findings
    /// would make it copy them all.
    private func reportPermutation() -> [Int] {
        Finding.reportPermutation(count: count, path: { self[$0].path }, range: { self[$0].range }, ruleID: { self[$0].ruleID })
    }
}

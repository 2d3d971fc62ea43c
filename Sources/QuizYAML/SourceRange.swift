/// A position in a source file as libyaml marks it, made 1-based: `line` counts lines,
/// `column` counts Unicode scalars from the start of the line.
public struct SourceMark: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: UInt32
    public var column: UInt32

    public init(line: Int, column: Int) {
        self.line = UInt32(clamping: line)
        self.column = UInt32(clamping: column)
    }

    public static func < (a: SourceMark, b: SourceMark) -> Bool {
        a.line != b.line ? a.line < b.line : a.column < b.column
    }

    public var description: String { "\(line):\(column)" }
}

/// A span of source text; `end` is exclusive (the mark just past the last character).
public struct SourceRange: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var start: SourceMark
    public var end: SourceMark

    public init(start: SourceMark, end: SourceMark) {
        self.start = start
        self.end = end
    }

    /// An empty range at one place.
    public init(at mark: SourceMark) {
        self.init(start: mark, end: mark)
    }

    public static func < (a: SourceRange, b: SourceRange) -> Bool {
        a.start != b.start ? a.start < b.start : a.end < b.end
    }

    public var description: String { "\(start)-\(end)" }
}

/// How a scalar was written in the source.
public enum ScalarStyle: UInt8, Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// One libyaml parser event, with its strings copied out of libyaml's memory.
public enum YAMLEvent: Sendable, Equatable {
    case streamStart
    case streamEnd
    case documentStart(implicit: Bool)
    case documentEnd(implicit: Bool)
    case sequenceStart(anchor: String?, tag: String?, flow: Bool)
    case sequenceEnd
    case mappingStart(anchor: String?, tag: String?, flow: Bool)
    case mappingEnd
    case scalar(value: String, anchor: String?, tag: String?, style: ScalarStyle)
    case alias(anchor: String)
}

/// What of a file libyaml reads: by default all of it.
///
/// A part of a file can be read on its own when `prefix` recreates the context it sits in;
/// `lineOffset` then makes its marks count lines as the whole file does.
public struct YAMLInput {
    /// Read before `bytes`, as if it stood in the file.
    public var prefix: [UInt8] = []
    /// The first byte of the file to read.
    public var start = 0
    /// Where reading stops to ask `resume` whether to read on (true) or end the input there.
    public var pause: Int?
    public var resume: () -> Bool = { true }
    /// Added to every mark's line.
    public var lineOffset = 0

    public init() {}

    var isWhole: Bool { prefix.isEmpty && start == 0 && pause == nil }
}

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

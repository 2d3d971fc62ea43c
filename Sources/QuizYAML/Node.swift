/// A node of a YAML document, with where it stands in the source.
public struct Node: Sendable {
    public enum Content: Sendable {
        case scalar(String, ScalarStyle)
        case sequence([Node])
        case mapping([Pair])
    }

    public struct Pair: Sendable {
        public var key: Node
        public var value: Node
    }

    /// Tags and anchors are rare: kept out of line so that a node stays small to copy.
    private final class Properties: Sendable {
        let tag: String?
        let anchor: String?

        init(tag: String?, anchor: String?) {
            self.tag = tag
            self.anchor = anchor
        }
    }

    public var content: Content
    public var range: SourceRange
    private var properties: Properties?

    public init(_ content: Content, range: SourceRange, tag: String? = nil, anchor: String? = nil) {
        self.content = content
        self.range = range
        if tag != nil || anchor != nil { properties = Properties(tag: tag, anchor: anchor) }
    }

    /// The resolved tag when one was written (`!!str` arrives as `tag:yaml.org,2002:str`).
    public var tag: String? { properties?.tag }

    public var anchor: String? {
        get { properties?.anchor }
        set { properties = tag == nil && newValue == nil ? nil : Properties(tag: tag, anchor: newValue) }
    }

    /// The text of a scalar, nil for collections.
    public var scalar: String? {
        if case .scalar(let value, _) = content { return value }
        return nil
    }

    public var scalarStyle: ScalarStyle? {
        if case .scalar(_, let style) = content { return style }
        return nil
    }

    public var pairs: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    public var items: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The core-schema type of a scalar: what a plain scalar resolves to, or what its tag says.
    public var scalarType: ScalarType? {
        guard case .scalar(let value, let style) = content else { return nil }
        guard let tag else { return style == .plain ? ScalarType.resolvePlain(value) : .string }
        switch tag {
        case CoreTag.str: return .string
        case CoreTag.int: return .int
        case CoreTag.float: return .float
        case CoreTag.bool: return .bool
        case CoreTag.null: return .null
        case "!": return .string
        default: break
        }
        return style == .plain ? ScalarType.resolvePlain(value) : .string
    }

    /// A short name for what the node is, for messages ("a mapping", "the number 3").
    public var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let value, _):
            switch scalarType ?? .string {
            case .null: return "an empty value"
            case .bool: return "the boolean \(value)"
            case .int, .float: return "the number \(value)"
            case .string: return "a string"
            }
        }
    }
}

/// The tags of YAML's core schema, as libyaml resolves their `!!` shorthand.
public enum CoreTag {
    public static let str = "tag:yaml.org,2002:str"
    public static let int = "tag:yaml.org,2002:int"
    public static let float = "tag:yaml.org,2002:float"
    public static let bool = "tag:yaml.org,2002:bool"
    public static let null = "tag:yaml.org,2002:null"
    public static let seq = "tag:yaml.org,2002:seq"
    public static let map = "tag:yaml.org,2002:map"
    public static let all: Set<String> = [str, int, float, bool, null, seq, map]
}

/// The YAML 1.2 core schema's scalar types.
public enum ScalarType: Sendable, Equatable {
    case null, bool, int, float, string

    /// Resolves a plain scalar by the core schema's regular expressions, written out by hand.
    public static func resolvePlain(_ value: String) -> ScalarType {
        var utf8 = value.utf8
        guard let first = utf8.first else { return .null }
        // Most strings start with a letter that no typed form can start with: decide at once.
        // The length first: "The ..." and "text" start like `true`, and each comparison with a
        // string of another length is a call.
        let length = utf8.count
        switch first {
        case UInt8(ascii: "~"):
            return length == 1 ? .null : .string
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            return length == 4 && (value == "null" || value == "Null" || value == "NULL") ? .null : .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return length == 4 && (value == "true" || value == "True" || value == "TRUE") ? .bool : .string
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return length == 5 && (value == "false" || value == "False" || value == "FALSE") ? .bool : .string
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            break
        default:
            return .string
        }
        if isInt(utf8) { return .int }
        if value.hasPrefix("0o"), value.count > 2, value.utf8.dropFirst(2).allSatisfy({ (0x30...0x37).contains($0) }) { return .int }
        if value.hasPrefix("0x"), value.count > 2, value.utf8.dropFirst(2).allSatisfy({ isHexDigit($0) }) { return .int }
        switch value {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            return .float
        default: break
        }
        if isFloat(&utf8) { return .float }
        return .string
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    private static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46)
    }

    /// `[-+]?[0-9]+`
    private static func isInt(_ utf8: String.UTF8View) -> Bool {
        var digits = 0
        for (i, b) in utf8.enumerated() {
            if i == 0, b == UInt8(ascii: "-") || b == UInt8(ascii: "+") { continue }
            guard isDigit(b) else { return false }
            digits += 1
        }
        return digits > 0
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ utf8: inout String.UTF8View) -> Bool {
        let bytes = Array(utf8)
        var i = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var mantissaDigits = 0
        while i < bytes.count, isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return false }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            var exponentDigits = 0
            while i < bytes.count, isDigit(bytes[i]) { i += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return i == bytes.count
    }
}

/// JSON string literals: the one escaping of every document quizbank writes (compiled banks,
/// lint reports, statistics, measurements; `JSONWriter` writes through it).
public enum JSONString {
    /// `value` as a JSON string literal (RFC 8259): `"` and `\` escaped, control characters as
    /// `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`; U+2028 and U+2029 escaped too, so that the
    /// output is also valid JavaScript. Everything else is written as UTF-8, unescaped.
    public static func appendQuoted(_ value: String, to out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + 2)
        appendQuoted(value, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `value` as a JSON string literal, as UTF-8 bytes.
    public static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { appendEscaped($0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `value` as a JSON string literal when `gate` accepts every byte of it, else
    /// `replacement(value)` as one: a text that needs no replacement, the common case, is read
    /// once (the compiled format's texts: `TextNormalizer.QuickCheck`, then `normalize`).
    @inlinable
    public static func appendQuoted<Gate: EscapeGate>(
        _ value: String, to bytes: inout [UInt8], gate: Gate, otherwise replacement: (String) -> String
    ) {
        let start = bytes.count
        bytes.append(UInt8(ascii: "\""))
        var gate = gate
        var value = value
        if value.withUTF8({ appendEscaped($0, to: &bytes, gate: &gate) }) {
            bytes.append(UInt8(ascii: "\""))
        } else {
            bytes.removeSubrange(start...)
            appendQuoted(replacement(value), to: &bytes)
        }
    }

    /// The UTF-8 text `utf8`, escaped (without the quotes).
    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var ungated = Ungated()
        _ = appendEscaped(utf8, to: &bytes, gate: &ungated)
    }

    /// The UTF-8 text `utf8`, escaped, while `gate` accepts its bytes: false as soon as it
    /// refuses one (what was appended is then incomplete), so that a check of the text costs
    /// no second pass. Eight bytes at a time while they are printable ASCII with no quote or
    /// backslash and the gate takes them whole, which is most of any text; otherwise the next
    /// eight one at a time.
    @inlinable
    static func appendEscaped<Gate: EscapeGate>(
        _ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], gate: inout Gate
    ) -> Bool {
        let raw = UnsafeRawBufferPointer(utf8)
        var runStart = 0
        var index = 0
        while index < utf8.count {
            if index + 8 <= utf8.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if isPlain(word), gate.takes(word) {
                    index += 8
                    continue
                }
            }
            let end = min(index + 8, utf8.count)
            while index < end {
                let byte = utf8[index]
                guard gate.accepts(byte) else { return false }
                // Most bytes need no escape: one test for them before the cases.
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2 {
                    index += 1
                    continue
                }
                let escape: StaticString
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    guard gate.accepts(utf8[index + 1]), gate.accepts(utf8[index + 2]) else { return false }
                    escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                case _ where byte < 0x20:
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
                    index += 1
                    runStart = index
                    continue
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape.withUTF8Buffer { bytes.append(contentsOf: $0) }
                index += length
                runStart = index
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        return gate.acceptsEnd
    }

    /// Eight bytes (a little-endian word) that are printable ASCII and hold no `"` or `\`.
    @inlinable @inline(__always)
    static func isPlain(_ word: UInt64) -> Bool {
        word & EightBytes.high == 0 && !EightBytes.hasByteBelow(word, 0x20)
            && EightBytes.equal(word, UInt8(ascii: "\"")) | EightBytes.equal(word, UInt8(ascii: "\\")) == 0
    }

    /// The gate of plain escaping: takes everything.
    @usableFromInline
    struct Ungated: EscapeGate {
        @usableFromInline init() {}
        @inlinable func takes(_ word: UInt64) -> Bool { true }
        @inlinable func accepts(_ byte: UInt8) -> Bool { true }
        @inlinable var acceptsEnd: Bool { true }
    }

    @usableFromInline
    static let hexDigits = Array("0123456789abcdef".utf8)
}

/// A check of a text's bytes made while `JSONString` escapes it (`TextNormalizer.QuickCheck`
/// is one), so that the text is read once.
public protocol EscapeGate {
    /// Whether eight bytes, each printable ASCII and none `"` or `\\`, pass; taken if so.
    mutating func takes(_ word: UInt64) -> Bool
    /// Whether the next byte passes; taken if so.
    mutating func accepts(_ byte: UInt8) -> Bool
    /// Whether the text may end after the bytes taken.
    var acceptsEnd: Bool { get }
}

/// Line breaks as libyaml counts them: LF, CR, CR LF (one break), NEL (U+0085), LS (U+2028)
/// and PS (U+2029). Every line number quizbank reports, from libyaml's marks or from its own
/// reading of the source, counts lines this way, so that all of them agree.
public enum LineBreak {
    /// The length in bytes of the line break that starts at `index` of UTF-8 `bytes`; 0 when
    /// none starts there.
    @inlinable
    public static func length(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : 0
        case 0xE2:
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80 else { return 0 }
            return bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 ? 3 : 0
        default: return 0
        }
    }

    /// Whether `character` is a line break (`"\r\n"` is one character).
    @inlinable
    public static func isBreak(_ character: Character) -> Bool {
        switch character {
        case "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }

    /// The bytes of 1-based `line` of `bytes` without its line break (and, on line 1, without a
    /// byte order mark); nil past the last line.
    public static func line(_ line: Int, of bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard line >= 1 else { return nil }
        var start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var number = 1
        var index = start
        while index < bytes.count {
            let length = Self.length(bytes, at: index)
            if length == 0 {
                index += 1
                continue
            }
            if number == line { return UnsafeBufferPointer(rebasing: bytes[start..<index]) }
            index += length
            start = index
            number += 1
        }
        return number == line ? UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]) : nil
    }
}

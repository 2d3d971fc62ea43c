import Foundation
import QuizSupport

/// The compiled form of every text: Unicode NFC, and whitespace normalized so that the way an
/// author laid out the YAML does not leak into what learners see.
///
/// Rules, in order (docs/compiled-format.md states them for engine authors):
/// 1. Unicode NFC.
/// 2. Each line: leading and trailing spaces and tabs removed, every inner run of spaces and
///    tabs made one space. No-break spaces and other Unicode spaces are left as written.
/// 3. Blank lines at the start and end removed (a `|` block's final newline goes); a run of
///    blank lines inside becomes one blank line, which is how a paragraph break is written.
/// Line breaks that YAML keeps (those of `|` blocks, and `>` blocks' blank lines) stay `\n`.
public enum TextNormalizer {
    /// One pass that is true for text `normalize` would return unchanged in the common case:
    /// all scalars below U+0300, no tab or CR, no space or newline at either end, no doubled
    /// space, no space beside a newline, no blank line. False sends the text the long way.
    public static func isNormalized(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isNormalized)
    }

    @inlinable
    public static func isNormalized(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var check = QuickCheck()
        // Eight bytes at a time while they are printable ASCII with no space after a space.
        let raw = UnsafeRawBufferPointer(utf8)
        var index = 0
        while index + 8 <= utf8.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if QuickCheck.passes(word, afterSpace: check.followsSpace) {
                check.pass(UInt8(truncatingIfNeeded: word >> 56))
            } else {
                for position in index..<(index + 8) where !check.accepts(utf8[position]) { return false }
            }
            index += 8
        }
        while index < utf8.count {
            guard check.accepts(utf8[index]) else { return false }
            index += 1
        }
        return check.acceptsEnd
    }

    /// `isNormalized` a byte at a time, for loops that read the text anyway (`JSONWriter`).
    public struct QuickCheck {
        @usableFromInline var previous: UInt8 = 0x0A

        @inlinable public init() {}

        @inlinable
        public mutating func accepts(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x0A:
                if previous == 0x20 || previous == 0x0A { return false }
            case 0x09, 0x0D, 0xCC...0xFF:
                return false
            default:
                break
            }
            previous = byte
            return true
        }

        @inlinable public var acceptsEnd: Bool { previous != 0x20 && previous != 0x0A }

        /// Whether a space next would fail the check.
        @inlinable public var followsSpace: Bool { previous == 0x20 || previous == 0x0A }

        /// Takes bytes known to pass (printable ASCII with no space after a space), by the last.
        @inlinable
        public mutating func pass(_ last: UInt8) {
            previous = last
        }

        /// Eight bytes (little-endian) that pass: printable ASCII, and no space that follows a
        /// space (the first byte follows one when `afterSpace`).
        @inlinable @inline(__always)
        public static func passes(_ word: UInt64, afterSpace: Bool) -> Bool {
            guard word & EightBytes.high == 0, !EightBytes.hasByteBelow(word, 0x20) else { return false }
            return !hasSpaceAfterSpace(word, afterSpace: afterSpace)
        }

        /// Whether a space in eight bytes (little-endian) follows a space (the first byte
        /// follows one when `afterSpace`).
        @inlinable @inline(__always)
        static func hasSpaceAfterSpace(_ word: UInt64, afterSpace: Bool) -> Bool {
            let spaces = EightBytes.equal(word, 0x20)
            return spaces & (spaces << 8 | (afterSpace ? 0x80 : 0)) != 0
        }
    }

    public static func normalize(_ text: String) -> String {
        let composed = isCertainlyNFC(text) ? text : text.precomposedStringWithCanonicalMapping
        return needsWhitespaceWork(composed) ? collapseWhitespace(composed) : composed
    }

    /// True when every scalar is one that NFC leaves alone and that nothing combines with:
    /// those below U+0300, and the punctuation and currency signs of U+2010–U+205E and
    /// U+20A0–U+20CF (dashes, curly quotes, ellipsis), which no canonical mapping touches.
    /// Anything else takes Foundation's full normalization.
    static func isCertainlyNFC(_ text: String) -> Bool {
        // 0xCC is the lead byte of U+0300: text without a byte this high is all below it.
        guard text.utf8.contains(where: { $0 >= 0xCC }) else { return true }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.value < 0x300 || (0x2010...0x205E).contains(scalar.value) || (0x20A0...0x20CF).contains(scalar.value)
        }
    }

    private static func needsWhitespaceWork(_ text: String) -> Bool {
        var previous: UInt8 = 0x0A
        for byte in text.utf8 {
            switch byte {
            case 0x09, 0x0D:
                return true
            case 0x20:
                if previous == 0x20 || previous == 0x0A { return true }
            case 0x0A:
                if previous == 0x20 || previous == 0x0A { return true }
            default:
                break
            }
            previous = byte
        }
        return previous == 0x20 || previous == 0x0A
    }

    private static func collapseWhitespace(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            var output: [UInt8] = []
            output.reserveCapacity(utf8.count)
            var pendingBlankLines = 0
            var wroteAnything = false
            var lineStart = 0
            while lineStart <= utf8.count {
                var lineEnd = lineStart
                while lineEnd < utf8.count, utf8[lineEnd] != 0x0A { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                var index = lineStart
                while index < lineEnd, isSpace(utf8[index]) { index += 1 }
                if index == lineEnd {
                    if wroteAnything { pendingBlankLines += 1 }
                    continue
                }
                if wroteAnything {
                    output.append(0x0A)
                    if pendingBlankLines > 0 { output.append(0x0A) }
                }
                pendingBlankLines = 0
                wroteAnything = true
                var pendingSpace = false
                while index < lineEnd {
                    let byte = utf8[index]
                    if isSpace(byte) {
                        pendingSpace = true
                    } else {
                        if pendingSpace { output.append(0x20); pendingSpace = false }
                        output.append(byte)
                    }
                    index += 1
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}

/// The quick check made while the compiled text is escaped (`JSONString`).
extension TextNormalizer.QuickCheck: EscapeGate {
    @inlinable
    public mutating func takes(_ word: UInt64) -> Bool {
        guard !Self.hasSpaceAfterSpace(word, afterSpace: followsSpace) else { return false }
        pass(UInt8(truncatingIfNeeded: word >> 56))
        return true
    }
}

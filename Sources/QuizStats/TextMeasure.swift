/// How long a text is, as `quizbank stats` counts it (docs/stats.md, "Lengths").
///
/// - **Whitespace** is every Unicode scalar with the White_Space property (space, tab, line
///   breaks, no-break space, the U+2000 spaces, ideographic space...).
/// - **Words**: the whitespace-separated tokens that contain at least one letter or digit, that
///   is a scalar of general category L (letter) or N (number). "—", "?" or "..." alone is no word.
/// - **Characters**: Swift `Character`s (extended grapheme clusters) of the text after each run
///   of whitespace is made one space and whitespace at both ends is removed.
public struct TextMeasure: Sendable, Equatable {
    public var words: Int
    public var characters: Int

    public init(words: Int, characters: Int) {
        self.words = words
        self.characters = characters
    }

    public init(_ text: String) {
        var text = text
        // Nearly every text is ASCII, and most others Latin: count without building the
        // collapsed string.
        if let measured = text.withUTF8(Self.measureASCII) ?? Self.measureLatin(text) {
            self = measured
        } else {
            self = Self.measureUnicode(text)
        }
    }

    /// nil when the text has a byte outside ASCII. Eight bytes at a time where they are only
    /// whitespace, letters and digits (most of a text), a byte at a time elsewhere.
    private static func measureASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> TextMeasure? {
        var counter = TokenCounter()
        let raw = UnsafeRawBufferPointer(utf8)
        let high: UInt64 = 0x8080_8080_8080_8080
        // The high bit of each byte of `x` (all below 0x80) that is at least `n` (at most 0x80).
        func atLeast(_ x: UInt64, _ n: UInt64) -> UInt64 { ((x | high) &- 0x0101_0101_0101_0101 &* n) & high }
        func count(_ byte: UInt8) {
            let lower = byte | 0x20
            counter.count(space: byte == 0x20 || (byte >= 0x09 && byte <= 0x0D),
                          word: (byte >= 0x30 && byte <= 0x39) || (lower >= 0x61 && lower <= 0x7A))
        }
        var index = 0
        while index + 8 <= utf8.count {
            let x = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            guard x & high == 0 else { return nil }
            let space = (atLeast(x, 0x20) & ~atLeast(x, 0x21)) | (atLeast(x, 0x09) & ~atLeast(x, 0x0E))
            let word = (atLeast(x, 0x30) & ~atLeast(x, 0x3A)) | (atLeast(x, 0x41) & ~atLeast(x, 0x5B))
                | (atLeast(x, 0x61) & ~atLeast(x, 0x7B))
            if space | word == high {
                counter.countWhitespaceAndWordBytes(space: space)
            } else {
                for k in index..<index + 8 { count(utf8[k]) }
            }
            index += 8
        }
        while index < utf8.count {
            if utf8[index] >= 0x80 { return nil }
            count(utf8[index])
            index += 1
        }
        // In ASCII every byte is one Character once CR LF pairs have become single spaces.
        return TextMeasure(words: counter.words, characters: counter.collapsedLength)
    }

    /// Texts whose scalars are all below U+0300 (Latin-1 and Latin Extended) or general
    /// punctuation (dashes, curly quotes, ellipsis: U+2010-U+2027, U+2030-U+205E) or U+FFFD:
    /// there, every scalar is a Character of its own once CR LF pairs have become single
    /// spaces, none of the punctuation is a letter, digit or whitespace, and the only
    /// whitespace beyond ASCII's is NEL and the no-break space. nil for other texts.
    private static func measureLatin(_ text: String) -> TextMeasure? {
        var counter = TokenCounter()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x300 {
                counter.count(space: value == 0x20 || (0x09...0x0D).contains(value) || value == 0x85 || value == 0xA0,
                              word: isWordScalar(scalar))
            } else if (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value) || value == 0xFFFD {
                counter.count(space: false, word: false)
            } else {
                return nil
            }
        }
        return TextMeasure(words: counter.words, characters: counter.collapsedLength)
    }

    private static func measureUnicode(_ text: String) -> TextMeasure {
        var counter = TokenCounter()
        var collapsed = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let tokensBefore = counter.tokens
            let space = scalar.properties.isWhitespace
            counter.count(space: space, word: isWordScalar(scalar))
            guard !space else { continue }
            if counter.tokens != tokensBefore, tokensBefore > 0 { collapsed.append(" ") }
            collapsed.append(scalar)
        }
        return TextMeasure(words: counter.words, characters: String(collapsed).count)
    }

    /// Counts of a text read from the start, a character class at a time. A token's word is
    /// counted at its first letter or digit.
    private struct TokenCounter {
        var words = 0, tokens = 0, visible = 0
        var previousSpace = true
        var tokenHasWord = false

        /// The length of the text with each run of whitespace made one space and none at
        /// either end, where each non-whitespace unit is one Character.
        var collapsedLength: Int { visible + max(0, tokens - 1) }

        /// `word` is asked only until the token has one.
        mutating func count(space: Bool, word: @autoclosure () -> Bool) {
            if space {
                previousSpace = true
                tokenHasWord = false
                return
            }
            visible += 1
            if previousSpace { tokens += 1 }
            previousSpace = false
            if !tokenHasWord, word() {
                words += 1
                tokenHasWord = true
            }
        }

        /// Eight ASCII bytes that are all whitespace (the high bits of `space`) or letters and
        /// digits.
        mutating func countWhitespaceAndWordBytes(space: UInt64) {
            let high: UInt64 = 0x8080_8080_8080_8080
            let nonSpace = ~space & high
            let starts = nonSpace & ((space << 8) | (previousSpace ? 0x80 : 0))
            visible += nonSpace.nonzeroBitCount
            tokens += starts.nonzeroBitCount
            // A token that starts here starts with a letter or digit; one that goes on from
            // before gets its word here from the first byte, if it had none.
            words += starts.nonzeroBitCount
            if !previousSpace, !tokenHasWord, nonSpace & 0x80 != 0 { words += 1 }
            previousSpace = space >> 63 != 0
            tokenHasWord = !previousSpace
        }
    }

    /// General category L* or N*.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}

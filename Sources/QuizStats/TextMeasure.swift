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

    /// nil when the text has a byte outside ASCII.
    private static func measureASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> TextMeasure? {
        var words = 0
        var tokens = 0
        var visible = 0
        var inToken = false
        var tokenHasWordCharacter = false
        for byte in utf8 {
            if byte >= 0x80 { return nil }
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                if inToken {
                    if tokenHasWordCharacter { words += 1 }
                    inToken = false
                }
                continue
            }
            visible += 1
            if !inToken {
                inToken = true
                tokenHasWordCharacter = false
                tokens += 1
            }
            if !tokenHasWordCharacter {
                let lower = byte | 0x20
                tokenHasWordCharacter = (byte >= 0x30 && byte <= 0x39) || (lower >= 0x61 && lower <= 0x7A)
            }
        }
        if inToken && tokenHasWordCharacter { words += 1 }
        // In ASCII every byte is one Character once CR LF pairs have become single spaces.
        return TextMeasure(words: words, characters: visible + max(0, tokens - 1))
    }

    /// Texts whose scalars are all below U+0300 (Latin-1 and Latin Extended): there, every
    /// scalar is a Character of its own once CR LF pairs have become single spaces, and the
    /// only whitespace beyond ASCII's is NEL and the no-break space. nil for other texts.
    private static func measureLatin(_ text: String) -> TextMeasure? {
        var words = 0, tokens = 0, visible = 0
        var inToken = false
        var tokenHasWordCharacter = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard value < 0x300 else { return nil }
            if value == 0x20 || (0x09...0x0D).contains(value) || value == 0x85 || value == 0xA0 {
                if inToken, tokenHasWordCharacter { words += 1 }
                inToken = false
                continue
            }
            visible += 1
            if !inToken {
                inToken = true
                tokenHasWordCharacter = false
                tokens += 1
            }
            if !tokenHasWordCharacter { tokenHasWordCharacter = isWordScalar(scalar) }
        }
        if inToken && tokenHasWordCharacter { words += 1 }
        return TextMeasure(words: words, characters: visible + max(0, tokens - 1))
    }

    private static func measureUnicode(_ text: String) -> TextMeasure {
        var collapsed = String.UnicodeScalarView()
        var words = 0
        var inToken = false
        var tokenHasWordCharacter = false
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if inToken {
                    if tokenHasWordCharacter { words += 1 }
                    inToken = false
                    pendingSpace = true
                }
                continue
            }
            if !inToken {
                if pendingSpace { collapsed.append(" ") }
                pendingSpace = false
                inToken = true
                tokenHasWordCharacter = false
            }
            collapsed.append(scalar)
            if !tokenHasWordCharacter { tokenHasWordCharacter = isWordScalar(scalar) }
        }
        if inToken && tokenHasWordCharacter { words += 1 }
        return TextMeasure(words: words, characters: String(collapsed).count)
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

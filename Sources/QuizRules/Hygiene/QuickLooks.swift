import QuizSupport

/// The hygiene rules' quick looks at a text's bytes, so that most texts are passed over without
/// allocating: each is true (or exact) for every text its rule's close look reports, which
/// HygieneQuickLookTests check against the close look on random texts.
enum HygieneQuickLook {
    /// ChoicePunctuationRule: false when a text cannot end with a full stop (ASCII spaces,
    /// quotes and closing brackets looked through, as `ending(of:)` does; any byte of a
    /// non-ASCII character is taken for a possible space or closing quote).
    static func mayEndWithFullStop(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            for byte in bytes.reversed() {
                switch byte {
                case 0x09...0x0D, 0x20, 0x22, 0x27, 0x29, 0x5D, 0x7D: continue
                case 0x2E: return true
                default: return byte >= 0x80  // perhaps a Unicode space or closing quote: `ending(of:)` decides
                }
            }
            return false
        }
    }

    /// QuestionPunctuationRule: true for a stem that ends with `?`, `:`, `_` or `-` before
    /// ASCII spaces, quotes, brackets and `*`, which conforms. That is most stems, and they are
    /// passed over without allocating.
    static func endsWithASCIIStemMark(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            for byte in bytes.reversed() {
                switch byte {
                case 0x09...0x0D, 0x20, 0x22, 0x27, 0x29, 0x2A, 0x5D, 0x7D: continue
                case 0x3F, 0x3A, 0x5F, 0x2D: return true
                default: return false
                }
            }
            return false
        }
    }

    /// QuestionPunctuationRule: whether a stem has a blank to fill in: two underscores, four dots
    /// or two ellipses in a row (exact).
    /// Read from the bytes, where the three runs are the same byte sequences (`_` and `.` are
    /// one byte each, `…` is E2 80 A6, and no other character holds those bytes).
    static func hasBlank(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            var index = 0
            while let found = Self.blankStarts.firstIndex(in: bytes, from: index) {
                let rest = bytes.count - found
                switch bytes[found] {
                case 0x5F:
                    if rest >= 2, bytes[found + 1] == 0x5F { return true }
                case 0x2E:
                    if rest >= 4, bytes[found + 1] == 0x2E, bytes[found + 2] == 0x2E, bytes[found + 3] == 0x2E { return true }
                default:
                    if rest >= 6, bytes[found + 1] == 0x80, bytes[found + 2] == 0xA6, bytes[found + 3] == 0xE2,
                       bytes[found + 4] == 0x80, bytes[found + 5] == 0xA6 {
                        return true
                    }
                }
                index = found + 1
            }
            return false
        }
    }

    private static let blankStarts = ByteSet([0x5F, 0x2E, 0xE2])

    /// UnbalancedBracketsRule: false for a text whose brackets nest, with an even number of
    /// `"` and no curly double quote or guillemet, in which `firstProblem` finds nothing. That is
    /// most texts with marks, and they are passed over without allocating.
    static func mayBeUnbalanced(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            // The open brackets, two bits each (1 `(`, 2 `[`, 3 `{`), the innermost lowest;
            // deeper nesting than fits is left to `firstProblem`.
            var open: UInt64 = 0
            var depth = 0
            var quotes = 0
            var index = 0
            while let found = Self.balanceMarks.firstIndex(in: bytes, from: index) {
                index = found + 1
                switch bytes[found] {
                case 0x28, 0x5B, 0x7B:
                    guard depth < 32 else { return true }
                    open = open << 2 | Self.bracketCode(bytes[found])
                    depth += 1
                case 0x29, 0x5D, 0x7D:
                    guard depth > 0, open & 3 == Self.bracketCode(bytes[found]) else { return true }
                    open >>= 2
                    depth -= 1
                case 0x22:
                    quotes += 1
                case 0xAB, 0xBB:
                    if found >= 1, bytes[found - 1] == 0xC2 { return true }  // « or »
                default:
                    if found >= 2, bytes[found - 2] == 0xE2, bytes[found - 1] == 0x80 { return true }  // “, ” or „
                }
            }
            return depth > 0 || quotes % 2 == 1
        }
    }

    /// Brackets, `"`, and the last bytes of `«` `»` (C2 AB, C2 BB) and `“` `”` `„` (E2 80 9C-9E).
    private static let balanceMarks = ByteSet([0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x22, 0xAB, 0xBB, 0x9C, 0x9D, 0x9E])

    private static func bracketCode(_ byte: UInt8) -> UInt64 {
        switch byte {
        case 0x28, 0x29: return 1
        case 0x5B, 0x5D: return 2
        default: return 3
        }
    }

    /// TextLengthRule: the spaces, tabs and line breaks of a text, with every byte of a
    /// non-ASCII character taken for a possible Unicode space: one more is a bound on its words.
    static func separatorBound(_ text: String) -> Int {
        text.withUTF8Bytes { separators.count(in: $0) }
    }

    private static let separators = ByteSet { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 >= 0xC2 }

    /// TextLengthRule: its `measure` for an ASCII text (nil for any other), from the bytes: each
    /// byte other than CR LF, which is whitespace anyway, is a character of its own, so this
    /// gives what splitting into `Character`s does at a small fraction of the cost.
    static func measureASCII(_ text: String) -> (characters: Int, words: Int)? {
        text.withUTF8Bytes { bytes in
            var characters = 0
            var pieces = 0
            var words = 0
            var inPiece = false
            var pieceIsWord = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte.isASCIIWhitespace {
                    inPiece = false
                    continue
                }
                if !inPiece {
                    inPiece = true
                    pieceIsWord = false
                    pieces += 1
                }
                characters += 1
                if !pieceIsWord, Unicode.Scalar(byte).isLetterOrDecimal {
                    pieceIsWord = true
                    words += 1
                }
            }
            return (characters + max(pieces - 1, 0), words)
        }
    }
}

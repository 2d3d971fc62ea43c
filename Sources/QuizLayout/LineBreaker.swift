/// Line-break opportunities as UILabel's word wrapping finds them: the subset of UAX #14
/// (Unicode line breaking) that decides where quiz texts can wrap.
///
/// - A run of spaces is a break opportunity after its last space (LB18), except after opening
///   punctuation (LB14) or before closing punctuation, `!`, `?`, `,`, `.`, `:`, `;`, `/` or an
///   ellipsis (LB13, LB22): `Quoi ?` keeps its `?`.
/// - Hyphen-minus, U+2010, U+2012, en dash and the other break-after characters (BA) break
///   after them, never before (LB21), also before a digit (`1990-` `2000`, as Chromium does)
///   but not after a hyphen that starts a word (`-5`, `-ish`, LB20.1/LB25). The em dash (B2)
///   breaks before and after (`word—word`), not between two em dashes (LB17). A slash does not
///   break (`singer/songwriter`, `1/2`), as in Chromium; compared line by line with
///   Chromium on 33,300 layouts, these choices agree best.
/// - CJK ideographs and kana break before and after each character (LB31), except before
///   closing punctuation, small kana and the prolonged sound mark (CL, NS, LB13/LB21) and
///   after opening brackets (OP, LB14). Hangul syllables wrap at spaces, as UILabel's default
///   line-break strategy (which includes `.hangulWordPriority`) does.
/// - No-break space, narrow no-break space, figure space, word joiner and the non-breaking
///   hyphen never break (GL, LB11/LB12). Quotation marks glue to their neighbours (LB19).
///   Zero-width space is an opportunity (LB8). Combining marks stay with their base (LB9).
/// - Line feed, carriage return (CR LF is one), U+000B, U+000C, NEL, U+2028 and U+2029 are
///   mandatory breaks (LB4/LB5); a final one ends the text without adding an empty line.
///
/// Not modelled, for being rare in quiz texts: dictionary breaking of Thai, Lao, Khmer and
/// Burmese (their words are kept whole, so a long one breaks by characters), a letter
/// directly after a closing bracket or `!` without a space (kept together), and the
/// numeric-context rules beyond the ones above.
enum BreakClass: UInt8 {
    case letter        // AL, HL, NU... (joins with its neighbours)
    case digit         // NU
    case space         // SP
    case glue          // GL, WJ
    case zeroWidthSpace // ZW
    case hyphen        // HY: U+002D
    case breakAfter    // BA
    case emDash        // B2
    case ideograph     // ID
    case closing       // CL, CP, EX, IS, NS, IN: no break before
    case opening       // OP: no break after
    case quote         // QU
    case slash         // SY
    case combining     // CM, ZWJ
    case newline       // BK, CR, LF, NL

    @inline(__always)
    static func of(_ value: UInt32) -> BreakClass {
        if value < 0x80 { return ofASCII(UInt8(value)) }
        return ofNonASCII(value)
    }

    @inline(__always)
    static func ofASCII(_ byte: UInt8) -> BreakClass {
        switch byte {
        case 0x0A, 0x0B, 0x0C, 0x0D: return .newline
        case 0x09, 0x7C: return .breakAfter
        case 0x20: return .space
        case 0x2D: return .hyphen
        case 0x2F: return .slash
        case 0x30...0x39: return .digit
        case 0x28, 0x5B, 0x7B: return .opening
        case 0x29, 0x5D, 0x7D, 0x21, 0x3F, 0x2C, 0x2E, 0x3A, 0x3B: return .closing
        case 0x22, 0x27: return .quote
        default: return .letter
        }
    }

    static func ofNonASCII(_ value: UInt32) -> BreakClass {
        switch value {
        case 0x85, 0x2028, 0x2029: return .newline
        case 0xA0, 0x202F, 0x2007, 0x2011, 0x2060, 0xFEFF, 0x034F, 0x180E, 0x0F0C: return .glue
        case 0x200B: return .zeroWidthSpace
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1F3FB...0x1F3FF: return .combining
        case 0xAD, 0x058A, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2010, 0x2012, 0x2013, 0x2027, 0x3000: return .breakAfter
        case 0x2014, 0x2E3A, 0x2E3B: return .emDash
        case 0xAB, 0xBB, 0x2018...0x201F, 0x2039, 0x203A, 0x275B...0x275E, 0x2E00...0x2E0D, 0x2E1C, 0x2E1D, 0x2E20, 0x2E21:
            return .quote
        case 0xA1, 0xBF, 0x2045, 0x207D, 0x208D, 0x2329, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018,
             0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
            return .opening
        case 0x2024...0x2026, 0x22EF, 0xFE19, 0x037E, 0x0589, 0x060C, 0x060D, 0x07F8, 0x2044, 0xFE10, 0xFE13, 0xFE14,
             0x2046, 0x207E, 0x208E, 0x232A, 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017,
             0x3019, 0x301B, 0x301E, 0x301F, 0xFF09, 0xFF0C, 0xFF0E, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64,
             0xFF01, 0xFF1F, 0xFF1A, 0xFF1B, 0x203C, 0x203D, 0x2047...0x2049, 0x3005, 0x301C, 0x303B, 0x309B...0x309E,
             0x30A0, 0x30FB...0x30FE, 0x31F0...0x31FF, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085,
             0x3087, 0x308E, 0x3095, 0x3096, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7,
             0x30EE, 0x30F5, 0x30F6, 0xFF67...0xFF70, 0xFF9E, 0xFF9F:
            return .closing
        case 0x2E80...0x2FFF, 0x3003, 0x3004, 0x3006, 0x3007, 0x3012, 0x3013, 0x3020...0x303A, 0x303C...0x303F,
             0x3040...0x309F, 0x30A1...0x30FF, 0x3190...0x31EF, 0x3200...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF02...0xFF5A, 0xFF66...0xFF9D, 0x20000...0x3FFFD:
            return .ideograph
        default:
            break
        }
        guard let scalar = Unicode.Scalar(value) else { return .letter }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .combining
        case .decimalNumber: return .digit
        default: break
        }
        if properties.isEmojiPresentation { return .ideograph }
        return .letter
    }

    static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && of(scalar.value) == .combining
    }

    /// Classes that a break after spaces cannot precede (LB7, LB13: `word ?`).
    var forbidsBreakAfterSpace: Bool {
        switch self {
        case .closing, .slash, .zeroWidthSpace: return true
        default: return false
        }
    }

    /// Classes before which no break is allowed (LB13, LB19, LB21, LB22).
    var forbidsBreakBefore: Bool {
        switch self {
        case .closing, .breakAfter, .hyphen, .quote, .slash, .combining, .glue, .space, .newline, .zeroWidthSpace: return true
        default: return false
        }
    }
}

/// One unit between break opportunities: its content, the spaces after it (which hang at the
/// end of a line), and whether a mandatory break follows.
struct RawSegment {
    /// UTF-8 offsets in the text.
    var start: Int
    var contentEnd: Int
    var end: Int
    var spaces: Int
    var mandatoryBreak: Bool
}

enum LineBreaker {
    /// The segments of a text, in order; none for an empty text.
    static func segments(_ utf8: UnsafeBufferPointer<UInt8>) -> [RawSegment] {
        var segments: [RawSegment] = []
        split(utf8, into: &segments)
        return segments
    }

    /// Replaces `segments` with the segments of a text, in order.
    static func split(_ utf8: UnsafeBufferPointer<UInt8>, into segments: inout [RawSegment]) {
        segments.removeAll(keepingCapacity: true)
        let count = utf8.count
        var start = 0
        var contentEnd = 0
        var spaces = 0
        var hasContent = false
        var previous = BreakClass.newline      // the last content scalar's class
        var lastScalar = BreakClass.newline    // the last scalar's class, spaces included
        var hyphenStartsWord = false
        var index = 0

        while index < count {
            let byte = utf8[index]
            // Fast path: a run of ASCII letters inside a word changes nothing but where the
            // content ends (no break between two letters, LB28).
            if hasContent && spaces == 0 && previous == .letter && isASCIILetter(byte) {
                var end = index + 1
                while end < count && isASCIILetter(utf8[end]) { end += 1 }
                contentEnd = end
                lastScalar = .letter
                index = end
                continue
            }
            var value = UInt32(byte)
            var length = 1
            if byte >= 0x80 {
                if byte >= 0xF0 {
                    length = 4
                    value = UInt32(byte & 0x07)
                } else if byte >= 0xE0 {
                    length = 3
                    value = UInt32(byte & 0x0F)
                } else {
                    length = 2
                    value = UInt32(byte & 0x1F)
                }
                var k = 1
                while k < length && index + k < count {
                    value = value << 6 | UInt32(utf8[index + k] & 0x3F)
                    k += 1
                }
            }
            let next = min(index + length, count)
            var current = BreakClass.of(value)

            switch current {
            case .newline:
                var end = next
                if value == 0x0D && end < count && utf8[end] == 0x0A { end += 1 }
                if spaces == 0 { contentEnd = index }
                segments.append(RawSegment(start: start, contentEnd: contentEnd, end: end, spaces: spaces, mandatoryBreak: true))
                start = end
                contentEnd = end
                spaces = 0
                hasContent = false
                previous = .newline
                lastScalar = .newline
                index = end
                continue
            case .space:
                if spaces == 0 { contentEnd = index }
                spaces += 1
                lastScalar = .space
                index = next
                continue
            case .combining where spaces == 0 && hasContent:
                contentEnd = next
                index = next
                continue
            case .combining:
                current = .letter
            default:
                break
            }

            if spaces > 0 {
                if current.forbidsBreakAfterSpace || (hasContent && previous == .opening) {
                    spaces = 0   // the spaces stay inside the content
                } else {
                    segments.append(RawSegment(start: start, contentEnd: contentEnd, end: index, spaces: spaces, mandatoryBreak: false))
                    start = index
                    spaces = 0
                    hasContent = false
                }
            } else if hasContent && breaksBetween(previous, current, hyphenStartsWord: hyphenStartsWord) {
                segments.append(RawSegment(start: start, contentEnd: index, end: index, spaces: 0, mandatoryBreak: false))
                start = index
                hasContent = false
            }
            if current == .hyphen {
                hyphenStartsWord = lastScalar == .newline || lastScalar == .space || lastScalar == .zeroWidthSpace || lastScalar == .glue
            }
            hasContent = true
            contentEnd = next
            previous = current
            lastScalar = current
            index = next
        }
        if hasContent || spaces > 0 {
            segments.append(RawSegment(start: start, contentEnd: spaces > 0 ? contentEnd : count, end: count, spaces: spaces, mandatoryBreak: false))
        } else if let last = segments.indices.last, segments[last].mandatoryBreak {
            // A final line break ends the text; it does not open an empty line.
            segments[last].mandatoryBreak = false
        }
    }

    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26   // a-z, A-Z
    }

    /// A break opportunity between two adjacent non-space scalars.
    @inline(__always)
    static func breaksBetween(_ a: BreakClass, _ b: BreakClass, hyphenStartsWord: Bool) -> Bool {
        if b.forbidsBreakBefore { return false }
        switch a {
        case .opening, .glue, .quote, .newline: return false
        case .zeroWidthSpace, .breakAfter, .ideograph: return true
        case .hyphen: return !hyphenStartsWord
        case .slash: return false
        case .emDash: return b != .emDash
        default: return b == .ideograph || b == .emDash
        }
    }
}

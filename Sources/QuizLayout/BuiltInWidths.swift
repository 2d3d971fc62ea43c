/// Approximate advance widths for when no font file is available.
///
/// Latin: the advance widths of Helvetica (Adobe's Core 14 AFM metrics, 1/1000 em), which Arial
/// shares, scaled by 0.9436 so that their average matches the system font's: capsize's
/// frequency-weighted average character width is 0.4165 em for the Apple system font (SF)
/// and 0.4414 em for Arial. Letters with diacritics take their base letter's width; combining
/// marks take none. CJK ideographs, kana, Hangul and fullwidth forms are one em wide, as in
/// the system's CJK fonts (PingFang, Hiragino, Apple SD Gothic Neo); everything else 0.55 em.
///
/// This is an estimate: no kerning, no ligatures, and real SF widths differ per glyph by a few
/// percent. quizbank warns whenever it measures with it.
enum BuiltInWidths {
    static let scale = 0.4165 / 0.4414

    /// Helvetica widths for U+0020...U+007E, in 1/1000 em.
    static let ascii: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space ! " # $ % & ' ( ) * + , - . /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0-9 : ; < = > ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ A-O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P-Z [ \ ] ^ _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` a-o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,      // p-z { | } ~
    ]

    /// The advance of one scalar, in em (already on the system font's scale).
    static func advance(_ scalar: Unicode.Scalar) -> Double {
        let value = scalar.value
        if value >= 0x20 && value <= 0x7E { return Double(ascii[Int(value - 0x20)]) / 1000 * scale }
        if value < 0x20 || value == 0x7F { return 0 }
        if isWide(value) { return 1 }
        switch value {
        case 0xA0, 0x202F, 0x2007: return advance(" ")
        case 0x2000...0x200A: return 0.2
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF, 0xAD: return 0
        case 0x2013: return 0.556 * scale
        case 0x2014: return 1.0 * scale
        case 0x2018, 0x2019, 0x201A: return 0.222 * scale
        case 0x201C, 0x201D, 0x201E: return 0.333 * scale
        case 0x2026: return 1.0 * scale
        case 0x2022: return 0.35 * scale
        default: break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if value < 0x250 || (0x1E00...0x1EFF).contains(value) {
            if let base = latinBase(value) { return advance(base) }
        }
        if properties.isEmojiPresentation { return 1.2 }
        return 0.55
    }

    /// CJK, kana, Hangul and fullwidth forms: one em.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// The ASCII letter under a Latin letter with diacritics (é → e, Ł → L), by Unicode name.
private func latinBase(_ value: UInt32) -> Unicode.Scalar? {
    guard let scalar = Unicode.Scalar(value), let name = scalar.properties.name else { return nil }
    // "LATIN SMALL LETTER E WITH ACUTE", "LATIN CAPITAL LETTER L WITH STROKE"
    let words = name.split(separator: " ")
    guard words.count >= 4, words[0] == "LATIN", words[2] == "LETTER", words[3].count == 1,
          let letter = words[3].first, letter.isASCII else { return nil }
    let base = words[1] == "SMALL" ? Character(letter.lowercased()) : letter
    return base.unicodeScalars.first
}

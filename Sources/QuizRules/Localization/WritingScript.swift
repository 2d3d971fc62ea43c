/// The writing systems `wrong-script` tells apart, with the scalar ranges of their letters and
/// the ones each language is written in.
enum WritingScript: String, CaseIterable, Sendable {
    case latin = "Latin", greek = "Greek", cyrillic = "Cyrillic", armenian = "Armenian", georgian = "Georgian"
    case hebrew = "Hebrew", arabic = "Arabic", ethiopic = "Ethiopic"
    case devanagari = "Devanagari", bengali = "Bengali", gurmukhi = "Gurmukhi", gujarati = "Gujarati"
    case tamil = "Tamil", telugu = "Telugu", kannada = "Kannada", malayalam = "Malayalam", sinhala = "Sinhala"
    case thai = "Thai", lao = "Lao", myanmar = "Myanmar", khmer = "Khmer"
    case hangul = "Hangul", han = "Han", hiragana = "Hiragana", katakana = "Katakana"
    /// A letter of a script not in this table.
    case other = "other"

    /// Letter ranges, sorted by start. Combining marks outside them (the accents of decomposed
    /// Latin text) belong to whatever they combine with, and are not counted.
    private static let ranges: [(ClosedRange<UInt32>, WritingScript)] = [
        (0x0041...0x005A, .latin), (0x0061...0x007A, .latin), (0x00AA...0x00AA, .latin), (0x00BA...0x00BA, .latin),
        (0x00C0...0x02AF, .latin),
        (0x0370...0x03FF, .greek),
        (0x0400...0x052F, .cyrillic),
        (0x0530...0x058F, .armenian),
        (0x0590...0x05FF, .hebrew),
        (0x0600...0x06FF, .arabic), (0x0750...0x077F, .arabic), (0x0870...0x08FF, .arabic),
        (0x0900...0x097F, .devanagari),
        (0x0980...0x09FF, .bengali),
        (0x0A00...0x0A7F, .gurmukhi),
        (0x0A80...0x0AFF, .gujarati),
        (0x0B80...0x0BFF, .tamil),
        (0x0C00...0x0C7F, .telugu),
        (0x0C80...0x0CFF, .kannada),
        (0x0D00...0x0D7F, .malayalam),
        (0x0D80...0x0DFF, .sinhala),
        (0x0E00...0x0E7F, .thai),
        (0x0E80...0x0EFF, .lao),
        (0x1000...0x109F, .myanmar),
        (0x10A0...0x10FF, .georgian),
        (0x1100...0x11FF, .hangul),
        (0x1200...0x139F, .ethiopic),
        (0x1780...0x17FF, .khmer),
        (0x1C80...0x1C8F, .cyrillic),
        (0x1C90...0x1CBF, .georgian),
        (0x1D00...0x1DBF, .latin),
        (0x1E00...0x1EFF, .latin),
        (0x1F00...0x1FFF, .greek),
        (0x2C60...0x2C7F, .latin),
        (0x2D00...0x2D2F, .georgian),
        (0x2D80...0x2DDF, .ethiopic),
        (0x2DE0...0x2DFF, .cyrillic),
        (0x2E80...0x2FDF, .han),
        (0x3005...0x3007, .han), (0x3021...0x3029, .han), (0x3038...0x303B, .han),
        (0x3040...0x309F, .hiragana),
        (0x30A0...0x30FF, .katakana),
        (0x3130...0x318F, .hangul),
        (0x31F0...0x31FF, .katakana),
        (0x3400...0x4DBF, .han),
        (0x4E00...0x9FFF, .han),
        (0xA640...0xA69F, .cyrillic),
        (0xA720...0xA7FF, .latin),
        (0xA8E0...0xA8FF, .devanagari),
        (0xA960...0xA97F, .hangul),
        (0xAB30...0xAB6F, .latin),
        (0xAC00...0xD7FF, .hangul),
        (0xF900...0xFAFF, .han),
        (0xFB00...0xFB06, .latin),
        (0xFB13...0xFB17, .armenian),
        (0xFB1D...0xFB4F, .hebrew),
        (0xFB50...0xFDFF, .arabic),
        (0xFE70...0xFEFF, .arabic),
        (0xFF21...0xFF3A, .latin), (0xFF41...0xFF5A, .latin),
        (0xFF66...0xFF9F, .katakana),
        (0xFFA0...0xFFDC, .hangul),
        (0x1B000...0x1B0FF, .hiragana),
        (0x20000...0x3134F, .han),
    ]

    /// The script of a letter; nil for what is not a letter (digits, punctuation, symbols,
    /// spaces, emoji) and for combining marks outside the ranges above.
    static func of(_ scalar: Unicode.Scalar) -> WritingScript? {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x41...0x5A, 0x61...0x7A: return .latin
            default: return nil
            }
        }
        // Not letters of a text's language: the micro sign, letterlike symbols (ℓ, №), Roman
        // numerals and circled letters.
        if value == 0xB5 || (0x2100...0x218F).contains(value) || (0x24B6...0x24E9).contains(value) { return nil }
        guard scalar.properties.isAlphabetic else { return nil }
        var low = 0, high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let (range, script) = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return script
            }
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return nil
        default: return .other
        }
    }

    /// A Chinese character or kana: a word on its own where words are not spaced.
    static func isIdeographicOrKana(_ scalar: Unicode.Scalar) -> Bool {
        switch of(scalar) {
        case .han, .hiragana, .katakana: return true
        default: return false
        }
    }

    /// Scripts by ISO 15924 code, for locale tags that name one (`sr-Latn`, `zh-Hant`).
    private static let byCode: [String: Set<WritingScript>] = [
        "latn": [.latin], "cyrl": [.cyrillic], "grek": [.greek], "armn": [.armenian], "geor": [.georgian],
        "hebr": [.hebrew], "arab": [.arabic], "ethi": [.ethiopic], "deva": [.devanagari], "beng": [.bengali],
        "guru": [.gurmukhi], "gujr": [.gujarati], "taml": [.tamil], "telu": [.telugu], "knda": [.kannada],
        "mlym": [.malayalam], "sinh": [.sinhala], "thai": [.thai], "laoo": [.lao], "mymr": [.myanmar],
        "khmr": [.khmer], "hang": [.hangul], "kore": [.hangul, .han], "hani": [.han], "hans": [.han],
        "hant": [.han], "hira": [.hiragana], "kana": [.katakana], "hrkt": [.hiragana, .katakana],
        "jpan": [.han, .hiragana, .katakana],
    ]

    /// The scripts each language is written in, by language subtag.
    private static let byLanguage: [String: Set<WritingScript>] = {
        var table: [String: Set<WritingScript>] = [:]
        func add(_ languages: String, _ scripts: Set<WritingScript>) {
            for language in languages.split(separator: " ") { table[String(language)] = scripts }
        }
        add("""
            af az ca cs cy da de en eo es et eu fi fil fo fr fy ga gd gl ha haw hr hu id ig is it jv la lb lt lv \
            mg mi ms mt nb nl nn no om pl pt rm ro rw sk sl sm sn so sq su sv sw tk tl tr uz vi wo xh yo zu
            """, [.latin])
        add("ru uk bg be mk kk ky tg mn tt ba cv", [.cyrillic])
        add("sr bs", [.cyrillic, .latin])
        add("el", [.greek])
        add("hy", [.armenian])
        add("ka", [.georgian])
        add("he yi", [.hebrew])
        add("ar fa ur ps ug sd ckb", [.arabic])
        add("am ti", [.ethiopic])
        add("hi mr ne sa", [.devanagari])
        add("bn as", [.bengali])
        add("pa", [.gurmukhi])
        add("gu", [.gujarati])
        add("ta", [.tamil])
        add("te", [.telugu])
        add("kn", [.kannada])
        add("ml", [.malayalam])
        add("si", [.sinhala])
        add("th", [.thai])
        add("lo", [.lao])
        add("my", [.myanmar])
        add("km", [.khmer])
        add("ko", [.hangul, .han])
        add("ja", [.han, .hiragana, .katakana])
        add("zh yue", [.han])
        return table
    }()

    /// The scripts text in `locale` is written in: its script subtag's when it has one, else its
    /// language's; nil when the table does not know.
    static func expected(for locale: String) -> Set<WritingScript>? {
        let subtags = locale.split(separator: "-").map { $0.lowercased() }
        guard let language = subtags.first else { return nil }
        if subtags.count > 1, subtags[1].count == 4, subtags[1].allSatisfy(\.isLetter) {
            return byCode[subtags[1]]
        }
        return byLanguage[language]
    }

    /// How to name a set of scripts in a message.
    static func names(_ scripts: Set<WritingScript>) -> String {
        let sorted = allCases.filter(scripts.contains).map(\.rawValue)
        if sorted.count <= 1 { return sorted.first ?? "" }
        return sorted.dropLast().joined(separator: ", ") + " or " + sorted.last!
    }
}

import QuizBank

struct BlankNotAtEndRule: QuestionRule {
    static let description = RuleDescription(
        id: "blank-not-at-end",
        summary: "A fill-in-the-blank stem whose blank (___, ....) is not at its end.",
        rationale: """
            A completion stem with the blank in the middle makes the learner hold the start of the \
            sentence, read each choice into the gap and reread the rest, which tests reading more \
            than the content. Tarrant et al. (2006) count "fill-in-the-blank" stems with the blank \
            inside the sentence among the frequent item-writing flaws; Haladyna, Downing & \
            Rodriguez (2002) accept the completion format (guideline 9) but ask for the central \
            idea in the stem (guideline 15) and for as little reading as possible (guideline 13), \
            which a blank at the end, or a question, gives; the NBME Item-Writing Guide \
            (Paniagua & Swygert, 4th ed.) prefers a closed question to a completion. A blank is \
            three or more underscores, also joined to a word ("a______", a first letter given), \
            one or two underscores standing alone ("The _ is"), or four or more dots (or two \
            ellipsis characters) standing alone between spaces; "...", "…" and dots joined to a word are read as ellipses, which \
            quotations are full of. A blank is at the end when only punctuation follows it ("___." \
            and "___?" are fine); a blank followed by a colon stands for a speaker and is not \
            judged. A stem that quotes — it says missing, complete, finish, fill in, blank, word, \
            sentence, lyric, song, line, quote, say, dialogue, proverb, saying, slogan, title, poem \
            or verse — is not reported: the quotation fixes where its gap is. True/false statements are not checked. \
            Known limits: a blank written otherwise ("[blank]", "(...)", a dash) is not seen, \
            and a quoting stem is skipped even when its gap is the writer's. \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: mitochondria
                    text: ↓The ____ is the powerhouse of the cell.
                    choices:
                      - text: mitochondrion
                        correct: true
                      - nucleus
                      - ribosome
                """),
            // A single underscore; a blank joined to the word it starts.
            .triggering(questions: """
                  - id: cell
                    text: ↓The _ is the powerhouse of the cell.
                    choices:
                      - text: mitochondrion
                        correct: true
                      - nucleus
                  - id: hint
                    text: ↓Bees make honey in a h______ of wax cells.
                    choices:
                      - text: hive
                        correct: true
                      - nest
                """),
            // Near misses: the blank at the end before a full stop or question mark; a quotation;
            // an underscore inside a name.
            .passing(questions: """
                  - id: mitochondria
                    text: The powerhouse of the cell is the ____.
                    choices:
                      - text: mitochondrion
                        correct: true
                      - nucleus
                  - id: symbol
                    text: The chemical symbol of gold is ...?
                    choices:
                      - text: Au
                        correct: true
                      - Ag
                  - id: proverb
                    text: "Complete the proverb: Too many ____ spoil the broth."
                    choices:
                      - text: cooks
                        correct: true
                      - chefs
                  - id: variable
                    text: In Python, what does the name my_list hold by convention?
                    choices:
                      - text: A list
                        correct: true
                      - A number
                  - id: dots
                    text: Which general wrote ... in his memoirs of the Gallic War?
                    choices:
                      - text: The die is cast
                        correct: true
                      - I came, I saw, I conquered
                """),
        ])

    init(options: RuleOptions) {}

    private static let quotationWords: Set<String> = [
        "missing", "complete", "completes", "completing", "finish", "fill", "blank", "blanks", "lyric", "lyrics", "quote",
        "quotation", "proverb", "saying", "slogan", "verse", "motto", "phrase", "idiom", "song", "line", "lines", "dialogue",
        "dialog", "conversation", "say", "says", "said", "word", "words", "sentence", "title", "poem",
    ]

    /// The blanks of `text` as ranges.
    static func blanks(in text: String) -> [Range<String.Index>] {
        asciiBlanks(in: text) ?? blanksOfAnyText(in: text)
    }

    /// `blanks` of an ASCII text, read as bytes (asked of every stem); nil for any other text.
    static func asciiBlanks(in text: String) -> [Range<String.Index>]? {
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable { bytes -> [Range<String.Index>]? in
            guard ByteSet.nonASCII.firstIndex(in: bytes) == nil else { return nil }
            func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            // ASCII's punctuation (general category P): the rest of its marks are symbols.
            func isPunctuation(_ byte: UInt8) -> Bool {
                switch byte {
                case UInt8(ascii: "!"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                     UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."),
                     UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["),
                     UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "_"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                    return true
                default:
                    return false
                }
            }
            var result: [Range<String.Index>] = []
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "_") || bytes[index] == UInt8(ascii: ".") else {
                    index += 1
                    continue
                }
                var end = index
                var underscores = 0, dots = 0
                while end < bytes.count, bytes[end] == UInt8(ascii: "_") || bytes[end] == UInt8(ascii: ".") {
                    if bytes[end] == UInt8(ascii: "_") { underscores += 1 } else { dots += 1 }
                    end += 1
                }
                let before = index > 0 ? bytes[index - 1] : 0x20
                let after = end < bytes.count ? bytes[end] : 0x20
                let standsAlone = isWhitespace(before) && (isWhitespace(after) || isPunctuation(after))
                let isBlank = underscores >= 3 || (underscores >= 1 || dots >= 4) && standsAlone
                if isBlank && after != UInt8(ascii: ":") {
                    result.append(utf8.index(utf8.startIndex, offsetBy: index)..<utf8.index(utf8.startIndex, offsetBy: end))
                }
                index = end
            }
            return result
        } ?? nil
    }

    /// `blanks` of any text, `Character` by `Character`.
    static func blanksOfAnyText(in text: String) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "_" || character == "." || character == "\u{2026}" else {
                index = text.index(after: index)
                continue
            }
            var end = index
            var underscores = 0, dots = 0, ellipses = 0
            while end < text.endIndex, text[end] == "_" || text[end] == "." || text[end] == "\u{2026}" {
                switch text[end] {
                case "_": underscores += 1
                case ".": dots += 1
                default: ellipses += 1
                }
                end = text.index(after: end)
            }
            let before = index > text.startIndex ? text[text.index(before: index)] : " "
            let after = end < text.endIndex ? text[end] : " "
            // Dots are a blank only as a long run standing alone ("polish and ........ to it"):
            // "...", "…" and dots joined to words are ellipses, which quotations are full of.
            // One or two underscores are a blank standing alone ("The _ is"), not inside a
            // name (`snake_case`).
            let standsAlone = before.isWhitespace && (after.isWhitespace || after.isPunctuation)
            let isBlank = underscores >= 3 || (underscores >= 1 || dots >= 4 || ellipses >= 2) && standsAlone
            // A blank just before a colon stands for a speaker ("_____: Why, anybody can have a brain").
            if isBlank && after != ":" { result.append(index..<end) }
            index = end
        }
        return result
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse else { return }
        for entry in English.entries(of: question.text, sourceLocale: bank.sourceLocale) {
            let blanks = Self.blanks(in: entry.text)
            guard let first = blanks.first else { continue }
            let after = entry.text[first.upperBound...]
            // Only punctuation, spaces and further blank marks after the blank: it is at the end.
            guard after.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            let words = English.words(entry.text)
            guard !words.contains(where: { Self.quotationWords.contains($0.lower) }) else { continue }
            let following = English.words(String(after)).prefix(4).map(\.text).joined(separator: " ")
            report("the blank '\(entry.text[first])' in the stem of question '\(question.id.value)'"
                   + "\(English.suffix(entry, sourceLocale: bank.sourceLocale)) is followed by '\(following)…': "
                   + "put the blank at the end, or ask a question", at: entry.range)
        }
    }
}

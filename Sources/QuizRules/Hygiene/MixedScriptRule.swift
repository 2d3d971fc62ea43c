import QuizBank
import QuizLint

struct MixedScriptRule: QuestionRule {
    static let description = RuleDescription(
        id: "mixed-script",
        summary: "A word that mixes Latin letters with Cyrillic or Greek look-alikes (a Cyrillic `а` in `Pаris`).",
        rationale: """
            Text pasted from other documents or typed on a second keyboard layout brings letters \
            that look Latin and are not. Learners cannot see them, but search, sorting, \
            text-to-speech, spell checkers and answer matching all treat "Pаris" with a Cyrillic \
            `а` as a different word. A word (a run of letters: hyphens, apostrophes, digits and \
            spaces separate words) is reported when it is a Latin word with a Cyrillic or Greek \
            letter that looks Latin (`а е о р с у х і ј`, `Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ ο`, ...); a \
            Cyrillic or Greek word whose Latin letters all look like letters of that script \
            ("Mосква" with a Latin `M`); or a word all in look-alikes among Latin words, with no \
            other word of its script in the text ("а sport trophy" with a Cyrillic `а`; a Greek \
            letter on its own is a symbol). Scientific notation and stylized names stay quiet: \
            "α-helix", "π", "μm", "kΩ", "ΔT", "TNFα", "2πr", "KoЯn", and whole Greek or Russian \
            words. The fixed word is suggested.
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: capital
                    text: What is the capital of ↓Frаnce?
                    choices:
                      - text: ↓Pаris
                        correct: true
                      - ↓ΑTHENS
                      - ↓а city in Texas
                    explanation: Paris has been the capital since 987.
                """),
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                locales: [en, ru]
                questions:
                  - id: moscow
                    text:
                      en: Moscow is the capital of Russia.
                      ru: ↓Mосква — столица России.
                    answer: true
                    explanation:
                      en: It has been since 1918.
                      ru: С 1918 года.
                """),
            .passing(questions: """
                  - id: helix
                    text: Which structure is the α-helix of a protein, about 0.5 μm long at most (ΔT = 2πr)?
                    choices:
                      - text: A coiled chain held by hydrogen bonds, as in TNFα
                        correct: true
                      - A flat sheet of 10 kΩ
                    explanation: Greek letters name structures; Москва and Αθήνα are spelt in their own scripts, π is just π, and KoЯn writes its R backwards.
                """),
        ],
        fix: .safe("each look-alike letter of the word becomes its Latin letter"))

    init(options: RuleOptions) {}

    /// The script of a letter, from the table `wrong-script` uses; `.other` for what is not a letter.
    private static func script(of scalar: Unicode.Scalar) -> WritingScript {
        WritingScript.of(scalar) ?? .other
    }

    /// Cyrillic and Greek letters that look like Latin ones, and the Latin letter each looks like.
    private static let latinLookAlike: [Unicode.Scalar: Unicode.Scalar] = [
        // Cyrillic
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j",
        "ԁ": "d", "ӏ": "l", "ԛ": "q", "ԝ": "w", "һ": "h", "ү": "y",
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
        "Х": "X", "У": "Y", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q", "Ԝ": "W", "Ү": "Y",
        // Greek
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
        "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ϲ": "c", "ϳ": "j",
    ]

    /// The other way round: the Cyrillic and the Greek letter a Latin one looks like.
    private static let lookAlikeOfLatin: [WritingScript: [Unicode.Scalar: Unicode.Scalar]] = {
        var maps: [WritingScript: [Unicode.Scalar: Unicode.Scalar]] = [.cyrillic: [:], .greek: [:]]
        // In code point order, so that of two look-alikes (`у` and `ү`) the same one always wins.
        for (foreign, latin) in latinLookAlike.sorted(by: { $0.key.value < $1.key.value }) {
            let script = MixedScriptRule.script(of: foreign)
            if maps[script]?[latin] == nil { maps[script]?[latin] = foreign }
        }
        return maps
    }()

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        let source = bank.source
        question.forEachText(sourceLocale: bank.sourceLocale, where: { _, text in mayHaveGreekOrCyrillic(text) }) { entry in
            let scalars = entry.text.scalarArray
            guard scalars.contains(where: { $0.value >= 0x370 }) else { return }
            var hasLatinWord = false
            var hasForeignWord = false
            var lookAlikeWords: [Range<Int>] = []
            for word in letterRuns(in: scalars) {
                let letters = Array(scalars[word])
                // Looked up in the array: a `Set` of a word's scripts cost more than the rest.
                let scripts = letters.map(Self.script(of:))
                let latin = scripts.contains(.latin), cyrillic = scripts.contains(.cyrillic), greek = scripts.contains(.greek)
                if latin, cyrillic || greek {
                    guard let (stray, fixed, foreign) = strayLetters(in: letters) else { continue }
                    let majority = stray.allSatisfy { Self.script(of: $0) == .latin } ? foreign : "Latin"
                    let strayScript = majority == "Latin" ? foreign : "Latin"
                    reportWord(entry, word, "\(majority) with \(strayScript) \(stray.count == 1 ? "letter" : "letters")",
                               stray: stray, fixed: fixed, scalars: scalars, source: source, reporter: &report)
                } else if latin {
                    hasLatinWord = true
                } else if cyrillic || greek {
                    // A Greek letter on its own is a symbol ("the letter Ο"); a Cyrillic one is
                    // most often the article "a" typed on the wrong layout.
                    let passesForLatin = letters.allSatisfy { Self.script(of: $0) == .other || Self.latinLookAlike[$0] != nil }
                    if passesForLatin, cyrillic || letters.count > 1 {
                        lookAlikeWords.append(word)
                    } else {
                        hasForeignWord = true
                    }
                }
            }
            // "а sport trophy": a word all in look-alikes among Latin words, with no real word of
            // its script beside it (a Russian quotation has some).
            guard hasLatinWord, !hasForeignWord else { return }
            for word in lookAlikeWords {
                let stray = scalars[word].filter { Self.script(of: $0) != .other }
                let fixed = String(scalars: scalars[word].map { Self.latinLookAlike[$0] ?? $0 })
                let script = stray.contains { Self.script(of: $0) == .cyrillic } ? "Cyrillic" : "Greek"
                reportWord(entry, word, "a \(script) look-alike among Latin words:", stray: Array(stray), fixed: fixed,
                           scalars: scalars, source: source, reporter: &report)
            }
        }
    }

    /// A quick look at the bytes: Greek starts at U+0370, whose UTF-8 starts with 0xCD, so a text
    /// without a byte from 0xCD up (most texts) has no Greek or Cyrillic letter.
    private func mayHaveGreekOrCyrillic(_ text: String) -> Bool {
        text.withUTF8Bytes { Self.fromGreekUp.firstIndex(in: $0) != nil }
    }

    private static let fromGreekUp = ByteSet { $0 >= 0xCD }

    /// Reports a word: "`text` has the word 'Pаris', Latin with Cyrillic letter 'а' U+0430 ...".
    private func reportWord(_ entry: AuthoredText, _ word: Range<Int>, _ what: String, stray: [Unicode.Scalar], fixed: String?,
                            scalars: [Unicode.Scalar], source: [UInt8], reporter report: inout FindingReporter) {
        let shown = String(scalars: scalars[word])
        let letters = stray.map { "'\($0)' \($0.codePointName)" }.joined(separator: ", ")
        let range = TextSpan.range(word, in: entry, source: source)
        // The suggestion replaces what the range covers: the word, or the whole text.
        let suggestion = fixed.map { fixedWord -> String in
            guard range == entry.range else { return fixedWord }
            return String(scalars: scalars[..<word.lowerBound]) + fixedWord
                + String(scalars: scalars[word.upperBound...])
        }
        // Safe: a look-alike letter in a Latin word is never what the author meant to write.
        let fix = suggestion.map { text in
            Finding.Fix(range: range, replacement: text, safety: .safe, target: range == entry.range ? .scalar(entry.text) : .text(shown))
        }
        report("\(entry.place) has the word '\(shown)', \(what) \(letters)",
               at: range, suggestion: suggestion, fix: fix)
    }

    /// Runs of letters and combining marks: hyphens, apostrophes, digits and the rest separate words.
    private func letterRuns(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, scalar) in scalars.enumerated() {
            // An ASCII word character is a letter or a digit: no need to look up the numeric type.
            let isLetter = scalar.isWordCharacter
                && (scalar.isASCII ? !("0"..."9").contains(scalar) : scalar.properties.numericType == nil)
            if isLetter, start == nil { start = index }
            if !isLetter, let first = start { runs.append(first..<index); start = nil }
        }
        if let first = start { runs.append(first..<scalars.count) }
        return runs
    }

    /// The letters of a word that are in the wrong script, the word fixed (when every one has
    /// a look-alike) and the name of the non-Latin script; nil for a word in one script, for
    /// notation and for stylization.
    private func strayLetters(in word: [Unicode.Scalar]) -> ([Unicode.Scalar], String?, String)? {
        let scripts = word.map(Self.script(of:))
        let latin = scripts.filter { $0 == .latin }.count
        let cyrillic = scripts.filter { $0 == .cyrillic }.count
        let greek = scripts.filter { $0 == .greek }.count
        guard latin > 0, cyrillic + greek > 0 else { return nil }
        let foreign: WritingScript = cyrillic >= greek ? .cyrillic : .greek
        let foreignCount = max(cyrillic, greek)
        let name = foreign == .cyrillic ? "Cyrillic" : "Greek"
        // The minority script is the stray one; on a tie the non-Latin letters are.
        let strayScript: WritingScript = foreignCount > latin ? .latin : foreign
        let strayIndexes = word.indices.filter { scripts[$0] == strayScript }
        // Greek or Cyrillic in a Latin word is notation ("TNFα", "kΩ") or stylization ("KoЯn")
        // unless one of its letters passes for a Latin one; Latin in a Greek or Cyrillic word is
        // a slip only when every Latin letter passes for one of that script.
        let lookAlikes = strayIndexes.filter { index in
            strayScript == .latin ? Self.lookAlikeOfLatin[foreign]?[word[index]] != nil : Self.latinLookAlike[word[index]] != nil
        }
        if strayScript == .latin ? (lookAlikes.count < strayIndexes.count || foreignCount < 2) : lookAlikes.isEmpty { return nil }
        var fixed = word
        var complete = true
        for index in strayIndexes {
            let replacement = strayScript == .latin ? Self.lookAlikeOfLatin[foreign]?[word[index]] : Self.latinLookAlike[word[index]]
            if let replacement { fixed[index] = replacement } else { complete = false }
        }
        return (strayIndexes.map { word[$0] }, complete ? String(scalars: fixed) : nil, name)
    }
}

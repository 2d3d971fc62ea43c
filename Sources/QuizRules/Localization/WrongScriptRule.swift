import QuizBank
import QuizLint

struct WrongScriptRule: BankRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var minLetters = 5

        static let elements: [RuleOptionElement<Self>] = [
            .integer("min-letters", \.minLetters, in: 1...1_000, "the fewest letters a text must have to be judged"),
        ]
    }

    static let description = RuleDescription(
        id: "wrong-script",
        summary: "A translation written mostly in letters its locale does not use: Russian in Latin letters, English in Cyrillic.",
        rationale: """
            A translation pasted into the wrong locale (the `ru` text under `en`), transliterated \
            instead of translated (`Solntse - zvezda`), or left in the wrong keyboard layout shows \
            the learner a text they may not be able to read at all. Each translation (not the \
            source text, whose language is the author's choice) is checked against the scripts \
            its locale is written in: from a script subtag when the tag has one (`sr-Latn`, \
            `zh-Hant`), else from a table of languages (Latin for en, pt, es, fr, de, tr, vi, ...; \
            Cyrillic for ru, uk, bg, ...; Cyrillic or Latin for sr; Greek for el; Arabic for ar, fa, \
            ur; Hebrew for he; Devanagari for hi, mr, ne; Thai for th; Hangul for ko; kanji and \
            kana for ja; Han for zh; and more). Only letters count, not digits, punctuation or \
            symbols; a text with fewer than `min-letters` letters is not judged, and a text is \
            reported only when more than half of its letters are in other scripts, so names and \
            terms in another alphabet (`DNA`, `NASA`) are fine. Locales the table does not know are \
            not checked.
            """,
        severity: .warning,
        scope: .bank,
        options: Options.declarations,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: {en: Astronomy, ru: Астрономия, ja: 天文学}
                locale: en
                locales: [en, ru, ja]
                questions:
                  - id: sun
                    text:
                      en: The Sun is a star.
                      ru: ↓Solntse - eto zvezda.
                      ja: ↓The Sun is a star.
                    answer: true
                    explanation:
                      en: Это жёлтый карлик.
                      ru: Это жёлтый карлик.
                      ja: 黄色矮星です。
                """),
            // The source text is not checked: its language is the author's choice.
            .passing("""
                quizbank: 1
                id: demo
                title: {en: Astronomy, ru: Астрономия}
                locale: en
                locales: [en, ru]
                questions:
                  - id: sun
                    text:
                      en: The Sun is a star.
                      ru: Солнце — звезда.
                    answer: true
                    explanation:
                      en: Это жёлтый карлик.
                      ru: Это жёлтый карлик.
                """),
            // Foreign abbreviations in a text, and texts of too few letters, are fine.
            .passing("""
                quizbank: 1
                id: demo
                title: {en: Biology, ru: Биология, ja: 生物学, sr-Latn: Biologija}
                locale: en
                locales: [en, ru, ja, sr-Latn]
                questions:
                  - id: dna
                    text:
                      en: DNA carries genetic information.
                      ru: ДНК (DNA) несёт генетическую информацию.
                      ja: DNAは遺伝情報を運ぶ。
                      sr-Latn: DNK nosi genetske informacije.
                    answer: true
                    hints:
                      - {en: NASA, ru: NASA, ja: NASA, sr-Latn: NASA}
                """),
            .triggering("""
                quizbank: 1
                id: demo
                title: {en: Biology, sr-Latn: ↓Биологија}
                locale: en
                locales: [en, sr-Latn]
                questions:
                  - id: dna
                    text: {en: DNA carries genetic information., sr-Latn: DNK nosi genetske informacije.}
                    answer: true
                """),
        ])

    private let minLetters: Int

    init(options: Options) {
        minLetters = max(1, options.minLetters)
    }

    func check(_ bank: LintBank, report: inout FindingReporter) {
        guard bank.bank.outputLocales.count > 1 else { return }
        let source = bank.sourceLocale
        var expectedOf: [String: Set<WritingScript>?] = [:]
        LocalizableTexts.forEach(in: bank.bank) { text, place in
            guard case .translated(let entries) = text.form else { return }
            for entry in entries where entry.locale != source {
                let expected: Set<WritingScript>?
                if let known = expectedOf[entry.locale] {
                    expected = known
                } else {
                    expected = WritingScript.expected(for: entry.locale)
                    expectedOf[entry.locale] = .some(expected)
                }
                guard let expected else { continue }
                var letters = 0
                var outside: [WritingScript: Int] = [:]
                for scalar in entry.text.unicodeScalars {
                    guard let script = WritingScript.of(scalar) else { continue }
                    letters += 1
                    if !expected.contains(script) { outside[script, default: 0] += 1 }
                }
                let outsideCount = outside.values.reduce(0, +)
                guard letters >= minLetters, outsideCount * 2 > letters else { continue }
                let main = outside.max { $0.value != $1.value ? $0.value < $1.value : $0.key.rawValue > $1.key.rawValue }!.key
                let mainName = main == .other ? "letters of another script" : "\(main.rawValue) letters"
                report("the '\(entry.locale)' translation of \(place) is mostly in \(mainName) (\(outsideCount) of \(letters) letters), "
                       + "not \(WritingScript.names(expected))", at: entry.range)
            }
        }
    }
}

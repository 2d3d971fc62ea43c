import QuizBank
import QuizLint

struct UntranslatedTextRule: BankRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var minWords = 4

        static let elements: [RuleOptionElement<Self>] = [
            .integer("min-words", \.minWords, in: 1...1_000, "the fewest words a text must have to be checked"),
        ]
    }

    static let description = RuleDescription(
        id: "untranslated-text",
        summary: "A translation that is the same as the source text: copied in, not translated.",
        rationale: """
            Copying the source text into every locale is how a translation is started, and a \
            copy that was never replaced passes every other check: the mapping is complete. The \
            learner meets a sentence in the wrong language. Texts are compared after trimming, \
            with runs of white space as one space and without regard to case. Names, numbers and \
            short terms are legitimately the same in many languages, so only texts of at least \
            `min-words` words are checked (a word is a run of characters with at least one letter; \
            each Chinese character or kana counts as a word). Two variants of one language \
            (`pt-BR` and `pt-PT`, `en-US` and `en-GB`) may well share a text and are not compared.
            """,
        severity: .warning,
        scope: .bank,
        options: Options.declarations,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: {pt-BR: Astronomia, en: Astronomy}
                locale: pt-BR
                locales: [pt-BR, en]
                questions:
                  - id: sun
                    text:
                      pt-BR: O Sol é uma estrela.
                      en: ↓O Sol é uma estrela.
                    answer: true
                    explanation:
                      pt-BR: É uma anã amarela do tipo G2V.
                      en: ↓"  é uma anã  amarela do tipo G2V. "
                """),
            // Short texts and names are the same in both languages, and the check is off for them.
            .passing("""
                quizbank: 1
                id: demo
                title: {pt-BR: Astronomia, en: Astronomy}
                locale: pt-BR
                locales: [pt-BR, en]
                questions:
                  - id: apollo
                    text:
                      pt-BR: A Apollo 11 pousou na Lua em 1969.
                      en: Apollo 11 landed on the Moon in 1969.
                    answer: true
                    explanation: {pt-BR: Neil Armstrong, en: Neil Armstrong}
                    hints:
                      - {pt-BR: Julho de 1969, en: Julho de 1969}
                """),
            .passing("""
                quizbank: 1
                id: demo
                title: {en-US: Astronomy, en-GB: Astronomy}
                locale: en-US
                locales: [en-US, en-GB]
                questions:
                  - id: color
                    text:
                      en-US: The Sun is a yellow dwarf star.
                      en-GB: The Sun is a yellow dwarf star.
                    answer: true
                """),
            .triggering("""
                quizbank: 1
                id: demo
                title: {pt-BR: Astronomia, en: Astronomy}
                locale: pt-BR
                locales: [pt-BR, en]
                questions:
                  - id: apollo
                    text: {pt-BR: A Apollo 11 pousou na Lua em 1969., en: Apollo 11 landed on the Moon in 1969.}
                    answer: true
                    hints:
                      - {pt-BR: Julho de 1969, en: ↓Julho de 1969}
                """, options: ["min-words": .integer(2)]),
        ])

    private let minWords: Int

    init(options: Options) {
        minWords = max(1, options.minWords)
    }

    func check(_ bank: LintBank, report: inout FindingReporter) {
        guard bank.bank.outputLocales.count > 1 else { return }
        let source = bank.sourceLocale
        let sourceLanguage = LocalizableTexts.language(of: source)
        LocalizableTexts.forEach(in: bank.bank) { text, place in
            guard case .translated(let entries) = text.form,
                  let original = entries.first(where: { $0.locale == source })?.text,
                  Self.wordCount(original) >= minWords else { return }
            let key = Self.comparable(original)
            for entry in entries where entry.locale != source && LocalizableTexts.language(of: entry.locale) != sourceLanguage {
                guard Self.comparable(entry.text) == key else { continue }
                report("the '\(entry.locale)' translation of \(place) is the same as its '\(source)' source text",
                       at: entry.range)
            }
        }
    }

    /// Trimmed, white space collapsed, lower-cased.
    static func comparable(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").lowercased()
    }

    /// Runs of non-space characters with a letter in them; each ideograph or kana on its own.
    static func wordCount(_ text: String) -> Int {
        var count = 0
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            var hasLetter = false
            for scalar in token.unicodeScalars where scalar.properties.isAlphabetic {
                if WritingScript.isIdeographicOrKana(scalar) { count += 1 } else { hasLetter = true }
            }
            if hasLetter { count += 1 }
        }
        return count
    }
}

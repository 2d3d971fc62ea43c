import QuizBank
import QuizYAML

struct VagueTermsRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var terms = VagueTermsRule.defaultTerms
        var checkChoices = false

        static let elements: [RuleOptionElement<Self>] = [
            .strings("terms", \.terms, "the vague terms, lower case"),
            .boolean("check-choices", \.checkChoices, "also check the choices of choice questions"),
        ]
    }

    static let defaultTerms = [
        "often", "usually", "sometimes", "frequently", "rarely", "seldom", "generally", "occasionally", "typically",
        "normally", "may", "might",
    ]

    static let description = RuleDescription(
        id: "vague-terms",
        summary: "A stem or true/false statement with a vague frequency term (often, usually, sometimes, rarely, may...).",
        rationale: """
            The NBME Item-Writing Guide (Paniagua & Swygert, 4th ed.) lists vague terms ("rarely", \
            "usually") among the flaws that add irrelevant difficulty: learners, and the experts \
            who review items, read them as different frequencies, so the item tests how one \
            interprets "often" rather than the content. Tarrant et al. (2006) count "vague terms" \
            among the frequent item-writing flaws, and Haladyna, Downing & Rodriguez (2002) ask \
            for clear directions in the stem (guideline 14) and against trick items (guideline 7). \
            In a true/false statement a hedge also cues the answer: "usually" and "may" make a \
            statement hard to call false, the mirror image of `absolute-terms`. Say how often, or \
            leave the word out. Superlatives ("most often", "more commonly") are comparisons, not \
            vague, and are not reported, nor are quoted text, text after a word that introduces a \
            quotation (said, line, lyrics...), titles in title case, the month "May", and a \
            concessive "may" ("Lions may be fast, but..."). In the stem of a choice question only the \
            sentence that asks is read (the one ending in "?", or the last): context before it \
            states facts ("London clubs usually bear the name of their district. Which of these is \
            not based in London?"). Choices are checked with `check-choices`. \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: aspirin
                    text: ↓Aspirin may cause stomach bleeding.
                    answer: true
                  - id: storms
                    text: ↓Which clouds usually bring thunderstorms?
                    choices:
                      - text: Cumulonimbus
                        correct: true
                      - Cirrus
                """),
            .triggering(questions: """
                  - id: storms
                    text: Which clouds bring thunderstorms?
                    choices:
                      - text: ↓Cumulonimbus, frequently
                        correct: true
                      - Cirrus
                """, options: ["check-choices": .boolean(true)]),
            // Near misses: superlatives, the month, a title, choices (not checked by default).
            .passing(questions: """
                  - id: language
                    text: Which language is most often spoken at home in Canada?
                    choices:
                      - text: English
                        correct: true
                      - French
                  - id: london
                    text: London clubs usually bear the name of their district. Which of these is based in London?
                    choices:
                      - text: Chelsea
                        correct: true
                      - Aston Villa
                  - id: lions
                    text: Lions may be skilled hunters, but what do they also eat?
                    choices:
                      - text: Carrion
                        correct: true
                      - Grass
                  - id: may
                    text: In May 1961, which Soviet cosmonaut was already a hero?
                    choices:
                      - text: Yuri Gagarin
                        correct: true
                      - Valentina Tereshkova
                  - id: song
                    text: Which band recorded Sometimes in 1981?
                    choices:
                      - text: Erasure
                        correct: false
                      - text: The Cure
                        correct: false
                      - text: Depeche Mode
                        correct: true
                      - Usually sometimes
                """),
        ])

    private let terms: English.TermList
    private let checkChoices: Bool

    init(options: Options) {
        terms = AbsoluteTermsRule.parse(options.terms)
        checkChoices = options.checkChoices
    }

    private static let comparatives: Set<String> = ["most", "more", "less", "least", "as", "how", "very", "quite", "fairly"]

    /// The vague terms of `text`, as written; of a stem (`askingOnly`), only those of the sentence
    /// that asks (ending in "?", or the last).
    func vagueTerms(in text: String, askingOnly: Bool = false) -> [String] {
        guard terms.firstWords.occur(in: text) else { return [] }
        let words = English.words(text)
        var candidates = Array(words.indices)
        if askingOnly {
            let sentences = English.sentences(text, words: words)
            candidates = sentences.enumerated().filter { $0.element.isQuestion || $0.offset == sentences.count - 1 }
                .flatMap { Array($0.element.words) }
        }
        var found: [String] = []
        for index in candidates {
            guard let term = English.term(at: index, of: words, in: terms.terms) else { continue }
            let first = words[index]
            guard !first.quoted, !first.isTitleWord, !first.isHyphenated, !English.followsQuoting(words, index) else { continue }
            // "Lions may be skilled predators, but...": a concession, not a frequency.
            if term == ["may"] || term == ["might"],
               words[(index + 1)..<min(words.count, index + 9)].contains(where: { $0.lower == "but" }) { continue }
            // "May" in capitals is a month even at the start of a sentence ("May 1961 saw...").
            if term == ["may"] && first.isCapitalized && !first.isAllCaps { continue }
            if index > 0, Self.comparatives.contains(words[index - 1].lower) { continue }
            found.append(words[index..<(index + term.count)].map(\.text).joined(separator: " "))
        }
        return found
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        let source = bank.sourceLocale
        let what = question.kind == .trueFalse ? "statement" : "stem"
        for entry in English.entries(of: question.text, sourceLocale: source) {
            let found = vagueTerms(in: entry.text, askingOnly: question.kind != .trueFalse)
            guard !found.isEmpty else { continue }
            report("the \(what) of question '\(question.id.value)'\(English.suffix(entry, sourceLocale: source)) uses "
                   + "\(English.list(found)), which learners read as different frequencies: say how often, or leave it out",
                   at: entry.range)
        }
        guard checkChoices else { return }
        for (index, choice) in question.choices.enumerated() {
            for entry in English.entries(of: choice.text, sourceLocale: source) {
                let found = vagueTerms(in: entry.text)
                guard !found.isEmpty else { continue }
                report("choice \(index + 1) \(English.quote(entry.text)) of question '\(question.id.value)'"
                       + "\(English.suffix(entry, sourceLocale: source)) uses \(English.list(found)): say how often, or leave it out",
                       at: entry.range)
            }
        }
    }
}

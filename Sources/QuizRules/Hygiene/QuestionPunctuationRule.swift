import QuizBank
import QuizLint

/// A bank rule, though it reports questions: `auto` needs the share of the whole bank's stems,
/// which a question rule would recount for every question.
struct QuestionPunctuationRule: BankRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        enum Style: String, CaseIterable, Sendable {
            case auto
            case questionMark = "question-mark"
            case off
        }

        var style = Style.auto
        var threshold: Double = 0.8

        static let elements: [RuleOptionElement<Self>] = [
            .choice("style", \.style,
                    "auto: follow the bank's own style; question-mark: stems must end with `?` or `:`; off: do not check"),
            .number("threshold", \.threshold, in: 0...1,
                    "with style auto, the share of conforming stems from which the bank's style is to end with `?` or `:`"),
        ]
    }

    static let description = RuleDescription(
        id: "question-punctuation",
        summary: "A choice question's text that lacks its `?`, or ends with no punctuation, in a bank whose choice questions end with `?` or `:`.",
        rationale: """
            A bank reads as one voice when its questions end alike, and a question that ends \
            with a full stop or with nothing was often cut or edited.

            Reported, with `style: auto`: in a bank (and locale) where at least `threshold` of the \
            choice questions' stems conform, the stems there that end with no punctuation or with \
            another mark that does not conform (`,`, `;`...), and those that end with `.` or `!` but \
            start like a question. Only choice \
            questions are looked at: a true/false text is a statement.

            A stem conforms when it:

            - ends with `?` (also `？`, `؟`, `፧`, `⸮`, and `;` in Greek) or `:` (also `：`);
            - is a completion: it ends with `…`, `...`, a dash or a blank, or has a blank (`__`, \
            `....`) inside.

            What does not count:

            - Closing quotes and brackets after the mark (`Who said "Eureka!"?`).
            - A remark in brackets (`How many are there? (With the expansion)`).
            - Material after the question or a colon (`Which film is this line from? "I'll be \
            back."`, `Who said this: I have a dream.`).

            A stem starts like a question when it starts with:

            - a question word, or a preposition and a question word, in English, Portuguese, \
            Spanish, French, German, Italian or Dutch ("When threatened, this fish swells." is a \
            clue, "When Bond plays golf, what does he say." a question);
            - `¿`.

            With `style: auto`, these are not reported:

            - A clue ("This actor played Fonzie.") or an instruction ("Name the longest river."): \
            it ends with a full stop by right, and banks mix them with questions on purpose.
            - A label of fewer than four words that ends with no punctuation and does not start like \
            a question ("Cameron Frye": which actor played him?): a prompt of its own kind.

            With `style: question-mark` every stem that does not conform is reported; `off` reports \
            nothing.
            """,
        severity: .info,
        scope: .bank,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: q1
                    text: What is the capital of France?
                    choices: [{text: Paris, correct: true}, Lyon]
                  - id: q2
                    text: Which planet is the largest?
                    choices: [{text: Jupiter, correct: true}, Mars]
                  - id: q3
                    text: 'Who said "Eureka!"?'
                    choices: [{text: Archimedes, correct: true}, Euclid]
                  - id: q4
                    text: Complete the proverb. Rome was not built in a...
                    choices: [{text: day, correct: true}, week]
                  - id: q5
                    text: In which year did the Berlin Wall fall↓.
                    choices: [{text: '1989', correct: true}, '1991']
                  - id: q6
                    text: Which gas do plants take i↓n
                    choices: [{text: Carbon dioxide, correct: true}, Oxygen]
                  - id: q7
                    text: 'Which game is this line from? "Up to the rooftop!"'
                    choices: [{text: Company of Heroes, correct: true}, Doom]
                  - id: q8
                    text: The ___ is the largest ocean.
                    choices: [{text: Pacific, correct: true}, Atlantic]
                  - id: q9
                    text: Which is a prime number (pick one?)
                    choices: [{text: '7', correct: true}, '8']
                  - id: q10
                    text: How many legs has a spider? (Count them all.)
                    choices: [{text: Eight, correct: true}, Six]
                  - id: tf
                    text: The Sun is a star.
                    answer: true
                """),
            .triggering(questions: """
                  - id: q1
                    text: Name the capital of France↓.
                    choices: [{text: Paris, correct: true}, Lyon]
                """, options: ["style": .string("question-mark")]),
            .passing(questions: """
                  - id: q1
                    text: What is the capital of France?
                    choices: [{text: Paris, correct: true}, Lyon]
                  - id: q2
                    text: Name the largest planet.
                    choices: [{text: Jupiter, correct: true}, Mars]
                  - id: q3
                    text: Three of these are mammals. Which one is not?
                    choices: [{text: Trout, correct: true}, Whale, Bat]
                  - id: q4
                    text: When threatened, this fish puffs up like a balloon.
                    choices: [{text: Pufferfish, correct: true}, Trout]
                  - id: q5
                    text: Who wrote Hamlet?
                    choices: [{text: Shakespeare, correct: true}, Marlowe]
                  - id: q6
                    text: Which gas do we breathe in?
                    choices: [{text: Oxygen, correct: true}, Helium]
                  - id: q7
                    text: How many continents are there?
                    choices: [{text: Seven, correct: true}, Five]
                  - id: q8
                    text: Where is the Louvre?
                    choices: [{text: Paris, correct: true}, Rome]
                  - id: q9
                    text: When did the Titanic sink?
                    choices: [{text: '1912', correct: true}, '1915']
                  - id: q10
                    text: What is the boiling point of water in °C?
                    choices: [{text: '100', correct: true}, '90']
                  - id: q11
                    text: Cameron Frye
                    choices: [{text: Alan Ruck, correct: true}, Matthew Broderick]
                  - id: q12
                    text: I have crossed oceans of time to find you. (1992)
                    choices: [{text: Dracula, correct: true}, Wolf]
                  - id: q13
                    text: What is 1 + 1?
                    choices: [{text: '2', correct: true}, '3']
                  - id: q14
                    text: What is 2 + 2?
                    choices: [{text: '4', correct: true}, '5']
                  - id: q15
                    text: What is 3 + 3?
                    choices: [{text: '6', correct: true}, '7']
                  - id: q16
                    text: What is 4 + 4?
                    choices: [{text: '8', correct: true}, '9']
                  - id: q17
                    text: What is 5 + 5?
                    choices: [{text: '10', correct: true}, '11']
                  - id: q18
                    text: What is 6 + 6?
                    choices: [{text: '12', correct: true}, '13']
                  - id: q19
                    text: What is 7 + 7?
                    choices: [{text: '14', correct: true}, '15']
                  - id: q20
                    text: What is 8 + 8?
                    choices: [{text: '16', correct: true}, '17']
                """),
            .passing(questions: """
                  - id: q1
                    text: What is the capital of France?
                    choices: [{text: Paris, correct: true}, Lyon]
                  - id: q2
                    text: Which planet is the largest
                    choices: [{text: Jupiter, correct: true}, Mars]
                  - id: q3
                    text: Three of these are mammals. Which one is not?
                    choices: [{text: Trout, correct: true}, Whale, Bat]
                """),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: el
                questions:
                  - id: q1
                    text: Ποια είναι η πρωτεύουσα της Γαλλίας;
                    choices: [{text: Παρίσι, correct: true}, Λυών]
                  - id: q2
                    text: Ποιος πλανήτης είναι ο μεγαλύτερος;
                    choices: [{text: Δίας, correct: true}, Άρης]
                  - id: q3
                    text: Ποιο είναι το μεγαλύτερο ζώο;
                    choices: [{text: Γαλάζια φάλαινα, correct: true}, Ελέφαντας]
                  - id: q4
                    text: 'Διαλέξτε τον πρώτο αριθμό:'
                    choices: [{text: '7', correct: true}, '8']
                  - id: q5
                    text: Η Ρώμη δεν χτίστηκε σε μία…
                    choices: [{text: μέρα, correct: true}, εβδομάδα]
                  - id: tf
                    text: Ο Ήλιος είναι αστέρι.
                    answer: true
                """),
        ])

    private let style: Options.Style
    private let threshold: Double

    init(options: Options) {
        style = options.style
        threshold = options.threshold
    }

    /// A stem that does not conform.
    private struct Stem {
        var entry: AuthoredText
        /// The offset of the last scalar before closing quotes, brackets and spaces.
        var offending: Int
    }

    /// The choice questions' stems in one locale: how many, and the ones that do not conform.
    private struct LocaleStems {
        var locale: String
        var count = 0
        var offending: [Stem] = []
    }

    func check(_ bank: LintBank, report: inout FindingReporter) {
        guard style != .off else { return }
        // In order of first appearance; a bank has few locales, so a list is searched.
        var byLocale: [LocaleStems] = []
        func stems(of locale: String) -> Int {
            if let index = byLocale.firstIndex(where: { $0.locale == locale }) { return index }
            byLocale.append(LocaleStems(locale: locale))
            return byLocale.count - 1
        }
        for question in bank.bank.questions where question.kind != .trueFalse {
            switch question.text.form {
            case .plain: byLocale[stems(of: bank.sourceLocale)].count += 1
            case .translated(let entries): for entry in entries { byLocale[stems(of: entry.locale)].count += 1 }
            }
            // Most stems end with '?' or ':' (a look at their last bytes): only the others are
            // made into entries and looked at closely.
            question.text.forEachAuthored(sourceLocale: bank.sourceLocale, where: { !HygieneQuickLook.endsWithASCIIStemMark($0) }, field: {
                QuestionField(place: .questionText(question.id.value), text: question.text)
            }) { entry in
                if let offset = offendingEnd(of: entry.text, language: entry.language) {
                    byLocale[stems(of: entry.locale)].offending.append(Stem(entry: entry, offending: offset))
                }
            }
        }
        for stems in byLocale {
            let conforming = stems.count - stems.offending.count
            let share = Double(conforming) / Double(max(stems.count, 1))
            if style == .auto, share < threshold { continue }
            let because = style == .auto
                ? "; \(Int((share * 100).rounded(.down)))% of this bank's choice questions"
                    + (byLocale.count > 1 ? " in \(stems.locale)" : "") + " end with '?' or ':'"
                : ", not with '?' or ':'"
            for stem in stems.offending {
                let offset = stem.offending
                let scalars = stem.entry.text.scalarArray
                let last = scalars[offset]
                let ending: String
                if last == "." || last == "!" {
                    // A clue ("This actor played ...") or an instruction ("Name the ...") ends
                    // with a full stop by right; a question that does is a slip.
                    let isQuestion = readsAsQuestion(stem.entry.text, language: stem.entry.language)
                    if style == .auto, !isQuestion { continue }
                    ending = isQuestion ? "reads as a question but ends with '\(last)'" : "ends with '\(last)'"
                } else {
                    // A label ("Cameron Frye", "Capital of France") is a prompt of its own kind.
                    if style == .auto, last.isWordCharacter, TextWords.ranges(in: scalars, limit: 4).count < 4,
                       !readsAsQuestion(stem.entry.text, language: stem.entry.language) {
                        continue
                    }
                    ending = last.isWordCharacter ? "ends without punctuation" : "ends with '\(last)'"
                }
                let message = "\(stem.entry.place) \(ending)\(because)"
                report(message, at: TextSpan.range(offset..<(offset + 1), in: stem.entry, source: bank.source))
            }
        }
    }

    // Classes of scalars by switches rather than sets, which hash the scalar: they are asked of
    // the last scalars of every stem.

    private static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", "\u{201D}", "\u{2019}", "\u{201C}", "»", "›", ")", "]", "}", "*": return true
        default: return false
        }
    }

    private static func isQuestionMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "?", "\u{FF1F}", "\u{061F}", "\u{1367}", "\u{2E2E}", ":", "\u{FF1A}": return true
        default: return false
        }
    }

    private static func isCompletion(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{2026}", "_", "\u{2013}", "\u{2014}", "-": return true
        default: return false
        }
    }

    /// Words a question starts with, by language; "will" and "may" are left out, being names too.
    private static let questionWords: [String: Set<String>] = [
        "en": ["who", "whom", "whose", "what", "which", "when", "where", "why", "how", "is", "are", "was", "were", "do",
               "does", "did", "can", "could", "would", "should", "has", "have", "had", "shall", "isn", "aren", "wasn",
               "doesn", "didn"],
        "pt": ["quem", "que", "qual", "quais", "quando", "onde", "aonde", "porque", "como", "quanto", "quanta", "quantos",
               "quantas"],
        "es": ["qué", "quién", "quiénes", "cuál", "cuáles", "cuándo", "dónde", "adónde", "cómo", "cuánto", "cuánta",
               "cuántos", "cuántas"],
        "fr": ["qui", "que", "quel", "quelle", "quels", "quelles", "quand", "où", "pourquoi", "comment", "combien", "lequel",
               "laquelle", "lesquels", "lesquelles", "est"],
        "de": ["wer", "wen", "wem", "wessen", "was", "welche", "welcher", "welches", "welchen", "welchem", "wann", "wo",
               "woher", "wohin", "warum", "wieso", "weshalb", "wie", "wieviel", "wozu", "womit", "wofür"],
        "it": ["chi", "che", "cosa", "quale", "quali", "quando", "dove", "perché", "come", "quanto", "quanta", "quanti",
               "quante"],
        "nl": ["wie", "wat", "welke", "welk", "wanneer", "waar", "waarom", "hoe", "hoeveel"],
    ]
    /// Prepositions a question may start with ("In which year ...", "Em que ano ...").
    private static let prepositions: [String: Set<String>] = [
        "en": ["in", "on", "at", "to", "for", "from", "by", "of", "with", "during", "after", "before", "about", "under",
               "since", "into", "through"],
        "pt": ["em", "de", "para", "por", "com", "a", "até", "desde", "sobre", "no", "na", "do", "da"],
        "es": ["en", "de", "para", "por", "con", "a", "desde", "hasta", "sobre"],
        "fr": ["en", "de", "à", "pour", "par", "avec", "dans", "depuis", "sur", "chez"],
        "de": ["in", "an", "auf", "mit", "von", "aus", "für", "seit", "nach", "zu", "bei", "um"],
        "it": ["in", "di", "a", "da", "per", "con", "su", "tra", "fra"],
        "nl": ["in", "op", "aan", "met", "van", "voor", "naar", "bij", "sinds"],
    ]

    /// Question words that also start clauses ("When threatened, this fish swells."): a stem
    /// that starts with one and has a comma is a question only if a question word follows the
    /// comma ("When Bond plays golf, what does he say").
    private static let clauseWords: Set<String> = [
        "when", "where", "quando", "onde", "como", "que", "quand", "où", "wo", "wie", "dove", "come", "che",
        "wanneer", "waar", "hoe",
    ]

    /// Whether a stem starts like a question: `¿`, or a question word (after a preposition) in
    /// a language the rule knows, at its start or after its first comma.
    private func readsAsQuestion(_ text: String, language: String) -> Bool {
        if text.unicodeScalars.first(where: { !$0.isUnicodeSpace }) == "¿" { return true }
        guard let questionWords = Self.questionWords[language] else { return false }
        func startsWithQuestionWord(_ words: [String]) -> Bool {
            guard let first = words.first else { return false }
            if questionWords.contains(first) { return true }
            return words.count > 1 && Self.prepositions[language]?.contains(first) == true && questionWords.contains(words[1])
        }
        // Only the first two words count.
        let words = TextWords.lowercased(String(text.prefix(60)), limit: 2)
        guard startsWithQuestionWord(words) else { return false }
        guard Self.clauseWords.contains(words[0]), let comma = text.firstIndex(of: ",") else { return true }
        return startsWithQuestionWord(TextWords.lowercased(String(text[text.index(after: comma)...].prefix(60)), limit: 2))
    }

    /// Where a stem that does not end with an ASCII mark (`HygieneQuickLook.endsWithASCIIStemMark`)
    /// and does not conform otherwise ends (before closing quotes and brackets), or nil.
    func offendingEnd(of text: String, language: String) -> Int? {
        if HygieneQuickLook.hasBlank(text) { return nil }
        let scalars = text.scalarArray
        var index = scalars.count - 1
        while index >= 0, scalars[index].isUnicodeSpace || Self.isClosing(scalars[index]) { index -= 1 }
        guard index >= 0 else { return nil }
        if conforms(scalars, at: index, language: language) { return nil }
        // "Which game are these quotes from? A: Up to the rooftop!" and "Who said this: I have a
        // dream.": a question or a colon, then the material it is about.
        if scalars[..<index].indices.contains(where: { position in
            let scalar = scalars[position]
            return scalar == "?" || scalar == "\u{FF1F}" || scalar == "\u{061F}" || scalar == "\u{FF1A}"
                || (scalar == ":" && position + 1 < index && scalars[position + 1].isUnicodeSpace)
        }) {
            return nil
        }
        // "How many are there? (With the expansion)", "I have crossed oceans of time. (1992)": the
        // stem ends where a remark in brackets starts.
        if let close = scalars.lastIndex(where: { !$0.isUnicodeSpace }), scalars[close] == ")",
           let open = scalars[..<close].lastIndex(of: "(") {
            var before = open - 1
            while before >= 0, scalars[before].isUnicodeSpace || Self.isClosing(scalars[before]) { before -= 1 }
            if before >= 0, conforms(scalars, at: before, language: language) { return nil }
            if before >= 0, scalars[before] == "." || scalars[before] == "!" { return before }
        }
        return index
    }

    private func conforms(_ scalars: [Unicode.Scalar], at index: Int, language: String) -> Bool {
        let last = scalars[index]
        if Self.isQuestionMark(last) || Self.isCompletion(last) { return true }
        if last == ";" || last == "\u{037E}", language == "el" { return true }
        return last == "." && index >= 2 && scalars[index - 1] == "." && scalars[index - 2] == "."
    }
}

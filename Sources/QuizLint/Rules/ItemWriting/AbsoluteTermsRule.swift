import QuizBank
import QuizYAML

struct AbsoluteTermsRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var terms = AbsoluteTermsRule.defaultTerms
        var checkChoices = false

        static let elements: [RuleOptionElement<Self>] = [
            .strings("terms", \.terms, "the absolute terms, lower case; a term may be several words (\"no one\")"),
            .boolean("check-choices", \.checkChoices,
                "also check the choices of choice questions (off: in trivia they are mostly names and titles)"),
        ]
    }

    static let defaultTerms = [
        "always", "never", "none", "nobody", "no one", "nothing", "nowhere", "everyone", "everybody", "everything",
        "completely", "absolutely", "entirely", "totally", "invariably",
    ]

    static let description = RuleDescription(
        id: "absolute-terms",
        summary: "A true/false statement (with `check-choices`, also a choice) with an absolute term: always, never, nobody, completely...",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), guideline 28a: avoid giving clues to the right \
            answer such as "specific determiners including always, never, completely, and \
            absolutely". Test-wise learners know that few things are always or never so, and \
            guess "false" for such a statement, or rule out such a choice, without knowing the \
            content; the NBME Item-Writing Guide (Paniagua & Swygert, 4th ed.) lists "absolute \
            terms" among the flaws that help test-wise examinees, and Tarrant et al. (2006) among \
            the frequent item-writing flaws. One absolute statement is not a flaw by itself — a \
            statement may be false precisely because of its "always" — so this rule is `info`, a \
            note to check the wording; the cue that does harm is the pattern across a bank, which \
            `absolute-terms-pattern` reports. With `check-choices`, choices are checked too, and \
            reported only when some other choice of the question has no absolute term (when all \
            have, none stands out); "None of these" is left to `none-of-the-above`, and a choice \
            in title case (a title such as "Nobody Does It Better") is skipped. It is off by default \
            because trivia choices are mostly names and titles. Hedged and negated uses ("almost \
            always", "not always", "nearly everyone", "little or nothing"), hyphenated words \
            ("never-ending"), quoted text, text after a word that introduces a quotation (said, \
            line, lyrics...) and titles in title case ("Never Let Me Go") are not reported. The default `terms` leave out "all", "only", "every", "must" and "cannot": \
            they are common in ordinary factual statements ("the only planet with rings visible \
            from Earth") and, in the OpenTriviaQA corpus, statements with them are false 44–61% of \
            the time against 46% for all statements, while "always" and "never" statements are \
            false four times in five (add them to `terms` to report them anyway). \
            \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        options: Options.declarations,
        examples: [
            // The statement is really false; reporting it is only a note (info), not a flaw.
            .triggering(questions: """
                  - id: moon
                    text: ↓The Moon always shows the same phase to the whole Earth.
                    answer: false
                """),
            .triggering(questions: """
                  - id: moon
                    text: ↓The Moon always shows the same phase to the whole Earth.
                    answer: false
                  - id: sleep
                    text: Which is true of giraffes?
                    choices:
                      - ↓They never lie down.
                      - text: They sleep a few hours a day.
                        correct: true
                      - They sleep standing only.
                      - None of these
                """, options: ["check-choices": .boolean(true)]),
            .triggering(questions: """
                  - id: ring
                    text: ↓Saturn is the only planet with rings.
                    answer: false
                """, options: ["terms": .strings(["only", "all"])]),
            // Near misses: hedged, negated, in a title, hyphenated; choices that all say "never".
            .passing(questions: """
                  - id: tides
                    text: There are almost always two high tides a day.
                    answer: true
                  - id: sunrise
                    text: The Sun does not always rise exactly in the east.
                    answer: true
                  - id: ishiguro
                    text: Kazuo Ishiguro wrote Never Let Me Go.
                    answer: true
                  - id: story
                    text: The Neverending Story is a never-ending film.
                    answer: false
                  - id: rule
                    text: Which is a rule of chess?
                    choices:
                      - text: A pawn never moves backwards.
                        correct: true
                      - A king never moves two squares.
                  - id: cambrian
                    text: In the Cambrian, little or nothing lived on land.
                    answer: true
                  - id: song
                    text: Whitney Houston sang the line I will always love you.
                    answer: true
                """, options: ["check-choices": .boolean(true)]),
        ])

    private let terms: English.TermList
    private let checkChoices: Bool

    init(options: Options) {
        terms = Self.parse(options.terms)
        checkChoices = options.checkChoices
    }

    static func parse(_ terms: [String]) -> English.TermList {
        English.TermList(terms.map { English.words($0.lowercased()).map(\.lower) }.filter { !$0.isEmpty })
    }

    private static let hedges: Set<String> = [
        "not", "almost", "nearly", "virtually", "practically", "hardly", "scarcely", "barely", "quite", "near", "or",
    ]

    /// The absolute terms of `text`, as written, leaving out hedged, negated, hyphenated, quoted
    /// and title-case uses.
    static func absolutes(in text: String, terms: English.TermList) -> [String] {
        guard terms.firstWords.occur(in: text) else { return [] }
        let words = English.words(text)
        var found: [String] = []
        for index in words.indices {
            guard let term = English.term(at: index, of: words, in: terms.terms) else { continue }
            let first = words[index], last = words[index + term.count - 1]
            guard !first.quoted, !first.isTitleWord, first.before != "-", last.after != "-",
                  !English.followsQuoting(words, index) else { continue }
            if index > 0 {
                let previous = words[index - 1].lower
                if hedges.contains(previous) || NegativeStemRule.contractions.contains(previous) { continue }
            }
            let next = index + term.count < words.count ? words[index + term.count].lower : ""
            if term == ["never"] && next == "mind" || term == ["nothing"] && next == "less" { continue }
            found.append(words[index..<(index + term.count)].map(\.text).joined(separator: " "))
        }
        return found
    }

    /// Whether every word of four letters or more starts with a capital: a title.
    static func isTitleCase(_ text: String) -> Bool {
        let long = English.words(text).filter { $0.text.count >= 4 && $0.text.first?.isLetter == true }
        return long.count >= 2 && long.allSatisfy(\.isCapitalized)
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        let source = bank.sourceLocale
        if let answer = question.answer {
            for entry in English.entries(of: question.text, sourceLocale: source) {
                let found = Self.absolutes(in: entry.text, terms: terms)
                guard !found.isEmpty else { continue }
                report("true/false statement '\(question.id.value)'\(English.suffix(entry, sourceLocale: source)) says "
                       + "\(English.list(found)): test-wise learners guess such statements are false "
                       + "(this one is \(answer.value ? "true" : "false")); check that the answer does not rest on the absolute word",
                       at: entry.range)
            }
            return
        }
        guard checkChoices else { return }
        var reported: Set<SourceRange> = []
        for item in EnglishItem.all(of: question, sourceLocale: source) {
            guard let choices = item.allChoices else { continue }
            let found = choices.map { choice -> [String] in
                // "None of these" is none-of-the-above's; "Nobody Does It Better" is a title.
                guard AggregateChoice.of(choice.text, stem: { item.stem.text }) == nil, !Self.isTitleCase(choice.text) else { return [] }
                return Self.absolutes(in: choice.text, terms: terms)
            }
            guard found.contains(where: \.isEmpty) else { continue }
            for (index, words) in found.enumerated() where !words.isEmpty && reported.insert(choices[index].range).inserted {
                let role = question.choices[index].correct ? "the correct answer" : "a distractor"
                report("choice \(index + 1) \(English.quote(choices[index].text)) of question '\(question.id.value)'\(item.suffix) "
                       + "says \(English.list(words)) (\(role)): test-wise learners rule out absolute choices", at: choices[index].range)
            }
        }
    }
}

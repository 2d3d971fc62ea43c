import QuizBank
import QuizLint
import QuizYAML

struct AbsoluteTermsPatternRule: BankRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var terms = AbsoluteTermsRule.strongTerms
        var minStatements = 8
        var falseShare: Double = 0.8

        static let elements: [RuleOptionElement<Self>] = [
            .strings("terms", \.terms, "the absolute terms, lower case (absolute-terms' words that are absolute in any use)"),
            .integer("min-statements", \.minStatements, in: 2...10_000,
                "the fewest statements with absolute terms before the pattern is judged"),
            .number("false-share", \.falseShare, in: 0.5...1.0, "the share of them that must be false to report the bank"),
        ]
    }

    static let description = RuleDescription(
        id: "absolute-terms-pattern",
        summary: "A bank whose true/false statements with absolute terms (always, never...) are almost all false: a pattern learners can exploit.",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), guideline 28a warns against specific determiners \
            (always, never, completely, absolutely) because test-wise learners read them as \
            "false"; the NBME Item-Writing Guide (Paniagua & Swygert, 4th ed.) lists absolute \
            terms among the cues that reward test-wiseness, and Tarrant et al. (2006) among the \
            frequent flaws. The damage is done by the pattern, not by one statement: when nearly \
            every absolute statement of a bank is false, "answer false when you see always or \
            never" scores without knowledge.

            Reported: the bank, when at least `min-statements` of its true/false statements use one \
            of `terms` and at least `false-share` of them are false — more than of the bank's \
            statements as a whole, or the cue is a general bias towards "false" rather than the \
            absolute terms.

            What it reads:

            - The true/false statements that use one of `terms`, as `absolute-terms` finds them: \
            hedged, negated, quoted and title-case uses are left out.
            - Each statement in the source locale when it is English, else in its first English \
            translation.
            - The true/false statements of each bank on its own; choices and the stems of choice \
            questions are not counted.

            Write some absolute statements that are true, or reword the false ones without the \
            giveaway.

            Known limits:

            - A bank with fewer than `min-statements` absolute statements is not judged, however \
            lopsided.
            - A pattern spread over several small banks of a run is not pooled.

            \(English.localeNote)
            """,
        severity: .warning,
        scope: .bank,
        options: Options.declarations,
        examples: [
            .triggering("""
                quizbank: 1
                id: ↓demo
                title: Demo
                locale: en
                questions:
                  - {id: q1, text: Metals always sink in water., answer: false}
                  - {id: q2, text: Lightning never strikes the same place twice., answer: false}
                  - {id: q3, text: Bats are always blind., answer: false}
                  - {id: q4, text: Nobody has walked on Mars., answer: true}
                  - {id: q5, text: Penguins never leave the southern hemisphere., answer: false}
                  - {id: q6, text: Deserts are always hot., answer: false}
                  - {id: q7, text: Glass is completely solid at room temperature., answer: false}
                  - {id: q8, text: Everyone dreams in colour., answer: false}
                  - {id: q9, text: Goldfish never forget anything., answer: false}
                  - {id: q10, text: Water boils at 100 °C at sea level., answer: true}
                """),
            // A few false "always" statements do not make a pattern: absolute-terms notes each
            // one (info), and this rule stays quiet.
            .passing(questions: """
                  - {id: q1, text: Metals always sink in water., answer: false}
                  - {id: q2, text: Lightning never strikes the same place twice., answer: false}
                  - {id: q3, text: Bats are always blind., answer: false}
                """),
            // Enough absolute statements, but a third of them are true.
            .passing(questions: """
                  - {id: q1, text: Metals always sink in water., answer: false}
                  - {id: q2, text: Lightning never strikes the same place twice., answer: false}
                  - {id: q3, text: Bats are always blind., answer: false}
                  - {id: q4, text: Nobody has walked on Mars., answer: true}
                  - {id: q5, text: Penguins never leave the southern hemisphere., answer: false}
                  - {id: q6, text: A triangle always has three sides., answer: true}
                  - {id: q7, text: Glass is completely solid at room temperature., answer: false}
                  - {id: q8, text: Everyone dreams in colour., answer: false}
                  - {id: q9, text: A bachelor is never married., answer: true}
                """),
        ])

    private let terms: English.TermList
    private let minStatements: Int
    private let falseShare: Double

    init(options: Options) {
        terms = AbsoluteTermsRule.parse(options.terms)
        minStatements = max(1, options.minStatements)
        falseShare = options.falseShare
    }

    func check(_ bank: LintBank, report: inout FindingReporter) {
        let source = bank.sourceLocale
        var matches: [(question: Question, range: SourceRange, words: [String], answer: Bool)] = []
        var statements = 0, falseStatements = 0
        for question in bank.bank.questions {
            if let answer = question.answer {
                statements += 1
                if !answer.value { falseStatements += 1 }
            }
            guard let answer = question.answer,
                  let entry = English.entries(of: question.text, sourceLocale: source).first(where: { $0.locale == source })
                    ?? English.entries(of: question.text, sourceLocale: source).first else { continue }
            let words = AbsoluteTermsRule.absolutes(in: entry.text, terms: terms)
            if !words.isEmpty { matches.append((question, entry.range, words, answer.value)) }
        }
        guard matches.count >= minStatements else { return }
        let falseCount = matches.filter { !$0.answer }.count
        let share = Double(falseCount) / Double(matches.count)
        // A bank whose statements are nearly all false has a bias, not an absolute-term cue.
        let baseShare = Double(falseStatements) / Double(statements)
        guard share >= falseShare, share > baseShare else { return }
        let percent = Int((share * 100).rounded())
        let basePercent = Int((baseShare * 100).rounded())
        let related = matches.prefix(20).map { match in
            Finding.Related(path: bank.path, range: match.range,
                            note: "\(match.answer ? "true" : "false"): '\(match.question.id.value)' says \(English.list(match.words))")
        }
        report("\(falseCount) of the \(matches.count) true/false statements with absolute terms are false (\(percent)%, "
               + "against \(basePercent)% of all \(statements)): "
               + "a learner who answers 'false' whenever one says 'always' or 'never' scores \(percent)% on them; "
               + "write some true ones, or reword the false ones", at: bank.bank.id.range, related: Array(related))
    }
}

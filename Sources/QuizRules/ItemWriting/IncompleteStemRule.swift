import QuizBank
import QuizLint

struct IncompleteStemRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var checkCompletions = true
        var checkStatements = true

        static let elements: [RuleOptionElement<Self>] = [
            .boolean("check-completions", \.checkCompletions,
                "report completion stems of any length (off: only fragments of three words or fewer, and titles)"),
            .boolean("check-statements", \.checkStatements,
                "also report a stem that is a complete statement asking nothing"),
        ]
    }

    static let description = RuleDescription(
        id: "incomplete-stem",
        summary: "A choice question's stem that asks nothing: a fragment (\"GDP measures\", \"Leaves of Grass\") or a statement with no question, blank or word standing for the answer.",
        rationale: """
            The NBME Item-Writing Guide (Paniagua & Swygert, 4th ed.) asks every stem to pass the \
            "cover-the-options" test: a learner who knows the content can answer with the options \
            covered. Haladyna, Downing & Rodriguez (2002) ask to "include the central idea in the stem \
            instead of the choices" (guideline 15) and to word the stem clearly (guideline 14); Tarrant \
            et al. (2006) count the unfocused stem among the frequent item-writing flaws. A good \
            completion stem carries the whole question and leaves only the answer open ("The gas that \
            plants take in for photosynthesis is"); a vague one names a topic and stops ("GDP measures", \
            "Mitochondria are"), so each choice is a separate true/false judgement and the learner reads \
            the choices to find out what is asked.

            Reported, for a stem with no "?": a completion, and, with `check-statements`, a complete \
            statement that asks nothing. True/false statements are not checked.

            What it reports:

            - A completion: no final full stop, or ending in a dash or ellipsis, or a colon after three \
            words or fewer, a title or before true/false choices ("GDP measures", "Mitochondria are:", a \
            bare title "Leaves of Grass", names, "The famous witch Baba Yaga comes from", a lyric, "The \
            phrase 'A man, a plan, a canal, Panama' is a palindrome:" over "True" and "False").
            - With `check-completions` off, of the completions only fragments of three words or fewer \
            and stems in title case.
            - With `check-statements`, a complete statement ending in "." or "!" that asks nothing ("The \
            Battle of Custoza, the Battle of Palestro and the Battle of Calatafimi.", "Yabba Dabba \
            Do!").

            Not reported:

            - A completion that ends in a colon, is more than three words long, is not in title case and \
            whose choices complete it (none of them is "True", "False", "Yes" or "No", which judge the \
            stem instead): the standard completion form ("If you double your speed, your braking \
            distance becomes roughly:" over "Four times as long", "Twice as long"). The colon says that \
            a choice completes the sentence, and the clause before it carries the question (Haladyna et \
            al., guideline 9, accept the completion format).
            - A stem with a question word (what, which, who, whom, whose, where, whereabouts, when, why, \
            how).
            - An instruction that asks ("Name the composer", "Complete the proverb", "Choose..."), also \
            after "and" in a sentence that opens with what to attend to (listen, look, read, watch, \
            hear, study, examine, consider: "Listen to the quote and guess the episode").
            - A blank ("The ___ is the powerhouse of the cell").
            - A word that stands for the answer as in quiz-show clues ("This actress played...", "He \
            invented the McTwist", "Jennifer Lopez was born there", "one of these").

            Known limits (the rule reads words, not meaning):

            - A question word used as a conjunction ("He retired when he was 40.") keeps a statement \
            from being reported.
            - A stem whose question is in an image or audio ("Name the composer." beside a recording) is \
            read as it stands.

            A completion that carries the whole question but no colon ("The gas that plants take in for \
            photosynthesis is") is reported too: without the colon it reads as a sentence cut off, and \
            reviewers who ask for a question or a stated task flag it; hence `info`, and \
            `check-completions: false` for banks written as completions without colons.

            \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: gdp
                    text: ↓GDP measures
                    choices:
                      - text: the value of goods and services a country produces
                        correct: true
                      - the wealth of a country's citizens
                      - the money a government spends
                  - id: whitman
                    text: ↓Leaves of Grass
                    choices:
                      - text: Walt Whitman
                        correct: true
                      - Robert Frost
                  - id: baba-yaga
                    text: ↓The famous witch Baba Yaga comes from
                    choices:
                      - text: Russian folklore
                        correct: true
                      - A Norse legend
                  - id: battles
                    text: ↓The Battle of Custoza, the Battle of Palestro and the Battle of Calatafimi.
                    choices:
                      - text: Wars of Italian Independence
                        correct: true
                      - The Crimean War
                """),
            // A colon after three words; a colon before true/false choices.
            .triggering(questions: """
                  - id: mitochondria
                    text: ↓"Mitochondria are:"
                    choices:
                      - text: found in most cells of plants and animals
                        correct: true
                      - found in bacteria only
                  - id: palindrome
                    text: ↓'The phrase "A man, a plan, a canal, Panama" is a palindrome:'
                    choices:
                      - text: "True"
                        correct: true
                      - "False"
                """),
            // Near misses: a question word, an instruction, a blank, a word standing for the answer,
            // a completion that ends in a colon and whose choices complete it.
            .passing(questions: """
                  - id: braking
                    text: "If you double your speed, your braking distance becomes roughly:"
                    choices:
                      - text: Four times as long
                        correct: true
                      - Twice as long
                      - The same
                  - id: brewer
                    text: "The world's largest brewer is based in:"
                    choices:
                      - text: Belgium
                        correct: true
                      - Germany
                  - id: composer
                    text: Name the composer of the Brandenburg Concertos.
                    choices:
                      - text: Johann Sebastian Bach
                        correct: true
                      - George Frideric Handel
                  - id: cell
                    text: The ___ is the powerhouse of the cell.
                    choices:
                      - text: mitochondrion
                        correct: true
                      - nucleus
                  - id: clue
                    text: This actress played Chloe on the TV show 24.
                    choices:
                      - text: Mary Lynn Rajskub
                        correct: true
                      - Elisha Cuthbert
                  - id: mcgill
                    text: He invented the McTwist and first performed it in 1984.
                    choices:
                      - text: Mike McGill
                        correct: true
                      - Tony Hawk
                  - id: clip
                    text: Listen to the sound clip and guess the name of the episode.
                    choices:
                      - text: Home Fires
                        correct: true
                      - Ouroboros
                """),
            // With check-completions and check-statements off, a longer completion and a statement.
            .passing(questions: """
                  - id: photosynthesis
                    text: The gas that plants take in for photosynthesis is
                    choices:
                      - text: carbon dioxide
                        correct: true
                      - oxygen
                  - id: battles
                    text: The Battle of Custoza, the Battle of Palestro and the Battle of Calatafimi.
                    choices:
                      - text: Wars of Italian Independence
                        correct: true
                      - The Crimean War
                """, options: ["check-completions": .boolean(false), "check-statements": .boolean(false)]),
        ])

    private let checkCompletions: Bool
    private let checkStatements: Bool

    init(options: Options) {
        checkCompletions = options.checkCompletions
        checkStatements = options.checkStatements
    }

    private static let questionWords: WordSet = ["what", "which", "who", "whom", "whose", "where", "when", "why", "how", "whereabouts"]
    /// Verbs that open an instruction which asks ("Name the composer", "Complete the proverb").
    private static let instructions: WordSet = [
        "name", "identify", "choose", "select", "pick", "complete", "finish", "find", "give", "calculate", "solve", "guess",
        "spot", "match", "fill", "determine", "list", "state", "translate", "unscramble", "spell", "convert", "estimate",
        "tell", "decide", "arrange", "rearrange", "order", "rank", "define", "describe", "explain", "compute", "work",
        "figure", "classify", "say", "click", "mark", "indicate", "supply", "provide", "write", "count", "add", "subtract",
        "multiply", "divide", "simplify", "evaluate", "round", "recall", "think", "try", "can", "could", "would", "do", "does",
        "did", "is", "are", "was", "were", "will", "should", "have", "has",
    ]
    /// Verbs that open an instruction to attend to something, after which "and" gives the task
    /// ("Listen to the quote and guess the episode").
    private static let attending: WordSet = ["listen", "look", "read", "watch", "hear", "study", "examine", "consider"]
    /// Choices that judge a stem rather than complete it.
    private static let judgements: WordSet = ["true", "false", "yes", "no"]
    /// Words that stand for the answer, as quiz-show clues write them ("This actress...").
    private static let answerWords: WordSet = [
        "this", "these", "those", "following", "below", "he", "she", "him", "his", "her", "hers", "they", "them", "their",
        "one", "ones", "answer",
    ]
    /// Words that stand for the answer only at the start of a sentence ("It was the first...").
    private static let openingAnswerWords: WordSet = ["it", "its"]
    /// Words that stand for the answer only at the end ("Jennifer Lopez was born there.").
    private static let closingAnswerWords: WordSet = ["there", "here", "then"]

    /// What kind of incomplete stem `text` is, if any.
    enum Kind: Equatable {
        /// A completion of this many words, which does not say what is asked.
        case completion(words: Int)
        /// A complete statement that asks nothing.
        case statement
    }

    /// The stem read as a whole; nil when it asks (a "?", a question word, an instruction, a
    /// blank, a word standing for the answer), and, without `allCompletions`, when it is a
    /// completion of more than three words not in title case.
    /// `choicesComplete`: the choices continue the stem (none is "True", "False", "Yes" or "No").
    static func kind(of text: String, allCompletions: Bool = true, choicesComplete: @autoclosure () -> Bool = true) -> Kind? {
        // Most stems end with "?": one look at the bytes.
        guard !English.containsASCII(text, "?"), !English.containsBeyondASCII(text, "\u{FF1F}") else { return nil }
        let words = English.words(text)
        guard !words.isEmpty else { return nil }
        var opening = ""
        for (index, word) in words.enumerated() {
            if questionWords.contains(word.lower) || answerWords.contains(word.lower) { return nil }
            if word.startsSentence {
                if instructions.contains(word.lower) || openingAnswerWords.contains(word.lower) { return nil }
                opening = word.lower
            }
            // "Listen to the clip and guess the end phrase": the task after what to attend to.
            if attending.contains(opening), index > 0, words[index - 1].lower == "and", instructions.contains(word.lower) { return nil }
        }
        if let last = words.last, closingAnswerWords.contains(last.lower) { return nil }
        guard BlankNotAtEndRule.blanks(in: text).isEmpty else { return nil }
        var end = Substring(text)
        while let last = end.last, last.isWhitespace || "\"'\u{201D}\u{2019})]*".contains(last) { end = end.dropLast() }
        let isStatement = (end.hasSuffix(".") && !end.hasSuffix("..")) || end.hasSuffix("!")
        if isStatement { return .statement }
        // "Your braking distance becomes roughly:" over choices that finish it: the completion form.
        if end.hasSuffix(":"), words.count > 3, choicesComplete(), !AbsoluteTermsRule.isTitleCase(text) { return nil }
        return allCompletions || words.count <= 3 || AbsoluteTermsRule.isTitleCase(text) ? .completion(words: words.count) : nil
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse else { return }
        let source = bank.sourceLocale
        for entry in English.entries(of: question.text, sourceLocale: source) {
            // Asked only of a stem that ends in a colon.
            var choicesComplete: Bool {
                !question.choices.contains { choice in
                    let text = English.trimmed(choice.text.resolved(for: entry.locale, sourceLocale: source)).lowercased()
                    return Self.judgements.contains(text.hasSuffix(".") ? String(text.dropLast()) : text)
                }
            }
            guard let kind = Self.kind(of: entry.text, allCompletions: checkCompletions, choicesComplete: choicesComplete) else { continue }
            let place = "the stem \(English.quote(entry.text)) of question '\(question.id.value)'\(English.suffix(entry, sourceLocale: bank.sourceLocale))"
            switch kind {
            case .completion(let count):
                report("\(place) is a completion of \(count) word\(count == 1 ? "" : "s") that does not say what is asked: "
                       + "put the central idea in the stem, or ask a question", at: entry.range)
            case .statement where checkStatements:
                report("\(place) asks nothing: no question, no blank and no word standing for the answer; "
                       + "ask a question, or end with what the choices complete", at: entry.range)
            case .statement:
                break
            }
        }
    }
}

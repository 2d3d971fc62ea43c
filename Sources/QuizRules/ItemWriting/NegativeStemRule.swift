import QuizBank
import QuizLint
import QuizYAML

struct NegativeStemRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var reportEmphasised = false
        var doubleNegatives = true
        var checkStatements = true

        static let elements: [RuleOptionElement<Self>] = [
            .boolean("report-emphasised", \.reportEmphasised,
                "also report negatives written in capitals (NOT, EXCEPT) or between * marks"),
            .boolean("double-negatives", \.doubleNegatives,
                "report choices with a negative (not, never, none, cannot) under a negative stem"),
            .boolean("check-statements", \.checkStatements,
                "also report true/false statements built on a negative (not, never, cannot)"),
        ]
    }

    static let description = RuleDescription(
        id: "negative-stem",
        summary: "A stem that asks with a negative (not, never, except, all but, least likely, is false) in lower case, or a negative stem with a negative choice (a double negative).",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), guideline 17: "Word the stem positively, avoid \
            negatives such as NOT or EXCEPT. If negative words are used, use the word cautiously \
            and always ensure that the word appears capitalized and boldface." Learners under time \
            pressure read past a lower-case "not" and answer the opposite question. The NBME \
            Item-Writing Guide (Paniagua & Swygert, 4th ed.) advises against negatively phrased \
            items, and Tarrant et al. (2006) count "negative stem" among the most frequent \
            item-writing flaws.

            Reported when a question's stem has a negative in the clause that asks. The rule reads \
            the sentence that asks (the one ending in "?", or the last), so a negative in the \
            context before it is fine.

            Also reported:

            - A negative stem with a negative choice ("Which is NOT true? — It never rains"): a \
            double negative, guideline 27 ("Phrase choices positively"). It is reported even when \
            the stem's word is in capitals, when the stem asks for the exception ("which... not", \
            "except", "is false").
            - With `check-statements` (on by default), a true/false statement built on a negative \
            ("Damon Wayans was not in Hollywood Shuffle."): the guidelines for true/false items \
            ask for positive statements, since a learner must judge a false negative as a double \
            negative.

            "not", "never", "cannot" and contractions (don't, isn't, also without the apostrophe) \
            count in the clause that asks:

            - after "which", "what", "who" (or a sentence that starts with "why", "how", "when" or \
            "where" and ends in "?", unless a "which", "what" or "who" after a comma starts the \
            clause that asks: "When you pick up scents, which of these is not..."), with no "when", \
            "because", "if"... and no "said", "line", "lyrics"... in between;
            - or in a completion stem about "these" or "the following" ("One of these films was \
            not released in the 1980s.");
            - but not inside a relative clause that describes what is asked about ("What do you \
            call a sink that isn't draining?", "What are things that cannot make their own food \
            called?": a relative pronoun up to three words before the negative), unless the stem \
            is about "these" or "the following".

            Other negatives:

            - "all but" counts before a count or "of" ("All but one of these are mammals"), not as \
            "almost" ("all but destroyed").
            - "least" counts in "least likely" and its kin, not in "at least" or "the least \
            dense".
            - "false", "incorrect" and "untrue" count when they are what is asked ("which is \
            false?").
            - "the odd one" asks for the exception too.

            Not counted:

            - quoted or parenthesised text
            - words inside other words (another, knot)
            - titles in title case ("Do Not Disturb")
            - "not only"
            - "not guilty" (a verdict: "Who was the last juror to vote not guilty?")
            - "whether or not"
            - "if not"
            - "not to" ("told him not to go")
            - "not X but Y"

            Not reported:

            - A negative written in capitals or between `*` marks is emphasised as the guideline \
            asks and is not reported unless `report-emphasised` is set.
            - Choices in title case ("Don't Speak") are names, not double negatives.
            - A "why" or "how" question with a negative asks for a reason ("Why will Jews not eat \
            pork?").
            - A negative right after "but" states a property of the answer ("based on cocoa \
            butter, but does not contain cocoa solids").

            Known limits (the clause is told by words, not parsed):

            - A relative clause further from its negative ("a sink that for days now has not \
            drained") is read as asking.
            - A "which" or "what" question whose negative asks for no exception ("What did the \
            Romans never eat?") is reported like the rest; a "why" or "how" question is not.

            \(English.localeNote)
            """,
        severity: .warning,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: mammal
                    text: ↓Which of these animals is not a mammal?
                    choices:
                      - Whale
                      - Bat
                      - text: Shark
                        correct: true
                  - id: planets
                    text: ↓"All of these planets are gas giants except:"
                    choices:
                      - Jupiter
                      - text: Mars
                        correct: true
                      - Saturn
                """),
            // Emphasised, so not reported itself; but a negative choice under it is a double
            // negative, also when a clause with "When" comes before "which".
            .triggering(questions: """
                  - id: sun
                    text: Which statement about the Sun is NOT true?
                    choices:
                      - It is a star.
                      - text: ↓It never sets at the equator.
                        correct: true
                      - It is mostly hydrogen.
                  - id: noon-sun
                    text: When you look at the sky at noon, which statement about the Sun is NOT true?
                    choices:
                      - It is a star.
                      - text: ↓It never sets at the equator.
                        correct: true
                      - It is mostly hydrogen.
                """),
            .triggering(questions: """
                  - id: planets
                    text: ↓Which planet is NOT a gas giant?
                    choices:
                      - Jupiter
                      - text: Mars
                        correct: true
                """, options: ["report-emphasised": .boolean(true)]),
            // "never", "all but" and "the odd one" ask for the exception too; a statement built on a
            // negative; an initial does not end the sentence that asks.
            .triggering(questions: """
                  - id: drink
                    text: ↓Which of these animals never needs to drink water?
                    choices:
                      - Camel
                      - text: Kangaroo rat
                        correct: true
                      - Horse
                  - id: mammals
                    text: ↓All but one of these are mammals.
                    choices:
                      - Bat
                      - Whale
                      - text: Penguin
                        correct: true
                  - id: economists
                    text: ↓Thinking like an economist involves three of these. Which is the odd one?
                    choices:
                      - Trade-offs
                      - Opportunity cost
                      - text: Astrology
                        correct: true
                  - id: merkerson
                    text: ↓Which statement about S. Epatha Merkerson is not true?
                    choices:
                      - text: Her first name is Suzanne.
                        correct: true
                      - She won an Obie in 1992.
                  - id: wayans
                    text: ↓Damon Wayans was not in the 1987 movie Hollywood Shuffle.
                    answer: false
                """),
            // Near misses: "not" in the context sentence, inside words, in a title, an idiom;
            // "at least"; a true/false statement; a Spanish stem; negatives in relative clauses;
            // "all but" meaning "almost".
            .passing(questions: """
                  - id: moon
                    text: The Moon is not quite round. Which shape does it resemble?
                    choices:
                      - text: An egg
                        correct: true
                      - A cube
                  - id: knot
                    text: Which knot joins another rope to a ring?
                    choices:
                      - text: Anchor bend
                        correct: true
                      - Reef knot
                  - id: sign
                    text: Which hotel sign reads Do Not Disturb in the 1960s film, and not only there?
                    choices:
                      - text: The Plaza
                        correct: true
                      - The Ritz
                  - id: juror
                    text: Who played the last juror to vote not guilty in Twelve Angry Men?
                    choices:
                      - text: Ed Begley
                        correct: true
                      - Lee J. Cobb
                  - id: legs
                    text: Which animal has at least eight legs?
                    choices:
                      - text: Spider
                        correct: true
                      - Ant
                  - id: heroes
                    text: Where do the heroes of the film hide when they are not fighting crime?
                    choices:
                      - text: In a mountain
                        correct: true
                      - In a bank
                  - id: song
                    text: Which singer had a hit with the line Don't worry, be happy?
                    choices:
                      - text: Bobby McFerrin
                        correct: true
                      - Bob Marley
                  - id: sink
                    text: Who would you call to fix a sink that isn't draining?
                    choices:
                      - text: A plumber
                        correct: true
                      - An electrician
                  - id: fungi
                    text: What are living things that cannot make their own food called?
                    choices:
                      - text: Heterotrophs
                        correct: true
                      - Autotrophs
                  - id: pompeii
                    text: Which city was all but destroyed by Vesuvius in AD 79?
                    choices:
                      - text: Pompeii
                        correct: true
                      - Rome
                  - id: pork
                    text: Why will observant Jews not eat pork?
                    choices:
                      - text: The pig does not chew the cud
                        correct: true
                      - Pigs are symbols of evil
                  - id: chocolate
                    text: Which chocolate is made with cocoa butter, but does not contain cocoa solids?
                    choices:
                      - text: White chocolate
                        correct: true
                      - Dark chocolate
                """),
            .passing(questions: """
                  - id: whale
                    text: A whale is not a fish.
                    answer: true
                """, options: ["check-statements": .boolean(false)]),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: es
                questions:
                  - id: mamifero
                    text: ¿Cuál de estos animales no es un mamífero?
                    choices:
                      - Ballena
                      - text: Tiburón
                        correct: true
                """),
        ])

    private let reportEmphasised: Bool
    private let doubleNegatives: Bool
    private let checkStatements: Bool

    init(options: Options) {
        reportEmphasised = options.reportEmphasised
        doubleNegatives = options.doubleNegatives
        checkStatements = options.checkStatements
    }

    /// Contractions, with and without the apostrophe (banks converted from other formats often
    /// lost it: "doesnt").
    static let contractions: WordSet = [
        "don't", "doesn't", "isn't", "wasn't", "aren't", "weren't", "didn't", "can't", "won't", "couldn't", "wouldn't",
        "shouldn't", "hasn't", "haven't", "hadn't", "mustn't", "needn't", "dont", "doesnt", "isnt", "wasnt", "arent",
        "werent", "didnt", "couldnt", "wouldnt", "shouldnt", "hasnt", "havent", "hadnt",
    ]
    private static let leastWords: WordSet = [
        "likely", "probable", "probably", "appropriate", "accurate", "correct", "true", "valid", "important", "useful",
        "effective", "suitable", "helpful", "relevant", "consistent", "acceptable", "desirable", "characteristic",
        "typical", "associated", "related", "indicated", "beneficial", "preferred",
    ]
    private static let beVerbs: WordSet = ["is", "are", "was", "were", "be", "been"]

    private static let interrogatives: WordSet = ["which", "what", "who", "whom", "whose"]
    /// Question words that are also conjunctions ("...is performed when he is not..."): they ask
    /// only at the start of a sentence that ends with "?".
    private static let openingInterrogatives: WordSet = ["where", "when", "why", "how"]
    /// Words that open a clause of circumstance between the question word and a "not": the "not"
    /// then belongs to the circumstance ("where do they stay when they are not fighting crime?").
    private static let subordinators: WordSet = [
        "when", "because", "if", "while", "although", "though", "since", "unless", "after", "before", "until",
        "whenever", "wherever", "whereas", "once",
    ]
    /// Words that introduce quoted speech or lyrics, often written without quotation marks.
    private static let quoting: WordSet = [
        "said", "say", "says", "saying", "sang", "sing", "sings", "wrote", "line", "lines", "lyric", "lyrics", "quote",
        "quotes", "words", "asked", "told", "tells", "replied", "exclaimed",
    ]

    /// A negative of a stem: the word as written, and whether it asks the learner to pick an
    /// exception ("Which is not...?", "except", "least likely", "is false"), as opposed to a
    /// negative question ("Why did Rome not fall sooner?").
    struct StemNegative {
        var word: EnglishWord
        var selects: Bool
    }

    /// The words `stemNegatives` looks at, but for contractions.
    private static let negativeWords: WordSet = ["not", "cannot", "never", "all", "odd", "except", "least", "false", "incorrect", "untrue",
                                                     "inaccurate"]

    /// The negatives with which a stem asks, as written.
    private static let fragments = English.Fragments(["not", "n't", "n\u{2019}t", "nt", "never", "all but", "odd", "except", "least", "false", "incorrect",
                                                      "untrue", "inaccurate"])
    /// Relative pronouns: a negative just after one describes something ("a sink that isn't
    /// draining") rather than asking for an exception.
    private static let relatives: WordSet = ["that", "who", "which", "whom", "whose"]
    /// What "all but" is followed by when it means "except" ("All but one of these..."), not
    /// "almost" ("all but destroyed").
    private static let allButCounts: WordSet = ["one", "two", "three", "four", "five", "which", "what", "who", "of"]

    static func stemNegatives(_ text: String) -> [StemNegative] {
        guard fragments.occur(in: text) else { return [] }
        let words = English.words(text)
        // "nt" is in many words ("want", "into"): only these words can make a negative.
        guard words.contains(where: { negativeWords.contains($0.lower) || contractions.contains($0.lower) }) else { return [] }
        let sentences = English.sentences(text, words: words)
        var found: [StemNegative] = []
        for (number, sentence) in sentences.enumerated() {
            let asking = sentence.isQuestion || number == sentences.count - 1
            let opens = sentence.isQuestion && openingInterrogatives.contains(words[sentence.words.lowerBound].lower)
            // After an opening clause ("When you pick up scents in the game, which of these is
            // not..."), the clause that asks starts at "which" after the comma; elsewhere the
            // first question word asks ("Why do cats like the one person who doesn't...?").
            let afterClause = !opens ? nil : sentence.words.dropFirst().first { index in
                interrogatives.contains(words[index].lower) && text[words[index - 1].range.upperBound..<words[index].range.lowerBound].contains(",")
            }
            let question = afterClause ?? sentence.words.first { index in
                interrogatives.contains(words[index].lower) || index == sentence.words.lowerBound && opens
            }
            let lowerWords = sentence.words.map { words[$0].lower }
            let listsChoices = lowerWords.contains("these") || lowerWords.contains("following")
            // Negatives in the context before the question state facts ("All of the animals except
            // nine sheep died. How many were left?").
            guard asking else { continue }
            for index in sentence.words {
                let word = words[index]
                guard !word.quoted, !word.parenthesized, !word.isTitleWord, !word.isHyphenated else { continue }
                let previous = index > 0 ? words[index - 1].lower : ""
                let next = index + 1 < words.count ? words[index + 1].lower : ""
                switch word.lower {
                case "all":
                    // "All but one of these are...": an exception asked for, written as a single space.
                    if next == "but", index + 2 < words.count, Self.allButCounts.contains(words[index + 2].lower),
                       text[word.range.upperBound..<words[index + 1].range.lowerBound] == " " {
                        found.append(StemNegative(word: word, selects: true))
                    }
                    continue
                case "except":
                    found.append(StemNegative(word: word, selects: true))
                    continue
                case "odd":
                    // "Which is the odd one out?"
                    if next == "one" || next == "man" { found.append(StemNegative(word: word, selects: true)) }
                    continue
                case "least":
                    if Self.leastWords.contains(next) { found.append(StemNegative(word: word, selects: true)) }
                    continue
                case "false", "incorrect", "untrue", "inaccurate":
                    // "...opens with the line You know that it would be untrue": quoted, not asked.
                    if Self.beVerbs.contains(previous) || next == "statement" || next == "statements", !English.followsQuoting(words, index) {
                        found.append(StemNegative(word: word, selects: true))
                    }
                    continue
                case "not":
                    // "not only", "whether or not", "if not"; "told him not to": a negative act, not a
                    // negative question; "not guilty", a verdict.
                    if next == "only" || next == "just" || next == "to" || next == "guilty" || previous == "or" || previous == "if" {
                        continue
                    }
                case "cannot", "never":
                    break
                default:
                    guard Self.contractions.contains(word.lower) else { continue }
                }
                // "not" and contractions: only in the clause that asks, and not in a quotation
                // introduced by "said", "lyrics", "line"...
                guard !English.followsQuoting(words, index) else { continue }
                // "not an object, but a process": a contrast, not a negative question; "based on
                // cocoa butter, but does not contain...": a property that defines the answer.
                if words[(index + 1)..<min(words.count, index + 7)].contains(where: { $0.lower == "but" }) { continue }
                if words[max(0, index - 2)..<index].contains(where: { $0.lower == "but" }) { continue }
                if let question {
                    guard question < index else { continue }
                    // "Why will Jews not eat pork?" asks for a reason, not for an exception.
                    if words[question].lower == "why" || words[question].lower == "how" { continue }
                    let between = words[(question + 1)..<index].map(\.lower)
                    guard !between.contains(where: { subordinators.contains($0) || quoting.contains($0) }) else { continue }
                    // "What do you call a sink that isn't draining?": the negative describes.
                    if !listsChoices, Self.inRelativeClause(words, index, after: question) { continue }
                    let selects = words[question].lower == "which" || words[question].lower == "what" || words[question].lower == "who"
                    found.append(StemNegative(word: word, selects: selects && (listsChoices || between.count <= 6)))
                } else if listsChoices {
                    // A completion stem: "One of these films was not released in the 1980s."
                    found.append(StemNegative(word: word, selects: true))
                }
            }
        }
        return found
    }

    /// Whether a relative pronoun stands up to three words before the negative at `index`, after
    /// the question word and with no comma between ("things that cannot make their own food",
    /// "a sink that isn't draining", "a man who never lies").
    static func inRelativeClause(_ words: [EnglishWord], _ index: Int, after question: Int) -> Bool {
        var position = index - 1
        while position > question, index - position <= 3 {
            if words[position].after == "," { return false }
            if relatives.contains(words[position].lower) { return true }
            position -= 1
        }
        return false
    }

    /// The negatives of a choice: not, never, none, cannot, contractions.
    static func choiceNegatives(_ text: String) -> [EnglishWord] {
        English.words(text).filter { word in
            !word.quoted && !word.isTitleWord && !word.isHyphenated
                && (["not", "never", "none", "cannot", "neither", "nor"].contains(word.lower) || contractions.contains(word.lower))
        }
    }

    /// The negatives a true/false statement is built on: not, never, cannot and contractions,
    /// outside quotations, brackets and titles, and not in "not only", "whether or not", "if not",
    /// "not guilty" (a verdict).
    static func statementNegatives(_ text: String) -> [EnglishWord] {
        guard fragments.occur(in: text) else { return [] }
        let words = English.words(text)
        var found: [EnglishWord] = []
        for (index, word) in words.enumerated() {
            guard word.lower == "not" || word.lower == "never" || word.lower == "cannot" || contractions.contains(word.lower),
                  !word.quoted, !word.parenthesized, !word.isTitleWord, !word.isHyphenated, !English.followsQuoting(words, index) else { continue }
            let previous = index > 0 ? words[index - 1].lower : ""
            let next = index + 1 < words.count ? words[index + 1].lower : ""
            if next == "only" || next == "just" || next == "guilty" || previous == "or" || previous == "if" || word.lower == "never" && next == "mind" {
                continue
            }
            found.append(word)
        }
        return found
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        if question.kind == .trueFalse {
            guard checkStatements else { return }
            for entry in English.entries(of: question.text, sourceLocale: bank.sourceLocale) {
                let negatives = Self.statementNegatives(entry.text).filter { !$0.isEmphasised || reportEmphasised }
                guard !negatives.isEmpty else { continue }
                report("true/false statement '\(question.id.value)'\(English.suffix(entry, sourceLocale: bank.sourceLocale)) is built on "
                       + "a negative, \(English.list(negatives.map(\.text))): learners misread it, and a false negative statement is "
                       + "a double negative to judge; state it positively", at: entry.range)
            }
            return
        }
        var reportedChoices: Set<SourceRange> = []
        for item in EnglishItem.all(of: question, sourceLocale: bank.sourceLocale) {
            let negatives = Self.stemNegatives(item.stem.text)
            guard !negatives.isEmpty else { continue }
            let plain = negatives.map(\.word).filter { !$0.isEmphasised || reportEmphasised }
            if !plain.isEmpty {
                let emphasis = plain.allSatisfy(\.isEmphasised)
                    ? "ask positively if you can"
                    : "ask positively, or write it in capitals (\(plain.map { $0.text.uppercased() }.first!)) so it is not misread"
                report("the stem of question '\(question.id.value)'\(item.suffix) asks with a negative, "
                       + "\(English.list(plain.map(\.text))): \(emphasis)", at: item.stem.range)
            }
            // A double negative needs a stem that asks for the exception: under "Why did Rome not
            // fall?" a choice with "not" is an ordinary answer.
            let selecting = negatives.filter(\.selects).map(\.word)
            guard doubleNegatives, !selecting.isEmpty else { continue }
            for (index, entry) in item.choices.enumerated() {
                // A title ("Don't Speak", "Never Going Back") is a name, not a negative statement.
                guard let entry, !reportedChoices.contains(entry.range), !AbsoluteTermsRule.isTitleCase(entry.text) else { continue }
                let inChoice = Self.choiceNegatives(entry.text)
                guard !inChoice.isEmpty else { continue }
                reportedChoices.insert(entry.range)
                report("choice \(index + 1) \(English.quote(entry.text)) of question '\(question.id.value)'\(item.suffix) "
                       + "says \(English.list(inChoice.map(\.text))) under the stem's \(English.list(selecting.map(\.text))): "
                       + "a double negative", at: entry.range)
            }
        }
    }
}

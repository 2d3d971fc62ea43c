import QuizBank
import QuizLint
import QuizYAML

struct StemChoiceAgreementRule: QuestionRule {
    static let description = RuleDescription(
        id: "stem-choice-agreement",
        summary: "Stem and choices that disagree in grammar beyond a/an: \"Which of these are...?\" over single things, \"...are\" before \"a ...\", or a key alone in its tense.",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), guideline 28c: avoid "grammatical \
            inconsistencies that cue the test-taker to the correct choice"; the NBME Item-Writing \
            Guide (Paniagua & Swygert, 4th ed.) names grammatical cues first among the flaws that \
            reward test-wiseness, and Tarrant et al. (2006) count them among the frequent flaws.

            `article-cue` checks a stem that ends in "a" or "an"; this rule checks number and \
            tense, only where the words make it clear. It reports a stem and choices that disagree \
            in one of the seven ways below. It reads the stems and choices of single- and \
            multiple-choice questions, in each English text of a translated question; true/false \
            statements are not checked.

            What it reports:

            - (1) Number, a plural stem over single answers: "Which are", "Which of these are", \
            "Which of the following were" (the verb right after "which" and "of these", "of those" \
            or "of the following") in a question with one correct choice whose choices are all one \
            thing each (starting with "a", "an" or "one", or of one to three words with no "and", \
            comma or digit, the last not ending in "s"): the plural tells the learner to expect \
            several answers where there is one.
            - (2) Number, a completion stem that ends in "are" or "were" (a trailing blank or colon \
            may follow) with choices that start with "a" or "an": those choices do not fit, and \
            learners rule them out on grammar (or the key is among them and the stem misleads).
            - (3) Tense, a completion stem (no "?") whose choices all continue it in lower case: \
            the correct choice starts with a verb in one form (-ed, -s or -ing) and every \
            distractor with a verb in one other form ("walked on the Moon" beside "walks on \
            Mars", "swims the Channel"): the key alone agrees with the stem.
            - (4) An article twice: a stem that ends in "a" or "an" over choices that start with an \
            article of their own ("lookin for a ... — a snack").
            - (5) Number, a stem whose question (its last sentence) asks for one thing ("What is the \
            official language of Brazil?", "Which club has won most titles?", "... What was her \
            occupation?") over choices of which some list two, one of them another choice \
            ("Spanish and Portuguese" beside "Portuguese") or each with its own article ("A \
            chemist and a painter"), and some do not: the lists do not fit.
            - (6) Form, one sentence among things: a question that asks with "who", "what" or \
            "which" over choices that name a thing or a person (one to four words, no closing mark) \
            but one, a sentence of its own (four words or more, a subject pronoun first, a full \
            stop last: "Logan", "Dean", "Jess", "She slept with all of them."); it stands out by its \
            form, and often denies the others ("It has no name.").
            - (7) After a final article (or one before a blank, as `article-cue` reads it), a \
            choice that is a verb in -ing and what it governs ("like a ________" over "crying on \
            the stair" beside "blowtorch burnin").

            What it reads:

            - In (5), the question may open with a phrase ("In 1985, who was the first...?") and \
            may ask with "who".
            - In (5), a choice is read up to its first comma ("AC Milan and Real Madrid, 3 times \
            each" beside "Real Madrid, 4 times").

            Not reported:

            - In (1), a relative "which" (after a noun: "the thrillers The Bourne Identity..., \
            which were filmed"; the asking one opens its sentence or follows a preposition or \
            "these").
            - In (1), a plural stem with a choice that may be plural ("Lions", "Salt and pepper", \
            "2 moons").
            - In (1), "Which animals are..." (the verb agrees with the noun, not the answer).
            - In (3), choices in capitals (names).
            - In (3), choices whose forms vary.
            - In (5), names and titles ("What is the name of the duo?") and quotations ("What is \
            the state motto?"): they are left out.
            - In (5), colours ("What is the color of her coat?" over "Red" and "Black and white"): a \
            colouring of two colours is one answer.
            - In (6), aggregate choices ("All of these"): they are not counted.
            - In (6), a stem that asks for words (a line, a quote): it is left out.
            - In (7), "a swimming pool": it is a thing.

            Known limits (the rule reads word endings, not grammar):

            - Irregular verbs (ran, swam) have no form it knows.
            - Plural nouns without "s" (mice, people) read as singular.
            - A singular name ending in "s" (Mars, Paris) makes a choice unclear.
            - A mismatch of number or form in other words (a plural asked with "Name the...", a \
            sentence that opens with a name, choices of two forms in equal numbers) is not \
            reported.

            \(English.localeNote)
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: mammal
                    text: ↓Which of these are mammals?
                    choices:
                      - text: Whale
                        correct: true
                      - Shark
                      - Trout
                  - id: fruit
                    text: ↓The fruits that grow on palm trees are
                    choices:
                      - text: dates
                        correct: true
                      - an apple
                      - a pear
                  - id: armstrong
                    text: In July 1969, Neil Armstrong
                    choices:
                      - text: ↓walked on the Moon
                        correct: true
                      - swims the English Channel
                      - climbs Mount Everest
                      - flies to Mars
                """),
            // An article twice; two languages where one is asked for; the question in the last
            // sentence, over two occupations each with its article.
            .triggering(questions: """
                  - id: lyric
                    text: ↓I went to the shop, I was looking for a
                    choices:
                      - text: a snack
                        correct: true
                      - some milk
                      - the paper
                  - id: brazil
                    text: ↓What is the official language of Brazil?
                    choices:
                      - English and Spanish
                      - Spanish
                      - Spanish and Portuguese
                      - text: Portuguese
                        correct: true
                  - id: eliot
                    text: ↓T. S. Eliot's father was a brick maker. He married Eliot's mother in 1868. What was her occupation?
                    choices:
                      - A homemaker
                      - A chemist and a painter
                      - text: A poet and a social worker
                        correct: true
                      - A music teacher
                  - id: champions
                    text: ↓Which club has won the most European Cups?
                    choices:
                      - text: Real Madrid
                        correct: true
                      - AC Milan and Real Madrid
                      - AC Milan
                """),
            // One sentence among names; a verb after the final article; a list read up to its comma.
            .triggering(questions: """
                  - id: gilmore
                    text: Which of Rory's loved ones did not sleep with her on Gilmore Girls?
                    choices:
                      - Logan
                      - Dean
                      - text: Jess
                        correct: true
                      - ↓She slept with all of them.
                  - id: firefly
                    text: ↓You were there like a ________
                    choices:
                      - flashlight shinin
                      - text: blowtorch burnin
                        correct: true
                      - crying on the stair
                  - id: uefa
                    text: ↓Which club has won most Champions League titles between 1992 and 2007?
                    choices:
                      - Barcelona, 3 times
                      - Real Madrid, 4 times
                      - text: AC Milan and Real Madrid, 3 times each
                        correct: true
                """),
            // Near misses: statements beside aggregates; sentences and phrases in equal numbers;
            // an -ing word that names a thing.
            .passing(questions: """
                  - id: godric
                    text: What statement is true about Saint Godric of Finchale?
                    choices:
                      - He was never formally canonized.
                      - text: He was an English hermit.
                        correct: true
                      - None of these
                      - Both of these
                  - id: hummingbird
                    text: What is the reason for the hummingbird's short life?
                    choices:
                      - text: Its fast metabolism
                        correct: true
                      - They have many predators.
                      - They often get poisoned by nectar.
                      - Their small size
                  - id: summer
                    text: On hot days the children splash about in a
                    choices:
                      - text: swimming pool
                        correct: true
                      - fountain
                      - garden pond
                """),
            // Near misses: a choice that may be plural; the verb agrees with a noun of the stem;
            // choices in capitals; a plural stem over plural-ending choices; forms that vary.
            .passing(questions: """
                  - id: bourne
                    text: Name the author of the thrillers The Bourne Identity and The Bourne Supremacy, which were filmed.
                    choices:
                      - text: Robert Ludlum
                        correct: true
                      - Robert Kerr
                      - Robert Coover
                  - id: felines
                    text: Which of these are big cats?
                    choices:
                      - text: Lions
                        correct: true
                      - Wolves
                      - Hyenas
                  - id: kiwis
                    text: Which country's people are called Kiwis?
                    choices:
                      - text: New Zealand
                        correct: true
                      - Australia
                  - id: moon
                    text: In July 1969, Neil Armstrong
                    choices:
                      - text: Walked on the Moon
                        correct: true
                      - Swims the English Channel
                      - Climbs Mount Everest
                  - id: verbs
                    text: A hummingbird
                    choices:
                      - text: hovers in place
                        correct: true
                      - walked backwards
                      - singing at night
                  - id: motto
                    text: What is the state motto of North Carolina?
                    choices:
                      - text: To be rather than to seem
                        correct: true
                      - By Valor and Arms
                  - id: duo
                    text: What is the name of the duo that sang The Sound of Silence?
                    choices:
                      - text: Simon and Garfunkel
                        correct: true
                      - The Everly Brothers
                  - id: coat
                    text: What is the color of the girl's coat in Schindler's List?
                    choices:
                      - Green
                      - text: Red
                        correct: true
                      - White
                      - Black and white
                  - id: seasoning
                    text: Which of these are usually on a dinner table?
                    choices:
                      - text: Salt and pepper
                        correct: true
                      - Sugar
                      - Flour
                """),
        ])

    init(options: RuleOptions) {}

    private static let pluralVerbs: WordSet = ["are", "were"]
    /// "are" and "were", looked for before the stem's words are read.
    private static let pluralFragments = English.Fragments(["are", "were"])
    private static let choiceSets: WordSet = ["these", "those", "following"]
    /// Words after which "which" asks: prepositions and the choices.
    private static let askingLeads: WordSet = [
        "in", "of", "on", "at", "for", "from", "to", "by", "with", "into", "about", "these", "those", "following", "and", "so",
    ]

    /// Whether the stem asks in the plural of its answer: "Which are", "Which of these are",
    /// "Which of the following were".
    static func asksInPlural(_ words: [EnglishWord]) -> Bool {
        for index in words.indices where words[index].lower == "which" {
            // The asking "which" opens its sentence or follows a preposition ("In which") or the
            // choices ("Of these, which"); after a noun it is a relative ("the thrillers The
            // Bourne Identity..., which were adapted") and says nothing of the answer's number.
            guard words[index].startsSentence || index > 0 && (askingLeads.contains(words[index - 1].lower)) else { continue }
            var next = index + 1
            if next + 1 < words.count, words[next].lower == "of" {
                if choiceSets.contains(words[next + 1].lower) {
                    next += 2
                } else if next + 2 < words.count, words[next + 1].lower == "the", words[next + 2].lower == "following" {
                    next += 3
                } else {
                    continue
                }
            }
            if next < words.count, pluralVerbs.contains(words[next].lower) { return true }
        }
        return false
    }

    /// Whether a choice is clearly one thing: "a ..." or "an ...", or one to three words with no
    /// "and", comma, ampersand, slash or digit, the last not ending in "s".
    static func isClearlySingular(_ text: String) -> Bool {
        let words = English.words(text)
        guard let first = words.first, let last = words.last else { return false }
        if words.count >= 2, first.lower == "a" || first.lower == "an" || first.lower == "one" { return true }
        guard words.count <= 3, !text.contains(where: { $0 == "," || $0 == "&" || $0 == "/" || $0.isNumber }),
              !words.contains(where: { $0.lower == "and" || $0.lower == "or" }) else { return false }
        return !last.lower.hasSuffix("s") || last.lower.hasSuffix("ss")
    }

    /// The plural verb a completion stem ends with ("...are", "...were ___:"), if any.
    static func finalPluralVerb(_ text: String, words: [EnglishWord]) -> String? {
        guard let last = words.last, pluralVerbs.contains(last.lower) else { return nil }
        let rest = text[last.range.upperBound...]
        return rest.allSatisfy({ $0.isWhitespace || "_.…:-–—\"'\u{201D}".contains($0) }) ? last.lower : nil
    }

    private static let singularAsks: Set<[String]> = Set(["what", "which", "who"].flatMap { asking in
        ["is", "was"].flatMap { verb in ["the", "his", "her", "its"].map { [asking, verb, $0] } }
    })
    /// Words that end the noun asked for ("the official language of...").
    private static let nounEnds: WordSet = ["of", "in", "on", "at", "for", "by", "to", "from", "that", "which", "who", "spoken", "used", "called", "is", "was", "with"]

    /// The choices that list two things ("Spanish and Portuguese") under a stem that asks for one
    /// ("What is the official language of Brazil?"), when some other choice is a single thing;
    /// nil otherwise. Names and titles ("the name", "the title") are left out: a duo's name has
    /// an "and" in it; and so are colours: "Black and white" is one colouring.
    static func listsUnderSingularAsk(words: [EnglishWord], choices: [String]) -> [Int]? {
        let lower = words.map(\.lower)
        guard lower.count >= 4, !lower.contains(where: { English.quotingWords.contains($0) }) else { return nil }
        // "Which club has won most titles?": "which", a singular noun and its verb.
        if lower[0] == "which", !lower[1].hasSuffix("s"), lower[1] != "of", singularVerbs.contains(lower[2]) {
            return lists(in: choices)
        }
        // "What is the...", also after an opening phrase ("In 1990, who was the first...").
        guard let ask = lower.indices.dropLast(2).first(where: { singularAsks.contains([lower[$0], lower[$0 + 1], lower[$0 + 2]]) })
        else { return nil }
        let noun = lower.dropFirst(ask + 3).prefix { !nounEnds.contains($0) }
        guard let head = noun.last, !noun.isEmpty, noun.count <= 3, !head.hasSuffix("s"),
              !["name", "title", "names", "pair", "duo", "team", "couple", "combination", "group", "color", "colour"].contains(head)
        else { return nil }
        return lists(in: choices)
    }

    private static let andFragment = English.Fragments(["and"])
    private static let singularVerbs: WordSet = ["is", "was", "has", "had", "won", "did", "does"]

    /// The choices that list two things of a word or two each, one of them another choice
    /// ("Spanish and Portuguese" beside "Portuguese") or each with its own article ("A chemist
    /// and a painter"), when some other choice is no list; nil otherwise. ("Fresh air and
    /// exercise" under "What is the best way...?" is one answer.) A choice is read up to its
    /// first comma: "AC Milan and Real Madrid, 3 times each" beside "Real Madrid, 4 times".
    private static func lists(in choices: [String]) -> [Int]? {
        guard choices.contains(where: { andFragment.occur(in: $0) }) else { return nil }
        let normalized = choices.map { English.normalized(String($0.prefix { $0 != "," })) }
        let lists = choices.indices.filter { index in
            let parts = English.words(normalized[index]).map(\.lower)
            if let and = parts.firstIndex(of: "and"), and >= 2, and <= 3, parts.count - and - 1 >= 2, parts.count - and - 1 <= 4,
               ["a", "an"].contains(parts[0]), ["a", "an"].contains(parts[and + 1]) { return true }
            guard let and = parts.firstIndex(of: "and"), and > 0, and <= 2, and < parts.count - 1, parts.count - and - 1 <= 2 else { return false }
            let halves = [parts[..<and].joined(separator: " "), parts[(and + 1)...].joined(separator: " ")]
            return halves.contains { half in normalized.indices.contains { $0 != index && normalized[$0] == half } }
        }
        return !lists.isEmpty && lists.count < choices.count ? lists : nil
    }

    /// "what is", "who was"...: a question that asks for one thing, wherever it starts ("In 1990, who was the first...").
    private static let singularAskFragments = English.Fragments(["what is", "what was", "which is", "which was", "who is", "who was"])
    private static let askingWords: WordSet = ["what", "which", "who", "whom"]
    private static let subjectPronouns: WordSet = ["he", "she", "it", "they", "i", "we", "you", "there"]

    /// Whether a choice is a sentence of its own: four words or more, a subject pronoun first,
    /// a full stop or "!" last ("She slept with all of them.").
    static func isSentence(_ text: String) -> Bool {
        guard let last = text.last(where: { !$0.isWhitespace }), last == "." || last == "!" else { return false }
        let words = English.words(text)
        return words.count >= 4 && subjectPronouns.contains(words[0].lower)
    }

    /// The choice that is a sentence when it is the only one and every other choice names a
    /// thing (one to four words, no pronoun first, no closing mark), at least two of them;
    /// nil otherwise. Aggregate choices ("All of these") are neither, and are not counted:
    /// "He was an English hermit." beside "He was never canonized." and "None of these" is one
    /// statement of two; one written as a sentence ("She slept with all of them.") is a sentence.
    static func sentencesAmongThings(_ choices: [String]) -> [Int]? {
        let counted = choices.indices.filter { isSentence(choices[$0]) || AggregateChoice.of(choices[$0], stem: { "" }) == nil }
        let sentences = counted.filter { isSentence(choices[$0]) }
        let things = counted.filter { index in
            let words = English.words(choices[index])
            guard let first = words.first, words.count <= 4, !subjectPronouns.contains(first.lower),
                  let last = choices[index].last(where: { !$0.isWhitespace }) else { return false }
            return !".!?".contains(last)
        }
        return sentences.count == 1 && things.count >= 2 && sentences.count + things.count == counted.count ? sentences : nil
    }

    private static let phraseStarts: WordSet = [
        "on", "in", "at", "to", "with", "for", "from", "into", "over", "under", "up", "down", "out", "away", "around",
        "about", "by", "the", "a", "an", "his", "her", "their", "my", "your", "its", "our",
    ]

    /// Whether a choice starts with a verb in -ing and what it governs ("crying on the stair",
    /// "eating the cake"), which no article comes before; "swimming pool" is a thing.
    static func startsWithVerbPhrase(_ text: String) -> Bool {
        let words = English.words(text)
        guard words.count >= 2, words[0].text.first?.isLowercase == true, words[0].lower.count >= 5,
              words[0].lower.hasSuffix("ing") else { return false }
        return phraseStarts.contains(words[1].lower)
    }

    enum VerbForm { case past, thirdPerson, gerund }

    /// The form of a choice's first word when it continues a stem in lower case and ends like an
    /// inflected verb; nil otherwise.
    static func verbForm(of text: String) -> VerbForm? {
        guard let first = English.words(text).first, first.text.first?.isLowercase == true, first.lower.count >= 4,
              first.text.allSatisfy(\.isLetter) else { return nil }
        let word = first.lower
        if word.hasSuffix("ing") { return .gerund }
        if word.hasSuffix("ed") { return .past }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") { return .thirdPerson }
        return nil
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse else { return }
        var reportedStems: Set<SourceRange> = [], reportedChoices: Set<SourceRange> = []
        for item in EnglishItem.all(of: question, sourceLocale: bank.sourceLocale) {
            guard let choices = item.allChoices else { continue }
            let stem = item.stem.text
            // Quick look: the plural checks need "are" or "were" in the stem, the tense check a
            // stem without "?" whose first choice starts with an inflected verb.
            let mayBePlural = Self.pluralFragments.occur(in: stem)
            let mayBeTense = choices.count >= 3 && !English.containsASCII(stem, "?") && Self.verbForm(of: choices[0].text) != nil
            let finalArticle = ArticleCueRule.articleBeforeAnswer(of: stem)
            // (5) and (6) read the question, the stem's last sentence ("T. S. Eliot's father... What was her occupation?").
            let asked = AggregateChoice.lastSentence(stem)
            let firstWord = AggregateChoice.firstWord(String(asked))
            let mayAskForOne = firstWord == "what" || firstWord == "which" || Self.singularAskFragments.occur(in: stem)
            let mayMixSentences = choices.count >= 3 && Self.askingWords.contains(firstWord)
                && choices.contains { Self.isSentence($0.text) }
            guard mayBePlural || mayBeTense || finalArticle != nil || mayAskForOne || mayMixSentences else { continue }
            let words = English.words(stem)
            if mayBePlural {
                if question.kind == .singleChoice, Self.asksInPlural(words), choices.allSatisfy({ Self.isClearlySingular($0.text) }),
                   reportedStems.insert(item.stem.range).inserted {
                    report("the stem of question '\(question.id.value)'\(item.suffix) asks in the plural ('are'), but every choice "
                           + "is one thing and one is correct: ask 'Which of these is...?'", at: item.stem.range)
                    continue
                }
                if let verb = Self.finalPluralVerb(stem, words: words) {
                    let misfits = choices.indices.filter { index in
                        let first = English.words(choices[index].text).first?.lower
                        return first == "a" || first == "an"
                    }
                    if !misfits.isEmpty, misfits.count < choices.count, reportedStems.insert(item.stem.range).inserted {
                        let names = misfits.map { English.quote(choices[$0].text, limit: 30) }.joined(separator: ", ")
                        let cue = misfits.contains { question.choices[$0].correct }
                            ? "the correct answer is among them, so the stem misleads"
                            : "learners can rule them out on grammar alone"
                        report("the stem of question '\(question.id.value)'\(item.suffix) ends with '\(verb)', which does not fit "
                               + "\(names): \(cue)", at: item.stem.range)
                        continue
                    }
                }
            }
            // (4) "...looking for a" before "a snack": the article twice.
            if let isAn = finalArticle {
                let repeating = choices.indices.filter { index in
                    let first = English.words(choices[index].text).first?.lower
                    return first == "a" || first == "an" || first == "the"
                }
                if !repeating.isEmpty, reportedStems.insert(item.stem.range).inserted {
                    let names = repeating.map { English.quote(choices[$0].text, limit: 30) }.joined(separator: ", ")
                    report("the stem of question '\(question.id.value)'\(item.suffix) ends with '\(isAn ? "an" : "a")', and \(names) "
                           + "start with an article again: end the stem before the article", at: item.stem.range)
                    continue
                }
                // (7) "...like a ________" before "crying on the stair": a verb where a noun goes.
                let verbs = choices.indices.filter { Self.startsWithVerbPhrase(choices[$0].text) }
                if !verbs.isEmpty, verbs.count < choices.count, reportedStems.insert(item.stem.range).inserted {
                    let names = verbs.map { English.quote(choices[$0].text, limit: 30) }.joined(separator: ", ")
                    report("the stem of question '\(question.id.value)'\(item.suffix) ends with '\(isAn ? "an" : "a")', which \(names) "
                           + "cannot follow: a verb where the other choices are things; learners rule it out on grammar alone",
                           at: item.stem.range)
                    continue
                }
            }
            // (6) "Which of her loved ones...?" over names and "She slept with all of them.": a sentence among things.
            if mayMixSentences, let sentences = Self.sentencesAmongThings(choices.map(\.text)),
               !English.words(String(asked)).contains(where: { English.quotingWords.contains($0.lower) }),
               !AggregateChoice.asksForWords(stem) {
                for index in sentences where reportedChoices.insert(choices[index].range).inserted {
                    report("choice \(index + 1) \(English.quote(choices[index].text)) of question '\(question.id.value)'\(item.suffix) "
                           + "is a sentence where the stem asks for a thing and the other choices name one: it stands out by "
                           + "its form; write it as the others are", at: choices[index].range)
                }
                if !sentences.isEmpty { continue }
            }
            // (5) "What is the official language...?" over "Spanish and Portuguese".
            if mayAskForOne, let listed = Self.listsUnderSingularAsk(
                   words: asked.startIndex == stem.startIndex ? words : English.words(String(asked)), choices: choices.map(\.text)),
               reportedStems.insert(item.stem.range).inserted {
                let names = listed.map { English.quote(choices[$0].text, limit: 30) }.joined(separator: ", ")
                report("the stem of question '\(question.id.value)'\(item.suffix) asks for one thing, but \(names) "
                       + "name two or more: learners rule them out on grammar alone", at: item.stem.range)
                continue
            }
            guard mayBeTense, question.kind == .singleChoice, let key = question.correctIndexes.first,
                  question.correctIndexes.count == 1, choices.count >= 3 else { continue }
            let forms = choices.map { Self.verbForm(of: $0.text) }
            guard let keyForm = forms[key], forms.indices.allSatisfy({ $0 == key || forms[$0] != nil && forms[$0] != keyForm }),
                  Set(forms.indices.filter { $0 != key }.compactMap { forms[$0] }).count == 1,
                  reportedChoices.insert(choices[key].range).inserted else { continue }
            report("the correct choice \(English.quote(choices[key].text)) of question '\(question.id.value)'\(item.suffix) is the "
                   + "only one whose verb has its form ('\(English.words(choices[key].text)[0].text)'): the key alone agrees with the "
                   + "stem; give every choice the same tense", at: choices[key].range)
        }
    }
}

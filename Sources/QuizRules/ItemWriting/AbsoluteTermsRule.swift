import QuizBank
import QuizLint
import QuizYAML

struct AbsoluteTermsRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var terms = AbsoluteTermsRule.defaultTerms
        var checkChoices = false

        static let elements: [RuleOptionElement<Self>] = [
            .strings("terms", \.terms, "the absolute terms, lower case; a term may be several words (\"no one\")"),
            .boolean("check-choices", \.checkChoices,
                "also check the choices of choice questions"),
        ]
    }

    /// The words that are absolute in any use, which `absolute-terms-pattern` counts.
    static let strongTerms = [
        "always", "never", "none", "nobody", "no one", "nothing", "nowhere", "everyone", "everybody", "everything",
        "completely", "absolutely", "entirely", "totally", "invariably",
    ]
    /// The strong words and those that are also ordinary English, whose idioms and counts
    /// `isIdiomOrCount` leaves out.
    static let defaultTerms = strongTerms + ["all", "only", "every", "must", "cannot"]

    static let description = RuleDescription(
        id: "absolute-terms",
        summary: "A true/false statement or yes/no stem (with `check-choices`, also a choice) with an absolute term: always, never, all, only, must, completely...",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), guideline 28a: avoid giving clues to the right answer \
            such as "specific determiners including always, never, completely, and absolutely". \
            Test-wise learners know that few things are always or never so, and guess "false" for such a \
            statement, or rule out such a choice, without knowing the content; the NBME Item-Writing \
            Guide (Paniagua & Swygert, 4th ed.) lists "absolute terms" among the flaws that help \
            test-wise examinees, and Tarrant et al. (2006) among the frequent item-writing flaws. One \
            absolute statement is not a flaw by itself — a statement may be false precisely because of \
            its "always" — so this rule is `info`, a note to check the wording; the cue that does harm \
            is the pattern across a bank, which `absolute-terms-pattern` reports.

            Reported: an absolute term in a true/false statement. A question of two choices answered Yes \
            or No (or True or False) is a statement too: its stem is read ("Do all frogs live in water?"), \
            from the first sentence that asks on, since what comes before is a lead-in or a riddle's \
            premises ("I think we have all heard this one. Does an apple a day keep the doctor away?", \
            "... everybody got one. Is this possible?"). A question whether something can be or exists \
            ("Can you build a house so that all its walls face north?", "Is there a coat that can only \
            be put on wet?"; opening "Can you", "Could you", "Is there", "Are there", "Can there", \
            "Could there" or "Is it possible") is not reported: the absolute names what is asked about, \
            and "no" is no safer a guess.

            With `check-choices`, choices are checked too. The option is off by default: reviewers judge \
            an absolute choice a cue only when it overgeneralises, and most absolute choices in trivia \
            state a plain fact ("It was the only color he had left").

            When choices are checked:

            - A choice is reported only when some other choice of the question has no absolute term \
            (when all have, none stands out).
            - "None of these" and "All of the above" are left to `none-of-the-above` and \
            `all-of-the-above`.
            - A choice in title case (a title such as "Nobody Does It Better", "All My Children") is \
            skipped.
            - The choices of a stem that asks for a quotation (a line, a motto, lyrics: "What is the \
            state motto? — Thus always to tyrants") are skipped.

            Not reported:

            - hedged and negated uses ("almost always", "not always", "nearly everyone", "not all", \
            "little or nothing")
            - hyphenated words ("never-ending", "all-time")
            - quoted text
            - text after a word that introduces a quotation (said, line, lyrics...) or reports a claim \
            (claimed, believed...)
            - titles in title case ("Never Let Me Go")

            The words that are also ordinary English have their idioms and counts left out:

            - "at all" (but "at all times" counts), "after all", "above all", "in all", "for all", \
            "once all", "all over", "all along", "all but", "all this", "all" before a number ("all four \
            Beatles"), also after "of" or a determiner ("all of her five friends", "all the three seasons")
            - "not only", "if only", "only just", "an only" ("an only child"), "only" before a number \
            ("only 3% of water")
            - "never mind", "nothing less"
            - "every" before a number or a unit of time ("every four years", "every day")
            - "must have been" and "must have" before a past participle (a deduction: "he must have \
            known", not "you must have a level of 99"), and "it must be"

            Known limits:

            - "only" and "all" stay common in plain factual statements ("the only planet with rings \
            visible from Earth"), so a report is a note to check the wording, not a verdict.

            A team that finds "only" and "all" noisy sets `terms` to the strong words alone (always, \
            never, nobody, completely...).

            \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        options: Options.declarations,
        examples: [
            // The statement is really false; reporting it is only a note (info), not a flaw. A
            // yes/no stem is a statement too.
            .triggering(questions: """
                  - id: moon
                    text: ↓The Moon always shows the same phase to the whole Earth.
                    answer: false
                  - id: metals
                    text: ↓All metals are solid at room temperature.
                    answer: false
                  - id: bowl
                    text: ↓A dog should have water within reach at all times.
                    answer: true
                  - id: frogs
                    text: ↓Do all frogs live their whole life in water?
                    choices:
                      - "Yes"
                      - text: "No"
                        correct: true
                """),
            .triggering(questions: """
                  - id: vote
                    text: What is true of the electoral college?
                    choices:
                      - text: Its electors are chosen state by state.
                        correct: true
                      - ↓Every elector must vote with the popular vote.
                      - ↓Only senators cast votes in it.
                      - It meets in Congress.
                """, options: ["check-choices": .boolean(true)]),
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
                      - ↓They sleep standing only.
                      - None of these
                """, options: ["check-choices": .boolean(true)]),
            .triggering(questions: """
                  - id: ring
                    text: ↓Saturn is the only planet with rings.
                    answer: false
                """, options: ["terms": .strings(["only", "always"])]),
            // Choices are not checked by default.
            .passing(questions: """
                  - id: sleep
                    text: Which is true of giraffes?
                    choices:
                      - They never lie down.
                      - text: They sleep a few hours a day.
                        correct: true
                """),
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
                  - id: olympics
                    text: The Summer Olympics are held every four years, and only 3% of water is fresh.
                    answer: true
                  - id: beatles
                    text: All four Beatles were born in Liverpool, after all.
                    answer: true
                  - id: not-all
                    text: Not all birds can fly.
                    answer: true
                  - id: nuremberg
                    text: Some defendants claimed the camps never existed.
                    answer: true
                  - id: motto
                    text: What is the state motto of Virginia?
                    choices:
                      - text: Thus always to tyrants
                        correct: true
                      - In God we trust
                  - id: soap
                    text: Which soap opera was set in Pine Valley?
                    choices:
                      - text: All My Children
                        correct: true
                      - General Hospital
                """, options: ["check-choices": .boolean(true)]),
            // Near misses of yes/no questions: a lead-in and a riddle's premises before the
            // question, questions whether something can be or exists, idioms and counts.
            .passing(questions: """
                  - id: apple
                    text: I think we have all heard this one. Does an apple a day keep the doctor away?
                    choices:
                      - "Yes"
                      - text: "No"
                        correct: true
                  - id: shop
                    text: Two mothers and two daughters each ordered one ice cream, and everybody got one of the three. Is this possible?
                    choices:
                      - text: "Yes"
                        correct: true
                      - "No"
                  - id: house
                    text: Can you build a house so that all its walls face north?
                    choices:
                      - text: "Yes"
                        correct: true
                      - "No"
                  - id: coat
                    text: Is there a coat that can only be put on wet?
                    choices:
                      - text: "Yes"
                        correct: true
                      - "No"
                  - id: earnhardt
                    text: Is Dale Earnhardt Jr. an only child?
                    choices:
                      - "Yes"
                      - text: "No"
                        correct: true
                  - id: rachel
                    text: Has Rachel kissed all of her five friends?
                    choices:
                      - text: "Yes"
                        correct: true
                      - "No"
                  - id: shepherd
                    text: In the village there was only one shepherd. Can all this be true?
                    choices:
                      - text: "Yes"
                        correct: true
                      - "No"
                """),
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

    private static let hedges: WordSet = [
        "not", "almost", "nearly", "virtually", "practically", "hardly", "scarcely", "barely", "quite", "near", "or",
    ]

    /// The absolute terms of `text`, as written, leaving out hedged, negated, hyphenated, quoted
    /// and title-case uses; from `start` on when given (the words before it still set the
    /// context: a quoting word there is read).
    static func absolutes(in text: String, terms: English.TermList, from start: String.Index? = nil) -> [String] {
        guard terms.firstWords.occur(in: text) else { return [] }
        let words = English.words(text)
        var found: [String] = []
        for index in words.indices where start.map({ words[index].range.lowerBound >= $0 }) ?? true {
            guard let term = English.term(at: index, of: words, in: terms.terms) else { continue }
            let first = words[index], last = words[index + term.count - 1]
            guard !first.quoted, !first.isTitleWord, first.before != "-", last.after != "-",
                  !English.followsQuoting(words, index) else { continue }
            if index > 0 {
                let previous = words[index - 1].lower
                if hedges.contains(previous) || NegativeStemRule.contractions.contains(previous) { continue }
            }
            let next = index + term.count < words.count ? words[index + term.count] : nil
            let afterNext = index + term.count + 1 < words.count ? words[index + term.count + 1].lower : ""
            let thirdNext = index + term.count + 2 < words.count ? words[index + term.count + 2].lower : ""
            if isIdiomOrCount(term, previous: index > 0 ? words[index - 1].lower : "", next: next, afterNext: afterNext, thirdNext: thirdNext) {
                continue
            }
            if words[..<index].contains(where: { reportingWords.contains($0.lower) }) { continue }
            found.append(words[index..<(index + term.count)].map(\.text).joined(separator: " "))
        }
        return found
    }

    private static let timeUnits: WordSet = [
        "other", "few", "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "night", "nights", "week",
        "weeks", "weekend", "month", "months", "year", "years", "decade", "decades", "century", "centuries", "morning",
        "evening", "time", "season", "summer", "winter", "spring", "autumn", "election", "generation",
    ]
    private static let numberWords: WordSet = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "twenty", "fifty",
        "hundred", "thousand", "half", "both",
    ]

    /// A term used as an idiom or with a count, not as an absolute: "at all", "after all",
    /// "all but", "all four", "if only", "only 3%", "every four years", "must have", "never
    /// mind", "nothing less".
    static func isIdiomOrCount(_ term: [String], previous: String, next: EnglishWord?, afterNext: String, thirdNext: String) -> Bool {
        let following = next?.lower ?? ""
        let isCount = numberWords.contains(following) || following.first?.isNumber == true
        switch term {
        case ["never"]: return following == "mind"
        case ["nothing"]: return following == "less"
        case ["all"]:
            return previous == "at" && following != "times" || ["after", "above", "in", "for", "once"].contains(previous)
                || following == "but" || following == "over" || following == "along" || following == "this" || isCount
                || countFollows([following, afterNext, thirdNext])
        // "an only child": the only one of its kind, said of a person.
        case ["only"]: return previous == "if" || previous == "an" || following == "just" || isCount
        case ["every"]: return isCount || timeUnits.contains(following)
        case ["must"]:
            let participle = afterNext == "been" || afterNext.count > 3 && (afterNext.hasSuffix("ed") || afterNext.hasSuffix("en") || afterNext.hasSuffix("wn"))
            return following == "have" && participle || following == "be" && previous == "it"
        default: return false
        }
    }

    /// Whether a count follows "all" after "of" and a determiner or possessive ("all of her five
    /// friends", "all the four Beatles"): the words after "all", in order.
    static func countFollows(_ following: [String]) -> Bool {
        let rest = following.drop { $0 == "of" }.drop { countDeterminers.contains($0) }
        guard rest.count < following.count, let word = rest.first else { return false }
        return numberWords.contains(word) || word.first?.isNumber == true
    }

    private static let countDeterminers: WordSet = ["the", "her", "his", "their", "its", "my", "your", "our", "these", "those"]

    /// Words that report a claim or belief: what follows is someone's statement, not the
    /// writer's ("claimed the camps never existed").
    private static let reportingWords: WordSet = ["claimed", "claims", "claim", "believed", "believes", "thought", "argued", "insisted"]

    /// Small words a title leaves in lower case.
    private static let titleSmallWords: WordSet = ["a", "an", "the", "of", "and", "or", "in", "on", "at", "to", "for", "with", "by", "from", "de"]

    /// Whether a text of two words or more is in title case: every word that starts with a
    /// letter is capitalised, but for small words (of, the, and...), and two or more are ("All
    /// My Children", "Never Let Me Go").
    static func isTitleCase(_ text: String) -> Bool {
        let words = English.words(text).filter { $0.text.first.map(English.isLetter) == true }
        let capitalized = words.filter(\.isCapitalized)
        return capitalized.count >= 2 && words.allSatisfy { $0.isCapitalized || titleSmallWords.contains($0.lower) }
    }

    /// Where what a yes/no question asks to judge starts: at the first sentence that asks ("I
    /// think we have all heard this one. Does an apple a day keep the doctor away?"; a riddle's
    /// premises before "Is this possible?"), or at the start when none asks. Nil for a question
    /// whether something can be or exists ("Can you build a house so that all its walls face
    /// north?", "Is there a coat that can only be put on wet?"): an absolute there names what is
    /// asked about, and "no" is no safer a guess.
    static func askedClaimStart(_ text: String) -> String.Index? {
        let words = English.words(text)
        guard let first = English.sentences(text, words: words).first(where: \.isQuestion), !first.words.isEmpty else {
            return text.startIndex
        }
        let opening = words[first.words].prefix(3).map(\.lower)
        if possibilityOpenings.contains(where: { opening.starts(with: $0) }) { return nil }
        return words[first.words.lowerBound].range.lowerBound
    }

    /// Openings of a question whether something can be or exists.
    private static let possibilityOpenings: [[String]] = [
        ["can", "you"], ["could", "you"], ["is", "there"], ["are", "there"], ["is", "it", "possible"], ["can", "there"],
        ["could", "there"],
    ]

    /// Whether a choice question is answered Yes or No (or True or False): its stem is a
    /// statement to judge.
    static func isYesNo(_ question: Question, sourceLocale: String) -> Bool {
        question.choices.count == 2 && question.choices.allSatisfy { choice in
            let text = English.normalized(choice.text.source(sourceLocale))
            return text == "yes" || text == "no" || text == "true" || text == "false"
        }
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
        if Self.isYesNo(question, sourceLocale: source) {
            for entry in English.entries(of: question.text, sourceLocale: source) {
                guard let asked = Self.askedClaimStart(entry.text) else { continue }
                let found = Self.absolutes(in: entry.text, terms: terms, from: asked)
                guard !found.isEmpty else { continue }
                report("the yes/no question '\(question.id.value)'\(English.suffix(entry, sourceLocale: source)) says "
                       + "\(English.list(found)): test-wise learners answer 'no' to such questions; check that the answer does "
                       + "not rest on the absolute word", at: entry.range)
            }
            return
        }
        guard checkChoices else { return }
        var reported: Set<SourceRange> = []
        for item in EnglishItem.all(of: question, sourceLocale: source) {
            guard let choices = item.allChoices else { continue }
            // The choices of "What is the state motto?" are quotations.
            guard !English.words(item.stem.text).contains(where: { English.quotingWords.contains($0.lower) }) else { continue }
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

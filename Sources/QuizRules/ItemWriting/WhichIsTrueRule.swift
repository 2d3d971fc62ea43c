import QuizBank
import QuizLint

struct WhichIsTrueRule: QuestionRule {
    static let description = RuleDescription(
        id: "which-is-true",
        summary: "An unfocused stem: \"Which of the following is true?\", \"Which statement about X is false?\", \"What is correct about X?\"",
        rationale: """
            Such a stem poses no question: the item is four true/false statements on loosely related \
            facts, and the learner cannot think of an answer before reading the choices. The NBME \
            Item-Writing Guide (Paniagua & Swygert, 4th ed.) asks every stem to pass the \
            "cover-the-options" test — a learner who knows the content can answer with the options \
            covered — and discourages "which of the following statements is correct" items; Haladyna, \
            Downing & Rodriguez (2002) ask to "include the central idea in the stem instead of the \
            choices" (guideline 15) and for clear directions (guideline 14); Tarrant et al. (2006) count \
            the "unfocused stem" among the frequent item-writing flaws.

            Reported: a stem that asks which choice is true (or false, correct, wrong...) in one of the \
            forms below. Reach: the stems of single- and multiple-choice questions, in each English text \
            of a translated question; true/false statements are not checked.

            Forms reported:

            - "which" or "what", optionally "one", "of the following", "of these", a noun such as \
            "statement" or "fact" and a topic ("about X", "regarding X"), then a form of "be" and true, \
            false, correct, incorrect, accurate, inaccurate, untrue, right or wrong, ending the stem or \
            followed by about/of/regarding/concerning/for/in/except/among/with/when (not "wrong with" \
            or "right with"); and "the true/false/correct statement"
            - a task that asks for one ("Identify the true statement regarding X", "Select the correct \
            statement", "Choose the statement that is false": identify, select, choose, pick, find, \
            mark, spot, circle or tick, then a statement, fact, sentence, claim or assertion)
            - "only one of the X is correct"
            - a sentence opening "One of these X is wrong"
            - "All of the following are true except" (or "but")

            Not reported:

            - A focused question that uses these words ("Which spelling is correct?", "What was wrong \
            with the engine?", "Select the correct lyric", "Choose the correct answer" after a \
            question).
            - "Which is correct?" over choices that are variants of one sentence ("He woke up at six", \
            "He awoke at six"), which asks about usage; "Which statement is correct?" over such variants \
            still asks for a statement, and is reported.

            Known limits:

            - A stem that asks which choice is true in other words ("What can be said of X?", "Which \
            best describes X?") is not reported.
            - The choices are read only to tell variants of one sentence, so four unrelated \
            statements under a stem in none of the forms above pass.

            \(English.localeNote)
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: ↓Which of the following statements about the Sun is true?
                    choices:
                      - text: It is a star.
                        correct: true
                      - It orbits the Earth.
                  - id: moon
                    text: ↓What is true about the Moon?
                    choices:
                      - text: It has no atmosphere to speak of.
                        correct: true
                      - It is made of cheese.
                  - id: mars
                    text: ↓Mars has two moons. Which is the false statement?
                    choices:
                      - Phobos is one of them.
                      - text: Titan is one of them.
                        correct: true
                """),
            // Tasks rather than questions: "identify the true statement", "only one of... is
            // correct", "all of the following are true except"; a statement over variants of one
            // sentence is still a statement to judge.
            .triggering(questions: """
                  - id: heart
                    text: ↓Identify the true statement regarding cardiac muscle.
                    choices:
                      - text: It contracts without conscious control.
                        correct: true
                      - It is attached to the skeleton.
                  - id: squad
                    text: ↓Only one of the pairs (player - squad number) is correct, which one?
                    choices:
                      - text: Solskjaer - 20
                        correct: true
                      - Keane - 17
                  - id: planets
                    text: ↓All of the following statements about Venus are true except
                    choices:
                      - text: It has moons.
                        correct: true
                      - It is hotter than Mercury.
                  - id: birth
                    text: ↓Select the correct statement regarding John Krasinski's birth.
                    choices:
                      - text: He was born on 20 October 1979 in Boston.
                        correct: true
                      - He was born on 20 October 1979 in Erie.
                      - He was born on 20 October 1980 in Boston.
                """),
            // Near misses: focused questions that use "correct" and "wrong".
            .passing(questions: """
                  - id: spelling
                    text: Which spelling of the word is correct?
                    choices:
                      - text: accommodate
                        correct: true
                      - accomodate
                  - id: apollo
                    text: What was wrong with Apollo 13?
                    choices:
                      - text: An oxygen tank exploded.
                        correct: true
                      - It lost its radio.
                  - id: dates
                    text: Which date is correct for the first Moon landing?
                    choices:
                      - text: 20 July 1969
                        correct: true
                      - 4 July 1970
                  - id: lyric
                    text: Select the correct lyric.
                    choices:
                      - text: Excuse me while I kiss the sky
                        correct: true
                      - Excuse me while I kiss this guy
                  - id: capital
                    text: What is the capital of Australia? Choose the correct answer.
                    choices:
                      - text: Canberra
                        correct: true
                      - Sydney
                  - id: breeds
                    text: One of these is not a true breed of cat. Which one?
                    choices:
                      - text: Highland Tabby
                        correct: true
                      - Siamese
                  - id: usage
                    text: Which of these is correct?
                    choices:
                      - text: He awoke at six.
                        correct: true
                      - He awaked at six.
                      - He woke at six.
                """),
        ])

    init(options: RuleOptions) {}

    private static let adjectives: WordSet = [
        "true", "false", "correct", "incorrect", "accurate", "inaccurate", "untrue", "right", "wrong",
    ]
    private static let nouns: WordSet = [
        "statement", "statements", "fact", "facts", "option", "options", "choice", "choices",
        "answer", "answers", "one", "claim", "claims", "assertion", "assertions",
    ]
    private static let groups: WordSet = ["following", "these", "those", "them", "statements", "options", "choices", "answers", "above", "below"]
    private static let topicWords: WordSet = ["about", "regarding", "concerning", "on", "of", "for", "describing"]
    private static let beVerbs: WordSet = ["is", "are", "was", "were"]
    private static let followers: WordSet = ["about", "of", "regarding", "concerning", "for", "in", "except", "among", "with", "when"]

    /// Whether the choices are variants of one sentence ("He woke up at six", "He awoke at
    /// six"): then "Which is correct?" asks about usage, a focused question.
    static func areVariants(_ choices: [String]) -> Bool {
        let sets = choices.map { Set(English.words($0).map(\.lower)) }
        guard sets.count >= 2 else { return false }
        var total = 0.0, pairs = 0.0
        for i in sets.indices {
            for j in sets.indices where j > i {
                let union = sets[i].union(sets[j]).count
                total += union == 0 ? 0 : Double(sets[i].intersection(sets[j]).count) / Double(union)
                pairs += 1
            }
        }
        return total / pairs >= 0.4
    }

    /// What an unfocused phrase judges by ("which is true"): looked for before reading words.
    private static let judgementWords = English.Fragments(["true", "false", "correct", "accurate", "right", "wrong"])

    /// Verbs of a task that only asks for the true choice ("Identify the true statement").
    private static let taskVerbs: WordSet = ["identify", "select", "choose", "pick", "find", "mark", "spot", "circle", "tick"]
    /// Nouns that name what is judged as a statement: what an unfocused task names ("Select the
    /// correct spelling" or "Choose the correct answer" after a question asks something).
    private static let statementWords: WordSet = [
        "statement", "statements", "fact", "facts", "sentence", "sentences", "claim", "claims", "assertion", "assertions",
    ]

    /// The words of the unfocused phrase, if the stem has one, and its adjective.
    static func unfocusedPhrase(in text: String) -> (phrase: String, adjective: String)? {
        guard Self.judgementWords.occur(in: text) else { return nil }
        let words = English.words(text)
        let lower = words.map(\.lower)
        func phrase(_ range: ClosedRange<Int>) -> String { words[range].map(\.text).joined(separator: " ") }
        if let found = taskPhrase(words, lower) ?? onlyOnePhrase(text, words, lower) { return found }
        for start in lower.indices where lower[start] == "which" || lower[start] == "what" {
            var index = start + 1
            if index < lower.count, lower[index] == "one" { index += 1 }
            if index + 1 < lower.count, lower[index] == "of" {
                if lower[index + 1] == "the", index + 2 < lower.count, groups.contains(lower[index + 2]) {
                    index += 3
                } else if groups.contains(lower[index + 1]) {
                    index += 2
                }
            }
            var hasNoun = false
            if index < lower.count, nouns.contains(lower[index]) { index += 1; hasNoun = true }
            // "which statement about the Sun is true": a topic of up to twelve words before the verb.
            if hasNoun || index > start + 1, index < lower.count, topicWords.contains(lower[index]) {
                var end = index + 1
                while end < lower.count, end - index <= 12, !beVerbs.contains(lower[end]) { end += 1 }
                if end < lower.count, beVerbs.contains(lower[end]) { index = end }
            }
            guard index < lower.count, beVerbs.contains(lower[index]) else { continue }
            index += 1
            if index < lower.count, lower[index] == "not" { index += 1 }
            // "Which is the false statement?", "Which is a true statement about X?"
            if index + 1 < lower.count, lower[index] == "the" || lower[index] == "a", adjectives.contains(lower[index + 1]),
               index + 2 < lower.count, ["statement", "fact", "sentence", "claim"].contains(lower[index + 2]) {
                return (phrase(start...(index + 2)), lower[index + 1])
            }
            guard index < lower.count, adjectives.contains(lower[index]) else { continue }
            let next = index + 1 < lower.count ? lower[index + 1] : nil
            // "What was wrong with the engine?" asks something; "true with regard to" does not.
            if next == "with", lower[index] == "wrong" || lower[index] == "right" { continue }
            guard next == nil || followers.contains(next!) || isClauseEnd(text, after: words[index]) else { continue }
            return (phrase(start...index), lower[index])
        }
        return nil
    }

    /// "Identify the true statement regarding X", "Select the correct statement", "Choose the
    /// statement that is false": a task that names no question.
    private static func taskPhrase(_ words: [EnglishWord], _ lower: [String]) -> (phrase: String, adjective: String)? {
        for start in lower.indices where taskVerbs.contains(lower[start]) {
            var index = start + 1
            if index < lower.count, ["the", "a", "an"].contains(lower[index]) { index += 1 }
            if index < lower.count, lower[index] == "only" || lower[index] == "one" { index += 1 }
            // "the true statement"
            if index + 1 < lower.count, adjectives.contains(lower[index]), statementWords.contains(lower[index + 1]) {
                return (words[start...(index + 1)].map(\.text).joined(separator: " "), lower[index])
            }
            // "the statement that is false"
            if index + 3 < lower.count, statementWords.contains(lower[index]), lower[index + 1] == "that" || lower[index + 1] == "which",
               beVerbs.contains(lower[index + 2]) {
                let adjective = lower[index + 3] == "not" && index + 4 < lower.count ? index + 4 : index + 3
                if adjectives.contains(lower[adjective]) {
                    return (words[start...adjective].map(\.text).joined(separator: " "), lower[adjective])
                }
            }
        }
        return nil
    }

    /// "Only one of the combinations (player - number) is correct, which one?", "One of these
    /// statements is false.", "All of the following are true except": the choices are to be
    /// judged true or false one by one, whatever the sentence then asks.
    private static func onlyOnePhrase(_ text: String, _ words: [EnglishWord], _ lower: [String]) -> (phrase: String, adjective: String)? {
        for start in lower.indices where (lower[start] == "one" || lower[start] == "all")
            && start + 2 < lower.count && lower[start + 1] == "of" {
            // "One of" opens the sentence or follows "only"; "all of" opens it ("All of the
            // following are true except...").
            guard words[start].startsSentence || lower[start] == "one" && start > 0 && lower[start - 1] == "only" else { continue }
            var end = start + 2
            while end < lower.count, end - start <= 14, !beVerbs.contains(lower[end]), !words[end].startsSentence { end += 1 }
            guard end + 1 < lower.count, beVerbs.contains(lower[end]), !words[end].startsSentence else { continue }
            var index = end + 1
            if lower[index] == "not", index + 1 < lower.count { index += 1 }
            guard adjectives.contains(lower[index]) else { continue }
            let next = index + 1 < lower.count ? lower[index + 1] : nil
            if lower[start] == "all" {
                guard next == "except" || next == "but" else { continue }
            } else {
                guard next == nil || next == "which" || followers.contains(next!) || isClauseEnd(text, after: words[index]) else { continue }
            }
            let from = lower[start] == "one" && start > 0 && lower[start - 1] == "only" ? start - 1 : start
            return (words[from...index].map(\.text).joined(separator: " "), lower[index])
        }
        return nil
    }

    /// Whether the sentence ends right after `word` ("...is true? Choose one." or "...is true:").
    private static func isClauseEnd(_ text: String, after word: EnglishWord) -> Bool {
        guard let next = text[word.range.upperBound...].first(where: { !$0.isWhitespace }) else { return true }
        return next == "?" || next == "." || next == ":" || next == "!"
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse else { return }
        for entry in English.entries(of: question.text, sourceLocale: bank.sourceLocale) {
            guard let (phrase, adjective) = Self.unfocusedPhrase(in: entry.text) else { continue }
            // "Which is correct?" over variants of one sentence asks about usage; "the correct
            // statement" still asks for a statement.
            if !["true", "false", "untrue"].contains(adjective),
               !phrase.split(separator: " ").contains(where: { Self.statementWords.contains($0.lowercased()) }) {
                let choices = question.choices.map { $0.text.resolved(for: entry.locale, sourceLocale: bank.sourceLocale) }
                if Self.areVariants(choices) { continue }
            }
            report("the stem of question '\(question.id.value)'\(English.suffix(entry, sourceLocale: bank.sourceLocale)) "
                   + "asks '\(phrase)', which poses no question: ask one that can be answered with the choices covered",
                   at: entry.range)
        }
    }
}

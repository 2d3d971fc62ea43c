import QuizBank
import QuizLint

struct WhichIsTrueRule: QuestionRule {
    static let description = RuleDescription(
        id: "which-is-true",
        summary: "An unfocused stem: \"Which of the following is true?\", \"Which statement about X is false?\", \"What is correct about X?\"",
        rationale: """
            Such a stem poses no question: the item is four true/false statements on loosely \
            related facts, and the learner cannot think of an answer before reading the choices. \
            The NBME Item-Writing Guide (Paniagua & Swygert, 4th ed.) asks every stem to pass the \
            "cover-the-options" test — a learner who knows the content can answer with the \
            options covered — and discourages "which of the following statements is correct" \
            items; Haladyna, Downing & Rodriguez (2002) ask to "include the central idea in the \
            stem instead of the choices" (guideline 15) and for clear directions (guideline 14); \
            Tarrant et al. (2006) count the "unfocused stem" among the frequent item-writing flaws. \
            Reported: "which" or "what", optionally "one", "of the following", "of these", a \
            noun such as "statement" or "fact" and a topic ("about X", "regarding X"), then a \
            form of "be" and true, false, correct, incorrect, accurate, inaccurate, untrue, right \
            or wrong, ending the stem or followed by about/of/regarding/concerning/for/in/except; \
            and "the true/false/correct statement". Not reported: a focused question that uses \
            these words ("Which spelling is correct?", "What was wrong with the engine?"), and \
            "Which is correct?" over choices that are variants of one sentence ("He woke up at \
            six", "He awoke at six"), which asks about usage. \
            True/false statements are not checked. \(English.localeNote)
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

    private static let adjectives: Set<String> = [
        "true", "false", "correct", "incorrect", "accurate", "inaccurate", "untrue", "right", "wrong",
    ]
    private static let nouns: Set<String> = [
        "statement", "statements", "fact", "facts", "option", "options", "choice", "choices",
        "answer", "answers", "one", "claim", "claims", "assertion", "assertions",
    ]
    private static let groups: Set<String> = ["following", "these", "those", "them", "statements", "options", "choices", "answers", "above", "below"]
    private static let topicWords: Set<String> = ["about", "regarding", "concerning", "on", "of", "for", "describing"]
    private static let beVerbs: Set<String> = ["is", "are", "was", "were"]
    private static let followers: Set<String> = ["about", "of", "regarding", "concerning", "for", "in", "except", "among", "with", "when"]

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

    /// The words of the unfocused phrase, if the stem has one, and its adjective.
    static func unfocusedPhrase(in text: String) -> (phrase: String, adjective: String)? {
        guard Self.judgementWords.occur(in: text) else { return nil }
        let words = English.words(text)
        let lower = words.map(\.lower)
        func phrase(_ range: ClosedRange<Int>) -> String { words[range].map(\.text).joined(separator: " ") }
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

    /// Whether the sentence ends right after `word` ("...is true? Choose one." or "...is true:").
    private static func isClauseEnd(_ text: String, after word: EnglishWord) -> Bool {
        guard let next = text[word.range.upperBound...].first(where: { !$0.isWhitespace }) else { return true }
        return next == "?" || next == "." || next == ":" || next == "!"
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse else { return }
        for entry in English.entries(of: question.text, sourceLocale: bank.sourceLocale) {
            guard let (phrase, adjective) = Self.unfocusedPhrase(in: entry.text) else { continue }
            if !["true", "false", "untrue"].contains(adjective) {
                let choices = question.choices.map { $0.text.resolved(for: entry.locale, sourceLocale: bank.sourceLocale) }
                if Self.areVariants(choices) { continue }
            }
            report("the stem of question '\(question.id.value)'\(English.suffix(entry, sourceLocale: bank.sourceLocale)) "
                   + "asks '\(phrase)', which poses no question: ask one that can be answered with the choices covered",
                   at: entry.range)
        }
    }
}

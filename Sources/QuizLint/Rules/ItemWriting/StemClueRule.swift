import QuizBank

struct StemClueRule: QuestionRule {
    static let description = RuleDescription(
        id: "stem-clue",
        summary: "The correct choice repeats a content word of the stem and no distractor echoes the stem (a clang association).",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), guideline 28b: avoid "clang associations, \
            choices identical to or resembling words in the stem". A learner who knows nothing \
            picks the choice that echoes the stem ("What is the largest desert? — the Sahara \
            Desert"); the NBME Item-Writing Guide (Paniagua & Swygert, 4th ed.) lists "word \
            repeats" among the cues that reward test-wiseness, and Tarrant et al. (2006) count \
            "word repeats" among the frequent item-writing flaws. Words are compared without case \
            and with simple suffixes removed (deserts, desert; studies, study; painted, paint); \
            only content words count: four letters or more, not a common English word (which, \
            about, known, called, following...). The key must be the only choice that echoes the \
            stem: when a distractor repeats a content word of the stem too (the same word or \
            another: "a square and a circle — The square / The circle"), the echo is no cue and \
            nothing is reported. Repeat the word in every choice, or in none. Only single-choice \
            questions are checked. \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: desert
                    text: What is the largest hot desert on Earth?
                    choices:
                      - Gobi
                      - text: Sahara Desert
                        correct: true
                      - Kalahari
                """, lines: [10]),
            // Near misses: the word is in a distractor too; a distractor echoes another stem word;
            // only a stop word or a short word repeats.
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: desert
                    text: What is the largest hot desert on Earth?
                    choices:
                      - Gobi Desert
                      - text: Sahara Desert
                        correct: true
                      - Kalahari Desert
                  - id: area
                    text: A square and a circle have the same perimeter. Which covers the larger area?
                    choices:
                      - The square
                      - text: The circle
                        correct: true
                  - id: sea
                    text: Which sea is the saltiest, by what is known?
                    choices:
                      - text: The Dead Sea, as known
                        correct: true
                      - The Baltic
                """),
        ])

    init(options: RuleOptions) {}

    /// The content words of `text` by stem, with the first way each is written.
    static func contentWords(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for word in English.words(text) {
            guard word.text.count >= 4, word.text.allSatisfy({ English.isLetter($0) || English.isApostrophe($0) }),
                  !English.stopWords.contains(word.lower) else { continue }
            let stem = English.stem(word.lower)
            guard !English.stopWords.contains(stem) else { continue }
            if result[stem] == nil { result[stem] = word.text }
        }
        return result
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind == .singleChoice, let key = question.correctIndexes.first else { return }
        var reported: Set<String> = []
        for item in EnglishItem.all(of: question, sourceLocale: bank.sourceLocale) {
            guard let choices = item.allChoices else { continue }
            let stemWords = Self.contentWords(item.stem.text)
            guard !stemWords.isEmpty else { continue }
            let keyWords = Self.contentWords(choices[key].text)
            let shared = Set(keyWords.keys).intersection(stemWords.keys)
            guard !shared.isEmpty else { continue }
            // The key must stand out: when a distractor echoes the stem too ("a square and a
            // circle... — The square / The circle"), the echo tells the learner nothing.
            guard !choices.indices.contains(where: { index in
                index != key && !Set(Self.contentWords(choices[index].text).keys).isDisjoint(with: stemWords.keys)
            }) else { continue }
            let words = shared.sorted().map { keyWords[$0]! }
            guard reported.insert(item.locale + words.joined(separator: " ")).inserted else { continue }
            report("the correct choice \(English.quote(choices[key].text)) of question '\(question.id.value)'\(item.suffix) "
                   + "repeats \(English.list(words)) from the stem, and no other choice echoes the stem: a clue to the answer",
                   at: choices[key].range)
        }
    }
}

import QuizBank
import QuizLint

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
            "word repeats" among the frequent item-writing flaws.

            Reported: the correct choice of a single-choice question repeats a content word of the \
            stem, and no distractor echoes the stem. Repeat the word in every choice, or in none.

            - Words are compared without case and with simple suffixes removed (deserts, desert; \
            studies, study; painted, paint; dancing, dance; running, run), in the key and in the \
            distractors alike.
            - Only content words count: four letters or more, not a common English word (which, \
            about, known, called, following...).
            - The key must be the only choice that echoes the stem: when a distractor repeats a \
            content word of the stem too (the same word or another: "a square and a circle — The \
            square / The circle"; in a distractor, words of three letters count: "ink production" \
            under "the shaggy ink cap"; a word that a stem word of four letters or more starts or \
            ends, or that starts or ends one, echoes it: "The Islander" under "the island", \
            "Showboat" under "show", "Mammal Protection Act" under "protect"), the echo is no cue \
            and nothing is reported.
            - Under a stem that asks for the exception ("Which of these is NOT a species of dolphin? \
            — Eastern Dolphin", as `negative-stem` reads it), the echo makes the key look like the \
            others: a lure, not a clue, and nothing is reported.

            Known limits:

            - Irregular forms (ran, run; mice, mouse) and synonyms are not matched.
            - A distractor's echo of any word of the stem leaves the key's echo unreported, even of \
            another word than the key's: "The Law of Cosines" is not reported beside "The Law of \
            Adjacent Hypotenuses" under a stem about a law and the cosine of an angle.
            - A name shared by stem and key ("Which Beatles song... — Beatles for Sale") is reported \
            like any echo.
            - A distractor word that starts or ends with a stem word by chance ("Statue" under \
            "States") echoes it all the same.

            \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: desert
                    text: What is the largest hot desert on Earth?
                    choices:
                      - Gobi
                      - text: ↓Sahara Desert
                        correct: true
                      - Kalahari
                """),
            // An inflection of the stem's word ("dancing", "dance").
            .triggering(questions: """
                  - id: bees
                    text: Which insect tells the others where food is by dancing?
                    choices:
                      - text: ↓The honey bee, with its waggle dance
                        correct: true
                      - The ant
                      - The moth
                """),
            // A distractor echoes the stem through an inflection, so the key's echo is no cue; or
            // through a compound or a longer word that a stem word starts or ends.
            .passing(questions: """
                  - id: ballet
                    text: Which dance form began in the courts of the Italian Renaissance?
                    choices:
                      - text: Ballet dance
                        correct: true
                      - Tap dancing
                      - Flamenco
                  - id: mail-ship
                    text: Which ship carried the first mail to the island of Kell?
                    choices:
                      - The Islander
                      - text: Island Queen
                        correct: true
                      - Sea Swift
                      - Mariner
                """),
            // Near misses: the word is in a distractor too; a distractor echoes another stem word,
            // one of three letters too; only a stop word or a short word repeats.
            .passing(questions: """
                  - id: mushroom
                    text: How did the shaggy ink cap get its name?
                    choices:
                      - text: Its cap is shaggy and drips a black liquid
                        correct: true
                      - It was used to make ink
                      - It grows on old wood
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
                  - id: dolphin
                    text: Which of these is NOT a species of dolphin?
                    choices:
                      - text: Eastern Dolphin
                        correct: true
                      - Orca
                      - Pilot whale
                """),
        ])

    init(options: RuleOptions) {}

    /// A content word: its stem, and the first way the text writes a word of that stem.
    struct ContentWord: Equatable {
        var stem: String
        var written: String
    }

    /// The content words of `text`, one per stem, in order of first appearance: words of
    /// `minimumLength` letters or more that are no stop words.
    static func contentWords(_ text: String, minimumLength: Int = 4) -> [ContentWord] {
        var result: [ContentWord] = []
        English.forEachLetterWord(of: text, minimumLength: minimumLength) { written, lower in add(lower, written: written, to: &result) }
        return result
    }

    /// Adds a word (lower-cased, straight apostrophes) unless it or its stem is a stop word or
    /// its stem is there already.
    private static func add(_ lower: String, written: String, to words: inout [ContentWord]) {
        guard !English.stopWords.contains(lower), !English.shortStopWords.contains(lower) else { return }
        let stem = English.stem(lower)
        guard !English.stopWords.contains(stem), !words.contains(where: { $0.stem == stem }) else { return }
        words.append(ContentWord(stem: stem, written: written))
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind == .singleChoice, let key = question.correctIndexes.first else { return }
        var reported: Set<String> = []
        for item in EnglishItem.all(of: question, sourceLocale: bank.sourceLocale) {
            guard let choices = item.allChoices else { continue }
            let stemWords = Self.contentWords(item.stem.text)
            guard !stemWords.isEmpty else { continue }
            func echoesStem(_ word: ContentWord) -> Bool { stemWords.contains { $0.stem == word.stem } }
            let shared = Self.contentWords(choices[key].text).filter(echoesStem)
            guard !shared.isEmpty else { continue }
            // The key must stand out: when a distractor echoes the stem too ("a square and a
            // circle... — The square / The circle"), the echo tells the learner nothing. A
            // distractor's echo counts from three letters ("ink production" under "the shaggy ink
            // cap"): the key's short words are too common to be a clue, but a distractor that
            // repeats one still echoes the stem. Looked at only for a key that echoes, as few do.
            let shortStemWords = Self.contentWords(item.stem.text, minimumLength: 3)
            guard !choices.indices.contains(where: { index in
                index != key && Self.contentWords(choices[index].text, minimumLength: 3).contains { word in
                    shortStemWords.contains { $0.stem == word.stem || English.isPart($0.stem, of: word.stem) || English.isPart(word.stem, of: $0.stem) }
                }
            }) else { continue }
            // Under a stem that asks for the exception ("Which of these is NOT a dolphin? — Eastern
            // Dolphin"), the echo makes the key look like the rest: a lure, not a clue. Looked at
            // only for a key about to be reported, as few are.
            guard !NegativeStemRule.stemNegatives(item.stem.text).contains(where: \.selects) else { continue }
            let words = shared.sorted { $0.stem < $1.stem }.map(\.written)
            guard reported.insert(item.locale + words.joined(separator: " ")).inserted else { continue }
            report("the correct choice \(English.quote(choices[key].text)) of question '\(question.id.value)'\(item.suffix) "
                   + "repeats \(English.list(words)) from the stem, and no other choice echoes the stem: a clue to the answer",
                   at: choices[key].range)
        }
    }
}

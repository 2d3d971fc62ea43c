import Testing
import QuizBank
@testable import QuizLint
@testable import QuizRules

/// `near-duplicate-question` beyond its examples: the join with a threshold per partition
/// against brute force, the words it reads, and how rewordings, siblings and statements are told.
@Suite struct NearDuplicateTests {
    /// A join visitor over records cut into `partitions` by index, the first `excluded` of them
    /// negative (in no pair), each partition with its own threshold; it keeps every pair found.
    struct PartitionedPairs: NearDuplicateJoin.Visitor {
        let partitions: Int, excluded: Int
        let thresholdOf: (Int32) -> Double
        var pairs: [NearDuplicateJoin.Pair] = []
        func partition(_ x: Int) -> Int32 { Int32(x % partitions - excluded) }
        func threshold(_ partition: Int32) -> Double { thresholdOf(partition) }
        func compatible(_ x: Int, _ y: Int) -> Bool { true }
        func shouldVerify(_ x: Int, _ y: Int) -> Bool { true }
        mutating func found(_ x: Int, _ y: Int, similarity: Double) {
            pairs.append(.init(first: min(x, y), second: max(x, y), similarity: similarity))
        }

        /// Joins the normalized texts: the pairs the join found and those brute force finds (two
        /// records of one partition at or above its threshold), each sorted.
        mutating func joinAgainstBruteForce(_ normalized: [String]) -> (found: [NearDuplicateJoin.Pair], expected: [NearDuplicateJoin.Pair]) {
            pairs = []
            let texts = normalized.map(\.utf8)
            NearDuplicateJoin.join(texts, vocabulary: NearDuplicateJoin.ShingleVocabulary(utf8: texts), visitor: &self)
            let found = pairs.sorted { $0.first != $1.first ? $0.first < $1.first : $0.second < $1.second }
            let sets = normalized.map(QualityRuleTests.shingles)
            var expected: [NearDuplicateJoin.Pair] = []
            for a in sets.indices {
                for b in sets.indices where b > a && !sets[a].isEmpty && !sets[b].isEmpty {
                    let group = partition(a)
                    guard group >= 0, group == partition(b) else { continue }
                    let similarity = Double(sets[a].intersection(sets[b]).count) / Double(sets[a].union(sets[b]).count)
                    if similarity >= threshold(group) { expected.append(.init(first: a, second: b, similarity: similarity)) }
                }
            }
            return (found, expected)
        }
    }

    /// Records split into partitions with their own thresholds (one excluded): the join finds
    /// exactly the pairs of one partition at or above its threshold that brute force finds.
    @Test func joinWithAThresholdPerPartitionMatchesBruteForce() {
        var generator = QualityRuleTests.SplitMix(seed: 11)
        let words = ["the", "capital", "of", "iceland", "norway", "is", "which", "city", "largest", "what", "and", "a",
                     "portrait", "painted", "by", "who", "mona", "lisa", "artist", "1503"]
        var texts: [String] = []
        for _ in 0..<300 {
            let count = 1 + Int(generator.next() % 8)
            texts.append((0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " "))
        }
        for index in 0..<90 { texts.append(texts[index] + " " + words[index % words.count]) }
        let normalized = Array(Set(texts.map { QualityText.normalized($0) })).sorted()
        var visitor = PartitionedPairs(partitions: 3, excluded: 1) { $0 == 0 ? 0.3 : 0.65 }
        let (found, expected) = visitor.joinAgainstBruteForce(normalized)
        #expect(expected.contains { $0.similarity < 0.65 }, "the low threshold is exercised")
        #expect(found == expected, "\(found.count) found, \(expected.count) expected")
    }

    @Test func namesAreCapitalizedWordsInsideASentence() {
        let words = QuestionWords("Which TV show starred Andy Griffith? Name the town.", stems: Stems())
        #expect(words.names == ["andy", "griffith", "tv"])
        #expect(words.content == ["andy", "griffith", "show", "star", "town", "tv"])
        #expect(QuestionWords("What year did The Love Boat first air in 1977?", stems: Stems()).numbers == ["1977"])
    }

    @Test(arguments: [
        // Another name or number on each side: another slot of the template.
        ("What year did the TV series The Love Boat first hit the airwaves?", "What year did the show Eight is Enough first hit the airwaves?", true),
        ("How many US states border the Gulf of Mexico?", "How many US states border the Pacific Ocean?", true),
        ("Who won the 1992 final?", "Who won the 1996 final?", true),
        // A name or number added on one side is a detail.
        ("What actor did Catherine Zeta Jones marry in 2000?", "What actor did Catherine Zeta-Jones marry on 18 November 2000?", false),
        ("Who was the first person in space?", "Who was the first person to orbit the Earth?", false),
        // A capital that starts a sentence is not a name.
        ("Tell me the capital of Iceland.", "Recall the capital of Iceland.", false),
        // Another superlative on each side singles out another thing; one on one side only is a detail.
        ("Which planet has the most moons?", "Which is the largest planet?", true),
        ("What was the first album of the band?", "What was the last album of the band?", true),
        ("Which is the largest island of the sea, with the most active volcano?", "Which island is the largest of the sea?", false),
    ])
    func slots(_ a: String, _ b: String, _ fillsAnother: Bool) {
        let stems = Stems()
        #expect(QuestionWords(a, stems: stems).fillsAnotherSlot(than: QuestionWords(b, stems: stems)) == fillsAnother)
        #expect(QuestionWords(b, stems: stems).fillsAnotherSlot(than: QuestionWords(a, stems: stems)) == fillsAnother)
    }

    static func bank(_ questions: String, locale: String = "en") -> String {
        "quizbank: 1\nid: demo\ntitle: Demo\nlocale: \(locale)\nquestions:\n" + questions
    }

    static func choice(_ id: String, _ text: String, answer: String, wrong: String) -> String {
        "  - id: \(id)\n    text: \"\(text)\"\n    choices:\n      - text: \"\(answer)\"\n        correct: true\n      - \"\(wrong)\"\n"
    }

    static let iceland = choice("iceland", "What is the capital of Iceland?", answer: "Reykjavik", wrong: "Oslo")
        + choice("iceland-2", "What is the capital and largest city of Iceland?", answer: "Reykjavik", wrong: "Bergen")

    @Test func rewordingsAreSearchedOnlyInEnglish() {
        #expect(QualityRuleTests.lint([("a.yaml", Self.bank(Self.iceland))], rule: "near-duplicate-question").count == 1)
        #expect(QualityRuleTests.lint([("a.yaml", Self.bank(Self.iceland, locale: "pt-BR"))], rule: "near-duplicate-question").isEmpty)
    }

    @Test func rewordingsNeedTheirContentWords() {
        // The same answer and similarity 0.31, but two of five content words shared.
        let other = Self.choice("one", "Which of these cartoon characters is the arch enemy of Speedy Gonzales?", answer: "Daffy Duck",
                                wrong: "Porky Pig")
            + Self.choice("two", "Which of these cartoon characters first appeared in a 1937 short?", answer: "Daffy Duck", wrong: "Goofy")
        let findings = QualityRuleTests.lint([("a.yaml", Self.bank(other))], rule: "near-duplicate-question")
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    /// `Stems.reading(of:)` keeps what it read of each ASCII word: read twice through it, words
    /// read as `readingMadeAfresh(of:)` reads them every time, in the same order, with their
    /// stems numbered alike; canonically equivalent spellings are not taken for one.
    @Test func aKeptReadingIsTheOneMadeAfresh() {
        let texts = [
            "Which TV show starred Andy Griffith? Name the town of the show.",
            "What year did The Love Boat first air, in 1977 or in 1978?",
            "The largest planets are the gas giants; the LARGEST is Jupiter.",
            "Who was the first U.S. president to live in the White House?",
            "Caf\u{E9} au lait or cafe\u{301} noir: which is served first?",
            "Which planet has the most moons? It is the largest planet.",
        ]
        let kept = Stems(), afresh = Stems()
        for text in texts + texts {
            for word in English.words(text) {
                #expect(kept.reading(of: word.lower) == afresh.readingMadeAfresh(of: word.lower), "\(word.lower)")
            }
        }
        let composed = kept.reading(of: "caf\u{E9}"), decomposed = kept.reading(of: "cafe\u{301}")
        #expect(composed.numbers.stem == decomposed.numbers.stem && composed.numbers.spelling != decomposed.numbers.spelling)
        #expect(kept.reading(of: "1977").isDigits && kept.reading(of: "tv").isShort && kept.reading(of: "the").isStopWord)
        #expect(kept.reading(of: "largest").isSuperlative && kept.reading(of: "planets").isLong && !kept.reading(of: "moon").isLong)
    }

    /// `numbers` reads an ASCII text's digits from its bytes, and any other text by scalars:
    /// both read as `numbersOfAnyText` does.
    @Test(arguments: [
        "", "No digits here.", "1977", "Won in 1992, lost in 1996 and 1992", "3 of 12 (25%)", "7:35 a.m. or 10:05",
        "a1b22c333", "Caf\u{E9} 1950", "\u{FF11}\u{FF12} and 12", "\u{663}\u{664} or 34", "End 5",
    ])
    func numbersAreTheDigitRunsOfAnyText(_ text: String) {
        #expect(NearDuplicateQuestionRule.numbers(text) == NearDuplicateQuestionRule.numbersOfAnyText(text))
    }

    @Test func numbersAreSortedDigitRuns() {
        #expect(NearDuplicateQuestionRule.numbers("Won in 1996, lost in 1992 and 7 times") == ["1992", "1996", "7"])
        #expect(NearDuplicateQuestionRule.numbers("Caf\u{E9} \u{663}\u{664} 12") == ["12", "\u{663}\u{664}"])
    }

    /// `QuestionWords` looks a word up among the superlatives only when it ends in "st".
    @Test func everySuperlativeEndsInST() {
        #expect(QuestionWords.superlatives.allSatisfy { $0.hasSuffix("st") })
        #expect(QuestionWords("Which is the LARGEST planet, and the first?", stems: Stems()).superlatives == ["first", "largest"])
    }

    @Test func contentSimilarityIsSharedOverAllContentWords() {
        let stems = Stems()
        let silent = QuestionWords("Which Marx brother was silent?", stems: stems)
        let crackers = QuestionWords("Which Marx brother starred in the 1930 film Animal Crackers?", stems: stems)
        #expect(silent.sharedContent(with: crackers) == 2)
        #expect(silent.contentSimilarity(with: crackers) == 0.25)
        #expect(crackers.contentSimilarity(with: silent) == 0.25)
        #expect(QuestionWords("", stems: stems).contentSimilarity(with: QuestionWords("", stems: stems)) == 0)
    }

    @Test func rewordingsUnderAQuarterOfTheShinglesNeedAThirdOfTheWords() {
        func findings(_ a: String, _ b: String) -> [Finding] {
            let questions = Self.choice("one", a, answer: "Reykjavik", wrong: "Oslo") + Self.choice("two", b, answer: "Reykjavik", wrong: "Bergen")
            return QualityRuleTests.lint([("a.yaml", Self.bank(questions))], rule: "near-duplicate-question")
        }
        // Similarity 0.20: every content word shared.
        #expect(findings("Which city is the capital of the island nation of Iceland?",
                         "Iceland, an island nation, has this city as its capital.").count == 1)
        // Similarity 0.13: two of seven content words shared, though both of the shorter text's.
        #expect(findings("Which city is on Iceland?", "Which city of Iceland hosted the 1986 summit of Reagan and Gorbachev?").isEmpty)
    }

    @Test func answersOneWordApartAreComparedAsOne() {
        func findings(_ longer: String) -> [Finding] {
            let questions = Self.choice("one", "In what year did the Cuban Missile Crisis start?", answer: "1962", wrong: "1960")
                + Self.choice("two", "When did the Cuban Missile Crisis begin?", answer: longer, wrong: "May 1958")
            return QualityRuleTests.lint([("a.yaml", Self.bank(questions))], rule: "near-duplicate-question")
        }
        #expect(findings("October 1962").count == 1)
        #expect(findings("in October 1962").isEmpty, "two words more")
        #expect(findings("October 1963").isEmpty)
    }

    @Test func messageGivesTheSimilarityAndWhatConfirmedIt() throws {
        let finding = try #require(QualityRuleTests.lint([("a.yaml", Self.bank(Self.iceland))], rule: "near-duplicate-question").first)
        #expect(finding.message == """
            question 'iceland' is nearly the same as another question with the same answer (Jaccard similarity of \
            5-character shingles 0.44, under the threshold 0.60 with the same content words): likely duplicates
            """)
        #expect(finding.related.map(\.note) == ["likely duplicate: 'iceland-2' (similarity 0.44, answer 'Reykjavik')"])
    }

    /// With template siblings reported, rewordings under the threshold are still found (a join
    /// of their own), and each pair is reported once.
    @Test func siblingsOptionKeepsRewordings() {
        let siblings = Self.choice("ohio", "What is the state beverage of Ohio?", answer: "Milk", wrong: "Tomato juice")
            + Self.choice("vermont", "What is the state beverage of Vermont?", answer: "Milk", wrong: "Maple sap")
        var configuration = Configuration()
        configuration.rules["near-duplicate-question"] = .init(severity: nil, isOff: false,
                                                               options: ["report-template-siblings": .boolean(true)])
        let input = LintInput(path: "a.yaml", bytes: Array(Self.bank(Self.iceland + siblings).utf8), configuration: configuration)
        let findings = LintEngine(rules: RuleRegistry.all.filter { $0.description.id == "near-duplicate-question" }).lint([input]).findings
        #expect(findings.count == 2)
        #expect(findings.first?.message.hasSuffix("likely duplicates") == true)
        #expect(findings.last?.message.contains("template siblings") == true)
        #expect(findings.last?.related.map(\.note).first?.hasPrefix("template sibling: 'vermont'") == true)
    }

    @Test func statementsPairOnlyWhenTrueAndHoldingTheCorrectChoice() {
        let question = Self.choice("blade", "What actor starred in the movie Blade Runner?", answer: "Harrison Ford", wrong: "Mark Hamill")
        func statement(_ text: String, _ answer: Bool) -> String { "  - id: statement\n    text: \"\(text)\"\n    answer: \(answer)\n" }
        func findings(_ statement: String) -> [Finding] {
            QualityRuleTests.lint([("a.yaml", Self.bank(question + statement))], rule: "near-duplicate-question")
        }
        #expect(findings(statement("Harrison Ford starred in the movie Blade Runner.", true)).count == 1)
        #expect(findings(statement("Mark Hamill starred in the movie Blade Runner.", false)).isEmpty)
        #expect(findings(statement("Harrison Ford starred in the movie Blade Runner.", false)).isEmpty)
        // The choice is there, but the statement says something else about it.
        #expect(findings(statement("Harrison Ford was born in Chicago in 1942.", true)).isEmpty)
    }

    @Test func genericAnswersByListAndByUse() {
        #expect(NearDuplicateQuestionRule.genericAnswers.contains("all of the above"))
        // "Yes" in one question only is still generic: similar texts, no wrong choice in common.
        let yes = Self.choice("dogs", "Can dogs see the colour blue?", answer: "Yes", wrong: "No")
            + Self.choice("cats", "Can cats see the colour blue?", answer: "Yes", wrong: "Only at night")
        #expect(QualityRuleTests.lint([("a.yaml", Self.bank(yes))], rule: "near-duplicate-question").isEmpty)
        // So is "True" as a choice.
        let truth = Self.choice("owls", "Owls can see in the dark. True or false?", answer: "True", wrong: "False")
            + Self.choice("bats", "Bats can see in the dark. True or false?", answer: "True", wrong: "Only at dusk")
        #expect(QualityRuleTests.lint([("a.yaml", Self.bank(truth))], rule: "near-duplicate-question").isEmpty)
        // The same wrong choice shows the same question.
        let shared = Self.choice("owls", "Owls can see in the dark. True or false?", answer: "True", wrong: "False")
            + Self.choice("owls-2", "Owls can see well in the dark. True or false?", answer: "True", wrong: "False")
        #expect(QualityRuleTests.lint([("a.yaml", Self.bank(shared))], rule: "near-duplicate-question").count == 1)
    }
}

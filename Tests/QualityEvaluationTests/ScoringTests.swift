import Foundation
import Testing
import QuizLint

/// The pieces of the evaluation that its table relies on: the scores, the clusters, where a
/// finding's line falls, and what each keyword baseline reports.
@Suite struct ScoringTests {
    @Test func scoreCountsTheConfusionMatrix() {
        let score = Score(labels: [(true, true), (true, true), (true, false), (false, true), (false, false), (false, false)])
        #expect(score.truePositives == 2 && score.falseNegatives == 1 && score.falsePositives == 1 && score.trueNegatives == 2)
        #expect(score.precision == 2.0 / 3 && score.recall == 2.0 / 3 && score.f1 == 2.0 / 3)
        let silent = Score(labels: [(true, false), (false, false)])
        #expect(silent.precision == nil && silent.recall == 0 && silent.f1 == 0)
        #expect(Score(labels: [(false, false)]).f1 == nil)
    }

    @Test func clustersJoinPairsTransitively() {
        let found = clusters(of: [("a", "b"), ("c", "d"), ("b", "e")])
        #expect(found == [["a", "b", "e"], ["c", "d"]])
    }

    static func pair(_ first: String, _ second: String, _ relation: EvaluationSet.Relation,
                     _ part: EvaluationSet.Part = .holdout) -> EvaluationSet.Pair {
        EvaluationSet.Pair(first: first, second: second, jaccard: 0.5, relation: relation, part: part, reason: "test", line: 1)
    }

    @Test func clusterScoreJudgesClustersByTheirLabelledPairs() {
        let pairs = [Self.pair("a", "b", .rewording), Self.pair("c", "d", .rewording), Self.pair("e", "f", .sibling),
                     Self.pair("g", "h", .rewording), Self.pair("x", "y", .rewording, .tune)]
        // {a,b}: real; {e,f}: wrong; {g,h,z}: z outside the labels, unjudged; c-d and x-y not found.
        let score = ClusterScore(clusters: [["a", "b"], ["e", "f"], ["g", "h", "z"], ["x", "y"]], pairs: pairs, part: .holdout)
        #expect(score.rewordings == 3 && score.rewordingsFound == 2 && score.wrongJoins == 1)
        #expect(score.clustersReal == 1 && score.clustersWrong == 1 && score.clustersUnjudged == 1)
        #expect(score.rewordingRecall == 2.0 / 3 && score.clusterPrecision == 0.5)
    }

    @Test func aFindingBelongsToTheQuestionWhoseLinesHoldIt() throws {
        let bank = """
            quizbank: 1
            id: demo
            title: Demo
            locale: en
            questions:
              - id: first
                text: One?
                choices: [A, {text: B, correct: true}]
              - id: second
                text: Two?
                answer: true
            """
        let result = LintEngine(rules: []).lint([LintInput(path: "demo.yaml", bytes: Array(bank.utf8))])
        let locator = QuestionLocator(result.banks)
        #expect(locator.question(at: "demo.yaml", line: 5) == nil)
        #expect(locator.question(at: "demo.yaml", line: 6) == "first")
        #expect(locator.question(at: "demo.yaml", line: 8) == "first")
        #expect(locator.question(at: "demo.yaml", line: 9) == "second")
        #expect(locator.items["first"]?.choices.map(\.correct) == [false, true])
        #expect(locator.items["second"]?.isTrueFalse == true)
    }

    typealias Item = EvaluationSet.Item

    static func choice(_ text: String, stem: String, key: String, _ distractors: String...) -> Item {
        Item(id: "q", text: stem, choices: [.init(text: key, correct: true)] + distractors.map { .init(text: $0, correct: false) },
             isTrueFalse: false, answer: nil)
    }

    static func statement(_ text: String) -> Item {
        Item(id: "q", text: text, choices: [], isTrueFalse: true, answer: false)
    }

    /// One flawed and one sound question per baseline, from the cases where it has them.
    static let cases: [(rule: String, flawed: Item, sound: Item)] = [
        ("absolute-terms", statement("All dogs are colorblind."), statement("Dogs see fewer colors than people.")),
        ("vague-terms", statement("Generally milk stays fresh for a week."), statement("Milk is sold in litres.")),
        ("negative-stem", choice("", stem: "Which of these is not a mammal?", key: "Trout", "Cow", "Bat"),
         choice("", stem: "Which is the only food that never spoils?", key: "Honey", "Bread", "Milk")),
        ("none-of-the-above", choice("", stem: "Which particle determines the atomic number?", key: "Proton", "Electron", "None of these"),
         choice("", stem: "How many horns does it have?", key: "One", "None", "Two", "Three")),
        ("all-of-the-above", choice("", stem: "Which do bears eat?", key: "All of the above", "Fish", "Berries"),
         choice("", stem: "Which band sang Never Ever?", key: "All Saints", "Spice Girls", "Eternal")),
        ("complex-choice", choice("", stem: "Where are koalas native?", key: "Australia", "Tasmania", "Australia and Tasmania"),
         choice("", stem: "Who directed it?", key: "Simon and Garfunkel", "Hall", "Oates")),
        ("numeric-choice-order", choice("", stem: "When?", key: "1998", "2001", "1990", "1995"),
         choice("", stem: "When?", key: "1990", "1995", "1998", "2001")),
        ("stem-clue", choice("", stem: "Which potion did they drink?", key: "Polyjuice Potion", "Amortentia", "Felix Felicis"),
         choice("", stem: "Which potion did they drink?", key: "Polyjuice Potion", "Love potion", "Felix Felicis")),
        ("blank-not-at-end", choice("", stem: "Complete the saying: If you want ______, carry a horse tooth.", key: "money", "beauty"),
         choice("", stem: "Complete the saying: A horse tooth brings ______.", key: "money", "beauty")),
        ("key-longest-bias", choice("", stem: "Why?", key: "Because the dye cost more than gold did", "Habit", "Law", "Taste"),
         choice("", stem: "Why?", key: "Habit", "Law", "Taste", "Cost")),
        ("which-is-true", choice("", stem: "Which of these statements is true about bats?", key: "They fly", "They swim", "They dig"),
         choice("", stem: "Which of these bats is the largest?", key: "Flying fox", "Pipistrelle", "Noctule")),
        ("article-cue", choice("", stem: "Make a silk purse out of an", key: "ear", "sock", "bag"),
         choice("", stem: "Make a silk purse out of a", key: "sow's ear", "sock", "bag")),
        ("incomplete-stem", choice("", stem: "GDP measures", key: "Output", "Prices", "Wages"),
         choice("", stem: "What does GDP measure?", key: "Output", "Prices", "Wages")),
        ("key-convergence", choice("", stem: "Who starred?", key: "Sean Penn and Robert Duvall", "Sean Penn and Robert De Niro",
                                   "Robert Duvall and Aidan Quinn", "Dennis Hopper and Heath Ledger"),
         choice("", stem: "Who starred?", key: "Sean Penn", "Robert De Niro", "Aidan Quinn")),
        ("stem-choice-agreement", choice("", stem: "What is the official language of Sweden?", key: "Swedish", "Danish", "Finnish and Swedish"),
         choice("", stem: "What is the official language of Sweden?", key: "Swedish", "Danish", "Finnish")),
    ]

    @Test func everyFlawHasABaseline() {
        #expect(Set(KeywordBaselines.detectors.keys) == Set(Evaluation.rules))
        #expect(Set(Self.cases.map(\.rule)) == Set(Evaluation.rules))
    }

    @Test(arguments: cases.map(\.rule))
    func baselineTellsTheFlawedFromTheSound(_ rule: String) throws {
        let detector = try #require(KeywordBaselines.detectors[rule])
        let example = try #require(Self.cases.first { $0.rule == rule })
        #expect(detector(example.flawed), "\(rule) reports its flawed example")
        #expect(!detector(example.sound), "\(rule) passes its sound example")
    }

    @Test func nearDuplicateBaselineJoinsSharedWordsAndAnswers() {
        let items = [
            Self.choice("", stem: "What city is the capital of Iceland?", key: "Reykjavik", "Oslo"),
            Self.choice("", stem: "What is the capital and largest city of Iceland?", key: "Reykjavik", "Bergen"),
            Self.choice("", stem: "What is the state beverage of Ohio?", key: "Tomato juice", "Milk"),
        ].enumerated().map { index, item in Item(id: "q\(index)", text: item.text, choices: item.choices, isTrueFalse: false, answer: nil) }
        let found = NearDuplicateBaseline.pairs(items).map { [$0.0, $0.1].sorted() }
        #expect(found == [["q0", "q1"]])
    }
}

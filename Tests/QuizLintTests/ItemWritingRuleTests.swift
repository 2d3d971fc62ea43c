import Testing
import TestSupport
import QuizBank
@testable import QuizLint
@testable import QuizRules

/// The pieces of the item-writing rules that their examples do not pin down: the quick looks
/// against the full readings, the thresholds at their edges, and the messages.
@Suite struct ItemWritingRuleTests {
    static func lint(_ questions: String, rule: String, options: [String: OptionValue] = [:]) -> [Finding] {
        var configuration = Configuration()
        if !options.isEmpty { configuration.rules[rule] = .init(severity: nil, isOff: false, options: options) }
        let bank = RuleExample.header + questions
        let input = LintInput(path: "bank.yaml", bytes: Array(bank.utf8), configuration: configuration)
        return LintEngine(rules: RuleRegistry.all.filter { $0.description.id == rule }).lint([input]).findings
    }

    @Test func keyConvergenceScoresCountSharedWordsPerOtherChoice() {
        let words = ["Joe Carter and Roberto Alomar", "Roberto Alomar and Duane Ward", "Joe Carter and Sandy Alomar", "Joe Carter and Duane Ward"]
            .map(KeyConvergenceRule.contentWords)
        #expect(KeyConvergenceRule.scores(words) == [7, 5, 6, 6])
        // Function words are no content: "the" and "of" in every choice add nothing.
        #expect(KeyConvergenceRule.contentWords("The Battle of the Somme") == ["battl", "somm"])
    }

    @Test(arguments: [
        ("Richard I", ["richard", "i"]), ("Richard I of England", ["richard", "i", "england"]), ("William I, the Conqueror", ["william", "i", "conqueror"]),
        // A pronoun: at the start, after a mark or a lower-case word, or before a verb.
        ("I dream of you", ["dream"]), ("So I dub you", ["dub"]), ("Honey, I Shrunk the Kids", ["honey", "shrunk", "kid"]),
        ("and then I left", ["left"]),
    ] as [(String, Set<String>)])
    func keyConvergenceReadsIAsANumberAfterAName(_ text: String, _ words: Set<String>) {
        #expect(Set(KeyConvergenceRule.contentWords(text)) == words)
    }

    @Test func keyConvergenceMessageNamesTheScores() {
        let findings = Self.lint("""
              - id: usb
                text: What does USB stand for?
                choices:
                  - Unique Serial Bus
                  - Universal Storage Bank
                  - text: Universal Serial Bus
                    correct: true
                  - United Bus Scan
            """, rule: "key-convergence")
        #expect(findings.map(\.message) == [
            "the correct choice 'Universal Serial Bus' of question 'usb' shares 4 words with the other choices, more than any distractor (at most 3): the distractors vary it, so the choice with most in common gives the answer away",
        ])
    }

    @Test(arguments: [
        // lengths, expected outlier (index, next longest)
        ([32, 18, 4], 0, 18), ([19, 11, 4], nil, 0), ([45, 15, 7, 4], 0, 15), ([20, 20, 4], nil, 0), ([14, 3], nil, 0),
        ([26, 20], nil, 0), ([5, 40, 12], 1, 12),
    ] as [([Int], Int?, Int)])
    func lengthOutlierNeedsRatioDifferenceAndLength(_ lengths: [Int], _ index: Int?, _ next: Int) {
        let outlier = KeyLongestBiasRule.lengthOutlier(lengths, ratio: 1.3, minLength: 15, minDifference: 10)
        #expect(outlier?.index == index)
        if index != nil { #expect(outlier?.next == next) }
    }

    @Test(arguments: [("Air  scatters", 12), (" Air scatters ", 12), ("Air\tscatters\n", 12), ("Air scatters", 12), ("", 0), ("  ", 0),
                      ("a \r\n b", 3)])
    func lengthsAreThoseLearnersSee(_ text: String, _ expected: Int) {
        #expect(KeyLongestBiasRule.shownLength(text) == expected)
    }

    @Test func keyLongestBiasTellsTheKeyFromADistractor() {
        let findings = Self.lint("""
              - id: rain
                text: What makes rain fall?
                choices:
                  - text: Gravity
                    correct: true
                  - The rotation of the Earth flinging water down
                  - Wind
              - id: grass
                text: Why is grass green?
                choices:
                  - text: Chlorophyll absorbs red light
                    correct: true
                  - Paint
            """, rule: "key-longest-bias", options: ["check-distractors": .boolean(true)])
        #expect(findings.map(\.message) == [
            "a wrong choice of question 'rain' is 6.4 times as long as every other choice (45 and at most 7 characters; reported from 1.5 times, 10 characters more and 15 characters): it stands out by length; keep the choices about equal",
            "the correct choice of question 'grass' is 5.8 times as long as the longest wrong one (29 and 5 characters; reported from 1.3 times, 10 characters more and 15 characters): its length gives it away",
        ])
    }

    @Test(arguments: [
        ("A) 59", "59"), ("(b) 60", "60"), ("C. 61", "61"), ("d: 62", "62"), ("A)59", "A)59"), ("AB) 3", "AB) 3"), ("(A. 5", "(A. 5"),
        ("59", "59"), ("", ""), ("A", "A"), (" E) 7 km", "7 km"),
    ])
    func optionLettersAreReadPast(_ text: String, _ expected: String) {
        #expect(NumericValue.withoutLetterLabel(text) == expected)
    }

    @Test(arguments: [
        ("How many moons does Venus have?", true), ("What is the number of moons of Mercury?", true),
        ("What percentage of Earth is water?", true), ("Which particle determines the atomic number?", false),
        ("Which particle determines the atomic number of an element?", false), ("What proportion of voters stayed home?", true),
        ("Which number is prime?", true), ("Name the golden proportion.", false),
    ])
    func countQuestionsAskHowMany(_ stem: String, _ expected: Bool) {
        #expect(AggregateChoice.isCountQuestion(stem) == expected)
    }

    @Test(arguments: [
        ("All of the above would be good ways to save energy", AggregateChoice.allOfTheAbove),
        ("All of the diseases above", .allOfTheAbove), ("None of the answers listed is right", .noneOfTheAbove),
        ("All of these are correct", .allOfTheAbove), ("All of the evergreens", nil), ("All of the King's Men", nil),
        ("None of the Beatles wrote it down in the end", nil),
    ] as [(String, AggregateChoice?)])
    func longFormsAreAggregates(_ text: String, _ expected: AggregateChoice?) {
        #expect(AggregateChoice.of(text, stem: { "Which is it?" }) == expected)
    }

    @Test(arguments: [
        ("GDP measures", IncompleteStemRule.Kind.completion(words: 2)), ("Leaves of Grass", .completion(words: 3)),
        ("Yabba Dabba Do.", .statement), ("The capital of France is", .completion(words: 5)), ("What does GDP measure", nil),
        ("GDP measures what?", nil), ("This actress played Chloe.", nil), ("It was the first jet airliner.", nil),
        ("The ___ is the powerhouse of the cell.", nil), ("Name the composer.", nil), ("Michael Jackson---", .completion(words: 2)),
        ("The play ends here...", nil), ("Water boils at...", .completion(words: 3)), ("Jennifer Lopez was born there.", nil),
        ("You drink the coffee and turn the cup over.", .statement),
    ] as [(String, IncompleteStemRule.Kind?)])
    func incompleteStemsAskNothing(_ stem: String, _ expected: IncompleteStemRule.Kind?) {
        #expect(IncompleteStemRule.kind(of: stem, allCompletions: true) == expected)
    }

    @Test(arguments: [
        ("GDP measures", true), ("The capital of France is", false), ("At The Mountains of Madness", true),
    ])
    func withoutAllCompletionsOnlyFragmentsAndTitles(_ stem: String, _ reported: Bool) {
        #expect((IncompleteStemRule.kind(of: stem, allCompletions: false) != nil) == reported)
    }

    @Test(arguments: [
        ("Whale", true), ("a lion", true), ("One hen", true), ("Lions", false), ("Salt and pepper", false), ("2 moons", false),
        ("Mars", false), ("Princess", true), ("Tom, Dick", false), ("The Great Barrier Reef Marine Park", false),
    ])
    func singularChoicesAreClearOnly(_ text: String, _ expected: Bool) {
        #expect(StemChoiceAgreementRule.isClearlySingular(text) == expected)
    }

    @Test(arguments: [
        ("Which of these are mammals?", true), ("Which are mammals?", true), ("Which of the following were kings?", true),
        ("Which animals are mammals?", false), ("Which of these is a mammal?", false), ("Which country's people are Kiwis?", false),
    ])
    func pluralStemsAskWithTheVerbAfterWhich(_ stem: String, _ expected: Bool) {
        #expect(StemChoiceAgreementRule.asksInPlural(English.words(stem)) == expected)
    }

    @Test(arguments: [
        ("dance", "dancing"), ("danced", "dance"), ("running", "run"), ("studied", "study"), ("studies", "study"),
        ("painted", "paint"), ("deserts", "desert"),
    ])
    func inflectionsMeet(_ one: String, _ other: String) {
        #expect(English.stem(one) == English.stem(other))
    }

    @Test(arguments: [
        ("Where might someone go to see penguins?", false), ("Which drug might cause bleeding?", false),
        ("Aspirin may cause bleeding. Which drug is it?", false), ("Which clouds usually bring storms?", true),
        ("Most birds can fly. Which cannot?", false), ("Which trees do most birds nest in?", true),
        ("Which is the most populous city?", false),
        // A clue that asks nothing, and background inside the sentence that asks.
        ("This tree, native to Australia, usually grows tall.", false), ("Bats usually hang ____ down.", true),
        ("Name the bird that usually winters in Spain.", true), ("Often ranked first, what is the novel?", false),
        ("Which song, which often tops polls, did Prince write?", false), ("Of these, which usually migrates?", true),
        ("Although lions usually hunt at night, when do cheetahs hunt?", false), ("Which clouds, usually dark, bring storms?", true),
    ])
    func vagueTermsOfAStemAreReadInTheAskingSentence(_ stem: String, _ expected: Bool) {
        let rule = VagueTermsRule(options: .init(terms: VagueTermsRule.defaultTerms + ["may", "might"]))
        #expect(!rule.vagueTerms(in: stem, askingOnly: true).isEmpty == expected)
    }

    @Test(arguments: [
        // A relative "which", "who" or "when" in a clue asks nothing; "what" asks anywhere.
        ("The band, which usually toured in winter, had this hit.", false), ("This is what mostly attracts bees.", true),
        ("She was named after the day on which they usually met.", false), ("When did bats usually hang upside down.", true),
        ("When performing, he is usually introduced with this music.", false), ("Who usually leads a company.", true),
        // Appositives and reduced relative clauses after a comma are background.
        ("Who wrote the book, a novel often banned in schools?", false), ("What is kosher, often translated as clean?", false),
        ("Which war, usually fought in winter, ended first?", false), ("Which war usually ended first?", true),
        // "many others", "several ..., including", "a few" in a stem.
        ("Which castle is haunted by Anne Boleyn amongst many others?", false),
        ("He appeared in several commercials, including one for what shampoo?", false),
        ("Which bird has several names?", true), ("Which shows ran for only a few weeks?", false),
    ])
    func backgroundOfAStemIsLeftOut(_ stem: String, _ expected: Bool) {
        let rule = VagueTermsRule(options: .init())
        #expect(!rule.vagueTerms(in: stem, askingOnly: true).isEmpty == expected, "\(stem)")
    }

    @Test(arguments: [
        ("The drinking age in a few US states is 18.", true), ("Carla was one of the few characters in every episode.", false),
        ("The Praetorians were the select few men of the emperor.", false),
        ("In a few billion years, the Sun will become a red giant.", false), ("Most medical authorities believe it.", true),
        ("Most Valuable Player went to Nash.", false), ("Many explorers, including Marco Polo, saw unicorns.", true),
    ])
    func vagueTermsOfAStatement(_ statement: String, _ expected: Bool) {
        #expect(!VagueTermsRule(options: .init()).vagueTerms(in: statement).isEmpty == expected, "\(statement)")
    }

    @Test(arguments: [
        ("Tall with many scars", false), ("Actor with most film roles", false), ("They transmit many diseases.", true),
        ("Most ants are omnivores.", true), ("Most expensive movie of all time", false), ("Go back a few paces", false),
    ])
    func vagueTermsOfAChoice(_ choice: String, _ expected: Bool) {
        #expect(!VagueTermsRule(options: .init()).vagueTerms(in: choice, inChoice: true).isEmpty == expected, "\(choice)")
    }

    @Test(arguments: [
        (["1095 ft (334 m)", "1811 ft (552 m)", "1211 ft (369 m)"], ["1095 ft", "1811 ft", "1211 ft"]),
        (["Red Heat (1988)", "Twins (1988)", "Junior (1994)"], ["Red Heat", "Twins", "Junior"]),
        (["Red Heat (1988)", "Twins (1988)"], ["Red Heat (1988)", "Twins (1988)"]),
        // Only when every choice has one; a choice that is all note is left as it is.
        (["1 (green)", "2", "3 (green, red and black)"], ["1 (green)", "2", "3 (green, red and black)"]),
        (["(1988)", "2 (b)"], ["(1988)", "2 (b)"]),
    ])
    func notesThatEndEveryChoiceAreReadPast(_ texts: [String], _ expected: [String]) {
        #expect(NumericValue.withoutSharedNotes(texts) == expected)
    }

    @Test func unitsAreSingularWordByWordAndRanksAreNumbers() throws {
        let plural = try #require(NumericValue.parse(NumericValue.orderingForm("3 degrees Fahrenheit")))
        let singular = try #require(NumericValue.parse(NumericValue.orderingForm("1 degree Fahrenheit")))
        #expect(plural.unit == singular.unit)
        #expect(NumericValue.parse(NumericValue.orderingForm("# 4"))?.value == 4)
        #expect(NumericValue.parse(NumericValue.orderingForm("#12"))?.value == 12)
        #expect(NumericValue.sharedTitle(["Vitamin B6", "Vitamin B9", "Vitamin B12"]) == "Vitamin B")
        #expect(NumericValue.sharedTitle(["None of these", "Since 1967", "Since 1948", "Since 1984"]) == "Since ")
        #expect(NumericValue.sharedTitle(["None of these", "Since 1967", "Since 1948"]) == "")
        #expect(NumericValue.sharedTitle(["MP3", "AAC1"]) == "")
        #expect(NumericValue.isBareNone("None.") && NumericValue.isBareNone("none") && !NumericValue.isBareNone("None of these"))
    }

    @Test(arguments: [
        ("two hundred thirty-six", 236.0, nil),
        ("One hundred and five", 105, nil),
        ("a hundred and twenty pages", 120, "page"),
        ("two hundred thousand", 200_000, nil),
        ("Two million, thirty-six thousand, five hundred ninety-eight", 2_036_598, nil),
        ("nineteen hundred and six", 1_906, nil),
        ("three and one half million", 3_500_000, nil),
        // The simpler forms, read as before.
        ("two million", 2_000_000, nil),
        ("five hundred", 500, nil),
        ("twenty five", 25, nil),
    ] as [(String, Double, String?)])
    func numbersInWordsAreReadWhole(_ text: String, _ value: Double, _ unit: String?) throws {
        let number = try #require(NumericValue.parse(NumericValue.orderingForm(Substring(text))), "\(text)")
        #expect(number.value == value && number.unit == unit, "\(text): \(number.value) \(number.unit ?? "-")")
    }

    @Test func numbersInWordsStopWhereTheGrammarDoes() {
        // "and" before a number only after "hundred" or a scale word; no ordinal; no word a title has.
        #expect(NumericValue.cardinalInWords("one and two") == nil)
        #expect(NumericValue.cardinalInWords("two hundred twenty-first") == nil)
        #expect(NumericValue.cardinalInWords("two million") == nil)
        #expect(NumericValue.cardinalInWords("five hundred and a half") == nil)
        #expect(NumericValue.cardinalInWords("one thousand two thousand") == nil)
        #expect(NumericValue.cardinalInWords("two hundred five days")?.rest == " days")
        #expect(NumericValue.parse(NumericValue.orderingForm("One Hundred Years of Solitude")) == nil)
    }

    @Test func wordsSpeltOneLetterApart() {
        #expect(KeyConvergenceRule.speltOneLetterApart("manilow", "banilow"))
        #expect(KeyConvergenceRule.speltOneLetterApart("herbet", "herbert"))
        #expect(KeyConvergenceRule.speltOneLetterApart("durant", "dunant"))
        #expect(KeyConvergenceRule.speltOneLetterApart("cross", "gorss") == false)
        #expect(KeyConvergenceRule.speltOneLetterApart("mroris", "morris"))
        // Four letters or fewer, the same word, digits, two letters apart: no.
        #expect(!KeyConvergenceRule.speltOneLetterApart("bill", "will"))
        #expect(!KeyConvergenceRule.speltOneLetterApart("glass", "glass"))
        #expect(!KeyConvergenceRule.speltOneLetterApart("1985s", "1986s"))
        #expect(!KeyConvergenceRule.speltOneLetterApart("walker", "walden"))
        #expect(KeyConvergenceRule.alikeScores([["barry", "manilow"], ["berry", "gordy"], ["barry", "white"], ["marry", "banilow"]])
                == [4, 2, 3, 3])
    }

    @Test func partsOfCompoundsAndLongerNames() {
        #expect(English.isPart("lord", of: "warlord"))
        #expect(English.isPart("susan", of: "susanna"))
        #expect(English.isPart("prevent", of: "prevention"))
        // Three letters, a word inside another, the same word, digits: no.
        #expect(!English.isPart("war", of: "warlord"))
        #expect(!English.isPart("arlo", of: "warlord"))
        #expect(!English.isPart("lord", of: "lord"))
        #expect(!English.isPart("1985", of: "19851"))
        #expect(KeyConvergenceRule.alike("matt", "matthew") && KeyConvergenceRule.alike("matthew", "matt") && !KeyConvergenceRule.alike("matt", "mitt"))
    }

    @Test func longMonthNamesAreReadThroughOneSlip() {
        #expect(NumericValue.misspeltMonth("febuary") == 2)
        #expect(NumericValue.misspeltMonth("feburary") == 2)
        #expect(NumericValue.misspeltMonth("octomber") == 10)
        #expect(NumericValue.misspeltMonth("decembre") == 12)
        // Short names are too near other words; two slips are another word.
        #expect(NumericValue.misspeltMonth("augusta") == nil)
        #expect(NumericValue.misspeltMonth("jane") == nil)
        #expect(NumericValue.misspeltMonth("ocotbre") == nil)
        #expect(NumericValue.date("Octomber 21, 2006")?.value == NumericValue.date("October 21, 2006")?.value)
    }

    @Test func aCommentAfterAFigureIsReadPast() {
        #expect(NumericValue.withoutComment("0 as it was unmanned") == "0")
        #expect(NumericValue.withoutComment("2, but only once") == "2")
        #expect(NumericValue.withoutComment("6 possibly 7") == "6")
        // Only after a figure that starts the choice, and only a comment in lower case.
        #expect(NumericValue.withoutComment("Apollo 1 as planned") == "Apollo 1 as planned")
        #expect(NumericValue.withoutComment("2 of them as a pair") == "2 of them as a pair")
        #expect(NumericValue.withoutComment("5 As Told") == "5 As Told")
    }

    @Test func aTitleJoinedToItsNumberInOneChoiceIsTheTitle() {
        #expect(NumericValue.sharedTitle(["Courtroom 10", "Courtroom13", "Courtroom 11"]) == "Courtroom ")
        #expect(NumericValue.sharedTitle(["Courtroom13", "Courtroom 10", "Courtroom 11"]) == "Courtroom ")
        #expect(NumericValue.titleLength("Courtroom ", in: "Courtroom13") == 9)
        #expect(NumericValue.titleLength("Courtroom ", in: "Courtrooms 13") == nil)
    }

    @Test func romanNumeralsAreReadOnlyWrittenTheUsualWay() {
        #expect(NumericValue.romanNumeral("XIV") == 14 && NumericValue.romanNumeral("VIII") == 8 && NumericValue.romanNumeral("XL") == 40)
        #expect(NumericValue.romanNumeral("IIII") == nil && NumericValue.romanNumeral("VX") == nil && NumericValue.romanNumeral("iv") == nil)
        #expect(NumericValue.romanNumeral("") == nil && NumericValue.romanNumeral("CD") == nil)
        #expect(NumericValue.sharedRomanTitle(["Rocky", "Rocky III", "Rocky IV", "Rocky II"]) == "Rocky ")
        #expect(NumericValue.sharedRomanTitle(["Rocky", "Rocky III", "Rocky II"]) == "")
        #expect(NumericValue.sharedRomanTitle(["Vitamin D", "Vitamin C", "Vitamin K", "Vitamin X"]) == "")
        #expect(NumericValue.sharedRomanTitle(["Henry IV", "Louis XIV", "Henry VIII"]) == "")
    }

    @Test(arguments: [
        (["1984 in Los Angeles", "1976 - Innsbruck, Austria", "1999 -- MTV", "1956, Switzerland"], ["1984", "1976", "1999", "1956"]),
        // Every choice, a name after each year, four digits.
        (["1984 in Los Angeles", "1976", "1999 -- MTV"], ["1984 in Los Angeles", "1976", "1999 -- MTV"]),
        (["1993, 1994", "1995, 1996", "1990, 1991"], ["1993, 1994", "1995, 1996", "1990, 1991"]),
        (["368 - Main Street", "36 - Elm Street", "3680 - Oak Street"], ["368 - Main Street", "36 - Elm Street", "3680 - Oak Street"]),
        (["Montreal, 1976", "Seoul, 1988", "Moscow, 1980"], ["Montreal, 1976", "Seoul, 1988", "Moscow, 1980"]),
    ])
    func yearsBeforeNamesOrderTheirChoices(_ texts: [String], _ expected: [String]) {
        #expect(NumericValue.yearsBeforeNames(texts) == expected)
    }

    @Test(arguments: [
        (["Stockholm, Sweden, 1890", "Michael Collins, 1968", "Spanish in 1588", "Kraken - 2000"], ["1890", "1968", "1588", "2000"]),
        // Every choice a name, a join and four digits; a month or a season is a date; a number in the name.
        (["Rome 1960", "Tokyo, 1964", "Paris, 1924"], ["Rome 1960", "Tokyo, 1964", "Paris, 1924"]),
        (["August, 1862", "Utah, 1912", "Summer, 1967"], ["August, 1862", "Utah, 1912", "Summer, 1967"]),
        (["Apollo 11, 1969", "Utah, 1912", "Oslo, 1860"], ["Apollo 11, 1969", "Utah, 1912", "Oslo, 1860"]),
        (["Oslo, 186", "Utah, 1912", "Rome, 1960"], ["Oslo, 186", "Utah, 1912", "Rome, 1960"]),
    ])
    func namesBeforeYearsOrderTheirChoicesUnderAStemThatAsksWhen(_ texts: [String], _ expected: [String]) {
        #expect(NumericValue.namesBeforeYears(texts, asksWhen: { true }) == expected)
        #expect(NumericValue.namesBeforeYears(texts, asksWhen: { false }) == texts)
    }

    @Test func aStemAsksWhenWithWhenOrWhatYear() {
        #expect(NumericValue.asksWhen("Where and when does the story begin?"))
        #expect(NumericValue.asksWhen("Who was first on the Moon, and in what year did this happen?"))
        #expect(NumericValue.asksWhen("Which year saw the first flight?"))
        #expect(!NumericValue.asksWhen("One of the pairs (event - the year in which it happened) is wrong."))
        #expect(!NumericValue.asksWhen("Where was the regatta held first?"))
    }

    @Test func rangesGiveTheirUpperEnds() {
        #expect(NumericValue.upperEndForm("6-9 years") == "9 years")
        #expect(NumericValue.upperEndForm("25% - 35%") == "35%")
        #expect(NumericValue.upperEndForm("10 to 14") == "14")
        #expect(NumericValue.upperEndForm("368 -38th Street") == nil && NumericValue.upperEndForm("14") == nil)
        #expect(NumericValue.upperEnd(of: "1-10 kg", unit: "weight") == 10_000)
        #expect(NumericValue.upperEnd(of: "1-10 kg", unit: nil) == nil)
        #expect(NumericValue.isInOrder([(1, 4), (1, 7), (2, 2)]) && NumericValue.isInOrder([(2, 2), (1, 7), (1, 4)]))
        #expect(!NumericValue.isInOrder([(1, 10), (1, 5), (1, 7)]))
    }

    @Test(arguments: [
        ("What do you call a sink that isn't draining?", false), ("Which of these is the one that does not belong?", true),
        ("Which animal that lives in water is not a fish?", true), ("Which bird never flies?", true),
        ("All but one of these are mammals.", true), ("Which city was all but destroyed in AD 79?", false),
        ("Which city was all  but one destroyed?", false),
    ])
    func negativesInRelativeClausesDescribe(_ stem: String, _ expected: Bool) {
        #expect(!NegativeStemRule.stemNegatives(stem).isEmpty == expected)
    }

    @Test(arguments: [
        ("All birds can fly.", ["All"]), ("All four Beatles were born in Liverpool.", []), ("It was fine after all.", []),
        ("The Olympics are held every four years.", []), ("Only 3% of water is fresh.", []), ("You must have seen it.", []),
        ("Every elector must vote.", ["Every", "must"]), ("Not all birds can fly.", []), ("Saturn is the only planet with rings.", ["only"]),
    ])
    func absoluteTermsLeaveIdiomsAndCountsOut(_ text: String, _ expected: [String]) {
        #expect(AbsoluteTermsRule.absolutes(in: text, terms: AbsoluteTermsRule.parse(AbsoluteTermsRule.defaultTerms)) == expected)
    }
}

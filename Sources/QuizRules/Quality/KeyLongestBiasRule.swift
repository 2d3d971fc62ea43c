import Foundation
import QuizBank
import QuizLint

struct KeyLongestBiasRule: BankRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var alpha: Double = 0.01
        var minQuestions = 20
        var ratio: Double = 1.3
        var distractorRatio: Double = 1.5
        var minLength = 15
        var minDifference = 10
        var checkDistractors = true
        var skipTitles = false

        static let elements: [RuleOptionElement<Self>] = [
            .number("alpha", \.alpha, in: 1e-9...0.5, "significance level of the bank-level test"),
            .integer("min-questions", \.minQuestions, in: 1...1_000_000,
                "fewest questions with one longest choice for the bank-level test"),
            .number("ratio", \.ratio, in: 1.0...100,
                "a choice this many times as long as every other choice is reported"),
            .number("distractor-ratio", \.distractorRatio, in: 1.0...100,
                "with check-distractors: a wrong choice this many times as long as every other choice is reported"),
            .integer("min-length", \.minLength, in: 1...10_000,
                "shortest choice, in characters, that the per-question check reports"),
            .integer("min-difference", \.minDifference, in: 0...10_000,
                "fewest characters by which the choice must be longer than every other"),
            .boolean("check-distractors", \.checkDistractors,
                "also report a wrong choice that is the length outlier"),
            .boolean("skip-titles", \.skipTitles,
                "do not report a choice written as a name or title in the per-question check"),
        ]
    }

    static let description = RuleDescription(
        id: "key-longest-bias",
        summary: "The correct choice is the longest one more often than chance, or one choice of a question (the correct one, or a distractor) is much longer than every other.",
        rationale: """
            "Keep the length of choices about equal" (Haladyna, Downing & Rodriguez 2002, "A review of \
            multiple-choice item-writing guidelines", guideline 24; guideline 28d, the conspicuous \
            correct choice). The NBME item-writing guide (Case & Swanson, "Constructing Written Test \
            Questions for the Basic and Clinical Sciences") lists "the correct answer is longer, more \
            specific, or more complete than the other options" among the flaws that reward \
            test-wiseness: writers qualify the right answer until it is exactly right and leave the \
            distractors short, and "pick the longest" becomes a strategy that works.

            Two checks. At bank level, the rule counts how often the one strictly longest choice of a \
            choice question is correct, against chance, and reports the bank when p < `alpha`, with at \
            least `min-questions` questions in the sample, at the `id` of the first of them. At question \
            level, a choice at least `min-length` characters long, at least `ratio` times as long as \
            every other choice and longer by at least `min-difference` characters is reported at that \
            choice, since no test is needed to see it. When it is the correct choice, its length gives \
            it away.

            The bank-level test:

            - The sample: choice questions with one strictly longest choice (length in characters of the \
            source text as learners see it: trimmed, runs of white space inside counted once).
            - Chance: with c correct choices out of k, a choice picked regardless of length is correct \
            with probability c/k, so the count is a sum of Bernoulli trials (a binomial when every \
            question has the same k and c).
            - The one-sided test P(X ≥ observed) is exact (the distribution computed term by term) up to \
            3000 questions and a normal approximation with continuity correction above.

            At question level:

            - Both the ratio and the difference must hold: "Chlorophyll absorbs red light" beside \
            "Paint" and "Dye" is reported, a 19-character choice beside one of 14 is not.
            - Names and titles count as well: reviewers see "Greenback Cutthroat Trout" beside "Walleye" \
            as the conspicuous choice it is.
            - With `check-distractors` (on by default), a distractor that is the length outlier is \
            reported too, from `distractor-ratio` (1.5) times as long rather than `ratio`: it stands \
            out, and learners answer on length instead of content, but it gives no answer away, and \
            among choices that are all phrases or long names a third longer is not yet conspicuous \
            ("Indira Gandhi National Open University" beside "Allama Iqbal Open University"; "The Three \
            Stooges Go Around the World in a Daze" beside three titles of about 30 characters).
            - Turn `check-distractors` off to report only the key: in the OpenTriviaQA corpus the \
            outlier is the key in about one question in four, as chance makes it, so an outlying \
            distractor is a flaw of form rather than a cue to the key.
            - With `skip-titles`, a name or title (every word of four or more letters capitalized: "The \
            Love Song of J. Alfred Prufrock", "DJ Jazzy Jeff and the Fresh Prince"), whose length is not \
            the writer's doing (in the OpenTriviaQA corpus, half of the long correct choices were \
            titles), is left out.

            Known limits:

            - Length is counted in characters, so a choice of long words beside one of short words of \
            the same meaning can be reported.
            - A key that is only a little longer than the others in every question of a bank is left to \
            the bank-level test.
            """,
        severity: .warning,
        scope: .bank,
        options: Options.declarations,
        examples: [
            // 20 questions, the correct choice always the longest (14 or 15 characters against
            // 7 or 8): P(X ≥ 20) = 0.25^20. Too short for the per-question check.
            .triggering(QualityExamples.bank((0..<20).map {
                .init(text: "Question \($0 + 1)?", choices: ["Right answer \($0)", "Wrong \($0)", "False \($0)", "Nope \($0)"], correct: 0)
            }, marked: true)),
            // 10 of 20: P(X ≥ 10) = 0.014 for a binomial(20, 0.25), above alpha 0.01.
            .passing(QualityExamples.bank((0..<20).map {
                $0 < 10 ? .init(text: "Question \($0 + 1)?", choices: ["Right answer \($0)", "Wrong \($0)", "False \($0)", "Nope \($0)"], correct: 0)
                    : .init(text: "Question \($0 + 1)?", choices: ["Right \($0)", "Wrong answer \($0)", "False \($0)", "Nope \($0)"], correct: 0)
            })),
            // One correct choice of 52 characters against wrong ones of at most 9.
            .triggering(questions: """
                  - id: sky
                    text: Why is the sky blue?
                    choices:
                      - ↓text: Air molecules scatter blue light more than red light
                        correct: true
                      - Dust
                      - The ocean
                      - Paint
                """),
            // 1.78 times as long (32 characters against 18); 29 characters against 5; a distractor
            // of 45 characters against at most 15; a title 2.5 times as long.
            .triggering(questions: """
                  - id: sky
                    text: Why is the sky blue?
                    choices:
                      - ↓text: Air scatters blue light the most
                        correct: true
                      - Reflection of seas
                      - Dust
                  - id: grass
                    text: Why is grass green?
                    choices:
                      - ↓text: Chlorophyll absorbs red light
                        correct: true
                      - Paint
                      - Dye
                """),
            .triggering(questions: """
                  - id: rain
                    text: What makes rain fall?
                    choices:
                      - text: Gravity
                        correct: true
                      - ↓The rotation of the Earth flinging water down
                      - Wind
                      - Clouds bursting
                  - id: poem
                    text: Which poem by T. S. Eliot opens with an evening etherised upon a table?
                    choices:
                      - ↓text: The Love Song of J. Alfred Prufrock
                        correct: true
                      - The Hollow Men
                      - Ash Wednesday
                """),
            // A distractor 1.4 times as long as the next (48 characters against 33): below distractor-ratio.
            .passing(questions: """
                  - id: university
                    text: Which was the world's largest university by enrolment in 2007?
                    choices:
                      - text: Allama Iqbal Open University
                        correct: true
                      - Indira Gandhi National Open University of Delhi
                      - The Ohio State University at Lima
                      - Islamic Azad University
                """),
            // 1.7 times as long but only 8 characters longer; 1.2 times as long.
            .passing(questions: """
                  - id: sky
                    text: Why is the sky blue?
                    choices:
                      - text: Rayleigh scattering
                        correct: true
                      - Ocean glare
                      - Dust
                  - id: grass
                    text: Why is grass green?
                    choices:
                      - text: Chlorophyll absorbs red and blue light
                        correct: true
                      - Pigments reflecting green light
                      - Dye
                """),
            // With check-distractors off, a distractor outlier; with skip-titles, a title.
            .passing(questions: """
                  - id: rain
                    text: What makes rain fall?
                    choices:
                      - text: Gravity
                        correct: true
                      - The rotation of the Earth flinging water down
                      - Wind
                """, options: ["check-distractors": .boolean(false)]),
            .passing(questions: """
                  - id: poem
                    text: Which poem by T. S. Eliot opens with an evening etherised upon a table?
                    choices:
                      - text: The Love Song of J. Alfred Prufrock
                        correct: true
                      - The Hollow Men
                      - Ash Wednesday
                """, options: ["skip-titles": .boolean(true)]),
        ])

    let alpha: Double
    let minQuestions: Int
    let ratio: Double
    let distractorRatio: Double
    let minLength: Int
    let minDifference: Int
    let checkDistractors: Bool
    let skipTitles: Bool

    init(options: Options) {
        alpha = options.alpha
        minQuestions = options.minQuestions
        ratio = options.ratio
        distractorRatio = options.distractorRatio
        minLength = options.minLength
        minDifference = options.minDifference
        checkDistractors = options.checkDistractors
        skipTitles = options.skipTitles
    }

    func check(_ bank: LintBank, report: inout FindingReporter) {
        let locale = bank.sourceLocale
        var probabilities: [Double] = []
        var longestIsCorrect = 0
        var first: Question?
        for question in bank.bank.questions where question.kind != .trueFalse {
            let lengths = question.choices.map { Self.shownLength($0.text.source(locale)) }
            let wrong = question.choices.indices.filter { !question.choices[$0].correct }
            guard !wrong.isEmpty, let longest = lengths.max() else { continue }
            // (2) One choice far longer than every other.
            if let outlier = Self.lengthOutlier(lengths, ratio: min(ratio, distractorRatio), minLength: minLength, minDifference: minDifference),
               question.choices[outlier.index].correct
                   ? Double(lengths[outlier.index]) >= ratio * Double(max(outlier.next, 1))
                   : checkDistractors && Double(lengths[outlier.index]) >= distractorRatio * Double(max(outlier.next, 1)),
               !skipTitles || !Self.isNameOrTitle(question.choices[outlier.index].text.source(locale)) {
                let times = String(format: "%.1f", Double(lengths[outlier.index]) / Double(max(outlier.next, 1)))
                let reportedFrom = question.choices[outlier.index].correct ? ratio : distractorRatio
                let thresholds = "reported from \(String(format: "%.1f", reportedFrom)) times, \(minDifference) characters more and \(minLength) characters"
                if question.choices[outlier.index].correct {
                    report("""
                        the correct choice of question '\(question.id.value)' is \(times) times as long as the longest wrong one (\(lengths[outlier.index]) and \
                        \(outlier.next) characters; \(thresholds)): its length gives it away
                        """, at: question.choices[outlier.index].range)
                } else {
                    report("""
                        a wrong choice of question '\(question.id.value)' is \(times) times as long as every other choice (\(lengths[outlier.index]) and at most \
                        \(outlier.next) characters; \(thresholds)): it stands out by length; keep the choices about equal
                        """, at: question.choices[outlier.index].range)
                }
            }
            // (1) The sample: questions with one strictly longest choice.
            guard lengths.filter({ $0 == longest }).count == 1 else { continue }
            if first == nil { first = question }
            probabilities.append(Double(question.correctIndexes.count) / Double(question.choices.count))
            if question.choices[lengths.firstIndex(of: longest)!].correct { longestIsCorrect += 1 }
        }
        guard let first, probabilities.count >= minQuestions else { return }
        let n = probabilities.count
        let expected = probabilities.reduce(0, +)
        guard Double(longestIsCorrect) > expected else { return }
        let test = SignificanceTests.upperTail(successes: longestIsCorrect, probabilities: probabilities)
        guard test.p < alpha else { return }
        let share = Double(longestIsCorrect) / Double(n)
        let testName = Set(probabilities).count == 1 ? "binomial" : "Poisson-binomial (chance differs with the number of choices)"
        report("""
            the correct choice is the longest in \(longestIsCorrect) of \(n) choice questions with one longest choice \
            (\(SignificanceTests.percent(share))); chance would make it \(String(format: "%.1f", expected)) \
            (\(SignificanceTests.percent(expected / Double(n)))); one-sided \(testName) test \
            (\(test.exact ? "exact" : "normal approximation")): p = \(SignificanceTests.format(p: test.p)), below alpha \(alpha)
            """, at: first.id.range)
    }

    /// The length of a text as learners see it, in characters: trimmed, each run of white
    /// space inside counted once (as compiled output shows it), so that fixing a doubled space
    /// changes no finding.
    static func shownLength(_ text: String) -> Int {
        var previousWasSpace = false
        var collapses = false
        for scalar in text.unicodeScalars {
            let isSpace = QualityText.isWhitespaceOrNewline(scalar)
            if isSpace && (previousWasSpace || scalar != " ") {
                collapses = true
                break
            }
            previousWasSpace = isSpace
        }
        guard collapses else { return QualityText.length(text) }
        let words = text.split(whereSeparator: { $0.unicodeScalars.allSatisfy(QualityText.isWhitespaceOrNewline) })
        return QualityText.length(words.joined(separator: " "))
    }

    /// The choice that is longer than every other by `ratio` and `minDifference` characters and at
    /// least `minLength` long, with the length of the next longest; nil when there is none.
    static func lengthOutlier(_ lengths: [Int], ratio: Double, minLength: Int, minDifference: Int) -> (index: Int, next: Int)? {
        guard lengths.count >= 2, let longest = lengths.indices.max(by: { lengths[$0] < lengths[$1] }) else { return nil }
        let next = lengths.indices.filter { $0 != longest }.map { lengths[$0] }.max()!
        let length = lengths[longest]
        guard length >= minLength, length > next, length - next >= minDifference, Double(length) >= ratio * Double(max(next, 1)) else { return nil }
        return (longest, next)
    }

    /// Whether a text is written as a name or title: it has a word of four or more letters, and
    /// each such word (of a script with case) starts with a capital.
    static func isNameOrTitle(_ text: String) -> Bool {
        var long = 0
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            let letters = word.unicodeScalars.filter { $0.properties.isAlphabetic }
            guard letters.count >= 4, let first = letters.first, first.properties.changesWhenCaseMapped else { continue }
            guard first.properties.isUppercase else { return false }
            long += 1
        }
        return long > 0
    }
}

import Foundation
import QuizBank

struct KeyLongestBiasRule: BankRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var alpha: Double = 0.01
        var minQuestions = 20
        var ratio: Double = 1.8
        var minLength = 30

        static let elements: [RuleOptionElement<Self>] = [
            .number("alpha", \.alpha, in: 1e-9...0.5, "significance level of the bank-level test"),
            .integer("min-questions", \.minQuestions, in: 1...1_000_000,
                "fewest questions with one longest choice for the bank-level test"),
            .number("ratio", \.ratio, in: 1.0...100,
                "a correct choice this many times as long as the longest wrong one is reported"),
            .integer("min-length", \.minLength, in: 1...10_000,
                "shortest correct choice, in characters, that the per-question check reports"),
        ]
    }

    static let description = RuleDescription(
        id: "key-longest-bias",
        summary: "The correct choice is the longest one more often than chance, or much longer than every wrong choice of a question.",
        rationale: """
            "Keep the length of choices about equal" (Haladyna, Downing & Rodriguez 2002, "A \
            review of multiple-choice item-writing guidelines", guideline 24; guideline 28d, the \
            conspicuous correct choice). The NBME item-writing guide (Case & Swanson, \
            "Constructing Written Test Questions for the Basic and Clinical Sciences") lists "the \
            correct answer is longer, more specific, or more complete than the other options" \
            among the flaws that reward test-wiseness: writers qualify the right answer until it \
            is exactly right and leave the distractors short, and "pick the longest" becomes a \
            strategy that works. Two checks. (1) Bank level: among choice questions with one \
            strictly longest choice (length in characters of the source text), how often that \
            choice is correct, against chance: with c correct choices out of k, a choice picked \
            regardless of length is correct with probability c/k, so the count is a sum of \
            Bernoulli trials (a binomial when every question has the same k and c). The one-sided \
            test P(X ≥ observed) is exact (the distribution computed term by term) up to 3000 \
            questions and a normal approximation with continuity correction above; the bank is \
            reported when p < `alpha`, with at least `min-questions` questions in the sample, at \
            the `id` of the first of them. (2) Question level: a correct choice at least \
            `min-length` characters long and at least `ratio` times as long as the longest wrong \
            choice is reported at that choice, since no test is needed to see it; except a name \
            or title (every word of four or more letters capitalized: "The Love Song of J. \
            Alfred Prufrock", "DJ Jazzy Jeff and the Fresh Prince"), whose length is not the \
            writer's doing (in the OpenTriviaQA corpus, half of the long correct choices were \
            titles).
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
            // 1.78 times as long (32 characters against 18); 29 characters (under 30) against 5;
            // 2.5 times as long, but a title.
            .passing(questions: """
                  - id: sky
                    text: Why is the sky blue?
                    choices:
                      - text: Air scatters blue light the most
                        correct: true
                      - Reflection of seas
                      - Dust
                  - id: grass
                    text: Why is grass green?
                    choices:
                      - text: Chlorophyll absorbs red light
                        correct: true
                      - Paint
                      - Dye
                  - id: poem
                    text: Which poem by T. S. Eliot opens with an evening etherised upon a table?
                    choices:
                      - text: The Love Song of J. Alfred Prufrock
                        correct: true
                      - The Hollow Men
                      - Ash Wednesday
                """),
        ])

    let alpha: Double
    let minQuestions: Int
    let ratio: Double
    let minLength: Int

    init(options: Options) {
        alpha = options.alpha
        minQuestions = options.minQuestions
        ratio = options.ratio
        minLength = options.minLength
    }

    func check(_ bank: LintBank, report: inout FindingReporter) {
        let locale = bank.sourceLocale
        var probabilities: [Double] = []
        var longestIsCorrect = 0
        var first: Question?
        for question in bank.bank.questions where question.kind != .trueFalse {
            let lengths = question.choices.map { QualityText.length($0.text.source(locale)) }
            let wrong = question.choices.indices.filter { !question.choices[$0].correct }
            guard !wrong.isEmpty, let longest = lengths.max() else { continue }
            // (2) A correct choice far longer than every wrong one.
            let longestWrong = wrong.map { lengths[$0] }.max()!
            for index in question.correctIndexes where lengths[index] >= minLength
                && Double(lengths[index]) >= ratio * Double(max(longestWrong, 1))
                && !Self.isNameOrTitle(question.choices[index].text.source(locale)) {
                report("""
                    the correct choice is \(String(format: "%.1f", Double(lengths[index]) / Double(max(longestWrong, 1)))) times \
                    as long as the longest wrong one (\(lengths[index]) and \(longestWrong) characters; reported from \
                    \(String(format: "%.1f", ratio)) times and \(minLength) characters): its length gives it away
                    """, at: question.choices[index].range)
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

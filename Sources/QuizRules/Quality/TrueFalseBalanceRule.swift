import Foundation
import QuizBank
import QuizLint

struct TrueFalseBalanceRule: BankRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var minQuestions = 20
        var lengthRatio: Double = 1.3

        static let elements: [RuleOptionElement<Self>] = [
            .integer("min-questions", \.minQuestions, in: 2...1_000_000,
                "fewest true/false questions for the share of true answers to be tested"),
            .number("length-ratio", \.lengthRatio, in: 1.0...100,
                "mean length of the true statements over that of the false ones above which the bank is reported"),
        ]
    }

    static let description = RuleDescription(
        id: "true-false-balance",
        summary: "A bank whose true/false answers lean to one side, or whose true statements are longer than its false ones.",
        rationale: """
            Advice on true/false tests (Frisbie & Becker 1991, "An analysis of textbook advice about \
            true-false tests", Applied Measurement in Education 4(1)) is to have about as many true \
            statements as false ones and to keep true ones no longer than false ones; Haladyna, \
            Downing & Rodriguez (2002, "A review of multiple-choice item-writing guidelines") say \
            the same of choices: vary where the right answer is (guideline 20) and give no clue to \
            it (guideline 28, e.g. specific determiners). A learner who answers `true` whenever \
            unsure, or picks the longer-sounding statement, should not score by it.

            Two cues are checked, each at the bank level, over the true/false questions of each bank \
            on its own, in their source texts:

            - The share of `true` answers against a fair split: with n true/false questions a fair \
            coin's share has standard error sqrt(0.25/n), and the bank is reported when its share \
            lies outside 50% ± 2 standard errors (a two-sided test at about the 5% level, normal \
            approximation to the binomial). Below `min-questions` true/false questions nothing is \
            said: a small bank cannot show a lean.
            - True statements written longer than false ones: true statements collect the \
            qualifiers that make them true ("usually", "in most cases"). It is reported when the \
            mean length in characters of the true statements is above `length-ratio` times that of \
            the false ones, with at least 10 of each.

            Both findings are placed at the `id` of the bank's first true/false question, the first \
            of the sample; suppress them there or with `disable-file`.

            Known limits:

            - A lean within two standard errors, or in a bank below `min-questions`, is not reported.
            - Length is counted in characters, so a true statement that is long for another reason (a \
            long name) counts as a qualified one.
            """,
        severity: .warning,
        scope: .bank,
        options: Options.declarations,
        examples: [
            // 20 true/false questions, 16 true: 80% is outside 50% ± 22%.
            .triggering(example(answers: Array(repeating: true, count: 16) + Array(repeating: false, count: 4), marked: true)),
            // 20 questions, 14 true (70%): inside 50% ± 22%, a near miss.
            .passing(example(answers: Array(repeating: true, count: 14) + Array(repeating: false, count: 6))),
            // 19 questions, all true: below the minimum sample, so nothing is said.
            .passing(example(answers: Array(repeating: true, count: 19))),
            // 10 true statements about twice as long as 10 false ones (balanced answers).
            .triggering(example(answers: Array(repeating: true, count: 10) + Array(repeating: false, count: 10),
                                trueText: "Water usually boils at 100 degrees Celsius at sea level.",
                                falseText: "Water boils at 50 degrees.", marked: true)),
            // Long true statements, but only 9 false ones to compare with.
            .passing(example(answers: Array(repeating: true, count: 10) + Array(repeating: false, count: 9),
                             trueText: "Water usually boils at 100 degrees Celsius at sea level.",
                             falseText: "Water boils at 50 degrees.")),
            // True statements 1.23 times as long as false ones (27 and 22 characters): under 1.3.
            .passing(example(answers: Array(repeating: true, count: 10) + Array(repeating: false, count: 10),
                             trueText: "Water boils at 100 degrees.", falseText: "Water boils at 50 deg.")),
        ])

    /// A bank of true/false questions with the given answers, one per question; `marked` puts
    /// the example mark at the first question's id, where the rule reports.
    static func example(answers: [Bool], trueText: String = "Statement that is right.",
                        falseText: String = "Statement that is wrong.", marked: Bool = false) -> String {
        var bank = RuleExample.header
        for (index, answer) in answers.enumerated() {
            bank += "  - id: \(marked && index == 0 ? "\(RuleExample.marker)" : "")q\(index + 1)\n"
            bank += "    text: \(answer ? trueText : falseText)\n"
            bank += "    answer: \(answer)\n"
        }
        return bank
    }

    let minQuestions: Int
    let lengthRatio: Double

    init(options: Options) {
        minQuestions = options.minQuestions
        lengthRatio = options.lengthRatio
    }

    func check(_ bank: LintBank, report: inout FindingReporter) {
        var trueLengths: [Int] = []
        var falseLengths: [Int] = []
        var first: Question?
        for question in bank.bank.questions where question.kind == .trueFalse {
            guard let answer = question.answer?.value else { continue }
            if first == nil { first = question }
            let length = QualityText.length(question.text.source(bank.sourceLocale))
            if answer { trueLengths.append(length) } else { falseLengths.append(length) }
        }
        guard let first else { return }
        let n = trueLengths.count + falseLengths.count
        if n >= minQuestions {
            let share = Double(trueLengths.count) / Double(n)
            let band = 2 * (0.25 / Double(n)).squareRoot()
            if abs(share - 0.5) > band {
                let side = share > 0.5 ? "true" : "false"
                report("""
                    \(trueLengths.count) of \(n) true/false questions are true (\(SignificanceTests.percent(share))); \
                    a fair split is 50% ± \(SignificanceTests.percent(band)) (2 standard errors of a binomial share, \
                    0.5 ± 2·sqrt(0.25/\(n))): answering '\(side)' when unsure pays
                    """, at: first.id.range)
            }
        }
        if trueLengths.count >= 10, falseLengths.count >= 10 {
            let meanTrue = Double(trueLengths.reduce(0, +)) / Double(trueLengths.count)
            let meanFalse = Double(falseLengths.reduce(0, +)) / Double(falseLengths.count)
            if meanFalse > 0, meanTrue / meanFalse > lengthRatio {
                report("""
                    true statements are longer than false ones: mean \(String(format: "%.1f", meanTrue)) characters \
                    (\(trueLengths.count) true) against \(String(format: "%.1f", meanFalse)) (\(falseLengths.count) false), \
                    a ratio of \(String(format: "%.2f", meanTrue / meanFalse)) above \(String(format: "%.2f", lengthRatio)) \
                    (ratio of mean lengths); length gives the answer away
                    """, at: first.id.range)
            }
        }
    }
}

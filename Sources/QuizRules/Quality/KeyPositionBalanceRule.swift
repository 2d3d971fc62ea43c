import Foundation
import QuizBank
import QuizLint

struct KeyPositionBalanceRule: BankRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var alpha: Double = 0.01
        var minQuestions = 20

        static let elements: [RuleOptionElement<Self>] = [
            .number("alpha", \.alpha, in: 1e-9...0.5, "significance level of the chi-square test"),
            .integer("min-questions", \.minQuestions, in: 2...1_000_000,
                "fewest unshuffled questions with the same number of choices for a test (and at least 5 per choice)"),
        ]
    }

    static let description = RuleDescription(
        id: "key-position-balance",
        summary: "In questions whose choices are shown in authored order, the correct choice sits in some positions more than chance allows.",
        rationale: """
            Haladyna, Downing & Rodriguez (2002, "A review of multiple-choice item-writing \
            guidelines", guideline 20: "vary the location of the right answer according to the \
            number of choices") and the NBME item-writing guide (Case & Swanson, "Constructing \
            Written Test Questions for the Basic and Clinical Sciences") warn that writers favour \
            some positions for the key (often the middle ones, or the first), and test-wise \
            learners learn it.

            Reach: the single-choice questions of each bank that are shown in authored order. \
            Engines shuffle choices unless told not to, so only those count: `shuffle: false`, or \
            `exam: {shuffle-choices: false}` without a per-question `shuffle: true`. \
            Multiple-choice (select all) questions are not counted: their correct positions are \
            not one draw each.

            The test:

            - Single-choice questions are grouped by their number of choices k, and each group's \
            counts of the correct position are tested against a uniform spread with Pearson's \
            chi-square goodness-of-fit test (df = k − 1; the p-value is the chi-square survival \
            function, computed as the regularized upper incomplete gamma function Q(df/2, X²/2)).
            - A group is reported when p < `alpha`.
            - A group is tested only with at least `min-questions` questions and at least 5k (so \
            every expected count is 5 or more, Cochran's rule for the chi-square approximation).
            - The finding is placed at the `id` of the group's first question.

            Known limits:

            - A bank whose choices are shuffled (the default) is never judged.
            - A lean too small for the test to see with the bank's questions passes.
            - A pattern across positions (the key never first, say) is judged only through the \
            chi-square total.
            """,
        severity: .warning,
        scope: .bank,
        options: Options.declarations,
        examples: [
            // 20 unshuffled four-choice questions, the key always first: X² = 60, p < 1e-6.
            .triggering(QualityExamples.bank(QualityExamples.keyed(20, positions: [0]), header: ["exam:", "  shuffle-choices: false"], marked: true)),
            // The same with `shuffle: false` on each question instead.
            .triggering(QualityExamples.bank(QualityExamples.keyed(20, positions: [0], shuffle: false), marked: true)),
            // The same questions, but the engine shuffles them (the default).
            .passing(QualityExamples.bank(QualityExamples.keyed(20, positions: [0]))),
            // Unshuffled by the exam, but every question asks to be shuffled.
            .passing(QualityExamples.bank(QualityExamples.keyed(20, positions: [0], shuffle: true),
                                          header: ["exam:", "  shuffle-choices: false"])),
            // Unshuffled, 10 / 4 / 3 / 3: X² = 6.8, p = 0.08, a lean chance explains at alpha 0.01.
            .passing(QualityExamples.bank(QualityExamples.keyed(20, positions: [0, 1, 0, 2, 0, 3]),
                                          header: ["exam:", "  shuffle-choices: false"])),
            // 19 unshuffled questions: below the sample the test needs.
            .passing(QualityExamples.bank(QualityExamples.keyed(19, positions: [0]), header: ["exam:", "  shuffle-choices: false"])),
        ])

    let alpha: Double
    let minQuestions: Int

    init(options: Options) {
        alpha = options.alpha
        minQuestions = options.minQuestions
    }

    static let ordinals = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"]

    func check(_ bank: LintBank, report: inout FindingReporter) {
        let examShuffles = bank.bank.header.exam?.shuffleChoices ?? true
        // Per number of choices: counts of the correct position, and the group's first question.
        var groups: [Int: (counts: [Int], first: Question)] = [:]
        for question in bank.bank.questions where question.kind == .singleChoice {
            guard !(question.shuffle ?? examShuffles) else { continue }
            let k = question.choices.count
            guard k >= 2, let key = question.correctIndexes.first else { continue }
            if groups[k] == nil { groups[k] = ([Int](repeating: 0, count: k), question) }
            groups[k]!.counts[key] += 1
        }
        for k in groups.keys.sorted() {
            let (counts, first) = groups[k]!
            let n = counts.reduce(0, +)
            guard n >= max(minQuestions, 5 * k) else { continue }
            let test = SignificanceTests.uniformChiSquare(counts)
            guard test.p < alpha else { continue }
            let spread = counts.enumerated().map { "\(Self.ordinals[min($0.offset, 7)]) \($0.element)" }.joined(separator: ", ")
            let expected = Double(n) / Double(k)
            report("""
                the correct choice of \(n) unshuffled \(k)-choice questions is not spread evenly: \(spread) \
                (expected \(String(format: "%.1f", expected)) each); chi-square goodness of fit to a uniform spread: \
                X² = \(String(format: "%.1f", test.statistic)), df = \(test.degreesOfFreedom), \
                p = \(SignificanceTests.format(p: test.p)), below alpha \(alpha)
                """, at: first.id.range)
        }
    }
}

import QuizBank
import QuizLint

struct LockKindChangedRule: BankRule {
    static let description = RuleDescription(
        id: "lock-kind-changed",
        summary: "A question of `quizbank.lock` is now of another kind (true-false, single-choice, multiple-choice).",
        rationale: """
            A learner's stored answer (true or false, one choice, several) does not fit a question \
            of another kind, and engines that regrade refuse it. Compared with the nearest \
            `quizbank.lock` (docs/versions.md). Give the new question an id of its own, or run \
            `quizbank lock` to accept the change after review.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            // Two correct choices: now multiple-choice.
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                  - id: ↓largest
                    text: Which is the largest planet?
                    choices:
                      - Mars
                      - {text: Jupiter, correct: true}
                      - {text: Saturn, correct: true}
                """, files: LockExamples.lock),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                  - id: largest
                    text: Which is the largest planet?
                    choices:
                      - Mars
                      - {text: Jupiter, correct: true}
                      - Venus
                """, files: LockExamples.lock),
        ])

    init(options: RuleOptions) {}

    func check(_ bank: LintBank, report: inout FindingReporter) {
        LockComparison.check(bank, report: &report) { comparison, report in
            for (question, entry) in comparison.questions(with: .kindChanged) {
                report("question '\(question.id.value)' is \(question.kind.rawValue), but \(comparison.lockPath) records it as \(entry.kind.rawValue)",
                       at: question.id.range, related: [comparison.related(entry, "the locked question")])
            }
        }
    }
}

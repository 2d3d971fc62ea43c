import QuizBank
import QuizLint

struct LockQuestionRemovedRule: BankRule {
    static let description = RuleDescription(
        id: "lock-question-removed",
        summary: "A question of `quizbank.lock` is no longer in its bank.",
        rationale: """
            Learners' progress on the question is dropped, and a question renamed by mistake \
            looks like a removal and an addition (`quizbank diff` tells a rename). Compared with \
            the nearest `quizbank.lock` (docs/versions.md); reported at the bank's `questions:` \
            key, since the question has no line left in the bank, with the lock's line as the \
            related place. `quizbank lock` accepts a reviewed removal.
            """,
        severity: .warning,
        scope: .bank,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                ↓questions:
                  - id: largest
                    text: Which is the largest planet?
                    choices:
                      - Mars
                      - {text: Jupiter, correct: true}
                      - Venus
                """, files: LockExamples.lock),
            .passing(questions: LockExamples.locked, files: LockExamples.lock),
        ])

    init(options: RuleOptions) {}

    func check(_ bank: LintBank, report: inout FindingReporter) {
        LockComparison.check(bank, report: &report) { comparison, report in
            let range = comparison.questionsKeyRange
            for entry in comparison.removedEntries {
                report("question '\(entry.questionID)' of \(comparison.lockPath) is no longer in the bank",
                       at: range, related: [comparison.related(entry, "the locked question")])
            }
        }
    }
}

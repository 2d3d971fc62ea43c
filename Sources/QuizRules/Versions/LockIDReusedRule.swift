import QuizBank
import QuizLint

struct LockIDReusedRule: BankRule {
    static let description = RuleDescription(
        id: "lock-id-reused",
        summary: "A question id of `quizbank.lock` now names another question: another text, and most choices (or a true/false answer) changed.",
        rationale: """
            Apps keep a learner's progress, and item statistics, under the question's id: an id \
            given to a new question hands the old question's history to it. Compared with the \
            nearest `quizbank.lock` (docs/versions.md): the question's normalized text differs \
            from the locked one, and fewer than half of the locked choice texts are left (for a \
            true/false question, its answer differs too), as `quizbank diff` judges a reused id. Give the new question an id of its own; if it is the same question \
            rewritten, `quizbank lock` accepts it. A lock file that cannot be read is reported \
            here, at its line.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering(questions: """
                  - id: ↓sun
                    text: The Moon is a planet.
                    answer: false
                  - id: largest
                    text: Which is the largest planet?
                    choices:
                      - Mars
                      - {text: Jupiter, correct: true}
                      - Venus
                """, files: LockExamples.lock),
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                  - id: ↓largest
                    text: Which gas is most abundant in air?
                    choices:
                      - Oxygen
                      - {text: Nitrogen, correct: true}
                      - Argon
                """, files: LockExamples.lock),
            // The text alone changed: an edit, for `quizbank diff` to show.
            .passing(questions: """
                  - id: sun
                    text: The Sun is a yellow dwarf star.
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
        LockComparison.check(bank, report: &report, reportsProblem: true) { comparison, report in
            for (question, entry) in comparison.questions(with: .idReused) {
                report("question '\(question.id.value)' has another text and another answer than \(comparison.lockPath) records for this id: learners' progress under the id would belong to another question",
                       at: question.id.range, related: [comparison.related(entry, "the locked question")],
                       suggestion: nil)
            }
        }
    }
}

import QuizBank
import QuizLint

struct LockAnswerChangedRule: BankRule {
    static let description = RuleDescription(
        id: "lock-answer-changed",
        summary: "A question of `quizbank.lock` has another answer key; its text and choices are the same or edited, not replaced.",
        rationale: """
            Learners who answered the question before were marked against the old key, and its \
            statistics describe the old key: a changed key is a breaking change to review. \
            Compared with the nearest `quizbank.lock` (docs/versions.md): the answer, or the set \
            of correct choices (by choice id where given, else by normalized text, so that a \
            reorder is not a change). A question whose text and most choices were replaced is \
            `lock-id-reused` instead. Give choices ids to edit a correct choice's text without \
            changing the key. `quizbank lock` accepts a reviewed change.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering(questions: """
                  - id: ↓sun
                    text: The Sun is a star.
                    answer: false
                  - id: largest
                    text: Which is the largest planet?
                    choices:
                      - Mars
                      - {text: Jupiter, correct: true}
                      - Venus
                """, files: LockExamples.lock),
            // The key moved to another choice, the text edited: still the same question.
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                  - id: ↓largest
                    text: Which planet is the largest?
                    choices:
                      - {text: Mars, correct: true}
                      - Jupiter
                      - Venus
                """, files: LockExamples.lock),
            // No correct choice left: the `no-correct-choice` error alone.
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                  - id: largest
                    text: Which is the largest planet?
                    choices:
                      - Mars
                      - Jupiter
                      - Venus
                """, files: LockExamples.lock),
            // Reordered choices: the same correct choice.
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                  - id: largest
                    text: Which is the largest planet?
                    choices:
                      - {text: Jupiter, correct: true}
                      - Venus
                      - Mars
                """, files: LockExamples.lock),
        ])

    init(options: RuleOptions) {}

    func check(_ bank: LintBank, report: inout FindingReporter) {
        LockComparison.check(bank, report: &report) { comparison, report in
            for (question, entry) in comparison.questions(with: .answerChanged) {
                report("the answer key of question '\(question.id.value)' differs from the one \(comparison.lockPath) records: past answers and statistics were marked against the old key",
                       at: question.id.range, related: [comparison.related(entry, "the locked question")])
            }
        }
    }
}

import QuizBank
import QuizLint

struct MissingExplanationRule: QuestionRule {
    static let description = RuleDescription(
        id: "missing-explanation",
        summary: "A question without an `explanation`.",
        rationale: """
            Learners remember an answer when they are told why it is right; a bare right/wrong \
            teaches little, and a wrong guess stays wrong. The format recommends an explanation \
            for every question.
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: ↓sun
                    text: The Sun is a star.
                    answer: true
                """),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
        ])

    init(options: RuleOptions) {}

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.explanation == nil else { return }
        // Built with its size reserved: an interpolation reserves too little for the id and
        // grows the string once more, and a bank without explanations has a finding a question.
        let id = question.id.value
        var message = "question '"
        message.reserveCapacity(32 + id.utf8.count)
        message += id
        message += "' has no explanation"
        report(message, at: question.id.range)
    }
}

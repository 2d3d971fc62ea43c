import QuizBank
import QuizLint

struct EmptyBankRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.emptyBank.rawValue,
        summary: "The file is empty, or `questions` is an empty list.",
        rationale: """
            A bank without questions cannot be published or drawn from; an empty file is \
            usually one saved by mistake or cut short.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions: ↓[]
                """),
            // Only comments: reported at the start of the file.
            .triggering("""
                ↓# Solar system quiz: questions to come.
                """),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true)
}

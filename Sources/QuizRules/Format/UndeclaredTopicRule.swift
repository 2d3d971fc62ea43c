import QuizBank
import QuizLint

struct UndeclaredTopicRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.undeclaredTopic.rawValue,
        summary: "A question's `topic` is not declared under the bank's `topics`; the nearest declared topic is suggested.",
        rationale: """
            Exams draw questions per topic by the declared weights, and apps group progress by \
            topic; a question under a misspelt topic would never be drawn or shown with its peers.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                topics:
                  stars: {title: Stars}
                questions:
                  - id: sun
                    topic: ↓star
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                topics:
                  stars: {title: Stars}
                questions:
                  - id: sun
                    topic: stars
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true,
        fix: .unsafe("the topic is renamed to the nearest declared topic"))
}

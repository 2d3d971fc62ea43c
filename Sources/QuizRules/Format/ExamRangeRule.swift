import QuizBank
import QuizLint

struct ExamRangeRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.examRange.rawValue,
        summary: "An `exam` setting out of range: a size beyond the bank's questions, a passing score outside 0–1, a demo limit beyond the size.",
        rationale: """
            An app cannot draw a test of more questions than the bank has, and a passing score \
            written as a percentage (`70`) could never be reached; the exam would be unusable.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                exam:
                  size: ↓3
                  passing-score: 0.5
                questions:
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                  - id: moon
                    text: The Moon is a star.
                    answer: false
                    explanation: It is a natural satellite; it only reflects sunlight.
                """),
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                exam:
                  size: 2
                  passing-score: ↓70
                questions:
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                  - id: moon
                    text: The Moon is a star.
                    answer: false
                    explanation: It is a natural satellite; it only reflects sunlight.
                """),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                exam:
                  size: 2
                  passing-score: 0.7
                  demo-limit: 1
                questions:
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                  - id: moon
                    text: The Moon is a star.
                    answer: false
                    explanation: It is a natural satellite; it only reflects sunlight.
                """),
        ],
        isFormatRule: true)
}

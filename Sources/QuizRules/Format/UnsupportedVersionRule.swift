import QuizBank
import QuizLint

struct UnsupportedVersionRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.unsupportedVersion.rawValue,
        summary: "`quizbank:` names a format version other than 1, the one this quizbank reads.",
        rationale: """
            The version says which rules the rest of the file follows; reading a bank of another \
            version as version 1 could misread its fields, so it is refused rather than guessed at.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering("""
                quizbank: ↓2
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
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

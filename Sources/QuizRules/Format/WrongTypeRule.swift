import QuizBank
import QuizLint

struct WrongTypeRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.wrongType.rawValue,
        summary: "A value of the wrong type: a list where a string goes, `yes` or `\"true\"` where `true`/`false` goes, a quoted number.",
        rationale: """
            YAML guesses types from how a value is written, so `yes`, `True` or `"true"` are not \
            the boolean `true` a quiz engine expects, and `"2"` is text, not a number. Left alone, \
            a true/false question could be scored against the wrong answer.
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: ↓yes
                    difficulty: ↓"2"
                    explanation: It is a G-type main-sequence star.
                """),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    difficulty: 2
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true,
        fix: .safe("a boolean written as YAML 1.1 `yes`/`no`/`on`/`off`, capitalized (`True`) or quoted (`\"true\"`) becomes `true` or `false` (for `answer`, `correct`, `shuffle`, `shuffle-choices`)"))
}

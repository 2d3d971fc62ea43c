import QuizBank
import QuizLint

struct DuplicateIDRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.duplicateID.rawValue,
        summary: "Two questions of one bank share an id; the first use is named.",
        rationale: """
            Apps store progress, scores and translations by question id; with two questions under \
            one id a learner's answer to one would be recorded against the other.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                  - id: ↓sun
                    text: The Sun orbits the Earth.
                    answer: false
                    explanation: The Earth orbits the Sun.
                """),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                  - id: sun-orbit
                    text: The Sun orbits the Earth.
                    answer: false
                    explanation: The Earth orbits the Sun.
                """),
        ],
        isFormatRule: true)
}

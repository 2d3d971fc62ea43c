import QuizBank
import QuizLint

struct InvalidIDRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.invalidID.rawValue,
        summary: "A bank, question or topic id with characters outside its pattern, or a bank id longer than 128 characters; a fixed id is suggested.",
        rationale: """
            Ids end up in file names, URLs and app databases. Restricting them to lower-case \
            letters, digits and a few separators keeps them stable and portable across systems \
            that treat case, spaces and accents differently. A bank id is also at most 128 \
            characters long: it names the compiled files (`<id>.<locale>.json`) and their \
            temporary files beside them, and 128 keeps both within the 255 bytes that most file \
            systems allow a name, for locale tags of up to 64 characters.
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: ↓Sun Is A Star
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            // Question ids may also use '.' and '_'.
            .passing(questions: """
                  - id: sun.is_a-star
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true,
        fix: .unsafe("the id is rewritten in the allowed characters (`Café Olé` to `cafe-ole`); unsafe because apps keep learners' progress by id"))
}

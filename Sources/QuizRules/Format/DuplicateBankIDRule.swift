import QuizBank
import QuizLint

struct DuplicateBankIDRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.duplicateBankID.rawValue,
        summary: "Two banks of one run share an id; each file names the other.",
        rationale: """
            `compile` names its files by bank id (`<id>.<locale>.json`), and apps find a bank by \
            its id: two banks under one id would write the same files, the later bank over the \
            earlier, or mix their locales. A bank file copied without changing its `id` is the \
            usual cause. Every bank of the run that uses the id gets the error, with the others \
            as related places, and compile writes nothing.
            """,
        severity: .error,
        scope: .run,
        examples: [
            .triggering("""
                quizbank: 1
                id: ↓demo
                title: Demo
                locale: en
                questions:
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                """, files: ["copy.yaml": ExampleFile(text: """
                quizbank: 1
                id: demo
                title: Demo (copy)
                locale: en
                questions:
                  - id: moon
                    text: The Moon is a star.
                    answer: false
                """)]),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                """, files: ["copy.yaml": ExampleFile(text: """
                quizbank: 1
                id: demo-moon
                title: Demo (copy)
                locale: en
                questions:
                  - id: moon
                    text: The Moon is a star.
                    answer: false
                """)]),
        ],
        isFormatRule: true)
}

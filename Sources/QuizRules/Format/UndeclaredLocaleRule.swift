import QuizBank
import QuizLint

struct UndeclaredLocaleRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.undeclaredLocale.rawValue,
        summary: "A translation into a locale not declared in the bank's `locales`.",
        rationale: """
            Only declared locales are compiled, so a translation into any other one would be \
            silently dropped; often the locale was misspelt or `locales` not updated.
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text:
                      en: The Sun is a star.
                      ↓de: Die Sonne ist ein Stern.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                locales: [en, de]
                questions:
                  - id: sun
                    text:
                      en: The Sun is a star.
                      de: Die Sonne ist ein Stern.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true)
}

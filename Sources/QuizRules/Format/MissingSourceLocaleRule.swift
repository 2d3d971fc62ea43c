import QuizBank
import QuizLint

struct MissingSourceLocaleRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.missingSourceLocale.rawValue,
        summary: "A translated text (a mapping from locale to string) without the bank's source `locale`.",
        rationale: """
            The source text is what every translation falls back to and is checked against; \
            without it an app has nothing to show in locales that lack a translation.
            """,
        severity: .error,
        scope: .question,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                locales: [en, de]
                questions:
                  - id: sun
                    text:
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

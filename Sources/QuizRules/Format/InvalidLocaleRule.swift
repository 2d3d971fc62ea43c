import QuizBank
import QuizLint

struct InvalidLocaleRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: FormatRule.invalidLocale.rawValue,
        summary: "A locale that is not a BCP 47 language tag (such as `en`, `pt-BR`, `zh-Hant`).",
        rationale: """
            Apps pick the text to show by matching the device's language tag; a locale written \
            as a name (`english`) or with an underscore (`pt_BR`) would never match.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: ↓pt_BR
                questions:
                  - id: sun
                    text: O Sol é uma estrela.
                    answer: true
                    explanation: É uma anã amarela do tipo G2V.
                """),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: pt-BR
                questions:
                  - id: sun
                    text: O Sol é uma estrela.
                    answer: true
                    explanation: É uma anã amarela do tipo G2V.
                """),
        ],
        isFormatRule: true,
        fix: .unsafe("the tag is rewritten as the BCP 47 tag it was likely meant to be (`pt_BR` to `pt-BR`)"))
}

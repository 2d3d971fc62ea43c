import QuizLint
import QuizYAML

struct DepthLimitRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: YAMLProblem.Kind.depthLimit.rawValue,
        summary: "Collections (mappings and lists) nest more than 64 levels deep.",
        rationale: """
            A bank needs six levels at most (bank, questions, question, choices, choice, \
            translations); deeper nesting is a runaway edit or a file crafted to exhaust the stack \
            of a parser, and reading stops there.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            // The bank, `questions` and the question are three levels; 62 brackets make 65.
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    tags: \(String(repeating: "[", count: 61))↓[star\(String(repeating: "]", count: 62))
                    explanation: It is a G-type main-sequence star.
                """),
            // The deepest a bank goes (six levels): the translated feedback of a choice.
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                locales: [en, de]
                questions:
                  - id: sun
                    text:
                      en: What is the Sun?
                      de: Was ist die Sonne?
                    choices:
                      - text:
                          en: A star
                          de: Ein Stern
                        correct: true
                        feedback:
                          en: Yes, a yellow dwarf.
                          de: Ja, ein Gelber Zwerg.
                      - text:
                          en: A planet
                          de: Ein Planet
                    explanation:
                      en: It is a G-type main-sequence star.
                      de: Sie ist ein Hauptreihenstern vom Typ G.
                """),
        ],
        isFormatRule: true)
}

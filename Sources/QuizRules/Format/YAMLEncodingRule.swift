import QuizLint
import QuizYAML

struct YAMLEncodingRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: YAMLProblem.Kind.encoding.rawValue,
        summary: "The file is not UTF-8 (UTF-16, an invalid byte sequence) or holds a raw control character.",
        rationale: """
            Banks are UTF-8 so that every tool and app engine reads the same text. A stray control \
            character (often pasted from a word processor or a PDF) is invisible in an editor but \
            not allowed in YAML, and the file cannot be read past it.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            // A raw BEL (U+0007) after "star": invisible in most editors.
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.↓\u{07}
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            // UTF-8 with a byte order mark, and letters beyond ASCII, are fine.
            .passing("""
                \u{FEFF}quizbank: 1
                id: demo
                title: Démo
                locale: en
                questions:
                  - id: sun
                    text: The Sun is a star — a yellow dwarf.
                    answer: true
                    explanation: It is a G-type main-sequence star (G2V).
                """),
        ],
        isFormatRule: true)
}

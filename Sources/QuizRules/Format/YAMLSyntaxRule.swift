import QuizLint
import QuizYAML

struct YAMLSyntaxRule: FormatCheckedRule {
    static let description = RuleDescription(
        id: YAMLProblem.Kind.syntax.rawValue,
        summary: "libyaml could not parse the file; the common mistakes are explained in terms of what was written, libyaml's own words kept.",
        rationale: """
            A file that is not valid YAML cannot be read at all, so nothing after the error is \
            checked and the bank cannot be compiled. An unclosed quote or a line indented one space \
            off is easy to miss by eye and swallows the rest of the question. libyaml says where it \
            gave up, in its own terms; the finding says what to change: a text holding ': ' is to be \
            quoted (the quoted line is the suggestion), and so is one that starts with a character \
            YAML reads as the start of something else ("[Bonus] Which planet?", "*Bold* question", \
            "> Which one?"), a tab indents a line, an item or key starts \
            at another column than the ones before it (that column is named), a quote is not closed \
            (reported where it opens, with the quote that ended the text), a line starting with \
            `---` or `...` ends the document.
            """,
        severity: .error,
        scope: .bank,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: ↓"The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            .triggering(questions: """
                  - id: sun
                   ↓text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            // A text with ': ' in it: libyaml reads `Note:` as a key where none may start.
            .triggering(questions: """
                  - id: sun
                    ↓text: Note: the Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            // An item one column off its siblings.
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                   ↓- id: moon
                    text: The Moon is a star.
                    answer: false
                """),
            .passing(questions: """
                  - id: sun
                    text: "The Sun is a star."
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
        ],
        isFormatRule: true)
}

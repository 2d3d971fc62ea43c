import QuizBank
import QuizLint

struct HintGivesAnswerRule: QuestionRule {
    static let description = RuleDescription(
        id: "hint-gives-answer",
        summary: "A hint that contains the text of a correct choice.",
        rationale: """
            A hint should move a learner towards the answer, not hand it over: a hint that names \
            the correct choice turns the question into a matching exercise. A hint is reported \
            when it contains a correct choice's text (any correct choice of a multiple-choice \
            question) as whole words, ignoring case and runs of spaces, in the same locale. \
            Answers too short or too common to give anything away are skipped: those under 3 \
            characters ("No", "42"), function words, and yes/no, true/false, "all of the above" \
            and the like. A hint may name a wrong choice, or an answer the question itself \
            already names.
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: red-planet
                    text: Which planet is called the Red Planet?
                    choices:
                      - text: Mars
                        correct: true
                      - Venus
                    hints:
                      - It is named after the Roman god of war.
                      - "Its moons orbit ↓MARS in hours: Phobos and Deimos."
                  - id: gases
                    text: Which gases make up most of the air?
                    choices:
                      - text: Nitrogen
                        correct: true
                      - text: Oxygen.
                        correct: true
                      - Helium
                    hints:
                      - "We breathe ↓oxygen in and carbon dioxide out."
                """),
            .passing(questions: """
                  - id: red-planet
                    text: Which planet is called the Red Planet?
                    choices:
                      - text: Mars
                        correct: true
                      - Venus
                    hints:
                      - It is not Venus, and Marseille is a city.
                  - id: tea
                    text: Is tea a drink?
                    choices:
                      - text: "Yes"
                        correct: true
                      - "No"
                    hints:
                      - Yes, many people drink it. No one eats it.
                  - id: paris
                    text: Which is the capital of France, Paris or Lyon?
                    choices:
                      - text: Paris
                        correct: true
                      - Lyon
                    hints:
                      - Paris has the Eiffel Tower; Lyon has the Fourvière.
                """),
        ])

    init(options: RuleOptions) {}

    /// Answers that give nothing away (already lower-case).
    private static let commonAnswers: Set<String> = [
        "the", "and", "but", "for", "nor", "not", "yes", "all", "any", "none", "both", "each", "either", "neither",
        "other", "others", "true", "false", "this", "that", "these", "those", "with", "from", "than", "then", "they",
        "them", "their", "there", "his", "her", "him", "she", "you", "who", "what", "which", "when", "where", "how",
        "why", "always", "never", "sometimes", "all of the above", "none of the above", "both of the above",
        "all of these", "none of these", "both of these", "neither of these",
        "sim", "não", "nao", "todos", "todas", "nenhum", "nenhuma", "ambos", "verdadeiro", "falso",
        "sí", "ninguno", "ninguna", "verdadero", "oui", "non", "tous", "toutes", "aucun", "aucune", "vrai", "faux",
        "les", "des", "une", "nein", "alle", "keine", "beide", "wahr", "falsch", "der", "die", "das", "und",
    ]

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        let correct = question.choices.filter(\.correct)
        guard !question.hints.isEmpty, !correct.isEmpty else { return }
        for (index, hint) in question.hints.enumerated() {
            let field = QuestionField(place: .hint(question.id.value, index), text: hint)
            field.forEachEntry(sourceLocale: bank.sourceLocale) { entry in
                let folded = FoldedText(entry.text)
                let stem = question.text.text(for: entry.locale, sourceLocale: bank.sourceLocale).map(FoldedText.init)
                for choice in correct {
                    guard let answer = choice.text.text(for: entry.locale, sourceLocale: bank.sourceLocale).map(answerText),
                          answer.count >= 3, !Self.commonAnswers.contains(answer.lowercased()) else { continue }
                    let pattern = FoldedText(answer)
                    guard let match = folded.wholeWordMatches(of: pattern).first,
                          stem?.wholeWordMatches(of: pattern).isEmpty ?? true else { continue }
                    report("\(entry.place) gives the answer away: it contains the correct choice '\(answer)'",
                           at: TextSpan.range(match, in: entry, source: bank.source))
                    break
                }
            }
        }
    }

    /// The choice's text without its surrounding spaces and final full stop.
    private func answerText(_ text: String) -> String {
        var answer = Substring(text).drop { $0.isWhitespace }
        while let last = answer.last, last.isWhitespace || last == "." || last == "!" { answer.removeLast() }
        return String(answer)
    }
}

import QuizBank
import QuizLint

struct ExplanationRepeatsQuestionRule: QuestionRule {
    static let description = RuleDescription(
        id: "explanation-repeats-question",
        summary: "An `explanation` that only repeats the question's text.",
        rationale: """
            An explanation is there to say why the answer is right. One that repeats the \
            question ("The Sun is a star." under "The Sun is a star.") satisfies \
            `missing-explanation` and teaches nothing. Texts are compared locale by locale, as \
            lower-case words without punctuation. Reported: the same words; or the question's \
            words with fewer than 6 letters added ("True, the Sun is a star."); or a part of \
            the question's words (at least 60% of them) with nothing added ("The largest \
            planet."). Not reported: an explanation that adds a reason or a fact, one that names \
            the answer in place of the question word ("The capital of France is Paris."), one \
            that corrects a false statement by changing a word or a number, or by adding or \
            removing a negation.
            """,
        severity: .warning,
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
                      en: The Sun is a star.
                      de: Die Sonne ist ein Stern.
                    answer: true
                    explanation:
                      en: ↓True, the sun is a star!
                      de: ↓Die Sonne ist ein Stern.
                  - id: planet
                    text: Which planet is the largest?
                    choices:
                      - text: Jupiter
                        correct: true
                      - Mars
                    explanation: ↓The largest planet.
                """),
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: The Sun is a star because it shines by fusing hydrogen.
                  - id: capital
                    text: What is the capital of France?
                    choices:
                      - text: Paris
                        correct: true
                      - Lyon
                    explanation: The capital of France is Paris.
                  - id: tower
                    text: The Eiffel Tower is 200 m tall.
                    answer: false
                    explanation: The Eiffel Tower is 330 m tall.
                  - id: moon
                    text: The Moon is not a satellite.
                    answer: false
                    explanation: The Moon is a satellite.
                """),
        ])

    init(options: RuleOptions) {}

    /// Fewer added letters than this are filler ("yes", "true", "indeed").
    private static let fillerLimit = 6
    /// Words that turn a statement into its opposite: adding or dropping one corrects.
    private static let negations: Set<String> = [
        "not", "no", "never", "none", "nor", "cannot", "isn", "aren", "wasn", "weren", "doesn", "don", "didn", "won",
        "hasn", "haven", "hadn", "couldn", "shouldn", "wouldn", "não", "nao", "nunca", "nem", "nada", "pas", "ne",
        "jamais", "nicht", "kein", "keine", "nie", "niet", "nej", "ikke", "non", "mai",
    ]

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard let explanation = question.explanation else { return }
        let field = QuestionField(place: .explanation(question.id.value), text: explanation)
        field.forEachEntry(sourceLocale: bank.sourceLocale) { entry in
            guard let stem = question.text.text(for: entry.locale, sourceLocale: bank.sourceLocale) else { return }
            let said = TextWords.lowercased(entry.text)
            let asked = TextWords.lowercased(stem)
            guard !said.isEmpty, !asked.isEmpty else { return }
            if said.joined() == asked.joined() {
                report("\(entry.place) repeats the question word for word; say why the answer is right",
                       at: entry.range)
                return
            }
            let askedSet = Set(asked)
            let saidSet = Set(said)
            let added = said.filter { !askedSet.contains($0) }
            let dropped = askedSet.subtracting(saidSet)
            guard added.reduce(0, { $0 + $1.count }) < Self.fillerLimit,
                  !added.contains(where: Self.negations.contains), !dropped.contains(where: Self.negations.contains),
                  !added.contains(where: { $0.unicodeScalars.contains { $0.properties.numericType != nil } }) else { return }
            let repeats: Bool
            if added.isEmpty {
                repeats = Double(saidSet.count) >= 0.6 * Double(askedSet.count)
            } else {
                repeats = dropped.isEmpty
            }
            guard repeats else { return }
            report("\(entry.place) only repeats the question; say why the answer is right", at: entry.range)
        }
    }
}

import QuizBank
import QuizLint

struct NoneOfTheAboveRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var onlyWhenCorrect = false

        static let elements: [RuleOptionElement<Self>] = [
            .boolean("only-when-correct", \.onlyWhenCorrect,
                "report a none-of-the-above choice only when it is the correct answer"),
        ]
    }

    static let description = RuleDescription(
        id: "none-of-the-above",
        summary: "A choice such as \"None of the above\", \"None of these\" or \"Neither\" that denies the other choices.",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), guideline 25: "None-of-the-above should be used \
            carefully". Their review found the research divided: it makes items harder without always \
            making them worse, but when it is the key the learner shows only that they know what is \
            wrong, not what is right, and it does not fit a best-answer question (some choice is always \
            best). The NBME Item-Writing Guide (Paniagua & Swygert, 4th ed.) goes further and lists \
            "none of the above" among the flaws that add irrelevant difficulty, and Tarrant et al. \
            (2006) count it among the frequent item-writing flaws.

            Reported: a none-of-the-above choice, one that denies the other choices, in any of the forms \
            below.

            Forms reported:

            - Long forms ("None of the answers listed is right").
            - A judgement of them all ("All of the above are false", "Each of these is wrong").
            - "There is no correct answer".
            - "Nothing of the above".
            - "None" misspelt "Non" before "of" ("Non of these"; not "Non" alone).
            - Any of these forms as a clause of its own after a lead-in that ends with ". ", "! ", "? ", \
            ": " or "; " ("Trick question. None of them.").

            Not reported:

            - A bare "None" or "Neither" answering "how many", or under a stem that asks for words \
            ("What does the Yiddish bupkis mean? — None"): it is an answer, not this choice. A stem asks \
            how many with "how many", "the number of" or "what percentage", not by mentioning a number \
            ("Which particle determines the atomic number? — None" is reported).
            - "None but the Lonely Heart": it is a title.
            - "There are no incorrect statements": it affirms them all (`all-of-the-above`).

            Known limits:

            - A denial in other words ("There is no such thing", "It does not exist") is not recognised.

            Because the sources disagree on how bad it is (Haladyna et al. say use it carefully, unlike \
            all-of-the-above, which they say to avoid), the default is `info`; teams that follow the \
            NBME guide can raise it to `warning`, or report only keyed none-of-the-above choices with \
            `only-when-correct`.

            \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: capital
                    text: What is the capital of Australia?
                    choices:
                      - Sydney
                      - Melbourne
                      - Perth
                      - text: ↓None of these
                        correct: true
                  - id: largest-lake
                    text: What is the largest lake in Africa?
                    choices:
                      - text: Lake Victoria
                        correct: true
                      - Lake Tanganyika
                      - Lake Malawi
                      - ↓Non of these
                """),
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en-GB
                questions:
                  - id: laurel
                    text: Which of the two won an honorary Academy Award?
                    choices:
                      - text: Laurel
                        correct: true
                      - Hardy
                      - ↓Neither
                """),
            // A stem that mentions a number without asking how many; a long form.
            .triggering(questions: """
                  - id: atomic-number
                    text: Which particle determines the atomic number of an element?
                    choices:
                      - text: Proton
                        correct: true
                      - Neutron
                      - Electron
                      - ↓None
                  - id: ratio
                    text: What gives the golden ratio its proportion?
                    choices:
                      - text: The Fibonacci sequence
                        correct: true
                      - Pi
                      - ↓None of the answers listed is right
                """),
            // Other wordings: a judgement of them all, "There is no...", "Nothing...", and a
            // denial after a lead-in.
            .triggering(questions: """
                  - id: ocean
                    text: Which of these is the largest ocean?
                    choices:
                      - text: Pacific
                        correct: true
                      - Atlantic
                      - ↓All of the above are false
                  - id: pi
                    text: What is the exact value of pi?
                    choices:
                      - "3.14"
                      - 22/7
                      - text: ↓There is no correct answer
                        correct: true
                  - id: element
                    text: Which of these is a noble gas?
                    choices:
                      - text: Argon
                        correct: true
                      - Nitrogen
                      - ↓Nothing of the above
                  - id: moons
                    text: Which of these planets has no moon?
                    choices:
                      - Mars
                      - Earth
                      - text: ↓"Trick question. None of them."
                        correct: true
                """),
            // A distractor is not reported with only-when-correct.
            .passing(questions: """
                  - id: capital
                    text: What is the capital of Australia?
                    choices:
                      - Sydney
                      - text: Canberra
                        correct: true
                      - None of the above
                """, options: ["only-when-correct": .boolean(true)]),
            // Near misses: "None" answering "how many", a choice that starts with "None", "Non"
            // alone, German.
            .passing(questions: """
                  - id: venus
                    text: How many moons does Venus have?
                    choices:
                      - text: None
                        correct: true
                      - One
                      - Two
                  - id: mercury
                    text: What is the number of moons of Mercury?
                    choices:
                      - text: None
                        correct: true
                      - One
                      - Two
                  - id: quote
                    text: Which film ends with the line "Nobody's perfect"?
                    choices:
                      - text: Some Like It Hot
                        correct: true
                      - None but the Lonely Heart
                      - Neither Here Nor There at All Times
                  - id: french-no
                    text: What does a French speaker say for "no"?
                    choices:
                      - text: Non
                        correct: true
                      - Oui
                      - Si
                """),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: de
                questions:
                  - id: hauptstadt
                    text: Was ist die Hauptstadt Australiens?
                    choices:
                      - Sydney
                      - text: Keine davon
                        correct: true
                      - None of the above
                """),
        ])

    private let onlyWhenCorrect: Bool

    init(options: Options) {
        onlyWhenCorrect = options.onlyWhenCorrect
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse else { return }
        let source = bank.sourceLocale
        for (index, choice) in question.choices.enumerated() where choice.correct || !onlyWhenCorrect {
            for entry in English.entries(of: choice.text, sourceLocale: source) {
                let aggregate = AggregateChoice.of(entry.text) { question.text.resolved(for: entry.locale, sourceLocale: source) }
                guard aggregate == .noneOfTheAbove else { continue }
                let why = choice.correct
                    ? "it is the correct answer, so learners show only that they know what is wrong"
                    : "use it carefully: it fits no best-answer question"
                report("choice \(index + 1) \(English.quote(entry.text)) of question '\(question.id.value)'"
                       + "\(English.suffix(entry, sourceLocale: source)) is a none-of-the-above choice: \(why)", at: entry.range)
            }
        }
    }
}

import QuizBank
import QuizLint

struct AllOfTheAboveRule: QuestionRule {
    static let description = RuleDescription(
        id: "all-of-the-above",
        summary: "A choice such as \"All of the above\", \"All of these\" or \"Both\" that stands for the other choices together.",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), "A review of multiple-choice item-writing \
            guidelines", guideline 26: "Avoid all-of-the-above". Such a choice is answered by \
            partial knowledge: a learner who sees that two choices are right picks it without \
            knowing the third, and one who sees a single wrong choice rules it out. The NBME \
            Item-Writing Guide (Paniagua & Swygert, 4th ed.) asks for one-best-answer items whose \
            options are each a plausible answer on their own, and Tarrant et al. (2006) count \
            "all of the above" among the frequent item-writing flaws of nursing examinations. In \
            quizbank it is also fragile: engines shuffle choices by default, so "above" may end up \
            anywhere.

            The rule reports a choice that stands for the other choices together (an aggregate), \
            in any of the forms below. It reads the choices of single- and multiple-choice \
            questions, each English text of a translated choice (choices in other languages are \
            not read).

            Reported as the same choice:

            - "Both", "Both of these" and "Both of the above": the same choice for two \
            alternatives, reported too.
            - Long forms: "All of the above would be good ways to...", "All of the diseases above" \
            (one or two words between "the" and "above", "listed" or "mentioned").
            - "Each of the above", "Every one of these", "Any of them", "All of the aforementioned" \
            and "Every answer is correct".
            - Any of these forms as a clause of its own after a lead-in that ends with ". ", "! ", \
            "? ", ": " or "; " ("There are no false statements. All of these are true.", "Trick \
            question: any of them").
            - A count of the other choices ("All three were shot" beside three names).
            - A judgement of them together ("All statements are in fact true": "all" or "both", \
            "are" or "is", at most two more words, and "true", "correct" or "right" last).
            - A short sentence (up to ten words) opened by a pronoun that says one thing of them \
            all ("They are all true", "These are all correct usages", "He was in all of these \
            bands" under "...all but which of the following bands?", "She slept with all of them", \
            "It could be any or all of these").
            - A bare "Both" beside a bare "Neither" and two other choices, whatever the stem \
            mentions.
            - "All of them" or "Both of them" and a few words (up to eight in all) under a stem \
            that asks which of the choices it is (opening with "which" or "who", or with "which \
            of", and not asking which statement is true: "Which of the following players has not \
            hit 50 home runs? — All of them have accomplished this feat").

            Not reported:

            - A bare "All" or "Both" when the stem asks how many: it is taken as an answer, not an \
            aggregate. "how many", "the number of", "what percentage" ask how many, a stem that \
            only mentions a number ("Which particle determines the atomic number?") does not.
            - A bare "All" or "Both" when the stem asks for words (a lyric, a line, a meaning: "you \
            are my ... — All"), words looked for in the stem's last sentence, the one that asks \
            ("The first coin said it was minted in 43 BC... Which of the coins was fake? — Both" \
            asks for coins): it is taken as an answer, not an aggregate.
            - A count of the other choices when the stem asks how many.
            - Titles such as "All Quiet on the Western Front": they are not aggregates.
            - A clause after a lead-in that ends with a dash or a comma, where "all of them" speaks \
            of what the choice names ("The Barrymores - all of 'em!").
            - A choice that joins named choices ("Both A and C", "Salt and pepper" beside "Salt" and \
            "Pepper"): that is `complex-choice`.

            Known limits, not recognised since "them" and "both" may as well mean people of the \
            stem ("What do Shaw, Yeats and Kipling have in common? — All of them received the Nobel \
            Prize"):

            - An aggregate that names the choices in other words ("Whichever you pick", "Either of \
            these").
            - One after a comma ("Yes, all of them").
            - One that says something of them opened by "all" or "both" under a stem that does not \
            ask which ("Both have laboratories of equal size", "All of them have hit 50 home runs" \
            under "What is true of these players?").

            Other known limits:

            - "which" opening a stem is read as asking among the choices even where "them" are \
            people it names.
            - A sentence opened by a pronoun with "all of them" is taken for an aggregate even where \
            "them" are people of the stem ("He coached all of them").

            \(English.localeNote)
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: mammals
                    text: Which of these animals is a mammal?
                    choices:
                      - Whale
                      - Bat
                      - Dolphin
                      - text: ↓All of the above
                        correct: true
                """),
            // Variants, as a distractor too; only the English translation of a Portuguese bank.
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: pt-BR
                locales: [pt-BR, en]
                questions:
                  - id: caesar
                    text: {pt-BR: Quem deu nome a um mês?, en: Who gave his name to a month?}
                    choices:
                      - text: {pt-BR: Alexandre, en: Alexander the Great}
                      - text: {pt-BR: Júlio César, en: Julius Caesar}
                        correct: true
                      - text: {pt-BR: Ambos, en: ↓Both of these}
                      - text: {pt-BR: Nenhum, en: Neither}
                """),
            // Long forms: words after "All of the above", a noun between "the" and "above".
            .triggering(questions: """
                  - id: energy
                    text: How can a household use less energy?
                    choices:
                      - Insulate the attic
                      - Switch off standby devices
                      - text: ↓All of the above would be good ways to save energy
                        correct: true
                  - id: vaccines
                    text: Which diseases does the MMR vaccine protect against?
                    choices:
                      - Measles
                      - Mumps
                      - Rubella
                      - text: ↓All of the diseases above
                        correct: true
                """),
            // "All of them" and more, under a stem that asks which of the choices; not under one
            // that asks what the people it names share.
            .triggering(questions: """
                  - id: home-runs
                    text: Which of the following players has not hit 50 home runs in a season?
                    choices:
                      - Ralph Kiner
                      - Jim Thome
                      - text: ↓All of them have accomplished this feat.
                        correct: true
                      - Mickey Mantle
                """),
            .passing(questions: """
                  - id: writers
                    text: What do Shaw, Yeats and Kipling have in common?
                    choices:
                      - text: All of them received the Nobel Prize.
                        correct: true
                      - They were all born in Ireland.
                      - They all served in the First World War.
                  - id: slovakia
                    text: Which of these statements about Slovakia and Slovenia is true?
                    choices:
                      - text: Both of them joined the European Union in 2004.
                        correct: true
                      - Slovenia is larger than Slovakia.
                      - Slovakia has a coast.
                """),
            // "Each", "every" and "any" heads; an aggregate after a lead-in sentence or a colon.
            .triggering(questions: """
                  - id: primes
                    text: Which of these numbers is prime?
                    choices:
                      - "2"
                      - "3"
                      - "5"
                      - text: ↓Each of the above
                        correct: true
                  - id: colours
                    text: Which of these colours is on the flag of France?
                    choices:
                      - Blue
                      - White
                      - Red
                      - text: ↓Every one of these
                        correct: true
                  - id: legal
                    text: Which of these statements about the Magna Carta is false?
                    choices:
                      - It was sealed in 1215.
                      - It was sealed by King John.
                      - text: ↓There are no false statements. All of these are true.
                        correct: true
                  - id: bridges
                    text: Which of these bridges crosses the Thames?
                    choices:
                      - Tower Bridge
                      - Albert Bridge
                      - text: ↓"Trick question: any of them"
                        correct: true
                """),
            // A dash before "all of them" speaks of what the choice names; titles opened by "Each"
            // and "Every".
            .passing(questions: """
                  - id: acting-family
                    text: Which acting family has had the most success on screen?
                    choices:
                      - The Fondas - Henry, Jane and Peter
                      - text: The Hustons - Walter, John and Angelica
                        correct: true
                      - The Barrymores - all of 'em!
                  - id: police
                    text: Which song by The Police was the biggest hit of 1983?
                    choices:
                      - text: Every Breath You Take
                        correct: true
                      - Roxanne
                      - Each Other
                """),
            // A sentence opened by a pronoun that says one thing of every choice.
            .triggering(questions: """
                  - id: clapton
                    text: Eric Clapton was in all but which of the following bands?
                    choices:
                      - text: Blind Faith
                      - Cream
                      - Yardbirds
                      - text: ↓He was in all of these bands
                        correct: true
                  - id: australia
                    text: Which of these statements about Australia is not true?
                    choices:
                      - Australian law fines people who do not vote.
                      - text: ↓They are all true.
                        correct: true
                      - Australia is the smallest continent.
                """),
            // A sentence opened by a pronoun about people of the stem, beside other such sentences.
            .passing(questions: """
                  - id: nobel
                    text: What do Shaw, Yeats, Kipling and Golding have in common?
                    choices:
                      - They were all born in Ireland.
                      - text: They all received the Nobel Prize in Literature.
                        correct: true
                      - They all served in the First World War.
                """),
            // A bare "Both" after a story that mentions words ("said"): the question asks for coins.
            .triggering(questions: """
                  - id: coins
                    text: One old coin said it was minted in 43 BC, the other in the reign of Nicholas I. Which coin was fake?
                    choices:
                      - Neither
                      - text: ↓Both
                        correct: true
                      - The one minted under Nicholas I
                """),
            // "All three" beside three names; a judgement of the statements together; "Both" beside
            // "Neither", after a stem that mentions a quote; a bare "All" under stems that mention a
            // number or a proportion without asking how many.
            .triggering(questions: """
                  - id: atomic
                    text: Which of these particles are counted in the mass number of an atom?
                    choices:
                      - Protons
                      - Neutrons
                      - text: ↓All
                        correct: true
                  - id: mixture
                    text: Which of these changes the proportion of salt in sea water?
                    choices:
                      - Evaporation
                      - Rain
                      - text: ↓All
                        correct: true
                  - id: shot
                    text: Three officers were caught in the standoff. Who was not shot?
                    choices:
                      - Faith
                      - text: Cruz
                        correct: true
                      - Bosco
                      - ↓All three were shot
                  - id: twenty-three
                    text: One of these statements about the number 23 is wrong.
                    choices:
                      - Each parent gives a child 23 chromosomes.
                      - Julius Caesar was stabbed 23 times.
                      - text: ↓All statements are in fact true.
                        correct: true
                  - id: conquered
                    text: This man is famous for the quote, I came, I saw, I conquered.
                    choices:
                      - Neither
                      - text: Julius Caesar
                        correct: true
                      - Alexander the Great
                      - ↓Both
                """),
            // Near misses: a title that starts with "All", a count answer, a Spanish bank.
            .passing(questions: """
                  - id: remarque
                    text: Which novel did Erich Maria Remarque write?
                    choices:
                      - text: All Quiet on the Western Front
                        correct: true
                      - All the King's Men
                      - All of a Sudden
                  - id: beatles
                    text: How many of the Beatles were born in Liverpool?
                    choices:
                      - Two
                      - Three
                      - text: All
                        correct: true
                  - id: states
                    text: What number of the original thirteen colonies signed the Declaration?
                    choices:
                      - Twelve
                      - text: All
                        correct: true
                  - id: stooges
                    text: How many of the Three Stooges were brothers?
                    choices:
                      - None
                      - One
                      - Two
                      - text: All three
                        correct: true
                  - id: trees
                    text: Which trees keep their leaves all of the winter?
                    choices:
                      - text: All of the evergreens
                        correct: true
                      - Oaks
                """),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: es
                questions:
                  - id: mamiferos
                    text: ¿Cuál de estos animales es un mamífero?
                    choices:
                      - Ballena
                      - Murciélago
                      - text: Todas las anteriores
                        correct: true
                """),
        ])

    init(options: RuleOptions) {}

    /// Whether `text` is a bare "Both" among four choices of which another is a bare "Neither":
    /// beside two named choices the pair can only stand for them, whatever the stem mentions
    /// ("This man is famous for the quote, I came, I saw, I conquered. — Julius Caesar /
    /// Alexander the Great / Both / Neither").
    static func isBothBesideNeither(_ text: String, in question: Question, locale: String, source: String) -> Bool {
        guard question.choices.count == 4, AggregateChoice.firstWord(text) == "both", English.normalized(text) == "both" else { return false }
        return question.choices.contains { choice in
            English.normalized(choice.text.resolved(for: locale, sourceLocale: source)) == "neither"
        }
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse else { return }
        let source = bank.sourceLocale
        for (index, choice) in question.choices.enumerated() {
            for entry in English.entries(of: choice.text, sourceLocale: source) {
                let aggregate = AggregateChoice.of(entry.text, otherChoices: question.choices.count - 1) {
                    question.text.resolved(for: entry.locale, sourceLocale: source)
                }
                guard aggregate == .allOfTheAbove || Self.isBothBesideNeither(entry.text, in: question, locale: entry.locale, source: source)
                else { continue }
                let why = choice.correct
                    ? "it is the correct answer, found by spotting two right choices without knowing the rest"
                    : "a learner who spots one wrong choice rules it out"
                report("choice \(index + 1) \(English.quote(entry.text)) of question '\(question.id.value)'"
                       + "\(English.suffix(entry, sourceLocale: source)) is an all-of-the-above choice: \(why)", at: entry.range)
            }
        }
    }
}

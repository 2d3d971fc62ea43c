import QuizBank
import QuizLint
import QuizYAML

struct VagueTermsRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var terms = VagueTermsRule.defaultTerms
        var checkChoices = true

        static let elements: [RuleOptionElement<Self>] = [
            .strings("terms", \.terms, "the vague terms, lower case"),
            .boolean("check-choices", \.checkChoices, "also check the choices of choice questions"),
        ]
    }

    static let defaultTerms = [
        "often", "usually", "sometimes", "frequently", "rarely", "seldom", "generally", "occasionally", "typically",
        "normally", "relatively", "tends to", "tend to", "tended to", "most", "many", "several", "quite", "chiefly",
        "mainly", "mostly", "largely", "primarily", "predominantly", "commonly", "fairly", "somewhat", "few",
    ]

    static let description = RuleDescription(
        id: "vague-terms",
        summary: "A stem, true/false statement or choice with a vague frequency or degree term (often, usually, sometimes, rarely, many, mostly, tends to, relatively, most...).",
        rationale: """
            The NBME Item-Writing Guide (Paniagua & Swygert, 4th ed.) lists vague terms ("rarely", \
            "usually") among the flaws that add irrelevant difficulty: learners, and the experts \
            who review items, read them as different frequencies, so the item tests how one \
            interprets "often" rather than the content. Tarrant et al. (2006) count "vague terms" \
            among the frequent item-writing flaws, and Haladyna, Downing & Rodriguez (2002) ask \
            for clear directions in the stem (guideline 14) and against trick items (guideline 7). \
            In a true/false statement a hedge also cues the answer: "usually" and "may" make a \
            statement hard to call false, the mirror image of `absolute-terms`.

            The rule reports a term of its `terms` list where it hedges, in a stem or a true/false \
            statement; choices are checked too (`check-choices: false` turns that off). Say how \
            often, or leave the word out.

            What counts:

            - "most" counts only as a quantifier ("most birds", "most of the time", not after "the" \
            or before an adjective, but whatever follows when it opens a sentence of a stem or \
            statement before a word not in capitals: "Most medical authorities believe..."), as \
            "tends to" and "relatively" do.
            - "few" counts only in a true/false statement ("The legal drinking age in a few US \
            states is 18"): in stems and choices it is mostly a detail or a span ("after only a \
            few shows", "within a few inches").
            - "Mainly", "mostly", "largely", "primarily", "predominantly" and "chiefly" hedge as \
            "usually" does ("Dry air consists mostly of what gas?"), "fairly" and "somewhat" as \
            "relatively" does.
            - "may" and "might" are not in the default `terms`: they are modals of possibility or \
            permission ("Where might someone go to see penguins?", "Marine algae may have this \
            effect", "You may pass when it is clear") far more often than hedges; added to \
            `terms`, they count in a stem only in the sentence that asks when no question word \
            comes before them, and never in a choice.

            What it reads in a stem:

            - In the stem of a choice question only the sentence that asks is read (the one ending \
            in "?", or the last): context before it states facts ("London clubs usually bear the \
            name of their district. Which of these is not based in London?").
            - A last sentence that asks nothing (no "what", "how" or "why", no other question word \
            opening it, no task verb such as "Name" opening it or a clause, no blank: "whose \
            official name is..." names nothing to do) is a clue, whose hedges describe what is to \
            be named ("This tree usually grows in Australia.").
            - A "which", "who" or "when" inside such a clue opens a relative clause ("...for this \
            band, whose image tended to be off-beat").
            - "when" or "where" opening a clue asks only before a verb such as "did" ("When \
            performing, he is usually introduced with this music." is a clue).
            - A "?" that closes a question the sentence quotes, after an asking or quoting word and \
            with no question word of the sentence's own ("...would often interrupt a song by asking \
            the audience Are you O.K., honey?"), does not make it the sentence that asks.
            - A frame "It is (or was) ... that" before the question word says how the premise is \
            known ("It is fairly well documented that he loved which composer's wife?", "It is \
            generally accepted that the name of these islands..."): the question is in the clause \
            after "that".
            - Likewise, when a clause before ", but" comes before the question word, the question \
            is in the clause after ", but" ("Cats generally purr when they are happy, but they \
            also purr in what other situation?").

            Read past as background within the sentence that asks, each up to the next comma:

            - A lead-in before a comma and the question word ("Often ranked first, what is the \
            novel...?").
            - A lead-in before "but" or "so" and the question word ("He was nominated for several \
            awards but how many did he win?").
            - A clause after a comma opened by who, which, whose, whom or where ("..., which was \
            covered in many countries?").
            - A clause after a comma opened by "a", "an" or "one" (an appositive: "Mola mola, a fish \
            generally considered...", ", one of Brandon's many love interests,").
            - A clause after a comma opened by a past participle, alone or after an adverb (a \
            reduced relative clause: ", often compared to Furioso,", ", found in reefs,", ", often \
            used by...").
            - A relative clause that no comma opens (who, which, whose, whom or where after a noun: \
            "What was the name of the lyricist who wrote many songs with Elton John?"), which \
            describes what is to be named as a clue does.
            - A relative clause that a term, a participle and a preposition with its object open \
            after a noun led by a determiner in lower case ("Who is the crime lord sometimes \
            mentioned on the show?"; not "What is the color red usually associated with?", whose \
            preposition ends the question, nor "...generally believed to mean..."), which describes \
            what is to be named as a clue does.
            - A clause opened by since, because, although, though, while or whereas.

            Not reported:

            - Superlatives ("most often", "more commonly", "the most populous", "most of all"): \
            they are comparisons, not vague.
            - "Most often" after any word: it is a superlative ("the disease that most often \
            attacks the lungs").
            - "many" in "how many", "so many", "too many" or "as many".
            - "this many", a count asked ("uses this many different words").
            - "many" and "several" before "other(s)" ("amongst many others") or, in a stem, before \
            "including" ("in several commercials, including...").
            - "many" after "the" or a possessive, which refers to a set as a whole ("one of the \
            many pseudonyms", "thanks to the many fans", "his many hits").
            - "few" after "the", "first", "next", "last", "past" or "select", before an order of \
            magnitude ("in a few billion years") or in "one of (only) a few".
            - A term that names rather than hedges: "commonly known as", "often called", "sometimes \
            referred to as", "often translated as", "usually described as", "often quoted", \
            "frequently cited", "usually used to refer to", "What name is commonly used for...?", \
            "a commonly used nickname" give a name in use, and "known to many as" says who uses one, \
            "known in most sports as" where (a phrase of at most three words between a naming verb and \
            its "as").
            - A term after a naming verb: the verb gives a name too ("known commonly as", "used \
            commonly to refer to").
            - Quoted text.
            - Text in parentheses (an aside: "(the low string commonly alternates)").
            - Text after a word that introduces a quotation (said, line, lyrics...).
            - Titles in title case.
            - The month "May".
            - A concessive "may" ("Lions may be fast, but...").

            Not reported in choices:

            - A choice in title case ("Sometimes", "Sometimes They Come Back", a title).
            - "many", "several" or "most" after a preposition in a choice, a detail of what the \
            choice names ("Tall with many scars", "Actor with most film roles").
            - "most of" what someone has in a choice with no auxiliary verb (a part of one thing: \
            "Most of his right big toe"; "Most of their eggs are eaten" states a share).
            - The choices of a stem that asks how often ("How often is a leap year? — Usually every \
            four years").

            Known limits (the rule reads words, not meaning):

            - "most" before a plural noun in a superlative without "the" ("Who scored most \
            goals?") is reported.
            - "many" counts even where the number does not matter ("one of many moons", "tall, \
            with many scars" in a statement).
            - "most" before a plural noun is read as a quantifier even where it names what is asked \
            ("the age of most diamonds").
            - A relative clause that no comma opens is read to the next comma or the end of the \
            sentence, so a hedge after it in what is asked ("Which actor who starred in Alien \
            usually plays villains?") is missed.
            - A relative clause opened by "that" is read as asked ("the band that often appeared on \
            the show").
            - "most" before a blank ("with most ___ per capita") is taken for a superlative.
            - "most" before a verb in "-s" is read as a quantifier ("Which monster most resembles \
            a turtle?").
            - A main verb in "-ed" just after a comma is read as a participle that opens \
            background ("In 1990, invaded by..." and "..., invaded Kuwait").
            - A question without its "?" that opens with a preposition ("In which year was...") is \
            taken for a clue.
            - A question whose task verb follows other words ("Try to name the band that \
            often...") is taken for a clue too.
            - An irregular participle not in the rule's list (", often heard in...") is not read \
            as opening background.
            - A reduced relative clause is told from the verb asked about by its words alone, so \
            "Where was the film mostly made in 1990?" is read as one and missed.
            - A quotation that no quoting word introduces ("Who made this remark: Most rock \
            journalism is...") is read as the question.
            - A choice that states a share of what someone has with no auxiliary verb ("Most of \
            their eggs hatch") is read as naming a part.
            - A quoted question in a clue that names no quoting word ("...greeted the crowd with \
            Are you ready?") is read as the question.

            \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: aspirin
                    text: ↓Aspirin usually causes no stomach bleeding.
                    answer: true
                  - id: dancing
                    text: ↓The dance scene had to be shot many times.
                    answer: true
                  - id: storms
                    text: ↓Which clouds usually bring thunderstorms?
                    choices:
                      - text: Cumulonimbus
                        correct: true
                      - Cirrus
                """),
            .triggering(questions: """
                  - id: storms
                    text: Which clouds bring thunderstorms?
                    choices:
                      - text: ↓Cumulonimbus, frequently
                        correct: true
                      - Cirrus
                  - id: cats
                    text: ↓Most cats tend to dislike water.
                    answer: true
                  - id: air
                    text: ↓Dry air consists mostly of what gas?
                    choices:
                      - text: Nitrogen
                        correct: true
                      - Oxygen
                  - id: gold
                    text: Why is gold used in electronics?
                    choices:
                      - text: It conducts well and does not corrode.
                        correct: true
                      - ↓It is relatively cheap.
                      - ↓It tends to rust less than iron.
                """),
            // "few" in a statement; "most" opening a statement before an adjective; "what" asks
            // anywhere in a sentence.
            .triggering(questions: """
                  - id: drinking-age
                    text: ↓The legal drinking age in a few US states is 18.
                    answer: false
                  - id: coffee
                    text: ↓Most medical authorities believe that coffee is harmful.
                    answer: false
                  - id: butterfly
                    text: ↓This is what mostly attracts a butterfly to a flower.
                    choices:
                      - text: Nectar
                        correct: true
                      - Colour
                """),
            // A quoted question in a sentence that asks too; a frame "It is ... that" in a
            // statement, which is judged whole; "most of" what someone has in a choice that states.
            .triggering(questions: """
                  - id: catchphrase
                    text: ↓Which host would usually end the show by asking Are you ready?
                    choices:
                      - text: Dick Clark
                        correct: true
                      - Bob Barker
                  - id: cats
                    text: ↓It is generally believed that cats see in total darkness.
                    answer: false
                  - id: turtles
                    text: What happens to a sea turtle's eggs?
                    choices:
                      - text: ↓Most of their eggs are eaten by predators.
                        correct: true
                      - They hatch in the sea.
                """),
            .passing(questions: """
                  - id: storms
                    text: Which clouds bring thunderstorms?
                    choices:
                      - text: Cumulonimbus, frequently
                        correct: true
                      - Cirrus
                """, options: ["check-choices": .boolean(false)]),
            // Background: a clue whose "which", "who" or "when" opens a clause, an appositive, a
            // reduced relative clause, "many others", "several ..., including", a quantity after a
            // preposition in a choice, "a few" in a stem.
            .passing(questions: """
                  - id: bacillus
                    text: Bacillus thuringiensis, which is usually found in the soil, is used as this.
                    choices:
                      - text: Insecticide
                        correct: true
                      - Food additive
                  - id: rickles
                    text: When performing his stand-up, Don Rickles is usually introduced with this type of music.
                    choices:
                      - text: Military marches
                        correct: true
                      - Jazz
                  - id: mola
                    text: What is the other name of Mola mola, a fish generally considered the heaviest bony fish?
                    choices:
                      - text: Ocean sunfish
                        correct: true
                      - Pufferfish
                  - id: kosher
                    text: The Hebrew word kosher, often translated as clean, refers to what kind of food?
                    choices:
                      - text: Food fit to eat by the laws of Leviticus
                        correct: true
                      - Food with no pork
                  - id: fawcett
                    text: Farrah Fawcett appeared in several commercials, including a campaign for what shampoo?
                    choices:
                      - text: Wella Balsam
                        correct: true
                      - Pert
                  - id: tower
                    text: Which castle is haunted by Anne Boleyn amongst many others?
                    choices:
                      - text: The Tower of London
                        correct: true
                      - Windsor Castle
                  - id: brewster
                    text: How do the police describe Jonathan Brewster?
                    choices:
                      - text: Looks like Karloff
                        correct: true
                      - Tall with many scars
                      - Actor with most film roles
                  - id: grammys
                    text: He was nominated for several awards but how many did he win?
                    choices:
                      - text: "3"
                        correct: true
                      - "6"
                  - id: michelangelo
                    text: Which of these statements is true about Michelangelo?
                    choices:
                      - text: He lived in poverty.
                        correct: true
                      - He enjoyed eating and drinking most of all.
                  - id: julia-child
                    text: Julia Child, known to many as The French Chef, was not French.
                    answer: true
                  - id: cowboys
                    text: America's Team is a commonly used nickname for the Dallas Cowboys.
                    answer: true
                  - id: azzurra
                    text: National teams of which country are known in most sports as the Azzurri?
                    choices:
                      - text: Italy
                        correct: true
                      - Greece
                  - id: lyricist
                    text: What was the name of the lyricist who wrote many songs with Elton John?
                    choices:
                      - text: Bernie Taupin
                        correct: true
                      - Tim Rice
                  - id: hayes
                    text: Helen Hayes is one of only a few people to do what?
                    choices:
                      - text: Win an Emmy, an Oscar, a Grammy and a Tony
                        correct: true
                      - Host the Oscars five times
                  - id: bailey
                    text: This singer would often interrupt a song by asking the audience Are you O.K., honey? She starred in Hello Dolly.
                    choices:
                      - text: Pearl Bailey
                        correct: true
                      - Carol Channing
                  - id: brahms
                    text: Brahms never married. It is fairly well documented that he loved which composer's wife?
                    choices:
                      - text: Schumann
                        correct: true
                      - Chopin
                  - id: consumption
                    text: What disease that most often attacks the lungs was once known as consumption?
                    choices:
                      - text: Tuberculosis
                        correct: true
                      - Measles
                  - id: purring
                    text: Cats generally purr when they are happy, but they also purr in what other situation?
                    choices:
                      - text: When they are in pain
                        correct: true
                      - When they are hunting
                  - id: canaries
                    text: It is generally accepted that the name of these islands comes from a Latin word for dogs.
                    choices:
                      - text: The Canary Islands
                        correct: true
                      - The Galapagos Islands
                  - id: purple-frog
                    text: What other name is used commonly to refer to the Purple frog?
                    choices:
                      - text: Pignose frog
                        correct: true
                      - Chicken frog
                  - id: shakespeare
                    text: Over his complete works, Shakespeare uses this many different words.
                    choices:
                      - text: "29,066"
                        correct: true
                      - "15,400"
                  - id: tolstoy
                    text: "What novel opens with this often quoted line: Happy families are all alike?"
                    choices:
                      - text: Anna Karenina
                        correct: true
                      - War and Peace
                  - id: sherice
                    text: Who played Sherice, one of Brandon's many love interests, in Season 2?
                    choices:
                      - text: Nia Long
                        correct: true
                      - Tiffani Thiessen
                  - id: roland
                    text: What does Roland lose in his fight on the beach?
                    choices:
                      - text: His right index finger
                        correct: true
                      - Most of his right big toe
                """),
            // "the many" or a possessive before "many" refers to a set as a whole; "many" alone
            // still counts.
            .triggering(questions: """
                  - id: pseudonyms
                    text: ↓Dean Koontz has written under many pseudonyms.
                    answer: true
                """),
            .passing(questions: """
                  - id: koontz
                    text: Which of these is not one of the many pseudonyms used by Dean Koontz?
                    choices:
                      - text: Chris McCarthy
                        correct: true
                      - Owen West
                  - id: arenas
                    text: Gilbert Arenas made the All-Star team thanks to the many fans who voted for him.
                    answer: true
                  - id: remagen
                    text: What did the Allied victory at Remagen show?
                    choices:
                      - text: The allies could cross the Rhine.
                        correct: true
                      - The allies worked in unison despite their many nationalities.
                """),
            // A reduced relative clause that no comma opens describes the noun before it; a
            // stranded preposition or "to" and a verb make the participle the verb asked about.
            .passing(questions: """
                  - id: magnum
                    text: Who is the crime lord sometimes mentioned on the show?
                    choices:
                      - text: Icepick
                        correct: true
                      - Iceman
                  - id: willow
                    text: Salix vitellina is the name of this essence usually given to a horse that sulks.
                    choices:
                      - text: Willow
                        correct: true
                      - Wild Oat
                """),
            .triggering(questions: """
                  - id: red
                    text: ↓What is the color red usually associated with?
                    choices:
                      - text: Energy
                        correct: true
                      - Calm
                  - id: alchemy
                    text: ↓What is the word alchemy generally believed to mean literally?
                    choices:
                      - text: The art of transformation
                        correct: true
                      - All in one
                """),
            // "may" and "might" when a bank adds them to terms: a hedge in a statement.
            .triggering(questions: """
                  - id: aspirin
                    text: ↓Aspirin may cause stomach bleeding.
                    answer: true
                """, options: ["terms": .strings(["may", "might"])]),
            // ...but not the month, a concession, a modal in a question or a permission in a choice.
            .passing(questions: """
                  - id: lions
                    text: Lions may be skilled hunters, but what do they also eat?
                    choices:
                      - text: Carrion
                        correct: true
                      - Grass
                  - id: may
                    text: In May 1961, which Soviet cosmonaut was already a hero?
                    choices:
                      - text: Yuri Gagarin
                        correct: true
                      - Valentina Tereshkova
                  - id: penguins
                    text: Where might someone go to see wild penguins?
                    choices:
                      - text: Antarctica
                        correct: true
                      - The Arctic
                  - id: vote
                    text: At what age may citizens vote in Brazil?
                    choices:
                      - text: "16"
                        correct: true
                      - "21"
                  - id: passing
                    text: What does a broken white line between lanes mean?
                    choices:
                      - text: You may change lanes when it is safe
                        correct: true
                      - You must stay in your lane
                """, options: ["terms": .strings(["may", "might"])]),
            // Near misses: superlatives, a title, a one-word title as a choice, choices of a
            // how-often question, "most" in a record, "so many".
            .passing(questions: """
                  - id: language
                    text: Which language is most often spoken at home in Canada?
                    choices:
                      - text: English
                        correct: true
                      - French
                  - id: london
                    text: London clubs usually bear the name of their district. Which of these is based in London?
                    choices:
                      - text: Chelsea
                        correct: true
                      - Aston Villa
                  - id: song
                    text: Which song did Erasure release in 1986?
                    choices:
                      - text: Sometimes
                        correct: true
                      - Blue Savannah
                  - id: populous
                    text: Which is the most populous city of Canada, and the most visited?
                    choices:
                      - text: Toronto
                        correct: true
                      - Ottawa
                  - id: record
                    text: In 1964, he set the club record for most goals in one season, and scored so many that fans sang of it.
                    choices:
                      - text: Denis Law
                        correct: true
                      - Bobby Charlton
                  - id: horror
                    text: Which of these films is based on a Stephen King story?
                    choices:
                      - text: Sometimes They Come Back
                        correct: true
                      - The Fog
                  - id: mint
                    text: Herbs of the genus Mentha, commonly known as mint, treat which complaint?
                    choices:
                      - text: Indigestion
                        correct: true
                      - Gout
                  - id: macaque
                    text: What other name is commonly used for the Japanese macaque?
                    choices:
                      - text: Snow monkey
                        correct: true
                      - Storm monkey
                  - id: seaweed
                    text: What name is commonly used to refer to the seaweed Caulerpa lentillifera?
                    choices:
                      - text: Green caviar
                        correct: true
                      - Sea corn
                  - id: banjo
                    text: Bluegrass fiddlers (unlike banjo players, who often retune) keep one tuning.
                    answer: true
                  - id: novel
                    text: Often ranked first among novels of the century, what is the Joyce book set on one day?
                    choices:
                      - text: Ulysses
                        correct: true
                      - Dubliners
                  - id: cover
                    text: Who wrote Nothing Compares 2 U, which topped the charts in many countries?
                    choices:
                      - text: Prince
                        correct: true
                      - Sinead O'Connor
                  - id: shot
                    text: In golf, this shot is played from the tee and usually made with a driver.
                    choices:
                      - text: Tee shot
                        correct: true
                      - Chip
                  - id: blank
                    text: Norway is among the countries with most _____ per capita.
                    choices:
                      - text: Electric cars
                        correct: true
                      - Cell phones
                  - id: leap
                    text: How often does a leap year come?
                    choices:
                      - text: Usually every four years
                        correct: true
                      - Sometimes every two years
                  - id: swiss
                    text: This country, whose official name is Helvetia, is a federation of relatively autonomous cantons.
                    choices:
                      - text: Switzerland
                        correct: true
                      - Austria
                  - id: kick
                    text: In wrestling, the thrust kick, often used by Shawn Michaels to finish, is known by what name?
                    choices:
                      - text: Sweet Chin Music
                        correct: true
                      - Leg Drop
                """),
            // "Name" opening a sentence sets a task; "used" without a comma before it is the verb asked about.
            .triggering(questions: """
                  - id: swiss
                    text: ↓Name the federation of relatively autonomous cantons.
                    choices:
                      - text: Switzerland
                        correct: true
                      - Austria
                  - id: kick
                    text: ↓What kick is often used by Shawn Michaels to finish a match?
                    choices:
                      - text: Sweet Chin Music
                        correct: true
                      - Leg Drop
                """),
        ])

    private let terms: English.TermList
    private let checkChoices: Bool

    init(options: Options) {
        terms = AbsoluteTermsRule.parse(options.terms)
        checkChoices = options.checkChoices
    }

    private static let comparatives: WordSet = ["most", "more", "less", "least", "as", "how", "very", "quite", "fairly", "so", "too"]

    /// The vague terms of `text`, as written; of a stem (`askingOnly`), only those of the sentence
    /// that asks (ending in "?", or the last); of a choice (`inChoice`), not a quantity inside a
    /// phrase after a preposition ("Tall with many scars").
    func vagueTerms(in text: String, askingOnly: Bool = false, inChoice: Bool = false) -> [String] {
        guard terms.firstWords.occur(in: text) else { return [] }
        let words = English.words(text)
        var candidates = Array(words.indices)
        if askingOnly {
            let sentences = English.sentences(text, words: words)
            candidates = sentences.enumerated()
                .filter { $0.element.isQuestion && !Self.quotesQuestion($0.element.words, of: words)
                    || $0.offset == sentences.count - 1 && Self.asks($0.element.words, of: words, in: text) }
                .flatMap { Self.askedWords($0.element.words, of: words) }
        }
        var found: [String] = []
        for index in candidates {
            guard let term = English.term(at: index, of: words, in: terms.terms) else { continue }
            let first = words[index]
            // Quotations and asides in parentheses ("(the low string commonly alternates...)") are
            // not what is judged.
            guard !first.quoted, !first.parenthesized, !first.isTitleWord, !first.isHyphenated,
                  !English.followsQuoting(words, index) else { continue }
            // "commonly known as", "often called", "usually referred to": a name is given, not a frequency.
            if Self.introducesName(words, after: index + term.count) { continue }
            // "known commonly as", "used commonly to refer to": the naming verb before the term.
            if index > 0, Self.namingVerbs.contains(words[index - 1].lower)
                || Self.givesNameAfterUse(words, term: index, count: term.count) { continue }
            // "the bard uses this many different words": a count asked, as in "how many".
            if term == ["many"], index > 0, words[index - 1].lower == "this" { continue }
            // "one of the many pseudonyms", "thanks to the many fans", "his many hits": a set
            // referred to as a whole, not a vague count to judge.
            if term == ["many"], Self.refersToWholeSet(many: index, of: words) { continue }
            // "known to many as The French Chef": who uses the name, not a frequency.
            if index > 1, words[index - 1].lower == "to", Self.namingVerbs.contains(words[index - 2].lower) { continue }
            // "known in most sports as squadra azzurra": where the name is used, inside the naming.
            if Self.insideNaming(words, term: index, count: term.count) { continue }
            // "Lions may be skilled predators, but...": a concession, not a frequency.
            if term == ["may"] || term == ["might"],
               words[(index + 1)..<min(words.count, index + 9)].contains(where: { $0.lower == "but" }) { continue }
            // "May" in capitals is a month even at the start of a sentence ("May 1961 saw...").
            if term == ["may"] && first.isCapitalized && !first.isAllCaps { continue }
            if index > 0, Self.comparatives.contains(words[index - 1].lower) { continue }
            // "Where might someone go...?", "Who may vote?": possibility or permission asked about.
            if askingOnly, term == ["may"] || term == ["might"], Self.followsQuestionWord(words, index) { continue }
            if term == ["most"], !Self.isQuantifier(most: index, of: words, inChoice: inChoice) || Self.blankFollows(index, of: words, in: text) { continue }
            // "amongst many others", "in several other films", "several commercials, including...":
            // a set the examples belong to, not a count to judge.
            if term == ["many"] || term == ["several"], Self.opensSetOfExamples(words, after: index, inStem: askingOnly) { continue }
            // "Tall with many scars", "a range in several countries", "the actor with most Oscar
            // wins": in a choice, a quantity after a preposition is a detail of what the choice
            // names, not a hedge on what it claims ("Most ants are omnivores").
            if inChoice, term == ["many"] || term == ["several"] || term == ["most"], index > 0,
               Self.prepositions.contains(words[index - 1].lower) { continue }
            // "Most of his right big toe": in a choice that states nothing, "most of" a thing someone
            // has is a part of it, not a share of a set.
            if inChoice, term == ["most"], Self.namesPartOfOneThing(most: index, of: words) { continue }
            // "In a few US states the drinking age is 18": a vague count makes a statement hard to
            // call false. In stems and choices "a few" is mostly a detail or a span ("after only a
            // few shows", "a few centuries ago", "within a few inches"), so it counts only in statements.
            if term == ["few"], askingOnly || inChoice || Self.namesSelectGroup(few: index, of: words) { continue }
            found.append(words[index..<(index + term.count)].map(\.text).joined(separator: " "))
        }
        return found
    }

    /// Verbs that give a name, which a frequency word before them qualifies as usage.
    private static let namingVerbs: WordSet = [
        "known", "called", "named", "nicknamed", "referred", "dubbed", "termed", "spelled", "spelt", "translated", "described",
        "abbreviated", "pronounced", "quoted", "cited",
    ]
    /// The default frequency words that are not "-ly" adverbs, which may open a reduced relative clause.
    private static let adverbsOfFrequency: WordSet = ["often", "sometimes", "seldom"]

    /// Whether the words from `index` give a name: "known as", "called", "used to refer to",
    /// "used when referring to", "used for" after a word for a name ("What other name is
    /// commonly used for the Japanese macaque?"), or "used" or "given" before one ("a commonly
    /// used nickname for the Dallas Cowboys").
    static func introducesName(_ words: [EnglishWord], after index: Int) -> Bool {
        guard index < words.count else { return false }
        if namingVerbs.contains(words[index].lower) { return true }
        if words[index].lower == "used" || words[index].lower == "given", index + 1 < words.count,
           nameWords.contains(words[index + 1].lower) { return true }
        guard words[index].lower == "used", index + 2 < words.count else { return false }
        let next = (words[index + 1].lower, words[index + 2].lower)
        return next == ("to", "refer") || next == ("when", "referring")
            || next.0 == "for" && words[..<index].contains { nameWords.contains($0.lower) }
    }

    /// Whether "used" before the term at `index` (of `count` words) and "to refer", "when
    /// referring" or, after a word for a name, "for" after it give a name ("What other name is
    /// used commonly to refer to the Purple frog?").
    static func givesNameAfterUse(_ words: [EnglishWord], term index: Int, count: Int) -> Bool {
        guard index > 0, words[index - 1].lower == "used", index + count + 1 < words.count else { return false }
        let next = (words[index + count].lower, words[index + count + 1].lower)
        return next == ("to", "refer") || next == ("when", "referring")
            || next.0 == "for" && words[..<index].contains { nameWords.contains($0.lower) }
    }

    private static let nameWords: WordSet = ["name", "names", "term", "terms", "nickname", "nicknames"]

    /// Whether the term at `index` (of `count` words) stands in a phrase between a naming verb
    /// and its "as", each at most three words away ("known in most sports as", "called by many
    /// fans as"): it says where or by whom a name is used.
    static func insideNaming(_ words: [EnglishWord], term index: Int, count: Int) -> Bool {
        let before = words[max(0, index - 3)..<index]
        guard let verb = before.lastIndex(where: { namingVerbs.contains($0.lower) }),
              !words[(verb + 1)..<index].contains(where: { $0.lower == "as" || $0.after == "," }) else { return false }
        let after = words[(index + count)..<min(words.count, index + count + 3)]
        return after.contains { $0.lower == "as" }
    }

    /// Words before "few" that make it a select group or a span ("the few", "the first few
    /// seasons", "the select few").
    private static let spanOpeners: WordSet = ["the", "first", "next", "last", "past", "select"]
    private static let magnitudes: WordSet = ["dozen", "hundred", "thousand", "million", "billion", "trillion"]

    /// Whether "few" at `index` names a select group or a span rather than a vague count: after
    /// "the", "first", "next", "last", "past" or "select", or in "one of (only) a few".
    static func namesSelectGroup(few index: Int, of words: [EnglishWord]) -> Bool {
        // "In a few billion years": an order of magnitude, not a vague count.
        if index + 1 < words.count, magnitudes.contains(words[index + 1].lower) { return true }
        guard index > 0 else { return false }
        if spanOpeners.contains(words[index - 1].lower) { return true }
        let before = words[max(0, index - 4)..<index].map(\.lower)
        return before.suffix(3) == ["one", "of", "a"] || before.suffix(4) == ["one", "of", "only", "a"]
    }

    /// Whether "many" or "several" at `index` comes before "other(s)" ("amongst many others") or,
    /// in a stem, before "including" within four words ("in several commercials, including..."):
    /// background to the question. In a statement the count is judged ("Many explorers,
    /// including Marco Polo, may have...").
    static func opensSetOfExamples(_ words: [EnglishWord], after index: Int, inStem: Bool) -> Bool {
        guard index + 1 < words.count else { return false }
        if words[index + 1].lower == "other" || words[index + 1].lower == "others" { return true }
        return inStem && words[(index + 1)..<min(words.count, index + 5)].contains { $0.lower == "including" }
    }

    /// Whether a blank follows the word at `index` ("the countries with most _____ per capita"):
    /// the blank is the noun of a superlative.
    static func blankFollows(_ index: Int, of words: [EnglishWord], in text: String) -> Bool {
        let end = index + 1 < words.count ? words[index + 1].range.lowerBound : text.endIndex
        return text[words[index].range.upperBound..<end].contains("_")
    }

    private static let questionWords: WordSet = ["what", "which", "who", "whom", "whose", "where", "when", "why", "how"]
    /// Verbs of a task in a stem that asks without a question ("Name the bird that...").
    private static let taskVerbs: WordSet = ["name", "identify", "select", "choose", "pick", "find", "complete", "finish", "give", "fill"]
    /// Words after which a task verb still sets the task ("Please name...", "Can you name...").
    private static let taskLeadIns: WordSet = ["please", "you"]
    /// Words that open a clause of background inside the sentence that asks.
    private static let subordinators: WordSet = ["since", "because", "although", "though", "while", "whereas"]
    /// Conjunctions that end a lead-in when the question word follows them.
    private static let leadInConjunctions: WordSet = ["but", "so"]
    private static let relativeWords: WordSet = ["who", "whom", "whose", "which", "where"]
    /// Words after a comma that open a description of the noun before it: an appositive ("Mola
    /// mola, a fish generally considered...").
    private static let appositiveOpeners: WordSet = ["a", "an", "one"]
    private static let auxiliaries: WordSet = [
        "did", "does", "do", "is", "was", "are", "were", "has", "had", "have", "will", "would", "can", "could", "should",
    ]
    private static let prepositions: WordSet = [
        "in", "of", "on", "at", "to", "for", "by", "with", "from", "as", "into", "about", "during", "after", "before",
    ]
    /// Past participles that the "-ed" test below misses (irregular, or as short as "used"), which
    /// open a reduced relative clause after a comma (", found in coral reefs,", ", often used by").
    private static let irregularParticiples: WordSet = [
        "used", "known", "found", "seen", "given", "made", "held", "thought", "written", "sold", "taken", "worn", "grown", "born",
        "drawn", "shown", "built", "fought", "kept", "led", "won", "told", "brought", "begun", "sung", "spoken", "eaten",
    ]

    /// Whether `word` reads as a past participle ("considered", "found").
    static func isParticiple(_ word: EnglishWord) -> Bool {
        !word.isCapitalized && (word.lower.count > 4 && word.lower.hasSuffix("ed") || irregularParticiples.contains(word.lower))
    }

    /// Whether a sentence that does not end in "?" still asks: it has a question word, a task
    /// verb or a blank, or ends in ":" or "...". Otherwise it is a clue ("This tree, native
    /// to Australia, usually grows tall."), whose hedges describe what is to be named.
    static func asks(_ sentence: Range<Int>, of words: [EnglishWord], in text: String) -> Bool {
        // "what", "how" and "why" ask anywhere ("This is what mostly attracts..."); the other
        // question words only where they open the sentence ("Who was the first king."), for
        // elsewhere they open a relative clause of a clue ("...for this band, whose image tended
        // to be off-beat.", "...shrieks when they attack", "the day on which they rehearsed"), and
        // "when" or "where" opening one asks only before a verb such as "did" ("When performing,
        // he is usually introduced with this music." is a clue).
        if sentence.contains(where: { index in
            let lower = words[index].lower
            if lower == "what" || lower == "how" || lower == "why" { return true }
            // A task verb sets a task where it opens the sentence or a clause ("Name the bird",
            // "In 1990, name..."); elsewhere "name" is a noun ("whose official name is...").
            if taskVerbs.contains(lower) {
                return index == sentence.lowerBound || words[index - 1].after == "," || taskLeadIns.contains(words[index - 1].lower)
            }
            guard index == sentence.lowerBound, questionWords.contains(lower) else { return false }
            return lower != "when" && lower != "where"
                || index + 1 < sentence.upperBound && auxiliaries.contains(words[index + 1].lower)
        }) { return true }
        guard let last = sentence.last, let first = sentence.first else { return false }
        let tail = text[words[last].range.upperBound...].drop(while: \.isWhitespace)
        return text[words[first].range.lowerBound..<words[last].range.upperBound].contains("_") || tail.contains("_")
            || tail.hasPrefix(":") || tail.hasPrefix("...") || tail.hasPrefix("\u{2026}")
    }

    /// Verbs that introduce a question quoted in a clue ("...by asking the audience Are you O.K.,
    /// honey?").
    private static let askingVerbs: WordSet = ["ask", "asks", "asked", "asking"]

    /// Whether the "?" that ends a sentence closes a question the sentence quotes: a quoting or
    /// asking word is in it and no question word or task verb ("...this jazz vocalist would
    /// often interrupt a song by asking a member of the audience Are you O.K., honey?"). The
    /// sentence is then read as any other that does not end in "?".
    static func quotesQuestion(_ sentence: Range<Int>, of words: [EnglishWord]) -> Bool {
        var quotes = false
        for index in sentence {
            let lower = words[index].lower
            if questionWords.contains(lower) || taskVerbs.contains(lower) { return false }
            if askingVerbs.contains(lower) || English.quotingWords.contains(lower) { quotes = true }
        }
        return quotes
    }

    private static let possessives: WordSet = ["his", "her", "its", "their", "my", "your", "our"]

    /// Whether "many" at `index` follows "the" or a possessive ("the many pseudonyms", "his many
    /// hits", "Brandon's many love interests"): the set is referred to as a whole, not counted.
    static func refersToWholeSet(many index: Int, of words: [EnglishWord]) -> Bool {
        guard index > 0 else { return false }
        let before = words[index - 1].lower
        return before == "the" || possessives.contains(before) || before.hasSuffix("'s") || before.hasSuffix("\u{2019}s")
    }

    /// Whether "most" at `index` opens "most of" a thing someone has ("Most of his right big
    /// toe") in a choice with no auxiliary verb: a part of one thing the choice names. "Most of
    /// their eggs are eaten" states a share.
    static func namesPartOfOneThing(most index: Int, of words: [EnglishWord]) -> Bool {
        guard index + 2 < words.count, words[index + 1].lower == "of", possessives.contains(words[index + 2].lower) else { return false }
        return !words.contains { auxiliaries.contains($0.lower) }
    }

    /// The words of the sentence that asks, less its background: a lead-in before a comma and
    /// the question word ("Often ranked first, what is the novel...?"), a clause opened by who,
    /// which, whose, whom or where that is not the question word, after a comma (", which often
    /// floods,") or a noun ("the lyricist who wrote many songs"), and one opened by since,
    /// because, although, though, while or whereas, each up to the next comma.
    static func askedWords(_ sentence: Range<Int>, of words: [EnglishWord]) -> [Int] {
        let question = sentence.first { questionWords.contains(words[$0].lower) }
        var start = sentence.lowerBound
        // "He was nominated for several awards but how many did he win?": the clause before a
        // "but" or "so" that the question word follows is a lead-in too.
        if let question, question > start,
           words[question - 1].after == "," || question - 1 > start && Self.leadInConjunctions.contains(words[question - 1].lower) {
            start = question
        } else if let but = ((start + 1)..<sentence.upperBound).last(where: { words[$0].lower == "but" && words[$0 - 1].after == "," }),
                  ((but + 1)..<sentence.upperBound).contains(where: { questionWords.contains(words[$0].lower) }) {
            // "Cats generally purr when they are happy, but they can also be heard purring in what
            // other situation?": the clause before ", but" is a lead-in too.
            start = but + 1
        }
        // "It is fairly well documented that he loved which composer's wife?": a frame that says
        // how the premise is known; the question is in the clause after "that".
        // So does "It is generally accepted that..." in a clue that asks through "name".
        let frameEnd = question ?? sentence.upperBound
        if frameEnd - start > 3, words[start].lower == "it", words[start + 1].lower == "is" || words[start + 1].lower == "was",
           let that = ((start + 2)..<frameEnd).first(where: { words[$0].lower == "that" }) {
            start = that + 1
        }
        var result: [Int] = []
        var inClause = false
        for index in start..<sentence.upperBound {
            let afterComma = index > sentence.lowerBound && words[index - 1].after == ","
            if index == start || afterComma {
                let lower = words[index].lower
                // A reduced relative clause, its participle first or after one adverb (", often
                // translated as clean,", ", found in reefs,"), describes the noun before it too.
                let adverb = !words[index].isCapitalized && (lower.hasSuffix("ly") || adverbsOfFrequency.contains(lower))
                let participle = isParticiple(words[index])
                    || adverb && index + 1 < sentence.upperBound && isParticiple(words[index + 1])
                inClause = subordinators.contains(lower)
                    || afterComma && index != question
                        && (relativeWords.contains(lower) || appositiveOpeners.contains(lower) || participle)
            } else if index != question, relativeWords.contains(words[index].lower),
                      !prepositions.contains(words[index - 1].lower), !auxiliaries.contains(words[index - 1].lower) {
                // "...the lyricist who wrote many songs with Elton John?": a relative clause that no
                // comma opens describes the noun before it as well, up to the next comma.
                inClause = true
            } else if Self.opensReducedRelative(at: index, in: sentence, of: words) {
                // "...the creature often associated with male sexuality?": so does a reduced one.
                inClause = true
            }
            if !inClause { result.append(index) }
        }
        return result
    }

    /// Words that open a noun phrase, whose noun a reduced relative clause may follow.
    private static let determiners: WordSet = ["the", "a", "an", "this", "that", "these", "those", "which", "its", "his", "her", "their"]

    /// Whether the adverb at `index` opens a reduced relative clause that no comma opens: a
    /// participle and a preposition with its object after it, and before it the noun of a
    /// phrase that a determiner opens at most four words back, in lower case ("the crime lord
    /// sometimes mentioned on the show", "this essence usually given to a horse"). A
    /// preposition with nothing after it is stranded, so the participle is the verb asked
    /// about ("What is the color red usually associated with?"), as is one that "to" and a
    /// verb follow ("What is the word generally believed to mean?"), and a name before the
    /// adverb is the subject of one ("What was Janet Jackson mostly criticized for...?").
    static func opensReducedRelative(at index: Int, in sentence: Range<Int>, of words: [EnglishWord]) -> Bool {
        let lower = words[index].lower
        guard !words[index].isCapitalized, lower.hasSuffix("ly") || adverbsOfFrequency.contains(lower),
              index + 3 < sentence.upperBound, isParticiple(words[index + 1]), prepositions.contains(words[index + 2].lower),
              !prepositions.contains(words[index + 3].lower), index - 1 > sentence.lowerBound,
              // "generally believed to mean": "to" before a verb makes an infinitive, not an object.
              words[index + 2].lower != "to" || determiners.contains(words[index + 3].lower) else { return false }
        let noun = words[index - 1]
        guard !noun.isCapitalized, !auxiliaries.contains(noun.lower), !determiners.contains(noun.lower) else { return false }
        for back in 2...5 where index - back >= sentence.lowerBound {
            let word = words[index - back].lower
            if determiners.contains(word) { return true }
            if auxiliaries.contains(word) || words[index - back].isCapitalized || words[index - back].after == "," { return false }
        }
        return false
    }

    /// Whether a question word comes before `index` in its sentence (or the sentence starts with
    /// the modal: "May I...?").
    static func followsQuestionWord(_ words: [EnglishWord], _ index: Int) -> Bool {
        var position = index
        while position >= 0 {
            if questionWords.contains(words[position].lower) || position == index && words[position].startsSentence { return true }
            if words[position].startsSentence { return false }
            position -= 1
        }
        return false
    }

    /// Words before "most" that make it a superlative ("the most", "its most") or part of a phrase
    /// ("at most").
    private static let superlativeOpeners: WordSet = [
        "the", "a", "an", "at", "his", "her", "its", "their", "my", "our", "your", "is", "are", "was", "were", "be", "most",
    ]

    /// Whether "most" at `index` is a quantifier ("Most cats", "most of the time"): followed by
    /// "of" or by a plural noun (ends in "s" but not "ss", "us", "is"), not after "the" and kin.
    static func isQuantifier(most index: Int, of words: [EnglishWord], inChoice: Bool = false) -> Bool {
        if index > 0, superlativeOpeners.contains(words[index - 1].lower) { return false }
        // "the record for most goals" is a superlative.
        if index > 1, words[index - 1].lower == "for", recordWords.contains(words[index - 2].lower) { return false }
        guard index + 1 < words.count else { return false }
        let next = words[index + 1].lower
        // "Most medical authorities believe...": opening a sentence of a stem or statement, before
        // a word not in capitals, "most" is a quantifier whatever follows; a choice is a phrase
        // more often than a sentence ("Most expensive movie of all time").
        if !inChoice, words[index].startsSentence, !words[index + 1].isCapitalized { return true }
        // "How many hearts do most octopi have?": after a verb or preposition, a quantifier.
        if Self.adjectiveEndings.contains(where: { next.hasSuffix($0) }) { return false }
        // "the disease that most often attacks the lungs": a superlative of frequency.
        if Self.adverbsOfFrequency.contains(next) { return false }
        if index > 0, quantifierOpeners.contains(words[index - 1].lower) { return true }
        // "He enjoyed drinking most of all": an idiom of the superlative, not a share.
        if next == "of", index + 2 < words.count, words[index + 2].lower == "all" { return false }
        if next == "of" || next == "people" || next == "children" || next == "men" || next == "women" { return true }
        return next.count >= 3 && next.hasSuffix("s") && !next.hasSuffix("ss") && !next.hasSuffix("us") && !next.hasSuffix("is")
    }

    private static let recordWords: WordSet = ["record", "records", "award", "title", "prize", "trophy"]
    private static let quantifierOpeners: WordSet = ["do", "does", "did", "can", "in", "of", "to", "by", "with", "from", "that", "than"]
    /// Endings of adjectives, which make "most" a superlative ("and most powerful").
    private static let adjectiveEndings = ["ful", "ous", "ive", "able", "ible", "al", "ic", "ant", "ent", "ly", "est", "y"]

    /// Whether a stem asks how often: its choices are frequencies, not hedges.
    static func asksHowOften(_ stem: String) -> Bool {
        let words = English.words(stem)
        return zip(words, words.dropFirst()).contains { $0.lower == "how" && $1.lower == "often" }
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        let source = bank.sourceLocale
        let what = question.kind == .trueFalse ? "statement" : "stem"
        for entry in English.entries(of: question.text, sourceLocale: source) {
            let found = vagueTerms(in: entry.text, askingOnly: question.kind != .trueFalse)
            guard !found.isEmpty else { continue }
            report("the \(what) of question '\(question.id.value)'\(English.suffix(entry, sourceLocale: source)) uses "
                   + "\(English.list(found)), which learners read as different frequencies: say how often, or leave it out",
                   at: entry.range)
        }
        // The choices of "Which of these quotes...?" are quotations.
        guard checkChoices, !question.choices.isEmpty,
              !English.words(question.text.source(source)).contains(where: { English.quotingWords.contains($0.lower) }) else { return }
        for (index, choice) in question.choices.enumerated() {
            for entry in English.entries(of: choice.text, sourceLocale: source) {
                // "You may pass when it is clear": in a choice, "may" and "might" state a
                // permission or a possibility far more often than they hedge.
                var found = vagueTerms(in: entry.text, inChoice: true).filter { $0.lowercased() != "may" && $0.lowercased() != "might" }
                // "Sometimes" or "Sometimes They Come Back" is a title; under "how often",
                // frequencies are answers.
                if !found.isEmpty, English.words(entry.text).count == 1 && found[0].first?.isUppercase == true
                    || AbsoluteTermsRule.isTitleCase(entry.text) { found = [] }
                if !found.isEmpty, Self.asksHowOften(question.text.resolved(for: entry.locale, sourceLocale: source)) { found = [] }
                guard !found.isEmpty else { continue }
                report("choice \(index + 1) \(English.quote(entry.text)) of question '\(question.id.value)'"
                       + "\(English.suffix(entry, sourceLocale: source)) uses \(English.list(found)): say how often, or leave it out",
                       at: entry.range)
            }
        }
    }
}

import QuizBank
import QuizLint
import QuizSupport
import QuizYAML

struct KeyConvergenceRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var minChoices = 4
        var minShared = 2

        static let elements: [RuleOptionElement<Self>] = [
            .integer("min-choices", \.minChoices, in: 3...8, "fewest choices a question needs to be judged"),
            .integer("min-shared", \.minShared, in: 1...100,
                "fewest words the correct choice must share with the other choices, counted once per choice"),
        ]
    }

    static let description = RuleDescription(
        id: "key-convergence",
        summary: "The correct choice shares more words with the other choices than any distractor does: the distractors were made by varying it (convergence).",
        rationale: """
            Writers often make distractors by changing one part of the correct answer at a time: \
            "Joe Carter and Roberto Alomar" becomes "Joe Carter and Sandy Alomar", "Roberto Alomar \
            and Duane Ward", "Joe Carter and Duane Ward". Every distractor then shares something \
            with the key, and the key shares the most with the others, so a test-wise learner who \
            picks the choice with most in common with the rest (the convergence strategy) scores \
            without knowing the content. Haladyna, Downing & Rodriguez (2002) ask for plausible, \
            homogeneous distractors (guidelines 22 and 29) and warn against cues in the choices \
            (guideline 28); convergence is among the cues that reward test-wiseness in the \
            item-writing flaw taxonomies used to review items (Tarrant et al. 2006; the NBME \
            guide's "convergence strategy").

            The rule reads the content words of each choice: lower case, simple suffixes off as \
            `stem-clue` does; articles, prepositions, pronouns, forms of "be" and other function \
            words left out, and so are the words of the stem, which give the topic rather than a \
            pattern ("driver" in every choice of "A driver is tailgating you"). Each choice's score \
            is the number of words it shares with each other choice, summed over the other choices. \
            It reports at the correct choice, when the question has one correct choice and at least \
            `min-choices` choices, and the key scores at least `min-shared` and more than every \
            distractor in one of these readings:

            - Phrases: at least three choices have two content words or more (the stem's words \
            counted), and the key's score is higher than every distractor's.
            - A key that joins shorter choices: among shorter choices a key shares words only when \
            it joins them, so it is reported when it has two words or more, each one another choice \
            has ("Electrons and neutrons" beside "Electrons", "Neutrons" and "Protons"; "Dear God" \
            beside "Dear Prudence" and "Are You There, God?"), or one content word with the function \
            words counted ("In Paris" beside "At Paris" and "In London", "By Myself" beside "Be \
            Myself" and "By Yourself"): the key is where the distractors meet, as `complex-choice` \
            also says of such a combination.
            - Short choices (names, titles, terms: four content words or fewer each): the stem's \
            words count as any other, first ("Speed skiing" beside "Speed skating" and "Freestyle \
            skiing" under a stem about speed; "A left turn" beside "A right turn" and "pass on the \
            left" under a stem about a left arm), since a short choice is the parts a writer varies \
            while long ones repeat the stem's words as their topic; the parts of a number are no \
            words there either.
            - Short choices that leave the key level at the top, its own words included: their \
            pronouns are counted too, which lyrics vary as parts, and the key is reported when it \
            then also shares words with two distractors or more, and `min-shared` with one at least, \
            which varies it, a content word every choice has left out ("keep your head little girl" \
            beside "run along little girl" and "wash your hands"; not "Keep Your Love Warm" beside \
            "Love Forever" and "Ten Ways to Lose Your Friend", which no distractor varies, nor "Rats \
            are coming for you, Mabel!" beside "Rats ate it, Mabel!" and "What are you eating, \
            Mabel?", where the name ends every line).
            - Short choices that the pronouns leave level: every word counts, articles, \
            prepositions and conjunctions too, but a joining "and" and the words every choice has; \
            the key is reported when it has at most one word no other choice has, shares words with \
            two distractors or more, and scores more than `min-shared` and more than every \
            distractor ("but I want more" beside "but I'm not sure", "and I feel sure" and "and then \
            some more"); not when every choice is a name or title (each word of four letters or \
            more capitalized), whose "the", "of" and "in" are the frame of a title ("Man in the \
            Wilderness" beside "Still in the Dark" and "What Kind of Man Have I Become").

            Ties and low scores, in this order:

            - When some distractor ties with the key, the stem's words are counted as well, and the \
            key is reported if it then shares more than every distractor ("tells him Ursula lied" \
            beside "tells him a secret" and "hides Ursula's purse", under a stem about Ursula).
            - If a tie remains and every word of the key, function words included, is one another \
            choice has ("and", which joins two claims into one, excepted), the function words are \
            counted as well ("I come with my own background music" beside "I make my own background \
            music", "I make cool background music" and "I come with cool background music"; "Some \
            whales have one blow hole and some have two." beside "All whales have two blow holes.", \
            "Every whale has exactly one blow hole." and "Only some whales have blow holes."; not \
            "While I breathe, I hope" beside "I hope my soul will live on" and "Hope comes when you \
            take a breath"); among short choices too, when the stem's words leave a tie ("They have \
            one pair of wings." beside "They have two pairs of wings." and "They have only one \
            wing.").
            - Otherwise the content words as written, not stemmed, break the tie, the stem's words \
            and those every choice shares left out: a distractor that shares only a stem \
            ("Messaging" beside "Message", "flavours" beside "flavour") was varied from another \
            choice, so the key is reported if it then shares at least `min-shared` and more than \
            every distractor, and `min-shared` with one distractor at least, which varies it \
            ("Network Message Relay Protocol" beside "Neutral Message Routing Process", "Network \
            Mass Relay Point" and "Neutral Messaging Routing Protocol"; not "Stop completely, then \
            go when it is safe" beside "Slow down and go through without stopping" and "Stop and \
            wait until the light turns green").
            - When the key's score is below `min-shared` (no distractor scoring more), the words of \
            the stem that two distractors or more repeat count as well, and the key is reported if \
            every word of it is then one another choice has (the key is made of the distractors' \
            parts) and it shares at least `min-shared` and more than every distractor ("Ken \
            Briscoe" beside "John Briscoe", "Ken Branch" and "David Briscoe", under a stem about \
            Lennie Briscoe).

            Words alike, when none of the readings above reports the key: among short choices, a \
            word counts as shared with another choice that has it spelt one letter apart (one \
            letter replaced, added or left out, or two swapped; both words of five letters or \
            more), as distractors made by misspelling the key's names are ("Barry Manilow" beside \
            "Marry Banilow", "Berry Gordy" and "Barry White"; "Henry Dunant" beside "William \
            Durant" and "Henry Ford"; a key misspelt itself, "Victor Herbet" beside "Herbert Lom" \
            and "Victor Wertz"); and with a longer one that it starts or ends, a part of four \
            letters or more of a compound or a longer name ("Lord of War" beside "Warlord" and "The Warlords"; "Matt Foley" beside \
            "John Foley" and "Tim Matthews"; "Agency to Prevent Evil" beside "Association of the \
            Prevention of Evil"). The key is reported when a word alike adds to its score, and it \
            then shares words with two distractors or more, at least `min-shared` and more than \
            every distractor: the stem's words left out, then counted.

            Not reported:

            - Under a stem that asks for the exception ("Which statement is untrue?", as \
            `negative-stem` reads it): the key is the odd one out, and the words it shares are the \
            statements' common topic; unless every content word of the key is one another choice \
            has ("Oil paint and enamel" beside "Oil paint and tempera" and "Acrylic paint and \
            enamel", under "Which two paints should not be mixed?").
            - Ties that remain (a question whose choices all vary one pattern equally, "He was the \
            first Jewish governor / senator / candidate"), one-word choices, and questions with \
            several correct choices.

            Known limits:

            - The rule counts words, not meaning, so names that share a first name by chance \
            ("George Bush", "George Washington") count as shared, and so do names spelt one letter \
            apart by chance ("Morgan", "Morgana").
            - Names and titles that a writer varied by their small words are missed when their \
            content words leave the key level ("The Nat King Cole Trio" beside "The Nat Cole Group" \
            and "Nat King Cole and His Court").
            - "I" is a numeral ("Richard I") only one space after a capitalized word and before the \
            end, a mark, "of" or "and".
            - Function words count only to break a tie, and pronouns otherwise only among short \
            choices where one distractor shares two words with the key; every word counts only among \
            short choices that they leave level, so a lyric whose key takes "our" from one line and \
            "land" from another, and nothing more, is missed.
            - Words alike count only among short choices, so a list of five names is not read so \
            ("Elisabeth, Jane, Lydia, Kitty, Mary" beside "Elizabeth, Ann, Lydia, Kitty, Mary"); a \
            part of three letters is no part ("War" of "Warlords"), and a part shared by chance \
            counts as any word does ("John" of "Johnson"); \
            a blend that ties with a distractor stays level ("Devils Playground" beside "Playing \
            With The Devil" and "Devils Desire").
            - Initials written with points and spaces are other words than those written with \
            points alone ("H. G." is two words, "H.G." one), so "Robert A. Heinlein and Arthur C. \
            Clarke" beside "Robert Heinlein and Frank Herbert", "H. G. Wells and Arthur C Clarke" \
            and "Frank Herbert and H.G. Wells" shares the most.
            - Long sentences as choices share many words, so a margin of one shared word among \
            twenty is reported as readily as one among two.
            - With four choices, some key ends up sharing most by chance, so this is a note \
            (`info`) to look at how the distractors were made.

            \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: trade
                    text: Which two players did the Blue Jays receive in the 1990 trade with San Diego?
                    choices:
                      - text: ↓Joe Carter and Roberto Alomar
                        correct: true
                      - Roberto Alomar and Duane Ward
                      - Joe Carter and Sandy Alomar
                      - Joe Carter and Duane Ward
                  - id: usb
                    text: What does USB stand for?
                    choices:
                      - Unique Serial Bus
                      - Universal Storage Bank
                      - text: ↓Universal Serial Bus
                        correct: true
                      - United Bus Scan
                """),
            // Short choices that the key joins.
            .triggering(questions: """
                  - id: ion
                    text: Which of these does a positive hydrogen ion lack?
                    choices:
                      - Neutrons
                      - Electrons
                      - Protons
                      - text: ↓Electrons and neutrons
                        correct: true
                  - id: xtc
                    text: What hit song was released by the group XTC in 1986?
                    choices:
                      - Luka
                      - Dear Prudence
                      - Are You There, God?
                      - text: ↓Dear God
                        correct: true
                """),
            // A tie on the other words, broken by a word of the stem the key shares.
            .triggering(questions: """
                  - id: purse
                    text: When Eric comes back for Ursula's purse, what does Phoebe do?
                    choices:
                      - tells him she has a crush on him
                      - text: ↓tells him Ursula has been lying to him
                        correct: true
                      - tells him it was stolen
                      - hides the purse to spite Ursula
                """),
            // A tie that the function words break (also in a key that joins two others' claims
            // with "and"); the same choices with another key, which they leave behind, and a key
            // with words of its own, which shares only a frame.
            .triggering(questions: """
                  - id: shirt
                    text: What is written on Chad Danforth's shirt in High School Musical?
                    choices:
                      - I make my own background music
                      - I make cool background music
                      - text: ↓I come with my own background music
                        correct: true
                      - I come with cool background music
                  - id: whales
                    text: Which statement about whales is true?
                    choices:
                      - All whales have two blow holes.
                      - text: ↓Some whales have one blow hole and some have two.
                        correct: true
                      - Every whale has exactly one blow hole.
                      - Only some whales have blow holes.
                """),
            .passing(questions: """
                  - id: shirt
                    text: What is written on Chad Danforth's shirt in High School Musical?
                    choices:
                      - I make my own background music
                      - text: I make cool background music
                        correct: true
                      - I come with my own background music
                      - I come with cool background music
                  - id: motto
                    text: What does the Latin phrase Dum spiro spero mean?
                    choices:
                      - This is the spirit of hope.
                      - Hope comes when you take a breath.
                      - text: While I breathe, I hope.
                        correct: true
                      - I hope my soul will live on.
                """),
            // A tie that the words as written break: "Messaging" shares only a stem with
            // "Message", and "flavours" with "flavour".
            .triggering(questions: """
                  - id: nmrp
                    text: What does NMRP stand for in the novel?
                    choices:
                      - text: ↓Network Message Relay Protocol
                        correct: true
                      - Neutral Message Routing Process
                      - Network Mass Relay Point
                      - Neutral Messaging Routing Protocol
                  - id: palate
                    text: In wine circles, what is a palate judge?
                    choices:
                      - A drink with richer flavour than usual
                      - text: ↓A person with richer sense of flavour than usual
                        correct: true
                      - A person who flavours drinks for a living
                      - A machine with probes that measure flavours closely
                """),
            // Short choices tied on their content words, which the function words break.
            .triggering(questions: """
                  - id: wings
                    text: What is true of the insect's wings?
                    choices:
                      - They have two pairs of wings.
                      - None of these
                      - text: ↓They have one pair of wings.
                        correct: true
                      - They have only one wing.
                """),
            // Short phrases tied on their content words, where the key takes a pronoun from
            // another distractor: "your" from "wash your hands".
            .triggering(questions: """
                  - id: chorus
                    text: How does the chorus go on after "Papa always told me"?
                    choices:
                      - wash your hands
                      - mind the gate
                      - run along little girl
                      - text: ↓keep your head little girl
                        correct: true
                """),
            // Short phrases that the pronouns leave level, where every word counts: the key takes
            // "but" from one line, "i" from another and "rain" from a third.
            .triggering(questions: """
                  - id: refrain
                    text: How does the refrain end after "I waited by the river"?
                    choices:
                      - and i feel fine
                      - and then some rain
                      - but im not fine
                      - text: ↓but i want rain
                        correct: true
                """),
            // Near misses: a key with words of its own, which shares one word with each of two
            // lines; titles, whose small words are their frame.
            .passing(questions: """
                  - id: ballads
                    text: Which song opens the band's third album?
                    choices:
                      - What Kind of Girl Am I
                      - Lonely Sailor
                      - text: Girl in the Window
                        correct: true
                      - Still in the Rain
                  - id: refrain-own
                    text: How does the refrain end after "I waited by the river"?
                    choices:
                      - and i feel fine
                      - and then some rain
                      - but im not fine
                      - text: but you never came home
                        correct: true
                """),
            // Near misses: a key that shares a pronoun with one distractor and a word with another,
            // which no distractor varies; a name every line ends with is a frame, not a variation.
            .passing(questions: """
                  - id: single
                    text: Which song was the duo's first hit?
                    choices:
                      - Ten Ways to Lose Your Friend
                      - Love Forever
                      - Dogs in the Garden
                      - text: Keep Your Love Warm
                        correct: true
                  - id: first-line
                    text: Which line opens the film?
                    choices:
                      - What are you eating, Mabel?
                      - Rats ate it, Mabel!
                      - text: Rats are coming for you, Mabel!
                        correct: true
                      - The storm is here, Mabel!
                """),
            // A key of one content word that joins the others with a function word.
            .triggering(questions: """
                  - id: premiere
                    text: Where did the play open?
                    choices:
                      - At Paris
                      - In London
                      - text: ↓In Paris
                        correct: true
                      - Berlin
                """),
            // Under a stem that asks for the exception, a key made of the others' words.
            .triggering(questions: """
                  - id: mixing
                    text: Which two paints should not be mixed?
                    choices:
                      - Oil paint and tempera
                      - text: ↓Oil paint and enamel
                        correct: true
                      - Acrylic paint and enamel
                      - Gouache and chalk
                """),
            // Near miss: under a stem that asks for the exception, a key with words of its own,
            // which shares the statements' topic.
            .passing(questions: """
                  - id: painter
                    text: Which statement about the painter is untrue?
                    choices:
                      - The painter was born in Leiden in 1606.
                      - The painter trained in Leiden and Amsterdam.
                      - text: The painter and his pupils painted in Amsterdam and Leiden for the guild.
                        correct: true
                      - Many pupils studied with the painter.
                """),
            // Near misses: a tie the words as written leave as it is; one they break for a key
            // that no distractor varies (it shares one word with each of two).
            .passing(questions: """
                  - id: flashing-red-light
                    text: What should you do at a flashing red traffic light?
                    choices:
                      - Slow down and go through without stopping
                      - text: Stop completely, then go when it is safe
                        correct: true
                      - Stop and wait until the light turns green
                      - Speed up to clear the intersection
                  - id: green
                    text: Which pair of colours mixes to green?
                    choices:
                      - text: Blue and yellow
                        correct: true
                      - Yellow and red
                      - Red and blue
                      - White and black
                """),
            // A key that shares too little without the stem's words: "Briscoe" is in the stem
            // and in three of the choices; the key's other words are shared once.
            .triggering(questions: """
                  - id: briscoe
                    text: In Law and Order, detective Lennie Briscoe had a nephew whose name was what?
                    choices:
                      - John Briscoe
                      - text: ↓Ken Briscoe
                        correct: true
                      - Ken Branch
                      - David Briscoe
                  - id: relation
                    text: How are Hope Brady and Julie Williams related?
                    choices:
                      - Julie is Hope's stepmother.
                      - text: ↓Julie is Hope's sister and stepmother.
                        correct: true
                      - Julie and Hope are cousins.
                      - Julie is Hope's sister.
                """),
            // Short choices, where the stem's words count as parts too: "speed" is in the stem,
            // and "A left turn" takes "left" (of the stem) from one distractor and "turn" from
            // another; a king's number is a word.
            .triggering(questions: """
                  - id: sport
                    text: Which winter sport holds the speed record for athletes without a motor?
                    choices:
                      - Speed skating
                      - Freestyle skiing
                      - text: ↓Speed skiing
                        correct: true
                      - Bobsleigh
                  - id: hand-signal
                    text: What does a driver's left arm held straight out of the window signal?
                    choices:
                      - A right turn
                      - Slowing down or stopping
                      - text: ↓A left turn
                        correct: true
                      - That you may pass on the left
                  - id: lionheart
                    text: Which English king was known as the Lionheart?
                    choices:
                      - text: ↓Richard I
                        correct: true
                      - Richard III
                      - William I
                      - Henry II
                """),
            // A key of long choices with words no distractor has, where the stem's word is the
            // topic; "I" as a pronoun, which a lyric's choices share without converging.
            .passing(questions: """
                  - id: tailgater
                    text: A driver is tailgating you. What is the safest thing to do?
                    choices:
                      - Tap your brakes hard to warn the driver
                      - Speed up to get away from the driver
                      - text: Leave more room ahead and let the driver pass
                        correct: true
                      - Stay close to the car ahead so no one can cut in
                  - id: refrain
                    text: How does the chorus of the song go on after "Every night"?
                    choices:
                      - I hold on
                      - text: I dream of you
                        correct: true
                      - I dream alone
                      - Dream on
                """),
            // Near misses: every choice varies one pattern equally; one-word choices; three choices
            // (fewer than min-choices); a number whose parts the distractors repeat.
            .passing(questions: """
                  - id: division
                    text: How much is 765 divided by 10?
                    choices:
                      - "74.5"
                      - text: "76.5"
                        correct: true
                      - "76"
                      - "75"
                  - id: alexander
                    text: What distinction does Moses Alexander hold?
                    choices:
                      - text: He was the first Jewish governor of a US state.
                        correct: true
                      - He was the first Jewish senator of a US state.
                      - He was the first Jewish mayor of a US state.
                      - He was the first Jewish judge of a US state.
                  - id: gas
                    text: Which gas do plants take in?
                    choices:
                      - text: Carbon dioxide
                        correct: true
                      - Oxygen
                      - Nitrogen
                      - Helium
                  - id: usb
                    text: What does USB stand for?
                    choices:
                      - Unique Serial Bus
                      - text: Universal Serial Bus
                        correct: true
                      - United Bus Scan
                """),
            .passing(questions: """
                  - id: usb
                    text: What does USB stand for?
                    choices:
                      - Unique Serial Bus
                      - Universal Storage Bank
                      - text: Universal Serial Bus
                        correct: true
                      - United Bus Scan
                """, options: ["min-shared": .integer(5)]),
            // Distractors that vary the key's words by a letter.
            .triggering(questions: """
                  - id: theme-song
                    text: Who wrote the theme song of the quiz show Brain Race?
                    choices:
                      - Marcus Webb
                      - Carla Delamo
                      - text: ↓Marcus Delano
                        correct: true
                      - Marius Penn
                """),
            // Parts of compounds and longer names that the distractors take from the key.
            .triggering(questions: """
                  - id: inn
                    text: What was the inn called in the novel Greywater?
                    choices:
                      - Harborlight
                      - The Stonegate
                      - text: ↓Stone Harbor
                        correct: true
                      - The Red Lion
                """),
            // Near misses: two distractors spelt a letter apart, which the key has no part of;
            // words of four letters, which a letter turns into other words ("Bill", "Will"); a
            // part of three letters ("War" of "Warlords").
            .passing(questions: """
                  - id: ferry
                    text: Who captained the first ferry across the fjord?
                    choices:
                      - Peter Hansen
                      - Peter Hanson
                      - text: Lars Berg
                        correct: true
                      - Ole Lund
                  - id: keeper
                    text: Who kept the lighthouse on Skerry Point in 1910?
                    choices:
                      - Will Moss
                      - text: Bill Tate
                        correct: true
                      - Ted Kate
                      - Ann Ray
                  - id: bunker
                    text: What did the generals call the bunker under the palace?
                    choices:
                      - Warlords
                      - Roomful
                      - text: War Room
                        correct: true
                      - The Cellar
                """),
        ])

    private let minChoices: Int
    private let minShared: Int

    init(options: Options) {
        minChoices = options.minChoices
        minShared = options.minShared
    }

    /// The most content words a choice may have for the choices to be short, where the stem's
    /// words count as parts the distractors vary.
    static let shortChoiceWords = 4

    /// Function words, which every choice may share without converging on anything.
    static let functionWords: WordSet = [
        "a", "an", "the", "of", "in", "on", "at", "to", "for", "and", "or", "nor", "by", "with", "from", "as", "into", "onto",
        "is", "are", "was", "were", "be", "been", "being", "am", "it", "its", "this", "that", "these", "those", "he", "she",
        "his", "her", "him", "they", "them", "their", "i", "you", "we", "my", "our", "your", "not", "no", "but", "so", "if",
        "than", "then", "there", "has", "have", "had", "do", "does", "did", "can", "will", "would", "only", "also", "very",
        "who", "which", "what", "when", "where", "how", "all", "any", "some", "one",
    ]

    /// The content words of a choice, stemmed, each once.
    static func contentWords(_ text: String) -> SmallWordSet {
        var result = SmallWordSet()
        let words = English.words(text)
        for (index, word) in words.enumerated() where !functionWords.contains(word.lower) || isRegnalNumeral(words, at: index) {
            result.insert(English.stem(word.lower))
        }
        return result
    }

    /// Whether the word at `index` is "I" as the number of a ruler or a sequel ("Richard I of
    /// England", "William I", "Rocky I, II"): "I" one space after a capitalized word, then the
    /// end, a mark, "of" or "and". "So I dub", "While I breathe" keep "I" a pronoun.
    static func isRegnalNumeral(_ words: [EnglishWord], at index: Int) -> Bool {
        let word = words[index]
        guard word.text == "I", index > 0, word.before == " ", words[index - 1].after == " ", words[index - 1].isCapitalized else { return false }
        guard index + 1 < words.count, word.after == " " else { return true }
        return words[index + 1].lower == "of" || words[index + 1].lower == "and"
    }

    /// The content words of a choice as written (lower case, not stemmed), each once, but for
    /// those whose stems are in `excluded`.
    static func writtenContentWords(_ text: String, excluding excluded: SmallWordSet) -> SmallWordSet {
        var result = SmallWordSet()
        let words = English.words(text)
        for (index, word) in words.enumerated() where !functionWords.contains(word.lower) || isRegnalNumeral(words, at: index) {
            guard !excluded.contains(English.stem(word.lower)) else { continue }
            result.insert(word.lower)
        }
        return result
    }

    /// The word that joins two claims into one ("Some whales have one blow hole and some have
    /// two"): a key made of the others' words joined by it combines them.
    static let joiningWords = SmallWordSet(["and"])

    /// The function words that are pronouns, which lyrics vary as parts ("your", "I", "our").
    static let pronounWords: WordSet = [
        "i", "you", "we", "my", "our", "your", "he", "she", "his", "her", "him", "they", "them", "their", "it", "its",
    ]

    /// The pronouns of a choice, each once.
    static func pronouns(_ text: String) -> SmallWordSet {
        SmallWordSet(English.words(text).map(\.lower).filter { pronounWords.contains($0) })
    }

    /// Every word of a choice, function words included, stemmed, each once.
    static func allWords(_ text: String) -> SmallWordSet {
        SmallWordSet(English.words(text).map { English.stem($0.lower) })
    }

    /// The scores with function words counted, when every word of the key but a joining "and" is
    /// one another choice has and the key then scores more than every other; nil otherwise.
    static func functionWordScores(_ choices: [LocalizedText.Entry], key: Int) -> [Int]? {
        let allWords = choices.map { Self.allWords($0.text) }
        let othersWords = allWords.indices.filter { $0 != key }.reduce(into: SmallWordSet()) { $0.formUnion(allWords[$1]) }
        let withFunctionWords = Self.scores(allWords)
        guard allWords[key].subtracting(joiningWords).isSubset(of: othersWords), Self.leads(key, withFunctionWords) else { return nil }
        return withFunctionWords
    }

    /// The scores with every word counted but a joining "and" and the frame (the words every
    /// choice has), when the key has at most one word no other choice has, shares words with two
    /// distractors or more, scores `atLeast` or more and more than every other; nil otherwise.
    static func allWordScores(_ choices: [LocalizedText.Entry], key: Int, atLeast: Int) -> [Int]? {
        let all = choices.map { Self.allWords($0.text).subtracting(joiningWords) }
        let frame = all.dropFirst().reduce(all[0]) { $0.intersection($1) }
        let words = all.map { $0.subtracting(frame) }
        let others = words.indices.filter { $0 != key }
        let othersWords = others.reduce(into: SmallWordSet()) { $0.formUnion(words[$1]) }
        guard words[key].subtracting(othersWords).count <= 1,
              others.filter({ !words[$0].intersection(words[key]).isEmpty }).count >= 2 else { return nil }
        let scores = Self.scores(words)
        return scores[key] >= atLeast && Self.leads(key, scores) ? scores : nil
    }

    /// Whether two words (stemmed, lower case) are spelt one letter apart: one replaced, added
    /// or left out, or two neighbours swapped ("manilow" and "banilow", "durant" and "dunant",
    /// "herbet" and "herbert"); both of letters only, five or more. A single edit keeps the
    /// first letter or the last, looked at before the distance is measured.
    static func speltOneLetterApart(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count >= 5, y.count >= 5, abs(x.count - y.count) <= 1, x.first == y.first || x.last == y.last, a != b,
              a.allSatisfy(\.isLetter), b.allSatisfy(\.isLetter) else { return false }
        return editDistance(a, b) == 1
    }

    /// Whether two different words are alike: spelt one letter apart, or one a part of the other.
    static func alike(_ a: String, _ b: String) -> Bool {
        speltOneLetterApart(a, b) || English.isPart(a, of: b) || English.isPart(b, of: a)
    }

    /// Whether `a` and `b` have a word in common, or two words alike.
    static func sharesAlike(_ a: SmallWordSet, _ b: SmallWordSet) -> Bool {
        a.contains { word in b.contains(word) || b.contains { alike(word, $0) } }
    }

    /// `scores` with a word counted as shared also when the other choice has one alike.
    static func alikeScores(_ words: [SmallWordSet]) -> [Int] {
        var scores = Array(repeating: 0, count: words.count)
        for index in words.indices {
            for other in words.indices where other > index {
                let shared = words[index].reduce(0) { count, word in
                    words[other].contains(word) || words[other].contains { alike(word, $0) } ? count + 1 : count
                }
                scores[index] += shared
                scores[other] += shared
            }
        }
        return scores
    }

    /// Whether the choice at `key` scores more than every other.
    static func leads(_ key: Int, _ scores: [Int]) -> Bool {
        scores.indices.allSatisfy { $0 == key || scores[$0] < scores[key] }
    }

    /// Per choice, the words it shares with each other choice, summed. Each pair is counted once,
    /// and without making their intersection: this runs several times for every question.
    static func scores(_ words: [SmallWordSet]) -> [Int] {
        var scores = Array(repeating: 0, count: words.count)
        for index in words.indices {
            for other in words.indices where other > index {
                let (smaller, larger) = words[index].count <= words[other].count ? (words[index], words[other]) : (words[other], words[index])
                let shared = smaller.reduce(0) { larger.contains($1) ? $0 + 1 : $0 }
                scores[index] += shared
                scores[other] += shared
            }
        }
        return scores
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind == .singleChoice, question.choices.count >= minChoices, let key = question.correctIndexes.first,
              question.correctIndexes.count == 1 else { return }
        var reported: Set<SourceRange> = []
        for item in EnglishItem.all(of: question, sourceLocale: bank.sourceLocale) {
            // Three choices of two words or more, or a key of two words or more made of the
            // others ("Electrons and neutrons" beside "Electrons", "Neutrons", "Protons").
            guard let choices = item.allChoices, English.mayHaveTwoWords(choices[key].text) else { continue }
            let phrases = choices.filter({ English.mayHaveTwoWords($0.text) }).count >= 3
            // Words the stem gives every choice ("driver" under "A driver is tailgating you") are
            // the topic, not a pattern the distractors vary.
            let stemWords = Self.contentWords(item.stem.text)
            let choiceWords = choices.map { Self.contentWords($0.text) }
            func reportKey(_ scores: [Int]) {
                // Under a stem that asks for the exception ("Which statement is untrue?") the key
                // is the odd one out, and the words it shares with the others are their common
                // topic; unless it is made of their words ("Meat and dairy products" beside "Meat
                // and fish" and "Dairy products and vegetables", under "Which foods should not be
                // mixed?"). Looked at only for a key about to be reported, as few are.
                if NegativeStemRule.stemNegatives(item.stem.text).contains(where: \.selects),
                   !choiceWords[key].isSubset(of: choiceWords.indices.filter { $0 != key }.reduce(into: SmallWordSet()) { $0.formUnion(choiceWords[$1]) }) {
                    return
                }
                guard reported.insert(choices[key].range).inserted else { return }
                report(finding(question, item, choices[key].text, scores, key: key), at: choices[key].range)
            }
            if let scores = writtenWordScores(choices, key: key, phrases: phrases, stemWords: stemWords, choiceWords: choiceWords)
                ?? alikeWordsReading(choices, key: key, stemWords: stemWords, choiceWords: choiceWords) {
                reportKey(scores)
            }
        }
    }

    /// The scores of the readings of words as written (stemmed), in the order the rule's
    /// description gives them; nil when none reports the key.
    private func writtenWordScores(_ choices: [LocalizedText.Entry], key: Int, phrases: Bool, stemWords: SmallWordSet,
                                   choiceWords: [SmallWordSet]) -> [Int]? {
        let words = choiceWords.map { $0.subtracting(stemWords) }
        var scores = Self.scores(words)
        // Among short choices (names, titles, terms: at most `shortChoiceWords` content
        // words each) a word of the stem is a part the distractors vary like any other:
        // "Charlie Sheen" beside "Charlie Chan" and "Martin Sheen", under a stem about Charlie
        // Harper, takes a part from each. Long choices repeat the stem's words as their topic.
        if choiceWords.allSatisfy({ $0.count <= Self.shortChoiceWords }),
           choiceWords[key].allSatisfy({ $0.contains(where: \.isLetter) }) {
            let withStem = Self.scores(choiceWords)
            if withStem[key] >= minShared, Self.leads(key, withStem) {
                return withStem
            }
            // A tie at the top is broken by the function words when the key is made of the
            // others' words, every one: "They have one pair of wings" takes "one" from "They
            // have only one wing", where "They have two pairs of wings" ties on the others.
            if withStem[key] >= minShared, withStem.allSatisfy({ $0 <= withStem[key] }),
               let withFunctionWords = Self.functionWordScores(choices, key: key) {
                return withFunctionWords
            }
            // Lyrics and other short phrases vary their pronouns as parts too: "keep your head
            // little girl" takes "your" from "wash your hands", where "run along little girl"
            // ties with it on the rest. A key level at the top, with words of its own, is judged
            // with the pronouns counted when it then shares words with two distractors or more
            // and `min-shared` with one at least, which varies it; a content word every choice
            // has is a frame ("Mabel!" after each line), not a variation.
            if withStem[key] >= 1, withStem.allSatisfy({ $0 <= withStem[key] }) {
                let withPronouns = choices.indices.map { choiceWords[$0].union(Self.pronouns(choices[$0].text)) }
                let frame = choiceWords.dropFirst().reduce(choiceWords[0]) { $0.intersection($1) }
                let shared = withPronouns.indices.filter { $0 != key }.map { withPronouns[$0].intersection(withPronouns[key]).subtracting(frame).count }
                let scores = Self.scores(withPronouns)
                if shared.filter({ $0 > 0 }).count >= 2, shared.contains(where: { $0 >= minShared }),
                   scores[key] >= minShared, Self.leads(key, scores) {
                    return scores
                }
                // Else every word counts but "and" and the frame, articles and prepositions too:
                // "but i want more" takes "but" from "but im not sure", "i" from "and i feel
                // sure" and "more" from "and then some more". The key may have one word of its
                // own, and must share words with two distractors or more and lead by them.
                // Not among names and titles, whose "the", "of" and "in" are their frame, not
                // parts a writer varies ("Man in the Wilderness" beside "Still in the Dark").
                if !choices.allSatisfy({ KeyLongestBiasRule.isNameOrTitle($0.text) }),
                   let withAllWords = Self.allWordScores(choices, key: key, atLeast: minShared + 1) {
                    return withAllWords
                }
            }
        }
        guard phrases && choiceWords.filter({ $0.count >= 2 }).count >= 3 else {
            // Among short choices a key shares words only when it joins them: reported when
            // every word of it is one another choice has, and it shares more than any distractor.
            let othersWords = words.indices.filter { $0 != key }.reduce(into: SmallWordSet()) { $0.formUnion(words[$1]) }
            // The parts of a number ("76.5" beside "74.5" and "76") are no words.
            if words[key].count >= 2, words[key].allSatisfy({ $0.contains(where: \.isLetter) }),
               words[key].isSubset(of: othersWords), scores[key] >= minShared,
               scores.indices.allSatisfy({ $0 == key || scores[$0] < scores[key] }) {
                return scores
            }
            // A key of one content word joins the others with a function word ("ipconfig
            // /all" beside "ipconfig" and "ifconfig /all").
            guard words[key].count == 1, words[key].allSatisfy({ $0.contains(where: \.isLetter) }),
                  let withFunctionWords = Self.functionWordScores(choices, key: key), withFunctionWords[key] >= minShared
            else { return nil }
            return withFunctionWords
        }
        guard scores.indices.allSatisfy({ scores[$0] <= scores[key] }) else { return nil }
        if scores[key] < minShared {
            // A key that shares too little is judged with the words of the stem that two
            // distractors or more repeat, which the distractors vary as a pattern ("Ken
            // Briscoe" beside "John Briscoe" and "David Briscoe" under a stem about Lennie
            // Briscoe), when every word of the key is then one another choice has: the key is
            // made of the distractors' parts. A stem word one distractor repeats is a clue of
            // the stem, and "driver" under "A driver is tailgating you" is no part of "Leave
            // more room ahead and let the driver pass".
            let pattern = stemWords.filter { word in choiceWords.indices.filter { $0 != key && choiceWords[$0].contains(word) }.count >= 2 }
            let widened = choiceWords.map { $0.intersection(pattern).union($0.subtracting(stemWords)) }
            let othersWords = widened.indices.filter { $0 != key }.reduce(into: SmallWordSet()) { $0.formUnion(widened[$1]) }
            let withPattern = Self.scores(widened)
            guard widened[key].isSubset(of: othersWords), withPattern[key] >= minShared,
                  withPattern.indices.allSatisfy({ $0 == key || withPattern[$0] < withPattern[key] }) else { return nil }
            scores = withPattern
        } else if scores.indices.contains(where: { $0 != key && scores[$0] == scores[key] }) {
            // A tie is broken by the stem's words too: under "...get Ursula's purse...", "tells
            // him Ursula has been lying to him" also shares "Ursula" with "hides the purse to
            // hurt Ursula", where "tells him she has a crush on him" shares nothing more.
            let withStem = Self.scores(choiceWords)
            if Self.leads(key, withStem) {
                scores = withStem
            } else {
                // A tie that remains is broken by the function words when the key is made of
                // the others' words, every one: "I come with my own background music" takes
                // "with" from "I come with cool background music" and "my" from "I make my own
                // background music". A key with a word of its own ("While I breathe, I hope")
                // is a sentence of its own that shares a frame.
                if let withFunctionWords = Self.functionWordScores(choices, key: key) {
                    scores = withFunctionWords
                } else {
                    // Else the words as written break it: a distractor that shares only
                    // stems ("Messaging" beside "Message", "foods" beside "food") was varied
                    // from another choice, not from the key. The stem's words are left out,
                    // and so is the frame, a word every choice has ("value", "values").
                    let frame = choiceWords.dropFirst().reduce(choiceWords[0]) { $0.intersection($1) }
                    let excluded = stemWords.union(frame)
                    let writtenWords = choices.map { Self.writtenContentWords($0.text, excluding: excluded) }
                    let written = Self.scores(writtenWords)
                    // And one distractor at least must vary the key, sharing `min-shared` of its
                    // words: "Stop completely, then go" takes "stop" and "go" from two choices
                    // that share one word each with it, and varies neither.
                    guard written[key] >= minShared, Self.leads(key, written),
                          writtenWords.indices.contains(where: { $0 != key && writtenWords[$0].intersection(writtenWords[key]).count >= minShared })
                    else { return nil }
                    scores = written
                }
            }
        }
        return scores
    }

    /// The scores of the reading of words alike, when the readings of words as written report
    /// nothing: short choices (`shortChoiceWords` content words or fewer), without the stem's
    /// words and then with them. Nil when the key does not then share more, `min-shared` at
    /// least, with two distractors or more, than every distractor.
    private func alikeWordsReading(_ choices: [LocalizedText.Entry], key: Int, stemWords: SmallWordSet,
                                   choiceWords: [SmallWordSet]) -> [Int]? {
        guard choiceWords.allSatisfy({ $0.count <= Self.shortChoiceWords }) else { return nil }
        for words in [choiceWords.map { $0.subtracting(stemWords) }, choiceWords] {
            let scores = Self.alikeScores(words)
            let varying = words.indices.filter { $0 != key && Self.sharesAlike(words[key], words[$0]) }.count
            if scores[key] > Self.scores(words)[key], scores[key] >= minShared, varying >= 2, Self.leads(key, scores) {
                return scores
            }
        }
        return nil
    }

    private func finding(_ question: Question, _ item: EnglishItem, _ keyText: String, _ scores: [Int], key: Int) -> String {
        let nextBest = scores.indices.filter { $0 != key }.map { scores[$0] }.max() ?? 0
        return "the correct choice \(English.quote(keyText)) of question '\(question.id.value)'\(item.suffix) shares "
            + "\(scores[key]) words with the other choices, more than any distractor (at most \(nextBest)): the distractors "
            + "vary it, so the choice with most in common gives the answer away"
    }
}

import QuizBank
import QuizLint
import QuizSupport

struct NumericChoiceOrderRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var reportShuffled = false

        static let elements: [RuleOptionElement<Self>] = [
            .boolean("report-shuffled", \.reportShuffled,
                "also report numeric choices in order that engines will shuffle (no `shuffle: false`)"),
        ]
    }

    static let description = RuleDescription(
        id: "numeric-choice-order",
        summary: "Choices that are all numbers (amounts, years, percentages, with or without a unit) not in ascending or descending order.",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), guideline 21: "Place choices in logical or \
            numerical order". Numbers in order let the learner find the value they have in mind \
            instead of searching, and keep the position of the key from hinting at it (the middle \
            of a scrambled list is a favourite hiding place). The NBME Item-Writing Guide \
            (Paniagua & Swygert, 4th ed.) lists options "in a nonlogical order" among the flaws \
            that add irrelevant difficulty, and Tarrant et al. (2006) count it among the frequent \
            flaws.

            Reported when a question has at least three choices, every one of them a number, and \
            they are in neither ascending nor descending order. Choices with different units, or \
            words besides the unit, are not judged.

            What counts as a number:

            - digits with thousands separators (also "586, 000" and a space, "200 000")
            - decimals (also a decimal comma, "0,01 %")
            - a fraction, as its value ("1/2", "-13/4", "7/36", "5 1/2 feet", "1 and 7/8 hours", "2\u{BD} \
            hours"; a denominator of four digits or more when it is a power of ten or written in \
            groups of three: "1/1000", "1/1,000,000")
            - a fraction in words ("One third", "two-thirds", "a half", "Half of it"; "one eighth of a \
            cent" in cents, "half a year" in years), the fraction word last or before "of" ("A \
            third eyebrow" is an ordinal)
            - "and a half", which adds a half ("Five and a half", "three and one half million")
            - a sign (also "- $20")
            - a currency sign (a magnitude after it: "$5m", "$750k"; cents beside dollars: "50 \
            cents", "$2.50")
            - a percent sign (a space before it or not: "33 %", "25%")
            - an ordinal (2nd)
            - an ordinal word, as its number ("Third", "Nineteenth century", "Fourth Amendment")
            - a decade (1990s)
            - BC and AD years (also "BCE", "CE", "b.c.e.", "c.e."; a year without an era beside \
            BC years is AD: "120-110 b.c.e." beside "66-70")
            - million/billion and dozen ("a million", "two dozen")
            - a number in words (three, twenty-one, "twenty five", "one hundred and fifty", "Two \
            hundred, thirty-six thousand, five hundred ninety-eight"; "once", "twice" and "thrice" are \
            times; "a" or "an" before a span of time is one: "a week")
            - a rank ("# 4")
            - a time on the clock ("7:35 a.m.", "4:59"; hours and minutes told apart from minutes \
            and seconds only by "a.m." or "p.m.")
            - a bare "None" that stands for no count ("How many Grammys did he win? — None"): it \
            is 0, in the others' unit when they share one ("none", "7 rungs", "5 rungs")
            - numbered titles that share the words before the number, ordered by it ("Symphony \
            #8", "Soyuz 11", "Vitamin B6", "F-16", "Season three", in Roman numerals "Rocky III", \
            "Henry VIII"; not "Jupiter 2" beside "Apollo 13"; beside one aggregate choice too: \
            "Since 1967", "Since 1948", "None of these"; one choice may join the title's last word \
            to its number, "Courtroom13" beside "Courtroom 10")

            Dates (only dates of one form are compared):

            - a date with a month name ("6 October, 1939", "October 6, 1939", "October 1939"; a \
            long month name misspelt by one letter is read as the month: "Febuary", "Octomber")
            - a season and a year ("Summer 1967"), as the month in its middle, winter at the end \
            of its year
            - a date in figures with slashes and the year last ("9/05/1919"), ordered by year and \
            then by the other parts as written

            Units and measures:

            - a unit that all choices share (km, years, "Earth hours"; a plural and its singular, \
            and metres and m, count as one, word by word: "degrees Fahrenheit" and "degree \
            Fahrenheit")
            - a temperature's scale is a unit ("7 °C", "135 Degrees C.")
            - a rate is a unit ("37 miles per year", "$1 per yard")
            - a share ("15 in 100", "3 out of 100", "6 out of ten", "1 in 4") is its part of its \
            whole, so shares of different wholes compare ("2 out of 6" beside "6 out of 36")
            - spans of time compare across units ("10 days", "3 weeks", "1 month"), and so do \
            spans of one kind ("20 Earth hours", "243 Earth days")
            - a span of time in two or three units ("1 hour 40 minutes", "1 year and 6 months", "2 \
            Hrs., 15 minutes", "3 days, 11 hours, 50 minutes")
            - a length or weight in feet and inches or pounds and ounces ("6 ft 2 in", "7 lb 4 \
            oz")
            - lengths in feet, inches, yards, furlongs, miles, km, m, cm and mm, and weights in \
            pounds, ounces, tons (short tons), tonnes, kg, g and mg, compare across units, as spans \
            of time do ("22 yards", "100 feet", "25 metres")
            - one bare figure beside three or more that share a unit as written is in their unit, \
            as a bare "None" is ("100,000,000" beside "10 men", "100 men" and "1,000 men"; not \
            beside spans of time or other measures converted to one unit)

            Read past:

            - a leading option letter ("A) 59", "(b) 60")
            - a leading "over", "about", "more than", "nearly", "just", "just over", "exactly", "always", "only" \
            or "approx.", "~", "early", "late" or "mid-" ("Late 1880s")
            - a trailing "or more", "or less", "at least" or "exactly" ("13 grams or more", "18 \
            years exactly")
            - a trailing "each" ("3 years each")
            - a comment after a figure that starts a choice, from "as", "because", "since", "but", \
            "though", "although", "if", "possibly", "probably", "perhaps" or "maybe" on ("0 as it \
            was unmanned", "6 possibly 7", "2, but only once")
            - "full", "whole" or "entire" before a unit of time ("1 full year" beside "9 months")
            - a note in parentheses that ends every choice ("1095 ft (334 m)", "2002 Winter \
            Olympics (USA)"; the notes order the choices instead when they are measures of one unit \
            and the figures before them are not: "15 m (50 ft)" beside "240 (787 ft)"), or stands \
            inside every choice, after its figure ("Over 11 feet (3,40 m) tall")
            - a conversion in parentheses that ends a choice, the same measure in another unit of \
            its kind, on any number of choices ("One ton (2000 pounds)" beside "1,500 pounds")
            - a second measure after a slash that ends every choice ("35 mph / 56 km/h")
            - a day of the week before a date ("Saturday, January 14, 1985")

            Ranges, pairs and lists:

            - A range is ordered by its lower end ("6-9 years", "1962- 1978", "10 -15 years", "10 \
            to 14 years", "between 0.5 and 1.0 m", "25% - 35%", "13th-14th century", "Between the \
            7th and 8th week", "29 1/2 to 29 3/4"), then by its upper end in figures when lower ends are equal ("1-4" \
            before "1-7").
            - A range in number words or between dates is ordered so too, its lower end taking the \
            upper end's unit: "Three to four glasses", "Two or three", "September 1969 to \
            September 1970".
            - "368 -38th Street", an address, is not a range.
            - A pair of years is ordered by its first ("1993 and 1994", "1987 1991").
            - A list of three whole numbers or more in ascending order is ordered by its first \
            ("1998, 2002, 2004"); "3, 2, 1, 4" is an order to choose, not values.

            Left out of the order:

            - one aggregate choice ("None of these")
            - one choice of four or more without a figure ("Never", "It is not stated.") when \
            every other has a digit, starts with a number word or is a bare "None"

            Known limits. These are not judged:

            - choices in units of different kinds ("1 km", "900 kg")
            - ratios ("3:2")
            - dates in digits beside dates of another form ("6/10/1939" beside "June 10, 1929")
            - numbers with words that are not a shared unit ("Barcelona 1992"); a count followed \
            by a name after " - ", " -- ", " \u{2013} ", ": " or ", " under a stem that asks "how many" \
            is ordered by the count ("How many kings did England have in 1936? — 1 - George V", \
            beside a bare "0" too; elsewhere it may number a line of a list); a year followed by a \
            name ("1984 in Los Angeles", "1976 - Innsbruck", "1999 -- MTV", "1956, Switzerland") is \
            ordered by the year, and so is a name followed by a year after \
            ", ", " - ", " -- ", " \u{2013} " or " in " under a stem that asks when ("when", "what year" \
            or "which year" among its words: "Where and when...? — Stockholm, Sweden, 1890", "Spanish in 1588"; \
            elsewhere the name is the answer and its year a note, "Where was the regatta held first? \
            — Lisbon, 1911"; a month or a season is no name: "August, 1862" is a date)
            - notes in parentheses on only some choices, but for conversions
            - questions with two aggregate choices

            Other known limits:

            - A capital joined to the number is a title only when every choice starts with it \
            ("B6", "B12").
            - A comma before three digits is a thousands separator ("1,250", never 1.25).
            - Ranges that overlap are ordered by their lower ends (by their upper ends only when \
            those are equal).
            - A bare title beside Roman-numbered ones is left out, not read as the first ("Saw" \
            beside "Saw II").
            - "Late 1880s" and "1880s" are one value.
            - "m" after a bare figure is metres and after a currency sign millions.
            - Version names are read as numbers ("Windows 3.11", "Windows 95" and "Windows 3.0", \
            with "Windows XP" left out).
            - A choice off the scale is left out even when it answers the question ("Never").
            - A pair written with a slash ("7/8" for sizes seven to eight) is read as a fraction.
            - Lists are read by their first numbers (a list beside single numbers is compared by \
            its first too).
            - A fraction in words beside three percentages or more is a bare figure in their unit \
            ("around one-half" beside "99.8%", "86.2%" and "around 10%" is read as 0.5%).

            Engines shuffle choices by default, which undoes any order: the message says so, and \
            the fix is to order the choices and set `shuffle: false` on the question (or \
            `exam.shuffle-choices: false`). With `report-shuffled`, numeric choices that are in \
            order but will be shuffled are reported too.

            \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: moon-landing
                    text: ↓In which year did Apollo 11 land on the Moon?
                    shuffle: false
                    choices:
                      - "1972"
                      - text: "1969"
                        correct: true
                      - "1961"
                      - "1975"
                """),
            .triggering(questions: """
                  - id: everest
                    text: ↓How high is Mount Everest?
                    choices:
                      - 7,500 metres
                      - 8,091 m
                      - text: 8,849 m
                        correct: true
                """, options: ["report-shuffled": .boolean(true)]),
            // One "None of these" among the numbers; lettered choices.
            .triggering(questions: """
                  - id: moons
                    text: ↓How many moons does Neptune have, as of 2023?
                    shuffle: false
                    choices:
                      - "14"
                      - "8"
                      - text: "16"
                        correct: true
                      - None of these
                  - id: lion
                    text: ↓How long does a lion live in the wild?
                    shuffle: false
                    choices:
                      - 6-9 years
                      - 20-24 years
                      - text: 10-14 years
                        correct: true
                  - id: anzacs
                    text: ↓How many Anzacs died at Lone Pine?
                    shuffle: false
                    choices:
                      - Over 1500
                      - text: Over 2000
                        correct: true
                      - Over 1000
                  - id: trump
                    text: ↓How much was Donald Trump worth in 2007, by Forbes?
                    shuffle: false
                    choices:
                      - text: $3.0 billion
                        correct: true
                      - $ 1.0 billion
                      - $ 10 billion
                  - id: seconds
                    text: ↓How many seconds are in a minute?
                    shuffle: false
                    choices:
                      - A) 59
                      - text: B) 60
                        correct: true
                      - C) 30
                      - D) 100
                """),
            // Dates with a month name; a decimal comma; "a million" and a spaced separator.
            .triggering(questions: """
                  - id: kock
                    text: ↓On what date did the Polesie group capitulate after the Battle of Kock?
                    shuffle: false
                    choices:
                      - 6 November, 1940
                      - text: 6 October, 1939
                        correct: true
                      - 16 October, 1939
                  - id: nucleus
                    text: ↓What part of an atom's mass is in its nucleus?
                    shuffle: false
                    choices:
                      - 90 %
                      - 0,01 %
                      - text: 99.9 %
                        correct: true
                  - id: satchel
                    text: ↓How much money was in the satchel?
                    shuffle: false
                    choices:
                      - 6 million dollars
                      - 586, 000 dollars
                      - a million dollars
                      - text: 2 million dollars
                        correct: true
                  - id: newhart
                    text: ↓When was Bob Newhart born?
                    shuffle: false
                    choices:
                      - 9/05/1919
                      - 9/05/1939
                      - text: 9/05/1929
                        correct: true
                  - id: eclipse
                    text: ↓How long can a total lunar eclipse last?
                    shuffle: false
                    choices:
                      - text: 1 hour  40 minutes
                        correct: true
                      - 4 hours 30 minutes
                      - 2 hours, 30 minutes
                  - id: genes
                    text: ↓How many genes does human DNA hold?
                    shuffle: false
                    choices:
                      - About 200 000
                      - text: About 20 000
                        correct: true
                      - About 1 000 000
                      - About 8 000
                """),
            // Spaced thousands in order; a space that is no thousands separator, in a mixed
            // fraction; slashed dates in order, and a fraction with two slashes that is no date;
            // spans of time in two units in order.
            .passing(questions: """
                  - id: redd-foxx
                    text: When was Redd Foxx born?
                    shuffle: false
                    choices:
                      - 12/9/1912
                      - text: 12 /9//1922
                        correct: true
                      - 12/9/1932
                  - id: sentence
                    text: How long was the sentence?
                    shuffle: false
                    choices:
                      - 1 year and 6 months
                      - text: 2 years and 6 months
                        correct: true
                      - 40 months
                  - id: ratios
                    text: Which ratio is written correctly?
                    shuffle: false
                    choices:
                      - 1/2/3
                      - text: 3/2/1
                        correct: true
                      - 2/1/3
                  - id: years
                    text: How long ago did people first reach Europe?
                    shuffle: false
                    choices:
                      - 10 000 years
                      - text: 35 000 years
                        correct: true
                      - 100 000 years
                  - id: height
                    text: How tall is a zebra at the shoulder?
                    shuffle: false
                    choices:
                      - 3 feet
                      - 4 feet
                      - text: 5 1/2 feet
                        correct: true
                      - 6 feet
                """),
            // "More than", "between ... and"; numbered titles; spans of time in different units;
            // lists of years, ordered by their first.
            .triggering(questions: """
                  - id: glacier
                    text: ↓How fast does the glacier move?
                    shuffle: false
                    choices:
                      - 37 miles per year
                      - text: 4 miles per year
                        correct: true
                      - 11 miles per year
                  - id: twins
                    text: ↓How many births in a hundred are twins?
                    shuffle: false
                    choices:
                      - 15 in 100
                      - text: 3 in 100
                        correct: true
                      - 10 in 100
                  - id: blade
                    text: ↓In which years did the three Blade movies open?
                    shuffle: false
                    choices:
                      - 1999, 2003, 2005
                      - 1997, 2001, 2003
                      - text: 1998, 2002, 2004
                        correct: true
                      - 1996, 1999, 2004
                  - id: volcanoes
                    text: ↓How many active volcanoes are there in Indonesia?
                    shuffle: false
                    choices:
                      - More than 50
                      - text: More than 120
                        correct: true
                      - More than 20
                  - id: skin
                    text: ↓What is the area of an adult's skin?
                    shuffle: false
                    choices:
                      - text: From 1.5 to 2.0 square meters
                        correct: true
                      - Between 0.5 and 1.0 square meters
                      - Between 3.0 and 3.5 square meters
                  - id: symphony
                    text: ↓Which symphony did Beethoven call the Pastoral?
                    shuffle: false
                    choices:
                      - text: "Symphony #6"
                        correct: true
                      - "Symphony #9"
                      - "Symphony #3"
                  - id: vitamin
                    text: ↓How much vitamin C does an adult goat make in a day?
                    shuffle: false
                    choices:
                      - 0.5 grams at least
                      - 13 grams or more
                      - text: 3 grams at least
                        correct: true
                      - About 9.5 grams
                  - id: capital
                    text: ↓Since when has Jerusalem been the seat of the Knesset?
                    shuffle: false
                    choices:
                      - Since 1967
                      - text: Since 1949
                        correct: true
                      - None of these
                      - Since 1984
                  - id: kittens
                    text: ↓When do kittens open their eyes?
                    shuffle: false
                    choices:
                      - 1 month
                      - text: 10 days
                        correct: true
                      - 3 weeks
                """),
            // More words that qualify a number; a second measure after a slash; a weekday before a
            // date; "None" in the others' unit; "and a half"; times on the clock; ranges whose
            // ends carry a mark, and a space before the dash alone.
            .triggering(questions: """
                  - id: orbit
                    text: ↓How long does the planet take to go round its star?
                    shuffle: false
                    choices:
                      - just over 20 years
                      - 18 years exactly
                      - text: about 15 years
                        correct: true
                      - just under 30 years
                  - id: cheetah
                    text: ↓How fast can the cat run?
                    shuffle: false
                    choices:
                      - 45 mph / 72 km/h
                      - text: 60 mph / 97 km/h
                        correct: true
                      - 30 mph / 48 km/h
                  - id: premiere
                    text: ↓When did the play open?
                    shuffle: false
                    choices:
                      - Friday, May 3, 1991
                      - text: Monday, June 10, 1990
                        correct: true
                      - Sunday, July 7, 1991
                  - id: ladder
                    text: ↓How many rungs were missing from the ladder?
                    shuffle: false
                    choices:
                      - 3 rungs
                      - text: none
                        correct: true
                      - 5 rungs
                      - 2 rungs
                  - id: halves
                    text: ↓How many laps did she swim?
                    shuffle: false
                    choices:
                      - Five and a half
                      - text: Four and a half
                        correct: true
                      - Seven
                  - id: bus
                    text: ↓When does the first bus leave?
                    shuffle: false
                    choices:
                      - 6:45 a.m.
                      - text: 6:15 a.m.
                        correct: true
                      - 7:05 a.m.
                  - id: share
                    text: ↓What share of the land is forest?
                    shuffle: false
                    choices:
                      - 20% - 30%
                      - text: 10% - 20%
                        correct: true
                      - 30% - 40%
                  - id: castle
                    text: ↓When was the castle built?
                    shuffle: false
                    choices:
                      - 13th-14th century
                      - text: 11th-12th century
                        correct: true
                      - 15th-16th century
                  - id: decay
                    text: ↓How long does the bone take to heal?
                    shuffle: false
                    choices:
                      - 8 -10 weeks
                      - text: 4 -6 weeks
                        correct: true
                      - 12 -14 weeks
                """),
            // Fractions, ordinal words, "late" before a decade, a doubled space.
            .triggering(questions: """
                  - id: dice-seven
                    text: ↓What is the chance of rolling a seven with two dice?
                    shuffle: false
                    choices:
                      - 1/36
                      - 7/36
                      - text: 1/6
                        correct: true
                      - 7/6
                  - id: moonwalk
                    text: ↓How long did the astronauts of Apollo 11 spend on the Moon?
                    shuffle: false
                    choices:
                      - 60 minutes
                      - 5 hours
                      - text: 2\u{BD} hours
                        correct: true
                      - 35 minutes
                  - id: punic
                    text: ↓Which Punic War was fought in Sicily from 264 to 241 BC?
                    shuffle: false
                    choices:
                      - Second Punic War
                      - Fourth Punic War
                      - text: First Punic War
                        correct: true
                  - id: flooded
                    text: ↓When was the village flooded for the reservoir?
                    shuffle: false
                    choices:
                      - 1960s
                      - Late 1880s
                      - text: 1970s
                        correct: true
                  - id: episodes
                    text: ↓How many episodes of the show were filmed?
                    shuffle: false
                    choices:
                      - Between 1,501 and 2,000
                      - text: Over 3,500
                        correct: true
                      - Between 1,000  and 1,500
                """),
            // Feet and inches, pounds and ounces, abbreviated hours, "twenty five", "1 and 7/8".
            .triggering(questions: """
                  - id: singer
                    text: ↓How tall is the singer?
                    shuffle: false
                    choices:
                      - 6 ft 2 in
                      - text: 5 ft 11 in
                        correct: true
                      - 6 ft 4 in
                  - id: bat
                    text: ↓How much does a vampire bat weigh?
                    shuffle: false
                    choices:
                      - 8 oz.
                      - text: 1.5 oz.
                        correct: true
                      - 1 lb.
                  - id: song
                    text: ↓How long is the longest song on the album?
                    shuffle: false
                    choices:
                      - 5 Hrs
                      - 38 seconds
                      - text: 2 Hrs., 15 minutes
                        correct: true
                  - id: fee
                    text: ↓How much was he paid for the part?
                    shuffle: false
                    choices:
                      - 200 dollars
                      - text: twenty five dollars
                        correct: true
                      - 1000 dollars
                  - id: eclipse-time
                    text: ↓How long did the eclipse last?
                    shuffle: false
                    choices:
                      - 1 and 7/8 hours
                      - text: 4 hours
                        correct: true
                      - 1 and 1/4 hours
                """),
            // Seasons with a year, number words after a shared title, "Once" and "Twice".
            .triggering(questions: """
                  - id: sleepers
                    text: ↓In what year and season did the boys' lives change in Sleepers?
                    shuffle: false
                    choices:
                      - text: Summer 1967
                        correct: true
                      - Fall 1968
                      - Summer 1968
                      - Fall 1967
                  - id: sopranos
                    text: ↓In what season of The Sopranos did the attack occur?
                    shuffle: false
                    choices:
                      - text: season three
                        correct: true
                      - season two
                      - season four
                  - id: hibernate
                    text: ↓How many times a year does the animal moult?
                    shuffle: false
                    choices:
                      - Twice
                      - Seven times
                      - text: Once
                        correct: true
                """),
            // Pairs of years; spans in three units; ranges in number words and between dates; "a
            // week"; magnitudes and cents beside amounts of money; lengths across metric and
            // imperial units; one choice without a figure left out.
            .triggering(questions: """
                  - id: world-series
                    text: ↓In which two years did the team win the World Series?
                    shuffle: false
                    choices:
                      - 1993 and 1994
                      - 1990 and 1991
                      - text: 1992 and 1993
                        correct: true
                  - id: mission
                    text: ↓How long did the mission last?
                    shuffle: false
                    choices:
                      - 3 days, 11 hours, 50 minutes
                      - 1 day, 22 hours, 50 minutes
                      - text: 2 days, 22 hours, 50 minutes
                        correct: true
                  - id: wine
                    text: ↓How many glasses of wine a day do doctors call moderate?
                    shuffle: false
                    choices:
                      - Five glasses
                      - Three to four glasses
                      - text: One to two glasses
                        correct: true
                      - Six glasses
                  - id: aired
                    text: ↓When did the show air?
                    shuffle: false
                    choices:
                      - September 1969 to September 1970
                      - text: September 1967 to May 1970
                        correct: true
                      - September 1968 to May 1971
                  - id: cast
                    text: ↓How long should a plaster cast be left to set?
                    shuffle: false
                    choices:
                      - 2 days
                      - text: a week
                        correct: true
                      - an hour
                  - id: transfer
                    text: ↓What was the transfer fee?
                    shuffle: false
                    choices:
                      - $5m
                      - text: $750,000
                        correct: true
                      - $2m
                  - id: fare
                    text: ↓How much was the bus fare?
                    shuffle: false
                    choices:
                      - 50 cents
                      - text: $2.50
                        correct: true
                      - $1.00
                      - 32 cents
                  - id: profit
                    text: ↓How much did the trader make in all?
                    shuffle: false
                    choices:
                      - $10
                      - text: "- $20"
                        correct: true
                      - $20
                  - id: pitch
                    text: ↓How long is a cricket pitch?
                    shuffle: false
                    choices:
                      - text: 22 yards
                        correct: true
                      - 100 feet
                      - 25 metres
                  - id: venus
                    text: ↓How long is a day on Venus?
                    shuffle: false
                    choices:
                      - 20 Earth hours
                      - 106 Earth days
                      - text: 243 Earth days
                        correct: true
                      - 10 Earth hours
                  - id: eyelashes
                    text: ↓When do a fetus's eyelashes form?
                    shuffle: false
                    choices:
                      - text: Between the 7th and 8th week
                        correct: true
                      - Around the 26th week
                      - Between the 13th and 14th week
                  - id: strength
                    text: ↓The hero has the strength of how many men?
                    shuffle: false
                    choices:
                      - 1,000 men
                      - 10 men
                      - "100,000,000"
                      - text: 100 men
                        correct: true
                  - id: field
                    text: ↓How long is the field?
                    shuffle: false
                    choices:
                      - 22 yards
                      - text: 1/2 furlong
                        correct: true
                      - 25 metres
                  - id: jacob
                    text: ↓How many years did Jacob work for each of his wives?
                    shuffle: false
                    choices:
                      - 3 years each
                      - text: 7 years each
                        correct: true
                      - 1 year each
                  - id: citizen
                    text: ↓In what year did the director become a citizen?
                    shuffle: false
                    choices:
                      - "1956"
                      - He never became one
                      - "1946"
                      - text: "1965"
                        correct: true
                """),
            // Near misses: a pair of numbered statements is no pair of years; a choice without a
            // figure among three; a choice with one after a shared title; a range whose upper end
            // does not read; counts before names under a stem that does not ask how many.
            .passing(questions: """
                  - id: statements
                    text: Which two statements are true?
                    shuffle: false
                    choices:
                      - 1 and 3
                      - text: 2 and 4
                        correct: true
                      - 1 and 2
                  - id: trimester
                    text: When is sleep hardest during a pregnancy?
                    shuffle: false
                    choices:
                      - The second trimester
                      - The first month of the pregnancy
                      - The first trimester
                      - text: The third trimester
                        correct: true
                  - id: flight
                    text: How long is the flight?
                    shuffle: false
                    choices:
                      - 2 hours
                      - 3 hours
                      - text: 90 minutes
                        correct: true
                      - "5"
                  - id: olympics
                    text: In which year were the Olympics held in Tokyo?
                    shuffle: false
                    choices:
                      - "1968"
                      - Never
                      - text: "1964"
                        correct: true
                  - id: kings
                    text: Which list names the kings of England in 1936?
                    shuffle: false
                    choices:
                      - 1 - George V
                      - text: 3 - George V, Edward VIII and George VI
                        correct: true
                      - 2 - Albert II and George VI
                      - 0 - There was a queen
                """),
            // Fractions and ordinals in order; a fraction with a second slash is none; titles
            // that share a number word but not a unit; a season without a year.
            .passing(questions: """
                  - id: vegetarians
                    text: What part of the world's people eat no meat?
                    shuffle: false
                    choices:
                      - 1/20
                      - text: 1/10
                        correct: true
                      - 1/4
                      - 1/2
                  - id: rank
                    text: Where did the book rank among best sellers?
                    shuffle: false
                    choices:
                      - First
                      - Second
                      - text: Third
                        correct: true
                  - id: motown
                    text: Which group sang "Reach Out I'll Be There"?
                    shuffle: false
                    choices:
                      - The Five Discs
                      - text: The Four Tops
                        correct: true
                      - The Four Seasons
                  - id: bloom
                    text: When does the cherry tree bloom?
                    shuffle: false
                    choices:
                      - Summer
                      - text: Spring
                        correct: true
                      - Winter
                """),
            // Near misses: addresses, which a space and a dash join to a street number; scores
            // and ratios with a colon; times in order.
            .passing(questions: """
                  - id: address
                    text: Where did the band first rehearse?
                    shuffle: false
                    choices:
                      - 368 -38th Street
                      - text: 361 -38th Street
                        correct: true
                      - 366 -38th Street
                  - id: score
                    text: What was the final score?
                    shuffle: false
                    choices:
                      - "14:0"
                      - text: "3:2"
                        correct: true
                      - "8:1"
                  - id: tide
                    text: When is high tide?
                    shuffle: false
                    choices:
                      - 9:05 p.m.
                      - text: 10:40 p.m.
                        correct: true
                      - 11:15 p.m.
                """),
            // Notes in parentheses after every choice; a plural unit beside its singular; ranks
            // with a number sign; a capital joined to the number; "None" as a count.
            .triggering(questions: """
                  - id: tower
                    text: ↓How tall is the Sears Tower?
                    shuffle: false
                    choices:
                      - 1095 ft (334 m)
                      - 1811 ft (552 m)
                      - text: 1453 ft (443 m)
                        correct: true
                  - id: warming
                    text: ↓By how much did the average temperature climb in the last century?
                    shuffle: false
                    choices:
                      - 3 degrees Fahrenheit
                      - text: 1 degree Fahrenheit
                        correct: true
                      - 2 degrees Fahrenheit
                  - id: ranking
                    text: ↓Where was she ranked in the list?
                    shuffle: false
                    choices:
                      - "# 4"
                      - text: "# 1"
                        correct: true
                      - "# 2"
                  - id: folic-acid
                    text: ↓Which vitamin is folic acid?
                    shuffle: false
                    choices:
                      - Vitamin B6
                      - text: Vitamin B9
                        correct: true
                      - Vitamin B2
                  - id: fighter
                    text: ↓Which fighter first flew in 1974?
                    shuffle: false
                    choices:
                      - text: F-16
                        correct: true
                      - F-14
                      - F-15
                  - id: wine
                    text: ↓At what temperature should white wine be served?
                    shuffle: false
                    choices:
                      - text: 7 to 9 °C
                        correct: true
                      - 13 to 15 °C
                      - 1 to 5 °C
                  - id: run
                    text: ↓When did the show run?
                    shuffle: false
                    choices:
                      - 1962- 1978
                      - text: 1966- 1981
                        correct: true
                      - 1961-1975
                  - id: grammys
                    text: ↓How many Grammy Awards did the band win?
                    shuffle: false
                    choices:
                      - text: "3"
                        correct: true
                      - "1"
                      - "5"
                      - None
                """),
            // A whole span of time; a share of a whole written as a word; shares of different
            // wholes, by their values; eras written with points; names with their years.
            .triggering(questions: """
                  - id: two-dice
                    text: ↓What is the chance of rolling a seven with two dice?
                    shuffle: false
                    choices:
                      - text: 6 out of 36
                        correct: true
                      - 13 out of 36
                      - 2 out of 6
                      - 1 in 12
                  - id: aardvark
                    text: ↓What is the gestation period of an aardvark?
                    shuffle: false
                    choices:
                      - 9 months
                      - text: 1 full year
                        correct: true
                      - 3 months
                      - 7 months
                  - id: marbles
                    text: ↓A bag holds four red and six blue marbles. What is the chance of drawing a blue one?
                    shuffle: false
                    choices:
                      - text: 6 out of ten
                        correct: true
                      - "0"
                      - 4 out of ten
                      - 2 out of ten
                  - id: revolt
                    text: ↓When was the Great Jewish Revolt against Rome?
                    shuffle: false
                    choices:
                      - 120-110 b.c.e.
                      - 250-223 b.c.e.
                      - text: 66-73 c.e.
                        correct: true
                      - 211-216 c.e.
                  - id: invasion
                    text: ↓When and by whom was England conquered in the Middle Ages?
                    shuffle: false
                    choices:
                      - Spanish in 1588
                      - Dutch in 1688
                      - text: Norman in 1066
                        correct: true
                      - German in 1940
                  - id: journey
                    text: ↓Where and when does the story begin?
                    shuffle: false
                    choices:
                      - Stockholm, Sweden, 1890
                      - London, England, 1900
                      - text: Edinburgh, Scotland, 1880
                        correct: true
                      - Oslo, Norway, 1860
                  - id: antietam
                    text: ↓When was the Battle of Antietam fought?
                    shuffle: false
                    choices:
                      - August, 1862
                      - October, 1862
                      - text: September, 1862
                        correct: true
                      - December, 1862
                """),
            // Near misses: years in order, ordered amounts with different spellings, mixed text,
            // pairs of numbered statements (a list needs three numbers), orders to choose (a list
            // must ascend), shares of different wholes in order of their values.
            .passing(questions: """
                  - id: dice
                    text: What is the chance of rolling a seven with two dice?
                    shuffle: false
                    choices:
                      - text: 1 in 6
                        correct: true
                      - 13 out of 36
                      - 1 in 2
                  - id: statements
                    text: Which of the statements above are true?
                    shuffle: false
                    choices:
                      - 2, 4
                      - text: 1, 3
                        correct: true
                      - 1, 2
                  - id: albums
                    text: In which order did these four albums come out?
                    shuffle: false
                    choices:
                      - 1, 2, 4, 3
                      - 3, 2, 1, 4
                      - text: 2, 1, 4, 3
                        correct: true
                  - id: moon-landing
                    text: In which year did Apollo 11 land on the Moon?
                    shuffle: false
                    choices:
                      - "1961"
                      - text: "1969"
                        correct: true
                      - "1972"
                      - "1975"
                  - id: rome
                    text: When was Rome founded, by tradition?
                    shuffle: false
                    choices:
                      - text: 753 BC
                        correct: true
                      - 509 BC
                      - AD 27
                  - id: population
                    text: How many people live in Tokyo's metropolis?
                    shuffle: false
                    choices:
                      - 9.5 million
                      - text: 14 million
                        correct: true
                      - 30,000,000
                  - id: armistice
                    text: When did the First World War end?
                    shuffle: false
                    choices:
                      - July 28, 1914
                      - text: November 11, 1918
                        correct: true
                      - June 28, 1919
                  - id: missions
                    text: Which spacecraft is from a TV series?
                    shuffle: false
                    choices:
                      - text: Jupiter 2
                        correct: true
                      - Apollo 13
                      - Gemini 12
                  - id: grizzly
                    text: How tall is a grizzly bear standing up?
                    shuffle: false
                    choices:
                      - 6 feet (1.8 m)
                      - 7 feet (2.1 m)
                      - text: 8 feet (2.4 m)
                        correct: true
                  - id: films
                    text: In which film did they play brothers?
                    shuffle: false
                    choices:
                      - Red Heat (1988)
                      - text: Twins (1988)
                        correct: true
                      - Junior (1994)
                  - id: planets
                    text: Which of these is a planet?
                    choices:
                      - text: Mars
                        correct: true
                      - "1"
                      - "3"
                      - Ceres
                """),
            // Ranges with one lower end, ordered by their upper ends, and "just" before a number;
            // a space before a percent sign; numbered titles in Roman numerals, one choice
            // without the number beside three; years followed by names.
            .triggering(questions: """
                  - id: clutch
                    text: ↓How many eggs does the lizard lay at a time?
                    shuffle: false
                    choices:
                      - 1-9
                      - text: 1-4
                        correct: true
                      - 1-6
                      - just 1
                  - id: turnout
                    text: ↓What share of the members voted?
                    shuffle: false
                    choices:
                      - 48 %
                      - text: 31%
                        correct: true
                      - 52 %
                  - id: sequel
                    text: ↓In which film of the series does the lighthouse burn?
                    shuffle: false
                    choices:
                      - Tidewater
                      - text: Tidewater III
                        correct: true
                      - Tidewater IV
                      - Tidewater II
                  - id: regent
                    text: ↓Which duke built the bridge at Orlen?
                    shuffle: false
                    choices:
                      - Ulric XIV
                      - text: Ulric IX
                        correct: true
                      - Ulric XII
                  - id: fair
                    text: ↓When and where was the first glass fair held?
                    shuffle: false
                    choices:
                      - 1911 in Lisbon
                      - 1896 in Ghent
                      - text: 1904 - Turin
                        correct: true
                      - 1923, Oslo
                """),
            // Near misses: ranges with one lower end in order; a Roman title whose other
            // choices are in order, its bare title left out; letters that end names but are no
            // numerals; a year after a name under a stem that does not ask when.
            .passing(questions: """
                  - id: litter
                    text: How many cubs are born in a litter?
                    shuffle: false
                    choices:
                      - 1-2
                      - text: 1-4
                        correct: true
                      - 1-6
                  - id: trilogy
                    text: Which film of the series came out first?
                    shuffle: false
                    choices:
                      - Tidewater IV
                      - Tidewater
                      - Tidewater III
                      - text: Tidewater II
                        correct: true
                  - id: vitamins
                    text: Which vitamin do oranges hold most of?
                    shuffle: false
                    choices:
                      - Vitamin D
                      - text: Vitamin C
                        correct: true
                      - Vitamin K
                      - Vitamin X
                  - id: regatta
                    text: Where was the regatta held first?
                    shuffle: false
                    choices:
                      - Lisbon, 1911
                      - text: Ghent, 1896
                        correct: true
                      - Turin, 1904
                """),
            // A note inside every choice; a conversion on one choice, and tons; fractions with
            // long denominators; fractions in words; a dozen, and "only" before a number; counts
            // before names under a stem that asks how many.
            .triggering(questions: """
                  - id: farthing
                    text: ↓What was the smallest coin of the old mint worth?
                    shuffle: false
                    choices:
                      - one half of a cent
                      - one cent
                      - text: one eighth of a cent
                        correct: true
                      - one quarter of a cent
                  - id: shoot
                    text: ↓How long did the shoot take?
                    shuffle: false
                    choices:
                      - two months
                      - nine months
                      - half a year
                      - text: two weeks
                        correct: true
                  - id: dunes
                    text: ↓How much of the country is desert?
                    shuffle: false
                    choices:
                      - More than two thirds
                      - text: One third
                        correct: true
                      - Half of it
                      - One fourth
                  - id: monarchs
                    text: ↓How many kings did England have in 1936?
                    shuffle: false
                    choices:
                      - 1 - George V
                      - text: 3 - George V, Edward VIII and George VI
                        correct: true
                      - 2 - Albert II and George VI
                      - 0 - There was a queen
                  - id: salt-lake
                    text: ↓How far below sea level does the salt lake lie?
                    shuffle: false
                    choices:
                      - text: 12 m (39 ft)
                        correct: true
                      - 150 (492 ft)
                      - 90 (295 ft)
                      - 45 (148 ft)
                  - id: sequoia
                    text: ↓How wide was the trunk of the old sequoia at its base?
                    shuffle: false
                    choices:
                      - Over 31 feet (9,4 m) across
                      - text: Over 34 feet (10,4 m) across
                        correct: true
                      - Over 25 feet (7,6 m) across
                      - Over 28 feet (8,5 m) across
                  - id: freight
                    text: ↓How much can the small barge carry?
                    shuffle: false
                    choices:
                      - One ton (2000 pounds)
                      - text: 3,000 pounds
                        correct: true
                      - 1,200 pounds
                      - 800 pounds
                  - id: micro
                    text: ↓What does the prefix micro mean?
                    shuffle: false
                    choices:
                      - 1/1,000
                      - text: 1/1,000,000
                        correct: true
                      - 1/100
                      - 1/10000
                  - id: clutch-size
                    text: ↓How many eggs can a tortoise lay at once?
                    shuffle: false
                    choices:
                      - "4"
                      - up to one dozen
                      - text: only 1
                        correct: true
                      - "2"
                """),
            // Near misses: conversions in order; a slash before a long number that is no power
            // of ten reads as no fraction; titles with their years in notes; fractions in words in
            // order.
            .passing(questions: """
                  - id: steppe
                    text: How much of the country is grassland?
                    shuffle: false
                    choices:
                      - One fourth
                      - One third
                      - text: Half of it
                        correct: true
                      - Two thirds
                  - id: silent-films
                    text: Which film was banned for copying the novel?
                    shuffle: false
                    choices:
                      - Nightfall (1931)
                      - text: Dawn Raid (1972)
                        correct: true
                      - The Lantern (1922)
                      - Harbour Lights (1974)
                  - id: cargo
                    text: How much can the small barge carry?
                    shuffle: false
                    choices:
                      - 800 pounds
                      - text: 1,200 pounds
                        correct: true
                      - One ton (2000 pounds)
                      - 3 tons (6000 pounds)
                  - id: codes
                    text: Which code opens the gate?
                    shuffle: false
                    choices:
                      - 4/1776
                      - text: 1/10
                        correct: true
                      - 1/100
                      - 1/1000
                """),
            // Numbers in words with hundreds and thousands; ranges from a mixed number; "always"
            // before a number; a title joined to its number in one choice; a comment after a
            // figure; a month name misspelt; fractions with a sign.
            .triggering(questions: """
                  - id: census
                    text: ↓How many people lived in the county in 1900?
                    choices:
                      - Two hundred, forty thousand, one hundred twelve
                      - text: One million, two hundred thousand
                        correct: true
                      - Ninety-six thousand and five
                      - Three hundred and ten thousand
                  - id: sleeve
                    text: ↓How long is the regulation sleeve, in inches?
                    choices:
                      - 31 1/4 to 32
                      - text: 30 1/2 to 31 1/4
                        correct: true
                      - 32 to 33
                      - 30 to 30 1/2
                  - id: crew
                    text: ↓How many riders may a racing sled carry?
                    choices:
                      - Up to 2
                      - text: Up to 4
                        correct: true
                      - Up to 3
                      - Always 2
                  - id: locker
                    text: ↓Which locker did the coach give the new goalkeeper?
                    choices:
                      - Locker 12
                      - text: Locker9
                        correct: true
                      - Locker 15
                      - Locker 4
                  - id: lunar-crew
                    text: ↓How many astronauts flew on the first probe to orbit the Moon?
                    choices:
                      - "2"
                      - "3"
                      - "1"
                      - text: 0 as it was unmanned
                        correct: true
                  - id: premiere
                    text: ↓When did the first episode air in Japan?
                    choices:
                      - November 2, 2004
                      - text: Febuary 14, 2005
                        correct: true
                      - December 20, 2004
                      - March 1, 2005
                  - id: slope
                    text: ↓What is the slope of the line through (0, 1) and (2, -4)?
                    choices:
                      - 5/2
                      - text: -5/2
                        correct: true
                      - -2/5
                      - 2/5
                """),
            // Near misses: numbers in words in order, "and" before a number in a group; titles
            // that start with a number in words.
            .passing(questions: """
                  - id: seats
                    text: How many seats does the old opera house have?
                    shuffle: false
                    choices:
                      - One hundred and five
                      - text: One hundred and fifty
                        correct: true
                      - Two hundred
                      - Two thousand and twelve
                  - id: litter
                    text: How many kittens does a house cat usually have in a litter?
                    shuffle: false
                    choices:
                      - 1 or 2
                      - text: 4 possibly 5
                        correct: true
                      - 7, but only in large breeds
                      - "10"
                  - id: intercept
                    text: Where does the line y = 2x + 3 cross the x-axis?
                    shuffle: false
                    choices:
                      - text: -3/2
                        correct: true
                      - -2/3
                      - 2/3
                      - 3/2
                  - id: novel
                    text: Which novel is set in the town of Macondo?
                    choices:
                      - Two Hundred Days of Rain
                      - text: One Hundred Years of Solitude
                        correct: true
                      - Three Thousand Miles
                      - Five Hundred Nights
                """),
        ])

    private let reportShuffled: Bool

    init(options: Options) {
        reportShuffled = options.reportShuffled
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse, question.choices.count >= 3 else { return }
        let shuffled = question.shuffle ?? bank.bank.exam?.shuffleChoices ?? true
        var reported: Set<[Double]> = []
        for item in EnglishItem.all(of: question, sourceLocale: bank.sourceLocale) {
            guard let choices = item.allChoices else { continue }
            // Read in turn, stopping at the first choice that is not a number (most questions'
            // first choice).
            var numbers: [NumericValue] = []
            // What each number was read from (nil for a bare "None"), for the upper ends of ranges.
            var readFrom: [Substring?] = []
            // Choices left out of the order: one aggregate ("None of these") or one without a figure.
            var setAside = 0
            var bareNones = 0
            // A note in parentheses that ends every choice ("1095 ft (334 m)", "2002 Winter
            // Olympics (USA)") is read past: the number before it orders the choice.
            // So is a second measure after a slash ("35 mph / 56 km/h").
            // So is a name after a year ("1984 in Los Angeles", "1976 - Innsbruck"), and a name
            // before one under a stem that asks when ("Where and when...? — Stockholm, Sweden,
            // 1890"): elsewhere the name is the answer, and its year a note ("Where was the
            // regatta held first? — Lisbon, 1911").
            // A note inside every choice, after its measure, is read past as well ("Over 11 feet
            // (3,40 m) tall"), and so is a conversion that ends a choice ("One ton (2000 pounds)").
            // And under a stem that asks how many, the names after a count ("2 - Mike and Sarah").
            let withoutNotes = NumericValue.withoutSharedInnerNotes(NumericValue.withoutSharedNotes(choices.map(\.text)))
                .map(NumericValue.withoutConversion).map(NumericValue.withoutComment)
            let texts = NumericValue.countsBeforeNames(NumericValue.namesBeforeYears(NumericValue.yearsBeforeNames(
                NumericValue.withoutSharedSecondMeasures(withoutNotes)),
                asksWhen: { NumericValue.asksWhen(item.stem.text) }), asksHowMany: { NumericValue.asksHowMany(item.stem.text) })
            // Numbered titles that share their words before the number ("Symphony #8", "Soyuz 11"),
            // and so do those numbered in Roman numerals ("Rocky III", "Henry VIII").
            let digitTitle = NumericValue.sharedTitle(texts)
            let romanTitle = digitTitle.isEmpty ? NumericValue.sharedRomanTitle(texts) : ""
            let title = romanTitle.isEmpty ? digitTitle : romanTitle
            for (choice, text) in zip(choices, texts) {
                // A choice without the shared title can only be one left out ("Since 1948",
                // "Since 1967", "None of these").
                let titleLength = title.isEmpty ? 0 : NumericValue.titleLength(title, in: text)
                let titled = titleLength != nil
                let rest = String(text.dropFirst(titleLength ?? 0))
                let unlabelled = NumericValue.withoutLetterLabel(rest)
                if titled, let number = romanTitle.isEmpty ? NumericValue.orderingValue(unlabelled)
                    : NumericValue.romanNumeral(unlabelled).map({ NumericValue(value: $0, unit: nil) }) {
                    numbers.append(number)
                    readFrom.append(unlabelled)
                    continue
                }
                // One "None of these" among numbers leaves the numbers to judge.
                if setAside == 0, AggregateChoice.of(choice.text, stem: { item.stem.text }) != nil {
                    setAside += 1
                    continue
                }
                // A bare "None" that is no aggregate is a count ("How many Grammys did he win? — None").
                if NumericValue.isBareNone(text) {
                    numbers.append(NumericValue(value: 0, unit: nil))
                    readFrom.append(nil)
                    bareNones += 1
                    continue
                }
                // One choice of four or more without a figure ("Never", "It is not stated.") is left
                // out as an aggregate one is: an answer off the scale, which the others still form
                // ("The first month" has one, after the title "The "), when every other choice
                // has a digit, starts with a number word or is a bare "None": a quick look at their
                // bytes first, since most first choices are words, and so are the rest. A Roman
                // title is on every other choice ("Rocky" beside "Rocky II", "Rocky III", "Rocky IV").
                guard setAside == 0, choices.count >= 4, !NumericValue.mayBeNumber(rest),
                      !romanTitle.isEmpty || texts.allSatisfy({ $0 == text || NumericValue.mayBeNumber(title.isEmpty ? $0 : String($0.dropFirst(title.count)))
                          || $0.utf8.count <= 8 && NumericValue.isBareNone($0) }) else { break }
                setAside += 1
            }
            guard numbers.count == choices.count - setAside, numbers.count >= 3 else { continue }
            // A bare "None" counts in the others' unit ("None", "7 rungs", "5 rungs"), and so does
            // one bare figure beside three or more that share a unit as written ("100,000,000"
            // beside "10 men", "100 men", "1,000 men"; not beside "2 hours", a value in seconds).
            if case let units = Set(numbers.compactMap(\.unit)), units.count == 1, let unit = units.first,
               numbers.filter({ $0.unit == nil }).count == 1,
               bareNones == 1 || numbers.count >= 4 && !NumericValue.convertedUnits.contains(unit) && !unit.hasPrefix("date")
                && !unit.hasSuffix(" duration") {
                numbers = numbers.map { NumericValue(value: $0.value, unit: unit) }
            }
            // All with the same unit, or all without: "1", "2", "3 Doors Down" is no scale.
            guard Set(numbers.map { $0.unit ?? "" }).count == 1 else { continue }
            let values = numbers.map(\.value)
            var ordered = NumericValue.isInOrder(values.map { ($0, $0) })
            // Ranges whose lower ends are equal are ordered by their upper ends ("1-4", "1-7", "1-10").
            if ordered, Set(values).count < values.count {
                ordered = NumericValue.isInOrder(zip(numbers, readFrom).map { number, text in
                    (number.value, text.flatMap { NumericValue.upperEnd(of: $0, unit: number.unit) } ?? number.value)
                })
            }
            guard !ordered || shuffled && reportShuffled, reported.insert(values).inserted else { continue }
            let shown = choices.map { English.quote($0.text, limit: 20) }.joined(separator: ", ")
            let fix = shuffled ? "; engines shuffle them unless the question says `shuffle: false`" : ""
            if ordered {
                report("the numeric choices of question '\(question.id.value)'\(item.suffix) (\(shown)) are in order, "
                       + "but engines shuffle them: set `shuffle: false` to keep the order", at: item.stem.range)
            } else {
                report("the numeric choices of question '\(question.id.value)'\(item.suffix) (\(shown)) are not in "
                       + "ascending or descending order: list them in order\(fix)", at: item.stem.range)
            }
        }
    }
}

/// A choice read as a number: "1,250", "-3.5 %", "$40", "2nd", "1990s", "753 BC", "1.3 million",
/// "26 Earth hours", "twenty-one".
struct NumericValue {
    var value: Double
    /// The unit words after the number, lower case, a final "s" dropped; nil for none.
    var unit: String?

    private static let multipliers: [String: Double] = [
        "dozen": 12, "hundred": 1e2, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12,
    ]
    private static let numberWords: [String: Double] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
        "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    private static let ordinalWords: [String: Double] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
        "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
        "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
    ]
    private static let timesWords: [String: Double] = ["once": 1, "twice": 2, "thrice": 3]
    /// Words that change what a number means; a choice with one is not judged.
    private static let qualifiers: Set<String> = [
        "about", "around", "approximately", "approx", "over", "under", "more", "less", "than", "nearly", "almost",
        "between", "and", "or", "to", "up", "at", "least", "most", "per", "each", "every", "circa", "c", "ca", "only",
        "exactly", "just", "some", "several", "no", "none", "not", "of", "the", "a", "an", "in", "on", "by", "for",
    ]

    /// `raw` without a leading option letter ("A) 59", "(b) 60", "C. 61", "d: 62"), which
    /// converted banks keep from lettered originals.
    static func withoutLetterLabel(_ raw: String) -> Substring {
        var text = Substring(raw)
        while text.first == " " { text = text.dropFirst() }
        var rest = text
        let opened = rest.first == "("
        if opened { rest = rest.dropFirst() }
        guard let letter = rest.first, letter.isASCII, letter.isLetter else { return Substring(raw) }
        rest = rest.dropFirst()
        guard let mark = rest.first, mark == ")" || !opened && (mark == "." || mark == ":"),
              rest.dropFirst().first == " " else { return Substring(raw) }
        return rest.dropFirst(2)
    }

    static func parse(_ raw: Substring) -> NumericValue? {
        parse(String(raw))
    }

    /// Words before a number that every choice of a scale may share ("Over 1500", "About 20"):
    /// read past, the number orders the choice.
    private static let leadingQualifiers = [
        "over ", "about ", "around ", "approximately ", "approx. ", "nearly ", "almost ", "roughly ", "some ", "more than ",
        "greater than ", "less than ", "fewer than ", "just over ", "just under ", "just ", "exactly ", "always ", "under ", "up to ", "at least ",
        "between ", "from ", "~", "early ", "late ", "mid-", "mid ", "only ",
    ]

    /// Words after a number that qualify it as the leading ones do ("13 grams or more", "3 grams
    /// at least"): read past.
    private static let trailingQualifiers = [
        " or more", " or less", " or fewer", " or over", " or above", " or so", " at least", " at most", " and over", " and up",
        " exactly", " each",
    ]

    /// Words that start a comment after a figure ("0 as it was unmanned", "6 possibly 7").
    private static let commentStarts = [
        " as ", " because ", " since ", " but ", " though ", " although ", " if ", " possibly ", " probably ", " perhaps ", " maybe ",
    ]

    /// `text` without a comment after its figure, when it starts with one: "0 as it was
    /// unmanned" → "0", "6 possibly 7" → "6", "2, but only once" → "2"; `text` itself otherwise.
    /// The comment starts with one of `commentStarts` in lower case, and what is before it must
    /// read as a number. Most choices start with no digit: looked at first.
    static func withoutComment(_ text: String) -> String {
        guard let first = text.utf8.first, first >= 0x30 && first <= 0x39,
              let start = commentStarts.lazy.compactMap({ text.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound })
        else { return text }
        var before = text[..<start.lowerBound]
        if before.last == "," { before = before.dropLast() }
        return parseFully(String(before)) == nil ? text : String(before)
    }

    /// `texts` without the note in parentheses that ends each of them, when every one (of three
    /// or more) has one: "1095 ft (334 m)" → "1095 ft"; `texts` themselves otherwise. When the
    /// figures before the notes are not of one unit and the notes are ("15 m (50 ft)" beside
    /// "240 (787 ft)", a unit left out), the notes, which give each measure in full; not when
    /// the texts before them are no numbers ("Dracula (1931)": the title is the answer).
    static func withoutSharedNotes(_ texts: [String]) -> [String] {
        // Most choices end in a letter or digit: looked at before anything is trimmed.
        guard texts.count >= 3, texts.allSatisfy({ $0.last == ")" || $0.last == "." || $0.last?.isWhitespace == true })
        else { return texts }
        var befores: [String] = []
        var notes: [String] = []
        for text in texts {
            var trimmed = English.trimmed(text)
            // "4 half-steps (4 semi-tones).": a full stop after the note.
            if trimmed.hasSuffix(")."), trimmed.count > 2 { trimmed.removeLast() }
            guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("), open > trimmed.startIndex else { return texts }
            let before = English.trimmed(String(trimmed[..<open]))
            guard !before.isEmpty else { return texts }
            befores.append(before)
            notes.append(English.trimmed(String(trimmed[trimmed.index(after: open)...].dropLast())))
        }
        let unitsBefore = units(of: befores)?.count ?? 0
        return unitsBefore > 1 && units(of: notes)?.count == 1 ? notes : befores
    }

    /// The units of `texts` (nil standing for none), when every one reads as a number; nil otherwise.
    private static func units(of texts: [String]) -> Set<String?>? {
        var units: Set<String?> = []
        for text in texts {
            guard let value = orderingValue(Substring(text)) else { return nil }
            units.insert(value.unit)
        }
        return units
    }

    /// `texts` without the note in parentheses inside each of them, words after it, when every one
    /// (of three or more) has one such note and no other: "11 feet (3,40 m) tall" → "11 feet
    /// tall"; `texts` themselves otherwise.
    static func withoutSharedInnerNotes(_ texts: [String]) -> [String] {
        // Read as bytes: most choices have no parenthesis.
        guard texts.count >= 3, texts.allSatisfy({ $0.utf8.contains(UInt8(ascii: "(")) }) else { return texts }
        var result: [String] = []
        for text in texts {
            guard let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")"),
                  !text[text.index(after: open)...].contains("("), !text[text.index(after: close)...].contains(")")
            else { return texts }
            let before = English.trimmed(String(text[..<open])), after = English.trimmed(String(text[text.index(after: close)...]))
            guard !before.isEmpty, !after.isEmpty else { return texts }
            result.append(before + " " + after)
        }
        return result
    }

    /// `text` without a note in parentheses that ends it and gives its measure again in a unit
    /// of the same kind ("One ton (2000 pounds)" → "One ton", "5 ft (1.5 m)" → "5 ft"): a
    /// conversion, which a writer may give on some choices only. `text` itself otherwise.
    static func withoutConversion(_ text: String) -> String {
        guard text.utf8.last == UInt8(ascii: ")"), let open = text.lastIndex(of: "("), open > text.startIndex else { return text }
        let before = English.trimmed(String(text[..<open]))
        let note = English.trimmed(String(text[text.index(after: open)...].dropLast()))
        guard let value = parse(before), let unit = value.unit, convertedUnits.contains(unit),
              let converted = parse(note), converted.unit == unit else { return text }
        return before
    }

    /// `texts` without the second measure after a slash that ends each of them, when every one
    /// (of three or more) has one: "120 degrees F / 50 degrees Celsius" → "120 degrees F", "35
    /// mph / 56 km/h" → "35 mph"; `texts` themselves otherwise. The slash follows a unit (a letter
    /// or a mark, spaces between) and a number follows it: "1/2", "9/05/1919" and "km/h" are no
    /// such slash.
    static func withoutSharedSecondMeasures(_ texts: [String]) -> [String] {
        // Read as bytes: most choices have no slash, and walking them by `Character` costs.
        guard texts.count >= 3, texts.allSatisfy({ $0.utf8.contains(UInt8(ascii: "/")) }) else { return texts }
        var result: [String] = []
        for text in texts {
            guard let slash = secondMeasureSlash(in: text) else { return texts }
            result.append(English.trimmed(String(text[..<slash])))
        }
        return result
    }

    /// The years that start `texts`, when every one (of three or more) is a year and a name
    /// after ", ", " - ", " -- ", " \u{2013} " or " in " ("1984 in Los Angeles", "1976 - Innsbruck",
    /// "1999 -- MTV", "1956, Switzerland"): the year orders the choice; `texts` themselves
    /// otherwise. Most choices start with no digit, which is looked at first.
    static func yearsBeforeNames(_ texts: [String]) -> [String] {
        guard texts.count >= 3, texts.allSatisfy({ $0.utf8.first.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }) else { return texts }
        var years: [String] = []
        for text in texts {
            let year = text.prefix(4)
            guard year.count == 4, year.allSatisfy({ $0.isASCII && $0.isNumber }) else { return texts }
            let rest = text.dropFirst(4)
            guard let join = yearNameJoins.first(where: { rest.hasPrefix($0) }),
                  rest.dropFirst(join.count).first?.isUppercase == true else { return texts }
            years.append(String(year))
        }
        return years
    }

    private static let yearNameJoins = [", ", " - ", " -- ", " \u{2013} ", " in "]

    /// Whether a stem asks when: "when", or "year" after "what" or "which", among its words
    /// ("Where and when...?", "Who landed first, and in what year?"; not "the pairs of an event
    /// and the year it happened").
    static func asksWhen(_ stem: String) -> Bool {
        let words = English.words(stem)
        return words.indices.contains { index in
            words[index].lower == "when"
                || words[index].lower == "year" && index > 0 && (words[index - 1].lower == "what" || words[index - 1].lower == "which")
        }
    }

    /// The years of choices that each name something and then give its year after ", ", " - ",
    /// " -- ", " \u{2013} " or " in " ("Stockholm, Sweden, 1890", "Michael Collins, 1968", "Spanish
    /// in 1588"), to be ordered by it as a year before a name is, when `asksWhen` (asked last, as
    /// few questions get that far); `texts` as they are otherwise.
    static func namesBeforeYears(_ texts: [String], asksWhen: () -> Bool) -> [String] {
        guard texts.count >= 3, texts.allSatisfy({ $0.utf8.last.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }), asksWhen()
        else { return texts }
        var years: [String] = []
        for text in texts {
            let year = text.suffix(4)
            guard year.count == 4, year.allSatisfy({ $0.isASCII && $0.isNumber }) else { return texts }
            let name = text.dropLast(4)
            guard let join = yearNameJoins.first(where: { name.hasSuffix($0) }), name.count > join.count,
                  name.first?.isUppercase == true, !name.dropLast(join.count).contains(where: \.isNumber),
                  // "August, 1862", "Summer, 1967": a date, read as one.
                  !English.words(String(name)).contains(where: { months[$0.lower] != nil || seasons[$0.lower] != nil || weekdays.contains($0.lower) })
            else { return texts }
            years.append(String(year))
        }
        return years
    }

    /// Whether a stem asks for a count: "how many" among its words.
    static func asksHowMany(_ stem: String) -> Bool {
        let words = English.words(stem)
        return zip(words, words.dropFirst()).contains { $0.lower == "how" && $1.lower == "many" }
    }

    /// The counts of choices that each give a count and then name what is counted after " - ",
    /// " -- ", " \u{2013} ", ": " or ", " ("2 - Mike and Sarah", "0 - There was a queen"), beside
    /// bare counts ("0"), to be ordered by the count, when `asksHowMany` (asked last, as few
    /// questions get that far) and one choice at least names; `texts` as they are otherwise.
    static func countsBeforeNames(_ texts: [String], asksHowMany: () -> Bool) -> [String] {
        guard texts.count >= 3, texts.allSatisfy({ $0.utf8.first.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }) else { return texts }
        var counts: [String] = []
        var named = false
        for text in texts {
            let count = text.prefix { $0.isASCII && $0.isNumber }
            let rest = text.dropFirst(count.count)
            if !rest.isEmpty {
                guard let join = countNameJoins.first(where: { rest.hasPrefix($0) }),
                      rest.dropFirst(join.count).drop(while: { $0 == " " }).first?.isLetter == true else { return texts }
                named = true
            }
            counts.append(String(count))
        }
        return named && asksHowMany() ? counts : texts
    }

    private static let countNameJoins = [" - ", " -- ", " \u{2013} ", ": ", ", "]

    /// The first slash of `text` between a unit and a number ("mph / 56", "km/ 4,970", "F /
    /// -23"), with a digit somewhere before it; nil for none.
    private static func secondMeasureSlash(in text: String) -> String.Index? {
        var sawDigit = false
        for index in text.indices {
            let character = text[index]
            if character.isNumber { sawDigit = true }
            guard character == "/", sawDigit else { continue }
            let before = text[..<index].last(where: { $0 != " " })
            var after = text[text.index(after: index)...].drop(while: { $0 == " " })
            if after.first == "-" || after.first == "\u{2212}" { after = after.dropFirst() }
            if let before, !before.isNumber, before != "/", after.first?.isNumber == true { return index }
        }
        return nil
    }

    /// Whether `text` is "None" alone (any case, a final period allowed).
    static func isBareNone(_ text: String) -> Bool {
        let words = English.words(text)
        return words.count == 1 && words[0].lower == "none"
    }

    /// The words and marks before the number that every choice starts with, when the first
    /// choice with a digit does not read as a number by itself but its text after them does
    /// ("Symphony #8", "Symphony #2": "Symphony #"); empty otherwise. One choice of four or more
    /// may lack them, for one aggregate choice ("None of these") is left out of the order, the
    /// three others ordered. Most choices have no digit.
    static func sharedTitle(_ texts: [String]) -> Substring {
        let hasDigit = { (text: String) in text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) }
        guard let first = texts.prefix(2).first(where: hasDigit) else { return sharedWordTitle(texts) }
        guard parse(orderingForm(withoutLetterLabel(first))) == nil,
              let digit = first.firstIndex(where: \.isNumber) else { return "" }
        var title = first[..<digit]
        // "Courtroom13" beside "Courtroom 10": the space left out of the first.
        if title.last?.isLowercase == true, case let spaced = title + " ", texts.contains(where: { $0.hasPrefix(spaced) }) {
            title = Substring(spaced)
        }
        // "Vitamin B6", "F-16": a capital letter or a hyphen joined to the number ends a title too.
        guard title.contains(where: \.isLetter), title.last == " " || title.last == "#" || title.last == "-" || title.last?.isUppercase == true,
              case let lacking = texts.filter({ titleLength(title, in: $0) == nil }).count,
              lacking == 0 || lacking == 1 && texts.count >= 4 else { return "" }
        return title
    }

    /// How much of `text` is `title`: all of it, or all but its final space when the title's
    /// words are joined to the number ("Courtroom13" for "Courtroom "); nil when `text` lacks it.
    static func titleLength(_ title: Substring, in text: String) -> Int? {
        if text.hasPrefix(title) { return title.count }
        guard title.last == " ", title.dropLast().last?.isLetter == true, text.hasPrefix(title.dropLast()),
              text.dropFirst(title.count - 1).first?.isNumber == true else { return nil }
        return title.count - 1
    }

    /// The words before a Roman numeral in capitals that ends every choice ("Rocky III", "Rocky
    /// IV", "Rocky II": "Rocky "), or every one but one of four or more, as with `sharedTitle`
    /// ("Rocky"); "" otherwise. Most choices end in no I, V, X, L or C: their last bytes are looked at first.
    static func sharedRomanTitle(_ texts: [String]) -> Substring {
        let endsInNumeral = { (text: String) in text.utf8.last.map { "IVXLC".utf8.contains($0) } ?? false }
        let lacking = texts.count >= 4 ? 1 : 0
        guard texts.count >= 3, texts.filter({ !endsInNumeral($0) }).count <= lacking,
              let first = texts.first(where: endsInNumeral), let space = first.lastIndex(of: " ") else { return "" }
        let title = first[...space]
        guard title.contains(where: \.isLetter),
              texts.filter({ !$0.hasPrefix(title) || romanNumeral($0.dropFirst(title.count)) == nil }).count <= lacking
        else { return "" }
        return title
    }

    /// The value of a Roman numeral in capitals written the usual way ("XIV" is 14, "IIII" and
    /// "VX" are none), up to 399; nil for any other text.
    static func romanNumeral(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.count <= 9 else { return nil }
        var total = 0
        var largest = 0
        for letter in text.reversed() {
            guard let value = romanLetterValues[letter] else { return nil }
            if value < largest { total -= value } else { total += value; largest = value }
        }
        guard total > 0, total < 400, romanForm(total) == text else { return nil }
        return Double(total)
    }

    private static let romanLetterValues: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100]

    /// `number` (1-399) as a Roman numeral written the usual way.
    private static func romanForm(_ number: Int) -> String {
        var rest = number
        var text = ""
        for (value, letters) in [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")] {
            while rest >= value {
                text += letters
                rest -= value
            }
        }
        return text
    }

    /// Whether `text` has two spaces in a row, read from its bytes.
    static func hasDoubledSpace(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x20, previous == 0x20 { return true }
            previous = byte
        }
        return false
    }

    /// The words before a number word that every choice starts with ("Season three", "Season
    /// one"); "" when there are none. Looked for only when all choices share their first word, as written.
    static func sharedWordTitle(_ texts: [String]) -> Substring {
        // Compared as bytes, case and all: most questions' choices differ in their first word.
        guard texts.count >= 3, let space = texts[0].utf8.firstIndex(of: 0x20) else { return "" }
        let head = texts[0].utf8[...space]
        guard texts.allSatisfy({ $0.utf8.starts(with: head) }) else { return "" }
        let words = English.words(texts[0])
        guard let number = words.dropFirst().first(where: { numberWords[$0.lower] != nil || ordinalWords[$0.lower] != nil }) else { return "" }
        let title = texts[0][..<number.range.lowerBound]
        guard title.last == " ", texts.allSatisfy({ $0.hasPrefix(title) }) else { return "" }
        return title
    }

    /// `raw` without a leading qualifier, with a range read as its first number ("6-9 years" →
    /// "6 years", "10 to 14" → "10") and a space after a currency sign closed ("$ 10" → "$10").
    static func orderingForm(_ raw: Substring) -> String {
        orderingForms(raw).lower
    }

    /// Whether `keys` (a value, then what orders equal values) ascend or descend.
    static func isInOrder(_ keys: [(Double, Double)]) -> Bool {
        zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 } || zip(keys, keys.dropFirst()).allSatisfy { $0 >= $1 }
    }

    /// The value of the upper end of the range `text` is, when it has `unit` as its lower end does;
    /// nil otherwise.
    static func upperEnd(of text: Substring, unit: String?) -> Double? {
        guard let form = upperEndForm(text), let upper = parse(form), upper.unit == unit else { return nil }
        return upper.value
    }

    /// The upper end of a range in figures, in the form `orderingForm` gives its lower end ("6-9
    /// years" → "9 years", "25% - 35%" → "35%"); nil for a text that is no such range. Ranges
    /// whose lower ends are equal are ordered by it ("1-4", "1-7", "1-10").
    static func upperEndForm(_ raw: Substring) -> String? {
        orderingForms(raw).upper
    }

    /// `orderingForm` and `upperEndForm` at once: the text's lower end (or the text) and its upper end.
    private static func orderingForms(_ raw: Substring) -> (lower: String, upper: String?) {
        var text = English.trimmed(String(raw))
        // "Between 1,000  and 1,500": a doubled space as typed.
        while hasDoubledSpace(text) { text = text.replacing("  ", with: " ") }
        let lower = text.lowercased()
        let between = lower.hasPrefix("between ")
        for qualifier in leadingQualifiers where lower.hasPrefix(qualifier) {
            text = String(text.dropFirst(qualifier.count))
            break
        }
        // "Around the 26th week", "Between the 7th and 8th week".
        if text.first == "t" || text.first == "T", text.lowercased().hasPrefix("the "), text.dropFirst(4).first?.isNumber == true {
            text = String(text.dropFirst(4))
        }
        for qualifier in trailingQualifiers where lower.hasSuffix(qualifier) {
            text = String(text.dropLast(qualifier.count))
            break
        }
        // "# 4", "#1": a rank, the number sign read past.
        if text.first == "#" { text = String(text.dropFirst().drop(while: { $0 == " " })) }
        if let first = text.first, "$£€¥".contains(first), text.dropFirst().first == " " {
            text = String(first) + text.dropFirst(2)
        }
        // "586, 000": a thousands separator with a space after it.
        text = joiningSpacedSeparators(text)
        if let first = firstOfList(text) ?? firstOfYearPair(text) { return (first, nil) }
        // "6-9 years", "6–9 years", "10 to 14 years": the lower end; "25% - 35%", "13th-14th
        // century", "between 35°C and 37°C": the lower end with its mark.
        let characters = Array(text)
        var end = 0
        while end < characters.count, characters[end].isNumber || characters[end] == "," || characters[end] == "." { end += 1 }
        if end > 0, end < characters.count {
            let markEnd = Self.rangeMarkEnd(characters, from: end)
            var next = markEnd
            var joined = false
            let rest = text.dropFirst(markEnd)
            // "10 -15 years": a space before the dash alone (not "368 -38th Street", an address).
            let spacedDash = rest.hasPrefix(" -") && !rest.hasPrefix(" - ")
            if spacedDash { next += 1 }
            if next < characters.count, characters[next] == "-" || characters[next] == "\u{2013}" {
                next += 1
                // "1962- 1978": a space after the dash.
                if next < characters.count, characters[next] == " " { next += 1 }
                joined = true
            } else if rest.hasPrefix(" to ") || rest.hasPrefix(" - ") || rest.hasPrefix(" \u{2013} ") {
                next += rest.hasPrefix(" to ") ? 4 : 3
                joined = true
            } else if between, rest.hasPrefix(" and ") {
                next += 5
                joined = true
            }
            if joined, next < characters.count, characters[next].isNumber {
                var after = next
                while after < characters.count, characters[after].isNumber || characters[after] == "," || characters[after] == "." { after += 1 }
                if spacedDash, after < characters.count, characters[after].isLetter { return (text, nil) }
                // The upper end carries the lower end's mark, if any ("25% - 35%").
                if markEnd > end {
                    let afterMark = Self.rangeMarkEnd(characters, from: after)
                    guard afterMark > after, Self.isOrdinal(characters[end..<markEnd]) && Self.isOrdinal(characters[after..<afterMark])
                            || characters[end..<markEnd] == characters[after..<afterMark] else { return (text, nil) }
                    after = afterMark
                }
                return (String(characters[..<markEnd]) + String(characters[after...]), String(characters[next...]))
            }
        }
        return (text, nil)
    }

    /// Where the mark right after a range's number ends ("25%", "35°C", "13th"): `start` itself
    /// when there is none.
    static func rangeMarkEnd(_ characters: [Character], from start: Int) -> Int {
        guard start < characters.count else { return start }
        if characters[start] == "%" { return start + 1 }
        if characters[start] == "°" {
            return start + 1 < characters.count && "CcFf".contains(characters[start + 1]) ? start + 2 : start + 1
        }
        guard start + 1 < characters.count, isOrdinal(characters[start...(start + 1)]),
              start + 2 == characters.count || !characters[start + 2].isLetter else { return start }
        return start + 2
    }

    static func isOrdinal(_ suffix: ArraySlice<Character>) -> Bool {
        ["st", "nd", "rd", "th"].contains(String(suffix).lowercased())
    }

    /// The first number of a list of three or more whole numbers in ascending order, each after
    /// ", " ("1998, 2002, 2004"), which orders the list as a range's lower end orders the range;
    /// nil for any other text. A list out of order is a sequence to choose ("3, 2, 1, 4": the
    /// order of four events), not values. Thousands separators are closed up before.
    static func firstOfList(_ text: String) -> String? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        var previous = -1
        for (offset, part) in parts.enumerated() {
            let digits = offset == 0 ? part : part.dropFirst()
            guard offset == 0 || part.first == " ", !digits.isEmpty, digits.count <= 9,
                  digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits), value > previous else { return nil }
            previous = value
        }
        return String(parts[0])
    }

    /// The first year of a pair of years in ascending order ("1993 and 1994", "1996 & 2000",
    /// "1987 1991"), which orders the pair as a list's first number orders the list; nil for any
    /// other text. Only years: "2, 4" beside "1, 3" are numbered statements to choose.
    static func firstOfYearPair(_ text: String) -> String? {
        guard let first = text.utf8.first, first >= 0x30, first <= 0x39 else { return nil }
        let parts = text.split(separator: " ").filter { $0 != "and" && $0 != "&" }
            .map { $0.hasSuffix(",") ? $0.dropLast() : $0 }
        guard parts.count == 2, parts.allSatisfy({ $0.count == 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let first = Int(parts[0]), let second = Int(parts[1]), first < second,
              text.split(separator: " ").count <= 3 else { return nil }
        return String(parts[0])
    }

    /// `text` with ", " between a digit and a group of exactly three digits closed up ("586, 000"),
    /// and a space between a group of one to three digits and one of exactly three made a comma
    /// ("200 000", "1 000 000": the space that some styles put between thousands).
    static func joiningSpacedSeparators(_ text: String) -> String {
        guard text.contains(" ") else { return text }
        let characters = Array(text)
        var joined = ""
        var index = 0
        while index < characters.count {
            if characters[index] == ",", index > 0, characters[index - 1].isNumber, index + 4 < characters.count,
               characters[index + 1] == " ", characters[(index + 2)...(index + 4)].allSatisfy(\.isNumber),
               index + 5 == characters.count || !characters[index + 5].isNumber {
                joined.append(",")
                index += 2
                continue
            }
            if characters[index] == " ", Self.opensSpacedGroup(characters, at: index) {
                joined.append(",")
                index += 1
                continue
            }
            joined.append(characters[index])
            index += 1
        }
        return joined
    }

    /// Whether the space at `index` separates thousands: one to three digits before it, with no
    /// digit, "." or "," before them but a separator of the same kind ("1 000 000"), and exactly
    /// three digits after it. "5 1/2 feet" and "6 6" are not groups.
    static func opensSpacedGroup(_ characters: [Character], at index: Int) -> Bool {
        guard index + 3 < characters.count, characters[(index + 1)...(index + 3)].allSatisfy(\.isNumber),
              index + 4 == characters.count || !characters[index + 4].isNumber && characters[index + 4] != "/"
                && characters[index + 4] != "." && characters[index + 4] != "," else { return false }
        var start = index
        while start > 0, characters[start - 1].isNumber { start -= 1 }
        let length = index - start
        guard length >= 1, length <= 3 else { return false }
        guard start > 0 else { return true }
        let before = characters[start - 1]
        if before == " " { return start < 2 || !characters[start - 2].isNumber || length == 3 && opensSpacedGroup(characters, at: start - 1) }
        return !(before == "." || before == "," || before == "/" || before.isLetter)
    }

    static func parse(_ raw: String) -> NumericValue? {
        guard mayBeNumber(raw) else { return nil }
        return fractionInWords(raw) ?? parseFully(raw) ?? date(raw) ?? slashedDate(raw) ?? compoundDuration(raw) ?? clockTime(raw) ?? fraction(raw)
            ?? lowerEnd(raw)
    }

    /// Words that join the two ends of a range; "or" joins two guesses ("Two or three"), ordered
    /// as a range is.
    private static let rangeJoins = [" to ", " - ", " \u{2013} ", " or "]

    /// The lower end of a range whose ends are not bare figures: number words ("Three to four
    /// glasses", the unit taken from the upper end), dates ("September 12, 1980 - September 27,
    /// 1984", "September 1969 to September 1970"). Both ends must read, in one unit.
    static func lowerEnd(_ raw: String) -> NumericValue? {
        let lower = raw.lowercased()
        guard let join = rangeJoins.lazy.compactMap({ lower.range(of: $0) }).first else { return nil }
        let before = String(raw[..<join.lowerBound])
        let after = String(raw[join.upperBound...])
        let single = { (text: String) in parseFully(text) ?? date(text) ?? compoundDuration(text) ?? fraction(text) }
        guard !before.isEmpty, let upper = single(after) else { return nil }
        if let value = single(before), value.unit == upper.unit { return value }
        // "Three to four glasses": the lower end in the upper end's unit words.
        guard let space = after.firstIndex(of: " "), let value = single(before + after[space...]), value.unit == upper.unit
        else { return nil }
        return value
    }

    /// Fraction words and what they divide by.
    private static let fractionDenominators: [String: Double] = [
        "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4,
        "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "eighth": 8, "eighths": 8, "tenth": 10, "tenths": 10,
        "hundredth": 100, "hundredths": 100, "thousandth": 1000, "thousandths": 1000,
    ]

    /// A fraction in words: "One third", "two-thirds", "a half", "Half of it", "one eighth of a
    /// cent" and "half a year" (in the unit after "of a" or "half a"). The fraction word ends
    /// the text or comes before "of", so that "A third eyebrow" stays an ordinal, and so does
    /// "Third" alone. Nil for any other text; one with a digit is none, looked at first, and so
    /// is one with marks besides spaces and hyphens.
    static func fractionInWords(_ raw: String) -> NumericValue? {
        guard !raw.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let text = English.trimmed(raw.lowercased())
        guard text.allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }) else { return nil }
        let words = text.split { $0 == " " || $0 == "-" }.map(String.init)
        guard let index = words.firstIndex(where: { fractionDenominators[$0] != nil }), index <= 1,
              let denominator = fractionDenominators[words[index]] else { return nil }
        let numerator: Double
        if index == 0 {
            guard words[0] == "half" else { return nil }
            numerator = 1
        } else if words[0] == "a" || words[0] == "an" {
            numerator = 1
        } else {
            guard let value = numberWords[words[0]], value >= 1 else { return nil }
            numerator = value
        }
        let rest = words[(index + 1)...]
        // "half a year": "half" before the unit as "of" is.
        let halfOf = words[index] == "half" && (rest.first == "a" || rest.first == "an")
        guard rest.isEmpty || rest.first == "of" || halfOf else { return nil }
        let value = numerator / denominator
        // "of a cent": a part of the unit; "of it", "of the land": a part of what is asked about.
        let whole = halfOf ? rest : rest.dropFirst()
        guard let article = whole.first, article == "a" || article == "an", whole.count >= 2 else { return NumericValue(value: value, unit: nil) }
        guard let one = parseFully("1 " + whole.dropFirst().joined(separator: " ")) else { return nil }
        return NumericValue(value: one.value * value, unit: one.unit)
    }

    private static let vulgarFractions: [Character: Double] = [
        "\u{BD}": 1 / 2, "\u{BC}": 1 / 4, "\u{BE}": 3 / 4, "\u{2153}": 1 / 3, "\u{2154}": 2 / 3, "\u{215B}": 1 / 8,
    ]

    /// A fraction, alone or after a whole number: "1/2", "7/36", "5 1/2 feet", "2½ hours", "¾
    /// mile". Read as its decimal ("5.5 feet"), so that it takes a unit as any number does. At
    /// most three digits on each side of the slash, a denominator above 1 and nothing joined
    /// after it: "1/2/3" and "9/05/1919" are no fractions.
    static func fraction(_ raw: String) -> NumericValue? {
        // A slash, or a vulgar fraction (not ASCII): most choices have neither.
        guard raw.utf8.contains(where: { $0 == 0x2F || $0 >= 0x80 }) else { return nil }
        var text = Substring(English.trimmed(raw))
        // "-13/4": a sign before the fraction.
        let sign: Double = text.first == "-" || text.first == "\u{2212}" ? -1 : 1
        if sign < 0 { text = text.dropFirst() }
        guard let mark = text.firstIndex(where: { $0 == "/" || vulgarFractions[$0] != nil }) else { return nil }
        let isDigits = { (part: Substring) in !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } }
        var value: Double
        var rest: Substring
        if let vulgar = vulgarFractions[text[mark]] {
            // "2½", "2 ½", "½".
            let whole = Substring(English.trimmed(String(text[..<mark])))
            guard whole.isEmpty || isDigits(whole) else { return nil }
            value = (Double(whole) ?? 0) + vulgar
            rest = text[text.index(after: mark)...]
        } else {
            // "1 and 7/8": the whole part joined by "and".
            let before = text[..<mark].split(separator: " ").filter { $0.lowercased() != "and" }
            let after = text[text.index(after: mark)...]
            var denominatorText = after.prefix { $0.isASCII && ($0.isNumber || $0 == ",") }
            if denominatorText.last == "," { denominatorText = denominatorText.dropLast() }
            guard (1...2).contains(before.count), before.allSatisfy(isDigits), isDigits(denominatorText) || isLongDenominator(denominatorText),
                  let numerator = Double(before[before.count - 1]),
                  let denominator = Double(denominatorText.filter { $0 != "," }), denominator > 1
            else { return nil }
            value = (before.count == 2 ? Double(before[0]) ?? 0 : 0) + numerator / denominator
            rest = after.dropFirst(denominatorText.count)
        }
        guard rest.first.map({ $0 == " " || $0 == "." }) ?? true,
              // One of the unit read as one, scaled: a small value would print with an exponent.
              let one = parseFully("1\(rest)") else { return nil }
        return NumericValue(value: sign * one.value * value, unit: one.unit)
    }

    /// Whether `part` is a denominator of four digits or more that makes a fraction: a power of
    /// ten ("1/1000") or digits in groups of three ("1/1,000,000,000"). Other long ones ("4/1776")
    /// are not read as fractions.
    private static func isLongDenominator(_ part: Substring) -> Bool {
        let groups = part.split(separator: ",", omittingEmptySubsequences: false)
        guard part.count >= 4, groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return false }
        if groups.count > 1 { return groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 } }
        return part.first == "1" && part.dropFirst().allSatisfy { $0 == "0" }
    }

    /// A time on the clock: "7:35 a.m.", "8:25 pm", "4:59" (hours and minutes, or minutes and
    /// seconds: told apart only by "a.m." or "p.m.", so only times of one form compare). Two
    /// digits after the colon: "3:2" is a ratio, "14:0" a score.
    static func clockTime(_ raw: String) -> NumericValue? {
        let text = English.trimmed(raw.lowercased())
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let hours = text[..<colon]
        let rest = text[text.index(after: colon)...]
        let minutes = rest.prefix(2)
        let suffix = rest.dropFirst(2).filter { $0 != " " && $0 != "." }
        guard (1...2).contains(hours.count), hours.allSatisfy({ $0.isASCII && $0.isNumber }), minutes.count == 2,
              minutes.allSatisfy({ $0.isASCII && $0.isNumber }), let hour = Double(hours), let minute = Double(minutes), minute < 60,
              ["", "am", "pm"].contains(suffix) else { return nil }
        guard !suffix.isEmpty else { return NumericValue(value: hour * 60 + minute, unit: "time") }
        guard hour >= 1, hour <= 12 else { return nil }
        return NumericValue(value: (hour.truncatingRemainder(dividingBy: 12) + (suffix == "pm" ? 12 : 0)) * 60 + minute, unit: "time of day")
    }

    /// A measure in two or three units, the larger first: "1 hour 40 minutes", "1 year and 6
    /// months", "49 years, 357 days" (a doubled space as typed), "3 days, 11 hours, 50 minutes",
    /// "6 ft 2 in", "5 feet 10 inches", "7 lb 4 oz". Its value is the sum, as "100 minutes" or
    /// "74 inches" is.
    static func compoundDuration(_ raw: String) -> NumericValue? {
        let tokens = English.trimmed(raw).split(separator: " ").map { $0.hasSuffix(",") ? $0.dropLast() : $0 }
            .filter { !$0.isEmpty && $0.lowercased() != "and" }
        guard tokens.count == 4 || tokens.count == 6 else { return nil }
        var parts: [NumericValue] = []
        for start in stride(from: 0, to: tokens.count, by: 2) {
            // "in" alone is read as a word ("15 in 100"); after feet it is inches.
            let unit = start > 0 && ["in", "in."].contains(tokens[start + 1].lowercased()) ? "inches" : String(tokens[start + 1])
            guard let part = parseFully("\(tokens[start]) \(unit)"), let kind = part.unit, ["duration", "length", "weight"].contains(kind),
                  parts.last.map({ $0.unit == kind && $0.value > part.value }) ?? true else { return nil }
            parts.append(part)
        }
        return NumericValue(value: parts.reduce(0) { $0 + $1.value }, unit: parts[0].unit)
    }

    /// A date in figures with slashes, the year last: "9/05/1919", "1/ 7/ 1911", "12 /9//1922"
    /// (spaces and a doubled slash as typed). Its value orders dates by year, then by the two
    /// other parts in their written order, which is enough when all choices share the form
    /// (month and day cannot be told apart, so dates of one year may be misread).
    static func slashedDate(_ raw: String) -> NumericValue? {
        let parts = English.trimmed(raw).split(separator: "/", omittingEmptySubsequences: true)
            .map { English.trimmed(String($0)) }
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4,
              let first = Double(parts[0]), let second = Double(parts[1]), let year = Double(parts[2]),
              first >= 1, second >= 1, first <= 31, second <= 31 else { return nil }
        return NumericValue(value: year * 1024 + first * 32 + second, unit: "date: slashed")
    }

    private static let months: [String: Double] = [
        "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
        "september": 9, "october": 10, "november": 11, "december": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4,
        "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
    ]

    /// The month names long enough to read through one typing slip ("Febuary", "Octomber",
    /// "Feburary"); a shorter one is too near other words ("Jane", "Augusta").
    private static let longMonthNames = ["january", "february", "september", "october", "november", "december"]

    /// The month `word` (lower case) misspells by one letter added, left out, replaced or two
    /// swapped, if it is one of `longMonthNames`; nil otherwise.
    static func misspeltMonth(_ word: String) -> Double? {
        guard word.utf8.count >= 6, word.allSatisfy(\.isLetter) else { return nil }
        return longMonthNames.first { editDistance(word, $0) == 1 }.flatMap { months[$0] }
    }

    /// Seasons, with a year only ("Summer 1967"), ordered as the month in their middle; winter
    /// is taken as the end of the year it is named with.
    private static let seasons: [String: Double] = ["spring": 4, "summer": 7, "autumn": 10, "fall": 10, "winter": 12]

    private static let weekdays: Set<String> = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// A date with a month name: "6 October, 1939", "October 6, 1939", "6th October 1939",
    /// "October 1939", "6 October". Its value orders dates by year, month and day; its unit
    /// says which parts it has, so that only dates of one form are compared.
    static func date(_ raw: String) -> NumericValue? {
        var month: Double?
        var season = false
        var numbers: [Double] = []
        for (index, word) in English.words(raw.lowercased()).enumerated() {
            // "Saturday, January 14, 1985": the day of the week adds nothing to the order.
            if index == 0, weekdays.contains(word.lower) { continue }
            if let found = months[word.lower] ?? misspeltMonth(word.lower), month == nil {
                month = found
                continue
            }
            if let found = seasons[word.lower], month == nil {
                month = found
                season = true
                continue
            }
            var digits = Substring(word.lower)
            for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
                digits = digits.dropLast(2)
                break
            }
            guard let number = Double(digits), digits.allSatisfy(\.isNumber) else { return nil }
            numbers.append(number)
        }
        guard let month, !numbers.isEmpty, numbers.count <= 2, !season || numbers.count == 1 && numbers[0] > 31 else { return nil }
        var day: Double?
        var year: Double?
        if numbers.count == 2 {
            (day, year) = (numbers[0], numbers[1])
            guard day! <= 31 else { return nil }
        } else if numbers[0] <= 31 {
            day = numbers[0]
        } else {
            year = numbers[0]
        }
        let unit = (day == nil ? "" : "day ") + "month" + (year == nil ? "" : " year")
        return NumericValue(value: (year ?? 0) * 400 + month * 32 + (day ?? 0), unit: "date: " + unit)
    }

    /// `parse(orderingForm(text))`, without either for a text that `cannotBeOrdered` (most
    /// choices are words, and `orderingForm` walks a text's Characters more than once).
    /// Guarded by `orderingValueIsParseOfOrderingForm`.
    static func orderingValue(_ text: Substring) -> NumericValue? {
        cannotBeOrdered(text) ? nil : parse(orderingForm(text))
    }

    /// True when `parse(orderingForm(text))` is certainly nil, told from an ASCII text's bytes:
    /// it has no digit, and none of its runs of letters is a word `mayBeNumber` reads as a
    /// number. `orderingForm` takes only spaces, marks and qualifiers (which end and start at
    /// a non-letter) off such a text, and closes up only around digits: what it gives has no
    /// digit and its runs of letters are some of the text's, so `mayBeNumber` refuses it.
    static func cannotBeOrdered(_ text: Substring) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard ByteSet.nonASCII.firstIndex(in: bytes) == nil else { return false }
            var start = 0
            while start < bytes.count {
                if bytes[start] >= 0x30 && bytes[start] <= 0x39 { return false }
                guard English.isASCIILetter(bytes[start]) else {
                    start += 1
                    continue
                }
                var end = start + 1
                while end < bytes.count, English.isASCIILetter(bytes[end]) { end += 1 }
                if wordsReadAsNumbers.contains(English.asciiLowercased(UnsafeBufferPointer(rebasing: bytes[start..<end]))) { return false }
                start = end
            }
            return true
        } ?? false
    }

    /// The runs of letters that `mayBeNumber` reads as (part of) a number; "a" and "an" count
    /// one before a span of time or a multiplier ("a week").
    private static let wordsReadAsNumbers = WordSet(
        Array(numberWords.keys) + Array(ordinalWords.keys) + Array(timesWords.keys) + Array(multipliers.keys) + ["ad", "a", "an", "half"])

    /// False when `parse` cannot read `raw`, told from an ASCII text's bytes: it has no digit,
    /// and its first run of letters is neither a number word nor "ad" (the parse strips only
    /// marks before the number, so a number word would be that run), nor "a" before a multiplier
    /// or a span of time; a text that starts with "half", or "a" and a fraction word, is read.
    /// Most choices are words.
    static func mayBeNumber(_ raw: String) -> Bool {
        guard let lead = English.LeadingLetters(raw) else { return true }
        if lead.hasDigit { return true }
        guard let first = lead.first else { return false }
        // "a million", "an hour": the next run of letters is a multiplier or a span of time.
        // "a half", "Half of it": read whole, as few texts start so; "Half Moon" is no number.
        if first == "a" || first == "an" {
            return lead.second.map { multipliers[$0] != nil || durations[$0] != nil || fractionDenominators[$0] != nil && fractionInWords(raw) != nil } ?? false
        }
        if first == "half" { return fractionInWords(raw) != nil }
        if timesWords[first] != nil { return true }
        return first == "ad" || numberWords[first] != nil || ordinalWords[first] != nil
    }

    /// `parse` without the quick look.
    static func parseFully(_ raw: String) -> NumericValue? {
        var text = Substring(English.trimmed(raw.lowercased()))
        while let first = text.first, "\"'\u{201C}\u{2018}(".contains(first) { text = text.dropFirst() }
        while let last = text.last, "\"'\u{201D}\u{2019}).!".contains(last) || last.isWhitespace { text = text.dropLast() }
        guard !text.isEmpty else { return nil }
        if text.first == ".", text.dropFirst().first?.isNumber == true { text = "0" + text }
        var sign = 1.0
        var era: Double = 1
        var money = false
        // A leading era ("AD 79") or currency.
        if text.hasPrefix("ad ") { text = text.dropFirst(3) }
        while let first = text.first, "$£€¥".contains(first) { text = text.dropFirst(); money = true }
        if let first = text.first, first == "-" || first == "\u{2212}" {
            sign = -1
            text = text.dropFirst()
            // "- $20": a space after the sign.
            if text.first == " ", let next = text.dropFirst().first, "$£€¥".contains(next) { text = text.dropFirst() }
        }
        if text.first == "+" { text = text.dropFirst() }
        while let first = text.first, "$£€¥".contains(first) { text = text.dropFirst(); money = true }

        var value: Double
        var rest: Substring
        if let first = text.first, first.isNumber, first.isASCII {
            // Digits with thousands separators (groups of three) and a decimal part.
            var digits = ""
            var index = text.startIndex
            var groupLength = 0
            var separators = 0
            var separatorAt = 0
            var sawPoint = false
            while index < text.endIndex {
                let character = text[index]
                if character.isASCII, character.isNumber {
                    digits.append(character)
                    groupLength += 1
                } else if character == ",", !sawPoint, text.index(after: index) < text.endIndex,
                          text[text.index(after: index)].isNumber, groupLength <= 3, separators == 0 || groupLength == 3 {
                    separators += 1
                    separatorAt = digits.count
                    groupLength = 0
                } else if character == ".", !sawPoint, text.index(after: index) < text.endIndex, text[text.index(after: index)].isNumber {
                    sawPoint = true
                    digits.append(".")
                    groupLength = 0
                } else {
                    break
                }
                index = text.index(after: index)
            }
            // One comma not followed by three digits is a decimal comma ("0,01 %"); more are no number.
            if separators > 0, !sawPoint, groupLength != 3 {
                guard separators == 1 else { return nil }
                digits.insert(".", at: digits.index(digits.startIndex, offsetBy: separatorAt))
            }
            guard let number = Double(digits) else { return nil }
            value = number
            rest = text[index...]
        } else if let cardinal = cardinalInWords(text) {
            value = cardinal.value
            rest = cardinal.rest
        } else {
            // A number word, possibly hyphenated ("twenty-one"); "a" before a multiplier ("a million").
            let word = text.prefix { $0.isLetter || $0 == "-" }
            let parts = word.split(separator: "-").map(String.init)
            let next = English.words(String(text.dropFirst(word.count))).first?.lower ?? ""
            let countsOne = (word == "a" || word == "an") && (multipliers[next] != nil || durations[next] != nil)
            // "Once", "Twice": a count of times, as "3 times" is.
            if let times = timesWords[String(word)], English.trimmed(String(text.dropFirst(word.count))).isEmpty {
                return NumericValue(value: sign * times, unit: "time")
            }
            // "third", "nineteenth": an ordinal word alone, or last ("twenty-first").
            let ordinal = parts.count == 1 ? ordinalWords[parts[0]] : nil
            guard !parts.isEmpty, parts.count <= 2, let head = countsOne ? 1 : numberWords[parts[0]] ?? ordinal else { return nil }
            value = head
            if parts.count == 2 {
                guard head >= 20, let tail = numberWords[parts[1]] ?? ordinalWords[parts[1]], tail < 10 else { return nil }
                value += tail
            }
            rest = text.dropFirst(word.count)
            // "twenty five": a tens word and a unit word apart.
            if parts.count == 1, head >= 20, head < 100, rest.first == " ",
               let next = English.words(String(rest)).first, rest.dropFirst().hasPrefix(next.lower),
               let unit = numberWords[next.lower], unit >= 1, unit < 10 {
                value += unit
                rest = rest.dropFirst(1 + next.lower.count)
            }
        }
        // What follows: %, an ordinal or decade suffix, a multiplier, an era, unit words.
        // "33 %" beside "25%": a space before the sign.
        if rest.hasPrefix(" %") { rest = rest.dropFirst() }
        if rest.hasPrefix("%") { rest = rest.dropFirst(); return NumericValue(value: sign * value, unit: unit(of: rest, base: "%")) }
        for suffix in ["st", "nd", "rd", "th", "s", "'s"] where rest.hasPrefix(suffix)
            && (rest.count == suffix.count || !(rest[rest.index(rest.startIndex, offsetBy: suffix.count)].isLetter)) {
            rest = rest.dropFirst(suffix.count)
            break
        }
        var words = English.words(String(rest)).map(\.lower)
        // "7 °C", "1,200 Degrees C.": the letter of a temperature scale, not "c." for circa.
        if let scale = words.indices.last, words[scale] == "c" || words[scale] == "f",
           scale == 0 && rest.contains("°") || scale > 0 && words[scale - 1].hasPrefix("degree") {
            words[scale] = words[scale] == "c" ? "celsius" : "fahrenheit"
        }
        // "Five and a half", "4 and a half years", "three and one half million".
        if words.starts(with: ["and", "a", "half"]) || words.starts(with: ["and", "one", "half"]) {
            value += 0.5
            words.removeFirst(3)
        }
        // "$5m", "$750k", "$2 bn": a magnitude after an amount of money.
        if let first = words.first, let multiplier = multipliers[first] ?? (money ? moneyMagnitudes[first] : nil) {
            value *= multiplier
            words.removeFirst()
        }
        if let last = words.last, ["bc", "bce", "b.c", "b.c.e", "ad", "a.d", "ce", "c.e"].contains(last) {
            if last.hasPrefix("b") { era = -1 }
            words.removeLast()
        } else if words.count >= 2, words.suffix(2) == ["b", "c"] || words.suffix(2) == ["a", "d"] {
            if words[words.count - 2] == "b" { era = -1 }
            words.removeLast(2)
        }
        // "37 miles per year", "$1 per yard": "per" before a unit word makes a rate, a unit of its
        // own; "15 in 100", "3 out of 100", "1 in 4": a share of a count, its part of the whole.
        let rate = words.indices.contains { words[$0] == "per" && $0 + 1 < words.count && !qualifiers.contains(words[$0 + 1])
            && words[$0 + 1].first?.isNumber != true }
        let share = words.count == 2 && words[0] == "in" || words.count == 3 && words[0] == "out" && words[1] == "of"
        let wholeWord = words.last ?? ""
        let whole = !share ? nil : wholeWord.allSatisfy({ $0.isASCII && $0.isNumber }) ? Double(wholeWord) : numberWords[wholeWord]
        // "1 full year" beside "9 months": a whole span of time is the span.
        if words.count == 2, spanWholes.contains(words[0]), durations[normalizeUnit(words[1])] != nil { words.removeFirst() }
        if let whole, whole > 0 { return NumericValue(value: sign * value / whole, unit: "share") }
        guard words.count <= 3, !words.contains(where: { (qualifiers.contains($0) && !(rate && $0 == "per"))
            || numberWords[$0] != nil || $0.first?.isNumber == true })
        else { return nil }
        let unitText = words.joined(separator: " ")
        let unit = unitText.isEmpty ? nil : normalizeUnit(unitText)
        // Spans of time in different units compare ("2 weeks", "1 month"), and so do those of one
        // kind ("20 Earth hours", "243 Earth days").
        if let unit, let seconds = durations[unit] { return NumericValue(value: sign * value * seconds, unit: "duration") }
        if let unit, !rate, let space = unit.lastIndex(of: " "), let seconds = durations[String(unit[unit.index(after: space)...])] {
            return NumericValue(value: sign * value * seconds, unit: unit[..<space] + " duration")
        }
        if let unit, let measure = measures[unit] { return NumericValue(value: sign * value * measure.factor, unit: measure.kind) }
        // "50 cents" beside "$2.50": an amount in dollars, which carry no unit.
        if unit == "cent" { return NumericValue(value: sign * value / 100, unit: nil) }
        return NumericValue(value: sign * era * value, unit: unit)
    }

    /// The scale words of a number in words, each above the next: "thousand", "million", ...
    private static let scales: [String: Double] = ["thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12]

    /// A whole number in words that has words after a "hundred" or a scale word: "two hundred
    /// thirty-six", "one thousand and one", "a hundred and twenty", "Two hundred, thirty-six
    /// thousand, five hundred ninety-eight", "two hundred thousand". The value, and the text
    /// after its last number word (" and a half", a unit). Nil for simpler forms, which
    /// `parseFully` reads itself ("twenty-one", "two million": a multiplier after the number),
    /// and for an ordinal ("two hundred twenty-first"). `text` is lower case.
    static func cardinalInWords(_ text: Substring) -> (value: Double, rest: Substring)? {
        enum Part { case start, small, tens, hundred, scale, and }
        var total = 0.0, group = 0.0
        var previous = Part.start
        var lastScale = Double.infinity
        // Whether a word came after "hundred" or a scale word: the forms only this reads.
        var extended = false
        var end = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            var start = index
            while start < text.endIndex, text[start] == " " || text[start] == "," || text[start] == "-" { start = text.index(after: start) }
            let separator = text[index..<start]
            let wordEnd = text[start...].firstIndex { !$0.isLetter } ?? text.endIndex
            let word = String(text[start..<wordEnd])
            let joins = previous == .start ? separator.isEmpty : separator == " " || separator == ", " && (previous == .hundred || previous == .scale)
            if let number = numberWords[word], number >= 1 {
                if previous == .tens, number < 10, separator == " " || separator == "-" {
                    previous = .small
                } else if joins, [.start, .hundred, .scale, .and].contains(previous) {
                    extended = extended || previous != .start
                    previous = number >= 20 && number.truncatingRemainder(dividingBy: 10) == 0 ? .tens : .small
                } else {
                    break
                }
                group += number
            } else if word == "hundred", joins, previous == .small || previous == .tens, group < 100 {
                group *= 100
                previous = .hundred
            } else if let scale = scales[word], joins, previous == .small || previous == .tens || previous == .hundred, scale < lastScale {
                extended = extended || previous == .hundred || lastScale.isFinite
                total += group * scale
                group = 0
                lastScale = scale
                previous = .scale
            } else if word == "and", separator == " ", previous == .hundred || previous == .scale {
                // "one thousand and one"; not "two hundred and a half": read only if a number follows.
                previous = .and
                index = wordEnd
                continue
            } else if word == "a" || word == "an", previous == .start {
                // "a hundred and twenty": one hundred.
                group = 1
                previous = .small
            } else if numberWords[word] != nil || word == "hundred" || scales[word] != nil {
                // Out of the grammar ("one thousand two thousand"): no number.
                return nil
            } else {
                break
            }
            index = wordEnd
            end = wordEnd
        }
        // "two hundred twenty-first" is an ordinal.
        let rest = text[end...]
        guard extended, !(rest.first == "-" && rest.dropFirst().first?.isLetter == true) else { return nil }
        return (total + group, rest)
    }

    /// Words before a unit of time that say the span is whole ("1 full year"), read past.
    private static let spanWholes: Set<String> = ["full", "whole", "entire"]

    /// Magnitudes written after an amount of money ("$5m", "$750k"): after a bare figure, "m" is metres.
    private static let moneyMagnitudes: [String: Double] = ["k": 1e3, "m": 1e6, "mn": 1e6, "bn": 1e9]

    /// The units of values converted to a common measure (seconds, metres, grams, minutes), which
    /// a bare figure cannot take.
    static let convertedUnits: Set<String> = ["duration", "length", "weight", "time", "time of day"]

    private static let durations: [String: Double] = [
        "second": 1, "minute": 60, "hour": 3_600, "day": 86_400, "night": 86_400, "week": 604_800,
        "month": 2_629_800, "year": 31_557_600, "sec": 1, "min": 60, "hr": 3_600, "yr": 31_557_600,
    ]

    /// Units of length (in metres) and weight (in grams), which compare across units as spans
    /// of time do ("6 ft", "70 inches", "2 m"; "8 oz", "1 lb", "182 kg").
    private static let measures: [String: (kind: String, factor: Double)] = [
        "foot": ("length", 0.3048), "ft": ("length", 0.3048), "inch": ("length", 0.0254), "yard": ("length", 0.9144),
        "yd": ("length", 0.9144), "furlong": ("length", 201.168), "mile": ("length", 1_609.344), "m": ("length", 1), "km": ("length", 1_000),
        "cm": ("length", 0.01), "mm": ("length", 0.001),
        "pound": ("weight", 453.59237), "lb": ("weight", 453.59237), "ounce": ("weight", 28.349523125), "oz": ("weight", 28.349523125),
        "g": ("weight", 1), "gram": ("weight", 1), "kg": ("weight", 1_000), "kilogram": ("weight", 1_000), "mg": ("weight", 0.001),
        "ton": ("weight", 907_184.74), "tonne": ("weight", 1_000_000),
    ]

    private static func unit(of rest: Substring, base: String) -> String {
        let words = English.words(String(rest)).map(\.lower)
        return ([base] + words).joined(separator: " ")
    }

    /// `unit` with each word singular ("degrees Fahrenheit" and "degree Fahrenheit" are one unit)
    /// and a few spellings made one.
    private static func normalizeUnit(_ unit: String) -> String {
        let singular = unit.split(separator: " ").map { word -> String in
            var word = String(word)
            if ["ches", "shes", "xes"].contains(where: { word.hasSuffix($0) }) {
                word.removeLast(2)
            } else if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 2 {
                word.removeLast()
            }
            return word == "feet" ? "foot" : word
        }.joined(separator: " ")
        return unitSpellings[singular] ?? singular
    }

    /// Other spellings of a unit, made one by `normalizeUnit`.
    private static let unitSpellings = [
        "metre": "m", "meter": "m", "kilometre": "km", "kilometer": "km", "centimetre": "cm", "centimeter": "cm",
        "millimetre": "mm", "millimeter": "mm", "year old": "year",
    ]
}

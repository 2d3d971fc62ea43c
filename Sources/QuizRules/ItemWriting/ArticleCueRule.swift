import QuizBank
import QuizLint

struct ArticleCueRule: QuestionRule {
    static let description = RuleDescription(
        id: "article-cue",
        summary: "A stem ending in \"a\" or \"an\" (or with one before its blank) that only some choices follow grammatically (\"an\" before \"banana\").",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), guideline 28c: avoid "grammatical inconsistencies that \
            cue the test-taker to the correct choice". A stem that ends in "an" rules out every choice \
            that starts with a consonant sound, however little the learner knows. The NBME Item-Writing \
            Guide (Paniagua & Swygert, 4th ed.) names "grammatical cues" first among the flaws that \
            reward test-wiseness, and Tarrant et al. (2006) count "grammatical clues" among the frequent \
            item-writing flaws.

            Reported: a stem that ends in "a" or "an", or has one right before a blank, when only some \
            of the choices follow it: the others start with the other sound, or with an article of their \
            own. Reach: the stems and choices of single- and multiple-choice questions, in each English \
            text of a translated question; true/false statements are not checked.

            Where the article is read:

            - At the end of the stem: a stem that ends with the article is checked (a trailing blank, \
            colon, ellipsis, dash or closing quote may follow it).
            - Right before a blank inside the stem ("cannot make a ________ out of a donkey"), when the \
            stem asks for the blank: it has no "?", or it says "complete", "fill", "finish", \
            "missing" or "blank". The dots of a quotation inside a question that asks for a title are no blank.

            The sound of each choice's first word is judged from its spelling, with the usual \
            exceptions:

            - a silent h (an hour, an honest)
            - a "you" or "w" sound (a university, a European, a one-time)
            - digits by how they are read (an 8, an 11, an 18th)
            - abbreviations read letter by letter (an MRI, an FBI agent, a UFO)

            A choice whose sound is not clear (a long abbreviation such as NASA, which may be read as a \
            word) counts as fitting either.

            Choices with an article of their own:

            - A choice that starts with its own article or another determiner ("a snack", "some crack") \
            does not follow the article, when the correct choice does ("lookin for a ..." over "a \
            snack", "some crack" and the key "purse to snatch").
            - When the key repeats the article too, the choices only start alike, which \
            `stem-choice-agreement` reports.

            Known limits:

            - The sound is read from spelling and a short list of exceptions, so an unusual word (a \
            foreign name) may be misjudged; a word whose h is sounded in some speech and not in other \
            (herb, historic, homage, hotel) counts as fitting either.
            - An article elsewhere in the stem, not before the blank or at the end, is not looked at.

            End the stem before the article and put "a" or "an" in each choice, or write "a(n)".

            \(English.localeNote)
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: fruit
                    text: ↓The fruit that keeps the doctor away is an
                    choices:
                      - text: apple
                        correct: true
                      - banana
                      - pear
                  - id: scan
                    text: ↓"To look at soft tissue, doctors order a ___"
                    choices:
                      - text: MRI scan
                        correct: true
                      - X-ray
                      - blood test
                """),
            // An article before a blank inside a completion; distractors that repeat the article
            // where only the key follows it.
            .triggering(questions: """
                  - id: donkey
                    text: ↓Complete this Irish saying, The whole world cannot make a ________ out of a donkey.
                    choices:
                      - poet
                      - text: race horse
                        correct: true
                      - artist
                  - id: lookin
                    text: ↓My stomach hurts so Im lookin for a ...
                    choices:
                      - a snack
                      - some crack
                      - text: purse to snatch
                        correct: true
                """),
            // Near misses: the dots of a quotation in a stem that asks for a title; choices that all
            // repeat the article, the key among them.
            .passing(questions: """
                  - id: star
                    text: In which movie does John Wayne say, Im looking at a tin star with a ... DRUNK pinned on it?
                    choices:
                      - The Searchers
                      - text: El Dorado
                        correct: true
                      - Rio Bravo
                  - id: form
                    text: Downey tells Chance that he is welcome to fill out a:
                    choices:
                      - text: A Form 19, listing the reasons
                        correct: true
                      - A Request for Case Reassignment
                      - Form 23-A, subpart 119-c
                """),
            // Near misses: choices that all fit (silent h, "you" sound, abbreviations), an "a" that
            // is not the stem's last word, and each choice with its own article.
            .passing(questions: """
                  - id: time
                    text: Sixty minutes make an
                    choices:
                      - text: hour
                        correct: true
                      - eighth of a day
                      - honest day
                      - 11th of a week
                  - id: campus
                    text: Harvard is a
                    choices:
                      - text: university
                        correct: true
                      - one-room school
                      - European college
                      - UFO base
                  - id: grade
                    text: Which grade is above a B?
                    choices:
                      - text: an A
                        correct: true
                      - a C
                """),
        ])

    init(options: RuleOptions) {}

    enum Sound { case vowel, consonant }

    /// Letters whose names start with a vowel sound: "an F", "an M", "an X".
    private static let vowelLetterNames: Set<Character> = ["a", "e", "f", "h", "i", "l", "m", "n", "o", "r", "s", "x"]
    private static let silentH = ["hour", "honest", "honor", "honour", "heir"]
    private static let unclearH = ["herb", "historic", "homage", "hotel"]
    /// Vowel letters read with a consonant sound: "a university", "a European", "a one-off".
    private static let consonantPrefixes = [
        "uni", "use", "usu", "usa", "uti", "uto", "ute", "ura", "ure", "uri", "uro", "ubiq", "uk", "ufo", "uvu", "eu",
        "ewe", "one", "once", "ouija",
    ]
    /// "un-" words that keep the vowel: "an unidentified", "an unimportant".
    private static let vowelUni = ["unid", "unim", "unin", "unint"]

    /// The sound the first word of `text` starts with, or nil when unclear.
    static func sound(of text: String) -> Sound? {
        let words = English.words(text)
        guard let first = words.first else { return nil }
        // The choice must start with the word (no leading quote or bracket that might change reading).
        let lead = text[text.startIndex..<first.range.lowerBound]
        guard lead.allSatisfy({ $0.isWhitespace || $0 == "\"" || $0 == "\u{201C}" || $0 == "'" || $0 == "(" }) else { return nil }
        let word = first.text
        let lower = first.lower
        if ["a", "an", "the"].contains(lower), words.count > 1 { return nil }
        if let digit = word.first, digit.isNumber {
            let digits = word.prefix { $0.isNumber }
            if digit == "8" { return .vowel }
            // 11 and 18, also 11,000 and 18,500: read "eleven", "eighteen".
            let group = text[first.range.lowerBound...].prefix { $0.isNumber || $0 == "," }.split(separator: ",").first.map(String.init) ?? String(digits)
            return group == "11" || group == "18" ? .vowel : .consonant
        }
        let letters = word.filter(\.isLetter)
        if letters.count == 1 || first.isAllCaps && letters.count <= 3 || first.isAllCaps && !letters.contains(where: { "AEIOU".contains($0) }) {
            // Read letter by letter.
            guard let initial = letters.first?.lowercased().first else { return nil }
            return vowelLetterNames.contains(initial) ? .vowel : .consonant
        }
        if first.isAllCaps {
            // NASA, NATO, UNESCO: a word or letters; fine when both readings agree.
            guard let initial = letters.first?.lowercased().first else { return nil }
            let asLetter: Sound = vowelLetterNames.contains(initial) ? .vowel : .consonant
            return asLetter == soundOfWord(lower) ? asLetter : nil
        }
        return soundOfWord(lower)
    }

    private static let determiners: WordSet = [
        "a", "an", "the", "some", "any", "my", "his", "her", "their", "your", "our", "this", "that", "these", "those",
    ]

    /// Whether a choice starts with its own article or another determiner ("a snack", "some crack").
    static func startsWithDeterminer(_ text: String) -> Bool {
        let words = English.words(text)
        return words.count > 1 && determiners.contains(words[0].lower)
    }

    private static func soundOfWord(_ lower: String) -> Sound? {
        if silentH.contains(where: { lower.hasPrefix($0) }) { return .vowel }
        if unclearH.contains(where: { lower.hasPrefix($0) }) { return nil }
        if vowelUni.contains(where: { lower.hasPrefix($0) }) { return .vowel }
        if lower == "u" || consonantPrefixes.contains(where: { lower.hasPrefix($0) }) && lower != "us" && !lower.hasPrefix("onion") {
            return .consonant
        }
        guard let initial = lower.first else { return nil }
        return "aeiou".contains(initial) ? .vowel : .consonant
    }

    /// Words after which "a" is a letter ("the letter a", "vitamin a").
    private static let letterNouns: WordSet = ["letter", "vitamin", "type", "grade", "plan", "class", "group", "section", "part", "size"]

    /// The article the stem ends with, and whether it is "an".
    static func finalArticle(of stem: String) -> Bool? {
        // Cheap test first: the last letters of the stem are "a" or "an" after a space.
        let letters = stem.reversed().drop { !$0.isLetter && !$0.isNumber }.prefix(3)
        guard letters.first == "a" || letters.first == "n" && letters.dropFirst().first == "a" else { return nil }
        let words = English.words(stem)
        guard words.count >= 2, let last = words.last, last.lower == "a" || last.lower == "an", last.text == last.lower else { return nil }
        // Only blank marks, colons, dashes, quotes and spaces may follow it.
        let rest = stem[last.range.upperBound...]
        guard rest.allSatisfy({ $0.isWhitespace || "_.…:-–—\"'\u{201D}".contains($0) }) else { return nil }
        // "...the letter a", "vitamin a": a letter, not an article.
        guard !letterNouns.contains(words[words.count - 2].lower) else { return nil }
        return last.lower == "an"
    }

    /// The article right before a blank inside the stem ("cannot make a ________ out of a
    /// donkey"), and whether it is "an": the choice fills the blank, so it follows the article
    /// as it would at the stem's end. A blank is two or more underscores, or three or more dots or
    /// an ellipsis, in a stem that asks for it: one with no "?", or one that says "complete",
    /// "fill", "finish" or "missing" (in "Which movie has the line 'a tin star with a ...
    /// DRUNK pinned on it'?" the dots are a quotation's, and a title is asked).
    static func articleBeforeBlank(of stem: String) -> Bool? {
        guard mayHoldBlank(stem) else { return nil }
        let words = English.words(stem)
        guard !English.containsASCII(stem, "?") || words.contains(where: { fillWords.contains($0.lower) }) else { return nil }
        for index in words.indices.dropFirst() where words[index].lower == "a" || words[index].lower == "an" {
            let word = words[index]
            guard word.text == word.lower, !letterNouns.contains(words[index - 1].lower) else { continue }
            let after = stem[word.range.upperBound...].drop { $0 == " " }
            let blank = after.prefix { $0 == "_" || $0 == "." || $0 == "\u{2026}" }
            guard blank.count >= 2 && blank.allSatisfy({ $0 == "_" }) || blank.count >= 3 || blank.first == "\u{2026}" else { continue }
            return word.lower == "an"
        }
        return nil
    }

    /// Whether the bytes of `text` hold "__", "..." or "…" (E2 80 A6): the quick look before
    /// words are read.
    static func mayHoldBlank(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            var previous: UInt8 = 0, beforePrevious: UInt8 = 0
            for byte in bytes {
                if byte == 0x5F && previous == 0x5F || byte == 0x2E && previous == 0x2E && beforePrevious == 0x2E
                    || byte == 0xA6 && previous == 0x80 && beforePrevious == 0xE2 { return true }
                beforePrevious = previous
                previous = byte
            }
            return false
        }
    }

    private static let fillWords: WordSet = ["complete", "fill", "finish", "missing", "blank", "blanks"]

    /// The article a choice must follow: the stem's last word, or the word before its blank.
    static func articleBeforeAnswer(of stem: String) -> Bool? {
        finalArticle(of: stem) ?? articleBeforeBlank(of: stem)
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse else { return }
        for item in EnglishItem.all(of: question, sourceLocale: bank.sourceLocale) {
            let final = Self.finalArticle(of: item.stem.text)
            guard let isAn = final ?? Self.articleBeforeBlank(of: item.stem.text), let choices = item.allChoices else { continue }
            let wanted: Sound = isAn ? .vowel : .consonant
            let sounds = choices.map { Self.sound(of: $0.text) }
            // "lookin for a ..." before "a snack", "some crack" and the key "purse to snatch": a
            // determiner cannot follow the article either, and only the key does. (When the key
            // repeats the article too, the choices merely start alike: `stem-choice-agreement`.)
            let keyFollows = !question.choices.indices.contains { question.choices[$0].correct && Self.startsWithDeterminer(choices[$0].text) }
            let misfits = sounds.indices.filter {
                sounds[$0] != nil && sounds[$0] != wanted || keyFollows && Self.startsWithDeterminer(choices[$0].text)
            }
            guard !misfits.isEmpty, sounds.indices.contains(where: { sounds[$0] != nil && !misfits.contains($0) }) else { continue }
            let article = isAn ? "an" : "a"
            let place = final != nil ? "ends with '\(article)'" : "has '\(article)' before its blank"
            let names = misfits.map { English.quote(choices[$0].text, limit: 30) }.joined(separator: ", ")
            let correctMisfits = misfits.contains { question.choices[$0].correct }
            let cue = correctMisfits
                ? "the correct answer is among them, so the stem misleads"
                : "learners can rule them out on grammar alone"
            report("the stem of question '\(question.id.value)'\(item.suffix) \(place), which does not fit "
                   + "\(names): \(cue); end the stem before the article", at: item.stem.range)
        }
    }
}

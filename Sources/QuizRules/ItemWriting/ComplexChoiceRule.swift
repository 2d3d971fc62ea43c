import QuizBank
import QuizLint
import QuizYAML

struct ComplexChoiceRule: QuestionRule {
    static let description = RuleDescription(
        id: "complex-choice",
        summary: "A combination choice (K-type): \"A and C\", \"I and III only\", \"1, 2 and 3\", or a choice that joins other choices (\"Salt and pepper\" beside \"Salt\" and \"Pepper\").",
        rationale: """
            Haladyna, Downing & Rodriguez (2002), guideline 9: use the conventional, alternate-choice \
            and true-false formats "but AVOID the complex MC (Type K) format". A choice made of other \
            choices tests reasoning about the combinations more than the content, rewards partial \
            knowledge (knowing that 1 is wrong rules out every combination with 1), and lowers \
            reliability; the NBME Item-Writing Guide (Paniagua & Swygert, 4th ed.) dropped K-type items \
            for these reasons, and Tarrant et al. (2006) count "complex or K-type" among the frequent \
            item-writing flaws. It also breaks in quizbank: engines shuffle and do not letter the \
            choices, so "A and C" names nothing.

            Reported: a choice made of other choices, named by their labels or by their text.

            Forms reported:

            - A choice made only of option labels (letters up to the number of choices, Roman numerals, \
            or digits the stem numbers its statements with) joined by commas, "and", "&", "or", "+", \
            "/", ";" or "only", or judged ("III and IV are true, I and II are false", "A, B, C are \
            correct", "1 and 2 are correct").
            - A choice that joins two or more other choices of the question by their text.

            Letters count as labels:

            - when the stem letters its statements
            - when the choice says "only", "both" or "except"
            - when they are written as labels: in lower case ("b and c.") or with a bracket ("(A) and \
            (C)")

            Roman numerals count as labels when the stem numbers its statements with them, or when \
            the choice says "only", "both" or "except" or judges them ("I and III only", "II and IV \
            are true"); digits when the stem numbers its statements with them, or when two or more \
            are judged ("1 and 2 are correct").

            "Both" and "Neither":

            - On their own they are `all-of-the-above` and `none-of-the-above`.
            - But "Both" (or "Both of these") beside exactly two other choices, with or without \
            "Neither", makes the only-A, only-B, both, neither set of a K-type question and is reported \
            here too, once for the set, at its first choice.
            - "Both Collins and Armstrong" joins "Michael Collins" and "Neil Armstrong" by their words.

            Not reported:

            - An ordinary choice with "and" in it.
            - Pairs of numbers or letters that are answers in their own right (vitamins "A and D" beside \
            "B and K", dartboard numbers "2 and 3").
            - Sequences that order numbered items.
            - Abbreviations of letters and points alone ("c.c.", "a.c.": prescription marks).

            Known limits:

            - Capital letter pairs with no other sign ("B and C" beside "A and D") are taken for \
            answers.
            - Labels inside longer sentences ("Both statements I and II") are not read.

            \(English.localeNote)
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: noble-gases
                    text: |
                      Which of these are noble gases?
                      I. Helium  II. Nitrogen  III. Argon
                    choices:
                      - ↓I only
                      - text: ↓I and III only
                        correct: true
                      - ↓II and III
                      - ↓I, II and III
                """),
            .triggering(questions: """
                  - id: seasoning
                    text: What do most recipes add to a steak before grilling?
                    choices:
                      - Salt
                      - Pepper
                      - text: ↓Both salt and pepper
                        correct: true
                      - Sugar
                """),
            // Letters written as labels (lower case, in brackets), judged statements.
            .triggering(questions: """
                  - id: conductors
                    text: Which of these conduct electricity? (a) copper (b) glass (c) graphite
                    choices:
                      - ↓a only
                      - text: ↓a and c.
                        correct: true
                      - ↓b and c.
                  - id: pair
                    text: Pick the two mammals from the list in the passage.
                    choices:
                      - text: ↓(A) and (C)
                        correct: true
                      - ↓(B) and (D)
                      - ↓b and c.
                      - Neither pair
                  - id: claims
                    text: Four claims are made about the Moon. Which verdict is right?
                    choices:
                      - text: ↓III and IV are true, I and II are false
                        correct: true
                      - ↓A, B, C are correct
                      - ↓1 and 2 are correct
                """),
            // Both and Neither beside two names; "Both" joining two choices by their words.
            .triggering(questions: """
                  - id: month
                    text: Which of them gave his name to a month?
                    choices:
                      - Alexander the Great
                      - text: Julius Caesar
                        correct: true
                      - ↓Both
                      - Neither
                  - id: apollo
                    text: Which Apollo 11 astronaut lost a child in 1962?
                    choices:
                      - ↓Both Collins and Armstrong
                      - text: Neil Armstrong
                        correct: true
                      - Michael Collins
                """),
            // Near misses: an ordinary choice with "and", numbers and letters that are answers.
            .passing(questions: """
                  - id: prescription
                    text: Which mark on a prescription says to take the medicine with food?
                    choices:
                      - w.c.
                      - l.c.
                      - text: c.c.
                        correct: true
                      - a.c.
                  - id: seasoning
                    text: Which pair is a classic table set?
                    choices:
                      - text: Salt and pepper
                        correct: true
                      - Oil and vinegar
                      - Bread and butter
                  - id: dartboard
                    text: Which numbers flank 20 on a dartboard?
                    choices:
                      - text: 5 and 1
                        correct: true
                      - 2 and 3
                      - 12 and 14
                  - id: vitamins
                    text: Which vitamins are fat-soluble?
                    choices:
                      - text: A and D
                        correct: true
                      - B and C
                      - C and K
                """),
        ])

    init(options: RuleOptions) {}

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse, question.choices.count >= 2 else { return }
        var reported: Set<SourceRange> = []
        for item in EnglishItem.all(of: question, sourceLocale: bank.sourceLocale) {
            guard let choices = item.allChoices else { continue }
            let labelled = labelCombinations(choices.map(\.text), stem: item.stem.text)
            // Only a choice with "and", "&" or a comma can join others; most questions have none.
            let joins = choices.map { choice in
                English.containsASCII(choice.text, " and ") || English.containsASCII(choice.text, " And ")
                    || English.containsASCII(choice.text, ",") || English.containsASCII(choice.text, "&")
            }
            let normalized = joins.contains(true) ? choices.map { English.normalized($0.text) } : []
            let set = choices.count >= 3 ? Self.bothNeitherSet(choices.map(\.text), stem: item.stem.text) : []
            // The set is one mistake: reported once, at its first choice.
            if let first = set.first, reported.insert(choices[first].range).inserted {
                set.dropFirst().forEach { reported.insert(choices[$0].range) }
                let members = set.map { "\($0 + 1) \(English.quote(choices[$0].text))" }.joined(separator: " and ")
                report("\(set.count == 1 ? "choice" : "choices") \(members) of question '\(question.id.value)'\(item.suffix) make"
                       + "\(set.count == 1 ? "s" : ""), with the two other choices, an only-one, both, neither set (a K-type "
                       + "question): ask about one thing", at: choices[first].range)
            }
            for (index, entry) in choices.enumerated() where !reported.contains(entry.range) && !set.contains(index) {
                if labelled[index] {
                    reported.insert(entry.range)
                    report("choice \(index + 1) \(English.quote(entry.text)) of question '\(question.id.value)'\(item.suffix) "
                           + "combines labelled options (a K-type choice); ask about one thing per question", at: entry.range)
                } else if joins[index], let parts = joinedChoices(normalized[index], others: normalized, except: index) {
                    reported.insert(entry.range)
                    report("choice \(index + 1) \(English.quote(entry.text)) of question '\(question.id.value)'\(item.suffix) "
                           + "combines choices \(parts.map { String($0 + 1) }.joined(separator: " and ")); "
                           + "make each choice a single answer", at: entry.range)
                }
            }
        }
    }

    // MARK: - Labels

    enum LabelKind { case letter, roman, digit }

    private static let romans = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii"]
    private static let connectives = Set(["and", "&", "or", "only", "both", "all", "but", "not", "except"]).union(verdicts)
    /// Words that judge labelled statements ("III and IV are true", "A, B, C are correct"): a
    /// choice with one is about labels, whatever the stem.
    private static let verdicts: Set<String> = ["are", "is", "true", "false", "correct", "incorrect", "right", "wrong"]
    /// What cuts a choice into pieces, besides white space.
    static let separators: Set<Character> = [",", "&", "+", "/", ";", "(", ")", "."]
    /// The pieces `labels(of:)` accepts, lower-cased: connectives, Roman numerals up to viii,
    /// letters a–h and digits 1–9. The quick look that turns away choices of other words.
    static let labelPieces = English.Pieces(
        connectives.union(romans).union((UInt8(ascii: "a")...UInt8(ascii: "h")).map { String(Unicode.Scalar($0)) })
            .union((1...9).map(String.init)),
        separators: separators)

    /// The labels of a choice made only of labels and connectives ("I and III only", "a, b & d",
    /// "III and IV are true, I and II are false"), with whether it says "only"/"both"/"except"
    /// or judges them ("are correct"; `judges`), and whether its letters are written as labels: in lower
    /// case ("b and c.") or with a bracket ("(A) and (C)", "A) and C)"), where vitamins and
    /// blood groups are capitals alone. Nil for any other choice.
    func labels(of text: String) -> (labels: [(kind: LabelKind, value: Int)], marked: Bool, writtenAsLabels: Bool, judges: Bool)? {
        guard Self.labelPieces.mayBeMadeOfMembers(text), text.count <= 40 else { return nil }
        // Letters and points alone are an abbreviation ("c.c.", "a.c.", "i.e."), not labels.
        guard !(text.contains(".") && text.allSatisfy({ $0 == "." || $0.isLetter })) else { return nil }
        var labels: [(LabelKind, Int)] = []
        var marked = false, judges = false
        let writtenAsLabels = Self.hasLetterLabelMarks(text)
        var piece = ""
        var pieces: [String] = []
        for character in text.lowercased() {
            if Self.separators.contains(character) || character.isWhitespace {
                if !piece.isEmpty { pieces.append(piece) }
                if character == "&" || character == "+" { pieces.append("&") }
                piece = ""
            } else {
                piece.append(character)
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        for piece in pieces {
            if Self.connectives.contains(piece) {
                if piece == "only" || piece == "both" || piece == "except" { marked = true }
                if Self.verdicts.contains(piece) { marked = true; judges = true }
                continue
            }
            if let roman = Self.romans.firstIndex(of: piece), piece != "v" || labels.contains(where: { $0.0 == .roman }) {
                labels.append((.roman, roman + 1))
            } else if piece.count == 1, let scalar = piece.unicodeScalars.first, ("a"..."h").contains(scalar) {
                labels.append((.letter, Int(scalar.value) - 96))
            } else if let number = Int(piece), (1...9).contains(number), piece.count == 1 {
                labels.append((.digit, number))
            } else {
                return nil
            }
        }
        // "i" alone is a letter or a Roman one: read "i" and "v" as letters among letters.
        if labels.contains(where: { $0.0 == .letter }) {
            labels = labels.map { label in
                label.0 == .roman && (label.1 == 1 || label.1 == 5) ? (.letter, label.1 == 1 ? 9 : 22) : label
            }
        }
        guard !labels.isEmpty, labels.count >= 2 || marked, Set(labels.map { "\($0.0)" }).count == 1 else { return nil }
        return (labels, marked, writtenAsLabels, judges)
    }

    /// Whether a single letter of `text` stands in brackets or before ")" ("(A)", "C)"), or is
    /// a lower-case letter a–h on its own ("b and c.").
    static func hasLetterLabelMarks(_ text: String) -> Bool {
        let characters = Array(text)
        for (index, character) in characters.enumerated() where character.isLetter {
            let before: Character? = index > 0 ? characters[index - 1] : nil
            let after: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            guard before.map({ !$0.isLetter }) ?? true, after.map({ !$0.isLetter }) ?? true else { continue }
            if before == "(" || after == ")" { return true }
            if ("a"..."h").contains(character) { return true }
        }
        return false
    }

    /// Which choices are K-type combinations of labels.
    private func labelCombinations(_ texts: [String], stem: String) -> [Bool] {
        let parsed = texts.map { labels(of: $0) }
        guard parsed.contains(where: { $0 != nil }) else { return texts.map { _ in false } }
        let enumerated = numberedItems(in: stem)
        var result = texts.map { _ in false }
        // A question whose label-like choices are all permutations of the same set orders items.
        let sets = parsed.compactMap { $0.map { Set($0.labels.map(\.value)) } }
        let isOrdering = parsed.allSatisfy { $0 != nil } && Set(sets).count == 1
            && parsed.allSatisfy { $0!.labels.count == sets[0].count && $0!.labels.count >= 3 }
        guard !isOrdering else { return result }
        // Letters that are answers in their own right: a letter beyond the number of choices in any
        // label-like choice ("C and K" among four choices) means they are not option letters.
        let lettersAreLabels = !parsed.contains { entry in
            guard let entry else { return false }
            return entry.labels.contains { $0.kind == .letter && $0.value > texts.count }
        }
        for (index, entry) in parsed.enumerated() {
            guard let entry, let kind = entry.labels.first?.kind else { continue }
            switch kind {
            case .letter:
                // Letters need more than "A and D" (vitamins, blood groups): "only", "both" or
                // "except", or a stem that letters its statements.
                result[index] = lettersAreLabels && (entry.marked || enumerated.letters || entry.writtenAsLabels && entry.labels.count >= 2)
            case .roman:
                result[index] = enumerated.romans || entry.marked && entry.labels.count >= 1
            case .digit:
                result[index] = enumerated.digits && entry.labels.allSatisfy { enumerated.digitValues.contains($0.value) }
                    || entry.labels.count >= 2 && entry.judges
            }
        }
        return result
    }

    /// How the stem numbers its statements: "1." or "(1)" or "1)", "I." or "(I)", "(a)" or "a)".
    private func numberedItems(in stem: String) -> (letters: Bool, romans: Bool, digits: Bool, digitValues: Set<Int>) {
        let characters = Array(stem)
        var letters = false, romans = false
        var digitValues: Set<Int> = []
        var index = 0
        while index < characters.count {
            let startsToken = index == 0 || characters[index - 1].isWhitespace || characters[index - 1] == "("
            guard startsToken else { index += 1; continue }
            var end = index
            while end < characters.count, characters[end].isLetter || characters[end].isNumber { end += 1 }
            guard end > index, end < characters.count, end - index <= 4 else { index = max(end, index + 1); continue }
            let token = String(characters[index..<end])
            let mark = characters[end]
            let opened = index > 0 && characters[index - 1] == "("
            if mark == ")" || (mark == "." || mark == ":") && (end + 1 == characters.count || characters[end + 1].isWhitespace) {
                let lower = token.lowercased()
                if let value = Int(token), (1...9).contains(value) {
                    digitValues.insert(value)
                } else if Self.romans.contains(lower), token == token.uppercased() || opened {
                    romans = true
                } else if token.count == 1, token.first!.isLetter, opened || mark == ")" {
                    letters = true
                }
            }
            index = end + 1
        }
        return (letters, romans, digitValues.count >= 2, digitValues)
    }

    // MARK: - Joined choices

    /// The other choices a choice joins: "Both salt and pepper", "Salt, pepper and oil", "Salt & pepper".
    private func joinedChoices(_ text: String, others: [String], except index: Int) -> [Int]? {
        guard English.containsASCII(text, " and ") || English.containsASCII(text, ",") || English.containsASCII(text, " & ") else { return nil }
        var body = text
        // "Both Collins and Armstrong": after "both", a part may be one word of another choice.
        let saysBoth = body.hasPrefix("both ")
        for prefix in ["both ", "all of ", "either "] where body.hasPrefix(prefix) { body.removeFirst(prefix.count) }
        for suffix in [" only", " both"] where body.hasSuffix(suffix) { body.removeLast(suffix.count) }
        var parts: [String] = []
        for chunk in body.split(separator: ",") {
            for part in English.split(chunk, at: " and ").flatMap({ English.split($0, at: " & ") }) {
                var part = English.trimmed(String(part))
                if part.hasPrefix("and ") { part.removeFirst(4) }
                if !part.isEmpty { parts.append(part) }
            }
        }
        guard parts.count >= 2 else { return nil }
        // "the X" of each text made once, not once a comparison.
        let theOthers = others.map { "the " + $0 }
        var indexes: [Int] = []
        for part in parts {
            let thePart = "the " + part
            let match = others.indices.first(where: { $0 != index && !others[$0].isEmpty && (others[$0] == part || others[$0] == thePart || theOthers[$0] == part) })
                ?? (saysBoth ? others.indices.first(where: { $0 != index && !indexes.contains($0) && Self.hasWords(part, in: others[$0]) }) : nil)
            guard let match else { return nil }
            indexes.append(match)
        }
        return Set(indexes).count == indexes.count ? indexes : nil
    }

    /// Whether `part` (a word or two) stands in `text` as whole words, ignoring a final "s":
    /// "Collins" in "Michael Collins", "particles" in "Group of particles".
    static func hasWords(_ part: String, in text: String) -> Bool {
        let partWords = English.words(part).map { English.stem($0.lower) }
        let textWords = English.words(text).map { English.stem($0.lower) }
        guard !partWords.isEmpty, partWords.count <= 2, partWords.count < textWords.count || textWords.count == 1 else { return false }
        return textWords.indices.contains { start in
            start + partWords.count <= textWords.count && Array(textWords[start..<(start + partWords.count)]) == partWords
        }
    }

    // MARK: - Both and neither

    /// The choices "Both" and "Neither" (and "Both of these", "None of them") beside exactly
    /// two other choices: together they make the only-A, only-B, both, neither set.
    static func bothNeitherSet(_ texts: [String], stem: String) -> [Int] {
        let aggregates = texts.map { text -> AggregateChoice? in
            let head = AggregateChoice.firstWord(text)
            guard head == "both" || head == "neither" || head == "none" else { return nil }
            return AggregateChoice.of(text, stem: { stem })
        }
        let others = aggregates.filter { $0 == nil }.count
        guard others == 2, aggregates.contains(.allOfTheAbove) else { return [] }
        return aggregates.indices.filter { aggregates[$0] != nil }
    }

}

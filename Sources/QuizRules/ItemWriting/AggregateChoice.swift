/// A choice that speaks about the other choices as a whole: "All of the above", "Both of these",
/// "None of these", "Neither". `all-of-the-above` and `none-of-the-above` report them.
enum AggregateChoice: Equatable {
    case allOfTheAbove
    case noneOfTheAbove

    /// Words that may follow the head word ("all", "both", "none", "neither") in an aggregate choice.
    private static let tail: Set<String> = [
        "of", "the", "above", "these", "those", "them", "this", "answers", "answer", "options", "option", "choices",
        "choice", "listed", "mentioned", "previous", "preceding", "given", "here", "statements", "statement",
        "alternatives", "are", "is", "correct", "true", "right", "apply", "applies", "two", "three", "four", "five",
        "six", "seven", "abovementioned", "one", "responses", "above-mentioned", "things", "previously",
        "aforementioned", "below", "em",
    ]

    private static let heads: Set<String> = ["all", "both", "any", "each", "every", "none", "non", "neither", "not", "no", "nothing", "there"]
    /// The kind of aggregate each head of a long form makes.
    private static let headKinds: [String: AggregateChoice] = [
        "all": .allOfTheAbove, "both": .allOfTheAbove, "any": .allOfTheAbove, "each": .allOfTheAbove, "none": .noneOfTheAbove, "neither": .noneOfTheAbove,
    ]

    /// What kind of aggregate `text` is, if any. `stem` is asked only for a bare "None" or "All":
    /// when it asks how many, they are counts, not aggregates. `otherChoices`, the number of the
    /// question's other choices, when given, makes "All three" (beside three) an aggregate.
    static func of(_ text: String, otherChoices: Int? = nil, stem: () -> String) -> AggregateChoice? {
        if let kind = ofClause(text, otherChoices: otherChoices, stem: stem) { return kind }
        // "There are no incorrect statements. All of these are true.", "Trick question: all of
        // the above": the aggregate is a clause of its own after a lead-in. Most choices have
        // no such mark and are not copied.
        var start = clauseStart(in: text, after: text.startIndex)
        while let clause = start {
            let end = clauseStart(in: text, after: clause)
            if let kind = ofClause(String(text[clause..<(end ?? text.endIndex)]), otherChoices: otherChoices, stem: stem) { return kind }
            start = end
        }
        return nil
    }

    /// Where the clause after the first ". ", "! ", "? ", ": " or "; " at or after `from` starts
    /// (at the space); nil when there is none (most choices). Not at a dash: "The Barrymores -
    /// all of 'em!" speaks of the Barrymores. Read from the UTF-8 bytes: the marks are ASCII.
    static func clauseStart(in text: String, after from: String.Index) -> String.Index? {
        let bytes = text.utf8
        var index = from
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if byte == 0x2E || byte == 0x21 || byte == 0x3F || byte == 0x3A || byte == 0x3B,
               next < bytes.endIndex, bytes[next] == 0x20 { return next }
            index = next
        }
        return nil
    }

    /// `of` for one clause.
    private static func ofClause(_ text: String, otherChoices: Int?, stem: () -> String) -> AggregateChoice? {
        // Most choices start with another word: look at the first one before reading the rest.
        let first = firstWord(text)
        if pronouns.contains(first) { return sentenceAboutAll(English.words(English.normalized(text)).map(\.lower)) }
        guard heads.contains(first) else { return nil }
        let words = English.words(English.normalized(text)).map(\.lower)
        // "All of the above are false" denies them all: the judgement before the long form.
        if let judged = judgedTogether(words) { return judged }
        if let long = longForm(words) { return long }
        // "All of them have accomplished this feat" under "Which of the following players has
        // not...?": "them" is the choices when the stem asks which of them; under "What do
        // Shaw, Yeats and Kipling have in common?" it is the people the stem names.
        if words.count >= 4, words.count <= 8, words[1] == "of", words[2] == "them",
           let kind = headKinds[words[0]], stemAsksWhichChoice(stem()) { return kind }
        guard let head = words.first, words.count <= 7 else { return nil }
        // A bare "All", "Both", "None" or "Neither" may be the answer itself: a count ("How many
        // moons has Venus? — None"), or a word ("What does bupkis mean? — None", "you are my ... — All").
        var countQuestion: Bool { isCountQuestion(stem()) || asksForWords(stem()) }
        let rest = Array(words.dropFirst())
        switch head {
        case "all", "both", "each", "every":
            // A bare "Each" or "Every" is no aggregate.
            if head == "each" || head == "every", rest.isEmpty { return nil }
            if rest.isEmpty { return !countQuestion ? .allOfTheAbove : nil }
            // "All three", "All three were shot" beside three other choices: the count names them.
            if head == "all", let otherChoices, let count = rest.first.flatMap({ counts[$0] }), count == otherChoices {
                return !countQuestion ? .allOfTheAbove : nil
            }
            // "All of these" but not "All of a sudden", "All four seasons" (a count answer).
            guard rest.allSatisfy({ tail.contains($0) }), rest.contains(where: { ["above", "these", "those", "them", "answers", "options",
                                                                  "choices", "listed", "mentioned", "previous", "preceding",
                                                                  "correct", "true", "right", "apply", "statements",
                                                                  "alternatives", "responses", "abovementioned",
                                                                  "above-mentioned", "given", "this", "aforementioned",
                                                                  "em"].contains($0) })
            else { return nil }
            return .allOfTheAbove
        case "any":
            // "Any of the above", "Any of them", "Any of the answers"; not "Any of a dozen".
            return rest.first == "of" && rest.allSatisfy({ tail.contains($0) })
                && rest.contains(where: { ["above", "these", "those", "them", "answers", "options", "choices"].contains($0) })
                ? .allOfTheAbove : nil
        case "none", "neither":
            if rest.isEmpty { return !countQuestion ? .noneOfTheAbove : nil }
            guard rest.allSatisfy({ tail.contains($0) || $0 == "nor" }) else { return nil }
            return .noneOfTheAbove
        case "non":
            // "Non of these": "None" misspelt, read only before "of" ("Non" alone is French).
            return rest.first == "of" && rest.allSatisfy({ tail.contains($0) }) ? .noneOfTheAbove : nil
        case "not":
            // "Not any of the above", "Not listed".
            return rest.first == "any" && rest.contains("above") || rest == ["listed"] || rest == ["listed", "here"]
                ? .noneOfTheAbove : nil
        case "nothing":
            // "Nothing of the above", "Nothing listed"; not "Nothing", an answer ("What did he say?").
            return rest.allSatisfy({ tail.contains($0) }) && rest.contains(where: { referents.contains($0) }) ? .noneOfTheAbove : nil
        case "there":
            return thereIsNo(words)
        case "no":
            // "No correct answer", "No answer is correct", "No correct option".
            return rest.count <= 4 && rest.contains(where: { ["answer", "answers", "option", "options", "choice"].contains($0) })
                && rest.allSatisfy({ tail.contains($0) }) ? .noneOfTheAbove : nil
        default:
            return nil
        }
    }

    /// Whether `stem` asks which of the choices it is: it opens with "which" or "who", or has
    /// "which of" ("Which of the following players has not...?", "Which member never...?"). Not
    /// a stem that asks which statement is true: there a choice "None of them is an Alpine
    /// country" speaks of what the stem names.
    static func stemAsksWhichChoice(_ stem: String) -> Bool {
        let words = English.words(stem).map(\.lower)
        guard let first = words.first, !words.contains(where: { $0 == "statement" || $0 == "statements" }) else { return false }
        return first == "which" || first == "who" || zip(words, words.dropFirst()).contains { $0 == "which" && $1 == "of" }
    }

    /// Subjects of a sentence that may speak of the other choices ("They are all true", "He
    /// kissed all of them").
    private static let pronouns: Set<String> = ["they", "these", "those", "he", "she", "it", "we", "i", "you"]

    /// A short sentence that says the same of every other choice: "They are all true", "These
    /// are all correct usages of the word", "He was in all of these bands", "She slept with all
    /// of them", "It could be any or all of these". `words` start with a pronoun.
    static func sentenceAboutAll(_ words: [String]) -> AggregateChoice? {
        guard words.count >= 3, words.count <= 10 else { return nil }
        for index in words.indices.dropFirst() where words[index] == "all" {
            // "are all true": a judgement of every choice.
            if index + 1 < words.count, ["are", "were"].contains(words[index - 1]),
               ["true", "correct", "right"].contains(words[index + 1]) { return .allOfTheAbove }
            // "They all are correct".
            if index + 2 < words.count, ["are", "were"].contains(words[index + 1]),
               ["true", "correct", "right"].contains(words[index + 2]) { return .allOfTheAbove }
            // "all of these", "all of them", "all of the above", "all of those".
            if index + 2 < words.count, words[index + 1] == "of",
               ["these", "them", "those"].contains(words[index + 2]) || words[index + 2] == "the" && index + 3 < words.count && words[index + 3] == "above" {
                return .allOfTheAbove
            }
        }
        return nil
    }

    private static let counts: [String: Int] = ["two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7]
    private static let judgements: Set<String> = ["true", "correct", "right", "false", "incorrect", "wrong"]

    /// "All statements are in fact true", "All are correct", "None of the answers is right": the
    /// head, words of the tail, "are" or "is", at most two more words and a judgement last.
    static func judgedTogether(_ words: [String]) -> AggregateChoice? {
        guard words.count >= 3, words.count <= 8, let last = words.last, judgements.contains(last),
              let verb = words.firstIndex(where: { $0 == "are" || $0 == "is" }), verb >= 1, words.count - verb - 2 <= 2,
              words[1..<verb].allSatisfy({ tail.contains($0) }) else { return nil }
        switch words[0] {
        case "all", "both", "each", "every": return last == "true" || last == "correct" || last == "right" ? .allOfTheAbove : .noneOfTheAbove
        case "none", "neither": return .noneOfTheAbove
        default: return nil
        }
    }

    private static let answerNouns: Set<String> = ["answer", "answers", "option", "options", "choice", "choices", "statement", "statements"]

    /// "There is no correct answer" denies every choice; "There are no incorrect statements"
    /// affirms them all. "There", "is" or "are", "no", then up to three words of the tail or
    /// judgements, one of them a noun for the choices ("There is no such thing" is an answer).
    static func thereIsNo(_ words: [String]) -> AggregateChoice? {
        guard words.count >= 4, words.count <= 6, ["is", "are"].contains(words[1]), words[2] == "no" else { return nil }
        let rest = words[3...]
        guard rest.contains(where: { answerNouns.contains($0) }), rest.allSatisfy({ tail.contains($0) || judgements.contains($0) })
        else { return nil }
        return rest.contains(where: { ["false", "incorrect", "wrong"].contains($0) }) ? .allOfTheAbove : .noneOfTheAbove
    }

    /// Nouns a long form may name the other choices by ("All of the diseases above").
    private static let referents: Set<String> = [
        "above", "listed", "mentioned", "previous", "preceding", "abovementioned", "above-mentioned", "aforementioned", "below",
    ]

    /// A long form: "All of the above would be good ways to...", "None of the above is
    /// correct", "All of the diseases above", "All of these answers are right". The head and
    /// "of the above" / "of these" / "of those" / "of the following", or "of the" and one or two
    /// words then "above" or "listed"; anything may follow.
    static func longForm(_ words: [String]) -> AggregateChoice? {
        guard words.count >= 3, words.count <= 16, words[1] == "of" else { return nil }
        let kind: AggregateChoice
        switch words[0] {
        case "all", "both", "any", "each": kind = .allOfTheAbove
        case "none", "neither": kind = .noneOfTheAbove
        default: return nil
        }
        if words[2] == "these" || words[2] == "those" { return words.count <= 8 ? kind : nil }
        guard words[2] == "the", words.count >= 4 else { return nil }
        if ["above", "following", "abovementioned", "above-mentioned", "aforementioned", "below"].contains(words[3]) { return kind }
        // "of the diseases above", "of the answers listed", "of the animals named above".
        for offset in 4..<min(6, words.count) where referents.contains(words[offset]) { return kind }
        return nil
    }

    /// The first run of letters of `text`, lower-cased; read from the bytes when the text is
    /// ASCII up to the end of that run (most choices).
    static func firstWord(_ text: String) -> String {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var start = 0
            while start < bytes.count, !English.isASCIILetter(bytes[start]) {
                guard bytes[start] < 0x80 else { return nil }
                start += 1
            }
            var end = start
            while end < bytes.count, English.isASCIILetter(bytes[end]) { end += 1 }
            guard end == bytes.count || bytes[end] < 0x80 else { return nil }
            return English.asciiLowercased(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        return (ascii ?? nil) ?? text.drop { !$0.isLetter }.prefix { $0.isLetter }.lowercased()
    }

    private static let wordQuestions: Set<String> = [
        "word", "words", "lyric", "lyrics", "line", "lines", "say", "says", "said", "quote", "quotation", "mean",
        "means", "meaning", "translate", "translates", "translation", "term", "spell", "spelled", "phrase", "verse",
    ]

    /// Whether a stem asks for words (a lyric, a quotation, a meaning) or ends with a blank. The
    /// words are looked for in the last sentence, the one that asks: an earlier one may tell a
    /// story ("The first coin said it was minted in 43 BC... Which of the coins was fake? — Both").
    static func asksForWords(_ stem: String) -> Bool {
        if English.words(String(lastSentence(stem))).contains(where: { wordQuestions.contains($0.lower) }) { return true }
        var tail = Substring(stem)
        while let last = tail.last, last.isWhitespace || "?\"'\u{2019}\u{201D}:".contains(last) { tail = tail.dropLast() }
        if tail.hasSuffix("_.") { tail = tail.dropLast() }
        return tail.hasSuffix("_") || tail.hasSuffix("...") || tail.hasSuffix("\u{2026}")
    }

    /// The text after the last ". ", "! " or "? " that has letters or digits after it; the whole
    /// text when there is none. Read from the UTF-8 bytes: the marks are ASCII.
    static func lastSentence(_ stem: String) -> Substring {
        let bytes = stem.utf8
        var end = bytes.endIndex
        // Past the closing marks and spaces ("...fake?  ").
        while end > bytes.startIndex {
            let before = bytes.index(before: end)
            let byte = bytes[before]
            guard byte < 0x80, !English.isASCIILetter(byte), !(byte >= 0x30 && byte <= 0x39) else { break }
            end = before
        }
        var index = end
        while index > bytes.startIndex {
            let before = bytes.index(before: index)
            let byte = bytes[before]
            if (byte == 0x2E || byte == 0x21 || byte == 0x3F), index < end, bytes[index] == 0x20 || bytes[index] == 0x0A {
                return stem[index...].drop { $0.isWhitespace }
            }
            index = before
        }
        return Substring(stem)
    }

    /// Whether a stem asks for a count ("How many moons does Venus have?"), where "None" and "All"
    /// are answers, not aggregates.
    /// "number", "percentage", "proportion" ask for a count only as "the number of...", "what
    /// percentage", "which number": "Which particle determines the atomic number of an
    /// element?" asks for a particle.
    static func isCountQuestion(_ stem: String) -> Bool {
        let words = English.words(stem).map(\.lower)
        for index in words.indices.dropLast() {
            let next = words[index + 1]
            if words[index] == "how" && (next == "many" || next == "much" || next == "often") { return true }
            // "the number of", not "the atomic number of"; and "the" opens the question or follows
            // its verb ("What is the number of...", "The proportion of... is"), not another verb
            // ("Which of these changes the proportion of salt?" asks for a cause).
            if amountWords.contains(words[index]) && next == "of"
                && (index == 0 || countOpeners.contains(words[index - 1]) && (words[index - 1] != "the" || index < 2 || theLeads.contains(words[index - 2]))) {
                return true
            }
            if (words[index] == "what" || words[index] == "which") && amountWords.contains(next) { return true }
        }
        return false
    }

    /// Words before "the number of" when it asks: the question's verb or word ("What is the number of...").
    private static let theLeads: Set<String> = ["is", "was", "are", "were", "what", "which", "estimate", "give", "name", "about", "approximately", "roughly", "find"]
    private static let countOpeners: Set<String> = ["the", "a", "what", "which", "total", "same", "greatest", "largest", "smallest"]
    private static let amountWords: Set<String> = ["number", "percentage", "percent", "proportion", "share", "amount", "fraction", "total"]
}

import Foundation

/// A plain keyword-and-regex detector per flaw, the yardstick of the issue ("a simple keyword
/// baseline of your own"): what an hour of regular expressions finds, with no parsing, no
/// statistics and no word lists beyond a few dozen words. The rules should do at least as well.
enum KeywordBaselines {
    typealias Item = EvaluationSet.Item

    static let detectors: [String: @Sendable (Item) -> Bool] = [
        "absolute-terms": absoluteTerms,
        "vague-terms": vagueTerms,
        "negative-stem": negativeStem,
        "none-of-the-above": noneOfTheAbove,
        "all-of-the-above": allOfTheAbove,
        "complex-choice": complexChoice,
        "numeric-choice-order": numericChoiceOrder,
        "stem-clue": stemClue,
        "blank-not-at-end": blankNotAtEnd,
        "key-longest-bias": keyLongestBias,
        "which-is-true": whichIsTrue,
        "article-cue": articleCue,
        "incomplete-stem": incompleteStem,
        "key-convergence": keyConvergence,
        "stem-choice-agreement": stemChoiceAgreement,
    ]

    // MARK: Words

    static let stopWords: Set<String> = Set("""
        a an the of in on at to for and or is was are were be been by with this that these those which what who \
        whom whose when where how why did does do from as it its his her their they he she him them one not no \
        following name called has have had after before into about than then there
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    static func words(_ text: String) -> [String] {
        text.lowercased().replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "’", with: "")
            .split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    static func contentWords(_ text: String) -> Set<String> {
        Set(words(text).filter { !stopWords.contains($0) })
    }

    /// A crude stem: common suffixes cut, then the first five letters.
    static func stem(_ word: String) -> String {
        var word = word
        for suffix in ["ing", "ed", "es", "s", "ly", "er"] where word.count > suffix.count + 3 && word.hasSuffix(suffix) {
            word.removeLast(suffix.count)
            break
        }
        return String(word.prefix(5))
    }

    static func contains<Output>(_ text: String, _ regex: Regex<Output>) -> Bool {
        text.firstMatch(of: regex.ignoresCase()) != nil
    }

    /// "All of these", "None", "Both": a stand-in for other choices, not a phrase to judge.
    static func isAggregate(_ text: String) -> Bool {
        contains(text, #/^\W*(all|none|neither|both)( of)?( the above| these| them| the)?\W*$/#)
    }

    /// What a test-taker judges true or false: a true/false statement, a yes/no stem, and the
    /// choices that are phrases rather than names (three words or more).
    static func judgedTexts(_ item: Item) -> [String] {
        var texts = item.choices.map(\.text).filter { $0.split(separator: " ").count >= 3 && !isAggregate($0) }
        let yesNo = Set(item.choices.map { $0.text.lowercased() }) == ["yes", "no"]
        if item.isTrueFalse || yesNo { texts.append(item.text) }
        return texts
    }

    /// The last sentence of the stem: where a question is asked.
    static func askingClause(_ text: String) -> String {
        let sentences = text.split(whereSeparator: { ".!".contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }
        return sentences.last { !$0.isEmpty } ?? text
    }

    // MARK: Detectors

    static func absoluteTerms(_ item: Item) -> Bool {
        judgedTexts(item).contains {
            contains($0, #/\b(always|never|all|every|everyone|everything|only|none|nobody|no one|nothing|must|cannot|can't|completely|entirely|totally|absolutely|impossible)\b/#)
        }
    }

    static func vagueTerms(_ item: Item) -> Bool {
        let vague = #/\b(often|usually|sometimes|rarely|seldom|frequently|generally|typically|commonly|occasionally|tends? to|relatively|mostly|largely|normally|many|several|few|quite|fairly|somewhat|chiefly|primarily)\b/#
        let vagueMost = #/(^|[^e] )most [a-z]/#  // "most X" but not "the most X"
        var texts = judgedTexts(item)
        if !item.isTrueFalse { texts.append(askingClause(item.text)) }
        return texts.contains { contains($0, vague) || contains($0, vagueMost) }
    }

    static func negativeStem(_ item: Item) -> Bool {
        let clause = item.isTrueFalse ? item.text : askingClause(item.text)
        let negative = #/\b(not|never|except|least|false|untrue|incorrect|wrong|odd one|all but)\b|n't\b/#
        guard clause.firstMatch(of: negative.ignoresCase()) != nil else { return false }
        // Emphasised in capitals, as the guidelines allow; or only inside a relative clause.
        if clause.firstMatch(of: #/\b(NOT|EXCEPT|LEAST|FALSE)\b/#) != nil { return false }
        let relative = #/\b(that|who|which|where|when)\b[^,?]*\b(not|never)\b|\b(that|who|which)\b[^,?]*n't\b/#
        let asks = #/\b(is|are|was|were|did|does|do|has|have|could|would|can)\s+(not|never)\b|\b(isn't|aren't|wasn't|weren't|didn't|doesn't|don't)\b|\b(except|least|false|untrue|incorrect|wrong|odd one|all but)\b/#
        return contains(clause, asks) || !contains(clause, relative)
    }

    static func noneOfTheAbove(_ item: Item) -> Bool {
        let numbers = item.choices.filter { $0.text.contains(where: \.isNumber) }.count
        return item.choices.contains { choice in
            let text = choice.text
            if contains(text, #/\bnone of\b|\bneither of\b|\bnot any of\b|^\W*neither\W*$/#) { return true }
            // A bare "None" is a count when the other choices are numbers.
            return contains(text, #/^\W*none\W*$/#) && numbers * 2 < item.choices.count
        }
    }

    static func allOfTheAbove(_ item: Item) -> Bool {
        item.choices.contains {
            contains($0.text, #/\ball (of )?(the above|these|those|them)\b|^\W*both( of them| of these)?\W*$|\ball (of )?these are\b/#)
        }
    }

    static func complexChoice(_ item: Item) -> Bool {
        let lettered = #/^\W*\(?([a-d]|[1-4]|i{1,3}|iv)\)?\.?\s*(,|and|&|\+)\s*\(?([a-d]|[1-4]|i{1,3}|iv)\b|\b(are|is) (correct|true|false)\b|^\W*(both|neither)\W*$/#
        let others = Set(item.choices.map { $0.text.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) })
        return item.choices.contains { choice in
            if contains(choice.text, lettered) { return true }
            let parts = choice.text.lowercased().split(separator: #/\s*(,|\band\b|&)\s*/#)
                .map { $0.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) }
                .map { $0.hasPrefix("both ") ? String($0.dropFirst(5)) : $0 }
            return parts.count >= 2 && parts.filter { others.contains($0) }.count >= 2
        }
    }

    static let numberWords: [String: Double] = ["zero": 0.0, "none": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                              "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20]

    /// The first number of a choice (digits with separators, or a number word), if it has one.
    static func number(in text: String) -> Double? {
        if let match = text.firstMatch(of: #/\d[\d,]*(\.\d+)?/#) {
            return Double(match.output.0.replacingOccurrences(of: ",", with: ""))
        }
        return words(text).lazy.compactMap { numberWords[$0] }.first
    }

    static func numericChoiceOrder(_ item: Item) -> Bool {
        let values = item.choices.compactMap { number(in: $0.text) }
        guard item.choices.count >= 3, values.count == item.choices.count else { return false }
        let ascending = zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
        let descending = zip(values, values.dropFirst()).allSatisfy { $0 >= $1 }
        return !ascending && !descending
    }

    static func stemClue(_ item: Item) -> Bool {
        let stems = Set(contentWords(item.text).filter { $0.count >= 4 }.map(stem))
        func echoes(_ text: String) -> Bool { !Set(contentWords(text).filter { $0.count >= 4 }.map(stem)).isDisjoint(with: stems) }
        let keys = item.choices.filter(\.correct), distractors = item.choices.filter { !$0.correct }
        return !distractors.isEmpty && keys.contains { echoes($0.text) } && !distractors.contains { echoes($0.text) }
    }

    static func blankNotAtEnd(_ item: Item) -> Bool {
        let text = item.text
        let asksToFill = contains(text, #/\b(missing|complete|finish|fill|blank)\b/#)
        let blank = asksToFill ? #/_+|\.{3,}|…/# : #/_+/#
        guard let last = text.matches(of: blank).last else { return false }
        // Words after the blank, before the end of its sentence.
        let rest = text[last.range.upperBound...].prefix { !".?!".contains($0) }
        return rest.contains(where: \.isLetter)
    }

    static func keyLongestBias(_ item: Item) -> Bool {
        guard let key = item.choices.first(where: \.correct), item.choices.count >= 3 else { return false }
        let distractors = item.choices.filter { !$0.correct }.map(\.text.count)
        guard let longestDistractor = distractors.max() else { return false }
        if Double(key.text.count) >= 1.3 * Double(longestDistractor) && key.text.count - longestDistractor >= 8 { return true }
        let lengths = item.choices.map(\.text.count).sorted()
        let longest = lengths[lengths.count - 1], second = lengths[lengths.count - 2]
        return Double(longest) >= 1.5 * Double(second) && longest - second >= 10
    }

    static func whichIsTrue(_ item: Item) -> Bool {
        contains(item.text, #/\b(which|what)\b( one)?( of)?( the| these)?( following)?( statements?| is| are)\b[^?]*\b(true|false|correct|incorrect|untrue|wrong)\b|\b(identify|select|find|choose|pick)\b the (true|correct|false|incorrect|right|wrong) statement|\bstatements?\b[^?]*\b(is|are) (true|false|wrong|correct|incorrect|untrue)\b|^which of (the following|these) is (true|false|correct|incorrect)\W*$/#)
    }

    static func articleCue(_ item: Item) -> Bool {
        guard !item.isTrueFalse, let article = item.text.firstMatch(of: #/(?:^|\s)(a|an)\s*(_+|\.{2,}|…)?\W*$/#.ignoresCase()) else {
            return false
        }
        let isAn = article.output.1.lowercased() == "an"
        let fits: [Bool] = item.choices.map { choice in
            let text = choice.text.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)).lowercased()
            if contains(text, #/^(a|an|the|some)\b/#) { return false }
            let vowel = text.first.map { "aeiou".contains($0) } ?? false
            return isAn ? vowel : !vowel
        }
        return fits.contains(true) && fits.contains(false)
    }

    static func incompleteStem(_ item: Item) -> Bool {
        guard !item.isTrueFalse, !item.text.contains("?") else { return false }
        return !contains(item.text, #/\b(who|whom|whose|what|which|where|when|why|how|name|identify|select|choose|find|pick|give|complete|finish|fill|guess|this|these|he|she|it|they|one of)\b|_{2,}/#)
    }

    static func keyConvergence(_ item: Item) -> Bool {
        let sets = item.choices.map { contentWords($0.text) }
        guard sets.count >= 3, let key = item.choices.firstIndex(where: \.correct),
              item.choices.filter(\.correct).count == 1 else { return false }
        let overlap = sets.indices.map { i in sets.indices.filter { $0 != i }.reduce(0) { $0 + sets[i].intersection(sets[$1]).count } }
        return overlap[key] >= 2 && overlap.indices.allSatisfy { $0 == key || overlap[$0] < overlap[key] }
    }

    static func stemChoiceAgreement(_ item: Item) -> Bool {
        guard !item.isTrueFalse else { return false }
        let texts = item.choices.map(\.text)
        let plural = texts.map { contains($0, #/\band\b|&|,/#) }
        let asksOne = contains(item.text, #/\b(which|what)\b [a-z]+ (is|was|has)\b|\b(the|its) (official )?(language|capital|club|team|country|person)\b/#)
        let asksSeveral = contains(item.text, #/\b(which|what|who) (two|three)\b|\bwho were\b|\bwhat were the\b/#)
        if asksOne && plural.contains(true) && plural.contains(false) { return true }
        if asksSeveral && plural.contains(false) { return true }
        // An article in the stem that the choices repeat ("a ...": "a snack").
        if contains(item.text, #/(?:^|\s)(a|an)\s*(_+|\.{2,}|…)?\W*$/#) && texts.contains(where: { contains($0, #/^\W*(a|an|some)\b/#) }) {
            return true
        }
        // Sentences beside noun phrases among the choices.
        let sentences = texts.map { contains($0, #/^\W*(he|she|it|they|his|her|their|there)\b.*\.\s*$/#) }
        return sentences.contains(true) && sentences.contains(false)
    }
}

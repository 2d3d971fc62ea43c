import Foundation
import Testing
import TestSupport
import QuizBank
@testable import QuizLint
@testable import QuizRules

/// The item-writing rules' readings of ASCII texts from their bytes (EnglishASCII.swift) against
/// plain readings by `Character`, written here only: on seeded random texts, and on every text
/// of the labelled questions (Tests/Data/quality), the banks under Banks/ and Templates/ and the
/// rules' examples.
@Suite struct EnglishASCIITests {
    /// The labelled questions, the example banks and the rules' examples.
    static let authoredBanks: [Bank] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var banks: [(path: String, bytes: [UInt8])] = []
        for directory in ["Tests/Data/quality", "Banks", "Templates"] {
            let url = root.appendingPathComponent(directory)
            let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.pathExtension == "yaml" {
                if let data = FileManager.default.contents(atPath: file.path) { banks.append((file.path, Array(data))) }
            }
        }
        for rule in RuleRegistry.all {
            for (index, example) in rule.description.examples.enumerated() {
                banks.append(("\(rule.description.id) example \(index + 1)", Array(example.bank.utf8)))
            }
        }
        return banks.compactMap { BankDecoder().decode($0.bytes, path: $0.path).bank }
    }()

    /// Every text of `authoredBanks`.
    static let authoredTexts: [String] = {
        var texts: [String] = []
        for bank in authoredBanks {
            for question in bank.questions {
                question.forEachLocalizedText { text, _ in texts.append(contentsOf: text.entries(sourceLocale: "en").map(\.text)) }
            }
        }
        return texts
    }()

    static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    @Test func theAuthoredTextsAreRead() {
        // 1,779 labelled questions alone, each with its choices.
        #expect(Self.authoredTexts.count > 5_000)
        #expect(Self.authoredTexts.contains { !Self.isASCII($0) })
    }

    // MARK: - Words

    static let wordPieces = [" ", "Which", "is", "NOT", "don't", "O'Neil", "'", "''", "x'", "'y", "4th", "abc1", "1,000", "co-op", "\r\n",
                             "\r", "\n", "\t", ".", "?", "!", ":", "(", ")", "\"", "_", "Sahara", "desert", "DESERT", "the", "A", "ab",
                             "abcd", "rock'n'roll", "e.g.", "'s", "&", "/", "é", "\u{301}", "\u{A0}", "U.S.A", "D.", "x"]

    /// (`EnglishWordsTests` compares them on random texts.)
    @Test func wordsOfTheAuthoredTextsAreThoseOfAnyText() {
        for text in Self.authoredTexts where Self.isASCII(text) {
            #expect(English.asciiWords(text) == English.wordsOfAnyText(text), "\(text.debugDescription)")
        }
    }

    /// `wordsOfAnyText(text).count >= 2`, for an ASCII text; true for any other.
    static func plainMayHaveTwoWords(_ text: String) -> Bool {
        !isASCII(text) || English.wordsOfAnyText(text).count >= 2
    }

    @Test func twoWordsAreSeenAsCharactersShowThem() {
        var generator = seededGenerator()
        var twoWords = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<6, from: Self.wordPieces, using: &generator)
            let plain = Self.plainMayHaveTwoWords(text)
            if plain { twoWords += 1 }
            #expect(English.mayHaveTwoWords(text) == plain, "\(text.debugDescription)")
        }
        #expect(twoWords > 1_000 && twoWords < 19_000, "\(twoWords) texts of two words")
        for text in Self.authoredTexts {
            #expect(English.mayHaveTwoWords(text) == Self.plainMayHaveTwoWords(text), "\(text.debugDescription)")
        }
    }

    @Test func keyConvergenceQuickLookKeepsEveryTextOfTwoWords() {
        let pieces = [" ", "Joe", "carter", "'", "s", "O'Neil", "-", "/", ",", "\t", "\r\n", "é", "1", "x'", "'y", "&", "."]
        var generator = seededGenerator()
        var kept = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<6, from: pieces, using: &generator)
            if English.mayHaveTwoWords(text) {
                kept += 1
            } else {
                #expect(English.words(text).count < 2, "\(text.debugDescription)")
            }
        }
        #expect(kept > 1_000)
    }

    /// The words of letters (and apostrophes) of `minimumLength` characters or more, as written
    /// and lower-cased, by `Character`.
    static func plainLetterWords(_ text: String, minimumLength: Int) -> [[String]] {
        English.wordsOfAnyText(text)
            .filter { $0.text.count >= minimumLength && $0.text.allSatisfy { $0.isLetter || $0 == "'" || $0 == "\u{2019}" } }
            .map { [$0.text, $0.lower] }
    }

    static func letterWords(_ text: String, minimumLength: Int) -> [[String]] {
        var words: [[String]] = []
        English.forEachLetterWord(of: text, minimumLength: minimumLength) { words.append([$0, $1]) }
        return words
    }

    @Test func letterWordsAreThoseOfAnyText() {
        var generator = seededGenerator()
        var found = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<10, from: Self.wordPieces, using: &generator)
            let minimumLength = Int.random(in: 1...5, using: &generator)
            let plain = Self.plainLetterWords(text, minimumLength: minimumLength)
            found += plain.count
            #expect(Self.letterWords(text, minimumLength: minimumLength) == plain, "\(text.debugDescription) \(minimumLength)")
        }
        #expect(found > 10_000)
        for text in Self.authoredTexts {
            #expect(Self.letterWords(text, minimumLength: 4) == Self.plainLetterWords(text, minimumLength: 4), "\(text.debugDescription)")
        }
    }

    // MARK: - Normalized texts

    static let normalizingPieces = [" ", "  ", "Which", "IS", "don't", "Both", "neither", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}",
                                    "\u{1C}", "\u{1F}", "\u{7F}", ".", ",", "!", "?", ":", ";", "\"", "'", "(", ")", "[", "]", "*", "_",
                                    "-", "...", "A", "z", "1", "&", "/", "\u{2019}", "\u{201C}", "\u{2026}", "\u{A0}", "\u{85}", "é",
                                    "E\u{301}", "\u{3000}"]

    /// `normalized` from the bytes of an ASCII text is `normalizedOfAnyText`, by `Character`;
    /// other texts take that reading.
    @Test func normalizedASCIIIsNormalizedOfAnyText() {
        var generator = seededGenerator()
        var ascii = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<8, from: Self.normalizingPieces, using: &generator)
            let plain = English.normalizedOfAnyText(text)
            #expect(English.normalized(text) == plain, "\(text.debugDescription)")
            if let fast = English.normalizedASCII(text) {
                ascii += 1
                #expect(Self.isASCII(text) && fast == plain, "\(text.debugDescription)")
            } else {
                #expect(!Self.isASCII(text), "\(text.debugDescription)")
            }
        }
        #expect(ascii > 2_000 && ascii < 18_000, "\(ascii) ASCII texts")
        for text in Self.authoredTexts {
            #expect(English.normalized(text) == English.normalizedOfAnyText(text), "\(text.debugDescription)")
        }
    }

    static let trimmingPieces = [" ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}",
                                 "\u{301}", "\u{600}", "\u{110BD}", "a", "Z", ".", "1", "é", "\u{200D}", "\u{FE0F}"]

    /// `trimmed` of a text that begins and ends with ASCII bytes other than white space is the
    /// text itself, as trimming it by Character gives; other texts are trimmed by Character.
    @Test func trimmedAtASCIIEndsIsTrimmedOfAnyText() {
        var generator = seededGenerator()
        var untrimmed = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<6, from: Self.trimmingPieces, using: &generator)
            let plain = English.trimmedOfAnyText(text)
            if English.untrimmedAtItsEnds(text) {
                untrimmed += 1
                #expect(plain == text && Array(plain.utf8) == Array(text.utf8), "\(text.debugDescription)")
            }
            #expect(English.trimmed(text) == plain, "\(text.debugDescription)")
        }
        #expect(untrimmed > 1_000 && untrimmed < 19_000, "\(untrimmed) left as they are")
        for text in Self.authoredTexts {
            #expect(English.trimmed(text) == English.trimmedOfAnyText(text), "\(text.debugDescription)")
        }
    }

    // MARK: - English items

    /// `EnglishItem.all` of a question with plain texts, made without entry lists, is what the
    /// entries give, for source locales English and not; a question with a translated text
    /// takes the entries' way.
    @Test func plainItemsAreThoseOfAnyForm() {
        var plain = 0, translated = 0
        for bank in Self.authoredBanks {
            for question in bank.questions {
                for locale in [bank.locale.value, "en", "en-GB", "EN-us", "fr", "pt-BR", "eng", "e"] {
                    let expected = EnglishItem.allOfAnyForm(of: question, sourceLocale: locale)
                    #expect(EnglishItem.all(of: question, sourceLocale: locale) == expected, "\(question.id.value) \(locale)")
                    if let items = EnglishItem.allOfPlainTexts(of: question, sourceLocale: locale) {
                        plain += 1
                        #expect(items == expected, "\(question.id.value) \(locale)")
                    } else {
                        translated += 1
                    }
                }
            }
        }
        #expect(plain > 10_000 && translated > 10, "\(plain) plain, \(translated) translated")
    }

    // MARK: - Word sets

    static let setPieces = ["a", "b", "K", "k", "\u{212A}", "e", "\u{E9}", "e\u{301}", "'", "\u{2019}", "-", "1", "the", "of", "A", "\u{A0}"]

    /// A `WordSet` contains what a `Set<String>` of its members contains: on random sets and
    /// words (ASCII, other, canonically equivalent forms of other bytes: the Kelvin sign is
    /// "K", "e" and a combining accent is "é"), and on the stop words against every word and
    /// stem of the authored texts.
    @Test func wordSetContainsWhatTheSetContains() {
        var generator = seededGenerator()
        var found = 0
        for _ in 0..<500 {
            let members = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
                randomText(pieceCount: 1..<4, from: Self.setPieces, using: &generator)
            }
            let words = WordSet(members)
            let set = Set(members)
            for _ in 0..<100 {
                let word = randomText(pieceCount: 0..<4, from: Self.setPieces, using: &generator)
                if set.contains(word) { found += 1 }
                #expect(words.contains(word) == set.contains(word), "\(word.debugDescription) in \(members.debugDescription)")
            }
            for member in members { #expect(words.contains(member)) }
        }
        #expect(found > 2_000, "\(found) found")
        #expect(WordSet(["\u{212A}elvin"]).contains("Kelvin") && WordSet(["caf\u{E9}"]).contains("cafe\u{301}"))
        var stopWords = 0
        for text in Self.authoredTexts {
            for word in English.wordsOfAnyText(text) {
                for form in [word.text, word.lower, English.stemMadeAfresh(word.lower)] {
                    let expected = English.stopWords.members.contains(form)
                    if expected { stopWords += 1 }
                    #expect(English.stopWords.contains(form) == expected, "\(form.debugDescription)")
                }
            }
        }
        #expect(stopWords > 10_000, "\(stopWords) stop words")
    }

    /// A `SmallWordSet` answers as a `Set<String>` of the same words: membership, count,
    /// equality and each operation, on random sets of canonically equivalent forms of other
    /// bytes, small ones and ones past `indexedFrom` words.
    @Test func smallWordSetsAgreeWithSets() {
        var generator = seededGenerator()
        func randomWords() -> [String] {
            let most = Bool.random(using: &generator) ? 8 : 3 * SmallWordSet.indexedFrom
            return (0..<Int.random(in: 0..<most, using: &generator)).map { _ in
                randomText(pieceCount: 1..<3, from: Self.setPieces, using: &generator)
            }
        }
        func agree(_ small: SmallWordSet, _ set: Set<String>, _ what: String) {
            #expect(small.count == set.count, "\(what)")
            #expect(Set(small) == set, "\(what)")
        }
        var equalPairs = 0, subsets = 0
        for _ in 0..<2_000 {
            let firstWords = randomWords(), secondWords = randomWords()
            let first = SmallWordSet(firstWords), second = SmallWordSet(secondWords)
            let firstSet = Set(firstWords), secondSet = Set(secondWords)
            agree(first, firstSet, "\(firstWords.debugDescription)")
            agree(first.union(second), firstSet.union(secondSet), "union")
            agree(first.intersection(second), firstSet.intersection(secondSet), "intersection")
            agree(first.subtracting(second), firstSet.subtracting(secondSet), "subtracting")
            agree(first.filter { $0.count > 1 }, firstSet.filter { $0.count > 1 }, "filter")
            var formed = first
            formed.formUnion(second)
            agree(formed, firstSet.union(secondSet), "formUnion")
            #expect(first.isSubset(of: second) == firstSet.isSubset(of: secondSet))
            #expect((first == second) == (firstSet == secondSet))
            #expect(SmallWordSet(firstWords.reversed()) == first)
            if firstSet == secondSet { equalPairs += 1 }
            if firstSet.isSubset(of: secondSet) { subsets += 1 }
            for word in secondWords.prefix(5) + [randomText(pieceCount: 1..<3, from: Self.setPieces, using: &generator)] {
                #expect(first.contains(word) == firstSet.contains(word), "\(word.debugDescription)")
            }
        }
        #expect(equalPairs > 5 && subsets > 100, "\(equalPairs) equal, \(subsets) subsets")
        #expect(SmallWordSet(["caf\u{E9}", "cafe\u{301}"]).count == 1 && SmallWordSet(["\u{212A}"]).contains("K"))
    }

    // MARK: - Pieces

    /// `Pieces.mayBeMadeOfMembers` by `Character`: the pieces between separators (ASCII white
    /// space and the marks), lower-cased, each a member, up to a piece with a non-ASCII character.
    static func plainMayBeMadeOf(_ text: String, members: Set<String>, separators: Set<Character>) -> Bool {
        var piece = ""
        for character in text + " " {
            guard character.isASCII else { return true }
            if character.isWhitespace || separators.contains(character) {
                if !piece.isEmpty && !members.contains(piece.lowercased()) { return false }
                piece = ""
            } else {
                piece.append(character)
            }
        }
        return true
    }

    static let labelPieces = ["I", "II", "iii", "IV", "v", "VIII", "ix", "a", "B", "h", "i", "j", "1", "9", "0", "10", "and", "AND", "or",
                              "only", "both", "all", "but", "not", "except", "excepts", "nor", "are", "TRUE", " ", ", ", "&", "+", "/",
                              ";", "(", ")", ".", "\t", "\r\n", "\u{A0}", "é", "Ⅲ", "-1", "salt"]

    @Test func piecesAreMembersAsCharactersShowThem() {
        var generator = seededGenerator()
        let members = ComplexChoiceRule.labelPieces.members
        var made = 0
        for _ in 0..<30_000 {
            let text = randomText(pieceCount: 0..<7, from: Self.labelPieces, using: &generator)
            let plain = Self.plainMayBeMadeOf(text, members: members, separators: ComplexChoiceRule.separators)
            if plain { made += 1 }
            #expect(ComplexChoiceRule.labelPieces.mayBeMadeOfMembers(text) == plain, "\(text.debugDescription)")
        }
        #expect(made > 1_000 && made < 29_000, "\(made) texts made of members")
        // Other members and separators than the rule's.
        let words: Set<String> = ["x", "ab", "of the"]
        let pieces = English.Pieces(words, separators: ["-", "é"])
        for _ in 0..<10_000 {
            let text = randomText(pieceCount: 0..<5, from: ["x", "X", "ab", "aB", "of", "the", " ", "-", ".", "é", "y"], using: &generator)
            #expect(pieces.mayBeMadeOfMembers(text) == Self.plainMayBeMadeOf(text, members: words, separators: ["-"]), "\(text.debugDescription)")
        }
        for text in Self.authoredTexts {
            #expect(ComplexChoiceRule.labelPieces.mayBeMadeOfMembers(text)
                    == Self.plainMayBeMadeOf(text, members: members, separators: ComplexChoiceRule.separators), "\(text.debugDescription)")
        }
    }

    /// complex-choice's quick look rejects only choices that are not labels.
    @Test func rejectedChoicesAreNotLabels() {
        let rule = ComplexChoiceRule(options: RuleOptions([:]))
        var generator = seededGenerator()
        var kept = 0
        for _ in 0..<30_000 {
            let text = randomText(pieceCount: 0..<7, from: Self.labelPieces, using: &generator)
            if ComplexChoiceRule.labelPieces.mayBeMadeOfMembers(text) {
                kept += 1
            } else {
                #expect(rule.labels(of: text) == nil, "\(text.debugDescription)")
            }
        }
        // The quick look lets label-like texts through to the full reading.
        #expect(kept > 1_000)
    }

    // MARK: - Leading letters

    /// `LeadingLetters` by `Character`, for an ASCII text.
    static func plainLeadingLetters(_ text: String) -> [String?] {
        let hasDigit = text.contains { $0.asciiValue.map { (0x30...0x39).contains($0) } ?? false }
        guard let start = text.firstIndex(where: \.isLetter) else { return [String(hasDigit), nil, nil] }
        let first = text[start...].prefix(while: \.isLetter)
        let rest = text[first.endIndex...]
        let spaces = rest.prefix { $0 == " " }
        let second = spaces.isEmpty ? nil : rest[spaces.endIndex...].prefix(while: \.isLetter).lowercased()
        return [String(hasDigit), first.lowercased(), second]
    }

    static func leadingLetters(_ text: String) -> [String?]? {
        English.LeadingLetters(text).map { [String($0.hasDigit), $0.first, $0.second] }
    }

    @Test func leadingLettersAreThoseOfCharacters() {
        let pieces = ["one", "Twenty", "a", "A", "-", "AD", "$", "(", "\"", ".", " ", "  ", "Paris", "hundred", "Million", "5", "%", "'s",
                      "\t", "\r\n", "é", "+"]
        var generator = seededGenerator()
        var seconds = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<5, from: pieces, using: &generator)
            guard Self.isASCII(text) else {
                #expect(English.LeadingLetters(text) == nil, "\(text.debugDescription)")
                continue
            }
            let plain = Self.plainLeadingLetters(text)
            if plain[2] != nil { seconds += 1 }
            #expect(Self.leadingLetters(text) == plain, "\(text.debugDescription)")
        }
        #expect(seconds > 500)
        for text in Self.authoredTexts where Self.isASCII(text) {
            #expect(Self.leadingLetters(text) == Self.plainLeadingLetters(text), "\(text.debugDescription)")
        }
    }

    // MARK: - Blank marks

    static func blankMarkRuns(_ text: String, ascii: Bool) -> [BlankMarkRun]? {
        var runs: [BlankMarkRun] = []
        if ascii {
            guard English.forEachASCIIBlankMarkRun(in: text, { runs.append($0) }) else { return nil }
        } else {
            English.forEachBlankMarkRunOfAnyText(in: text) { runs.append($0) }
        }
        return runs
    }

    @Test func asciiBlankMarkRunsAreThoseOfAnyText() {
        // Every ASCII mark may follow a blank: punctuation lets dots stand alone, symbols do not.
        let marks = (0x21...0x7E).map { String(UnicodeScalar(UInt8($0))) }.filter { !$0.first!.isLetter && !$0.first!.isNumber }
        let pieces = ["_", "___", ".", "....", "...", " ", "\t", "\r\n", "word", "a"] + marks
        var generator = seededGenerator()
        var standing = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<10, from: pieces, using: &generator)
            let runs = Self.blankMarkRuns(text, ascii: false)!
            standing += runs.filter(\.standsAlone).count
            #expect(Self.blankMarkRuns(text, ascii: true) == runs, "\(text.debugDescription)")
        }
        #expect(standing > 1_000)
        #expect(Self.blankMarkRuns("caf\u{E9} ____", ascii: true) == nil)
        for text in Self.authoredTexts where Self.isASCII(text) {
            #expect(Self.blankMarkRuns(text, ascii: true) == Self.blankMarkRuns(text, ascii: false), "\(text.debugDescription)")
        }
    }

    @Test func blanksWithEllipsesAreThoseOfAnyText() {
        let pieces = ["_", "___", ".", "...", "....", " ", "\t", "word", "a", ",", ":", "?", "-", "'"]
        var generator = seededGenerator()
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<10, from: pieces, using: &generator)
            #expect(Self.blankMarkRuns(text, ascii: true) == Self.blankMarkRuns(text, ascii: false), "\(text.debugDescription)")
        }
    }
}

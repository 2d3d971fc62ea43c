import QuizBank

/// What the item-writing rules share: which texts are English, and a small word-level reading of
/// English text (words, sentences, quotations, simple stems). The rules look at words, not
/// grammar, so each keeps its own list of exceptions.
enum English {
    /// The sentence every item-writing rule's rationale ends with.
    static let localeNote = "The rule reads English: it checks texts in `en` and `en-*` locales (the source text when the bank's `locale` is English, and English translations) and skips texts in other locales."

    static func isEnglish(_ locale: String) -> Bool {
        // Asked for every text of every question by a dozen rules: a language part of two ASCII
        // bytes ("en" of "en-GB") is compared in place.
        let utf8 = locale.utf8
        if utf8.count >= 2 {
            let first = utf8[utf8.startIndex], second = utf8[utf8.index(after: utf8.startIndex)]
            let next = utf8.dropFirst(2).first
            if first < 0x80, second < 0x80, first != UInt8(ascii: "-"), second != UInt8(ascii: "-"), next == nil || next == UInt8(ascii: "-") {
                return first | 0x20 == UInt8(ascii: "e") && second | 0x20 == UInt8(ascii: "n")
            }
        }
        return LocalizableTexts.language(of: locale) == "en"
    }

    /// The English entries of a text: the plain text when the bank's source locale is English,
    /// the English translations otherwise.
    static func entries(of text: LocalizedText, sourceLocale: String) -> [LocalizedText.Entry] {
        text.entries(sourceLocale: sourceLocale).filter { isEnglish($0.locale) }
    }

    /// " (en-GB)" for a translation, "" for the source text: where a message names its locale.
    static func suffix(_ entry: LocalizedText.Entry, sourceLocale: String) -> String {
        entry.locale == sourceLocale ? "" : " (\(entry.locale))"
    }

    /// A short quotation of a text for messages.
    static func quote(_ text: String, limit: Int = 60) -> String {
        let flat = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard flat.count > limit else { return "'\(flat)'" }
        return "'\(flat.prefix(limit - 1))…'"
    }

    static func list(_ words: [String]) -> String {
        var seen: Set<String> = []
        return words.filter { seen.insert($0).inserted }.map { "'\($0)'" }.joined(separator: ", ")
    }
}

/// One question as the learners of one English locale read it: its stem and each choice in that
/// locale (an untranslated choice shows its source text, as compiled output does).
struct EnglishItem: Equatable {
    var locale: String
    var stem: LocalizedText.Entry
    /// Per choice, its text for this locale; nil when what learners see is not English.
    var choices: [LocalizedText.Entry?]
    /// " (en-GB)" for a translation, "" for the source text.
    var suffix: String

    static func all(of question: Question, sourceLocale: String) -> [EnglishItem] {
        allOfPlainTexts(of: question, sourceLocale: sourceLocale) ?? allOfAnyForm(of: question, sourceLocale: sourceLocale)
    }

    /// `all` of a question whose stem and choices are plain texts (most questions: nothing
    /// translated), made without the entry lists of each text: one item in the source locale
    /// when it is English, none otherwise; nil for a question with a translated text. Asked by
    /// a dozen rules of every question; guarded by `plainItemsAreThoseOfAnyForm`.
    static func allOfPlainTexts(of question: Question, sourceLocale: String) -> [EnglishItem]? {
        guard case .plain(let stemText) = question.text.form else { return nil }
        guard English.isEnglish(sourceLocale) else { return [] }
        var choices: [LocalizedText.Entry?] = []
        choices.reserveCapacity(question.choices.count)
        for choice in question.choices {
            guard case .plain(let text) = choice.text.form else { return nil }
            choices.append(LocalizedText.Entry(locale: sourceLocale, text: text, range: choice.text.range, localeRange: choice.text.range))
        }
        let stem = LocalizedText.Entry(locale: sourceLocale, text: stemText, range: question.text.range, localeRange: question.text.range)
        return [EnglishItem(locale: sourceLocale, stem: stem, choices: choices, suffix: "")]
    }

    /// `all` read through each text's entries, of a question of any form.
    static func allOfAnyForm(of question: Question, sourceLocale: String) -> [EnglishItem] {
        English.entries(of: question.text, sourceLocale: sourceLocale).map { stem in
            let choices = question.choices.map { choice -> LocalizedText.Entry? in
                let entries = choice.text.entries(sourceLocale: sourceLocale)
                let entry = entries.first { $0.locale == stem.locale } ?? entries.first { $0.locale == sourceLocale }
                guard let entry, English.isEnglish(entry.locale) else { return nil }
                return entry
            }
            return EnglishItem(locale: stem.locale, stem: stem, choices: choices,
                               suffix: English.suffix(stem, sourceLocale: sourceLocale))
        }
    }

    /// Every choice's text, or nil when some choice is not English.
    var allChoices: [LocalizedText.Entry]? {
        let present = choices.compactMap { $0 }
        return present.count == choices.count ? present : nil
    }
}

/// A word of English text: letters and digits, with apostrophes inside (`don't`, `Rory's`), or
/// single letters joined by points (`U.S.A`, `e.g`: a last point is left out, as it may end a
/// sentence).
struct EnglishWord: Equatable {
    var text: String
    var lower: String
    var range: Range<String.Index>
    /// The character just before and just after the word, if any.
    var before: Character?
    var after: Character?
    /// The first word of a sentence (or of the text, or after a colon).
    var startsSentence: Bool
    /// Set when the word lies inside quotation marks.
    var quoted: Bool
    /// Set when the word lies inside parentheses or brackets.
    var parenthesized: Bool = false

    var isAllCaps: Bool {
        // Read from the bytes for an ASCII word (most words): asked of every word by several rules.
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            var letters = 0
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte >= 0x61 && byte <= 0x7A { return false }
                if byte >= 0x41 && byte <= 0x5A { letters += 1 }
            }
            return letters >= 2
        }
        if let ascii = ascii ?? nil { return ascii }
        let letters = text.filter(\.isLetter)
        return letters.count >= 2 && letters.allSatisfy(\.isUppercase)
    }

    var isCapitalized: Bool {
        let utf8 = text.utf8
        if let first = utf8.first, first < 0x80, utf8.dropFirst().first.map({ $0 < 0x80 }) ?? true {
            return first >= 0x41 && first <= 0x5A
        }
        return text.first?.isUppercase ?? false
    }

    /// Capitalised in the middle of a sentence and not in capitals: a name or a title
    /// (`Never Say Never Again`, `All Quiet on the Western Front`), not the author's own word.
    var isTitleWord: Bool { isCapitalized && !isAllCaps && !startsSentence }

    /// Single letters joined by points (`U.S.A`, `e.g`): the only words with a point.
    var isAbbreviationOfLetters: Bool { text.utf8.contains(UInt8(ascii: ".")) }

    /// Joined to its neighbour by a hyphen (`all-time`, `never-ending`).
    var isHyphenated: Bool { before == "-" || after == "-" }

    /// Written with emphasis: in capitals, or between `*` or `_` marks.
    var isEmphasised: Bool { isAllCaps || before == "*" || after == "*" || before == "_" || after == "_" }
}

extension English {
    static func isWordCharacter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return isASCIILetter(ascii) || (ascii >= 0x30 && ascii <= 0x39) }
        return character.isLetter || character.isNumber
    }

    /// `Character.isLetter`, answered without Unicode tables for ASCII (most characters).
    static func isLetter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return isASCIILetter(ascii) }
        return character.isLetter
    }

    /// (`"\r\n"` has the ASCII value of `"\n"`: neither is a letter nor a digit.)
    static func isASCIILetter(_ ascii: UInt8) -> Bool {
        (ascii | 0x20) >= 0x61 && (ascii | 0x20) <= 0x7A
    }

    /// An ASCII letter or digit: what `isWordCharacter` says of an ASCII character.
    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    /// `A`–`Z` lower-cased, any other byte as it is.
    @inline(__always)
    static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// ASCII bytes as a lower-case string (what `lowercased()` makes of them), made in one go.
    static func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (position, byte) in bytes.enumerated() { buffer[position] = asciiLowercase(byte) }
            return bytes.count
        }
    }

    static func isApostrophe(_ character: Character) -> Bool {
        character == "'" || character == "\u{2019}"
    }

    /// The words of `text`, with what the rules need to know about each: `wordsReadAfresh`,
    /// kept for the next rule that reads the same text on this thread.
    static func words(_ text: String) -> [EnglishWord] {
        recentWords.value(of: text)
    }

    static func wordsReadAfresh(_ text: String) -> [EnglishWord] {
        asciiWords(text) ?? wordsOfAnyText(text)
    }

    /// Many more entries than the texts of a question and what the rules make of them.
    static let recentWords = RecentTexts<[EnglishWord]>(slots: 64, make: wordsReadAfresh)

    /// Each ASCII byte as a Character, made once: `asciiWords` reads one for every byte between
    /// words and after each word, and making a Character makes a string.
    private static let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    /// `words` of an ASCII text, read as bytes (one byte a character, but for CR LF, which is one
    /// `Character`); nil for any other text. Most texts are ASCII, and walking a string by
    /// `Character` (grapheme breaking) cost more than everything else the rules do with words.
    static func asciiWords(_ text: String) -> [EnglishWord]? {
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable { bytes -> [EnglishWord]? in
            guard ByteSet.nonASCII.firstIndex(in: bytes) == nil else { return nil }
            func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
            let characters = asciiCharacters
            /// The character at `offset` and its length in bytes.
            func character(at offset: Int) -> (Character, Int) {
                if bytes[offset] == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { return ("\r\n", 2) }
                return (characters[Int(bytes[offset])], 1)
            }
            var words: [EnglishWord] = []
            // Room for a word every four bytes, so that a text's words are rarely moved.
            words.reserveCapacity(bytes.count / 4 + 1)
            var offset = 0
            var context = WordContext()
            var previous: Character? = nil
            while offset < bytes.count {
                let byte = bytes[offset]
                if isASCIIWordByte(byte) {
                    let start = offset
                    let end = asciiWordEnd(in: bytes, from: start)
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    words.append(EnglishWord(text: String(decoding: word, as: UTF8.self), lower: asciiLowercased(word), range: index(start)..<index(end),
                                             before: previous, after: end < bytes.count ? character(at: end).0 : nil,
                                             startsSentence: context.sentenceStart, quoted: context.quoted,
                                             parenthesized: context.parentheses > 0))
                    context.sentenceStart = false
                    previous = characters[Int(bytes[end - 1])]
                    offset = end
                    continue
                }
                context.note(Unicode.Scalar(byte))
                let (character, length) = character(at: offset)
                previous = character
                offset += length
            }
            return words
        } ?? nil
    }

    /// What the words of a text are read inside, as both word readers follow it: quotation
    /// marks, brackets and the start of a sentence (or of the text, or after a colon).
    private struct WordContext {
        var quoted = false
        var parentheses = 0
        var sentenceStart = true

        /// Takes note of a mark between words.
        mutating func note(_ scalar: Unicode.Scalar) {
            switch scalar {
            case "\"": quoted.toggle()
            case "\u{201C}": quoted = true
            case "\u{201D}": quoted = false
            case "(", "[": parentheses += 1
            case ")", "]": parentheses = max(0, parentheses - 1)
            case ".", "?", "!", ":", "\u{2026}": sentenceStart = true
            default: break
            }
        }
    }

    /// `words` of any text, `Character` by `Character`.
    static func wordsOfAnyText(_ text: String) -> [EnglishWord] {
        var words: [EnglishWord] = []
        var index = text.startIndex
        var context = WordContext()
        var previous: Character? = nil
        while index < text.endIndex {
            let character = text[index]
            if isWordCharacter(character) {
                let start = index
                let end = wordEnd(in: text, from: start)
                let word = String(text[start..<end])
                words.append(EnglishWord(text: word, lower: English.straightApostrophes(word.lowercased()), range: start..<end,
                                  before: previous, after: end < text.endIndex ? text[end] : nil,
                                  startsSentence: context.sentenceStart, quoted: context.quoted, parenthesized: context.parentheses > 0))
                context.sentenceStart = false
                previous = text[text.index(before: end)]
                index = end
                continue
            }
            // The marks that matter are single scalars; a character of several is none of them.
            if character.unicodeScalars.count == 1 { context.note(character.unicodeScalars.first!) }
            previous = character
            index = text.index(after: index)
        }
        return words
    }

    /// Where the word that starts at `start` of `text` (a letter or digit) ends: an
    /// abbreviation of letters joined by points, or letters and digits joined by an apostrophe
    /// before a letter.
    static func wordEnd(in text: String, from start: String.Index) -> String.Index {
        if let end = abbreviationEnd(in: text, from: start) { return end }
        var end = text.index(after: start)
        while end < text.endIndex {
            let next = text[end]
            if isWordCharacter(next) {
                end = text.index(after: end)
            } else if isApostrophe(next), text.index(after: end) < text.endIndex, isLetter(text[text.index(after: end)]) {
                end = text.index(after: end)
            } else {
                break
            }
        }
        return end
    }

    /// Where single letters joined by points (`U.S.A`, `e.g`, `D.C`) that start at `start` of
    /// `text` end, before a last point: one word, not a word a letter. Each letter after a point
    /// stands alone (no letter or digit follows it). Nil when no point and single letter follow
    /// the letter at `start`.
    static func abbreviationEnd(in text: String, from start: String.Index) -> String.Index? {
        guard isLetter(text[start]) else { return nil }
        let first = text.index(after: start)
        var end = first
        while end < text.endIndex, text[end] == "." {
            let letter = text.index(after: end)
            guard letter < text.endIndex, isLetter(text[letter]) else { break }
            let after = text.index(after: letter)
            guard after == text.endIndex || !isWordCharacter(text[after]) else { break }
            end = after
        }
        return end > first ? end : nil
    }

    /// The sentences of `text` as ranges of its words: a sentence ends at `.`, `?` or `!`
    /// followed by a space (or at the end). `?` marks a question.
    static func sentences(_ text: String, words: [EnglishWord]) -> [(words: Range<Int>, isQuestion: Bool)] {
        var result: [(Range<Int>, Bool)] = []
        var start = 0
        for index in words.indices {
            let next = index + 1 < words.count ? words[index + 1].range.lowerBound : text.endIndex
            let gap = text[words[index].range.upperBound..<next]
            // "S. Epatha Merkerson", "Mr. Smith", "U.S. Army": an initial, a title or an abbreviation
            // of letters does not end a sentence.
            let abbreviation = gap.first == "." && next != text.endIndex && (words[index].text.count == 1 && words[index].isCapitalized
                || Self.titleAbbreviations.contains(words[index].lower) || words[index].isAbbreviationOfLetters)
            let ends = !abbreviation && gap.contains { $0 == "." || $0 == "?" || $0 == "!" } && (next == text.endIndex || gap.last?.isWhitespace == true
                || gap.last == "\"" || gap.last == "\u{201C}")
            if ends || index == words.count - 1 {
                result.append((start..<(index + 1), gap.contains("?")))
                start = index + 1
            }
        }
        return result
    }

    /// Abbreviations written with a full stop before a name.
    static let titleAbbreviations: WordSet = ["mr", "mrs", "ms", "dr", "st", "jr", "sr", "sgt", "capt", "lt", "col", "gen", "prof", "rev", "vs"]

    /// Words that introduce quoted speech, lyrics or titles, often written without quotation
    /// marks in converted banks ("Who said: I may not be a first-class composer?").
    static let quotingWords: WordSet = [
        "said", "say", "says", "saying", "sang", "sing", "sings", "line", "lines", "lyric", "lyrics", "quote", "quotes",
        "quotation", "words", "motto", "slogan", "exclaimed", "replied", "dialogue", "dialog", "conversation", "tagline",
        "catchphrase",
    ]

    /// Whether a word introducing a quotation comes before `index`: what follows may be quoted.
    static func followsQuoting(_ words: [EnglishWord], _ index: Int) -> Bool {
        words[..<index].contains { quotingWords.contains($0.lower) }
    }

    /// Whether `text` contains `needle` (ASCII) as whole Characters, as Foundation's `contains`
    /// finds it: the bytes are searched first, and Characters only where they match (a mark
    /// that combines with the needle's last character makes a byte match no Character match).
    /// In an ASCII text a match of printable bytes is one of Characters (its one Character of
    /// two bytes, CR LF, holds none of them), and the Character search, which costs as much as
    /// the rest of a rule's look at a text, is left out.
    static func containsASCII(_ text: String, _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        enum Match { case none, ofCharacters, ofBytes }
        let match = text.withUTF8Bytes { bytes -> Match in
            guard bytes.count >= pattern.count, let first = pattern.first else { return .none }
            var index = 0
            while index + pattern.count <= bytes.count {
                if bytes[index] == first && (1..<pattern.count).allSatisfy({ bytes[index + $0] == pattern[$0] }) {
                    let printable = pattern.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                    return printable && ByteSet.nonASCII.firstIndex(in: bytes) == nil ? .ofCharacters : .ofBytes
                }
                index += 1
            }
            return .none
        }
        switch match {
        case .none: return false
        case .ofCharacters: return true
        case .ofBytes: return text.firstRange(of: needle.description) != nil
        }
    }

    /// Whether `text` contains `needle` as Foundation's `contains` finds it, for a needle that
    /// no ASCII text can hold (its characters have no canonical equivalent in ASCII: a
    /// fullwidth question mark, not a Kelvin sign): an ASCII text is answered from a look at
    /// its bytes, and Foundation searches only the others, where its search of one question
    /// cost as much as the rest of a rule's look at it. Guarded by
    /// `containsBeyondASCIIIsFoundationsContains`.
    static func containsBeyondASCII(_ text: String, _ needle: String) -> Bool {
        guard text.withUTF8Bytes({ ByteSet.nonASCII.firstIndex(in: $0) != nil }) else { return false }
        return text.range(of: needle) != nil
    }

    /// `text` with curly apostrophes made straight.
    static func straightApostrophes(_ text: String) -> String {
        // A scan of the scalars: Foundation's `contains` of a string goes through NSString, and
        // this is asked of every word.
        guard text.unicodeScalars.contains("\u{2019}") else { return text }
        return String(text.map { $0 == "\u{2019}" ? "'" : $0 })
    }

    /// `text.split(separator: separator)` (by `Character`, empty pieces left out) for a
    /// separator of printable ASCII (" and "), read as bytes in an ASCII text: such bytes start
    /// and end between characters there (CR LF, the one character of two bytes, has none of
    /// them). The standard library's search for a separator of several characters is slow.
    static func split(_ text: Substring, at separator: StaticString) -> [Substring] {
        let pattern = UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount)
        let pieces = text.utf8.withContiguousStorageIfAvailable { bytes -> [Substring]? in
            guard !pattern.isEmpty, ByteSet.nonASCII.firstIndex(in: bytes) == nil else { return nil }
            let utf8 = text.utf8
            var pieces: [Substring] = []
            var pieceStart = 0, index = 0
            func addPiece(upTo end: Int) {
                guard end > pieceStart else { return }
                pieces.append(text[utf8.index(utf8.startIndex, offsetBy: pieceStart)..<utf8.index(utf8.startIndex, offsetBy: end)])
            }
            while index + pattern.count <= bytes.count {
                if bytes[index] == pattern[0] && (1..<pattern.count).allSatisfy({ bytes[index + $0] == pattern[$0] }) {
                    addPiece(upTo: index)
                    index += pattern.count
                    pieceStart = index
                } else {
                    index += 1
                }
            }
            addPiece(upTo: bytes.count)
            return pieces
        }
        return (pieces ?? nil) ?? text.split(separator: separator.description)
    }

    /// `text` without leading and trailing white space.
    static func trimmed(_ text: String) -> String {
        untrimmedAtItsEnds(text) ? text : trimmedOfAnyText(text)
    }

    /// Whether `text` begins and ends with an ASCII byte that is no white space, so that
    /// `trimmed` leaves it as it is: a Character is white space by its first scalar, and a
    /// Character that ends in such a byte begins with it or with a prepended mark, which is no
    /// white space. Most texts are so and are then not walked by Character (guarded by
    /// `trimmedAtASCIIEndsIsTrimmedOfAnyText`).
    static func untrimmedAtItsEnds(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            func isOtherASCII(_ byte: UInt8) -> Bool { byte < 0x80 && !byte.isASCIIWhitespace }
            return isOtherASCII(first) && isOtherASCII(last)
        }
    }

    /// `trimmed` by Character.
    static func trimmedOfAnyText(_ text: String) -> String {
        var slice = Substring(text)
        while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
        while slice.last?.isWhitespace == true { slice = slice.dropLast() }
        return String(slice)
    }

    /// Terms of one or more lower-case words (a rule's configured `terms`), with their first
    /// words as fragments to look for before reading a text's words.
    struct TermList: Sendable {
        let terms: [[String]]
        let firstWords: Fragments

        init(_ terms: [[String]]) {
            self.terms = terms
            firstWords = Fragments(terms.map { $0[0] })
        }
    }

    /// Fragments looked for in texts without regard to case, as a quick look before a rule reads
    /// a text's words: built once (a rule's own list, or its configured terms) and asked of
    /// every text.
    struct Fragments: Sendable {
        let fragments: [String]
        /// Each fragment's bytes when it is ASCII and not empty, else nil.
        private let asciiBytes: [[UInt8]?]
        /// Per ASCII byte, the ASCII fragments that start with it.
        private let startingWith: [[[UInt8]]]
        /// The first two bytes of the ASCII fragments of two bytes or more, as bits
        /// (`first << 7 | second`), and the ASCII fragments of one byte: a text's bytes are
        /// passed over with a test of a bit each, and compared with fragments only where one
        /// may start.
        private let startPairs: [UInt64]
        private let singleBytes: [UInt64]
        private let hasEmpty: Bool

        init(_ fragments: [String]) {
            self.fragments = fragments
            asciiBytes = fragments.map { fragment in
                fragment.isEmpty || fragment.utf8.contains { $0 >= 0x80 } ? nil : Array(fragment.utf8)
            }
            var startingWith = [[[UInt8]]](repeating: [], count: 128)
            var startPairs = [UInt64](repeating: 0, count: 128 * 128 / 64)
            var singleBytes = [UInt64](repeating: 0, count: 2)
            for case let bytes? in asciiBytes {
                startingWith[Int(bytes[0])].append(bytes)
                let bit = bytes.count == 1 ? Int(bytes[0]) : Int(bytes[0]) << 7 | Int(bytes[1])
                if bytes.count == 1 { singleBytes[bit >> 6] |= 1 << UInt64(bit & 63) } else { startPairs[bit >> 6] |= 1 << UInt64(bit & 63) }
            }
            self.startingWith = startingWith
            self.startPairs = startPairs
            self.singleBytes = singleBytes
            hasEmpty = fragments.contains(where: \.isEmpty)
        }

        /// Whether a fragment occurs in `text` lower-cased.
        func occur(in text: String) -> Bool {
            let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
                guard ByteSet.nonASCII.firstIndex(in: bytes) == nil else { return nil }
                // An empty fragment is found in any ASCII text (as the byte search always found
                // it), and one with a byte above ASCII in none.
                if hasEmpty { return true }
                guard !bytes.isEmpty else { return false }
                let hasSingleBytes = singleBytes[0] | singleBytes[1] != 0
                return startPairs.withUnsafeBufferPointer { startPairs in
                    // Each byte lowered once: the second of one pair is the first of the next.
                    var next = Int(asciiLowercase(bytes[0]))
                    for start in bytes.indices {
                        let first = next
                        if hasSingleBytes, singleBytes[first >> 6] & 1 << UInt64(first & 63) != 0 { return true }
                        guard start + 1 < bytes.count else { break }
                        next = Int(asciiLowercase(bytes[start + 1]))
                        let bit = first << 7 | next
                        guard startPairs[bit >> 6] & 1 << UInt64(bit & 63) != 0 else { continue }
                        for needle in startingWith[first] where Self.matches(needle, at: start, in: bytes) { return true }
                    }
                    return false
                }
            }
            if let ascii = ascii ?? nil { return ascii }
            // An ASCII fragment matches only its own bytes, so Foundation's search (canonical
            // equivalence) is asked only where the bytes are there.
            var lower = text.lowercased()
            let present = lower.withUTF8 { bytes in
                asciiBytes.map { needle in
                    guard let needle else { return true }
                    return bytes.indices.contains { Self.matches(needle, at: $0, in: bytes) }
                }
            }
            return zip(fragments, present).contains { fragment, present in present && lower.contains(fragment) }
        }

        /// Whether `needle` (ASCII, lower-case) stands in `bytes` at `start`, lower-cased.
        @inline(__always)
        private static func matches(_ needle: [UInt8], at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard needle.count <= bytes.count - start else { return false }
            for offset in needle.indices where asciiLowercase(bytes[start + offset]) != needle[offset] { return false }
            return true
        }
    }

    /// Where one of `terms` (each a list of lower-case words) starts at `index` of `words`.
    static func term(at index: Int, of words: [EnglishWord], in terms: [[String]]) -> [String]? {
        let first = words[index].lower
        for term in terms where term[0] == first && index + term.count <= words.count {
            var matches = true
            for offset in 1..<max(1, term.count) where words[index + offset].lower != term[offset] {
                matches = false
                break
            }
            if matches { return term }
        }
        return nil
    }

    /// Lower case, apostrophes straightened, spaces collapsed, surrounding punctuation dropped:
    /// what two choices are compared by.
    private static let edge: Set<Character> = [".", ",", "!", "?", ":", ";", "\"", "'", "\u{201C}", "\u{201D}", "\u{2018}",
                                                "\u{2019}", "(", ")", "[", "]", "*", "_", " ", "\u{2026}"]

    static func normalized(_ text: String) -> String {
        normalizedASCII(text) ?? normalizedOfAnyText(text)
    }

    /// `normalized` by `Character`s: what `normalizedASCII` gives for an ASCII text.
    static func normalizedOfAnyText(_ text: String) -> String {
        let lowered = English.straightApostrophes(text.lowercased())
        let trimmed = lowered.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        var slice = Substring(trimmed)
        while let first = slice.first, edge.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, edge.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }

    /// Whether `part` (stemmed, lower case) starts or ends the longer `word`, as a part of a
    /// compound or of a longer name does ("lord" of "warlord", "susan" of "susanna", "prevent"
    /// of "prevention"); both of letters only, `part` of four letters or more.
    static func isPart(_ part: String, of word: String) -> Bool {
        part.utf8.count >= 4 && word.utf8.count > part.utf8.count && (word.hasPrefix(part) || word.hasSuffix(part))
            && part.allSatisfy(\.isLetter) && word.allSatisfy(\.isLetter)
    }

    /// A crude stem for comparing words: plural and common suffixes off (`deserts` → `desert`,
    /// `studies` → `study`, `painted` → `paint`), a doubled consonant and a final "e" too, so
    /// that inflections meet (`dance`, `dancing`, `danced` → `danc`; `running` → `run`).
    /// Made once for each word this thread stemmed lately (the rules stem the words of the same
    /// texts): `stemMadeAfresh`, kept.
    static func stem(_ word: String) -> String {
        recentStems.value(of: word)
    }

    static func stemMadeAfresh(_ word: String) -> String {
        asciiStem(word) ?? stemOfAnyWord(word)
    }

    /// The words of a question's texts, and many more.
    static let recentStems = RecentTexts<String>(slots: 512, make: stemMadeAfresh)

    /// `stem` of a word of printable ASCII, on its bytes (asked of every content word of
    /// every stem and choice by `stem-clue`); nil for any other word.
    static func asciiStem(_ word: String) -> String? {
        word.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            var count = bytes.count
            func hasSuffix(_ suffix: StaticString) -> Bool {
                let length = suffix.utf8CodeUnitCount
                guard count >= length else { return false }
                for offset in 0..<length where asciiLowercase(bytes[count - length + offset]) != suffix.utf8Start[offset] { return false }
                return true
            }
            func drop(_ suffix: StaticString, minimum: Int) -> Bool {
                guard hasSuffix(suffix), count - suffix.utf8CodeUnitCount >= minimum else { return false }
                count -= suffix.utf8CodeUnitCount
                return true
            }
            if hasSuffix("'s") { count -= 2 }
            if hasSuffix("'") { count -= 1 }
            var addsY = false
            if drop("ies", minimum: 3) {
                addsY = true
            } else if drop("ing", minimum: 4) || drop("ed", minimum: 4) {
                // "running" → "run", "studied" → "study".
                let last = asciiLowercase(bytes[count - 1])
                if last == asciiLowercase(bytes[count - 2]), !"aeiouylsz".utf8.contains(last) {
                    count -= 1
                } else if last == UInt8(ascii: "i") {
                    count -= 1
                    addsY = true
                }
            } else if drop("ly", minimum: 4) {
            } else if hasSuffix("ches") || hasSuffix("shes") || hasSuffix("sses") || hasSuffix("xes") || hasSuffix("zes"), drop("es", minimum: 3) {
            } else if hasSuffix("s"), !hasSuffix("ss"), !hasSuffix("us"), !hasSuffix("is") {
                _ = drop("s", minimum: 3)
            }
            // A final "e" off: "dance" and "dancing" meet at "danc".
            if !addsY, count >= 4, asciiLowercase(bytes[count - 1]) == UInt8(ascii: "e") { count -= 1 }
            let length = count
            return String(unsafeUninitializedCapacity: length + (addsY ? 1 : 0)) { buffer in
                for offset in 0..<length { buffer[offset] = asciiLowercase(bytes[offset]) }
                if addsY { buffer[length] = UInt8(ascii: "y") }
                return length + (addsY ? 1 : 0)
            }
        } ?? nil
    }

    /// `stem` of any word.
    static func stemOfAnyWord(_ word: String) -> String {
        var word = English.straightApostrophes(word.lowercased())
        if word.hasSuffix("'s") { word.removeLast(2) }
        if word.hasSuffix("'") { word.removeLast() }
        func drop(_ suffix: String, minimum: Int, adding: String = "") -> Bool {
            guard word.hasSuffix(suffix), word.count - suffix.count >= minimum else { return false }
            word = String(word.dropLast(suffix.count)) + adding
            return true
        }
        func withoutFinalE() -> String {
            word.count >= 4 && word.hasSuffix("e") ? String(word.dropLast()) : word
        }
        if drop("ies", minimum: 3, adding: "y") { return word }
        if drop("ing", minimum: 4) || drop("ed", minimum: 4) {
            let letters = Array(word)
            let last = letters[letters.count - 1]
            if last == letters[letters.count - 2], !"aeiouylsz".contains(last) {
                word.removeLast()
            } else if last == "i" {
                word.removeLast()
                return word + "y"
            }
            return withoutFinalE()
        }
        if drop("ly", minimum: 4) { return withoutFinalE() }
        if ["ches", "shes", "sses", "xes", "zes"].contains(where: { word.hasSuffix($0) }), drop("es", minimum: 3) { return withoutFinalE() }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is"), drop("s", minimum: 3) { return withoutFinalE() }
        return withoutFinalE()
    }

    /// Words of three letters that carry no content, which `stopWords` (words of four letters
    /// or more) leaves in: for `stem-clue`, which reads a distractor's words from three
    /// letters, and the near-duplicate search.
    static let shortStopWords: Set<String> = [
        "the", "and", "for", "who", "how", "why", "was", "are", "has", "had", "its", "his", "her", "him", "she",
        "not", "any", "all", "can", "may", "our", "you", "but", "nor", "yet", "own", "too", "off", "per", "one",
    ]

    /// Common English words that carry no content (and words every trivia stem uses), for
    /// `stem-clue`.
    static let stopWords: WordSet = [
        "about", "above", "across", "after", "again", "against", "almost", "along", "already", "also", "although",
        "always", "among", "another", "anyone", "anything", "around", "because", "been", "before", "behind", "being",
        "below", "best", "between", "both", "called", "came", "cannot", "come", "comes", "could", "describe",
        "describes", "did", "does", "doing", "done", "down", "during", "each", "either", "else", "even", "ever",
        "every", "example", "famous", "following", "from", "further", "gave", "give", "given", "goes", "going",
        "gone", "good", "have", "having", "here", "hers", "herself", "himself", "into", "itself", "just", "kind",
        "know", "known", "last", "least", "less", "like", "made", "make", "makes", "many", "more", "most", "much",
        "must", "myself", "name", "named", "names", "near", "neither", "never", "next", "none", "often", "once",
        "ones", "only", "other", "others", "ought", "ours", "over", "part", "same", "said", "says", "shall",
        "should", "since", "some", "still", "such", "take", "than", "that", "their", "theirs", "them",
        "themselves", "then", "there", "these", "they", "thing", "things", "this", "those", "though", "through",
        "thus", "till", "time", "times", "took", "true", "false", "type", "under", "until", "upon", "used", "very",
        "want", "well", "went", "were", "what", "whatever", "when", "where", "whether", "which", "while", "whom",
        "whose", "will", "with", "within", "without", "word", "words", "would", "year", "years", "your", "yours",
        "yourself", "correct", "answer", "answers", "question", "statement", "term", "first", "second",
    ]
}


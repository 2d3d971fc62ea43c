import QuizBank

/// The distinct stems of a run's English texts, each numbered once in order of first use, so
/// that a question's words are kept as numbers (`QuestionWords.Word`). A stem's number is that
/// of its class of equal strings (`String` equality, canonical equivalence), so sorted lists of
/// numbers merge as lists of stems would; each spelling of a class is kept too, for the tests
/// that read a stem's scalars (`QuestionWords.oneEditApart`). Made and used by one rule run,
/// on one thread.
final class Stems {
    /// By stem, the number of its class and that of the class's first spelling.
    private var classes: [String: (number: UInt32, spelling: UInt32)] = [:]
    private var spellings: [String] = []
    /// The spellings of a class after its first (composed and decomposed accents), by their bytes.
    private var otherSpellings: [[UInt8]: UInt32] = [:]

    /// The numbers of `stem`'s class and of its spelling, given them when they are new.
    func numbers(_ stem: String) -> (stem: UInt32, spelling: UInt32) {
        if let known = classes[stem] {
            if spellings[Int(known.spelling)].utf8.elementsEqual(stem.utf8) { return (known.number, known.spelling) }
            let bytes = Array(stem.utf8)
            if let other = otherSpellings[bytes] { return (known.number, other) }
            let spelling = UInt32(spellings.count)
            otherSpellings[bytes] = spelling
            spellings.append(stem)
            return (known.number, spelling)
        }
        let numbers = (UInt32(classes.count), UInt32(spellings.count))
        classes[stem] = numbers
        spellings.append(stem)
        return numbers
    }

    /// A stem as it was written.
    subscript(spelling number: UInt32) -> String { spellings[Int(number)] }

    /// What `QuestionWords` reads in a word, by its lower-case form alone: its stem's numbers
    /// and what kind of word it is. The word's case and place (a name, an abbreviation) are
    /// read from the word itself.
    struct Reading: Equatable {
        /// The numbers of the stem's class and of its spelling (`numbers(_:)`).
        let stem: UInt32
        let spelling: UInt32
        /// All digits: a number, a content word whatever its length.
        let isDigits: Bool
        /// One or two characters: no content word unless written in capitals (`TV`).
        let isShort: Bool
        /// A stop word or function word, or one whose stem is a stop word.
        let isStopWord: Bool
        let isSuperlative: Bool
        /// The stem has five bytes or more.
        let isLong: Bool

        var numbers: (stem: UInt32, spelling: UInt32) { (stem, spelling) }
    }

    /// The readings of the ASCII words met so far, by their bytes: most words of a run recur,
    /// and stemming a word, numbering its stem and looking it up in three word sets cost
    /// several times this one lookup.
    private var readings: [String: Reading] = [:]

    /// `readingMadeAfresh(of:)`, kept for each ASCII word (`readings`). Other words are read
    /// afresh each time: a dictionary of strings would take two canonically equivalent
    /// spellings for one, where their spellings are numbered apart.
    func reading(of lower: String) -> Reading {
        guard lower.utf8.allSatisfy({ $0 < 0x80 }) else { return readingMadeAfresh(of: lower) }
        if let known = readings[lower] { return known }
        let reading = readingMadeAfresh(of: lower)
        readings[lower] = reading
        return reading
    }

    /// What a lower-case word reads as, its stem numbered (`numbers(_:)`) when new.
    func readingMadeAfresh(of lower: String) -> Reading {
        let stem = English.stem(lower)
        // Every superlative listed ends in "st": a cheap test before the set's.
        let endsInST = lower.utf8.last == 0x74 && lower.utf8.dropLast().last == 0x73
        let numbers = numbers(stem)
        return Reading(stem: numbers.stem, spelling: numbers.spelling,
                       isDigits: lower.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                       isShort: lower.count <= 2,
                       isStopWord: English.stopWords.contains(lower) || English.shortStopWords.contains(lower)
                           || English.stopWords.contains(stem),
                       isSuperlative: endsInST && QuestionWords.superlatives.contains(lower),
                       isLong: stem.utf8.count >= 5)
    }
}

/// What `near-duplicate-question` reads in the words of an English question text, to tell a
/// rewording from a template sibling: content words (stop words removed, light stemming),
/// names (capitalized words inside a sentence), numbers and superlatives. Each list is unique
/// and sorted (the words by their stems' numbers, the rest as strings), so that sets compare
/// by merging; words are compared as stems (`English.stem`), exactly.
///
/// A run keeps these for most of its questions, so each stem is stored once, in the run's
/// `Stems`, and a question keeps one list of 8-byte words, each a stem's numbers and its marks
/// (content, name, five bytes or more): content words and names are among a text's stems.
struct QuestionWords {
    /// A stem of the text by its number in `stems`, and whether it carries content, whether
    /// it is a name (see `content` and `names`) and whether its stem has five bytes or more
    /// (the names one letter off are looked for among those).
    struct Word: Equatable {
        /// The number of the stem's class: what words are sorted and compared by.
        let stem: UInt32
        private var spellingAndMarks: UInt32

        init(_ numbers: (stem: UInt32, spelling: UInt32), isContent: Bool, isName: Bool, isLong: Bool) {
            precondition(numbers.spelling < 1 << 29, "more stems than a word's number holds")
            stem = numbers.stem
            spellingAndMarks = numbers.spelling << 3 | (isContent ? 1 : 0) | (isName ? 2 : 0) | (isLong ? 4 : 0)
        }

        /// The number of the stem as this text spells it.
        var spelling: UInt32 { spellingAndMarks >> 3 }
        var isContent: Bool { spellingAndMarks & 1 != 0 }
        var isName: Bool { spellingAndMarks & 2 != 0 }
        var isLong: Bool { spellingAndMarks & 4 != 0 }

        /// Marked as `other` is too (the same stem written twice).
        mutating func mark(as other: Word) { spellingAndMarks |= other.spellingAndMarks & 3 }
    }

    /// Every stem of the text, by number, unique.
    private(set) var words: [Word] = []
    /// The runs of digits (`NearDuplicateQuestionRule.numbers`).
    private(set) var numbers: [String] = []
    /// The words of `QuestionWords.superlatives` (lower case): what a question singles out.
    private(set) var superlatives: [String] = []
    /// Where the stems' numbers come from: words merge only with words of the same `Stems`.
    let stems: Stems

    /// Stems of the words that carry content: not stop words, not one or two letters (but for
    /// words in capitals: `TV`, `US`), sorted.
    var content: [String] { words.filter(\.isContent).map { stems[spelling: $0.spelling] }.sorted() }
    /// Stems of the names, sorted: capitalized words (or words in capitals) that do not start
    /// a sentence, and are not stop words (`The Love Boat` gives `love`, `boat`).
    var names: [String] { words.filter(\.isName).map { stems[spelling: $0.spelling] }.sorted() }
    /// Stems of every word, sorted, for telling whether a name of one text is anywhere in the other.
    var all: [String] { words.map { stems[spelling: $0.spelling] }.sorted() }
    /// How many content words.
    var contentCount: Int { words.reduce(0) { $0 + ($1.isContent ? 1 : 0) } }

    /// The words of `text`; `numbers`, when given, are its digit runs as
    /// `NearDuplicateQuestionRule.numbers(text)` gives them (read once per text by a caller
    /// that has them already).
    init(_ text: String, stems: Stems, numbers: [String]? = nil) {
        self.stems = stems
        var words: [Word] = [], superlatives: [String] = []
        for word in English.words(text) {
            let reading = stems.reading(of: word.lower)
            if reading.isSuperlative { superlatives.append(word.lower) }
            if reading.isDigits {
                words.append(Word(reading.numbers, isContent: true, isName: false, isLong: reading.isLong))
                continue
            }
            // An abbreviation of letters is written many ways (U.S., US, United States): like the
            // single letters it is made of, not a content word.
            guard !reading.isShort || word.isAllCaps, !word.isAbbreviationOfLetters, !reading.isStopWord else {
                words.append(Word(reading.numbers, isContent: false, isName: false, isLong: reading.isLong))
                continue
            }
            words.append(Word(reading.numbers, isContent: true, isName: (word.isCapitalized || word.isAllCaps) && !word.startsSentence,
                              isLong: reading.isLong))
        }
        // Sorted and unique: equal stems are one, marked as any of their words is.
        words.sort { $0.stem < $1.stem }
        var unique = 0
        for index in words.indices {
            if unique > 0 && words[index].stem == words[unique - 1].stem {
                words[unique - 1].mark(as: words[index])
            } else {
                words[unique] = words[index]
                unique += 1
            }
        }
        // Kept at its size (a copy of the whole list would keep the room it grew into): most
        // questions' lists are kept.
        var kept: [Word] = []
        kept.reserveCapacity(unique)
        kept.append(contentsOf: words[..<unique])
        self.words = kept
        self.superlatives = Self.sortedUnique(superlatives)
        self.numbers = Self.sortedUnique(numbers ?? NearDuplicateQuestionRule.numbers(text))
    }

    private init(words: [Word], numbers: [String], superlatives: [String], stems: Stems) {
        self.words = words
        self.numbers = numbers
        self.superlatives = superlatives
        self.stems = stems
    }

    /// These words without those of `other` (a choice taken out of a statement).
    func removing(_ other: QuestionWords) -> QuestionWords {
        precondition(stems === other.stems, "words of other runs")
        var j = 0
        let kept = words.filter { word in
            while j < other.words.count && other.words[j].stem < word.stem { j += 1 }
            return j == other.words.count || other.words[j].stem != word.stem
        }
        return QuestionWords(words: kept, numbers: Self.subtracting(numbers, other.numbers),
                             superlatives: Self.subtracting(superlatives, other.superlatives), stems: stems)
    }

    /// The two texts fill a slot of one template differently: each has a name the other text
    /// does not have anywhere, not even spelt one letter off (`The Love Boat` / `Eight is
    /// Enough`, but not `Simmons` / `Simons`), or each has a number the other lacks (`in 1992` /
    /// `in 1996`), or each singles out by a superlative the other lacks (`the largest planet` /
    /// `the planet with the most moons`). A name, number or superlative on one side only is an
    /// added detail, not another subject.
    func fillsAnotherSlot(than other: QuestionWords) -> Bool {
        (hasNameNotIn(other) && other.hasNameNotIn(self))
            || (Self.hasOneNotIn(numbers, other.numbers) && Self.hasOneNotIn(other.numbers, numbers))
            || (Self.hasOneNotIn(superlatives, other.superlatives) && Self.hasOneNotIn(other.superlatives, superlatives))
    }

    /// Whether one of these names is not among the words of `other`, nor one letter off a
    /// word of five letters or more there.
    func hasNameNotIn(_ other: QuestionWords) -> Bool {
        precondition(stems === other.stems, "words of other runs")
        let words = other.words
        var j = 0
        for word in self.words where word.isName {
            let name = word.stem
            while j < words.count && words[j].stem < name { j += 1 }
            if j < words.count && words[j].stem == name { continue }
            if word.isLong, words.contains(where: {
                $0.isLong && Self.oneEditApart(stems[spelling: word.spelling], stems[spelling: $0.spelling])
            }) { continue }
            return true
        }
        return false
    }

    /// Whether one of these content words is not among the words of `other`.
    func hasContentNotIn(_ other: QuestionWords) -> Bool {
        precondition(stems === other.stems, "words of other runs")
        let words = other.words
        var j = 0
        for word in self.words where word.isContent {
            while j < words.count && words[j].stem < word.stem { j += 1 }
            if j == words.count || words[j].stem != word.stem { return true }
        }
        return false
    }

    /// One letter replaced, added or left out (by scalars).
    static func oneEditApart(_ a: String, _ b: String) -> Bool {
        var x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.count > y.count { swap(&x, &y) }
        guard y.count - x.count <= 1 else { return false }
        var i = 0
        while i < x.count && x[i] == y[i] { i += 1 }
        if x.count == y.count { return i == x.count || x[(i + 1)...] == y[(i + 1)...] }
        return x[i...] == y[(i + 1)...]
    }

    /// The content words both texts have.
    func sharedContent(with other: QuestionWords) -> Int {
        precondition(stems === other.stems, "words of other runs")
        let a = words, b = other.words
        var i = 0, j = 0, shared = 0
        while true {
            while i < a.count && !a[i].isContent { i += 1 }
            while j < b.count && !b[j].isContent { j += 1 }
            guard i < a.count && j < b.count else { return shared }
            if a[i].stem == b[j].stem {
                shared += 1
                i += 1
                j += 1
            } else if a[i].stem < b[j].stem {
                i += 1
            } else {
                j += 1
            }
        }
    }

    /// Shared content words over the content words of the text with fewer (the overlap
    /// coefficient): a rewording that adds a clause keeps all the words of the shorter form.
    func contentOverlap(with other: QuestionWords) -> Double {
        let fewer = min(contentCount, other.contentCount)
        return fewer == 0 ? 0 : Double(sharedContent(with: other)) / Double(fewer)
    }

    /// Shared content words over the content words of either text (their Jaccard similarity):
    /// at low shingle similarity the overlap of the shorter text alone is too easily met by a
    /// short question's few words ("Which Arquette sibling is the oldest?" / "Which Arquette
    /// sibling starred in ...?").
    func contentSimilarity(with other: QuestionWords) -> Double {
        let shared = sharedContent(with: other)
        let union = contentCount + other.contentCount - shared
        return union == 0 ? 0 : Double(shared) / Double(union)
    }

    /// Words that single out one thing of a kind, so that two questions asking for different
    /// ones ask something else. Matched as written (lower case), not stemmed; each ends in "st".
    static let superlatives: Set<String> = [
        "most", "least", "first", "last", "best", "worst", "largest", "biggest", "smallest", "longest", "shortest",
        "tallest", "highest", "lowest", "oldest", "youngest", "deepest", "fastest", "slowest", "heaviest",
        "lightest", "hottest", "coldest", "greatest", "newest", "earliest", "latest", "richest", "widest",
        "busiest", "closest", "nearest", "farthest", "furthest", "brightest", "strongest", "loudest",
    ]

    static func sortedUnique(_ words: [String]) -> [String] {
        var sorted = words.sorted()
        var unique = 0
        for index in sorted.indices where unique == 0 || sorted[index] != sorted[unique - 1] {
            sorted[unique] = sorted[index]
            unique += 1
        }
        sorted.removeSubrange(unique...)
        return sorted
    }

    /// Whether the sorted `words` hold one that the sorted `other` lacks.
    static func hasOneNotIn(_ words: [String], _ other: [String]) -> Bool {
        var j = 0
        for word in words {
            while j < other.count && other[j] < word { j += 1 }
            if j == other.count || other[j] != word { return true }
        }
        return false
    }

    static func subtracting(_ words: [String], _ other: [String]) -> [String] {
        var j = 0
        return words.filter { word in
            while j < other.count && other[j] < word { j += 1 }
            return j == other.count || other[j] != word
        }
    }
}

/// A value made for a record when first asked for (a question's words), kept for at most
/// `capacity` records at a time: when one more would be kept, all are let go, and each is made
/// again when next asked for. A run of a million questions then keeps the words of a bounded
/// number of them, not of all. Only a value that is made the same whenever it is made may be
/// kept here (`QuestionWords` of one run: its `Stems` numbers each stem once for the run), so
/// that what is read does not depend on the capacity; the join reads the records of one
/// partition at a time, so most asks are answered by what is kept.
struct BoundedRecordCache<Value> {
    /// By record: where its value is in `values`, or -1.
    private var slots: [Int32]
    private var values: [Value] = []
    /// The record of each of `values`, to empty its slot when all are let go.
    private var owners: [Int32] = []
    let capacity: Int

    /// The values of 65,536 records: the records of a partition, and those its pairs reach
    /// (a few MB of words).
    static var defaultCapacity: Int { 1 << 16 }

    init(records: Int, capacity: Int = defaultCapacity) {
        precondition(capacity > 0 && capacity <= Int(Int32.max) && records <= Int(Int32.max), "a cache of records too large")
        slots = [Int32](repeating: -1, count: records)
        self.capacity = capacity
    }

    /// How many records' values are kept now.
    var count: Int { values.count }

    subscript(record: Int) -> Value? {
        let slot = Int(slots[record])
        return slot < 0 ? nil : values[slot]
    }

    /// Keeps `value` as that of `record` (which has none kept), after letting all go when full.
    mutating func keep(_ value: Value, for record: Int) {
        if values.count == capacity {
            for owner in owners { slots[Int(owner)] = -1 }
            values.removeAll(keepingCapacity: true)
            owners.removeAll(keepingCapacity: true)
        }
        slots[record] = Int32(values.count)
        values.append(value)
        owners.append(Int32(record))
    }
}

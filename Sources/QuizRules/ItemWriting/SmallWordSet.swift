/// A set of words as a list without repeats, for the sets a rule makes for each question (the
/// content words of a stem or a choice: a handful each). A `Set<String>` hashes every word
/// with a freshly seeded hasher on each insert and lookup, which costs more than comparing a
/// few words; here membership is `==`, canonical equivalence as in a `Set`. Past
/// `indexedFrom` words a `Set` is kept beside the list, so that a long text stays linear.
/// Guarded by `smallWordSetsAgreeWithSets`.
struct SmallWordSet: Sendable, Equatable, Sequence, ExpressibleByArrayLiteral {
    /// The members, each once, in the order they were first inserted.
    private(set) var members: [String] = []
    /// The members again, once there are more than `indexedFrom`.
    private var index: Set<String>?

    static let indexedFrom = 16

    init() {}

    init(arrayLiteral words: String...) {
        self.init(words)
    }

    init<Words: Sequence<String>>(_ words: Words) {
        for word in words { insert(word) }
    }

    var count: Int { members.count }
    var isEmpty: Bool { members.isEmpty }

    func makeIterator() -> IndexingIterator<[String]> { members.makeIterator() }

    func contains(_ word: String) -> Bool {
        if let index { return index.contains(word) }
        return members.contains(word)
    }

    /// Adds `word` unless a member equals it; whether it was added.
    @discardableResult
    mutating func insert(_ word: String) -> Bool {
        guard !contains(word) else { return false }
        appendDistinct(word)
        return true
    }

    mutating func formUnion<Words: Sequence<String>>(_ other: Words) {
        for word in other { insert(word) }
    }

    func union(_ other: SmallWordSet) -> SmallWordSet {
        var result = self
        result.formUnion(other)
        return result
    }

    func filter(_ isIncluded: (String) throws -> Bool) rethrows -> SmallWordSet {
        var result = SmallWordSet()
        // Members are distinct already.
        for word in members where try isIncluded(word) { result.appendDistinct(word) }
        return result
    }

    func subtracting(_ other: SmallWordSet) -> SmallWordSet {
        filter { !other.contains($0) }
    }

    func intersection(_ other: SmallWordSet) -> SmallWordSet {
        filter { other.contains($0) }
    }

    func isSubset(of other: SmallWordSet) -> Bool {
        members.allSatisfy { other.contains($0) }
    }

    static func == (lhs: SmallWordSet, rhs: SmallWordSet) -> Bool {
        lhs.count == rhs.count && lhs.isSubset(of: rhs)
    }

    /// Appends a word known to equal no member.
    private mutating func appendDistinct(_ word: String) {
        members.append(word)
        index?.insert(word)
        if index == nil && members.count > Self.indexedFrom { index = Set(members) }
    }
}

import QuizSupport

/// A fixed set of words that the rules ask about every word of every text (stop words,
/// function words, verbs of a kind): `contains` as `Set<String>` answers it, found for an ASCII
/// word by its bytes with a cheap hash instead of hashing a `String` with a seeded `Hasher`.
///
/// Exact: two ASCII strings are equal exactly when their bytes are, so an ASCII word is looked
/// up among the ASCII members by bytes; a word with a byte above ASCII, and an ASCII word when
/// some member is not ASCII (which could be canonically equivalent to it), are asked of the
/// members as strings. Guarded by `wordSetContainsWhatTheSetContains` (EnglishASCIITests).
struct WordSet: Sendable, ExpressibleByArrayLiteral {
    /// Every member, for the words looked up as strings.
    let members: Set<String>
    /// Per slot, 0 when empty, else 1 + the index of an ASCII member in `starts`.
    private let slots: [Int32]
    /// Where each ASCII member's bytes start in `bytes`; one more entry marks the end.
    private let starts: [Int32]
    private let bytes: [UInt8]
    private let hasNonASCIIMember: Bool

    init(arrayLiteral words: String...) {
        self.init(words)
    }

    init<Words: Sequence<String>>(_ words: Words) {
        members = Set(words)
        var starts: [Int32] = [0]
        var bytes: [UInt8] = []
        var hasNonASCIIMember = false
        for word in members {
            guard word.utf8.allSatisfy({ $0 < 0x80 }) else {
                hasNonASCIIMember = true
                continue
            }
            bytes.append(contentsOf: word.utf8)
            starts.append(Int32(bytes.count))
        }
        // At most a quarter full: a lookup rarely probes twice.
        var capacity = 8
        while capacity < 4 * (starts.count - 1) { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        bytes.withUnsafeBufferPointer { all in
            for member in 0..<(starts.count - 1) {
                let word = UnsafeBufferPointer(rebasing: all[Int(starts[member])..<Int(starts[member + 1])])
                var slot = Int(truncatingIfNeeded: Self.hash(word)) & (capacity - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
                slots[slot] = Int32(member + 1)
            }
        }
        self.slots = slots
        self.starts = starts
        self.bytes = bytes
        self.hasNonASCIIMember = hasNonASCIIMember
    }

    func contains(_ word: String) -> Bool {
        let found = word.withUTF8Bytes { query -> Bool? in
            for byte in query where byte >= 0x80 { return nil }
            return containsASCII(query)
        }
        switch found {
        case true?: return true
        case false?: return hasNonASCIIMember && members.contains(word)
        case nil: return members.contains(word)
        }
    }

    /// Whether the ASCII `query` is the bytes of an ASCII member.
    private func containsASCII(_ query: UnsafeBufferPointer<UInt8>) -> Bool {
        slots.withUnsafeBufferPointer { slots in
            starts.withUnsafeBufferPointer { starts in
                bytes.withUnsafeBufferPointer { bytes in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: Self.hash(query)) & mask
                    while slots[slot] != 0 {
                        let member = Int(slots[slot] - 1)
                        let start = Int(starts[member]), end = Int(starts[member + 1])
                        if end - start == query.count, Self.equal(query, bytes, from: start) { return true }
                        slot = (slot + 1) & mask
                    }
                    return false
                }
            }
        }
    }

    @inline(__always)
    private static func equal(_ query: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        for offset in 0..<query.count where query[offset] != bytes[start + offset] { return false }
        return true
    }

    /// FNV-1a over the bytes: the members are few and fixed, so a cheap hash spreads them well
    /// enough (nothing an author writes can make the lookups slow beyond a probe or two).
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let hash = FNV1a.hash(bytes)
        return hash ^ (hash >> 29)
    }
}

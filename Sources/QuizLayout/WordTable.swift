import Foundation
import QuizSupport

/// The measurer's word cache: UTF-8 bytes → advance (em) and character count. An
/// open-addressing hash table over a byte arena, so that a lookup neither builds a `String`
/// nor hashes Unicode: the hot path of measuring a whole bank is one lookup per word. A slot
/// (32 bytes, two to a cache line) holds the whole entry with the word's first 8 bytes, so
/// that finding a word of up to 8 bytes touches one cache line of the table, and a longer one
/// that line and the arena; `HashIndex`, whose slots hold only an entry number, would add a
/// second miss per word.
struct WordTable {
    struct Entry {
        /// The word's first 8 bytes, little-endian, zero-padded.
        var prefix: UInt64
        var advance: Double
        /// 0 for an empty slot (no word is empty).
        var length: UInt32
        var characters: Int32
        /// Where the word's bytes start in the arena.
        var offset: UInt32
        /// The caller's own number for the word: by default the order it was added in (the
        /// measurer's shared index, in a thread's private table).
        var payload: Int32
    }

    private var arena: [UInt8] = []
    /// Each word's arena offset and length, in the order added.
    private var spans: [(offset: UInt32, length: UInt32)] = []
    /// A power of two of them, at most half full; few at first, as most tables stay small.
    private var slots = [Entry](repeating: Self.empty, count: 1 << 5)

    private static let empty = Entry(prefix: 0, advance: 0, length: 0, characters: 0, offset: 0, payload: 0)

    var count: Int { spans.count }

    /// Forgets every word, keeping the room: a bounded cache that is full starts over at the
    /// size it had reached (see `MeasureScratch.capacity`).
    mutating func removeAll() {
        arena.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: Self.empty) }
    }

    /// FNV-1a over the bytes, finished with a multiply-shift so that every bit mixes.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = FNV1a.hash(bytes)
        hash = (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 29)
    }

    @inline(__always)
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<min(8, bytes.count) { value |= UInt64(bytes[index]) << (8 * UInt64(index)) }
        return value
    }

    /// Whether a slot holds these bytes (with their prefix already computed).
    @inline(__always)
    private func holds(_ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>, prefix: UInt64) -> Bool {
        entry.prefix == prefix && Int(entry.length) == bytes.count && (bytes.count <= 8 || equal(entry, bytes))
    }

    /// The entry for these bytes, or nil.
    @inline(__always)
    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Entry? {
        let slot = slotIndex(bytes, hash: hash)
        return slot < 0 ? nil : slots[slot]
    }

    /// The slot holding these bytes, or -1.
    @inline(__always)
    private func slotIndex(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
        let prefix = Self.prefix(bytes)
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let entry = slots[slot]
                if entry.length == 0 { return -1 }
                if holds(entry, bytes, prefix: prefix) { return slot }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The entry in a slot that `findAll` returned.
    func entry(atSlot slot: Int32) -> Entry { slots[Int(slot)] }

    /// `find` for every segment with content of a text: `found[i]` is the slot holding the
    /// word, or -1 (also for a segment without content). Every word's first slot is read
    /// before any is compared: in a table larger than the cache, the misses of a text's words
    /// then overlap instead of following one another.
    func findAll(_ utf8: UnsafeBufferPointer<UInt8>, _ segments: [RawSegment], hashes: inout [UInt64], found: inout [Int32]) {
        let count = segments.count
        hashes.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        hashes.append(contentsOf: repeatElement(0, count: count))
        found.append(contentsOf: repeatElement(-1, count: count))
        segments.withUnsafeBufferPointer { segments in
            hashes.withUnsafeMutableBufferPointer { hashes in
                found.withUnsafeMutableBufferPointer { found in
                    slots.withUnsafeBufferPointer { slots in
                        let mask = slots.count - 1
                        // The first slot's length of each word, kept in `found` for the next pass.
                        for index in 0..<count where segments[index].contentEnd > segments[index].start {
                            let hash = Self.hash(UnsafeBufferPointer(rebasing: utf8[segments[index].start..<segments[index].contentEnd]))
                            hashes[index] = hash
                            found[index] = Int32(bitPattern: slots[Int(truncatingIfNeeded: hash) & mask].length)
                        }
                        for index in 0..<count where segments[index].contentEnd > segments[index].start {
                            if found[index] == 0 {
                                found[index] = -1   // an empty first slot: absent
                                continue
                            }
                            let segment = segments[index]
                            let bytes = UnsafeBufferPointer(rebasing: utf8[segment.start..<segment.contentEnd])
                            let first = Int(truncatingIfNeeded: hashes[index]) & mask
                            found[index] = Int32(holds(slots[first], bytes, prefix: Self.prefix(bytes)) ? first : slotIndex(bytes, hash: hashes[index]))
                        }
                    }
                }
            }
        }
    }

    private func equal(_ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        arena.withUnsafeBufferPointer { stored in
            memcmp(stored.baseAddress! + Int(entry.offset), bytes.baseAddress!, bytes.count) == 0
        }
    }

    /// Adds an entry (the caller has checked it is absent) and returns it.
    @discardableResult
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, advance: Double, characters: Int32,
                         payload: Int32? = nil) -> Entry {
        precondition(!bytes.isEmpty && count < Int32.max && arena.count + bytes.count <= Int(UInt32.max), "word cache full")
        if (count + 1) * 2 > slots.count { grow() }
        let entry = Entry(prefix: Self.prefix(bytes), advance: advance, length: UInt32(bytes.count), characters: characters,
                          offset: UInt32(arena.count), payload: payload ?? Int32(count))
        spans.append((entry.offset, entry.length))
        arena.append(contentsOf: bytes)
        place(entry, hash: hash)
        return entry
    }

    /// The bytes of the word added `index`th.
    func bytes(of index: Int32) -> ArraySlice<UInt8> {
        let span = spans[Int(index)]
        return arena[Int(span.offset)..<Int(span.offset) + Int(span.length)]
    }

    func withBytes<Result>(of index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let span = spans[Int(index)]
        return arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(span.offset)..<Int(span.offset) + Int(span.length)])) }
    }

    private mutating func place(_ entry: Entry, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].length != 0 { slot = (slot + 1) & mask }
        slots[slot] = entry
    }

    private mutating func grow() {
        let old = slots
        slots = [Entry](repeating: Self.empty, count: old.count * 2)
        for entry in old where entry.length != 0 {
            let hash = arena.withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]))
            }
            place(entry, hash: hash)
        }
    }
}

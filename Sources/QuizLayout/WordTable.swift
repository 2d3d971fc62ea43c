import Foundation

/// The measurer's word cache: UTF-8 bytes → advance (em) and character count. An
/// open-addressing hash table over a byte arena, so that a lookup neither builds a `String`
/// nor hashes Unicode: the hot path of measuring a whole bank is one lookup per word. A slot
/// (4 bytes) holds the entry's index and 8 bits of its hash; an entry holds a word's first 8
/// bytes, so that most lookups touch two cache lines and no other.
struct WordTable {
    struct Entry {
        /// The word's first 8 bytes, little-endian, zero-padded.
        var prefix: UInt64
        var advance: Double
        var offset: Int32
        var length: Int32
        var characters: Int32
        /// The caller's own number for the word (the measurer's shared index, in a thread's
        /// private table).
        var payload: Int32
    }

    private var arena: [UInt8] = []
    private(set) var entries: [Entry] = []
    /// `(entry + 1) | tag << 24` per slot; 0 is empty. A power of two of them.
    private var slots: [UInt32] = [UInt32](repeating: 0, count: 1 << 12)

    var count: Int { entries.count }

    /// FNV-1a over the bytes, finished with a multiply-shift so that every bit mixes.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash = (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 29)
    }

    @inline(__always)
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<min(8, bytes.count) { value |= UInt64(bytes[index]) << (8 * UInt64(index)) }
        return value
    }

    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 56) << 24 }

    /// The entry for these bytes, or nil.
    @inline(__always)
    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        let tag = Self.tag(hash)
        let prefix = Self.prefix(bytes)
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let stored = slots[slot]
                    if stored == 0 { return nil }
                    if stored & 0xFF00_0000 == tag {
                        let index = Int(stored & 0x00FF_FFFF) - 1
                        let entry = entries[index]
                        if entry.prefix == prefix && Int(entry.length) == bytes.count && (bytes.count <= 8 || equal(entry, bytes)) {
                            return Int32(index)
                        }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// `find` for every segment with content of a text (`found[i]`: the entry, or -1; -1 too
    /// for a segment without content). Every word's first slot is read before any entry is, and
    /// every candidate entry before any is compared: in a table larger than the cache, the
    /// misses of a text's words then overlap instead of following one another.
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
                        // The first slot of each word, kept in `found` for the next pass.
                        for index in 0..<count where segments[index].contentEnd > segments[index].start {
                            let hash = Self.hash(UnsafeBufferPointer(rebasing: utf8[segments[index].start..<segments[index].contentEnd]))
                            hashes[index] = hash
                            found[index] = Int32(bitPattern: slots[Int(truncatingIfNeeded: hash) & mask])
                        }
                    }
                    entries.withUnsafeBufferPointer { entries in
                        // The entry each first slot names, when its tag matches: its prefix and length.
                        for index in 0..<count where segments[index].contentEnd > segments[index].start {
                            let stored = UInt32(bitPattern: found[index])
                            if stored == 0 {
                                found[index] = -1   // an empty first slot: absent
                                continue
                            }
                            let segment = segments[index]
                            let bytes = UnsafeBufferPointer(rebasing: utf8[segment.start..<segment.contentEnd])
                            let entry = Int(stored & 0x00FF_FFFF) - 1
                            if stored & 0xFF00_0000 == Self.tag(hashes[index]) && entries[entry].prefix == Self.prefix(bytes)
                                && Int(entries[entry].length) == bytes.count && (bytes.count <= 8 || equal(entries[entry], bytes)) {
                                found[index] = Int32(entry)
                            } else {
                                found[index] = -2   // further along the probe sequence, or absent
                            }
                        }
                    }
                    for index in 0..<count where found[index] == -2 {
                        let segment = segments[index]
                        found[index] = find(UnsafeBufferPointer(rebasing: utf8[segment.start..<segment.contentEnd]), hash: hashes[index]) ?? -1
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

    /// Adds an entry (the caller has checked it is absent) and returns its index.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, advance: Double, characters: Int32,
                         payload: Int32? = nil) -> Int32 {
        precondition(count < 0x00FF_FFFE, "word cache full")
        if (count + 1) * 2 > slots.count { grow() }
        let entry = Entry(prefix: Self.prefix(bytes), advance: advance, offset: Int32(arena.count), length: Int32(bytes.count),
                          characters: characters, payload: payload ?? Int32(count))
        arena.append(contentsOf: bytes)
        entries.append(entry)
        place(count - 1, hash: hash)
        return Int32(count - 1)
    }

    /// The bytes of an entry.
    func bytes(of index: Int32) -> ArraySlice<UInt8> {
        let entry = entries[Int(index)]
        return arena[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]
    }

    func withBytes<Result>(of index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let entry = entries[Int(index)]
        return arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)])) }
    }

    private mutating func place(_ index: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1) | Self.tag(hash)
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        for index in entries.indices {
            let entry = entries[index]
            let hash = arena.withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]))
            }
            place(index, hash: hash)
        }
    }
}

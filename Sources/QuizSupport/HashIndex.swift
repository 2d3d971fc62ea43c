/// Entries found again by a 64-bit hash computed beforehand: an open-addressing table (linear
/// probing over a power of two of slots, kept at most half full) holding each hash beside its
/// entry, so that a lookup costs about one cache miss and never builds or hashes a key object.
/// The caller keeps the entries, numbered from 0, and tells whether one with the same hash is
/// the one sought; a caller whose keys are 64-bit values mixed one-to-one into the hash needs
/// no comparison at all.
///
/// The decoding threads hash each question id and topic as they read it, so that the
/// whole-bank checks left for the end (duplicate ids, undeclared topics) only probe this
/// table: with `Dictionary<String, _>` those checks took ~30 ms of a 100,000-question bank's
/// decoding, all of it after the threads had joined. The near-duplicate search numbers its
/// shingles with it.
public struct HashIndex {
    @usableFromInline
    struct Slot {
        @usableFromInline var hash: UInt64
        /// The caller's number for the entry; -1 for an empty slot.
        @usableFromInline var entry: Int32

        @usableFromInline init(hash: UInt64, entry: Int32) {
            self.hash = hash
            self.entry = entry
        }
    }

    @usableFromInline var slots: [Slot]
    @usableFromInline var mask: Int
    /// Entries added.
    @usableFromInline var added = 0

    /// Room for `capacity` entries before the table first grows.
    public init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Slot](repeating: Slot(hash: 0, entry: -1), count: size)
        mask = size - 1
    }

    /// The entry already there for an equal key (`isEqual` tells, given an entry with the same
    /// hash), or nil after adding `entry` (at least 0).
    @inlinable
    public mutating func insert(_ entry: Int32, hash: UInt64, isEqual: (Int32) -> Bool) -> Int32? {
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].entry >= 0 {
            if slots[index].hash == hash && isEqual(slots[index].entry) { return slots[index].entry }
            index = (index + 1) & mask
        }
        if (added + 1) * 2 > slots.count {
            grow()
            index = Int(truncatingIfNeeded: hash) & mask
            while slots[index].entry >= 0 { index = (index + 1) & mask }
        }
        slots[index] = Slot(hash: hash, entry: entry)
        added += 1
        return nil
    }

    /// The entry for an equal key, if any.
    @inlinable
    public func find(hash: UInt64, isEqual: (Int32) -> Bool) -> Int32? {
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].entry >= 0 {
            if slots[index].hash == hash && isEqual(slots[index].entry) { return slots[index].entry }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Gives each entry the number `transform` makes of it (at least 0), where it is: the
    /// entries are then found by the same hashes.
    public mutating func renumber(_ transform: (Int32) -> Int32) {
        for index in slots.indices where slots[index].entry >= 0 {
            let entry = transform(slots[index].entry)
            precondition(entry >= 0, "an entry renumbered below 0")
            slots[index].entry = entry
        }
    }

    @usableFromInline
    mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(hash: 0, entry: -1), count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot.entry >= 0 {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[index].entry >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// Seeded once a process, so that a bank cannot be written to make its ids collide.
    private static let seed = UInt64.random(in: .min ... .max)

    /// A 64-bit hash of a string's UTF-8 bytes, eight bytes at a time, seeded per process.
    public static func hash(_ string: String) -> UInt64 {
        var string = string
        return string.withUTF8 { bytes in
            var hash = seed ^ UInt64(bytes.count)
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)
                hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                tail |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
            return hash ^ (hash >> 29)
        }
    }
}

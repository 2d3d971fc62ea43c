#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import QuizSupport

/// What a thread made last of texts, kept so that making it again costs a lookup: the engine
/// checks each question with every rule in turn on one thread, and a dozen item-writing rules
/// read the words of the same stem and choices (`English.words`) and stem the same words
/// (`English.stem`). A text is found by its bytes (not by `==`, under which canonically
/// equivalent texts with other words' ranges are equal), in a table of `slots` entries that a
/// new text takes over by its hash. Each thread has a table of its own, so nothing is locked; it
/// lives as long as its thread. `RecentTextsTests` checks that what is read through one is what
/// is made afresh.
final class RecentTexts<Value>: Sendable {
    let slots: Int
    private let make: @Sendable (String) -> Value
    private let tables: ThreadOwnObject<Table>

    /// `make` gives the value of a text.
    init(slots: Int, make: @escaping @Sendable (String) -> Value) {
        precondition(slots > 0)
        self.slots = slots
        self.make = make
        tables = ThreadOwnObject(for: "the item-writing rules' recent texts") {
            Table(count: slots, empty: Entry(text: "", value: make("")))
        }
    }

    /// The value of `text`, as `make` gives it.
    func value(of text: String) -> Value {
        let entries = tables.current.entries
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> (slot: Int, value: Value?) in
            let slot = self.slot(of: bytes)
            let kept = entries[slot].text.utf8.withContiguousStorageIfAvailable { keptBytes in
                keptBytes.count == bytes.count && (bytes.isEmpty || keptBytes.baseAddress == bytes.baseAddress
                    || memcmp(keptBytes.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
            } ?? false
            return (slot, kept ? entries[slot].value : nil)
        }
        // A string without contiguous UTF-8 (bridged from UTF-16) is made each time: its
        // indices are not those of the same text in UTF-8.
        guard let found else { return make(text) }
        if let value = found.value { return value }
        let value = make(text)
        entries[found.slot] = Entry(text: text, value: value)
        return value
    }

    /// A mix of a text's length and of its first and last 16 bytes.
    private func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash = FNV1a.offsetBasis ^ UInt64(bytes.count)
        func mix(_ byte: UInt8) { hash = FNV1a.adding(byte, to: hash) }
        if bytes.count <= 32 {
            for byte in bytes { mix(byte) }
        } else {
            for byte in bytes.prefix(16) { mix(byte) }
            for byte in bytes.suffix(16) { mix(byte) }
        }
        return Int(truncatingIfNeeded: (hash ^ hash >> 29) % UInt64(slots))
    }

    private struct Entry {
        var text: String
        var value: Value
    }

    /// A thread's entries, in memory of their own (a class's stored array would be checked for
    /// exclusive access at every lookup).
    private final class Table {
        let entries: UnsafeMutablePointer<Entry>
        let count: Int

        init(count: Int, empty: Entry) {
            self.count = count
            entries = .allocate(capacity: count)
            entries.initialize(repeating: empty, count: count)
        }

        deinit {
            entries.deinitialize(count: count)
            entries.deallocate()
        }
    }
}

/// A quick look at a text's bytes for short markers, built from a rule's own marker list: true
/// exactly when the text holds one of them, so that a rule reads closely only the texts that
/// may hold what it reports. A marker is at most four bytes (the look compares four-byte
/// windows); a longer word is looked for by its first four.
struct MarkerPrefilter: Sendable {
    /// A marker as the last bytes of a four-byte window: `(window | fold) & mask == value`.
    private struct Needle: Sendable {
        var value: UInt32
        var mask: UInt32
        var fold: UInt32
    }

    private let needles: [Needle]
    /// The last byte of each marker, in both cases for those found in any case: a window is
    /// compared only where one of them ends it.
    private let lastBytes: ByteSet

    /// `markers` as written, `anyCase` (ASCII letters) in upper or lower case, and `bytes` on
    /// their own.
    init(_ markers: [String], anyCase: [String] = [], bytes: [UInt8] = []) {
        var needles: [Needle] = []
        var lastBytes: [UInt8] = []
        func add(_ marker: [UInt8], folded: Bool) {
            precondition((1...4).contains(marker.count), "a marker of the quick look is one to four bytes")
            precondition(!folded || marker.allSatisfy { (0x41...0x5A).contains($0 & ~0x20) },
                         "a marker found in any case is made of ASCII letters")
            var needle = Needle(value: 0, mask: 0, fold: 0)
            for byte in marker {
                needle.value = needle.value << 8 | UInt32(folded ? byte | 0x20 : byte)
                needle.mask = needle.mask << 8 | 0xFF
                needle.fold = needle.fold << 8 | (folded ? 0x20 : 0)
            }
            needles.append(needle)
            let last = marker[marker.count - 1]
            lastBytes += folded ? [last | 0x20, last & ~0x20] : [last]
        }
        for marker in markers { add(Array(marker.utf8.prefix(4)), folded: false) }
        for marker in anyCase { add(Array(marker.utf8.prefix(4)), folded: true) }
        for byte in bytes { add([byte], folded: false) }
        self.needles = needles
        self.lastBytes = ByteSet(lastBytes)
    }

    /// Whether one of the markers is in `bytes`.
    func occurs(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while let end = lastBytes.firstIndex(in: bytes, from: index) {
            // The four bytes that end at `end`, the first in the high byte, zeros before the text.
            var window: UInt32 = 0
            for offset in max(0, end - 3)...end { window = window << 8 | UInt32(bytes[offset]) }
            for needle in needles where (window | needle.fold) & needle.mask == needle.value { return true }
            index = end + 1
        }
        return false
    }
}

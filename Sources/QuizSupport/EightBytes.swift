/// Tests on eight bytes at once, read as one little-endian word: the rules' quick looks for a
/// few byte values, and the compiler's look for bytes that need escaping.
public enum EightBytes {
    /// The high bit of every byte.
    public static let high: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is `byte`, and of no other (exact: the bytes do
    /// not carry into each other).
    @inlinable @inline(__always)
    public static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let v = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((v & low) &+ low) | v) & high
    }

    /// Whether some byte of `word` is below `bound` (at most 0x80), for a word with no byte of
    /// 0x80 or more (a borrow from a byte below `bound` may mark the bytes above it too, which
    /// does not change the answer).
    @inlinable @inline(__always)
    public static func hasByteBelow(_ word: UInt64, _ bound: UInt8) -> Bool {
        (word &- UInt64(bound) &* 0x0101_0101_0101_0101) & ~word & high != 0
    }
}

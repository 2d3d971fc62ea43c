/// 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3): a fixed function, so
/// that what is built from it (SARIF fingerprints, the order of word hashes) is the same from
/// run to run. Simple and fast on short inputs (words, choice texts); callers that need every
/// bit mixed (a table's slot index) finish it themselves.
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// `hash` with one more byte.
    @inlinable @inline(__always)
    public static func adding(_ byte: UInt8, to hash: UInt64) -> UInt64 {
        (hash ^ UInt64(byte)) &* prime
    }

    /// The hash of `bytes`.
    @inlinable
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = offsetBasis
        for byte in bytes { hash = adding(byte, to: hash) }
        return hash
    }
}

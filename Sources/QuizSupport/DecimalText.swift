/// Integers as decimal digits appended to a byte buffer, without making a `String` (the compiler
/// and the text report write hundreds of thousands of them).
public enum DecimalText {
    /// Appends `value` in decimal, with a leading `-` when negative.
    @inlinable
    public static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var divisor: UInt = 1
        while value.magnitude / divisor >= 10 { divisor *= 10 }
        var rest = value.magnitude
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}

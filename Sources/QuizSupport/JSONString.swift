/// JSON string literals for the documents quizbank writes by hand (lint reports, statistics).
public enum JSONString {
    /// `value` as a JSON string literal (RFC 8259): `"` and `\` escaped, control characters as
    /// `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`; U+2028 and U+2029 escaped too, so that the
    /// output is also valid JavaScript. Everything else is written as UTF-8, unescaped.
    public static func appendQuoted(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00"
                    out += hexDigits[Int(scalar.value >> 4)]
                    out += hexDigits[Int(scalar.value & 0xF)]
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    private static let hexDigits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
}

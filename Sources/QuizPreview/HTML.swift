/// Text and attribute values as HTML writes them, and paths as URLs.
enum HTML {
    /// `&`, `<`, `>`, `"` and `'` as character references: safe in text and in quoted attributes.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A relative path as a URL path: every byte but unreserved characters and `/` percent-encoded
    /// (a `#`, `?`, `%` or space in a file name then names the file, not a fragment or query).
    static func url(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }

    /// A number of CSS pixels or a factor, short: `17`, `343.5`, `0.8787`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded() && abs(rounded) < 1e9 { return String(Int(rounded)) }
        return String(rounded)
    }
}

/// The names of the site's files: one page per question and locale, flat beside the index
/// (`<bank>.<question>.<locale>.html`), and each bank's images under `images/<bank>/`.
public enum PreviewNames {
    public static let index = "index.html"
    public static let styleSheet = "preview.css"
    public static let script = "preview.js"

    /// Each bank id as a file name part, in order: the id when it is a valid bank id,
    /// else `bank-N`; a part already taken gets `-N` added (N: the bank's position, from 1).
    public static func bankParts(_ ids: [String]) -> [String] {
        var taken: Set<String> = []
        return ids.enumerated().map { index, id in
            var part = isSafe(id, allowDots: false) ? id : "bank-\(index + 1)"
            if taken.contains(part) { part += "-\(index + 1)" }
            taken.insert(part)
            return part
        }
    }

    /// The page of a question in a locale.
    public static func page(bank: String, question: PreviewQuestion, locale: String) -> String {
        let id = isSafe(question.id, allowDots: true) ? question.id : "question-\(question.number)"
        return "\(bank).\(id).\(localePart(locale)).html"
    }

    /// Where a bank's image goes in the site: `images/<bank>/<path>`, the path's `.` and `..`
    /// taken lexically (the decoder keeps it under the image root); nil when nothing is left.
    public static func image(bank: String, path: String) -> String? {
        var components: [Substring] = []
        for component in path.split(separator: "/") where component != "." {
            if component == ".." { _ = components.popLast() } else { components.append(component) }
        }
        guard !components.isEmpty, !path.contains("\n") else { return nil }
        return "images/\(bank)/" + components.joined(separator: "/")
    }

    /// The font's name in the site, `fonts/<name>`; two fonts of one name are told apart by number.
    public static func fonts(_ paths: [String]) -> [String] {
        var taken: Set<String> = []
        return paths.enumerated().map { index, path in
            var name = String(path.split(separator: "/").last ?? "font")
            if !isSafe(name.lowercased(), allowDots: true) { name = "font-\(index + 1)" }
            if taken.contains(name) { name = "\(index + 1)-" + name }
            taken.insert(name)
            return name
        }
    }

    static func localePart(_ locale: String) -> String {
        String(locale.unicodeScalars.map { scalar -> Character in
            scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "-"
                ? Character(scalar) : "_"
        })
    }

    /// `[a-z0-9][a-z0-9-]*` (with `.` and `_` too when `allowDots`): what bank and question ids
    /// are, and safe as part of a file name.
    static func isSafe(_ text: String, allowDots: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) || ("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || (allowDots && ($0 == "." || $0 == "_")) }
    }
}

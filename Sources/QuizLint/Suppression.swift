import QuizBank
import QuizYAML

/// An inline suppression: `# quizbank: disable-next-line RULE[,RULE] -- reason`,
/// `# quizbank: disable-line RULE`, or `# quizbank: disable-file RULE` among the comments
/// before the bank's first key. A directive naming several rules gives one suppression each,
/// so that each can be reported as unused on its own.
public struct Suppression: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case nextLine = "disable-next-line"
        case line = "disable-line"
        case file = "disable-file"
    }

    public var kind: Kind
    public var rule: String
    public var reason: String?
    /// The comment's range.
    public var range: SourceRange
    /// A `disable-file` after the first key, or a directive that could not be read: it
    /// suppresses nothing and is reported.
    public var problem: String?

    /// The line a line suppression applies to.
    public var targetLine: UInt32 {
        kind == .nextLine ? range.start.line + 1 : range.start.line
    }

    public func covers(_ finding: Finding) -> Bool {
        guard problem == nil, finding.ruleID == rule else { return false }
        return kind == .file || finding.range.start.line == targetLine
    }

    func unusedMessage(formatRules: Set<String>, knownRules: Set<String>) -> String {
        if let problem { return problem }
        if formatRules.contains(rule) {
            return "'\(rule)' is a format rule: a bank with a format error is invalid, so it cannot be suppressed"
        }
        if !knownRules.contains(rule) {
            let hint = nearest(rule, in: Array(knownRules)).map { "; did you mean '\($0)'?" } ?? ""
            return "'\(rule)' is not a rule\(hint)"
        }
        switch kind {
        case .file: return "disable-file \(rule) suppresses nothing: the file has no \(rule) finding"
        case .line: return "disable-line \(rule) suppresses nothing on line \(targetLine)"
        case .nextLine: return "disable-next-line \(rule) suppresses nothing on line \(targetLine)"
        }
    }

    /// The suppressions written in a bank's comments.
    public static func scan(_ bytes: [UInt8]) -> [Suppression] {
        var suppressions: [Suppression] = []
        for comment in YAMLComments.scan(bytes) {
            var text = Substring(comment.text)
            while text.first == " " || text.first == "\t" { text = text.dropFirst() }
            guard text.hasPrefix("quizbank:") else { continue }
            text = text.dropFirst("quizbank:".count)
            var reason: String?
            if let dashes = text.range(of: " --") {
                reason = text[dashes.upperBound...].trimmingSpaces()
                text = text[..<dashes.lowerBound]
            }
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let directive = words.first else { continue }
            guard let kind = Kind(rawValue: String(directive)) else {
                suppressions.append(Suppression(kind: .line, rule: "", reason: reason, range: comment.range,
                                                problem: "unknown directive '\(directive)': use disable-next-line, disable-line or disable-file"))
                continue
            }
            let rules = words.dropFirst().joined(separator: ",").split(separator: ",").map(String.init)
            if rules.isEmpty {
                suppressions.append(Suppression(kind: kind, rule: "", reason: reason, range: comment.range,
                                                problem: "\(kind.rawValue) names no rule; write the rule ids it suppresses"))
            }
            for rule in rules {
                let misplaced = kind == .file && !comment.beforeContent
                suppressions.append(Suppression(kind: kind, rule: rule, reason: reason, range: comment.range,
                                                problem: misplaced ? "disable-file must stand among the comments before the bank's first key" : nil))
            }
        }
        return suppressions
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

/// Finds YAML comments in source text, which libyaml does not report. A `#` is a comment when
/// it starts a line or follows a space, outside quoted scalars (which may span lines) and
/// outside block scalars (`|`, `>`), whose lines are all content.
public enum YAMLComments {
    public struct Comment: Sendable, Equatable {
        /// The text after `#`.
        public var text: String
        public var range: SourceRange
        /// Whether only comments and blank lines come before it.
        public var beforeContent: Bool
    }

    public static func scan(_ bytes: [UInt8]) -> [Comment] {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        var comments: [Comment] = []
        var quote: Unicode.Scalar?
        var blockParentIndent: Int?
        var seenContent = false
        for (lineIndex, line) in lines.enumerated() {
            let scalars = Array(line.unicodeScalars)
            let indent = scalars.prefix { $0 == " " }.count
            let blank = scalars.allSatisfy { $0 == " " || $0 == "\t" }
            if let parent = blockParentIndent {
                if blank || indent > parent { continue }
                blockParentIndent = nil
            }
            var index = 0
            var previousToken: Unicode.Scalar? = nil
            var lineHasContent = false
            while index < scalars.count {
                let scalar = scalars[index]
                if let open = quote {
                    if open == "\"" && scalar == "\\" {
                        index += 2
                        continue
                    }
                    if scalar == open {
                        if open == "'" && index + 1 < scalars.count && scalars[index + 1] == "'" {
                            index += 2
                            continue
                        }
                        quote = nil
                        previousToken = "x"
                    }
                    index += 1
                    continue
                }
                if scalar == " " || scalar == "\t" {
                    index += 1
                    continue
                }
                if scalar == "#" && (index == 0 || scalars[index - 1] == " " || scalars[index - 1] == "\t") {
                    let comment = String(String.UnicodeScalarView(scalars[(index + 1)...]))
                    comments.append(Comment(text: comment,
                                            range: SourceRange(start: SourceMark(line: lineIndex + 1, column: index + 1),
                                                               end: SourceMark(line: lineIndex + 1, column: scalars.count + 1)),
                                            beforeContent: !seenContent && !lineHasContent))
                    break
                }
                lineHasContent = true
                let atTokenStart = previousToken == nil || [":", "-", "[", "{", ",", "?"].contains(previousToken!)
                if atTokenStart && (scalar == "\"" || scalar == "'") {
                    quote = scalar
                } else if atTokenStart && (scalar == "|" || scalar == ">") && blockIndicatorEnds(scalars, after: index) {
                    blockParentIndent = previousToken == "-" ? dashColumn(scalars, before: index) : keyIndent(scalars)
                }
                previousToken = scalar
                index += 1
            }
            if lineHasContent { seenContent = true }
        }
        return comments
    }

    /// `|` or `>` with only indicators (`+`, `-`, a digit) after it up to a comment or the line end.
    private static func blockIndicatorEnds(_ scalars: [Unicode.Scalar], after index: Int) -> Bool {
        var next = index + 1
        while next < scalars.count, scalars[next] == "+" || scalars[next] == "-" || ("1"..."9").contains(scalars[next]) { next += 1 }
        while next < scalars.count, scalars[next] == " " || scalars[next] == "\t" { next += 1 }
        return next == scalars.count || scalars[next] == "#"
    }

    /// Where the line's mapping key starts, past the indentation and any `- ` entries.
    private static func keyIndent(_ scalars: [Unicode.Scalar]) -> Int {
        var index = 0
        while index < scalars.count {
            if scalars[index] == " " || (scalars[index] == "-" && index + 1 < scalars.count && scalars[index + 1] == " ") {
                index += 1
            } else {
                break
            }
        }
        return index
    }

    private static func dashColumn(_ scalars: [Unicode.Scalar], before index: Int) -> Int {
        var column = index - 1
        while column > 0, scalars[column] != "-" { column -= 1 }
        return column
    }
}

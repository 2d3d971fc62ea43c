import Foundation
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

    /// Whether `#`, spaces or tabs, then `quizbank:` occur anywhere: a directive cannot be
    /// without it, and looking for `#` (`ByteSet`) is much faster than reading the comments of
    /// a large bank.
    static func mayHaveDirective(_ bytes: [UInt8]) -> Bool {
        let marker = Array("quizbank:".utf8)
        return bytes.withUnsafeBufferPointer { text in
            var start = 0
            // memchr: the whole file is searched when it has a `#` but no directive (most banks
            // with comments), and libc's search takes a fraction of a byte-by-byte loop's time.
            while start < text.count, let found = memchr(text.baseAddress! + start, Int32(UInt8(ascii: "#")), text.count - start) {
                let hash = text.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var index = hash + 1
                while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") { index += 1 }
                if text.count - index >= marker.count, marker.indices.allSatisfy({ text[index + $0] == marker[$0] }) { return true }
                start = hash + 1
            }
            return false
        }
    }


    /// The suppressions written in a bank's comments.
    public static func scan(_ bytes: [UInt8]) -> [Suppression] {
        guard mayHaveDirective(bytes) else { return [] }
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
        // Most banks have few comments and many have none: no `#`, nothing to do.
        guard bytes.contains(UInt8(ascii: "#")) else { return [] }
        return bytes.withUnsafeBufferPointer { scan($0) }
    }

    /// Works on bytes: every character that matters here is ASCII, and a column is the count
    /// of bytes that start a UTF-8 sequence.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Comment] {
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), hash = UInt8(ascii: "#")
        let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")
        var comments: [Comment] = []
        var quote: UInt8?
        var blockParentIndent: Int?
        var seenContent = false
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lineNumber = 1
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            // Lines end where libyaml's do, so that comments are numbered as findings are.
            while lineEnd < bytes.count, LineBreak.length(bytes, at: lineEnd) == 0 { lineEnd += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            defer {
                lineStart = lineEnd + (lineEnd < bytes.count ? LineBreak.length(bytes, at: lineEnd) : 1)
                lineNumber += 1
            }
            let indent = line.prefix { $0 == space }.count
            let blank = line.allSatisfy { $0 == space || $0 == tab }
            if let parent = blockParentIndent {
                if blank || indent > parent { continue }
                blockParentIndent = nil
            }
            var index = 0
            var previousToken: UInt8 = 0
            var lineHasContent = false
            while index < line.count {
                let byte = line[index]
                if let open = quote {
                    if open == doubleQuote && byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if byte == open {
                        if open == singleQuote && index + 1 < line.count && line[index + 1] == singleQuote {
                            index += 2
                            continue
                        }
                        quote = nil
                        previousToken = UInt8(ascii: "x")
                    }
                    index += 1
                    continue
                }
                if byte == space || byte == tab {
                    index += 1
                    continue
                }
                if byte == hash && (index == 0 || line[index - 1] == space || line[index - 1] == tab) {
                    let column = 1 + line[..<index].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                    let endColumn = column + line[index...].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                    let text = String(decoding: UnsafeBufferPointer(rebasing: line[(index + 1)...]), as: UTF8.self)
                    comments.append(Comment(text: text,
                                            range: SourceRange(start: SourceMark(line: lineNumber, column: column),
                                                               end: SourceMark(line: lineNumber, column: endColumn)),
                                            beforeContent: !seenContent && !lineHasContent))
                    break
                }
                lineHasContent = true
                let atTokenStart = previousToken == 0 || "-:[{,?".utf8.contains(previousToken)
                if atTokenStart && (byte == doubleQuote || byte == singleQuote) {
                    quote = byte
                } else if atTokenStart && (byte == UInt8(ascii: "|") || byte == UInt8(ascii: ">")) && blockIndicatorEnds(line, after: index) {
                    blockParentIndent = previousToken == UInt8(ascii: "-") ? dashColumn(line, before: index) : keyIndent(line)
                }
                previousToken = byte
                index += 1
            }
            if lineHasContent { seenContent = true }
            if lineEnd >= bytes.count { break }
        }
        return comments
    }

    /// `|` or `>` with only indicators (`+`, `-`, a digit) after it up to a comment or the line end.
    private static func blockIndicatorEnds(_ line: UnsafeBufferPointer<UInt8>, after index: Int) -> Bool {
        var next = index + 1
        while next < line.count, line[next] == UInt8(ascii: "+") || line[next] == UInt8(ascii: "-") || (0x31...0x39).contains(line[next]) { next += 1 }
        while next < line.count, line[next] == UInt8(ascii: " ") || line[next] == UInt8(ascii: "\t") { next += 1 }
        return next == line.count || line[next] == UInt8(ascii: "#")
    }

    /// Where the line's mapping key starts, past the indentation and any `- ` entries.
    private static func keyIndent(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < line.count {
            if line[index] == UInt8(ascii: " ") || (line[index] == UInt8(ascii: "-") && index + 1 < line.count && line[index + 1] == UInt8(ascii: " ")) {
                index += 1
            } else {
                break
            }
        }
        return index
    }

    private static func dashColumn(_ line: UnsafeBufferPointer<UInt8>, before index: Int) -> Int {
        var column = index - 1
        while column > 0, line[column] != UInt8(ascii: "-") { column -= 1 }
        return column
    }
}

import Foundation
import QuizBank
import QuizYAML

/// An inline suppression: `# quizbank: disable-next-line RULE[,RULE] -- reason`,
/// `# quizbank: disable-line RULE`, `# quizbank: disable-question RULE` (the question the
/// comment stands in, or the one it stands right above), `# quizbank: disable-field RULE` (the
/// field whose line the comment ends, or the one on the next line, with everything indented
/// under it), or `# quizbank: disable-file RULE` among the comments before the bank's first
/// key. A directive naming several rules gives one suppression each, so that each can be
/// reported as unused on its own.
public struct Suppression: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case nextLine = "disable-next-line"
        case line = "disable-line"
        case question = "disable-question"
        case field = "disable-field"
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

    /// The lines a question or field suppression applies to, once `SuppressionScope` has
    /// found them (nil: it stands by no question or field).
    public var lines: ClosedRange<UInt32>?
    /// What a question suppression stands by, for its message when it suppresses nothing.
    var questionID: String?
    /// Whether the comment has its line to itself (else it ends a line of content).
    public var ownLine = true

    /// The line a line suppression applies to.
    public var targetLine: UInt32 {
        kind == .nextLine ? range.start.line + 1 : range.start.line
    }

    public func covers(_ finding: Finding) -> Bool {
        guard problem == nil, finding.ruleID == rule else { return false }
        switch kind {
        case .file: return true
        case .line, .nextLine: return finding.range.start.line == targetLine
        case .question, .field: return lines?.contains(finding.range.start.line) ?? false
        }
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
        case .question:
            guard let questionID else { return "disable-question \(rule) stands neither in a question nor right above one" }
            return "disable-question \(rule) suppresses nothing in question '\(questionID)'"
        case .field:
            guard let lines else { return "disable-field \(rule) stands by no field: put it at the end of the field's first line, or on the line above it" }
            return "disable-field \(rule) suppresses nothing in the field on line\(lines.count == 1 ? " \(lines.lowerBound)" : "s \(lines.lowerBound)-\(lines.upperBound)")"
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
                                                problem: "unknown directive '\(directive)': use \(Kind.allCases.map(\.rawValue).joined(separator: ", "))"))
                continue
            }
            let rules = words.dropFirst().joined(separator: ",").split(separator: ",").map(String.init)
            if rules.isEmpty {
                suppressions.append(Suppression(kind: kind, rule: "", reason: reason, range: comment.range,
                                                problem: "\(kind.rawValue) names no rule; write the rule ids it suppresses"))
            }
            // Each rule is placed at its name, where a misspelling is to be fixed. `text` is a
            // slice of the comment's text, so the names are looked for after the directive's word.
            var searchFrom = directive.endIndex
            for rule in rules {
                let misplaced = kind == .file && !comment.beforeContent
                var range = comment.range
                if let found = comment.text.range(of: rule, range: searchFrom..<comment.text.endIndex) {
                    // The comment's range starts at its `#`, one column before its text.
                    let column = Int(comment.range.start.column) + 1 + comment.text.unicodeScalars.distance(from: comment.text.startIndex, to: found.lowerBound)
                    range = SourceRange(start: SourceMark(line: Int(comment.range.start.line), column: column),
                                        end: SourceMark(line: Int(comment.range.start.line), column: column + rule.unicodeScalars.count))
                    searchFrom = found.upperBound
                }
                suppressions.append(Suppression(kind: kind, rule: rule, reason: reason, range: range,
                                                problem: misplaced ? "disable-file must stand among the comments before the bank's first key" : nil,
                                                ownLine: comment.ownLine))
            }
        }
        return suppressions
    }
}

/// The outline of a YAML source by its lines' indentation: which lines a question, a field or a
/// key spans, for question and field suppressions and for baseline entries. Lines are split as
/// libyaml splits them (`LineBreak`).
struct SourceOutline {
    private let source: [UInt8]
    /// Per line (index 0 is line 1): where it starts in `source`; the column where its content
    /// starts past indentation and `- ` entries, or nil for a blank or comment-only line; and
    /// where its own indentation ends.
    private var lineStarts: [Int] = []
    private var keyIndent: [Int?] = []
    private var indent: [Int] = []

    init(source: [UInt8]) {
        self.source = source
        source.withUnsafeBufferPointer { bytes in
            var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while true {
                var lineEnd = lineStart
                while lineEnd < bytes.count, LineBreak.length(bytes, at: lineEnd) == 0 { lineEnd += 1 }
                let line = bytes[lineStart..<lineEnd]
                let spaces = line.prefix { $0 == UInt8(ascii: " ") }.count
                var key = lineStart + spaces
                while key + 1 < lineEnd, bytes[key] == UInt8(ascii: "-"), bytes[key + 1] == UInt8(ascii: " ") {
                    key += 2
                    while key < lineEnd, bytes[key] == UInt8(ascii: " ") { key += 1 }
                }
                let isContent = key < lineEnd && bytes[key] != UInt8(ascii: "#") && !line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                lineStarts.append(lineStart)
                keyIndent.append(isContent ? key - lineStart : nil)
                indent.append(spaces)
                guard lineEnd < bytes.count else { break }
                lineStart = lineEnd + LineBreak.length(bytes, at: lineEnd)
            }
        }
    }

    private func isContent(_ line: UInt32) -> Bool {
        line >= 1 && Int(line) <= keyIndent.count && keyIndent[Int(line) - 1] != nil
    }

    /// The first line after `line` with content (not blank, not only a comment).
    private func nextContentLine(after line: UInt32) -> UInt32? {
        var next = line + 1
        while Int(next) <= keyIndent.count {
            if isContent(next) { return next }
            next += 1
        }
        return nil
    }

    /// The lines of question `index`: a block mapping's range ends where the next token starts,
    /// which is the next item's line.
    private func lines(ofQuestion index: Int, _ questions: [(id: String, range: SourceRange)]) -> ClosedRange<UInt32> {
        let range = questions[index].range
        var last = max(range.start.line, range.end.line)
        if index + 1 < questions.count, questions[index + 1].range.start.line > range.start.line {
            last = min(last, questions[index + 1].range.start.line - 1)
        }
        return range.start.line...last
    }

    /// The question whose lines hold `line`.
    func question(containing line: UInt32, questions: [(id: String, range: SourceRange)]) -> (id: String, lines: ClosedRange<UInt32>)? {
        guard let index = questions.lastIndex(where: { $0.range.start.line <= line }) else { return nil }
        let covered = lines(ofQuestion: index, questions)
        return covered.contains(line) ? (questions[index].id, covered) : nil
    }

    /// The question a `disable-question` comment on `line` stands by: the one starting on the
    /// next line with content, when the comment has a line of its own; else the one it stands in.
    func question(for line: UInt32, ownLine: Bool, questions: [(id: String, range: SourceRange)]) -> (id: String, lines: ClosedRange<UInt32>)? {
        if ownLine, let next = nextContentLine(after: line), let index = questions.firstIndex(where: { $0.range.start.line == next }) {
            return (questions[index].id, lines(ofQuestion: index, questions))
        }
        return question(containing: line, questions: questions)
    }

    /// The lines of the field a `disable-field` comment on `line` stands by: the field whose
    /// line the comment ends, or the one on the next line with content, with every line
    /// indented deeper than its key after it.
    func field(for line: UInt32, ownLine: Bool) -> ClosedRange<UInt32>? {
        guard let start = ownLine ? nextContentLine(after: line) : (isContent(line) ? line : nil),
              let key = keyIndent[Int(start) - 1] else { return nil }
        var last = start
        var next = start + 1
        while Int(next) <= keyIndent.count {
            if isContent(next) {
                guard indent[Int(next) - 1] > key else { break }
                last = next
            }
            next += 1
        }
        return start...last
    }

    /// The key of the field that holds `line`, at the level of the mapping whose first key is on
    /// line `first` (a question's first line, or 1 for the bank's top level): the nearest line at
    /// or above `line` whose key starts in that column. Nil when there is none.
    func key(above line: UInt32, from first: UInt32) -> String? {
        guard var level = first <= line ? (isContent(first) ? first : nextContentLine(after: first)) : nil,
              let column = keyIndent[Int(level) - 1] else { return nil }
        var found: UInt32?
        while level <= line, Int(level) <= keyIndent.count {
            if keyIndent[Int(level) - 1] == column { found = level }
            level += 1
        }
        guard let found else { return nil }
        let start = lineStarts[Int(found) - 1] + column
        var end = start
        while end < source.count, source[end] != 0x0A, source[end] != 0x0D, source[end] != UInt8(ascii: ":") { end += 1 }
        guard end < source.count, source[end] == UInt8(ascii: ":") else { return nil }
        var key = String(decoding: source[start..<end], as: UTF8.self)
        while key.last == " " { key.removeLast() }
        if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote { key = String(key.dropFirst().dropLast()) }
        return key
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
        /// Whether nothing but indentation stands before it on its line.
        public var ownLine = true
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
                                            beforeContent: !seenContent && !lineHasContent, ownLine: !lineHasContent))
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

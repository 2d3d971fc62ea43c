import Foundation
import QuizBank
import QuizLint
import QuizYAML

struct TextCutByCommentRule: BankRule {
    static let description = RuleDescription(
        id: "text-cut-by-comment",
        summary: "A plain text followed on its line by ` #` and a word (`#math`, `#1`): YAML reads that as a comment, so it is not part of the text.",
        rationale: """
            In YAML a `#` after a space starts a comment, also in the middle of a plain (unquoted) \
            text: `text: What is 50% of 10? #math` is the text "What is 50% of 10?", and "#math" \
            is gone without a word, from the linter, the compiled bank and the app. A comment \
            that a writer means is written `# like this`, with a space after the `#`; a `#` \
            followed at once by a letter or digit (a hashtag, "#1 hit", a channel) is far more \
            often text that was cut. The finding is at what was cut: quote the text if it \
            belongs to it, or write the comment with a space after the `#`. Not reported: a \
            comment with a space after its `#`, a quoted text followed by a comment, a comment \
            on a line of its own.
            """,
        severity: .warning,
        scope: .bank,
        examples: [
            .triggering(questions: """
                  - id: half
                    text: What is 50% of 10? ↓#math
                    choices:
                      - text: "5"
                        correct: true
                      - "20"
                    explanation: Half of 10 is 5. ↓#1 rule of percentages
                """),
            .passing(questions: """
                  - id: half
                    text: "What is 50% of 10? #math"  # quoted: the hashtag is text
                    choices:
                      - text: "5"
                        correct: true
                      - "20"  # a comment, written with a space
                    explanation: Half of 10 is 5.
                #TODO a comment on a line of its own
                """),
        ])

    init(options: RuleOptions) {}

    func check(_ bank: LintBank, report: inout FindingReporter) {
        let cuts = Self.hashtagComments(in: bank.source)
        guard !cuts.isEmpty else { return }
        for question in bank.bank.questions {
            question.forEachText(sourceLocale: bank.sourceLocale, where: { _, _ in true }) { entry in
                let end = entry.range.end
                guard let cut = cuts[Int(end.line)], cut.start.column >= end.column,
                      Self.isPlain(entry, in: bank.source), Self.onlySpace(from: end, to: cut.start, in: bank.source) else { return }
                report("\(entry.place) ends before \(English.quote(cut.text)): YAML reads ' #' as the start of a comment, so it is "
                       + "not part of the text; quote the text if it belongs to it, or write the comment as '# \(cut.text.dropFirst())'",
                       at: cut.range)
            }
        }
    }

    /// The comments of the source whose `#` follows a space or tab and is followed at once by
    /// something else than white space, by line: where they start, their range and text. Only
    /// the first such `#` of a line counts (what follows it is comment already).
    static func hashtagComments(in source: [UInt8]) -> [Int: (start: SourceMark, range: SourceRange, text: String)] {
        var found: [Int: (start: SourceMark, range: SourceRange, text: String)] = [:]
        var line = 1
        var lineStart = 0
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < source.count, source[index + 1] == 0x0A { index += 1 }
                line += 1
                lineStart = index + 1
            } else if byte == 0x23, index > lineStart, source[index - 1] == 0x20 || source[index - 1] == 0x09,
                      index + 1 < source.count, ![0x20, 0x09, 0x0A, 0x0D].contains(source[index + 1]), found[line] == nil {
                var end = index
                while end < source.count, source[end] != 0x0A, source[end] != 0x0D { end += 1 }
                while end > index, source[end - 1] == 0x20 || source[end - 1] == 0x09 { end -= 1 }
                // Columns count Unicode scalars: the bytes that start one.
                let column = source[lineStart..<index].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
                let text = String(decoding: source[index..<end], as: UTF8.self)
                let start = SourceMark(line: line, column: column)
                found[line] = (start, SourceRange(start: start, end: SourceMark(line: line, column: column + text.unicodeScalars.count)), text)
            }
            index += 1
        }
        return found
    }

    /// Whether nothing but spaces and tabs comes between the end of a text and the `#` on its
    /// line (not a `]` or `,` of a list the text is in).
    static func onlySpace(from end: SourceMark, to start: SourceMark, in source: [UInt8]) -> Bool {
        guard let line = SourceLineIndex.shared.line(Int(end.line), of: source) else { return false }
        let scalars = Array(String(decoding: line, as: UTF8.self).unicodeScalars)
        let from = Int(end.column) - 1, to = Int(start.column) - 1
        guard from >= 0, from <= to, to <= scalars.count else { return false }
        return scalars[from..<to].allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// Whether the text is written plain: not in quotes, not a block (`|`, `>`), where a `#`
    /// after it on its line can only be a comment the writer did not mean.
    static func isPlain(_ entry: AuthoredText, in source: [UInt8]) -> Bool {
        guard let line = SourceLineIndex.shared.line(Int(entry.range.start.line), of: source) else { return false }
        let scalars = Array(String(decoding: line, as: UTF8.self).unicodeScalars)
        let index = Int(entry.range.start.column) - 1
        guard index >= 0, index < scalars.count else { return false }
        return !["\"", "'", "|", ">"].contains(scalars[index])
    }
}

import QuizBank
import QuizYAML

/// `quizbank lint --format github`: GitHub Actions workflow commands, which the runner turns
/// into annotations on the files of a pull request.
///
/// One line per finding, in the order given:
///
///     ::error file=PATH,line=L,col=C,endLine=EL,endColumn=EC,title=RULE::MESSAGE
///
/// - `error` → `::error`, `warning` → `::warning`, `info` → `::notice`.
/// - `col`/`endColumn` are the finding's columns (Unicode scalars; `endColumn` exclusive, as in
///   every quizbank format — GitHub does not say whether its end column is inclusive, and places
///   annotations by line only). GitHub accepts columns only when the annotation starts and ends
///   on one line, so for a range over several lines `col` and `endColumn` are left out.
/// - MESSAGE is the finding's message, then ` (suggestion: TEXT)` when the finding has a
///   suggestion, then one line per related location, `PATH:LINE:COL: note: NOTE` (GitHub
///   shows a multi-line annotation message).
/// - Escaping, as GitHub's runner (and `@actions/core`) does it: in the message, `%` → `%25`,
///   CR → `%0D`, LF → `%0A`; in property values also `:` → `%3A` and `,` → `%2C`. So every
///   finding is exactly one line, and a bank's text can never start a command of its own.
///
/// After the commands comes one plain summary line, as `TextReporter` ends
/// (`2 errors, 1 warning in 3 banks`): it does not start with `::`, so the runner prints it
/// as is, and it tells whoever reads the step's log why the step failed even though the runner
/// shows the annotations elsewhere. (GitHub shows only the first few annotations of each kind
/// per step; for banks with many findings, upload SARIF to code scanning instead.)
///
/// Paths are written as given; GitHub expects them relative to the repository root.
public struct GitHubReporter: Sendable {
    public init() {}

    public func report(_ findings: [Finding], bankCount: Int) -> String {
        ReportPieces.joined { write(findings, bankCount: bankCount, to: $0) }
    }

    /// The report, handed to `output` piece by piece as the findings are written.
    public func write(_ findings: [Finding], bankCount: Int, to output: ReportOutput) {
        var stream = Stream(self)
        stream.write(findings, to: output)
        stream.finish(bankCount: bankCount, to: output)
    }

    /// A report written as batches of findings (in report order) come: the commands, then
    /// the summary of all of them.
    public struct Stream {
        private let reporter: GitHubReporter
        private var counts = SeverityCounts()
        private var piece: [UInt8] = []

        public init(_ reporter: GitHubReporter) {
            self.reporter = reporter
        }

        public mutating func write(_ findings: [Finding], to output: ReportOutput) {
            counts.add(findings)
            for finding in findings {
                piece += reporter.command(for: finding).utf8
                piece.append(0x0A)
                if piece.count >= ReportPieces.pieceSize {
                    output(piece)
                    piece.removeAll(keepingCapacity: true)
                }
            }
        }

        public mutating func finish(bankCount: Int, to output: ReportOutput) {
            piece += TextReporter().summary(counts, bankCount: bankCount).utf8
            output(piece)
            piece = []
        }
    }

    func command(for finding: Finding) -> String {
        let command: String
        switch finding.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .info: command = "notice"
        }
        let range = finding.range
        var properties: [(String, String)] = [("file", finding.path), ("line", String(range.start.line))]
        if range.start.line == range.end.line {
            properties.append(("col", String(range.start.column)))
            properties.append(("endLine", String(range.end.line)))
            properties.append(("endColumn", String(max(range.end.column, range.start.column))))
        } else {
            properties.append(("endLine", String(max(range.end.line, range.start.line))))
        }
        properties.append(("title", finding.ruleID))

        var message = finding.message
        if let suggestion = finding.suggestion {
            message += " (suggestion: \(suggestion))"
        }
        for related in finding.related {
            message += "\n\(related.path):\(related.range.start.line):\(related.range.start.column): note: \(related.note)"
        }
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(command) \(list)::\(Self.escapeData(message))"
    }

    /// A command's message: `%`, CR and LF percent-encoded.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A command's property value: as the message, and `:` and `,` percent-encoded too.
    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

import QuizBank
import QuizSupport

/// `quizbank lint --format gitlab`: GitLab CI's code quality report, a JSON list that a job
/// publishes as `artifacts: reports: codequality:`, and GitLab shows in merge requests.
///
/// One object per finding, in the order given, members in this order:
///
///     {"description": MESSAGE, "check_name": RULE, "fingerprint": HASH,
///      "severity": LEVEL, "location": {"path": PATH, "lines": {"begin": LINE, "end": LINE}}}
///
/// - `severity`: `error` → `major`, `warning` → `minor`, `info` → `info` (GitLab's scale runs
///   info, minor, major, critical, blocker).
/// - `description` is the message, then ` (suggestion: TEXT)` when there is one.
/// - `fingerprint` is the SARIF report's (rule, file and message, and the count of repeats), so
///   a finding keeps its identity across commits wherever it moves in the file.
/// - Paths are written as given; GitLab expects them relative to the repository root.
///
/// One finding a line, final newline; a pure function of its argument.
public struct GitLabReporter: Sendable {
    public init() {}

    public func report(_ findings: [Finding]) -> String {
        ReportPieces.joined { write(findings, to: $0) }
    }

    /// The report, handed to `output` piece by piece as the findings are written.
    public func write(_ findings: [Finding], to output: ReportOutput) {
        var stream = Stream()
        stream.write(findings, to: output)
        stream.finish(to: output)
    }

    /// A report written as batches of findings (in report order) come.
    public struct Stream {
        private var json = JSONWriter(linedDepth: 1, deeper: .spaced)
        private var occurrences = FingerprintOccurrences()

        public init() {
            json.beginArray()
        }

        public mutating func write(_ findings: [Finding], to output: ReportOutput) {
            for finding in findings {
                let (hash, occurrence) = occurrences.count(finding)
                var description = finding.message
                if let suggestion = finding.suggestion { description += " (suggestion: \(suggestion))" }
                json.beginObject()
                json.key("description"); json.string(description)
                json.key("check_name"); json.string(finding.ruleID)
                json.key("fingerprint"); json.string("\(hash)-\(occurrence)")
                json.key("severity"); json.string(GitLabReporter.severity(finding.severity))
                json.key("location")
                json.beginObject()
                json.key("path"); json.string(finding.path)
                json.key("lines")
                json.beginObject()
                json.key("begin"); json.int(Int(finding.range.start.line))
                json.key("end"); json.int(Int(max(finding.range.start.line, finding.range.end.line)))
                json.endObject()
                json.endObject()
                json.endObject()
                json.handOver(to: output)
            }
        }

        public mutating func finish(to output: ReportOutput) {
            json.endArray()
            json.finish()
            output(json.bytes)
            json.removeBytes()
        }
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .info: return "info"
        }
    }
}

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
/// Hand-written JSON: one finding a line, final newline; a pure function of its argument.
public struct GitLabReporter: Sendable {
    public init() {}

    public func report(_ findings: [Finding]) -> String {
        var out = "["
        var occurrences: [String: Int] = [:]
        for (index, finding) in findings.enumerated() {
            let hash = SARIFReporter.fingerprintHash(finding)
            occurrences[hash, default: 0] += 1
            var description = finding.message
            if let suggestion = finding.suggestion { description += " (suggestion: \(suggestion))" }
            out += index == 0 ? "\n  {" : ",\n  {"
            out += "\"description\": "
            JSONString.appendQuoted(description, to: &out)
            out += ", \"check_name\": "
            JSONString.appendQuoted(finding.ruleID, to: &out)
            out += ", \"fingerprint\": \"\(hash)-\(occurrences[hash] ?? 1)\""
            out += ", \"severity\": \"\(Self.severity(finding.severity))\""
            out += ", \"location\": {\"path\": "
            JSONString.appendQuoted(finding.path, to: &out)
            out += ", \"lines\": {\"begin\": \(finding.range.start.line), \"end\": \(max(finding.range.start.line, finding.range.end.line))}}}"
        }
        out += findings.isEmpty ? "]\n" : "\n]\n"
        return out
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .info: return "info"
        }
    }
}

import QuizBank
import QuizSupport
import QuizYAML

/// `quizbank lint --format json`: one versioned JSON document for scripts and editors,
/// documented in `docs/lint-json.md`.
///
/// ```json
/// {"version": 1, "tool": {"name": "quizbank", "version": "…"},
///  "summary": {"banks": 2, "errors": 1, "warnings": 0, "infos": 0},
///  "findings": [{"path": "…", "line": 3, "column": 5, "endLine": 3, "endColumn": 9,
///                "severity": "error", "rule": "…", "message": "…", "related": [], "suggestion": "…"}]}
/// ```
///
/// Members come in a fixed order, 2-space indented, with a final newline; findings are written
/// in the order given (the caller sorts them). A pure function of its arguments: the same
/// findings give the same bytes.
///
/// Version promise: within `version` 1, new optional members may be added (a layout finding
/// carries an optional `measure` object, after `suggestion`); removing or changing the
/// meaning or type of a member raises `version`. Readers must ignore members they do not know.
public struct JSONReporter: Sendable {
    /// The `version` member: the version of this document's format, not of the tool.
    public static let formatVersion = 1

    public var toolVersion: String

    public init(toolVersion: String) {
        self.toolVersion = toolVersion
    }

    /// - Parameter rules: the rules of the run. Not written in version 1 (the document names a
    ///   finding's rule by id only; `quizbank rules` describes them); taken so that every
    ///   machine-readable reporter is called alike and a later optional member can use it.
    public func report(_ findings: [Finding], bankCount: Int, rules: [RuleDescription]) -> String {
        ReportPieces.joined { write(findings, bankCount: bankCount, rules: rules, to: $0) }
    }

    /// The report, handed to `output` piece by piece as the findings are written.
    public func write(_ findings: [Finding], bankCount: Int, rules: [RuleDescription], to output: ReportOutput) {
        var counts = SeverityCounts()
        counts.add(findings)
        output(head(bankCount: bankCount, counts: counts))
        var stream = Stream(self)
        stream.write(findings, to: output)
        output(stream.finish(bankCount: bankCount).rest)
    }

    /// The document up to its first finding: the summary counts the findings.
    public func head(bankCount: Int, counts: SeverityCounts) -> [UInt8] {
        var json = JSONWriter()
        writeHead(bankCount: bankCount, counts: counts, to: &json)
        return json.bytes
    }

    private func writeHead(bankCount: Int, counts: SeverityCounts, to json: inout JSONWriter) {
        json.beginObject()
        json.key("version"); json.int(Self.formatVersion)
        json.key("tool")
        json.beginObject()
        json.key("name"); json.string("quizbank")
        json.key("version"); json.string(toolVersion)
        json.endObject()
        json.key("summary")
        json.beginObject()
        json.key("banks"); json.int(bankCount)
        json.key("errors"); json.int(counts.errors)
        json.key("warnings"); json.int(counts.warnings)
        json.key("infos"); json.int(counts.infos)
        json.endObject()
        json.key("findings")
        json.beginArray()
    }

    /// The findings of a report written as batches of them (in report order) come, before its
    /// head is known: the head, which counts them, goes before all `write` handed over.
    public struct Stream {
        private var json = JSONWriter()
        private let reporter: JSONReporter
        private var counts = SeverityCounts()

        public init(_ reporter: JSONReporter) {
            self.reporter = reporter
            // Where the head leaves the writer does not depend on the counts in it.
            reporter.writeHead(bankCount: 0, counts: SeverityCounts(), to: &json)
            json.removeBytes()
        }

        public mutating func write(_ findings: [Finding], to output: ReportOutput) {
            counts.add(findings)
            for finding in findings {
                JSONReporter.write(finding, to: &json)
                json.handOver(to: output)
            }
        }

        /// Ends the document: its head, and what goes after all `write` handed over.
        public mutating func finish(bankCount: Int) -> (head: [UInt8], rest: [UInt8]) {
            json.endArray()
            json.endObject()
            json.finish()
            defer { json.removeBytes() }
            return (reporter.head(bankCount: bankCount, counts: counts), json.bytes)
        }
    }

    static func write(_ finding: Finding, to json: inout JSONWriter) {
        json.beginObject()
        json.key("path"); json.string(finding.path)
        json.key("line"); json.int(Int(finding.range.start.line))
        json.key("column"); json.int(Int(finding.range.start.column))
        json.key("endLine"); json.int(Int(finding.range.end.line))
        json.key("endColumn"); json.int(Int(finding.range.end.column))
        json.key("severity"); json.string(finding.severity.rawValue)
        json.key("rule"); json.string(finding.ruleID)
        json.key("message"); json.string(finding.message)
        json.key("related")
        json.beginArray()
        for related in finding.related { write(related, to: &json) }
        json.endArray()
        if let suggestion = finding.suggestion { json.key("suggestion"); json.string(suggestion) }
        if let measure = finding.measure { json.key("measure"); write(measure, to: &json) }
        json.endObject()
    }

    /// `{"profile": "review", "locale": "en", "style": "body", "maxLines": 3,
    ///   "device": {"name": "iPhone SE (1st generation)", "width": 320},
    ///   "sizes": [{"size": "large", "points": 17, "width": 192, "lines": 3}, ...], "font": "..."}`
    static func write(_ measure: Finding.Measure, to json: inout JSONWriter) {
        json.beginObject()
        json.key("profile"); json.string(measure.profile)
        json.key("locale"); json.string(measure.locale)
        json.key("style"); json.string(measure.style)
        json.key("maxLines"); json.int(measure.maxLines)
        json.key("device")
        json.beginObject()
        json.key("name"); json.string(measure.deviceName)
        json.key("width"); json.number(measure.deviceWidth, decimals: 2)
        json.endObject()
        json.key("sizes")
        json.beginArray()
        for size in measure.sizes {
            json.beginObject()
            json.key("size"); json.string(size.size)
            json.key("points"); json.number(size.points, decimals: 2)
            json.key("width"); json.number(size.width, decimals: 2)
            json.key("lines"); json.int(size.lines)
            json.endObject()
        }
        json.endArray()
        json.key("font"); json.string(measure.font)
        json.endObject()
    }

    static func write(_ related: Finding.Related, to json: inout JSONWriter) {
        json.beginObject()
        json.key("path"); json.string(related.path)
        json.key("line"); json.int(Int(related.range.start.line))
        json.key("column"); json.int(Int(related.range.start.column))
        json.key("endLine"); json.int(Int(related.range.end.line))
        json.key("endColumn"); json.int(Int(related.range.end.column))
        json.key("note"); json.string(related.note)
        json.endObject()
    }
}

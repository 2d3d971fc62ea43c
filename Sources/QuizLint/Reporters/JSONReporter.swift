import QuizBank
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
        let errors = findings.count(where: { $0.severity == .error })
        let warnings = findings.count(where: { $0.severity == .warning })
        let infos = findings.count(where: { $0.severity == .info })
        let document = OrderedJSON.object([
            "version": .integer(Self.formatVersion),
            "tool": .object([
                "name": .string("quizbank"),
                "version": .string(toolVersion),
            ]),
            "summary": .object([
                "banks": .integer(bankCount),
                "errors": .integer(errors),
                "warnings": .integer(warnings),
                "infos": .integer(infos),
            ]),
            "findings": .array(findings.map(Self.finding)),
        ])
        return document.rendered()
    }

    static func finding(_ finding: Finding) -> OrderedJSON {
        .object([
            "path": .string(finding.path),
            "line": .integer(Int(finding.range.start.line)),
            "column": .integer(Int(finding.range.start.column)),
            "endLine": .integer(Int(finding.range.end.line)),
            "endColumn": .integer(Int(finding.range.end.column)),
            "severity": .string(finding.severity.rawValue),
            "rule": .string(finding.ruleID),
            "message": .string(finding.message),
            "related": .array(finding.related.map(related)),
            "suggestion": finding.suggestion.map { .string($0) },
            "measure": finding.measure.map(measure),
        ])
    }

    /// `{"profile": "review", "locale": "en", "style": "body", "maxLines": 3,
    ///   "device": {"name": "iPhone SE (1st generation)", "width": 320},
    ///   "sizes": [{"size": "large", "points": 17, "width": 192, "lines": 3}, ...], "font": "..."}`
    static func measure(_ measure: Finding.Measure) -> OrderedJSON {
        .object([
            "profile": .string(measure.profile),
            "locale": .string(measure.locale),
            "style": .string(measure.style),
            "maxLines": .integer(measure.maxLines),
            "device": .object([
                "name": .string(measure.deviceName),
                "width": .number(measure.deviceWidth),
            ]),
            "sizes": .array(measure.sizes.map { size in
                .object([
                    "size": .string(size.size),
                    "points": .number(size.points),
                    "width": .number(size.width),
                    "lines": .integer(size.lines),
                ])
            }),
            "font": .string(measure.font),
        ])
    }

    static func related(_ related: Finding.Related) -> OrderedJSON {
        .object([
            "path": .string(related.path),
            "line": .integer(Int(related.range.start.line)),
            "column": .integer(Int(related.range.start.column)),
            "endLine": .integer(Int(related.range.end.line)),
            "endColumn": .integer(Int(related.range.end.column)),
            "note": .string(related.note),
        ])
    }
}

import QuizBank
import QuizSupport
import QuizYAML

/// `quizbank lint --format sarif`: SARIF 2.1.0, as GitHub code scanning reads it
/// (`github/codeql-action/upload-sarif`).
///
/// One run: `tool.driver` describes quizbank and every rule passed in (`rules`, in that order);
/// `columnKind` is `unicodeCodePoints`, which is how quizbank counts columns; then one result per
/// finding, in the order given. A result's region is the finding's range (SARIF's `endColumn`
/// is exclusive, like quizbank's). A finding whose rule is not among `rules` still gets a
/// result, without `ruleIndex`. (`Tests/schema/validate_sarif.py` reports such a result: the
/// CLI should pass every rule that can report, format rules included.)
///
/// - Locations: a relative path becomes a relative URI (each byte outside `A–Z a–z 0–9 - . _ ~ /`
///   percent-encoded, `.` segments and repeated slashes dropped) with `uriBaseId` `%SRCROOT%`;
///   an absolute path becomes a `file://` URI without `uriBaseId`.
/// - A suggestion is appended to the message as ` (suggestion: TEXT)` (GitHub shows only the
///   message). A fix whose bytes are known (`Finding.Fix.Target.source`, as `Fixer.resolved`
///   makes it) is written as a SARIF `fix` replacing its range.
/// - Each rule's `helpUri` is its section of docs/rules.md.
/// - Related locations get ids 1, 2, … and their note as message.
/// - `partialFingerprints["quizbankFinding/v1"]` is `HASH:N`: HASH is the FNV-1a 64-bit hash
///   (16 lowercase hex digits) of rule id, artifact URI and message (without the suggestion),
///   joined with NUL; N counts results with the same HASH in this run (1, 2, …), so that two
///   identical findings in one file stay two alerts. Code scanning follows a finding across
///   commits as long as its rule, file and message stay the same, wherever it moves in the file.
///
/// Hand-written JSON: fixed member order, 2-space indentation, final newline; a pure function
/// of its arguments.
public struct SARIFReporter: Sendable {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// A placeholder until the project has its public home.
    public static let informationURI = "https://github.com/quizbank/quizbank"
    public static let fingerprintKey = "quizbankFinding/v1"

    public var toolVersion: String

    public init(toolVersion: String) {
        self.toolVersion = toolVersion
    }

    public func report(_ findings: [Finding], rules: [RuleDescription]) -> String {
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil {
            ruleIndex[rule.id] = index
        }
        var occurrences: [String: Int] = [:]
        var results: [OrderedJSON] = []
        results.reserveCapacity(findings.count)
        for finding in findings {
            let hash = Self.fingerprintHash(finding)
            occurrences[hash, default: 0] += 1
            results.append(Self.result(finding, ruleIndex: ruleIndex[finding.ruleID],
                                       fingerprint: "\(hash):\(occurrences[hash]!)"))
        }
        let document = OrderedJSON.object([
            "$schema": .string(Self.schemaURI),
            "version": .string("2.1.0"),
            "runs": .array([
                .object([
                    "tool": .object([
                        "driver": .object([
                            "name": .string("quizbank"),
                            "version": .string(toolVersion),
                            "informationUri": .string(Self.informationURI),
                            "rules": .array(rules.map(Self.descriptor)),
                        ]),
                    ]),
                    "columnKind": .string("unicodeCodePoints"),
                    "results": .array(results),
                ]),
            ]),
        ])
        return document.rendered()
    }

    // MARK: Rules

    static func descriptor(_ rule: RuleDescription) -> OrderedJSON {
        .object([
            "id": .string(rule.id),
            "name": .string(upperCamelCase(rule.id)),
            "shortDescription": .object(["text": .string(rule.summary)]),
            "fullDescription": .object(["text": .string(rule.rationale)]),
            "helpUri": .string("\(informationURI)/blob/main/docs/rules.md#\(rule.id)"),
            "help": .object([
                "text": .string(helpText(rule)),
                "markdown": .string(helpMarkdown(rule)),
            ]),
            "defaultConfiguration": .object(["level": .string(level(rule.severity))]),
            "properties": .object([
                "tags": .array((rule.isFormatRule ? ["quiz", "format"] : ["quiz"]).map { .string($0) }),
            ]),
        ])
    }

    /// `unknown-key` → `UnknownKey`.
    static func upperCamelCase(_ id: String) -> String {
        id.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    static func helpText(_ rule: RuleDescription) -> String {
        var parts = [rule.summary, rule.rationale]
        if rule.isFormatRule {
            parts.append("""
                This is a format rule: a bank with this problem is not a valid bank and does not \
                compile. It is always an error and cannot be turned off or suppressed.
                """)
            return parts.joined(separator: "\n\n")
        }
        parts.append("Default severity: \(rule.severity.rawValue).")
        var configure = """
            Configure it in .quizbank.yml:

                rules:
                  \(rule.id): error    # off, error, warning or info
            """
        if !rule.options.isEmpty {
            configure += "\n\nor with options:\n\n    rules:\n      \(rule.id):\n        severity: \(rule.severity.rawValue)"
            for option in rule.options {
                configure += "\n        \(option.name): \(option.defaultValue)"
            }
            configure += "\n\nOptions:"
            for option in rule.options {
                configure += "\n- \(option.name) (\(kindDescription(option.kind)), default \(option.defaultValue)): \(option.summary)"
            }
        }
        parts.append(configure)
        parts.append("""
            Suppress one finding with a comment on the line before it:

                # quizbank: disable-next-line \(rule.id) -- reason

            (disable-line on the finding's line; disable-file among the comments before the bank's first key).
            """)
        return parts.joined(separator: "\n\n")
    }

    static func helpMarkdown(_ rule: RuleDescription) -> String {
        var parts = [rule.summary, rule.rationale]
        if rule.isFormatRule {
            parts.append("""
                This is a **format rule**: a bank with this problem is not a valid bank and does \
                not compile. It is always an error and cannot be turned off or suppressed.
                """)
            return parts.joined(separator: "\n\n")
        }
        parts.append("Default severity: `\(rule.severity.rawValue)`.")
        var configure = """
            Configure it in `.quizbank.yml`:

            ```yaml
            rules:
              \(rule.id): error    # off, error, warning or info
            ```
            """
        if !rule.options.isEmpty {
            configure += "\n\nor with options:\n\n```yaml\nrules:\n  \(rule.id):\n    severity: \(rule.severity.rawValue)"
            for option in rule.options {
                configure += "\n    \(option.name): \(option.defaultValue)"
            }
            configure += "\n```\n\n| option | values | default | meaning |\n|---|---|---|---|"
            for option in rule.options {
                configure += "\n| `\(option.name)` | \(kindDescription(option.kind)) | `\(option.defaultValue)` | \(option.summary.replacingPipes()) |"
            }
        }
        parts.append(configure)
        parts.append("""
            Suppress one finding with a comment on the line before it:

            ```yaml
            # quizbank: disable-next-line \(rule.id) -- reason
            ```

            (`disable-line` on the finding's line; `disable-file` among the comments before the bank's first key).
            """)
        return parts.joined(separator: "\n\n")
    }

    static func kindDescription(_ kind: RuleOption.Kind) -> String {
        switch kind {
        case .integer(let range): return "integer \(range.lowerBound)–\(range.upperBound)"
        case .number(let range):
            return "number \(OptionValue.number(range.lowerBound))–\(OptionValue.number(range.upperBound))"
        case .boolean: return "true or false"
        case .choice(let values): return values.joined(separator: ", ")
        case .strings: return "list of strings"
        }
    }

    // MARK: Results

    static func result(_ finding: Finding, ruleIndex: Int?, fingerprint: String) -> OrderedJSON {
        var message = finding.message
        if let suggestion = finding.suggestion {
            message += " (suggestion: \(suggestion))"
        }
        let related: OrderedJSON? = finding.related.isEmpty ? nil : .array(finding.related.enumerated().map { index, related in
            .object([
                "id": .integer(index + 1),
                "physicalLocation": physicalLocation(related.path, related.range),
                "message": .object(["text": .string(related.note)]),
            ])
        })
        // Only a fix that says which bytes it writes (`Fixer.resolved`); a suggested value is
        // not source text (a quoted scalar's quotes would be lost).
        let sourceFix = finding.fix.flatMap { $0.target == .source ? $0 : nil }
        let fixes: OrderedJSON? = sourceFix.map { fix in
            .array([
                .object([
                    "description": .object(["text": .string("Replace with '\(fix.replacement)'\(fix.safety == .unsafe ? " (unsafe: check that it is what was meant)" : "")")]),
                    "artifactChanges": .array([
                        .object([
                            "artifactLocation": artifactLocation(finding.path),
                            "replacements": .array([
                                .object([
                                    "deletedRegion": region(fix.range),
                                    "insertedContent": .object(["text": .string(fix.replacement)]),
                                ]),
                            ]),
                        ]),
                    ]),
                ]),
            ])
        }
        return .object([
            "ruleId": .string(finding.ruleID),
            "ruleIndex": ruleIndex.map { .integer($0) },
            "level": .string(level(finding.severity)),
            "message": .object(["text": .string(message)]),
            "locations": .array([
                .object(["physicalLocation": physicalLocation(finding.path, finding.range)]),
            ]),
            "relatedLocations": related,
            "partialFingerprints": .object([fingerprintKey: .string(fingerprint)]),
            "fixes": fixes,
        ])
    }

    static func physicalLocation(_ path: String, _ range: SourceRange) -> OrderedJSON {
        .object([
            "artifactLocation": artifactLocation(path),
            "region": region(range),
        ])
    }

    /// The region of a range; lines and columns are at least 1 (SARIF's minimum) and the end is
    /// not before the start.
    static func region(_ range: SourceRange) -> OrderedJSON {
        let startLine = max(1, Int(range.start.line))
        let startColumn = max(1, Int(range.start.column))
        let endLine = max(startLine, Int(range.end.line))
        var endColumn = max(1, Int(range.end.column))
        if endLine == startLine, endColumn < startColumn {
            endColumn = startColumn
        }
        return .object([
            "startLine": .integer(startLine),
            "startColumn": .integer(startColumn),
            "endLine": .integer(endLine),
            "endColumn": .integer(endColumn),
        ])
    }

    static func artifactLocation(_ path: String) -> OrderedJSON {
        let (uri, relative) = artifactURI(path)
        return .object([
            "uri": .string(uri),
            "uriBaseId": relative ? .string("%SRCROOT%") : nil,
        ])
    }

    /// `Banks/my bank.yaml` → (`Banks/my%20bank.yaml`, relative); `/tmp/b.yaml` → (`file:///tmp/b.yaml`, absolute).
    static func artifactURI(_ path: String) -> (uri: String, relative: Bool) {
        let absolute = path.hasPrefix("/")
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let encoded = segments.map { percentEncoded(String($0)) }.joined(separator: "/")
        if absolute { return ("file:///" + encoded, false) }
        return (encoded.isEmpty ? "." : encoded, true)
    }

    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%"
                out += upperHex[Int(byte >> 4)]
                out += upperHex[Int(byte & 0xF)]
            }
        }
        return out
    }

    private static let upperHex = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]

    // MARK: Fingerprints

    static func fingerprintHash(_ finding: Finding) -> String {
        let key = finding.ruleID + "\u{0}" + artifactURI(finding.path).uri + "\u{0}" + finding.message
        return hex(FNV1a.hash(key.utf8))
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

private extension String {
    func replacingPipes() -> String {
        var out = ""
        for character in self {
            if character == "|" { out += "\\|" } else { out.append(character) }
        }
        return out
    }
}

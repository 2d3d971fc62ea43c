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
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// A placeholder until the project has its public home.
    static let informationURI = "https://github.com/quizbank/quizbank"
    public static let fingerprintKey = "quizbankFinding/v1"

    public var toolVersion: String

    public init(toolVersion: String) {
        self.toolVersion = toolVersion
    }

    public func report(_ findings: [Finding], rules: [RuleDescription]) -> String {
        ReportPieces.joined { write(findings, rules: rules, to: $0) }
    }

    /// The report, handed to `output` piece by piece as the results are written.
    public func write(_ findings: [Finding], rules: [RuleDescription], to output: ReportOutput) {
        var stream = Stream(self, rules: rules)
        stream.write(findings, to: output)
        stream.finish(to: output)
    }

    /// A report written as batches of findings (in report order) come.
    public struct Stream {
        private var json = JSONWriter()
        private var ruleIndex: [String: Int] = [:]
        private var occurrences = FingerprintOccurrences()

        public init(_ reporter: SARIFReporter, rules: [RuleDescription]) {
            for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil {
                ruleIndex[rule.id] = index
            }
            json.beginObject()
            json.key("$schema"); json.string(SARIFReporter.schemaURI)
            json.key("version"); json.string("2.1.0")
            json.key("runs")
            json.beginArray()
            json.beginObject()
            json.key("tool")
            json.beginObject()
            json.key("driver")
            json.beginObject()
            json.key("name"); json.string("quizbank")
            json.key("version"); json.string(reporter.toolVersion)
            json.key("informationUri"); json.string(SARIFReporter.informationURI)
            json.key("rules")
            json.beginArray()
            for rule in rules { SARIFReporter.writeDescriptor(rule, to: &json) }
            json.endArray()
            json.endObject()
            json.endObject()
            json.key("columnKind"); json.string("unicodeCodePoints")
            json.key("results")
            json.beginArray()
        }

        public mutating func write(_ findings: [Finding], to output: ReportOutput) {
            for finding in findings {
                let (hash, occurrence) = occurrences.count(finding)
                SARIFReporter.writeResult(finding, ruleIndex: ruleIndex[finding.ruleID], fingerprint: "\(hash):\(occurrence)", to: &json)
                json.handOver(to: output)
            }
        }

        public mutating func finish(to output: ReportOutput) {
            json.endArray()
            json.endObject()
            json.endArray()
            json.endObject()
            json.finish()
            output(json.bytes)
            json.removeBytes()
        }
    }

    // MARK: Rules

    static func writeDescriptor(_ rule: RuleDescription, to json: inout JSONWriter) {
        json.beginObject()
        json.key("id"); json.string(rule.id)
        json.key("name"); json.string(upperCamelCase(rule.id))
        json.key("shortDescription"); writeText(rule.summary, to: &json)
        json.key("fullDescription"); writeText(rule.rationale, to: &json)
        json.key("helpUri"); json.string("\(informationURI)/blob/main/docs/rules.md#\(rule.id)")
        json.key("help")
        json.beginObject()
        json.key("text"); json.string(helpText(rule))
        json.key("markdown"); json.string(helpMarkdown(rule))
        json.endObject()
        json.key("defaultConfiguration")
        json.beginObject()
        json.key("level"); json.string(level(rule.severity))
        json.endObject()
        json.key("properties")
        json.beginObject()
        json.key("tags"); json.stringArray(rule.isFormatRule ? ["quiz", "format"] : ["quiz"])
        json.endObject()
        json.endObject()
    }

    /// `{"text": TEXT}`, SARIF's message object.
    static func writeText(_ text: String, to json: inout JSONWriter) {
        json.beginObject()
        json.key("text"); json.string(text)
        json.endObject()
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
        var parts = [RuleDocumentation.prose(rule.summary), RuleDocumentation.prose(rule.rationale)]
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
                configure += "\n| `\(option.name)` | \(kindDescription(option.kind)) | `\(option.defaultValue)` | \(RuleDocumentation.prose(option.summary).replacingPipes()) |"
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

    static func writeResult(_ finding: Finding, ruleIndex: Int?, fingerprint: String, to json: inout JSONWriter) {
        var message = finding.message
        if let suggestion = finding.suggestion {
            message += " (suggestion: \(suggestion))"
        }
        json.beginObject()
        json.key("ruleId"); json.string(finding.ruleID)
        if let ruleIndex { json.key("ruleIndex"); json.int(ruleIndex) }
        json.key("level"); json.string(level(finding.severity))
        json.key("message"); writeText(message, to: &json)
        json.key("locations")
        json.beginArray()
        json.beginObject()
        json.key("physicalLocation"); writePhysicalLocation(finding.path, finding.range, to: &json)
        json.endObject()
        json.endArray()
        if !finding.related.isEmpty {
            json.key("relatedLocations")
            json.beginArray()
            for (index, related) in finding.related.enumerated() {
                json.beginObject()
                json.key("id"); json.int(index + 1)
                json.key("physicalLocation"); writePhysicalLocation(related.path, related.range, to: &json)
                json.key("message"); writeText(related.note, to: &json)
                json.endObject()
            }
            json.endArray()
        }
        json.key("partialFingerprints")
        json.beginObject()
        json.key(fingerprintKey); json.string(fingerprint)
        json.endObject()
        // Only a fix that says which bytes it writes (`Fixer.resolved`); a suggested value is
        // not source text (a quoted scalar's quotes would be lost).
        if let fix = finding.fix, fix.target == .source {
            json.key("fixes")
            json.beginArray()
            json.beginObject()
            json.key("description")
            writeText("Replace with '\(fix.replacement)'\(fix.safety == .unsafe ? " (unsafe: check that it is what was meant)" : "")", to: &json)
            json.key("artifactChanges")
            json.beginArray()
            json.beginObject()
            json.key("artifactLocation"); writeArtifactLocation(finding.path, to: &json)
            json.key("replacements")
            json.beginArray()
            json.beginObject()
            json.key("deletedRegion"); writeRegion(fix.range, to: &json)
            json.key("insertedContent"); writeText(fix.replacement, to: &json)
            json.endObject()
            json.endArray()
            json.endObject()
            json.endArray()
            json.endObject()
            json.endArray()
        }
        json.endObject()
    }

    static func writePhysicalLocation(_ path: String, _ range: SourceRange, to json: inout JSONWriter) {
        json.beginObject()
        json.key("artifactLocation"); writeArtifactLocation(path, to: &json)
        json.key("region"); writeRegion(range, to: &json)
        json.endObject()
    }

    /// A SARIF region's bounds.
    struct Region: Equatable {
        var startLine: Int, startColumn: Int, endLine: Int, endColumn: Int
    }

    /// The region of a range; lines and columns are at least 1 (SARIF's minimum) and the end is
    /// not before the start.
    static func region(_ range: SourceRange) -> Region {
        let startLine = max(1, Int(range.start.line))
        let startColumn = max(1, Int(range.start.column))
        let endLine = max(startLine, Int(range.end.line))
        var endColumn = max(1, Int(range.end.column))
        if endLine == startLine, endColumn < startColumn {
            endColumn = startColumn
        }
        return Region(startLine: startLine, startColumn: startColumn, endLine: endLine, endColumn: endColumn)
    }

    static func writeRegion(_ range: SourceRange, to json: inout JSONWriter) {
        let region = region(range)
        json.beginObject()
        json.key("startLine"); json.int(region.startLine)
        json.key("startColumn"); json.int(region.startColumn)
        json.key("endLine"); json.int(region.endLine)
        json.key("endColumn"); json.int(region.endColumn)
        json.endObject()
    }

    static func writeArtifactLocation(_ path: String, to json: inout JSONWriter) {
        let (uri, relative) = artifactURI(path)
        json.beginObject()
        json.key("uri"); json.string(uri)
        if relative { json.key("uriBaseId"); json.string("%SRCROOT%") }
        json.endObject()
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
        hex(fingerprint(finding))
    }

    /// The hash of what identifies a finding across edits: its rule, file and message.
    static func fingerprint(_ finding: Finding) -> UInt64 {
        let key = finding.ruleID + "\u{0}" + artifactURI(finding.path).uri + "\u{0}" + finding.message
        return FNV1a.hash(key.utf8)
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

/// How many times each fingerprint has come so far in a report (a repeat of the same rule,
/// file and message gets the next number), by the fingerprint's 64-bit hash. A report of a
/// million questions has about two million fingerprints, nearly all of them seen once: those
/// are kept in a flat table of hashes (8 bytes a slot, at most three quarters full), and only
/// the fingerprints seen again get a count, in a dictionary (16 bytes a slot, kept at most
/// three quarters full too, and twice that while it grows).
struct FingerprintOccurrences {
    private var seen = SeenHashes()
    /// The occurrences so far of each fingerprint seen more than once.
    private var repeats: [UInt64: Int] = [:]

    /// The finding's fingerprint hash, in hex, and its occurrence number, counting it.
    mutating func count(_ finding: Finding) -> (hash: String, occurrence: Int) {
        let fingerprint = SARIFReporter.fingerprint(finding)
        var occurrence = 1
        if !seen.insert(fingerprint) {
            occurrence = repeats[fingerprint, default: 1] + 1
            repeats[fingerprint] = occurrence
        }
        return (SARIFReporter.hex(fingerprint), occurrence)
    }

    /// A set of 64-bit hashes: open addressing, linear probing over a power of two of slots,
    /// 0 marking an empty slot (the hash 0 is kept apart).
    struct SeenHashes {
        private var slots = [UInt64](repeating: 0, count: 1024)
        private var count = 0
        private var hasZero = false

        /// False when `hash` was already in the set.
        mutating func insert(_ hash: UInt64) -> Bool {
            if hash == 0 {
                defer { hasZero = true }
                return !hasZero
            }
            var index = slot(hash)
            while slots[index] != 0 {
                if slots[index] == hash { return false }
                index = (index + 1) & (slots.count - 1)
            }
            slots[index] = hash
            count += 1
            if count * 4 > slots.count * 3 { grow() }
            return true
        }

        /// The high bits, as the low ones of a hash that is mostly small numbers would cluster.
        private func slot(_ hash: UInt64) -> Int {
            Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slots.count.trailingZeroBitCount))
        }

        private mutating func grow() {
            let old = slots
            slots = [UInt64](repeating: 0, count: old.count * 2)
            for hash in old where hash != 0 {
                var index = slot(hash)
                while slots[index] != 0 { index = (index + 1) & (slots.count - 1) }
                slots[index] = hash
            }
        }
    }
}

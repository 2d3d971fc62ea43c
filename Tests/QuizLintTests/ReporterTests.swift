import Foundation
import Testing
import QuizSupport
import TestSupport
@testable import QuizLint
import QuizBank
import QuizYAML

/// Every reporter's output for one fixed list of findings, compared byte for byte with the files
/// in `Golden/`. Run `UPDATE_GOLDEN=1 swift test --filter ReporterTests` to rewrite them after
/// an intended change, and read the diff.
@Suite struct ReporterTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let toolVersion = "1.2.3-test"

    static let geoPath = "Banks/geo.yaml"
    static let draftPath = "Banks/drafts/été 2024, v2.yaml"

    static let geoSource = """
        quizbank: 1
        id: geo
        title: Géographie 🌍
        locale: fr
        questions:
          - id: sun
            text: Le Soleil est une étoile.
            answer: true
          - id: sun
            text: La Lune est un satellite.
            answer: true
          - id: moon
            text: |
              Quelle est la distance
              de la Terre à la Lune ?
            answer: true

        """

    static let draftSource = """
        quizbank: 1
        id: ete-2024
        title: "Été, 2024: 100%"
        locale: pt
        questions:
          - id: café
            text: "Olá 🌍"
            answer: true
            explanaçion: x

        """

    static func range(_ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int) -> SourceRange {
        SourceRange(start: SourceMark(line: line, column: column), end: SourceMark(line: endLine, column: endColumn))
    }

    /// In report order: the draft file sorts before `geo.yaml`.
    static let findings: [Finding] = [
        // An error with a suggestion and a fix of known bytes (SARIF writes it), in a path with
        // a space, a comma and non-ASCII.
        Finding(ruleID: "invalid-id", severity: .error,
                message: "'café' is not a valid question id: use lower-case letters, digits and -",
                path: draftPath, range: range(6, 9, 6, 13), suggestion: "cafe",
                fix: Finding.Fix(range: range(6, 9, 6, 13), replacement: "cafe", safety: .unsafe)),
        // A message with %, :, commas, a newline, quotes, a tab, a backslash and non-ASCII;
        // its related location is in the other file and its note needs escaping too.
        Finding(ruleID: "unknown-key", severity: .error,
                message: "key \"explanaçion\": 100% unknown, near 'Olá 🌍'\nsecond line:\tdid you mean 'explanation'? \\o/",
                path: draftPath, range: range(9, 5, 9, 16),
                related: [Finding.Related(path: geoPath, range: range(10, 5, 10, 9), note: "spelt right here: \"text\", 100%")],
                suggestion: "explanation",
                // A fix of a scalar's value, not yet resolved to bytes: SARIF leaves it out.
                fix: Finding.Fix(range: range(9, 5, 9, 16), replacement: "explanation", safety: .unsafe, target: .scalar("explanaçion"))),
        // An error with a related location and a suggestion.
        Finding(ruleID: "duplicate-id", severity: .error, message: "question id 'sun' is used twice in this bank",
                path: geoPath, range: range(9, 9, 9, 12),
                related: [Finding.Related(path: geoPath, range: range(6, 9, 6, 12), note: "first use of 'sun'")],
                suggestion: "sun-2"),
        // A warning.
        Finding(ruleID: "missing-explanation", severity: .warning, message: "question 'moon' has no explanation",
                path: geoPath, range: range(12, 5, 12, 13)),
        // An info over several lines, from a rule whose default severity is warning.
        Finding(ruleID: "text-length", severity: .info, message: "question text is 48 characters; aim for at most 40",
                path: geoPath, range: range(13, 11, 16, 5)),
    ]

    static let rules: [RuleDescription] = [
        RuleDescription(id: "unknown-key", summary: "A key the bank format does not have; the nearest known key is suggested.",
                        rationale: "A misspelt key (`explanaton:`) is not an error in YAML, so without this check the field would silently be lost.",
                        severity: .error, scope: .question, examples: [], isFormatRule: true),
        RuleDescription(id: "duplicate-id", summary: "Two questions of one bank with one id.",
                        rationale: "Apps track progress by question id; two questions with one id share it.",
                        severity: .error, scope: .bank, examples: [], isFormatRule: true),
        RuleDescription(id: "invalid-id", summary: "An id with characters outside its pattern.",
                        rationale: "Ids end up in file names and URLs.",
                        severity: .error, scope: .question, examples: [], isFormatRule: true),
        RuleDescription(id: "missing-explanation", summary: "A question without an explanation.",
                        rationale: "Learners who got it wrong want to know why | and how.",
                        severity: .warning, scope: .question,
                        options: [
                            RuleOption("min-characters", .integer(0...500), default: .integer(0), "shorter explanations count as missing"),
                            RuleOption("kinds", .choice(["all", "choice"]), default: .string("all"), "which questions need one"),
                        ],
                        examples: []),
        RuleDescription(id: "unused-suppression", summary: "An inline `# quizbank:` suppression that suppresses nothing.",
                        rationale: "A suppression outlives the problem it silenced.",
                        severity: .info, scope: .bank, examples: []),
        RuleDescription(id: "text-length", summary: "A question text longer than the option says.",
                        rationale: "Long questions do not fit a phone screen.",
                        severity: .warning, scope: .question,
                        options: [RuleOption("max-ratio", .number(0.5...2.5), default: .number(1.5), "how much longer than the source a translation may be")],
                        examples: []),
    ]

    static let sources: [String: [UInt8]] = [geoPath: Array(geoSource.utf8), draftPath: Array(draftSource.utf8)]

    static func outputs() -> [(name: String, text: String)] {
        [
            ("text.txt", TextReporter().report(findings, bankCount: 2)),
            ("text-color.txt", TextReporter(color: true).report(findings, bankCount: 2)),
            ("text-source.txt", TextReporter(sources: sources).report(findings, bankCount: 2)),
            ("text-source-color.txt", TextReporter(sources: sources, color: true).report(findings, bankCount: 2)),
            ("lint.json", JSONReporter(toolVersion: toolVersion).report(findings, bankCount: 2, rules: rules)),
            ("github.txt", GitHubReporter().report(findings, bankCount: 2)),
            ("lint.sarif", SARIFReporter(toolVersion: toolVersion).report(findings, rules: rules)),
            ("lint.gitlab.json", GitLabReporter().report(findings)),
        ]
    }

    @Test func theFixedFindingsAreInReportOrder() {
        #expect(Self.findings == Self.findings.sorted(by: Finding.reportOrder))
        var generator = seededGenerator()
        var shuffled = Self.findings.shuffled(using: &generator) + Self.findings.shuffled(using: &generator)
        let expected = shuffled.sorted(by: Finding.reportOrder)
        shuffled.sortForReport()
        #expect(shuffled == expected)
    }

    /// Many ties on each field, and lines and columns at the ends of their range.
    @Test func sortingForTheReportIsTheStableSortByReportOrder() {
        var generator = seededGenerator()
        let values: [UInt32] = [1, 2, 3, 65_535, 65_536, UInt32.max - 1, UInt32.max]
        func mark() -> SourceMark {
            SourceMark(line: Int(values.randomElement(using: &generator)!), column: Int(values.randomElement(using: &generator)!))
        }
        for _ in 0..<20 {
            var findings = (0..<500).map { index in
                Finding(ruleID: ["whitespace", "text-length", "a-rule"].randomElement(using: &generator)!, severity: .warning,
                        message: "finding \(index)", path: ["b.yaml", "a.yaml", "dir/a.yaml"].randomElement(using: &generator)!,
                        range: SourceRange(start: mark(), end: mark()))
            }
            let expected = findings.sorted(by: Finding.reportOrder)
            findings.sortForReport()
            let firstDifference = findings.indices.first { findings[$0].message != expected[$0].message }
            #expect(firstDifference == nil)
        }
    }

    @Test func everyReporterMatchesItsGoldenFileByteForByte() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
        for (name, text) in Self.outputs() {
            let file = Self.golden.appendingPathComponent(name)
            if update {
                try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
            let expected = try [UInt8](Data(contentsOf: file))
            #expect(Array(text.utf8) == expected, "\(name) differs from its golden file; run UPDATE_GOLDEN=1 swift test if the change is intended")
        }
    }

    /// Many findings are formatted in chunks at once; the text is each finding's lines in
    /// order, as a report of that finding alone gives them, then one summary.
    @Test func aLargeTextReportIsTheFindingsLinesInOrder() {
        let many = (0..<20_000).map { index in
            var finding = Self.findings[index % Self.findings.count]
            finding.message += " \(index)"
            return finding
        }
        for reporter in [TextReporter(), TextReporter(sources: [Self.geoPath: Array(String(repeating: "a: 1\n", count: 12).utf8)], color: true)] {
            let summary = reporter.summary(many, bankCount: 3)
            let expected = many.map { String(reporter.report([$0], bankCount: 3).dropLast(reporter.summary([$0], bankCount: 3).count)) }
                .joined() + summary
            #expect(reporter.report(many, bankCount: 3) == expected)
        }
    }

    /// Every format is written as it is made: a large report comes in many pieces, none of
    /// them much more than a piece's size, which joined are the report, and each finding's
    /// text follows the one before it (the pieces keep the findings' order).
    @Test func largeReportsAreHandedOverInPiecesInOrder() {
        let many = (0..<20_000).map { index in
            var finding = Self.findings[index % Self.findings.count]
            finding.message += " #\(index)#"
            return finding
        }
        let writers: [(String, (ReportOutput) -> Void)] = [
            ("text", { TextReporter().write(many, bankCount: 3, to: $0) }),
            ("json", { JSONReporter(toolVersion: Self.toolVersion).write(many, bankCount: 3, rules: Self.rules, to: $0) }),
            ("sarif", { SARIFReporter(toolVersion: Self.toolVersion).write(many, rules: Self.rules, to: $0) }),
            ("gitlab", { GitLabReporter().write(many, to: $0) }),
            ("github", { GitHubReporter().write(many, bankCount: 3, to: $0) }),
        ]
        let whole = [
            TextReporter().report(many, bankCount: 3),
            JSONReporter(toolVersion: Self.toolVersion).report(many, bankCount: 3, rules: Self.rules),
            SARIFReporter(toolVersion: Self.toolVersion).report(many, rules: Self.rules),
            GitLabReporter().report(many),
            GitHubReporter().report(many, bankCount: 3),
        ]
        for ((name, write), expected) in zip(writers, whole) {
            var pieces: [[UInt8]] = []
            write { pieces.append($0) }
            #expect(pieces.count > 3, "\(name): \(pieces.count) pieces")
            #expect(pieces.allSatisfy { $0.count < 2 * 8_192 * 200 }, "\(name)")
            let text = String(decoding: pieces.joined(), as: UTF8.self)
            #expect(text == expected, "\(name)")
            var searchFrom = text.startIndex
            for index in stride(from: 0, to: many.count, by: 997) {
                let mark = "#\(index)#"
                let found = text.range(of: mark, range: searchFrom..<text.endIndex)
                #expect(found != nil, "\(name): \(mark) after the one before")
                if let found { searchFrom = found.upperBound }
            }
        }
    }

    @Test func reportingTwiceGivesTheSameBytes() {
        #expect(Self.outputs().map(\.text) == Self.outputs().map(\.text))
    }

    @Test func everyOutputEndsWithANewline() {
        for (name, text) in Self.outputs() {
            #expect(text.hasSuffix("\n"), "\(name)")
        }
    }

    // MARK: JSON

    @Test func jsonParsesAndCarriesEveryFieldUnchanged() throws {
        let text = JSONReporter(toolVersion: Self.toolVersion).report(Self.findings, bankCount: 2, rules: Self.rules)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        let tool = try #require(document["tool"] as? [String: Any])
        #expect(tool["name"] as? String == "quizbank")
        #expect(tool["version"] as? String == Self.toolVersion)
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary == ["banks": 2, "errors": 3, "warnings": 1, "infos": 1])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == Self.findings.count)
        for (json, finding) in zip(findings, Self.findings) {
            #expect(json["path"] as? String == finding.path)
            #expect(json["message"] as? String == finding.message)
            #expect(json["rule"] as? String == finding.ruleID)
            #expect(json["severity"] as? String == finding.severity.rawValue)
            #expect(json["line"] as? Int == Int(finding.range.start.line))
            #expect(json["column"] as? Int == Int(finding.range.start.column))
            #expect(json["endLine"] as? Int == Int(finding.range.end.line))
            #expect(json["endColumn"] as? Int == Int(finding.range.end.column))
            #expect(json["suggestion"] as? String == finding.suggestion)
            #expect((json["suggestion"] == nil) == (finding.suggestion == nil))
            let related = try #require(json["related"] as? [[String: Any]])
            #expect(related.map { $0["note"] as? String } == finding.related.map(\.note))
            #expect(related.map { $0["path"] as? String } == finding.related.map(\.path))
        }
    }

    @Test func jsonMembersComeInTheDocumentedOrder() {
        let text = JSONReporter(toolVersion: "1").report(Array(Self.findings.prefix(2)), bankCount: 1, rules: [])
        let keys = ["\"version\"", "\"tool\"", "\"summary\"", "\"findings\"", "\"path\"", "\"line\"", "\"column\"",
                    "\"endLine\"", "\"endColumn\"", "\"severity\"", "\"rule\"", "\"message\"", "\"related\"", "\"suggestion\""]
        let positions = keys.map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test func jsonWithoutFindings() {
        #expect(JSONReporter(toolVersion: "0.1").report([], bankCount: 0, rules: []) == """
            {
              "version": 1,
              "tool": {
                "name": "quizbank",
                "version": "0.1"
              },
              "summary": {
                "banks": 0,
                "errors": 0,
                "warnings": 0,
                "infos": 0
              },
              "findings": []
            }

            """)
    }

    private func quoted(_ value: String) -> String {
        var out = ""
        JSONString.appendQuoted(value, to: &out)
        return out
    }

    @Test func jsonStringEscaping() {
        #expect(quoted("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(quoted("\n\r\t\u{8}\u{C}") == #""\n\r\t\b\f""#)
        #expect(quoted("\u{0}\u{1}\u{1F}\u{7F}") == "\"\\u0000\\u0001\\u001f\u{7F}\"")
        #expect(quoted("\u{2028}\u{2029}") == #""\u2028\u2029""#)
        #expect(quoted("é🌍") == "\"é🌍\"")
        #expect(quoted("e\u{301}") == "\"e\u{301}\"")
    }

    // MARK: GitHub

    @Test func githubEscaping() {
        #expect(GitHubReporter.escapeData("100% a:b,c\r\nd") == "100%25 a:b,c%0D%0Ad")
        #expect(GitHubReporter.escapeProperty("100% a:b,c\r\nd") == "100%25 a%3Ab%2Cc%0D%0Ad")
        #expect(GitHubReporter.escapeProperty("%3A") == "%253A")
    }

    @Test func githubWritesOneCommandLinePerFindingThenAPlainSummary() {
        let lines = GitHubReporter().report(Self.findings, bankCount: 2).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == Self.findings.count + 2)
        #expect(lines.prefix(Self.findings.count).allSatisfy { $0.hasPrefix("::") })
        #expect(lines[Self.findings.count] == "3 errors, 1 warning, 1 info in 2 banks")
        #expect(lines.last == "")
        #expect(lines[3] == "::warning file=Banks/geo.yaml,line=12,col=5,endLine=12,endColumn=13,title=missing-explanation::question 'moon' has no explanation")
        #expect(lines[4].hasPrefix("::notice file=Banks/geo.yaml,line=13,endLine=16,title=text-length::"))
    }

    // MARK: SARIF

    @Test func sarifParsesAndPointsAtTheFindings() throws {
        let text = SARIFReporter(toolVersion: Self.toolVersion).report(Self.findings, rules: Self.rules)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == Self.rules.map(\.id))
        #expect(rules.map { $0["name"] as? String } == ["UnknownKey", "DuplicateId", "InvalidId", "MissingExplanation", "UnusedSuppression", "TextLength"])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == Self.findings.count)
        for (result, finding) in zip(results, Self.findings) {
            #expect(result["ruleId"] as? String == finding.ruleID)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == finding.ruleID)
            let fingerprints = try #require(result["partialFingerprints"] as? [String: String])
            #expect(fingerprints[SARIFReporter.fingerprintKey] == SARIFReporter.fingerprintHash(finding) + ":1")
        }
        #expect(results.map { $0["level"] as? String } == ["error", "error", "error", "warning", "note"])
    }

    @Test func aFindingOfARuleTheRunDoesNotDescribeGetsAResultWithoutRuleIndex() throws {
        let rules = Self.rules.filter { $0.id != "text-length" }
        let text = SARIFReporter(toolVersion: "1").report(Self.findings, rules: rules)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == Self.findings.count)
        #expect(results[4]["ruleId"] as? String == "text-length")
        #expect(results[4]["ruleIndex"] == nil)
        #expect(results.prefix(4).allSatisfy { $0["ruleIndex"] is Int })
    }

    /// The help that code-scanning tools render as Markdown escapes "$"; the plain help keeps it.
    @Test func sarifHelpMarkdownEscapesDollars() {
        let rule = RuleDescription(id: "money", summary: "Costs $5.", rationale: "From $5m to $750k.", severity: .info, scope: .question, examples: [])
        #expect(SARIFReporter.helpMarkdown(rule).contains(#"From \$5m to \$750k."#))
        #expect(SARIFReporter.helpText(rule).contains("From $5m to $750k."))
    }

    @Test func sarifFingerprintsIgnorePositionButCountRepeats() throws {
        var moved = Self.findings[3]
        moved.range = Self.range(40, 1, 40, 9)
        #expect(SARIFReporter.fingerprintHash(moved) == SARIFReporter.fingerprintHash(Self.findings[3]))
        var reworded = Self.findings[3]
        reworded.message += "!"
        #expect(SARIFReporter.fingerprintHash(reworded) != SARIFReporter.fingerprintHash(Self.findings[3]))
        var dotted = Self.findings[3]
        dotted.path = "./Banks//geo.yaml"
        #expect(SARIFReporter.fingerprintHash(dotted) == SARIFReporter.fingerprintHash(Self.findings[3]))

        let text = SARIFReporter(toolVersion: "1").report([Self.findings[3], moved], rules: [])
        let hash = SARIFReporter.fingerprintHash(moved)
        #expect(text.contains("\"\(SARIFReporter.fingerprintKey)\": \"\(hash):1\""))
        #expect(text.contains("\"\(SARIFReporter.fingerprintKey)\": \"\(hash):2\""))
    }

    /// Occurrences counted with the flat set of fingerprints seen once and counts for repeats are
    /// those of counting every fingerprint in a dictionary, through the set's growth.
    @Test func fingerprintOccurrencesAreThoseOfCountingEach() {
        var occurrences = FingerprintOccurrences()
        var plain: [String: Int] = [:]
        for index in 0..<20_000 {
            let finding = Finding(ruleID: index % 3 == 0 ? "whitespace" : "missing-explanation", severity: .warning,
                                  message: "question 'q\(index % 7 == 0 ? index % 50 : index)' has no explanation",
                                  path: index % 5 == 0 ? "b.yaml" : "a.yaml", range: Self.range(index + 1, 1, index + 1, 2))
            let (hash, occurrence) = occurrences.count(finding)
            #expect(hash == SARIFReporter.fingerprintHash(finding))
            plain[hash, default: 0] += 1
            #expect(occurrence == plain[hash])
        }
        #expect(plain.values.contains { $0 > 2 })
    }

    /// Hashes that share their high or low bits, and 0, are each found once.
    @Test func seenHashesAreASetOfHashes() {
        var seen = FingerprintOccurrences.SeenHashes()
        var plain = Set<UInt64>()
        var state: UInt64 = 17
        for index in 0..<30_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let hash: UInt64 = switch index % 4 {
            case 0: UInt64(index % 9_000)
            case 1: UInt64(index % 7_000) << 40
            case 2: state | 1
            default: UInt64(index % 11)
            }
            #expect(seen.insert(hash) == plain.insert(hash).inserted)
        }
    }

    @Test func sarifURIs() {
        #expect(SARIFReporter.artifactURI("Banks/geo.yaml") == ("Banks/geo.yaml", true))
        #expect(SARIFReporter.artifactURI("./Banks//my bank.yaml") == ("Banks/my%20bank.yaml", true))
        #expect(SARIFReporter.artifactURI("été 100%#?:,.yaml") == ("%C3%A9t%C3%A9%20100%25%23%3F%3A%2C.yaml", true))
        #expect(SARIFReporter.artifactURI("../other/b.yaml") == ("../other/b.yaml", true))
        #expect(SARIFReporter.artifactURI("/tmp/q b/b.yaml") == ("file:///tmp/q%20b/b.yaml", false))
    }

    @Test func sarifRuleNames() {
        #expect(SARIFReporter.upperCamelCase("unknown-key") == "UnknownKey")
        #expect(SARIFReporter.upperCamelCase("yaml-syntax") == "YamlSyntax")
        #expect(SARIFReporter.upperCamelCase("empty-bank") == "EmptyBank")
        #expect(SARIFReporter.upperCamelCase("alias-limit-2") == "AliasLimit2")
    }

    @Test func sarifRegionsAreNeverBelowOne() {
        let region = SARIFReporter.region(Self.range(0, 0, 0, 0))
        #expect(region == SARIFReporter.Region(startLine: 1, startColumn: 1, endLine: 1, endColumn: 1))
    }
}

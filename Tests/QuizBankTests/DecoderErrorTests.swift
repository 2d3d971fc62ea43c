import Foundation
import Testing
import QuizBank
import QuizYAML

/// A bank text whose first lines are a valid header, so each case shows only its own error.
private let header = "quizbank: 1\nid: test\ntitle: Test\nlocale: en\n"

private struct ErrorCase: CustomTestStringConvertible, Sendable {
    var name: String
    var yaml: String
    /// Every finding expected, as `rule@line:column`.
    var expected: [String]

    var testDescription: String { name }
}

private let cases: [ErrorCase] = [
    ErrorCase(name: "syntax: unclosed quote reported where it opens",
              yaml: header + "questions:\n  - id: a\n    text: \"Is it\n    answer: true\n",
              expected: ["yaml-syntax@7:11"]),
    ErrorCase(name: "syntax: bad indentation",
              yaml: header + "questions:\n  - id: a\n   text: x\n",
              expected: ["yaml-syntax@7:4"]),
    ErrorCase(name: "encoding: invalid UTF-8",
              yaml: header + "questions:\n  - id: a\n    text: caf\u{E9}\n    answer: true\n",
              expected: ["yaml-encoding@7:14"]),
    ErrorCase(name: "encoding: control character",
              yaml: header + "questions:\n  - id: a\n    text: bell\u{07}\n    answer: true\n",
              expected: ["yaml-encoding@7:15"]),
    ErrorCase(name: "duplicate key, both kept apart",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: true\n    text: y\n",
              expected: ["duplicate-key@9:5"]),
    ErrorCase(name: "second document",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: true\n---\nquizbank: 1\n",
              expected: ["multiple-documents@9:1"]),
    ErrorCase(name: "unknown alias",
              yaml: header + "questions:\n  - id: a\n    text: *nothing\n    answer: true\n",
              expected: ["unknown-alias@7:11"]),
    ErrorCase(name: "foreign tag",
              yaml: header + "questions:\n  - id: a\n    text: !secret x\n    answer: true\n",
              expected: ["unsupported-tag@7:11"]),
    ErrorCase(name: "unknown key with suggestion",
              yaml: header + "questions:\n  - id: a\n    txet: x\n    text: y\n    answer: true\n",
              expected: ["unknown-key@7:5"]),
    ErrorCase(name: "wrong type: list where a string goes",
              yaml: header + "questions:\n  - id: a\n    text: [x]\n    answer: true\n",
              expected: ["wrong-type@7:11"]),
    ErrorCase(name: "wrong type: yes is not a boolean",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: yes\n",
              expected: ["wrong-type@8:13"]),
    ErrorCase(name: "wrong type: quoted true is a string",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: \"true\"\n",
              expected: ["wrong-type@8:13"]),
    ErrorCase(name: "wrong type: quoted number",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: true\n    difficulty: \"2\"\n",
              expected: ["wrong-type@9:17"]),
    ErrorCase(name: "missing text",
              yaml: header + "questions:\n  - id: a\n    answer: true\n",
              expected: ["missing-field@6:5"]),
    ErrorCase(name: "missing bank title",
              yaml: "quizbank: 1\nid: test\nlocale: en\nquestions:\n  - id: a\n    text: x\n    answer: true\n",
              expected: ["missing-field@1:1"]),
    ErrorCase(name: "unsupported version",
              yaml: "quizbank: 2\nid: test\ntitle: T\nlocale: en\nquestions:\n  - id: a\n    text: x\n    answer: true\n",
              expected: ["unsupported-version@1:11"]),
    ErrorCase(name: "kind conflict: both answer and choices",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: true\n    choices: [a, {text: b, correct: true}]\n",
              expected: ["kind-conflict@9:14"]),
    ErrorCase(name: "kind conflict: neither",
              yaml: header + "questions:\n  - id: a\n    text: x\n",
              expected: ["kind-conflict@6:5"]),
    ErrorCase(name: "choice count: nine",
              yaml: header + "questions:\n  - id: a\n    text: x\n    choices: [a, b, c, d, e, f, g, h, {text: i, correct: true}]\n",
              expected: ["choice-count@8:14"]),
    ErrorCase(name: "no correct choice",
              yaml: header + "questions:\n  - id: a\n    text: x\n    choices: [a, b]\n",
              expected: ["no-correct-choice@8:14"]),
    ErrorCase(name: "duplicate question id",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: true\n  - id: a\n    text: y\n    answer: false\n",
              expected: ["duplicate-id@9:9"]),
    ErrorCase(name: "undeclared topic",
              yaml: header + "topics:\n  stars: {title: Stars}\nquestions:\n  - id: a\n    topic: start\n    text: x\n    answer: true\n",
              expected: ["undeclared-topic@9:12"]),
    ErrorCase(name: "exam size beyond the questions",
              yaml: header + "exam:\n  size: 3\nquestions:\n  - id: a\n    text: x\n    answer: true\n",
              expected: ["exam-range@6:9"]),
    ErrorCase(name: "passing score above 1",
              yaml: header + "exam:\n  passing-score: 70\nquestions:\n  - id: a\n    text: x\n    answer: true\n",
              expected: ["exam-range@6:18"]),
    ErrorCase(name: "demo limit above size",
              yaml: header + "exam:\n  size: 1\n  demo-limit: 2\nquestions:\n  - id: a\n    text: x\n    answer: true\n",
              expected: ["exam-range@7:15"]),
    ErrorCase(name: "difficulty out of range",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: true\n    difficulty: 0\n",
              expected: ["value-range@9:17"]),
    ErrorCase(name: "invalid question id",
              yaml: header + "questions:\n  - id: Question One\n    text: x\n    answer: true\n",
              expected: ["invalid-id@6:9"]),
    ErrorCase(name: "invalid locale tag",
              yaml: "quizbank: 1\nid: test\ntitle: T\nlocale: english\nquestions:\n  - id: a\n    text: x\n    answer: true\n",
              expected: ["invalid-locale@4:9"]),
    ErrorCase(name: "translation missing the source locale",
              yaml: header + "locales: [en, de]\nquestions:\n  - id: a\n    text: {de: Ja}\n    answer: true\n",
              expected: ["missing-source-locale@8:11"]),
    ErrorCase(name: "undeclared locale",
              yaml: header + "questions:\n  - id: a\n    text: {en: Yes, de: Ja}\n    answer: true\n",
              expected: ["undeclared-locale@7:21"]),
    ErrorCase(name: "empty text",
              yaml: header + "questions:\n  - id: a\n    text: \"  \"\n    answer: true\n",
              expected: ["empty-text@7:11"]),
    ErrorCase(name: "null text",
              yaml: header + "questions:\n  - id: a\n    text:\n    answer: true\n",
              expected: ["empty-text@7:10"]),
    ErrorCase(name: "absolute image path",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: true\n    image: /etc/passwd\n    image-alt: a file\n",
              expected: ["image-path@9:12"]),
    ErrorCase(name: "image path leaving the root",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: true\n    image: ../../secret.png\n    image-alt: a file\n",
              expected: ["image-path@9:12"]),
    ErrorCase(name: "image without alt text",
              yaml: header + "questions:\n  - id: a\n    text: x\n    answer: true\n    image: sun.png\n",
              expected: ["missing-field@9:12"]),
    ErrorCase(name: "empty questions",
              yaml: header + "questions: []\n",
              expected: ["empty-bank@5:12"]),
    ErrorCase(name: "questions with nothing after it",
              yaml: header + "questions:\n",
              expected: ["empty-bank@5:11"]),
    ErrorCase(name: "empty file",
              yaml: "",
              expected: ["empty-bank@1:1"]),
    ErrorCase(name: "a file of comments only",
              yaml: "# a bank to come\n\n",
              expected: ["empty-bank@1:1"]),
    ErrorCase(name: "root is a list",
              yaml: "- a\n- b\n",
              expected: ["wrong-type@1:1"]),
]

@Suite struct DecoderErrorTests {
    @Test(arguments: cases)
    fileprivate func reportsRuleAndPlace(_ errorCase: ErrorCase) {
        var bytes = Array(errorCase.yaml.utf8)
        if errorCase.name.contains("invalid UTF-8"), let index = bytes.firstIndex(of: 0xC3) {
            bytes.replaceSubrange(index...(index + 1), with: [0xE9])
        }
        let result = BankDecoder().decode(bytes, path: "test.yaml")
        let found = result.findings.map { "\($0.ruleID)@\($0.range.start.line):\($0.range.start.column)" }
        #expect(found == errorCase.expected)
        #expect(result.findings.allSatisfy { $0.severity == .error && $0.path == "test.yaml" })
    }

    @Test func collectsEveryErrorNotOnlyTheFirst() {
        let yaml = header + "questions:\n  - id: a\n    text: x\n    answer: yes\n  - id: B\n    text: y\n    answer: true\n  - id: c\n    text: z\n"
        let result = BankDecoder().decode(Array(yaml.utf8), path: "t.yaml")
        #expect(result.findings.map(\.ruleID) == ["wrong-type", "invalid-id", "kind-conflict"])
    }

    @Test func unknownKeySuggestsTheNearestKnownKey() {
        let yaml = header + "questions:\n  - id: a\n    text: x\n    answer: true\n    explanaton: because\n"
        let finding = BankDecoder().decode(Array(yaml.utf8), path: "t.yaml").findings.first
        #expect(finding?.suggestion == "explanation")
        #expect(finding?.message.contains("did you mean 'explanation'?") == true)
    }

    @Test func duplicateKeyNamesBothPlaces() {
        let yaml = header + "questions:\n  - id: a\n    text: x\n    answer: true\n    text: y\n"
        let finding = BankDecoder().decode(Array(yaml.utf8), path: "t.yaml").findings.first
        #expect(finding?.range.start == SourceMark(line: 9, column: 5))
        #expect(finding?.related.first?.range.start == SourceMark(line: 7, column: 5))
    }

    @Test func aliasBombIsRefusedQuickly() {
        var yaml = header + "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let clock = ContinuousClock()
        var result: DecodeResult?
        let elapsed = clock.measure { result = BankDecoder().decode(Array(yaml.utf8), path: "bomb.yaml") }
        #expect(result?.findings.map(\.ruleID) == ["alias-limit"])
        #expect(elapsed < .seconds(1))
    }

    @Test func deepNestingStopsAtTheLimitWithoutOverflow() {
        let depth = 200_000
        let yaml = header + "questions: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        let result = BankDecoder().decode(Array(yaml.utf8), path: "deep.yaml")
        #expect(result.findings.map(\.ruleID) == ["depth-limit"])
    }

    @Test func utf16IsRefused() {
        let result = BankDecoder().decode([0xFF, 0xFE, 0x71, 0x00], path: "u16.yaml")
        #expect(result.findings.map(\.ruleID) == ["yaml-encoding"])
    }

    @Test func bomAndCRLFAreAcceptedWithTheSamePositions() {
        let plain = header + "questions:\n  - id: a\n    text: x\n    answer: maybe\n"
        let crlf = [0xEF, 0xBB, 0xBF] + Array(plain.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let a = BankDecoder().decode(Array(plain.utf8), path: "t.yaml").findings
        let b = BankDecoder().decode(crlf, path: "t.yaml").findings
        #expect(a.count == 1)
        #expect(a.map(\.range) == b.map(\.range))
    }

    @Test func aliasesWithinBudgetExpand() {
        let yaml = header + "questions:\n  - id: a\n    text: &t Shared text\n    answer: true\n  - id: b\n    text: *t\n    answer: false\n"
        let result = BankDecoder().decode(Array(yaml.utf8), path: "t.yaml")
        #expect(result.findings.isEmpty)
        #expect(result.bank?.questions.map { $0.text.source("en") } == ["Shared text", "Shared text"])
    }

    @Test func columnsCountUnicodeScalars() {
        let yaml = header + "questions:\n  - id: a\n    text: \"Olá 🌍\"\n    answer: sim\n"
        let finding = BankDecoder().decode(Array(yaml.utf8), path: "t.yaml").findings.first
        #expect(finding?.range.start == SourceMark(line: 8, column: 13))
        #expect(finding?.range.end == SourceMark(line: 8, column: 16))
    }

    @Test func imagePathThroughSymlinkOutsideTheRootIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quizbank-symlink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("images/escape.png").path, withDestinationPath: "/etc/hostname")
        let yaml = header + "images: images/\nquestions:\n  - id: a\n    text: x\n    answer: true\n    image: escape.png\n    image-alt: x\n"
        let path = folder.appendingPathComponent("bank.yaml").path
        let findings = BankDecoder().decode(Array(yaml.utf8), path: path).findings
        #expect(findings.map(\.ruleID) == ["image-path"])
        #expect(findings.first?.message.contains("symbolic link") == true)
    }
}

/// The editor schema and the decoder agree: every bank the schema must reject, the decoder rejects.
@Suite struct SchemaFixtureTests {
    @Test func everyInvalidSchemaFixtureHasADecoderError() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("schema/invalid-banks")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        try #require(files.count >= 10)
        for file in files {
            let path = folder.appendingPathComponent(file).path
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let result = BankDecoder().decode(bytes, path: path)
            #expect(result.hasErrors, "\(file) passes the decoder but not the schema")
        }
    }
}

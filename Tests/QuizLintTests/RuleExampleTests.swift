import Foundation
import Testing
import QuizBank
import QuizYAML
@testable import QuizLint
@testable import QuizRules

/// Runs every example of every rule: a triggering example must be reported exactly at its `↓`
/// marks (line and column), a passing one must not be reported.
@Suite struct RuleExampleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: RuleDescription
        var index: Int
        var testDescription: String { "\(rule.id) example \(index + 1)" }
    }

    static let cases: [Case] = RuleRegistry.descriptions.flatMap { rule in
        rule.examples.indices.map { Case(rule: rule, index: $0) }
    }

    /// The findings of `rule` when its example is linted from a fresh folder.
    static func findings(of rule: RuleDescription, example: RuleExample) throws -> [Finding] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quizbank-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, file) in example.files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        let path = folder.appendingPathComponent("bank.yaml").path
        var configuration = Configuration()
        if !rule.isFormatRule {
            configuration.rules[rule.id] = Configuration.RuleSetting(severity: nil, isOff: false, options: example.options)
        }
        let others = example.files.keys.filter { $0.hasSuffix(".yaml") }.sorted().map { name in
            LintInput(path: folder.appendingPathComponent(name).path, bytes: example.files[name]?.bytes ?? [], configuration: configuration)
        }
        let result = LintEngine().lint([LintInput(path: path, bytes: Array(example.bank.utf8), configuration: configuration)] + others)
        return result.findings.filter { $0.ruleID == rule.id && $0.path == path }
    }

    @Test(arguments: cases)
    func exampleBehavesAsDeclared(_ testCase: Case) throws {
        let example = testCase.rule.examples[testCase.index]
        let found = try Self.findings(of: testCase.rule, example: example)
        let places = found.map { RuleExample.Mark(line: Int($0.range.start.line), column: Int($0.range.start.column)) }
        if example.triggers {
            #expect(!found.isEmpty, "\(testCase.rule.id) did not report its triggering example")
            #expect(places == example.marks, "\(testCase.rule.id) reported at \(places), not at the marks \(example.marks)")
        } else {
            #expect(found.isEmpty, "\(testCase.rule.id) reported its passing example: \(found.map(\.message))")
        }
    }

    @Test func everyRuleIsDocumentedWithBothKindsOfExample() {
        for rule in RuleRegistry.descriptions {
            #expect(rule.examples.contains { $0.triggers }, "\(rule.id) has no triggering example")
            #expect(rule.examples.contains { !$0.triggers }, "\(rule.id) has no passing example")
            #expect(!rule.summary.isEmpty && !rule.rationale.isEmpty, "\(rule.id) is not documented")
            #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" || $0.isNumber }, "\(rule.id) is not kebab-case")
        }
        let ids = RuleRegistry.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count, "rule ids repeat")
    }

    /// A triggering example says where it is reported, and a passing one has no marks (a mark
    /// there would be shown to users as text).
    @Test func examplesMarkExactlyTheirFindings() {
        for rule in RuleRegistry.descriptions {
            for (index, example) in rule.examples.enumerated() {
                if example.triggers {
                    #expect(!example.marks.isEmpty, "\(rule.id) example \(index + 1) marks no place with ↓")
                } else {
                    #expect(example.marks.isEmpty, "\(rule.id) example \(index + 1) passes but has a ↓ mark")
                }
                #expect(!example.bank.unicodeScalars.contains(RuleExample.marker))
            }
        }
    }

    @Test func marksAreTakenOutOfTheText() {
        let example = RuleExample.triggering("a: ↓b\n↓↓c\n  ↓")
        #expect(example.bank == "a: b\nc\n  ")
        #expect(example.marks == [.init(line: 1, column: 4), .init(line: 2, column: 1), .init(line: 2, column: 1), .init(line: 3, column: 3)])
        #expect(example.lines == [1, 2, 2, 3])
        let questions = RuleExample.passing(questions: "  - id: q\n")
        #expect(questions.bank == "quizbank: 1\nid: demo\ntitle: Demo\nlocale: en\nquestions:\n  - id: q\n")
        #expect(questions.marks.isEmpty)
    }

    /// An example's options are options of its rule: a misspelt key would run the example with
    /// the defaults.
    @Test func exampleOptionsAreDeclaredOptions() {
        for rule in RuleRegistry.descriptions {
            let declared = Set(rule.options.map(\.name))
            for (index, example) in rule.examples.enumerated() {
                let unknown = Set(example.options.keys).subtracting(declared)
                #expect(unknown.isEmpty, "\(rule.id) example \(index + 1) sets undeclared options \(unknown.sorted())")
            }
        }
    }

    @Test func everyDecoderRuleIdIsDocumented() {
        let documented = Set(RuleRegistry.descriptions.filter(\.isFormatRule).map(\.id))
        let reported = Set(FormatRule.allCases.map(\.rawValue) + YAMLProblem.Kind.allCases.map(\.rawValue))
        #expect(reported.subtracting(documented).isEmpty, "undocumented: \(reported.subtracting(documented).sorted())")
    }
}

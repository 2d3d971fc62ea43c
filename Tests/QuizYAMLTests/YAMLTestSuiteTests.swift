import Foundation
import Testing
@testable import QuizYAML

/// The wrapper against the YAML test suite: event streams, rejected inputs, and loaded data.
@Suite struct YAMLTestSuiteTests {
    /// What happened with one test of the suite; nil when it agreed with the suite.
    static func disagreement(_ testCase: String) -> String? {
        guard let input = Corpus.file(testCase, "in.yaml") else { return "no in.yaml" }
        let mustFail = Corpus.file(testCase, "error") != nil
        var events: [String] = []
        do {
            try YAMLEventParser.parse(input) { event, _ in events.append(testSuiteNotation(event)) }
        } catch {
            return mustFail ? nil : "rejected valid input: \(error.message) at \(error.range.start)"
        }
        if mustFail { return "accepted input the suite marks as an error" }
        let expected = String(decoding: Corpus.file(testCase, "test.event") ?? [], as: UTF8.self)
            .split(separator: "\n").map(String.init)
        if events != expected {
            let index = zip(events, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(events.count, expected.count)
            let ours = index < events.count ? events[index] : "(end)"
            let theirs = index < expected.count ? expected[index] : "(end)"
            return "event \(index + 1): got \(ours), expected \(theirs)"
        }
        guard let json = Corpus.file(testCase, "in.json") else { return nil }
        var loader = YAMLLoader()
        loader.allowMultipleDocuments = true
        loader.acceptsAnyTag = true
        do {
            let documents = try loader.load(input).documents.map { $0.map(JSONValue.init) ?? .null }
            let expectedValues = try JSONValue.parseStream(String(decoding: json, as: UTF8.self))
            return documents == expectedValues ? nil : "loaded \(documents), in.json has \(expectedValues)"
        } catch let problem as YAMLProblem {
            return "loader rejected it: \(problem.message)"
        } catch {
            return "in.json unreadable"
        }
    }

    /// Cases libyaml 0.2.5 gets wrong, each with why (`CASE  reason` a line).
    static func knownFailures() -> [String: String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("libyaml-known-failures.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if let name = parts.first { result[String(name)] = parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : "" }
        }
        return result
    }

    @Test func everyCaseAgreesWithTheSuiteOrIsAKnownLibyamlFailure() throws {
        let cases = Corpus.yamlTestCases()
        try #require(cases.count > 300, "the YAML test suite was not found at \(Corpus.yamlTestSuite.path)")
        let known = Self.knownFailures()
        var unexpected: [String] = []
        var stale: [String] = []
        for testCase in cases {
            let problem = Self.disagreement(testCase)
            switch (problem, known[testCase]) {
            case (nil, nil): break
            case (let problem?, nil): unexpected.append("\(testCase): \(problem)")
            case (nil, _?): stale.append(testCase)
            case (_?, _?): break
            }
        }
        #expect(unexpected.isEmpty, "cases that disagree with the suite:\n\(unexpected.joined(separator: "\n"))")
        #expect(stale.isEmpty, "listed as known libyaml failures but now pass (remove them): \(stale.joined(separator: ", "))")
        let unknownNames = Set(known.keys).subtracting(cases)
        #expect(unknownNames.isEmpty, "known-failure entries that name no test: \(unknownNames.sorted())")
    }

    /// The suite as published links each test from `name/` and `tags/`; each is read once.
    @Test func linksToTestFoldersAreNotCountedAgain() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("suite-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root) }
        for folder in ["229Q", "2G84/00", "2G84/01", "name", "tags/sequence"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for test in ["229Q", "2G84/00", "2G84/01"] {
            try Data("a: 1\n".utf8).write(to: root.appendingPathComponent("\(test)/in.yaml"))
        }
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("name/spec-example").path, withDestinationPath: "../229Q")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("name/two-parts").path, withDestinationPath: "../2G84")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("tags/sequence/229Q").path, withDestinationPath: "../../229Q")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("linked").path, withDestinationPath: "229Q")
        #expect(Corpus.yamlTestCases(in: root) == ["229Q", "2G84/00", "2G84/01"])
    }
}

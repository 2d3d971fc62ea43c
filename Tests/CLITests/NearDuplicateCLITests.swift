import Foundation
import TestSupport
import Testing

/// `quizbank lint` reports a rewording under the threshold and a true statement of a choice
/// question, across two banks, and leaves template siblings with the same answer alone.
@Suite struct NearDuplicateCLITests {
    static let capitals = """
        quizbank: 1
        id: capitals
        title: Capitals
        locale: en
        questions:
          - id: iceland
            text: What is the capital of Iceland?
            choices:
              - text: Reykjavik
                correct: true
              - Oslo
          - id: ohio
            text: What is the state beverage of Ohio?
            choices:
              - text: Milk
                correct: true
              - Tomato juice
        """
    static let more = """
        quizbank: 1
        id: more
        title: More
        locale: en
        questions:
          - id: iceland-city
            text: What is the capital and largest city of Iceland?
            choices:
              - Helsinki
              - text: Reykjavik
                correct: true
          - id: iceland-statement
            text: Reykjavik is the capital of Iceland.
            answer: true
          - id: vermont
            text: What is the state beverage of Vermont?
            choices:
              - Maple sap
              - text: Milk
                correct: true
        """

    @Test func rewordingsAndStatementsAcrossBanks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("capitals.yaml", Self.capitals)
        try scratch.write("more.yaml", Self.more)
        let run = try Run(["lint", "--select", "near-duplicate-question", "--format", "json", "capitals.yaml", "more.yaml"], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding["path"] as? String == "capitals.yaml")
        #expect(finding["line"] as? Int == 6)
        #expect((finding["message"] as? String)?.hasPrefix("question 'iceland' is nearly the same as 2 other questions with the same answer") == true)
        let related = try #require(finding["related"] as? [[String: Any]])
        #expect(related.map { $0["path"] as? String } == ["more.yaml", "more.yaml"])
        #expect(related.map { $0["line"] as? Int } == [6, 12])

        let text = try Run(["lint", "--select", "near-duplicate-question", "capitals.yaml", "more.yaml"], in: scratch.url)
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("capitals.yaml:6:9: warning: question 'iceland' is nearly the same as 2 other questions"))
        #expect(!text.stdout.contains("'ohio'"))
    }
}

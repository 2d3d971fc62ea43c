import Foundation
import QuizBank
@testable import QuizCompile
import Testing

/// Choices may carry an `id` (docs/bank-format.md): unique within the question, checked as a
/// question id is, and carried into the compiled JSON only where it is given.
@Suite struct ChoiceIDTests {
    private func bank(_ choices: String) -> String {
        """
        quizbank: 1
        id: planets
        title: Planets
        locale: en
        questions:
          - id: largest
            text: Which is the largest planet?
            choices:
        \(choices)
        """
    }

    @Test func idsAreDecodedWhereGiven() throws {
        let decoded = BankDecoder().decode(Array(bank("      - {id: mars, text: Mars}\n      - {text: Jupiter, correct: true}\n      - Venus").utf8), path: "b.yaml")
        #expect(decoded.findings.isEmpty, "\(decoded.findings.map(\.message))")
        let choices = try #require(decoded.bank?.questions.first?.choices)
        #expect(choices.map { $0.id?.value } == ["mars", nil, nil])
        #expect(choices[0].id?.range.start.line == 9)
    }

    @Test func aDuplicateIDIsAFormatErrorNamingTheFirstUse() {
        let decoded = BankDecoder().decode(Array(bank("      - {id: a, text: Mars}\n      - {id: a, text: Jupiter, correct: true}").utf8), path: "b.yaml")
        let finding = decoded.findings.first { $0.ruleID == FormatRule.duplicateID.rawValue }
        #expect(finding?.message == "choice id 'a' is used twice in this question")
        #expect(finding?.range.start.line == 10)
        #expect(finding?.related.first?.range.start.line == 9)
        #expect(decoded.hasErrors)
    }

    @Test func anInvalidIDIsAFormatError() {
        let decoded = BankDecoder().decode(Array(bank("      - {id: Mars!, text: Mars}\n      - {text: Jupiter, correct: true}").utf8), path: "b.yaml")
        let finding = decoded.findings.first { $0.ruleID == FormatRule.invalidID.rawValue }
        #expect(finding?.message.hasPrefix("'Mars!' is not a valid choice id") == true)
        #expect(finding?.range.start.line == 9 && finding?.range.start.column == 14)
    }

    @Test func theCompiledJSONCarriesTheIDsGiven() throws {
        let decoded = BankDecoder().decode(Array(bank("      - {id: mars, text: Mars, feedback: Too small.}\n      - {text: Jupiter, correct: true}").utf8), path: "b.yaml")
        let bank = try #require(decoded.bank)
        let json = String(decoding: try #require(Compiler().compile(bank).documents.first).bytes, as: UTF8.self)
        #expect(json.contains(#""choices":[{"id":"mars","text":"Mars","feedback":"Too small."},{"text":"Jupiter"}]"#), "\(json)")
    }
}

import Foundation
import QuizBank
import QuizCompile
@testable import QuizBankKit
import Testing

/// Choice ids in the compiled JSON: decoded where given, absent elsewhere, and refused when a
/// question uses one twice.
@Suite struct ChoiceIDLoadingTests {
    private func compiled(_ choices: String) throws -> Data {
        let yaml = """
            quizbank: 1
            id: planets
            title: Planets
            locale: en
            questions:
              - id: largest
                text: Which is the largest planet?
                choices: \(choices)
            """
        let result = Compiler().compile(Array(yaml.utf8), path: "planets.yaml")
        #expect(!result.hasErrors, "\(result.findings.map(\.message))")
        return Data(try #require(result.documents.first).bytes)
    }

    @Test func idsLoadWhereTheBankGivesThem() throws {
        let bank = try CompiledBank.load(from: try compiled("[{id: mars, text: Mars}, {text: Jupiter, correct: true}]"), file: "planets.en.json")
        let choices = try #require(bank.questions.first?.choiceSet?.choices)
        #expect(choices.map(\.id) == ["mars", nil])
    }

    @Test func aRepeatedIDIsRefused() throws {
        let data = try rehashed(try compiled("[{id: mars, text: Mars}, {id: jupiter, text: Jupiter, correct: true}]")) {
            $0.replacingOccurrences(of: #""id":"jupiter""#, with: #""id":"mars""#)
        }
        let error = #expect(throws: LoadError.self) { try CompiledBank.load(from: data, file: "planets.en.json") }
        #expect(error.map { "\($0)" }?.contains("a choice id is used twice") == true, "\(String(describing: error))")
    }
}

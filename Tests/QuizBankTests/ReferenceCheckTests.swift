import Testing
@testable import QuizBank
import QuizYAML

/// The whole-bank checks (duplicate ids, undeclared topics) find strings by a hash computed
/// while decoding; they must report exactly what a plain dictionary would.
@Suite struct ReferenceCheckTests {
    @Test func duplicateIDsAndUndeclaredTopicsMatchADictionary() {
        // Ids repeat at scattered distances (some three times); topics are declared or not.
        var ids: [String] = []
        var topics: [String] = []
        var text = "quizbank: 1\nid: refs\ntitle: Refs\nlocale: en\ntopics:\n  space: {title: Space}\n  time: {title: Time}\nquestions:\n"
        for index in 0..<3_000 {
            let id = index % 10 == 9 ? ids[index * 7_919 % ids.count] : "q\(index)"
            let topic = ["space", "time", "tide", "spaces"][index * 31 % 7 % 4]
            ids.append(id)
            topics.append(topic)
            text += "  - id: \(id)\n    topic: \(topic)\n    text: \"Question \(index)?\"\n    answer: true\n"
        }
        let result = BankDecoder().decode(Array(text.utf8), path: "refs.yaml")

        var firstLine: [String: Int] = [:]
        var expected: [String] = []
        for (index, id) in ids.enumerated() {
            let line = 9 + 4 * index
            if let first = firstLine[id] {
                expected.append("duplicate-id@\(line) first@\(first)")
            } else {
                firstLine[id] = line
            }
            if topics[index] != "space" && topics[index] != "time" { expected.append("undeclared-topic@\(line + 1)") }
        }
        let found = result.findings.map { finding in
            finding.ruleID == "duplicate-id"
                ? "duplicate-id@\(finding.range.start.line) first@\(finding.related.first?.range.start.line ?? 0)"
                : "\(finding.ruleID)@\(finding.range.start.line)"
        }
        #expect(found.sorted() == expected.sorted())
        #expect(expected.count > 300)
    }
}

/// The questions a large bank keeps: a successor's are moved over in the order they came,
/// after the maker's, also when the maker's storage must grow for them.
@Suite struct KeptQuestionsTests {
    private func question(_ index: Int) -> Question {
        let range = SourceRange(at: SourceMark(line: index + 1, column: 1))
        return Question(id: Located("q\(index)", range), range: range, kind: .trueFalse, topic: nil, difficulty: nil,
                        tags: ["tag \(index)"], text: LocalizedText("Is \(index) a number, and is this text long?", range: range),
                        answer: Located(true, range), choices: [], shuffle: nil, explanation: nil, hints: [], image: nil,
                        imageAlt: nil)
    }

    @Test func questionsComeOutInOrderAcrossGrowth() throws {
        for bankSize in [0, 1 << 20] {
            var kept = KeptQuestions(bankSize: bankSize)
            for index in 0..<600 { kept.add(question(index)) }
            var successor = try #require(kept.successor())
            for index in 600..<10_000 { successor.add(question(index)) }
            kept.append(successor)
            #expect(kept.questions.count == 10_000)
            for (index, question) in kept.questions.enumerated() {
                #expect(question.id.value == "q\(index)" && question.tags == ["tag \(index)"])
            }
        }
    }
}

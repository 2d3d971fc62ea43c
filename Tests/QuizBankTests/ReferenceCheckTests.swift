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

/// The queue the second part's questions wait in: moved out in the order they went in, across
/// its growing, and those never taken freed with it.
@Suite struct QuestionQueueTests {
    private func question(_ index: Int) -> Question {
        let range = SourceRange(at: SourceMark(line: index + 1, column: 1))
        return Question(id: Located("q\(index)", range), range: range, kind: .trueFalse, topic: nil, difficulty: nil,
                        tags: ["tag \(index)"], text: LocalizedText("Is \(index) a number, and is this text long?", range: range),
                        answer: Located(true, range), choices: [], shuffle: nil, explanation: nil, hints: [], image: nil,
                        imageAlt: nil)
    }

    @Test func questionsComeOutInOrderAcrossGrowth() {
        let queue = QuestionQueue()
        for index in 0..<1_000 { queue.append(question(index)) }
        #expect(queue.count == 1_000)
        for index in 0..<600 {
            let taken = queue.takeNext()
            #expect(taken.id.value == "q\(index)" && taken.tags == ["tag \(index)"])
        }
        // More after some were taken: the untaken ones move when the storage grows.
        for index in 1_000..<2_000 { queue.append(question(index)) }
        for index in 600..<1_500 { #expect(queue.takeNext().id.value == "q\(index)") }
        // 500 are left for the queue to free.
    }
}

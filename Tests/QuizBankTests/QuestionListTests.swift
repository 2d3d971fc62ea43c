import Foundation
import Testing
@testable import QuizBank
import QuizYAML
import TestSupport

/// `QuestionList` keeps most questions as small records and makes each `Question` again when
/// read: every question reads back equal to the one appended, whichever way it was kept.
@Suite struct QuestionListTests {
    static func decoded(_ url: URL) throws -> [Question] {
        let bytes = Array(try Data(contentsOf: url))
        var plain = PlainQuestions()
        _ = BankDecoder().decode(bytes, path: url.path, to: &plain)
        return plain.questions
    }

    /// The decoder's questions as a plain array, for comparison with the kept list.
    struct PlainQuestions: QuestionConsumer {
        var questions: [Question] = []
        mutating func add(_ question: Question) { questions.append(question) }
    }

    static var banks: [URL] {
        let manager = FileManager.default
        return ["Banks", "Templates", "Tests/Data/opentriviaqa"].flatMap { folder -> [URL] in
            let url = TestRepository.root.appendingPathComponent(folder)
            let names = (manager.enumerator(atPath: url.path)?.allObjects as? [String]) ?? []
            return names.filter { $0.hasSuffix(".yaml") }.sorted().map { url.appendingPathComponent($0) }
        }
    }

    @Test func theBanksQuestionsReadBackEqualAsKept() throws {
        let banks = Self.banks
        #expect(banks.count > 10)
        var questionCount = 0, wholeCount = 0
        for url in banks {
            let plain = try Self.decoded(url)
            let kept = try #require(BankDecoder().decode(Array(try Data(contentsOf: url)), path: url.path).bank).questions
            #expect(kept.count == plain.count, "\(url.lastPathComponent)")
            for index in plain.indices where kept[index] != plain[index] {
                Issue.record("\(url.lastPathComponent): question \(index) reads back different")
            }
            #expect(plain.indices.allSatisfy { kept.range(at: $0) == plain[$0].range && kept.lowestMark(at: $0) == plain[$0].lowestMark })
            questionCount += plain.count
            wholeCount += kept.wholeCount
        }
        // The templates show every field, translations and choice feedback: some are kept whole,
        // but most questions of the banks are plain enough for a record.
        #expect(wholeCount > 0)
        #expect(wholeCount * 10 < questionCount)
    }

    /// Questions that do not fit a record: translated texts, a choice's id or feedback, more
    /// choices than the record counts, columns past 16 bits, a field before the question (an
    /// alias); and ones that fit, with and without their optional fields.
    @Test func everyFormReadsBackEqual() throws {
        func range(_ line: Int, _ column: Int, _ endLine: Int? = nil, _ endColumn: Int? = nil) -> SourceRange {
            SourceRange(start: SourceMark(line: line, column: column), end: SourceMark(line: endLine ?? line, column: endColumn ?? column + 4))
        }
        func choice(_ text: String, _ line: Int, correct: Bool = false, column: Int = 9) -> Choice {
            Choice(id: nil, text: LocalizedText(text, range: range(line, column)), correct: correct, feedback: nil, range: range(line, column - 2))
        }
        func question(line: Int, text: LocalizedText? = nil, choices: [Choice]? = nil, answer: Located<Bool>? = nil) -> Question {
            Question(id: Located("q\(line)", range(line, 9)), range: range(line, 5, line + 6, 1), kind: answer == nil ? .singleChoice : .trueFalse,
                     topic: nil, difficulty: nil, tags: [], text: text ?? LocalizedText("Which one?", range: range(line + 1, 11)),
                     answer: answer, choices: choices ?? (answer == nil ? [choice("Red", line + 3, correct: true), choice("Blue", line + 4)] : []),
                     shuffle: nil, explanation: nil, hints: [], image: nil, imageAlt: nil)
        }
        var withFields = question(line: 200)
        withFields.topic = Located("colours", range(201, 12))
        withFields.explanation = LocalizedText("Because.", range: range(205, 18))
        withFields.hints = [LocalizedText("Look.", range: range(206, 10))]
        var withFeedback = question(line: 300)
        withFeedback.choices[1].feedback = LocalizedText("No.", range: range(305, 20))
        var withChoiceID = question(line: 400)
        withChoiceID.choices[0].id = Located("red", range(403, 13))
        let translated = LocalizedText(.translated([LocalizedText.Entry(locale: "en", text: "Which?", range: range(501, 15), localeRange: range(501, 11)),
                                                    LocalizedText.Entry(locale: "es", text: "¿Cuál?", range: range(502, 15), localeRange: range(502, 11))]),
                                       range: range(501, 11, 502, 22))
        let written: [(Question, fits: Bool)] = [
            (question(line: 10), true),
            (question(line: 20, answer: Located(false, range(22, 13))), true),
            (question(line: 30, answer: Located(true, range(32, 13))), true),
            (question(line: 40, choices: (0..<16).map { choice("c\($0)", 43 + $0, correct: $0 == 15) }), true),
            (question(line: 100, choices: (0..<17).map { choice("c\($0)", 103 + $0, correct: $0 == 16) }), false),
            (question(line: 150, text: LocalizedText("Long line?", range: range(151, 70_000))), false),
            (question(line: 160, text: LocalizedText("Far below?", range: range(160 + 70_000, 11))), false),
            (question(line: 170, text: LocalizedText("Aliased?", range: range(12, 11))), false),
            (withFields, true),
            (withFeedback, false),
            (withChoiceID, false),
            (question(line: 500, text: translated), false),
        ]
        var list = QuestionList()
        for (question, _) in written { list.append(question) }
        var later = QuestionList(written.map(\.0))
        list.append(contentsOf: later)
        later = []
        #expect(later.isEmpty)
        #expect(list.count == 2 * written.count)
        for (index, (question, _)) in (written + written).enumerated() {
            #expect(list[index] == question, "question \(index)")
            #expect(list.range(at: index) == question.range)
            #expect(list.lowestMark(at: index) == question.lowestMark)
        }
        #expect(list.wholeCount == 2 * written.filter { !$0.fits }.count)
        #expect(list[7].text.range.start.line == 12)
    }

    @Test func aRecordIsSmallerThanAQuestion() {
        #expect(MemoryLayout<QuestionList.Record>.stride <= 72)
        #expect(MemoryLayout<QuestionList.ChoiceRecord>.stride <= 32)
    }
}

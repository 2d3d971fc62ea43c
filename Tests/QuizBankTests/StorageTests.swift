import Testing
import QuizBank
import QuizYAML

/// A large bank holds millions of questions, choices and findings: the fields most of them
/// leave out live in boxes of their own, and reading, writing and comparing them works as if
/// they were stored inline.
@Suite struct StorageTests {
    static let range = SourceRange(start: SourceMark(line: 3, column: 5), end: SourceMark(line: 3, column: 9))

    @Test func questionsAndChoicesWithoutTheirOptionalFieldsAreSmall() {
        #expect(MemoryLayout<Question>.stride <= 128)
        #expect(MemoryLayout<Choice>.stride <= 64)
    }

    @Test func aQuestionsOptionalFieldsReadBackAsWritten() {
        let text = LocalizedText("Why?", range: Self.range)
        var question = Question(id: Located("q1", Self.range), range: Self.range, kind: .trueFalse, topic: nil, difficulty: nil,
                                tags: [], text: text, answer: Located(true, Self.range), choices: [], shuffle: nil, explanation: nil,
                                hints: [], image: nil, imageAlt: nil)
        #expect(question.topic == nil && question.difficulty == nil && question.tags.isEmpty && question.hints.isEmpty)
        let copy = question
        question.topic = Located("space", Self.range)
        question.difficulty = 3
        question.tags = ["a", "b"]
        question.shuffle = false
        question.explanation = LocalizedText("Because.", range: Self.range)
        question.hints = [LocalizedText("Look up.", range: Self.range)]
        question.image = Located("sky.png", Self.range)
        question.imageAlt = LocalizedText("The sky", range: Self.range)
        #expect(question.topic?.value == "space")
        #expect(question.difficulty == 3)
        #expect(question.tags == ["a", "b"])
        #expect(question.shuffle == false)
        #expect(question.explanation?.source("en") == "Because.")
        #expect(question.hints.map { $0.source("en") } == ["Look up."])
        #expect(question.image?.value == "sky.png")
        #expect(question.imageAlt?.source("en") == "The sky")
        // The copy made before keeps its own (absent) fields.
        #expect(copy.topic == nil && copy.difficulty == nil && copy.tags.isEmpty && copy.image == nil)
        question.topic = nil
        #expect(question.topic == nil && question.difficulty == 3)
    }

    @Test func aChoicesIDAndFeedbackReadBackAndCompare() {
        let text = LocalizedText("Red", range: Self.range)
        let plain = Choice(id: nil, text: text, correct: true, feedback: nil, range: Self.range)
        var edited = plain
        edited.id = Located("red", Self.range)
        edited.feedback = LocalizedText("Right.", range: Self.range)
        #expect(edited.id?.value == "red")
        #expect(edited.feedback?.source("en") == "Right.")
        #expect(plain.id == nil && plain.feedback == nil)
        #expect(edited != plain)
        edited.id = nil
        edited.feedback = nil
        #expect(edited == plain)
    }

    @Test func aFindingsRelatedAndSuggestionReadBackAndCompare() {
        let related = [Finding.Related(path: "b.yaml", range: Self.range, note: "first use")]
        let full = Finding(ruleID: "demo", severity: .warning, message: "m", path: "a.yaml", range: Self.range,
                           related: related, suggestion: "write this")
        var bare = Finding(ruleID: "demo", severity: .warning, message: "m", path: "a.yaml", range: Self.range)
        #expect(full.related == related && full.suggestion == "write this")
        #expect(bare.related.isEmpty && bare.suggestion == nil && bare.measure == nil && bare.fix == nil)
        #expect(bare != full)
        let before = bare
        bare.related = related
        bare.suggestion = "write this"
        #expect(bare == full)
        #expect(before.related.isEmpty && before.suggestion == nil)
        bare.fix = Finding.Fix(range: Self.range, replacement: "x", safety: .safe)
        #expect(bare.related == related && bare.fix?.replacement == "x")
    }
}

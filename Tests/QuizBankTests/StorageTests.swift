import Testing
@testable import QuizBank
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

    /// A long choice text written again is kept once, and every choice reads back as written:
    /// texts equal only by canonical equivalence (composed and decomposed accents) keep their
    /// own bytes.
    @Test func equalLongChoiceTextsShareTheirStorageAndKeepTheirBytes() throws {
        let long = "Felis silvestris catus", composed = "Caf\u{E9} au lait, s'il vous pla\u{EE}t", decomposed = "Cafe\u{301} au lait, s'il vous pla\u{EE}t"
        let written = [[long, "Short", composed], [decomposed, long, "Short"], [long, composed, decomposed]]
        var yaml = "quizbank: 1\nid: shared\ntitle: Shared\nlocale: en\nquestions:\n"
        for (index, choices) in written.enumerated() {
            yaml += "  - id: q\(index)\n    text: Which one?\n    choices:\n"
            for (number, choice) in choices.enumerated() {
                yaml += number == 0 ? "      - text: \"\(choice)\"\n        correct: true\n" : "      - \"\(choice)\"\n"
            }
        }
        let decoded = BankDecoder().decode(Array(yaml.utf8), path: "shared.yaml")
        #expect(decoded.findings.isEmpty)
        let questions = try #require(decoded.bank).questions
        #expect(questions.map { $0.choices.map { Array($0.text.source("en").utf8) } } == written.map { $0.map { Array($0.utf8) } })
        // Where each long text's bytes are: one place per spelling.
        var places: [String: Set<Int>] = [:]
        for question in questions {
            for choice in question.choices {
                var text = choice.text.source("en")
                guard text.utf8.count > SharedSpellings.inlineBytes else { continue }
                let address = text.withUTF8 { Int(bitPattern: $0.baseAddress) }
                // Keyed by scalars: `String` keys would take the two accents' spellings as one.
                places[text.unicodeScalars.map { String($0.value) }.joined(separator: ","), default: []].insert(address)
            }
        }
        #expect(places.count == 3)
        #expect(places.values.allSatisfy { $0.count == 1 })
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

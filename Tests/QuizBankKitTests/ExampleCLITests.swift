import Foundation
import QuizBankKit
import TestSupport
import Testing

/// Runs a built example player with `input` on stdin.
struct Player {
    var status: Int32
    var stdout: String
    var stderr: String

    init(_ name: String, _ arguments: [String], input: String) throws {
        let run = try ProcessRun(TestRepository.builtProduct(name), arguments, input: input)
        (status, stdout, stderr) = (run.status, run.stdout, run.stderr)
    }
}

@Suite(.serialized) struct ExampleCLITests {
    /// The example banks compiled into a scratch folder.
    private func compiledBanks() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.writeCompiled(Repository.banks(in: Repository.root.appendingPathComponent("Banks")))
        return scratch
    }

    /// The input line that gives `response` to `question`.
    private func line(_ response: Response) -> String {
        switch response {
        case .trueFalse(let value): return value ? "t" : "f"
        case .choices(let picked): return picked.sorted().map { String($0 + 1) }.joined(separator: ",")
        }
    }

    @Test func triviaPlaysTheWholeBankAndGivesTheScore() throws {
        let scratch = try compiledBanks()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("astronomy.pt-BR.json")
        let bank = try CompiledBank.load(contentsOf: file)
        let answers = bank.questions.compactMap(\.trueFalseAnswer)
        #expect(answers.count == bank.questions.count)

        let right = try Player("quiz-trivia", [file.path], input: answers.map { $0 ? "t\n" : "f\n" }.joined())
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.stderr.isEmpty)
        #expect(right.stdout.hasPrefix("Astronomia — verdadeiro ou falso [pt-BR]: 40 questions.\n\nQuestion 1 of 40: O Sol é uma estrela.\n"))
        #expect(right.stdout.components(separatedBy: "Right! It is ").count - 1 == 40)
        for question in bank.questions { #expect(right.stdout.contains(question.explanation ?? "?"), "\(question.id)") }
        #expect(right.stdout.hasSuffix("\nScore: 40 of 40 (100%).\n"))

        // Every other answer wrong, and a line that is no answer, which is asked again.
        let mixed = answers.enumerated().map { $0.offset.isMultiple(of: 2) == $0.element ? "t\n" : "f\n" }
        let played = try Player("quiz-trivia", [file.path], input: "maybe\n" + mixed.joined())
        #expect(played.status == 0)
        #expect(played.stdout.contains("true or false? Answer t (true) or f (false).\n"))
        let rightCount = answers.enumerated().filter { $0.offset.isMultiple(of: 2) }.count
        #expect(played.stdout.components(separatedBy: "Wrong: it is ").count - 1 == 40 - rightCount)
        #expect(played.stdout.hasSuffix("\nScore: \(rightCount) of 40 (\(Int((Double(rightCount) / 40 * 100).rounded()))%).\n"))
    }

    @Test func triviaPicksTheLanguageAndStopsWhenTheInputEnds() throws {
        let scratch = try compiledBanks()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("astronomy.pt-BR.json")
        let english = try Player("quiz-trivia", ["--language", "en-GB,pt-BR", file.path], input: "t\nt\n")
        #expect(english.status == 1)
        #expect(english.stdout.hasPrefix("Astronomy — true or false [en]: 40 questions.\n\nQuestion 1 of 40: The Sun is a star.\n"))
        #expect(english.stdout.hasSuffix("Input ended after 2 of 40 questions: 2 right.\n"))

        let missing = try Player("quiz-trivia", [scratch.url.appendingPathComponent("nothing.json").path], input: "")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nothing.json cannot be read"))
        let usage = try Player("quiz-trivia", ["--bogus", file.path], input: "")
        #expect(usage.status == 2 && usage.stderr.hasPrefix("unknown option --bogus\nusage: quiz-trivia"))
    }

    /// Compiled by `quizbank compile -o DIR`, which copies the images beside the JSON: the player
    /// needs nothing else, and every image of every document there passes its hash check.
    @Test func anExamIsDrawnByTopicAndPassesWithTheRightAnswers() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let out = scratch.url.appendingPathComponent("out")
        let compiled = try Player("quizbank", ["compile", Repository.root.appendingPathComponent("Banks").path, "-o", out.path], input: "")
        #expect(compiled.status == 0, "\(compiled.stderr)")
        var images = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) where name.hasSuffix(".json") {
            let document = out.appendingPathComponent(name)
            for image in try CompiledBank.load(contentsOf: document).questions.compactMap(\.image) {
                try image.verifiedData(at: try CompiledBank.imageURL(for: image, documentURL: document))
                images += 1
            }
        }
        #expect(images > 10)
        let file = out.appendingPathComponent("driving-test.en.json")
        let bank = try CompiledBank.load(contentsOf: file)
        var generator = SplitMix64(seed: 11)
        let exam = try bank.drawExam(using: &generator)
        let arguments = ["--seed", "11", file.path]

        let right = try Player("quiz-exam", arguments, input: exam.questions.map { line($0.correctResponse) + "\n" }.joined())
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.stdout.hasPrefix("Driving Test Prep: 20 questions, 16 right to pass.\nDrawn by topic: Signs, signals, and markings 7, Right-of-way 5, Speed and following distance 4, Safe driving and emergencies 4.\n"))
        #expect(right.stdout.contains("Question 1 of 20 (\(exam.questions[0].question.topic.flatMap(bank.topic)?.title ?? "")): \(exam.questions[0].question.text)\n"))
        for (index, choice) in exam.questions[0].choices.enumerated() { #expect(right.stdout.contains("\n  \(index + 1). \(choice.text)\n")) }
        let withImages = exam.questions.filter { $0.question.image != nil }
        #expect(right.stdout.components(separatedBy: "] (checked)\n").count - 1 == withImages.count)
        #expect(right.stdout.contains("\nResult: 20 of 20 right (100%); 16 needed: PASSED.\n"))
        #expect(right.stdout.components(separatedBy: "] ").count - 1 >= 20)
        #expect(!right.stdout.contains("Correct answer:"))

        // Four wrong of 20 still passes (16 needed); five fail.
        func answers(wrong: Int) -> String {
            exam.questions.enumerated().map { index, question in
                guard index < wrong, case .choices(let correct) = question.correctResponse,
                      let other = question.choices.indices.first(where: { !correct.contains($0) }) else { return line(question.correctResponse) + "\n" }
                return "\(other + 1)\n"
            }.joined()
        }
        let four = try Player("quiz-exam", arguments, input: answers(wrong: 4))
        #expect(four.stdout.contains("\nResult: 16 of 20 right (80%); 16 needed: PASSED.\n"))
        let five = try Player("quiz-exam", arguments, input: answers(wrong: 5))
        #expect(five.stdout.contains("\nResult: 15 of 20 right (75%); 16 needed: FAILED.\n"))
        #expect(five.stdout.components(separatedBy: "   Correct answer: ").count - 1 == 5)
        let firstReview = "\n1. [wrong] \(exam.questions[0].question.text)\n   Your answer: "
        #expect(five.stdout.contains(firstReview))
        #expect(five.stdout.contains("   \(exam.questions[0].question.explanation ?? "?")\n"))
    }

    @Test func aDemoExamStopsAtTheLimitAndHintsAreShownOnAsking() throws {
        let scratch = try compiledBanks()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("driving-test.en.json")
        let bank = try CompiledBank.load(contentsOf: file)
        var generator = SplitMix64(seed: 5)
        let exam = try bank.drawExam(using: &generator)
        let first = exam.questions[0].question
        let input = "?\n" + exam.questions.map { line($0.correctResponse) + "\n" }.joined()
        let demo = try Player("quiz-exam", ["--seed", "5", "--demo", file.path], input: input)
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stdout.contains("Demo: 5 of the 20 questions.\n"))
        if let hint = first.hints.first { #expect(demo.stdout.contains("Hint: \(hint)\n")) }
        #expect(demo.stdout.contains("Question 5 of 20"))
        #expect(!demo.stdout.contains("Question 6 of 20"))
        #expect(demo.stdout.contains("\nDemo limit reached: the free version answers 5 of the 20 questions.\n5 of 5 right; the full version gives a pass or fail.\n"))
        #expect(!demo.stdout.contains("PASSED") && !demo.stdout.contains("FAILED"))
        #expect(demo.stdout.contains("\n5. [right] "))
        #expect(!demo.stdout.contains("\n6. ["))
    }

    @Test func anEditedBankIsRefusedNamingTheFile() throws {
        let scratch = try compiledBanks()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("driving-test.en.json")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"correct\":[1]", with: "\"correct\":[2]")
        try Data(text.utf8).write(to: file)
        let refused = try Player("quiz-exam", ["--seed", "1", file.path], input: "")
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("\(file.path) was changed after it was compiled"))
    }
}

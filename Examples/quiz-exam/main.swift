// Takes a test the way the driving-test app does: questions drawn from the bank by its topic
// weights, each with its image, choices and hints, the demo limit for a free user, then the
// result against the passing score and the answer review. Answers come one a line on stdin
// (a choice's number, several separated by commas where all that apply are asked for, t or f,
// or ? for a hint), so a script can take a test: `quiz-exam --seed 7 out/driving-test.en.json < answers`.
import ExampleSupport
import Foundation
import QuizBankKit

let usage = """
    usage: quiz-exam [--seed N] [--demo] [--images DIR] [--language TAG[,TAG...]] BANK.json
      --seed N      draw the same exam every time for the same N
      --demo        take the test as a free user: stop at the bank's demo limit
      --images DIR  the folder image paths are relative to (default: the bank file's folder,
                    where `quizbank compile -o DIR` copies them)
    """
let options = ExampleCommandLine(Array(CommandLine.arguments.dropFirst()), usage: usage,
                                 flags: ["--seed", "--demo", "--images", "--language", "--help"])
let (bank, url) = options.loadBank()
let imageFolder = options.imageFolder.map { URL(fileURLWithPath: $0) } ?? url.deletingLastPathComponent()

let exam: Exam
do {
    if let seed = options.seed {
        var generator = SplitMix64(seed: seed)
        exam = try bank.drawExam(using: &generator)
    } else {
        exam = try bank.drawExam()
    }
} catch {
    ExampleCommandLine.fail("\(options.file): \(error)")
}
var session = QuizSession(exam: exam, access: options.demo ? .demo : .full)

var heading = "\(bank.title): \(exam.questions.count) questions"
if let required = session.result.requiredToPass { heading += ", \(required) right to pass" }
print(heading + ".")
let shares = exam.blueprint.shares.map { "\($0.topic.flatMap { bank.topic($0)?.title } ?? "other") \($0.questions)" }
print("Drawn by topic: \(shares.joined(separator: ", ")).")
if options.demo { print("Demo: \(session.answerableCount) of the \(exam.questions.count) questions.") }

while let presented = session.currentQuestion {
    let question = presented.question
    print()
    var line = "Question \(session.currentIndex + 1) of \(exam.questions.count)"
    if let topic = question.topic.flatMap(bank.topic) { line += " (\(topic.title))" }
    print(line + ": " + question.text)
    if let image = question.image {
        let status: String
        do {
            try image.verifiedData(at: try CompiledBank.imageURL(for: image, inFolder: imageFolder))
            status = "checked"
        } catch {
            status = "\(error)"
        }
        print("  [image \(image.path), \(image.width)×\(image.height): \(image.alt)] (\(status))")
    }
    for (index, choice) in presented.choices.enumerated() { print("  \(index + 1). \(choice.text)") }
    var hintsShown = 0
    let (prompt, help) = answerPrompt(for: presented)
    let hintHelp = question.hints.isEmpty ? help : help + " ? gives a hint."
    let response = readAnswer(prompt: prompt, help: hintHelp) { line -> Response? in
        guard line == "?" else { return parseResponse(line, for: presented) }
        if hintsShown < question.hints.count {
            print("Hint: \(question.hints[hintsShown])")
            hintsShown += 1
        } else {
            print(question.hints.isEmpty ? "This question has no hint." : "No more hints.")
        }
        return nil
    }
    guard let response else {
        print("Input ended after \(session.answers.count) of \(session.answerableCount) questions.")
        exit(1)
    }
    do {
        let answered = try session.answer(response)
        print(answered.isCorrect ? "Correct." : "Wrong.")
        for feedback in answered.feedback { print(feedback) }
    } catch {
        ExampleCommandLine.fail("\(error)")
    }
}

let result = session.result
print()
if session.stoppedAtLimit {
    print("Demo limit reached: the free version answers \(result.answered) of the \(result.total) questions.")
    print("\(result.correct) of \(result.answered) right; the full version gives a pass or fail.")
} else {
    var summary = "Result: \(result.correct) of \(result.total) right (\(percent(result.score)))"
    if let required = result.requiredToPass, let passed = result.passed {
        summary += "; \(required) needed: \(passed ? "PASSED" : "FAILED")"
    }
    print(summary + ".")
}
print()
print("Review:")
for answered in session.answers {
    print("\(answered.number). [\(answered.isCorrect ? "right" : "wrong")] \(answered.questionText)")
    print("   Your answer: \(describe(answered.chosenAnswer))")
    if !answered.isCorrect { print("   Correct answer: \(describe(answered.correctAnswer))") }
    if let explanation = answered.explanation { print("   \(explanation)") }
}

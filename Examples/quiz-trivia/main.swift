// Plays a compiled bank the way the trivia app does: each question, an answer (true/false,
// or a choice), right or wrong, the explanation, and the score at the end. Answers come one a
// line on stdin, so `printf 't\nf\n' | quiz-trivia out/astronomy.pt-BR.json` answers two.
import ExampleSupport
import Foundation
import QuizBankKit

let usage = "usage: quiz-trivia [--language TAG[,TAG...]] BANK.json   (answers on stdin: t or f, or a choice's number)"
let options = ExampleCommandLine(Array(CommandLine.arguments.dropFirst()), usage: usage, flags: ["--language", "--help"])
let (bank, _) = options.loadBank()
var session = bank.practiceSession()

print("\(bank.title) [\(bank.locale)]: \(session.questions.count) questions.")
while let presented = session.currentQuestion {
    print()
    print("Question \(session.currentIndex + 1) of \(session.questions.count): \(presented.question.text)")
    for (index, choice) in presented.choices.enumerated() { print("  \(index + 1). \(choice.text)") }
    let (prompt, help) = answerPrompt(for: presented)
    guard let response = readAnswer(prompt: prompt, help: help, parse: { parseResponse($0, for: presented) }) else {
        let result = session.result
        print("Input ended after \(result.answered) of \(result.total) questions: \(result.correct) right.")
        exit(1)
    }
    do {
        let answered = try session.answer(response)
        print(answered.isCorrect ? "Right! It is \(describe(answered.correctAnswer))." : "Wrong: it is \(describe(answered.correctAnswer)).")
        if let explanation = answered.explanation { print(explanation) }
    } catch {
        ExampleCommandLine.fail("\(error)")
    }
}
let result = session.result
print()
print("Score: \(result.correct) of \(result.total) (\(percent(result.score))).")

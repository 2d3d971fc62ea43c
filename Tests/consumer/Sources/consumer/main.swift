// Loads a compiled bank as an app would and takes a seeded exam with every answer right.
import Foundation
import QuizBankKit

guard CommandLine.arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: consumer FOLDER BANK-ID\n".utf8))
    exit(2)
}
do {
    let folder = URL(fileURLWithPath: CommandLine.arguments[1])
    let bank = try LocalizedBank.load(bankID: CommandLine.arguments[2], in: folder).document(for: ["en-US"])
    var generator = SplitMix64(seed: 1)
    var session = QuizSession(exam: try bank.drawExam(using: &generator))
    while let question = session.currentQuestion { try session.answer(question.correctResponse) }
    let result = session.result
    print("\(bank.id) \(bank.locale): \(result.correct) of \(result.total), passed: \(result.passed.map(String.init) ?? "n/a")")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}

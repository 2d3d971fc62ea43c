// Decodes a bank file with the QuizBank product, as a tool built on quizbank's library would.
import Foundation
import QuizBank

guard CommandLine.arguments.count == 2, let data = FileManager.default.contents(atPath: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: decode BANK.yaml\n".utf8))
    exit(2)
}
let decoded = BankDecoder().decode([UInt8](data), path: CommandLine.arguments[1])
guard let bank = decoded.bank else {
    FileHandle.standardError.write(Data("\(decoded.findings.count) findings, no bank\n".utf8))
    exit(1)
}
print("\(bank.header.id.value): \(bank.questions.count) questions, \(decoded.findings.count) findings")

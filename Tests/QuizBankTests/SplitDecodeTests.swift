import Foundation
import Testing
@testable import QuizBank
import QuizYAML

/// Large banks are decoded in two parts at once; what comes out must not depend on it.
@Suite struct SplitDecodeTests {
    /// A bank with errors before and after the middle, and a question
    /// id used in both halves.
    private func bank(questions: Int) -> [UInt8] {
        var text = "quizbank: 1\nid: split-bank\ntitle: Split\nlocale: en\ntopics:\n  space: {title: Space}\nquestions:\n"
        for index in 0..<questions {
            let id = index == questions - 10 ? "q10" : "q\(index)"
            switch index % 97 {
            case 5: text += "  - id: \(id)\n    text: \"Is \(index) even?\"\n    answer: yes\n"
            case 11: text += "  - id: \(id)\n    txt: \"Typo key \(index)\"\n    answer: true\n"
            case 17: text += "  - id: \(id)\n    topic: time\n    text: |\n      Which one, \(index)?\n    choices: [a, b, {text: c, correct: true}]\n"
            default:
                text += "  - id: \(id)\n    topic: space\n    text: \"Question \(index) about é and 🌍?\"\n    choices:\n"
                text += "      - \"Answer \(index)\"\n      - text: \"Right \(index)\"\n        correct: true\n      - Other\n"
            }
        }
        return Array(text.utf8)
    }

    private func decode(_ bytes: [UInt8], split: Double?) -> (DecodeResult, seen: [String]) {
        var decoder = BankDecoder()
        decoder.splitFraction = split
        decoder.concurrentThreshold = 0
        var seen: [String] = []
        let observer = BankDecoder.Observer(retainsQuestions: true, header: { header in
            seen.append("header \(header?.id.value ?? "-")")
        }, question: { question in
            seen.append(question.id.value)
        })
        return (decoder.decode(bytes, path: "bank.yaml", observer: observer), seen)
    }

    @Test(arguments: [0.1, 0.5, 0.9])
    func splitDecodingGivesTheSameBankFindingsAndOrder(fraction: Double) throws {
        let bytes = bank(questions: 2_000)
        #expect(YAMLLoader.SplitPoint.find(in: bytes, rootKey: "questions", fraction: fraction) != nil)
        let (whole, wholeSeen) = decode(bytes, split: nil)
        let (split, splitSeen) = decode(bytes, split: fraction)
        #expect(whole.findings.count > 50)
        #expect(whole.findings.contains { $0.ruleID == "duplicate-id" })
        #expect(split.findings.count == whole.findings.count)
        let firstDifference = zip(split.findings, whole.findings).first { $0.0 != $0.1 }
        #expect(firstDifference == nil, "\(firstDifference.map { "\($0.0.ruleID) \($0.0.range) \($0.0.message) vs \($0.1.ruleID) \($0.1.range) \($0.1.message)" } ?? "")")
        #expect(splitSeen == wholeSeen)
        let wholeQuestions = try #require(whole.bank?.questions)
        let splitQuestions = try #require(split.bank?.questions)
        #expect(splitQuestions.count == wholeQuestions.count)
        #expect("\(splitQuestions)" == "\(wholeQuestions)")
    }

    @Test func preparedQuestionsComeBackInTheirTurn() {
        let bytes = bank(questions: 2_000)
        var turns: [String] = []
        var prepared = 0
        var waiting: [String] = []
        let lock = NSLock()
        let observer = BankDecoder.Observer(retainsQuestions: false, header: { _ in }, question: { question in
            turns.append(question.id.value)
        }, prepare: { question in
            lock.lock()
            prepared += 1
            lock.unlock()
            waiting.append(question.id.value)
            return true
        }, preparedTurn: {
            turns.append(waiting.removeFirst())
        })
        var decoder = BankDecoder()
        decoder.concurrentThreshold = 0
        _ = decoder.decode(bytes, path: "bank.yaml", observer: observer)
        let (_, wholeSeen) = decode(bytes, split: nil)
        #expect(["header split-bank"] + turns == wholeSeen)
        #expect(prepared > 500)
    }

    /// A syntax error and a control character a few KB apart near the middle: libyaml meets
    /// the control character up to a raw block ahead of where it parses, so which comes first
    /// depends on where its blocks start; the split read must report what the one-piece read
    /// does, after the same questions.
    @Test(arguments: [(-30, 30), (-10, 60), (30, 80)])
    func twoFatalErrorsAroundTheMiddleGiveTheOnePieceReadsFindings(first: Int, second: Int) throws {
        var text = String(decoding: bank(questions: 2_000), as: UTF8.self)
        for (offset, line) in [(first, "  - id: @bad\n"), (second, "  - id: bad\u{01}\n")] {
            let marker = "  - id: q\(1_000 + offset)\n"
            let range = try #require(text.range(of: marker))
            text.replaceSubrange(range, with: line)
        }
        let bytes = Array(text.utf8)
        let (whole, wholeSeen) = decode(bytes, split: nil)
        let (split, splitSeen) = decode(bytes, split: 0.5)
        #expect(whole.findings.contains { $0.ruleID == "yaml-encoding" || $0.ruleID == "yaml-syntax" })
        #expect(split.findings.map { "\($0.ruleID) \($0.range) \($0.message)" } == whole.findings.map { "\($0.ruleID) \($0.range) \($0.message)" })
        #expect(splitSeen == wholeSeen)
    }
}

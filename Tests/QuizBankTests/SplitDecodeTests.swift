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

    /// Notes the header and each question's id, in two parts when the decoder splits the bank.
    private struct Seen: QuestionConsumer {
        var seen: [String] = []
        /// How many of `seen` a successor noted.
        var appended = 0

        mutating func begin(_ header: BankHeader?) {
            seen.append("header \(header?.id.value ?? "-")")
        }

        mutating func add(_ question: Question) {
            seen.append(question.id.value)
        }

        func successor() -> Seen? { Seen() }

        mutating func append(_ successor: consuming Seen) {
            appended += successor.seen.count
            seen += successor.seen
        }
    }

    private func decoder(split: Double?) -> BankDecoder {
        var decoder = BankDecoder()
        decoder.loader.twoParts = split.map { YAMLLoader.TwoParts(minimumSize: 0, fraction: $0) }
        return decoder
    }

    private func decode(_ bytes: [UInt8], split: Double?) -> (DecodeResult, seen: [String], appended: Int) {
        var seen = Seen()
        let result = decoder(split: split).decode(bytes, path: "bank.yaml", to: &seen)
        return (result, seen.seen, seen.appended)
    }

    @Test(arguments: [0.1, 0.5, 0.9])
    func splitDecodingGivesTheSameBankFindingsAndOrder(fraction: Double) throws {
        let bytes = bank(questions: 2_000)
        #expect(YAMLLoader.SplitPoint.find(in: bytes, rootKey: "questions", fraction: fraction) != nil)
        let (whole, wholeSeen, _) = decode(bytes, split: nil)
        let (split, splitSeen, _) = decode(bytes, split: fraction)
        #expect(whole.findings.count > 50)
        #expect(whole.findings.contains { $0.ruleID == "duplicate-id" })
        #expect(split.findings.count == whole.findings.count)
        let firstDifference = zip(split.findings, whole.findings).first { $0.0 != $0.1 }
        #expect(firstDifference == nil, "\(firstDifference.map { "\($0.0.ruleID) \($0.0.range) \($0.0.message) vs \($0.1.ruleID) \($0.1.range) \($0.1.message)" } ?? "")")
        #expect(splitSeen == wholeSeen)
        // The kept questions, moved over from the second part's successor.
        let wholeQuestions = try #require(decoder(split: nil).decode(bytes, path: "bank.yaml").bank?.questions)
        let splitQuestions = try #require(decoder(split: fraction).decode(bytes, path: "bank.yaml").bank?.questions)
        #expect(splitQuestions.count == wholeQuestions.count)
        #expect("\(splitQuestions)" == "\(wholeQuestions)")
    }

    @Test func theSuccessorsQuestionsComeBackInTheirTurn() {
        let bytes = bank(questions: 2_000)
        let (_, seen, appended) = decode(bytes, split: 0.5)
        let (_, wholeSeen, _) = decode(bytes, split: nil)
        #expect(seen == wholeSeen)
        #expect(appended > 500)
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
        let (whole, wholeSeen, _) = decode(bytes, split: nil)
        let (split, splitSeen, _) = decode(bytes, split: 0.5)
        #expect(whole.findings.contains { $0.ruleID == "yaml-encoding" || $0.ruleID == "yaml-syntax" })
        #expect(split.findings.map { "\($0.ruleID) \($0.range) \($0.message)" } == whole.findings.map { "\($0.ruleID) \($0.range) \($0.message)" })
        #expect(splitSeen == wholeSeen)
    }
}

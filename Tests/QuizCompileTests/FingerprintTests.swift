import Foundation
import QuizBank
@testable import QuizCompile
import QuizSupport
import TestSupport
import Testing

@Suite struct FingerprintTests {
    /// The fingerprints of a bank's questions, per document, by question id.
    private func fingerprints(_ yaml: String) throws -> [String: [String: String]] {
        let decoded = BankDecoder().decode(Array(yaml.utf8), path: "/tmp/quizbank-test/fingerprints.yaml")
        #expect(!decoded.hasErrors, "\(decoded.findings.map(\.message))")
        let bank = try #require(decoded.bank)
        var result: [String: [String: String]] = [:]
        for document in Compiler().compile(bank).documents {
            let object = try #require(JSONSerialization.jsonObject(with: Data(document.bytes)) as? [String: Any])
            let questions = try #require(object["questions"] as? [[String: Any]])
            for question in questions {
                let id = try #require(question["id"] as? String)
                result[document.locale, default: [:]][id] = question["fingerprint"] as? String
            }
        }
        return result
    }

    private func bank(text: String = "O Sol é uma estrela.", translation: String = "The Sun is a star.",
                      answer: String = "true", explanation: String = "Uma anã amarela.",
                      choices: String = "[Marte, {text: Júpiter, correct: true}, Vênus]") -> String {
        """
        quizbank: 1
        id: fp
        title: {pt-BR: Teste, en: Test}
        locale: pt-BR
        locales: [pt-BR, en]
        questions:
          - id: tf
            text: {pt-BR: "\(text)", en: "\(translation)"}
            answer: \(answer)
            explanation: {pt-BR: "\(explanation)", en: "A yellow dwarf."}
          - id: choice
            text: {pt-BR: Qual é o maior planeta?, en: Which is the largest planet?}
            choices: \(choices)
            hints: [Pense em gigantes.]

        """
    }

    @Test func theFingerprintIsTheSameInEveryLocaleAndWrittenLast() throws {
        let prints = try fingerprints(bank())
        let source = try #require(prints["pt-BR"])
        #expect(prints["en"] == source)
        #expect(source.values.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        #expect(Set(source.values).count == 2)
        let decoded = try #require(BankDecoder().decode(Array(bank().utf8), path: "/tmp/t.yaml").bank)
        let document = try #require(Compiler().compile(decoded).documents.first)
        let text = String(decoding: document.bytes, as: UTF8.self)
        #expect(text.contains(#""hints":["Pense em gigantes."],"fingerprint":""#))
        #expect(text.contains("  \"formatVersion\": 1,\n  \"formatMinorVersion\": 1,\n"))
    }

    @Test func whatIsAskedAndItsAnswerChangeIt() throws {
        let original = try #require(try fingerprints(bank())["pt-BR"])
        #expect(try fingerprints(bank(text: "O Sol é uma estrela anã."))["pt-BR"]?["tf"] != original["tf"])
        #expect(try fingerprints(bank(answer: "false"))["pt-BR"]?["tf"] != original["tf"])
        #expect(try fingerprints(bank(choices: "[Marte, {text: Saturno, correct: true}, Vênus]"))["pt-BR"]?["choice"] != original["choice"])
        #expect(try fingerprints(bank(choices: "[{text: Marte, correct: true}, Júpiter, Vênus]"))["pt-BR"]?["choice"] != original["choice"])
        #expect(try fingerprints(bank(choices: "[Marte, {text: Júpiter, correct: true}, Vênus, Terra]"))["pt-BR"]?["choice"] != original["choice"])
    }

    @Test func translationsExplanationsAndLayoutDoNotChangeIt() throws {
        let original = try #require(try fingerprints(bank())["pt-BR"])
        #expect(try fingerprints(bank(translation: "The Sun is a star!"))["pt-BR"] == original)
        #expect(try fingerprints(bank(explanation: "Outra explicação."))["pt-BR"] == original)
        // Texts are fingerprinted as compiled (normalized), not as typed.
        #expect(try fingerprints(bank(text: "  O Sol  é uma estrela. "))["pt-BR"] == original)
        #expect(try fingerprints(bank(choices: "[Marte, {text: Júpiter, correct: true, feedback: Isso!}, Vênus]"))["pt-BR"] == original)
    }

    /// The definition in docs/compiled-format.md, by hand: netstrings of the fields, SHA-256, 16 bytes.
    @Test func theFingerprintIsTheDocumentedHash() throws {
        let prints = try #require(try fingerprints(bank())["pt-BR"])
        func netstrings(_ fields: [String]) -> [UInt8] {
            fields.flatMap { field in Array("\(field.utf8.count):\(field),".utf8) }
        }
        let trueFalse = netstrings(["true-false", "O Sol é uma estrela.", "true", ""])
        #expect(prints["tf"] == SHA256.hex(Array(SHA256.hash(trueFalse).prefix(16))))
        let choice = netstrings(["single-choice", "Qual é o maior planeta?", "3", "Marte", "Júpiter", "Vênus", "1", ""])
        #expect(prints["choice"] == SHA256.hex(Array(SHA256.hash(choice).prefix(16))))
    }
}

@Suite struct QuickCheckTests {
    /// The quick check reads eight bytes at a time where it can: on random texts it must say
    /// what the check byte by byte says, and a text it passes must be normalized.
    @Test func theWordPathAgreesWithTheByteByByteCheck() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["a", "b", "Z", " ", "  ", "\n", "\n\n", "\t", "\r", ".", "\"", "é", "e\u{301}", "\u{A0}", "12345678", "word "]
        for _ in 0..<5_000 {
            let text = (0..<next(40)).map { _ in pieces[next(pieces.count)] }.joined()
            var check = TextNormalizer.QuickCheck()
            let byByte = text.utf8.allSatisfy { check.accepts($0) } && check.acceptsEnd
            #expect(TextNormalizer.isNormalized(text) == byByte, "\(text.debugDescription)")
            if byByte { #expect(TextNormalizer.normalize(text) == text, "\(text.debugDescription)") }
        }
    }

    /// The compiled writer escapes a text and checks it in one pass (the check as the escaping's
    /// gate): it must write what escaping the normalized text writes, whether the text passes
    /// the check, fails it at the start, in the middle or at its end, or holds what escaping
    /// takes byte by byte (quotes, control characters, U+2028).
    @Test func escapingThroughTheCheckWritesTheNormalizedText() {
        var generator = seededGenerator()
        let pieces = ["a", "Z", "Quite plain words", " ", "  ", "\n", "\n\n", "\t", "\r", ".", "\"", "\\", "\u{1}",
                      "\u{2028}", "é", "e\u{301}", "\u{A0}", "12345678", "word "]
        var passed = 0
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var throughTheCheck: [UInt8] = []
            JSONString.appendQuoted(text, to: &throughTheCheck, gate: TextNormalizer.QuickCheck(), otherwise: TextNormalizer.normalize)
            var ofTheNormalizedText: [UInt8] = []
            JSONString.appendQuoted(TextNormalizer.normalize(text), to: &ofTheNormalizedText)
            #expect(throughTheCheck == ofTheNormalizedText, "\(text.debugDescription)")
            if TextNormalizer.isNormalized(text) { passed += 1 }
        }
        // Both ways of the gate were taken.
        #expect(passed > 100 && passed < 4_900, "\(passed) of 5,000 passed")
    }
}

@Suite struct LeadingWordsTests {
    /// The one-call digest of a padded short message is the digest's first 16 bytes, at every
    /// length around the block boundaries.
    @Test func theyAreTheDigestsFirstSixteenBytes() {
        for length in 0..<200 {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            var scratch = message
            let words = SHA256.leadingWords(ofPaddingInPlace: &scratch)
            let bytes = [words.0, words.1, words.2, words.3].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
            #expect(bytes == Array(SHA256.hash(message).prefix(16)), "length \(length)")
            #expect(scratch.count % 64 == 0)
        }
    }
}

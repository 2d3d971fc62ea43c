import Foundation
import QuizCompile
@testable import QuizBankKit
import Testing

@Suite struct RoundTripTests {
    /// Every compiled document of `Banks/`, `Templates/` and the corpus loads (format, hash and
    /// consistency checked) and encodes back to the same JSON value; and the fingerprints the
    /// compiler wrote are the ones the definition gives (computed here independently, from the
    /// source-locale document), the same in every locale. One test, so the corpus compiles once.
    @Test func everyCompiledDocumentRoundTripsAndCarriesItsFingerprints() throws {
        let folders = ["Banks", "Templates"].map { Repository.root.appendingPathComponent($0) } + [Repository.corpus]
        var documents = 0
        for folder in folders {
            let banks = Repository.banks(in: folder)
            #expect(!banks.isEmpty, "no banks in \(folder.path)")
            for file in banks {
                var loaded: [CompiledBank] = []
                for document in try Repository.compile(file) {
                    let data = Data(document.bytes)
                    let bank = try CompiledBank.load(from: data, file: document.fileName)
                    let original = try JSONValue(parsing: data)
                    let encoded = try JSONValue(parsing: JSONEncoder().encode(bank))
                    #expect(encoded == original, "\(document.fileName) does not encode back to the same JSON value")
                    loaded.append(bank)
                }
                documents += loaded.count
                let source = try #require(loaded.first { $0.isSourceLocale })
                for question in source.questions where question.fingerprint != question.computedFingerprint() {
                    Issue.record("\(file.lastPathComponent): \(question.id): fingerprint \(question.fingerprint ?? "none"), computed \(question.computedFingerprint())")
                }
                for document in loaded where !document.isSourceLocale {
                    #expect(document.questions.map(\.fingerprint) == source.questions.map(\.fingerprint), "\(document.id).\(document.locale)")
                }
            }
        }
        #expect(documents > 20)
    }

    @Test func theComparisonTellsTrueFromOne() throws {
        #expect(try JSONValue(parsing: Data("[true]".utf8)) != JSONValue(parsing: Data("[1]".utf8)))
        #expect(try JSONValue(parsing: Data("{\"a\": 1, \"b\": [0.5]}".utf8)) == JSONValue(parsing: Data("{\"b\": [0.5], \"a\": 1.0}".utf8)))
        #expect(try JSONValue(parsing: Data("{\"a\": 1}".utf8)) != JSONValue(parsing: Data("{\"a\": 1, \"b\": null}".utf8)))
    }

    @Test func aFingerprintCoversWhatIsAskedAndItsAnswerOnly() throws {
        let (driving, _) = try Repository.exampleDocument("Banks/driving/driving.yaml", "driving-test.en.json")
        let stop = try #require(driving.questions.first { $0.id == "stop-sign" })
        let set = try #require(stop.choiceSet)
        let original = stop.computedFingerprint()
        #expect(original == stop.fingerprint)
        var changes: [Question] = []
        var edited = stop
        edited.text += "?"
        changes.append(edited)
        edited = stop
        edited.content = .choices(ChoiceSet(choices: set.choices, correct: [2], shuffle: true))
        changes.append(edited)
        edited = stop
        var choices = set.choices
        choices[0].text = "Slow down"
        edited.content = .choices(ChoiceSet(choices: choices, correct: [1], shuffle: true))
        changes.append(edited)
        edited = stop
        edited.content = .choices(ChoiceSet(choices: Array(set.choices.prefix(3)), correct: [1], shuffle: true))
        changes.append(edited)
        edited = stop
        edited.image?.sha256 = String(repeating: "0", count: 64)
        changes.append(edited)
        edited = stop
        edited.image = nil
        changes.append(edited)
        for change in changes { #expect(change.computedFingerprint() != original) }

        var unchanged = stop
        unchanged.explanation = "Another explanation."
        unchanged.hints = []
        unchanged.tags = ["new"]
        unchanged.difficulty = 5
        unchanged.topic = nil
        unchanged.image?.alt = "Another alt text."
        unchanged.image?.path = "elsewhere/stop.png"
        choices = set.choices
        choices[1].feedback = "Right."
        unchanged.content = .choices(ChoiceSet(choices: choices, correct: [1], shuffle: false))
        #expect(unchanged.computedFingerprint() == original)
    }
}

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownDigests(input: String, digest: String) {
        #expect(QuizBankKit.SHA256.hex(of: Array(input.utf8)) == digest)
    }

    /// Every length across block boundaries, fed whole and in pieces, against the tool's SHA-256.
    @Test func agreesWithTheCompilersHashAtEveryLength() {
        var generator = SplitMix64(seed: 1)
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let expected = QuizCompile.SHA256.hex(QuizCompile.SHA256.hash(bytes))
            #expect(QuizBankKit.SHA256.hex(of: bytes) == expected)
            var pieces = QuizBankKit.SHA256()
            let cut = length / 3
            pieces.update(bytes[..<cut])
            pieces.update(bytes[cut...])
            #expect(QuizBankKit.SHA256.hexadecimal(pieces.finalize()) == expected)
        }
    }
}

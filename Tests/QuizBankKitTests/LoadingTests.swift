import Foundation
import TestSupport
@testable import QuizBankKit
import Testing

@Suite struct LoadingTests {
    private func astronomy() throws -> (CompiledBank, Data) {
        try Repository.exampleDocument("Banks/astronomy/astronomy.yaml", "astronomy.pt-BR.json")
    }

    private func loadError(_ data: Data, file: String = "bank.json", verifyingContentHash: Bool = true) -> LoadError? {
        do {
            _ = try CompiledBank.load(from: data, file: file, verifyingContentHash: verifyingContentHash)
            return nil
        } catch let error as LoadError {
            return error
        } catch {
            Issue.record("not a LoadError: \(error)")
            return nil
        }
    }

    @Test func loadsACompiledBankWithEveryMember() throws {
        let (bank, _) = try astronomy()
        #expect(bank.id == "astronomy")
        #expect(bank.locale == "pt-BR" && bank.sourceLocale == "pt-BR" && bank.locales == ["pt-BR", "en"])
        #expect(bank.formatVersion == 1 && bank.formatMinorVersion == 1)
        #expect(bank.topics.map(\.id) == ["sun-and-stars", "planets", "moon", "universe"])
        #expect(bank.exam == ExamSettings(size: 10, passingScore: 0.7, demoLimit: 3, shuffleChoices: true))
        let first = try #require(bank.questions.first)
        #expect(first.id == "sun-is-a-star" && first.kind == .trueFalse && first.trueFalseAnswer == true)
        #expect(first.text == "O Sol é uma estrela.")
        #expect(first.fingerprint?.count == 32)
        let (driving, _) = try Repository.exampleDocument("Banks/driving/driving.yaml", "driving-test.en.json")
        let stop = try #require(driving.questions.first { $0.id == "stop-sign" })
        #expect(stop.kind == .singleChoice && stop.choiceSet?.correct == [1] && stop.choiceSet?.choices.count == 4)
        #expect(stop.image?.path == "stop.png" && stop.image?.width == 256 && stop.hints.count == 1)
    }

    @Test func anotherMajorVersionIsRefusedNamingTheFile() throws {
        let (_, data) = try astronomy()
        let edited = try rehashed(data) { $0.replacingOccurrences(of: "\"formatVersion\": 1,", with: "\"formatVersion\": 2,") }
        let error = try #require(loadError(edited, file: "out/astronomy.pt-BR.json"))
        #expect(error.reason == .unsupportedFormatVersion(2))
        #expect(error.description.hasPrefix("out/astronomy.pt-BR.json has format version 2; this library reads version 1"))
    }

    @Test func aNewerMinorVersionWithUnknownMembersLoads() throws {
        let (bank, data) = try astronomy()
        let edited = try rehashed(data) {
            $0.replacingOccurrences(of: "\"formatMinorVersion\": 1,", with: "\"formatMinorVersion\": 9,\n  \"somethingNew\": {\"a\": [1, 2]},")
              .replacingOccurrences(of: "\"kind\":\"true-false\",", with: "\"kind\":\"true-false\",\"later\":true,")
        }
        let loaded = try CompiledBank.load(from: edited)
        #expect(loaded.formatMinorVersion == 9)
        #expect(loaded.questions == bank.questions)
    }

    @Test func aDocumentOfFormatOneZeroLoads() throws {
        let (bank, data) = try astronomy()
        let edited = try rehashed(data) {
            $0.replacingOccurrences(of: "  \"formatMinorVersion\": 1,\n", with: "")
              .replacingOccurrences(of: #","fingerprint":"[0-9a-f]{32}""#, with: "", options: .regularExpression)
        }
        let loaded = try CompiledBank.load(from: edited)
        #expect(loaded.formatMinorVersion == nil)
        #expect(loaded.questions.allSatisfy { $0.fingerprint == nil })
        #expect(loaded.questions.count == bank.questions.count)
    }

    @Test func anEditedFileIsAContentHashErrorNamingIt() throws {
        let (bank, data) = try astronomy()
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("astronomy.pt-BR.json")
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"answer\":true", with: "\"answer\":false")
        try Data(text.utf8).write(to: file)
        do {
            _ = try CompiledBank.load(contentsOf: file)
            Issue.record("an edited document loaded")
        } catch let error as LoadError {
            #expect(error.file == file.path)
            guard case .contentHashMismatch(let recorded, _) = error.reason else {
                Issue.record("\(error)")
                return
            }
            #expect(recorded == bank.sha256)
            #expect(error.description.contains(file.path) && error.description.contains("was changed after it was compiled"))
        }
        // Unless the app asks for no hash check (a document it re-encoded itself).
        #expect(try CompiledBank.load(contentsOf: file, verifyingContentHash: false).questions[0].trueFalseAnswer == false)
    }

    @Test func aReEncodedDocumentHasNoHashLine() throws {
        let (bank, _) = try astronomy()
        let encoded = try JSONEncoder().encode(bank)
        #expect(loadError(encoded)?.reason == .contentHashLineMissing)
        #expect(try CompiledBank.load(from: encoded, verifyingContentHash: false) == bank)
    }

    @Test func whatIsNotACompiledBankSaysSo() throws {
        #expect(loadError(Data("not json".utf8))?.reason.isNotJSON == true)
        #expect(loadError(Data("[1, 2]".utf8))?.reason == .notACompiledBank)
        #expect(loadError(Data("{\"format\": \"something-else\", \"formatVersion\": 1}".utf8))?.reason == .notACompiledBank)
        #expect(loadError(Data("{\"format\": \"quizbank-compiled\"}".utf8))?.reason == .invalid(path: "formatVersion", problem: "missing, or not an integer"))
        #expect(loadError(Data())?.reason.isNotJSON == true)
    }

    @Test(arguments: [
        ("\"correct\":[1]", "\"correct\":[7]", "questions[0].correct", "correct index 7 is out of range for 4 choices"),
        ("\"correct\":[1]", "\"correct\":[1,2]", "questions[0].correct", "a single-choice question has exactly one correct index, found 2"),
        ("\"correct\":[1]", "\"correct\":[-1]", "questions[0].correct", "correct index -1 is out of range for 4 choices"),
        ("\"id\":\"octagon-shape\"", "\"id\":\"stop-sign\"", "questions[1].id", "question id 'stop-sign' is used twice"),
        ("\"topic\":\"signs\",\"difficulty\":1,\"text\":\"What does this sign require", "\"topic\":\"nowhere\",\"difficulty\":1,\"text\":\"What does this sign require", "questions[0].topic", "'nowhere' is not a declared topic"),
        ("\"difficulty\":1,", "\"difficulty\":9,", "questions[0].difficulty", "9 is not between 1 and 5"),
        ("\"passingScore\": 0.8", "\"passingScore\": 80", "exam.passingScore", "80.0 is not between 0 and 1"),
        ("\"size\": 20", "\"size\": 0", "exam.size", "0 is less than 1"),
        ("\"locale\": \"en\"", "\"locale\": \"fr\"", "locale", "'fr' is not one of locales [\"en\"]"),
        ("\"text\":\"What does this sign require you to do?\"", "\"text\":17", "questions[0].text", "expected a string"),
        ("\"kind\":\"single-choice\",\"topic\":\"signs\",\"difficulty\":1,\"text\":\"What does this sign require", "\"kind\":\"true-false\",\"topic\":\"signs\",\"difficulty\":1,\"text\":\"What does this sign require", "questions[0].choices", "a true-false question has no `choices`"),
        ("\"width\":256,", "", "questions[0].image.width", "missing"),
        ("\"width\":256,", "\"width\":0,", "questions[0].image", "the size 0×256 is not positive"),
        ("\"difficulty\":1,", "\"difficulty\":\"1\",", "questions[0].difficulty", "expected an integer"),
    ])
    func aBrokenMemberIsNamedByItsPath(original: String, replacement: String, path: String, problem: String) throws {
        let (_, data) = try Repository.exampleDocument("Banks/driving/driving.yaml", "driving-test.en.json")
        let text = String(decoding: data, as: UTF8.self)
        let range = try #require(text.range(of: original))
        let edited = try rehashed(data) { $0.replacingCharacters(in: range, with: replacement) }
        let error = try #require(loadError(edited, file: "driving-test.en.json"))
        guard case .invalid(let foundPath, let foundProblem) = error.reason else {
            Issue.record("\(error)")
            return
        }
        #expect(foundPath == path)
        #expect(foundProblem.contains(problem), "\(foundProblem)")
        #expect(error.description.hasPrefix("driving-test.en.json is not a valid compiled bank: \(path): "))
    }

    /// Mangled documents (bytes changed, cut short, nested deep) are errors, never a crash.
    @Test func hostileBytesAreErrorsNotCrashes() throws {
        let (_, data) = try Repository.exampleDocument("Banks/driving/driving.yaml", "driving-test.en.json")
        var generator = SplitMix64(seed: 2024)
        let bytes = [UInt8](data)
        let replacements = Array("{}[]\",:0-9e.tfn \\u".utf8)
        for round in 0..<300 {
            var mangled = bytes
            for _ in 0..<(1 + round % 5) {
                let at = Int(generator.next() % UInt64(mangled.count))
                switch generator.next() % 3 {
                case 0: mangled[at] = replacements[Int(generator.next() % UInt64(replacements.count))]
                case 1: mangled.remove(at: at)
                default: mangled.removeSubrange(at...)
                }
                if mangled.isEmpty { break }
            }
            // Without the hash check, so that the mangled document reaches the checks after it.
            do {
                _ = try CompiledBank.load(from: Data(mangled), verifyingContentHash: false)
            } catch {
                #expect(error is LoadError)
            }
        }
        let deep = Data(("{\"format\":\"quizbank-compiled\",\"formatVersion\":1,\"id\":" + String(repeating: "[", count: 100_000)).utf8)
        #expect(loadError(deep) != nil)
        for huge in ["99999999999999999999999", "1e400", "1.5", "-0.0", "\"1\"", "[]"] {
            #expect(loadError(Data("{\"format\":\"quizbank-compiled\",\"formatVersion\":\(huge)}".utf8)) != nil)
            let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"size\": 20", with: "\"size\": \(huge)")
            #expect(loadError(Data(text.utf8), verifyingContentHash: false) != nil)
        }
    }

    @Test func imagesResolveInsideTheirFolderAndCheckTheirHash() throws {
        let (bank, _) = try Repository.exampleDocument("Banks/driving/driving.yaml", "driving-test.en.json")
        let signs = Repository.root.appendingPathComponent("Banks/driving/signs")
        let images = bank.questions.compactMap(\.image)
        #expect(images.count > 5)
        for image in images {
            let url = try CompiledBank.imageURL(for: image, inFolder: signs)
            #expect(url.lastPathComponent == image.path)
            try image.verifiedData(at: url)
        }
        let stop = try #require(images.first { $0.path == "stop.png" })
        let yield = try CompiledBank.imageURL(for: try #require(images.first { $0.path == "yield.png" }), inFolder: signs)
        #expect(throws: ImageError(path: "stop.png", reason: .hashMismatch(recorded: stop.sha256, computed: try #require(images.first { $0.path == "yield.png" }).sha256))) {
            try stop.verifiedData(at: yield)
        }
        #expect(stop.matches(try Data(contentsOf: signs.appendingPathComponent("stop.png"))))
        for path in ["../secret.png", "/etc/passwd", "a//b.png", "", "signs/../../x.png", "a\\..\\b.png"] {
            var hostile = stop
            hostile.path = path
            #expect(throws: ImageError(path: path, reason: .unsafePath)) {
                try CompiledBank.imageURL(for: hostile, documentURL: URL(fileURLWithPath: "/app/Banks/bank.en.json"))
            }
        }
        var nested = stop
        nested.path = "signs/stop.png"
        #expect(try CompiledBank.imageURL(for: nested, documentURL: URL(fileURLWithPath: "/app/Banks/bank.en.json")).path == "/app/Banks/signs/stop.png")
    }
}

extension LoadError.Reason {
    var isNotJSON: Bool {
        if case .notJSON = self { return true }
        return false
    }
}

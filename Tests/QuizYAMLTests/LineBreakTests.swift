import Testing
@testable import QuizYAML

@Suite struct LineBreakTests {
    static let breaks: [(name: String, text: String)] = [
        ("LF", "\n"), ("CR", "\r"), ("CR LF", "\r\n"), ("NEL", "\u{85}"), ("LS", "\u{2028}"), ("PS", "\u{2029}"),
    ]

    /// What libyaml's scanner does with each break, checked rather than assumed: every
    /// line count in quizbank follows it.
    @Test(arguments: breaks.map(\.name))
    func libyamlCountsEachBreakAsOneLine(_ name: String) throws {
        let lineBreak = try #require(Self.breaks.first { $0.name == name }).text
        let text = ["a: 1", "bé: 2", "c: 3"].joined(separator: lineBreak) + lineBreak
        var keys: [SourceMark] = []
        var inMapping = false
        var expectingKey = true
        try YAMLEventParser.parse(Array(text.utf8)) { event, range in
            switch event {
            case .mappingStart: inMapping = true
            case .scalar where inMapping:
                if expectingKey { keys.append(range.start) }
                expectingKey.toggle()
            default: break
            }
        }
        #expect(keys == [SourceMark(line: 1, column: 1), SourceMark(line: 2, column: 1), SourceMark(line: 3, column: 1)])
    }

    @Test(arguments: breaks.map(\.name))
    func linesAreFoundAsLibyamlNumbersThem(_ name: String) throws {
        let lineBreak = try #require(Self.breaks.first { $0.name == name }).text
        let bytes = Array(("\u{FEFF}first" + lineBreak + "sécond" + lineBreak + lineBreak + "last").utf8)
        let lines = bytes.withUnsafeBufferPointer { buffer in
            (0...5).map { LineBreak.line($0, of: buffer).map { String(decoding: $0, as: UTF8.self) } }
        }
        #expect(lines == [nil, "first", "sécond", "", "last", nil])
        // An encoding error's place, counted from a byte offset, agrees.
        let offset = bytes.count - 2
        let mark = bytes.withUnsafeBufferPointer { YAMLEventParser.markOfByte(offset, in: $0) }
        #expect(mark == SourceMark(line: 4, column: 3))
    }

    @Test func otherBytesAreNoBreaks() {
        // A lead byte of NEL or LS followed by something else, and a lone continuation byte.
        let bytes: [UInt8] = Array("é…\u{2027}".utf8) + [0x85]
        bytes.withUnsafeBufferPointer { buffer in
            #expect(buffer.indices.allSatisfy { LineBreak.length(buffer, at: $0) == 0 })
        }
    }

    @Test func aControlCharacterAfterUnicodeBreaksIsPlacedOnItsLine() {
        let text = ["quizbank: 1", "id: demo", "text: a star.\u{07}"].joined(separator: "\u{2028}")
        #expect(throws: YAMLProblem(.encoding, "control character U+0007 is not allowed",
                                    at: SourceRange(start: SourceMark(line: 3, column: 14), end: SourceMark(line: 3, column: 15)))) {
            try YAMLLoader().load(Array(text.utf8))
        }
    }
}

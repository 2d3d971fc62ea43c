import Testing
import TestSupport
import QuizBank
import QuizYAML
@testable import QuizLint
@testable import QuizRules

/// What the rule examples cannot say: the messages, the narrowed ranges and the suggestions of
/// the content hygiene rules.
@Suite struct HygieneRuleTests {
    private static let header = "quizbank: 1\nid: test\ntitle: Test\nlocale: en\n"

    /// The findings of one rule.
    private func lint(_ rule: any LintRule.Type, _ yaml: String, options: [String: OptionValue] = [:],
                      header: String = HygieneRuleTests.header) -> [Finding] {
        var configuration = Configuration()
        configuration.rules[rule.description.id] = Configuration.RuleSetting(severity: nil, isOff: false, options: options)
        let result = LintEngine(rules: [rule]).lint([LintInput(path: "bank.yaml", bytes: Array((header + yaml).utf8),
                                                               configuration: configuration)])
        return result.findings.filter { $0.ruleID == rule.description.id }
    }

    private func place(_ finding: Finding) -> String {
        "\(finding.range.start.line):\(finding.range.start.column)-\(finding.range.end.line):\(finding.range.end.column)"
    }

    @Test func placeholderIsNarrowedInPlainAndQuotedScalars() {
        let found = lint(PlaceholderTextRule.self, """
            questions:
              - id: a
                text: Which city is the capital? TODO check
                choices: [{text: Paris, correct: true}, "..."]
                explanation: "It is FIXME."
            """)
        #expect(found.map(place) == ["7:38-7:42", "8:46-8:49", "9:25-9:30"])
        #expect(found.map(\.message) == [
            "the text of question 'a' contains the placeholder 'TODO'",
            "choice 2 of question 'a' is only '...', a placeholder rather than a text",
            "the explanation of question 'a' contains the placeholder 'FIXME'",
        ])
    }

    @Test func escapesAndBlocksKeepTheWholeRange() {
        let found = lint(PlaceholderTextRule.self, """
            questions:
              - id: a
                text: "Which \\"city\\"? TODO"
                answer: true
                explanation: |
                  TBD
            """)
        #expect(found.map(place) == ["7:11-7:33", "9:18-10:10"])
    }

    @Test func translatedTextsNameTheirLocale() {
        let found = lint(PlaceholderTextRule.self, """
            locales: [en, pt-BR]
            questions:
              - id: a
                text: {en: The Sun is a star., pt-BR: "???"}
                answer: true
            """)
        #expect(found.map(\.message) == ["the 'pt-BR' translation of the text of question 'a' is only '???', a placeholder rather than a text"])
    }

    /// The line index's 32-bit starts are those of splitting the text at `\n`, `\r\n` and `\r`.
    /// The index lists every `stride`th line start and reads on from it: each line reads as
    /// splitting the text at each line break gives it, in texts of fewer and of many more lines
    /// than the stride.
    @Test func lineStartsAreThoseOfSplittingAtEachLineBreak() {
        var generator = QualityRuleTests.SplitMix(seed: 47)
        let pieces = ["a", "bc", "\n", "\r\n", "\r", "é", "\n\n"]
        // Every text kept to the end: the shared index knows a bank by its address and size.
        var texts: [[UInt8]] = []
        for round in 0..<200 {
            let count = Int(generator.next() % (round % 2 == 0 ? 12 : 400))
            let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let bytes = Array(text.utf8)
            texts.append(bytes)
            var expected: [UInt32] = [0]
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                if byte == 0x0A || byte == 0x0D { expected.append(UInt32(index)) }
            }
            let listed = stride(from: 0, to: expected.count, by: SourceLineIndex.LineStarts.stride).map { expected[$0] }
            #expect(SourceLineIndex.lineStarts(bytes).offsets == listed, "round \(round): \(text.debugDescription)")
            let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.map(String.init)
            for line in 0...(expected.count + 1) {
                let read = SourceLineIndex.shared.line(line, of: bytes).map { String(decoding: $0, as: UTF8.self) }
                #expect(read == (line >= 1 && line <= lines.count ? lines[line - 1] : nil), "round \(round), line \(line)")
            }
        }
        #expect(texts.count == 200)
        #expect(texts.contains { bytes in bytes.filter { $0 == 0x0A || $0 == 0x0D }.count > 3 * SourceLineIndex.LineStarts.stride })
    }

    @Test func narrowingCountsScalarsAndCRLFLines() {
        let yaml = "questions:\r\n  - id: a\r\n    text: \"Où est l’été ??? là\"\r\n    answer: true\r\n"
        let found = lint(PlaceholderTextRule.self, yaml, header: Self.header.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(found.map(place) == ["7:25-7:28"])
    }

    @Test func whitespaceSuggestsTheFixedText() {
        let found = lint(WhitespaceRule.self, """
            questions:
              - id: a
                text: " Which film  starred\\tJim Carrey? "
                answer: true
            """)
        #expect(found.map(\.message) == ["the text of question 'a' has a leading space, extra spaces or tabs after 'film' and 'starred' and a trailing space"])
        #expect(found.first?.suggestion == "Which film starred Jim Carrey?")
        #expect(found.map(place) == ["7:11-7:47"])
        let tab = lint(WhitespaceRule.self, """
            questions:
              - id: a
                text: "\\tWhich film starred Jim Carrey?"
                answer: true
            """)
        #expect(tab.map(\.message) == ["the text of question 'a' has a leading tab"])
    }

    /// The quick look, eight bytes at a time, says what a byte-at-a-time look says on texts of
    /// every mix of spaces, tabs, line feeds and letters, at every length and alignment.
    @Test func whitespaceQuickLookAgreesWithAByteAtATimeLook() {
        func reference(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            var previous: UInt8 = 0x0A
            for byte in bytes {
                if byte == 0x09 || (byte == 0x20 && (previous == 0x20 || previous == 0x0A)) { return true }
                previous = byte
            }
            return bytes.last { $0 != 0x0A && $0 != 0x0D } == 0x20
        }
        var generator = seededGenerator()
        let alphabets: [[Character]] = [["a", "b", " "], ["a", " ", "\n"], ["a", "b", "c", "d", " ", "\t"], ["x", " ", "\r", "\n", "é"]]
        for _ in 0..<20_000 {
            let alphabet = alphabets.randomElement(using: &generator)!
            let text = String((0..<Int.random(in: 0..<40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(SpacingPrefilter.mayHaveProblems(text) == reference(text), "\(text.debugDescription)")
        }
    }

    /// The marker quick look says what a plain search for its markers says, for marker lists
    /// of every shape (one to four bytes, found as written or in any case, single bytes).
    @Test func markerQuickLookAgreesWithAPlainSearch() {
        let lists: [(markers: [String], anyCase: [String], bytes: [UInt8])] = [
            (["TODO", "TBD", "FIXM", "XXX", "???"], ["orem"], [0xEF]),
            (["WIP", "?"], ["ab", "Q"], []),
            ([], ["ipsum"], [0x2D, 0xC3]),
        ]
        func reference(_ text: String, _ list: (markers: [String], anyCase: [String], bytes: [UInt8])) -> Bool {
            let bytes = Array(text.utf8), folded = Array(text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 })
            func holds(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
                haystack.count >= needle.count && (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
            }
            return list.markers.contains { holds(bytes, Array($0.utf8.prefix(4))) }
                || list.anyCase.contains { holds(folded, Array($0.lowercased().utf8.prefix(4))) }
                || bytes.contains { list.bytes.contains($0) }
        }
        var generator = seededGenerator()
        let pieces = ["?", "??", "T", "B", "D", "X", "TO", "DO", "FIX", "M", "or", "em", "OR", "EM", "m", "a", "b", "A", "q", "Q",
                      "WI", "P", "ip", "SUM", " ", ".", "-", "_", "…", "é", "\u{FEFF}", "\u{0F}"]
        for list in lists {
            let look = MarkerPrefilter(list.markers, anyCase: list.anyCase, bytes: list.bytes)
            for _ in 0..<5_000 {
                let text = randomText(pieceCount: 0..<14, from: pieces, using: &generator)
                let found = text.withUTF8Bytes { look.occurs(in: $0) }
                #expect(found == reference(text, list), "\(list.markers) \(list.anyCase): \(text.debugDescription)")
            }
        }
    }

    /// The placeholder rule's quick look passes every text its close look reports: random texts
    /// of marker pieces, marks and letters, in every field of a question.
    @Test func placeholderQuickLookPassesEveryTextTheRuleReports() {
        var generator = seededGenerator()
        let pieces = ["?", "??", "？", "T", "B", "D", "X", "TO", "DO", "FIX", "ME", "M", "XXX", ":", "lorem", "Lorem", "ipsum", "IPSUM",
                      "ＴＯＤＯ", "ｌｏｒｅｍ", "or", "em", " ", "  ", ".", "...", "-", "_", "…", "–", "a", "b", "é", "\u{A0}"]
        let rule = PlaceholderTextRule(options: RuleOptions([:]))
        var reported = 0
        for _ in 0..<600 {
            let texts = (0..<5).map { _ in randomText(pieceCount: 1..<10, from: pieces, using: &generator) }
            func quoted(_ text: String) -> String {
                "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }
            let yaml = Self.header + """
                questions:
                  - id: q
                    text: \(quoted(texts[0]))
                    choices: [{text: \(quoted(texts[1])), correct: true}, \(quoted(texts[2]))]
                    explanation: \(quoted(texts[3]))
                    hints: [\(quoted(texts[4]))]
                """
            guard let bank = BankDecoder().decode(Array(yaml.utf8), path: "bank.yaml").bank, let question = bank.questions.first else { continue }
            question.forEachText(sourceLocale: "en", where: { _, _ in true }) { entry in
                guard rule.placeholder(in: entry, of: question, sourceLocale: "en") != nil else { return }
                reported += 1
                #expect(PlaceholderTextRule.mayHavePlaceholder(entry.text), "\(entry.text.debugDescription)")
            }
        }
        #expect(reported > 100, "the random texts seldom hold a placeholder")
    }

    /// The quick look is made from the rule's markers: each of them, and any added, is seen.
    @Test func placeholderQuickLookSeesEveryMarker() {
        for marker in PlaceholderTextRule.markers {
            #expect(PlaceholderTextRule.mayHavePlaceholder("Explain \(marker) later, and more words after it"), "\(marker)")
        }
        let withAnother = MarkerPrefilter(PlaceholderTextRule.markers.map { String($0.prefix(4)) } + ["WIP"])
        #expect("Explain WIP later".withUTF8Bytes { withAnother.occurs(in: $0) })
        #expect(!"Explain it later".withUTF8Bytes { withAnother.occurs(in: $0) })
    }

    /// In a block, indentation, the spaces that end a line and the final line break are its
    /// layout and stay as written around the runs that become one space.
    @Test func whitespaceKeepsABlocksLayoutInTheFixedText() {
        let found = lint(WhitespaceRule.self, "questions:\n  - id: a\n    text: |\n      Which line  has two spaces?\n"
            + "        This one is indented,\twith a tab.\n      A line that ends in spaces   \n      Last  line\n    answer: true\n")
        #expect(found.map(\.message) == ["the text of question 'a' has extra spaces or tabs after 'line', 'indented,' and 'Last'"])
        #expect(found.first?.suggestion == "Which line has two spaces?\n  This one is indented, with a tab.\nA line that ends in spaces   \nLast line\n")
    }

    @Test func whitespaceNamesManyRunsBriefly() {
        let found = lint(WhitespaceRule.self, """
            questions:
              - id: a
                text: "a  b  c  d  e  f?"
                answer: true
            """)
        #expect(found.map(\.message) == ["the text of question 'a' has doubled spaces after 'a', 'b', 'c' and 2 more places"])
    }

    @Test func whitespaceNamesTheSentenceSpacingOption() {
        let yaml = """
            questions:
              - id: a
                text: "The Sun is a star.  Is it?"
                answer: true
            """
        #expect(lint(WhitespaceRule.self, yaml).map(\.message) == [
            "the text of question 'a' has a doubled space after 'star.' (`allow-two-spaces-after-sentence: true` accepts two spaces after a sentence)",
        ])
        #expect(lint(WhitespaceRule.self, yaml, options: ["allow-two-spaces-after-sentence": .boolean(true)]).isEmpty)
    }

    @Test func unbalancedBracketPointsAtTheBracket() {
        let found = lint(UnbalancedBracketsRule.self, """
            questions:
              - id: a
                text: Mars has two moons (Phobos and Deimos.
                answer: true
                explanation: "He said “go” and ”left."
            """)
        #expect(found.map(place) == ["7:30-7:31", "9:36-9:37"])
        #expect(found.map(\.message) == ["the text of question 'a' has a '(' that is not closed", "the explanation of question 'a' has an unpaired '”'"])
    }

    @Test func mixedScriptSuggestsTheFixedWord() {
        let found = lint(MixedScriptRule.self, """
            questions:
              - id: a
                text: Is Pаris in Frаnce?
                answer: true
                explanation: "Mосква is not."
            """)
        #expect(found.map(place) == ["7:14-7:19", "7:23-7:29", "9:19-9:25"])
        #expect(found.map(\.suggestion) == ["Paris", "France", "Москва"])
        #expect(found.first?.message == "the text of question 'a' has the word 'Pаris', Latin with Cyrillic letter 'а' U+0430 CYRILLIC SMALL LETTER A")
        #expect(found.last?.message == "the explanation of question 'a' has the word 'Mосква', Cyrillic with Latin letter 'M' U+004D LATIN CAPITAL LETTER M")
    }

    @Test func mixedScriptFindsALookAlikeWordAmongLatinWords() {
        let found = lint(MixedScriptRule.self, """
            questions:
              - id: a
                text: Which is the Grail?
                choices: [{text: а sport trophy, correct: true}, "а plate (Russian: тарелка, а not Latin)"]
            """)
        #expect(found.map(place) == ["8:22-8:23"])
        #expect(found.map(\.message) == ["choice 1 of question 'a' has the word 'а', a Cyrillic look-alike among Latin words: 'а' U+0430 CYRILLIC SMALL LETTER A"])
        #expect(found.map(\.suggestion) == ["a"])
    }

    @Test func mixedScriptSuggestsTheWholeTextWhenItCannotNarrow() {
        let found = lint(MixedScriptRule.self, """
            questions:
              - id: a
                text: >
                  Is Pаris
                  in France?
                answer: true
            """)
        #expect(found.first?.suggestion == "Is Paris in France?\n")
    }

    @Test func hintMatchIsNarrowed() {
        let found = lint(HintGivesAnswerRule.self, """
            questions:
              - id: a
                text: Which planet is red?
                choices: [{text: Mars, correct: true}, Venus]
                hints: ["Phobos orbits  mars."]
            """)
        #expect(found.map(place) == ["9:29-9:33"])
        #expect(found.map(\.message) == ["hint 1 of question 'a' gives the answer away: it contains the correct choice 'Mars'"])
    }

    @Test func questionPunctuationCountsEachLocale() {
        var yaml = "locales: [en, fr]\nquestions:\n"
        for index in 1...10 {
            let french = index == 3 ? "Quelle ville \(index)." : "Quelle ville \(index) ?"
            yaml += "  - id: q\(index)\n    text: {en: Which city \(index)?, fr: \(french)}\n    choices: [{text: A, correct: true}, B]\n"
        }
        let found = lint(QuestionPunctuationRule.self, yaml)
        #expect(found.map(\.message) == [
            "the 'fr' translation of the text of question 'q3' reads as a question but ends with '.'; 90% of this bank's choice questions in fr end with '?' or ':'",
        ])
        #expect(lint(QuestionPunctuationRule.self, yaml, options: ["threshold": .number(0.95)]).isEmpty)
        #expect(lint(QuestionPunctuationRule.self, yaml, options: ["style": .string("off")]).isEmpty)
    }

    @Test func questionPunctuationPassesOverStemsWithABlank() {
        // Nine stems with '?' and one that ends with a full stop: reported unless it has a blank
        // (two underscores, four dots, two ellipses), read from the bytes.
        func findings(_ stem: String) -> Int {
            var yaml = "questions:\n"
            for index in 1...9 { yaml += "  - id: q\(index)\n    text: Which city \(index)?\n    choices: [{text: A, correct: true}, B]\n" }
            yaml += "  - id: last\n    text: \"\(stem)\"\n    choices: [{text: A, correct: true}, B]\n"
            return lint(QuestionPunctuationRule.self, yaml).count
        }
        #expect(findings("Which city is it.") == 1)
        for blank in ["__", "....", "\u{2026}\u{2026}", "_____", "......"] {
            #expect(findings("Which city \(blank) is it.") == 0, "\(blank)")
        }
        for notBlank in ["_", "...", "\u{2026}", "\u{2026}.", "._", "\u{2026} \u{2026}", "\u{2025}\u{2025}"] {
            #expect(findings("Which city \(notBlank) is it.") == 1, "\(notBlank)")
        }
    }

    @Test func textLengthCountsWordsAtTheBoundOfHalfTheBytes() {
        // Eleven one-letter words take 21 bytes, the fewest that can hold more than ten words.
        func words(_ text: String) -> [String] {
            lint(TextLengthRule.self, "questions:\n  - id: a\n    text: \"\(text)\"\n    answer: true\n",
                 options: ["question-max-characters": .integer(0), "question-max-words": .integer(10)]).map(\.message)
        }
        #expect(words("a b c d e f g h i j k") == ["the text of question 'a' is too long: 11 words (the limit is 10)"])
        #expect(words("a b c d e f g h i j").isEmpty)
        #expect(words("ab c d e f g h i j k").isEmpty)
        #expect(words("é b c d e f g h i j k") == ["the text of question 'a' is too long: 11 words (the limit is 10)"])
    }

    @Test func choicePunctuationPointsAtTheStop() {
        let found = lint(ChoicePunctuationRule.self, """
            questions:
              - id: a
                text: What causes tides?
                choices:
                  - text: The pull of the Moon.
                    correct: true
                  - The wind over the sea
                  - The turning of the Earth
            """)
        #expect(found.map(place) == ["9:35-9:36"])
        #expect(found.map(\.message) == ["choice 1 of question 'a' ends with a full stop, unlike most of this question's choices"])
    }

    @Test func textLengthCountsCharactersAfterCollapsingSpaces() {
        let found = lint(TextLengthRule.self, """
            questions:
              - id: a
                text: "Is   the   café   open?"
                answer: true
            """, options: ["question-max-characters": .integer(16), "question-max-words": .integer(3)])
        #expect(found.map(\.message) == ["the text of question 'a' is too long: 17 characters (the limit is 16) and 4 words (the limit is 3)"])
    }

    @Test func explanationRepeatsReportsTheExplanation() {
        let found = lint(ExplanationRepeatsQuestionRule.self, """
            questions:
              - id: a
                text: The Sun is a star.
                answer: true
                explanation: "The sun is a star!"
            """)
        #expect(found.map(place) == ["9:18-9:38"])
        #expect(found.map(\.message) == ["the explanation of question 'a' repeats the question word for word; say why the answer is right"])
    }
}

/// The byte sets behind the rules' quick looks find what a plain search finds.
@Suite struct ByteSetTests {
    @Test func firstIndexIsTheFirstMemberFromTheStart() {
        var generator = seededGenerator()
        let sets: [(ByteSet, (UInt8) -> Bool)] = [
            (ByteSet.nonASCII, { $0 >= 0x80 }),
            (ByteSet { $0 >= 0xCD }, { $0 >= 0xCD }),
            (ByteSet([0x28, 0x29, 0xAB, 0xBB]), { [0x28, 0x29, 0xAB, 0xBB].contains($0) }),
        ]
        let alphabets: [[UInt8]] = [Array("ab (".utf8), [0x61, 0x62, 0xC3, 0xA9, 0xCD, 0xCE], (0...255).map { UInt8($0) }]
        for _ in 0..<5_000 {
            let alphabet = alphabets.randomElement(using: &generator)!
            let bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let start = Int.random(in: 0...bytes.count, using: &generator)
            for (set, isMember) in sets {
                let expected = bytes.indices.first { $0 >= start && isMember(bytes[$0]) }
                #expect(bytes.withUnsafeBufferPointer { set.firstIndex(in: $0, from: start) } == expected, "\(bytes) from \(start)")
            }
        }
    }
}

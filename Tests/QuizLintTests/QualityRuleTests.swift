import Foundation
import Testing
import TestSupport
import QuizBank
import QuizSupport
import QuizYAML
@testable import QuizLint
@testable import QuizRules

/// The pieces of the quality rules that their examples do not pin down: the normal form, the
/// statistics against reference values (scipy.stats), the similarity join against brute force,
/// and the graded severities and related locations of the duplicate rules.
@Suite struct QualityRuleTests {
    @Test(arguments: [
        ("What is the capital of France?", "whatisthecapitaloffrance"),
        ("  what is the CAPITAL of\tfrance ", "whatisthecapitaloffrance"),
        ("Straße ﬁ ① ＡＢ", "strassefi1ab"),
        ("-2", "-2"), ("2", "2"), ("2.5", "2.5"), ("25", "25"), ("−2.5", "−2.5"),
        ("1,000 or 1 000", "1,000or1 000"), ("A-1", "a1"), ("x -2", "x-2"), ("- $20", "-$20"),
        ("3 / 4", "3 / 4"), ("1999-2000", "1999-2000"), ("50%", "50"), ("2 + 2", "2+2"),
        ("Is it?!", "isit"), ("\u{200B}zero\u{00AD}width", "zerowidth"), ("...", ""),
    ])
    func normalForm(_ text: String, _ expected: String) {
        #expect(QualityText.normalized(text) == expected)
    }

    @Test(arguments: [
        ("Maria H. Carey", "maria h carey"), ("Mariah Carey", "mariah carey"), ("Tu Pac", "tu pac"),
        ("Paris.", "paris"), ("  Paris  ", "paris"), ("x -2", "x -2"), ("U.S.A.", "usa"),
    ])
    func choiceForm(_ text: String, _ expected: String) {
        #expect(QualityText.normalized(text, keepingWordBreaks: true) == expected)
    }

    /// An ASCII text's normal form from its bytes (`normalizedASCII`) is the one its scalars give.
    @Test func asciiNormalizedIsTheScalarsNormalized() {
        let pieces = [" ", "  ", "\t", "\r\n", "\u{1}", "a", "B", "x", "7", "2", "-", "--", "$", "+", ".", ",", "/", "%", "'", "(", ")",
                      "_", "?", "!", "~", "\\", "{"]
        var generator = seededGenerator()
        func agree(_ text: String) {
            for keepingWordBreaks in [false, true] {
                let scalars = String(decoding: QualityText.normalizedScalars(text.unicodeScalars, keepingWordBreaks: keepingWordBreaks), as: UTF8.self)
                #expect(QualityText.normalized(text, keepingWordBreaks: keepingWordBreaks) == scalars, "\(text.debugDescription) \(keepingWordBreaks)")
            }
        }
        for _ in 0..<20_000 { agree(randomText(pieceCount: 0..<12, from: pieces, using: &generator)) }
        for text in EnglishASCIITests.authoredTexts where EnglishASCIITests.isASCII(text) { agree(text) }
        // Every ASCII value (classified from a table in the bytes' reading), between words and
        // numbers, and where a sign may be kept.
        for value in 0..<128 {
            let character = String(Unicode.Scalar(UInt8(value)))
            for text in [character, "a\(character)b", "1\(character)2", "-\(character)3", "x \(character)-4", "\(character)\(character)$5"] { agree(text) }
        }
    }

    @Test func logGammaMatchesReference() {
        #expect(abs(SignificanceTests.logGamma(0.5) - 0.5723649429247004) < 1e-12)
        #expect(abs(SignificanceTests.logGamma(10.5) - 13.940625219403763) < 1e-12)
        #expect(abs(SignificanceTests.logGamma(100) - 359.1342053695754) < 1e-9)
    }

    @Test(arguments: [
        (60.0, 3, 5.878230727906921e-13), (6.8, 3, 0.07855315983679816), (2.4, 3, 0.49363462271172787),
        (0.5, 1, 0.47950012218695337), (3.84, 1, 0.05004352124870519), (10.0, 4, 0.04042768199451279),
        (25.0, 7, 0.0007588002556582502), (100.0, 7, 1.0787979671702833e-18), (0.001, 2, 0.9995001249791693),
        (40.0, 30, 0.10486428110798468),
    ])
    func chiSquareSurvivalMatchesScipy(_ statistic: Double, _ df: Int, _ expected: Double) {
        let p = SignificanceTests.chiSquareSurvival(statistic, degreesOfFreedom: df)
        #expect(abs(p - expected) <= 1e-9 * max(1, expected) || abs(p / expected - 1) < 1e-8, "\(p) vs \(expected)")
    }

    @Test func binomialTailMatchesScipy() {
        let twenty = [Double](repeating: 0.25, count: 20)
        #expect(abs(SignificanceTests.upperTail(successes: 10, probabilities: twenty).p - 0.01386441694376117) < 1e-12)
        #expect(abs(SignificanceTests.upperTail(successes: 11, probabilities: twenty).p - 0.003942141664083465) < 1e-12)
        #expect(abs(SignificanceTests.upperTail(successes: 20, probabilities: twenty).p / 9.094947017729282e-13 - 1) < 1e-9)
        // P(X >= 300) for a binomial(1000, 0.25): exact, and the normal approximation beyond the limit.
        let thousand = [Double](repeating: 0.25, count: 1000)
        let exact = SignificanceTests.upperTail(successes: 300, probabilities: thousand)
        #expect(exact.exact && abs(exact.p / 0.0001935903219490758 - 1) < 1e-8)
        let approximate = SignificanceTests.upperTail(successes: 300, probabilities: thousand, exactLimit: 10)
        #expect(!approximate.exact && abs(approximate.p / 0.0001935903219490758 - 1) < 0.25)
    }

    @Test func topicNeedsRoundUpOnlyPastFloatError() {
        #expect(TopicCoverageRule.needed(weight: 0.3, size: 10) == 3)
        #expect(TopicCoverageRule.needed(weight: 0.35, size: 10) == 4)
        #expect(TopicCoverageRule.needed(weight: 0.1, size: 3) == 1)
    }

    /// The join finds exactly the pairs brute force finds, with the same similarity.
    @Test func joinMatchesBruteForce() {
        var generator = SplitMix(seed: 7)
        let words = ["the", "capital", "of", "france", "spain", "is", "which", "city", "largest", "river", "what",
                     "a", "in", "europe", "name", "this", "man", "wrote", "novel", "1984", "2001"]
        var texts: [String] = []
        for _ in 0..<400 {
            let count = 1 + Int(generator.next() % 9)
            texts.append((0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " "))
        }
        // Some reworded copies, so there are pairs at every similarity.
        for index in 0..<100 { texts.append(texts[index] + " " + words[index % words.count]) }
        let normalized = texts.map { QualityText.normalized($0) }
        for threshold in [0.5, 0.6, 0.8, 1.0] {
            let found = NearDuplicateJoin.pairs(normalized, threshold: threshold)
            var expected: [NearDuplicateJoin.Pair] = []
            let sets = normalized.map(Self.shingles)
            for a in sets.indices {
                for b in sets.indices where b > a && !sets[a].isEmpty && !sets[b].isEmpty {
                    let similarity = Double(sets[a].intersection(sets[b]).count) / Double(sets[a].union(sets[b]).count)
                    if similarity >= threshold { expected.append(.init(first: a, second: b, similarity: similarity)) }
                }
            }
            #expect(found == expected, "threshold \(threshold): \(found.count) found, \(expected.count) expected")
        }
    }

    @Test func wordHashesCutLikeSplit() {
        typealias Visitor = NearDuplicateQuestionRule.Visitor
        for form in ["", " ", "frogs can breathe underwater", " two  spaces ", "a", "1 000 -2", "café au lait", "a \u{301}b c"] {
            let expected = form.split(separator: " ").map { FNV1a.hash($0.utf8) }.sorted()
            #expect(Visitor.wordHashes(form) == expected, "\(form)")
        }
    }

    static func shingles(_ text: String) -> Set<String> {
        let scalars = Array(text.unicodeScalars)
        if scalars.isEmpty { return [] }
        if scalars.count < 5 { return [text] }
        return Set((0...(scalars.count - 5)).map { start in
            var shingle = ""
            shingle.unicodeScalars.append(contentsOf: scalars[start..<(start + 5)])
            return shingle
        })
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func lint(_ banks: [(String, String)], rule: String, severity: Severity? = nil) -> [Finding] {
        var configuration = Configuration()
        if let severity { configuration.rules[rule] = .init(severity: severity, isOff: false, options: [:]) }
        let inputs = banks.map { LintInput(path: $0.0, bytes: Array($0.1.utf8), configuration: configuration) }
        return LintEngine(rules: RuleRegistry.all.filter { $0.description.id == rule }).lint(inputs).findings
    }

    static let sunTrue = """
        quizbank: 1
        id: one
        title: One
        locale: en
        questions:
          - id: sun
            text: The Sun is a star.
            answer: true
        """
    static let sunFalse = """
        quizbank: 1
        id: two
        title: Two
        locale: en
        questions:
          - id: planet
            text: Mars is a planet.
            answer: true
          - id: sun
            text: the sun is a STAR
            answer: false
        """

    @Test func conflictAcrossBanksIsOneStepAboveTheConfiguredSeverity() {
        let findings = Self.lint([("a.yaml", Self.sunTrue), ("b.yaml", Self.sunFalse)], rule: "duplicate-question")
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.hasPrefix("conflict") == true)
        #expect(findings.first?.path == "a.yaml")
        #expect(findings.first?.related.map(\.path) == ["b.yaml"])
        #expect(findings.first?.related.map(\.range.start.line) == [9])
        let configured = Self.lint([("a.yaml", Self.sunTrue), ("b.yaml", Self.sunFalse)], rule: "duplicate-question", severity: .info)
        #expect(configured.first?.severity == .warning)
    }

    @Test func duplicatesInDifferentLocalesAreNotCompared() {
        let portuguese = Self.sunFalse.replacingOccurrences(of: "locale: en", with: "locale: pt-BR")
        #expect(Self.lint([("a.yaml", Self.sunTrue), ("b.yaml", portuguese)], rule: "duplicate-question").isEmpty)
    }

    @Test func negatedPairIsOneStepBelow() {
        let bank = """
            quizbank: 1
            id: demo
            title: Demo
            locale: en
            questions:
              - id: whale
                text: The blue whale is the largest animal that has ever lived.
                answer: true
              - id: whale-2
                text: The blue whale is not the largest animal that has ever lived.
                answer: false
            """
        #expect(Self.lint([("a.yaml", bank)], rule: "near-duplicate-question").map(\.severity) == [.info])
        #expect(Self.lint([("a.yaml", bank)], rule: "near-duplicate-question", severity: .error).map(\.severity) == [.warning])
    }

    /// Variants of one question make one finding, at the first, whatever the order of the pairs.
    @Test func clustersAreReportedOnceAtTheirFirstMember() {
        var lines = ["quizbank: 1", "id: demo", "title: Demo", "locale: en", "questions:"]
        let stems = ["The theory of relativity was introduced in physics by this man.",
                     "Quick one: the theory of relativity was introduced in physics by this man.",
                     "The theory of relativity was introduced in physics by which man?",
                     "The theory of relativity was introduced in physics by this man (bonus)."]
        for (index, stem) in stems.enumerated() {
            lines += ["  - id: q\(index)", "    text: \"\(stem)\"", "    choices:", "      - text: Albert Einstein",
                      "        correct: true", "      - Isaac Newton"]
        }
        let findings = Self.lint([("a.yaml", lines.joined(separator: "\n"))], rule: "near-duplicate-question")
        #expect(findings.count == 1)
        #expect(findings.first?.range.start.line == 6)
        #expect(findings.first?.related.map(\.range.start.line) == [12, 18, 24])
    }
}

/// The trimmed length the balance rules compare says what Foundation's trimming says.
@Suite struct QualityTextLengthTests {
    @Test func lengthIsFoundationsTrimmedCount() {
        let pieces = ["a", "b", "é", "e\u{301}", " ", "\t", "\n", "\r\n", "\u{A0}", "\u{2003}", "\u{2028}", "\u{85}", "\u{3000}",
                      "\u{301}", "\u{200B}", "🇧🇷", "x y", "\u{FEFF}"]
        var generator = seededGenerator()
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<8, from: pieces, using: &generator)
            #expect(QualityText.length(text) == text.trimmingCharacters(in: .whitespacesAndNewlines).count, "\(text.debugDescription)")
        }
        for scalar in (0..<0x11_0000).compactMap(Unicode.Scalar.init) {
            let text = String(scalar)
            #expect(QualityText.isWhitespaceOrNewline(scalar) == (text.trimmingCharacters(in: .whitespacesAndNewlines) != text),
                    "U+\(String(scalar.value, radix: 16))")
        }
    }
}

/// The item-writing rules' search for an ASCII piece finds what Foundation's `contains` finds.
@Suite struct ContainsASCIITests {
    @Test func containsASCIIIsFoundationsContains() {
        // ASCII texts (answered from their bytes alone) and others, with CR LF beside the needles.
        let pieces = [" ", "and", "And", ",", "&", "a", "n", "d", "\u{301}", "é", "\u{FF0C}", "\u{2009}", "x", "\r\n", "\r", "\n", "?"]
        var generator = seededGenerator()
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<9, from: pieces, using: &generator)
            #expect(English.containsASCII(text, " and ") == text.contains(" and "), "\(text.debugDescription)")
            #expect(English.containsASCII(text, ",") == text.contains(","), "\(text.debugDescription)")
            #expect(English.containsASCII(text, " & ") == text.contains(" & "), "\(text.debugDescription)")
            #expect(English.containsASCII(text, "?") == text.contains("?"), "\(text.debugDescription)")
        }
    }

    @Test func containsBeyondASCIIIsFoundationsContains() {
        // ASCII texts (answered from their bytes alone) and others, with marks that combine
        // with the needle and the ASCII question mark it stands for.
        let pieces = [" ", "?", "\u{FF1F}", "\u{FF1F}\u{301}", "\u{301}", "\u{FE56}", "What", "\u{3002}", "é", "\r\n", "x", "\u{FF1F}\u{FF1F}"]
        var generator = seededGenerator()
        var found = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<6, from: pieces, using: &generator)
            let expected = text.contains("\u{FF1F}")
            if expected { found += 1 }
            #expect(English.containsBeyondASCII(text, "\u{FF1F}") == expected, "\(text.debugDescription)")
        }
        #expect(found > 2_000 && found < 18_000, "\(found) found")
        for text in EnglishASCIITests.authoredTexts {
            #expect(English.containsBeyondASCII(text, "\u{FF1F}") == text.contains("\u{FF1F}"), "\(text.debugDescription)")
        }
    }
}

/// The ASCII shortcuts of the English word tests answer as `Character`'s properties do.
@Suite struct EnglishCharacterTests {
    @Test func asciiShortcutsAgreeWithCharacterProperties() {
        let characters = (0..<0x300).compactMap(Unicode.Scalar.init).map(Character.init) + ["\r\n", "e\u{301}", "🇧🇷", "½", "٣"]
        for character in characters {
            #expect(English.isLetter(character) == character.isLetter, "\(character.debugDescription)")
            #expect(English.isWordCharacter(character) == (character.isLetter || character.isNumber), "\(character.debugDescription)")
        }
    }
}

/// The item-writing rules read ASCII texts as bytes: the same words as `Character` by `Character`.
@Suite struct EnglishWordsTests {
    @Test func asciiWordsAreThoseOfAnyText() {
        let pieces = [" ", "Which", "is", "NOT", "don't", "O'Neil", "'", "x'", "4th", "1,000", "co-op", "\r\n", "\r", "\n", ".", "?", "!", ":",
                      "(", ")", "[", "]", "\"", "*", "_", "Sahara", "the", "A", "\t", "rock'n'roll", "e.g.", "--", ";", "'s", "U.S.A", "D.",
                      "x", "b1"]
        var generator = seededGenerator()
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<12, from: pieces, using: &generator)
            #expect(English.asciiWords(text) == English.wordsOfAnyText(text), "\(text.debugDescription)")
        }
        #expect(English.asciiWords("caf\u{E9}") == nil)
    }

    @Test func anAbbreviationOfLettersJoinedByPointsIsOneWord() {
        let readings: [(String, [String])] = [
            ("Born in the U.S.A", ["Born", "in", "the", "U.S.A"]),
            ("Washington, D.C. is", ["Washington", "D.C", "is"]),
            ("pets, e.g. cats", ["pets", "e.g", "cats"]),
            ("J. R. R. Tolkien", ["J", "R", "R", "Tolkien"]),
            ("J.R.R. Tolkien's", ["J.R.R", "Tolkien's"]),
            ("U.S.Army", ["U.S", "Army"]),
            ("A.B1 and 3.5", ["A", "B1", "and", "3", "5"]),
            ("end.A.", ["end", "A"]),
            ("\u{C9}.U. and \u{C9}.Uno", ["\u{C9}.U", "and", "\u{C9}", "Uno"]),
        ]
        for (text, words) in readings {
            #expect(English.wordsOfAnyText(text).map(\.text) == words, "\(text.debugDescription)")
            if let ascii = English.asciiWords(text) { #expect(ascii.map(\.text) == words, "\(text.debugDescription)") }
        }
        #expect(English.wordsOfAnyText("the U.S.A").last?.lower == "u.s.a")
        // The point after an abbreviation does not end a sentence, as after an initial.
        for text in ["Pets, e.g. cats, purr.", "The U.S. Army marched."] {
            #expect(English.sentences(text, words: English.words(text)).count == 1, "\(text.debugDescription)")
        }
    }
}

/// all-of-the-above and none-of-the-above look at a choice's first word from its bytes when
/// they can: the same word as read `Character` by `Character`.
@Suite struct AggregateChoiceFirstWordTests {
    @Test func firstWordIsThatOfCharacters() {
        let pieces = [" ", "All", "NONE", "of", "the", "above", "1", "(", "\"", "é", "Ärger", "\u{301}", "-", "b", "\r\n", "x2"]
        var generator = seededGenerator()
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<6, from: pieces, using: &generator)
            #expect(AggregateChoice.firstWord(text) == text.drop { !$0.isLetter }.prefix { $0.isLetter }.lowercased(), "\(text.debugDescription)")
        }
    }
}

/// `English.isEnglish` compares a two-byte language part in place: the same answer as the
/// language read by `LocalizableTexts`.
@Suite struct EnglishLocaleTests {
    @Test func isEnglishIsTheLanguageEn() {
        let pieces = ["en", "EN", "eN", "e", "n", "-", "GB", "-US", "fr", "eng", "x", "é", "Ｅ", "", "_"]
        var generator = seededGenerator()
        for _ in 0..<20_000 {
            let locale = randomText(pieceCount: 0..<4, from: pieces, using: &generator)
            #expect(English.isEnglish(locale) == (LocalizableTexts.language(of: locale) == "en"), "\(locale.debugDescription)")
        }
    }
}

/// `English.Fragments` and a word's capitals answer as the `Character` and Foundation readings
/// do (lower-cased text, Foundation's `contains`).
@Suite struct EnglishShortcutTests {
    @Test func fragmentsOccurAsFoundationFindsThem() {
        let pieces = ["n", "t", "N", "T", "not", "NOT", "don't", "dont", "ex", "cept", "EXCEPT", " ", "é", "n\u{2019}t", "x", "\u{301}",
                      "K", "\u{212A}", "ő", "İ"]
        let fragments = ["not", "n't", "n\u{2019}t", "nt", "except", "k", "", "ot"]
        var generator = seededGenerator()
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<6, from: pieces, using: &generator)
            let subset = fragments.filter { _ in Bool.random(using: &generator) }
            let lower = text.lowercased()
            // Foundation's answer, but for an empty fragment in ASCII text, which the byte-wise
            // search has always found.
            let expected = subset.contains { fragment in
                fragment.isEmpty && text.utf8.allSatisfy { $0 < 0x80 } || lower.contains(fragment)
            }
            #expect(English.Fragments(subset).occur(in: text) == expected, "\(text.debugDescription) \(subset)")
        }
    }

    @Test func capitalsAreThoseOfCharacters() {
        let pieces = ["A", "a", "B", "z", "Z", "1", "'", "-", "É", "é", "E\u{301}", "ß", "Σ", "DŽ", "ǅ"]
        var generator = seededGenerator()
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 1..<5, from: pieces, using: &generator)
            let word = EnglishWord(text: text, lower: text.lowercased(), range: text.startIndex..<text.endIndex, before: nil, after: nil,
                                   startsSentence: false, quoted: false)
            let letters = text.filter(\.isLetter)
            #expect(word.isAllCaps == (letters.count >= 2 && letters.allSatisfy(\.isUppercase)), "\(text.debugDescription)")
            #expect(word.isCapitalized == (text.first?.isUppercase ?? false), "\(text.debugDescription)")
        }
    }
}

/// `English.stem` works on the bytes of an ASCII word: the same stems as on Characters.
@Suite struct EnglishStemTests {
    @Test func asciiStemsAreThoseOfAnyWord() {
        let pieces = ["stud", "ies", "ing", "ed", "ly", "es", "ch", "sh", "ss", "x", "z", "s", "us", "is", "'", "'s", "a", "B", "CH", "ES",
                      "Y", " ", "-"]
        var generator = seededGenerator()
        for _ in 0..<30_000 {
            let word = randomText(pieceCount: 0..<6, from: pieces, using: &generator)
            #expect(English.asciiStem(word) == English.stemOfAnyWord(word), "\(word.debugDescription)")
        }
        #expect(English.asciiStem("caf\u{E9}s") == nil)
    }
}

/// numeric-choice-order's quick look turns away only choices its parse cannot read.
@Suite struct NumericQuickLookTests {
    @Test func rejectedChoicesAreNoNumbers() {
        let pieces = ["one", "Twenty", "-", "one", "AD ", "ad", "$", "(", "\"", ".", " ", "Paris", "hundred", "x", "5", "%", "'s", "th",
                      "BC", "é", "+", "million", "years", "half", "Half", "a half", "thirds", " of ", "cent"]
        var generator = seededGenerator()
        var kept = 0
        for _ in 0..<30_000 {
            let text = randomText(pieceCount: 0..<5, from: pieces, using: &generator)
            if NumericValue.mayBeNumber(text) {
                kept += 1
            } else {
                #expect(NumericValue.parseFully(text) == nil, "\(text.debugDescription)")
                #expect(NumericValue.fractionInWords(text) == nil, "\(text.debugDescription)")
            }
        }
        #expect(kept > 1_000)
    }

    /// `orderingValue` is `parse(orderingForm(_:))`: on random texts of number words,
    /// qualifiers that `orderingForm` takes off, marks, digits and spaces, and on every text of
    /// the labelled questions and the example banks.
    @Test func orderingValueIsParseOfOrderingForm() {
        let pieces = ["one", "Twenty", "first", "twice", "a", "A ", "million", "AD", "ad", "about ", "Over ", "mid-", "~", "between ",
                      " or more", " and ", " to ", "-", "#", "$", "$ ", "£", "(", ")", ".", ",", ", ", " ", "  ", "\r\n", "Paris", "x",
                      "5", "000", "%", "th", "BC", "é", "\u{2013}", "years", "week", "hour", "Bone", "/", "just ", " %", "III", "-4",
                      "half", "thirds", " of "]
        var generator = seededGenerator()
        var texts = EnglishASCIITests.authoredTexts
        for _ in 0..<30_000 { texts.append(randomText(pieceCount: 0..<6, from: pieces, using: &generator)) }
        var turnedAway = 0
        for text in texts {
            let plain = NumericValue.parse(NumericValue.orderingForm(Substring(text)))
            if NumericValue.cannotBeOrdered(Substring(text)) {
                turnedAway += 1
                #expect(plain == nil, "\(text.debugDescription)")
            }
            let value = NumericValue.orderingValue(Substring(text))
            #expect(value?.value == plain?.value && value?.unit == plain?.unit, "\(text.debugDescription)")
        }
        #expect(turnedAway > 5_000, "\(turnedAway) turned away")
    }
}

import Foundation
import Testing
import TestSupport
import QuizBank
import QuizYAML
@testable import QuizStats

@Suite struct TextMeasureTests {
    @Test func wordsAreTokensWithALetterOrDigit() {
        #expect(TextMeasure("The Sun is a star.") == TextMeasure(words: 5, characters: 18))
        #expect(TextMeasure("Is 2 + 2 = 4?") == TextMeasure(words: 4, characters: 13))
        #expect(TextMeasure("— ... ?") == TextMeasure(words: 0, characters: 7))
        #expect(TextMeasure("") == TextMeasure(words: 0, characters: 0))
        #expect(TextMeasure(" \n\t ") == TextMeasure(words: 0, characters: 0))
    }

    @Test func whitespaceRunsCountAsOneSpace() {
        #expect(TextMeasure("  a \r\n\t b  ") == TextMeasure(words: 2, characters: 3))
        // No-break and ideographic spaces are whitespace too (the Unicode path).
        #expect(TextMeasure("a\u{A0}\u{A0}b\u{3000}c") == TextMeasure(words: 3, characters: 5))
    }

    @Test func charactersAreGraphemeClusters() {
        // e + combining acute is one Character; the flag is one Character of two scalars.
        #expect(TextMeasure("cafe\u{301} 🇧🇷") == TextMeasure(words: 1, characters: 6))
        #expect(TextMeasure("日本語のテキスト") == TextMeasure(words: 1, characters: 8))
        #expect(TextMeasure("100 °C") == TextMeasure(words: 2, characters: 6))
    }

    /// The Latin path agrees with the Unicode path (a scalar at or above U+0300 sends a text
    /// that way; U+1680, OGHAM SPACE MARK, is whitespace there and changes nothing here).
    @Test func latinAndUnicodePathsAgree() {
        for text in ["Olá, mundo — não?", "  Größe\u{A0}\u{A0}über  ", "a\u{85}b ¿qué? ¡sí!", "½ ² × ÷ ª º µ", "ça\r\nva", "Ærø ß ÿ Ā ž ǅ ɐ"] {
            let latin = TextMeasure(text)
            let unicode = TextMeasure(text + "\u{1680}")
            #expect(latin == unicode, "\(text.debugDescription)")
        }
    }

    /// The general punctuation the Latin path takes (dashes, curly quotes, ellipsis...) counts
    /// there as it does in the Unicode path, next to letters, spaces and itself.
    @Test func latinPathPunctuationAgreesWithTheUnicodePath() {
        let scalars = Array(0x2010...0x2027) + Array(0x2030...0x205E) + [0xFFFD]
        for value in scalars {
            let mark = String(Unicode.Scalar(UInt32(value))!)
            for text in ["a\(mark)b", "\(mark) \(mark)\(mark) x\(mark)", " é\(mark)\r\n\(mark)9 "] {
                #expect(TextMeasure(text) == TextMeasure(text + "\u{1680}"), "\(text.debugDescription)")
            }
        }
    }

    /// The ASCII path, eight bytes at a time where it can, agrees with the Unicode path on
    /// random ASCII texts of every mix of whitespace, letters, digits and punctuation.
    @Test func asciiAndUnicodePathsAgreeOnRandomTexts() {
        var generator = seededGenerator()
        let alphabets: [[UInt8]] = [Array(" aZ9".utf8), Array(" \t\r\nab".utf8), Array(" a-?.'\"(".utf8),
                                    Array("ab\u{1}\u{7F}~ ".utf8), (0..<128).map { UInt8($0) }]
        for _ in 0..<3_000 {
            let alphabet = alphabets.randomElement(using: &generator)!
            let bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(TextMeasure(text) == TextMeasure(text + "\u{1680}"), "\(text.debugDescription)")
        }
    }

    /// The ASCII fast path and the Unicode path agree on ASCII text.
    @Test func bothPathsAgree() {
        for text in ["The Sun is a star.", "  Spaces   are\tcollapsed  here . ", "a\r\nb", "?! 42", "x", " - y - "] {
            let ascii = TextMeasure(text)
            let unicode = TextMeasure(text + "\u{A0}")  // a trailing no-break space takes the Unicode path
            #expect(ascii == unicode, "\(text.debugDescription)")
        }
    }
}

@Suite struct DistributionTests {
    @Test func nearestRankPercentiles() {
        let values = Distribution([15, 20, 35, 40, 50])
        #expect(values.min == 15)
        #expect(values.max == 50)
        #expect(values.median == 35)   // rank ⌈2.5⌉ = 3
        #expect(values.percentile(30) == 20)  // rank ⌈1.5⌉ = 2
        #expect(values.percentile(40) == 20)  // rank 2
        #expect(values.p95 == 50)
        #expect(values.percentile(100) == 50)
        #expect(values.percentile(1) == 15)
    }

    @Test func theMedianOfAnEvenCountIsTheLowerMiddle() {
        #expect(Distribution([1, 2, 3, 4]).median == 2)
        #expect(Distribution([7]).median == 7)
        #expect(Distribution([7]).p95 == 7)
    }

    @Test func emptyHasNoFigures() {
        let empty = Distribution()
        #expect(empty.count == 0)
        #expect(empty.min == nil && empty.median == nil && empty.p95 == nil && empty.max == nil)
    }

    @Test func mergingIsAddingTheValues() {
        var a = Distribution([1, 5, 5])
        a.merge(Distribution([0, 9]))
        #expect(a == Distribution([0, 1, 5, 5, 9]))
        #expect(a.count == 5)
        #expect(a.median == 5)
    }

    @Test func p95OfTwentyValuesIsTheNineteenth() {
        let values = Distribution(1...20)
        #expect(values.p95 == 19)  // rank ⌈19⌉ = 19
        #expect(Distribution(1...21).p95 == 20)  // rank ⌈19.95⌉ = 20
    }
}

@Suite struct BalanceTests {
    func trueFalse(_ yes: Int, _ no: Int) -> TrueFalseStatistics {
        var stats = TrueFalseStatistics()
        stats.trueCount = yes
        stats.falseCount = no
        return stats
    }

    @Test func theFairBandIsTwoStandardErrors() throws {
        let band = try #require(trueFalse(50, 50).band)
        #expect(abs(band.lowerBound - 0.4) < 1e-12)
        #expect(abs(band.upperBound - 0.6) < 1e-12)
        #expect(trueFalse(60, 40).verdict == .within)   // on the edge counts as within
        #expect(trueFalse(61, 39).verdict == .outside)
        #expect(trueFalse(39, 61).verdict == .outside)
    }

    @Test func belowTenThereIsNoBand() {
        #expect(trueFalse(9, 0).verdict == .tooFew)
        #expect(trueFalse(9, 0).band == nil)
        #expect(trueFalse(0, 0).verdict == .tooFew)
        #expect(trueFalse(0, 0).trueShare == nil)
        #expect(trueFalse(10, 0).verdict == .outside)
        #expect(trueFalse(5, 5).verdict == .within)
    }

    @Test func topicFillUsesTheCeilingWithATolerance() {
        #expect(ceilingWithTolerance(0.3 * 10) == 3)
        #expect(ceilingWithTolerance(0.7 * 10) == 7)
        #expect(ceilingWithTolerance(2.5) == 3)
        #expect(ceilingWithTolerance(2.000001) == 3)
        #expect(ceilingWithTolerance(0) == 0)
        var topics = TopicStatistics()
        topics.examSize = 9
        let topic = TopicCount(id: "stars", weight: 0.4, questions: 3)
        #expect(topics.needed(topic) == 4)   // ⌈3.6⌉
        #expect(topics.fills(topic) == false)
        #expect(topics.needed(TopicCount(id: "any", questions: 3)) == nil)
    }
}

@Suite struct ReaderTests {
    /// When `locale` comes after `questions`, translated texts are measured again in the right
    /// locale once it is known.
    @Test func headerAfterQuestionsMeasuresTheSourceLocale() throws {
        let yaml = """
        quizbank: 1
        id: late
        questions:
          - id: a
            text: {de: Ein ganz langer deutscher Satz hier., en: Short one.}
            answer: true
        title: Late
        locales: [de, en]
        locale: en

        """
        let stats = try statistics(yaml, path: "late.yaml")
        #expect(stats.lengths.questionText.words.max == 2)
        #expect(stats.lengths.questionText.characters.max == 10)
        #expect(stats.translations.map(\.locale) == ["en", "de"])
        #expect(stats.translations.map(\.all.translated) == [1, 1])
    }

    @Test func aBankWithErrorsHasNoStatistics() {
        let outcome = BankStatisticsReader().read(Array("quizbank: 1\nid: x\ntitle: X\nlocale: en\nquestions:\n  - id: a\n    text: A\n    answer: yes\n".utf8), path: "x.yaml")
        #expect(outcome.statistics == nil)
        #expect(outcome.findings.contains { $0.ruleID == "wrong-type" })
    }

    /// A large bank streams through the decoder on a second thread; the figures are the same
    /// as for the same questions read on one thread.
    @Test func aLargeBankGivesTheSameFiguresStreamed() throws {
        var yaml = "quizbank: 1\nid: big\ntitle: Big\nlocale: en\nexam: {size: 10, shuffle-choices: false}\nquestions:\n"
        for index in 0..<7500 {
            if index % 3 == 0 {
                yaml += "  - id: q\(index)\n    text: \"Is \(index) even, or is it odd?\"\n    answer: \(index % 2 == 0)\n    explanation: Because of the last digit.\n"
            } else {
                yaml += "  - id: q\(index)\n    difficulty: \(index % 5 + 1)\n    tags: [t\(index % 7)]\n    text: Which one is it?\n    choices:\n"
                    + "      - Alpha\n      - {text: Beta \(index), correct: true}\n      - Gamma gamma\n"
            }
        }
        let bytes = Array(yaml.utf8)
        #expect(bytes.count >= 1 << 20)
        let streamed = try #require(BankStatisticsReader().read(bytes, path: "big.yaml").statistics)
        var accumulator = StatisticsAccumulator(sourceLocale: "en")
        let decoded = BankDecoder().decode(bytes, path: "big.yaml")
        for question in decoded.bank!.questions { accumulator.add(question) }
        #expect(streamed == accumulator.statistics(header: decoded.bank!.header))
        #expect(streamed.questions == 7500)
        #expect(streamed.trueFalse.trueCount == 1250)
        #expect(streamed.choice.unshuffled == 5000)
        #expect(streamed.choice.correctByPosition[1] == 5000)
    }

    @Test func theCheckerSeesEveryKindOfDifference() {
        #expect(jsonDifferences(["a": 1], ["a": 2]) == ["$.a: 1, expected 2"])
        #expect(jsonDifferences(["a": 1, "b": 2] as [String: Any], ["a": 1]) == ["$.b: not expected"])
        #expect(jsonDifferences(["a": 1], ["a": 1, "b": 2] as [String: Any]) == ["$.b: missing"])
        #expect(jsonDifferences([1, 2], [1]).count == 1)
        #expect(!jsonDifferences(0.4286, 0.4285).isEmpty)
        #expect(!jsonDifferences("x", "y").isEmpty)
    }
}

/// Large banks are decoded in two parts at once, with texts measured on the second thread;
/// the figures must not depend on it.
@Suite struct SplitReadingTests {
    private func read(_ bytes: [UInt8], split: Double?) -> BankStatistics? {
        var reader = BankStatisticsReader()
        reader.decoder.loader.twoParts = split.map { YAMLLoader.TwoParts(minimumSize: 0, fraction: $0) }
        return reader.read(bytes, path: "bank.yaml").statistics
    }

    @Test func figuresAreTheSameReadInOneOrTwoParts() throws {
        var text = "quizbank: 1\nid: split\ntitle: Split\nlocale: en\nlocales: [en, de]\ntopics:\n  a: {title: A}\nquestions:\n"
        for index in 0..<3_000 {
            if index % 3 == 0 {
                text += "  - id: q\(index)\n    topic: a\n    text:\n      en: \"Is \(index) a number of \(index % 7) words?\"\n      de: \"Ist \(index) eine Zahl?\"\n    answer: \(index % 2 == 0)\n"
            } else {
                text += "  - id: q\(index)\n    difficulty: \(index % 5 + 1)\n    tags: [t\(index % 4)]\n    text: \"Which of these is \(index)?\"\n    explanation: Because \(index).\n"
                text += "    choices:\n      - \"\(index)\"\n      - text: \"\(index + 1) and more words\"\n        correct: true\n      - \"x\"\n"
            }
        }
        let bytes = Array(text.utf8)
        let whole = try #require(read(bytes, split: nil))
        #expect(whole.questions == 3_000)
        for fraction in [0.3, 0.6] {
            #expect(read(bytes, split: fraction) == whole, "fraction \(fraction)")
        }
    }
}

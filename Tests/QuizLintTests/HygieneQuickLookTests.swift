import Testing
import TestSupport
@testable import QuizLint
@testable import QuizRules

/// Each hygiene quick look (`HygieneQuickLook`) against its rule's close look on random texts:
/// the quick look may let through texts the close look then passes over, never the reverse.
@Suite struct HygieneQuickLookTests {
    @Test func fullStopLookSeesEveryChoiceThatEndsWithAFullStop() {
        var generator = seededGenerator()
        let pieces = ["a", "Word", "Dr", "e.g.", ".", "...", " ", "\u{A0}", "\u{3000}", "\"", "'", "\u{201D}", "\u{2019}", "»",
                      ")", "]", "}", "?", "!", "\u{2026}", "é", "\n"]
        let rule = ChoicePunctuationRule(options: RuleOptions([:]))
        var endings = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<8, from: pieces, using: &generator)
            guard rule.ending(of: Array(text.unicodeScalars)).0 == .period else { continue }
            endings += 1
            #expect(HygieneQuickLook.mayEndWithFullStop(text), "\(text.debugDescription)")
        }
        #expect(endings > 1_000, "the random texts seldom end with a full stop")
    }

    @Test func stemMarkLookPassesOverOnlyStemsThatConform() {
        var generator = seededGenerator()
        let pieces = ["Which", "word", " ", "?", ":", "_", "-", "*", "\"", "'", ")", "]", "}", ".", "!", "\u{2026}", "\u{A0}",
                      "\u{FF1F}", "(1992)", "é", "\n", "__", "...."]
        let rule = QuestionPunctuationRule(options: RuleOptions([:]))
        var passedOver = 0
        var offending = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 1..<8, from: pieces, using: &generator)
            let offendingEnd = rule.offendingEnd(of: text, language: "en")
            if offendingEnd != nil { offending += 1 }
            guard HygieneQuickLook.endsWithASCIIStemMark(text) else { continue }
            passedOver += 1
            #expect(offendingEnd == nil, "\(text.debugDescription)")
        }
        #expect(passedOver > 1_000 && offending > 1_000, "passed over \(passedOver), offending \(offending)")
    }

    @Test func blankIsFoundAsAPlainSearchFindsIt() {
        var generator = seededGenerator()
        let pieces = ["_", ".", "\u{2026}", "a", " ", "\u{2025}", "\u{2027}", "é", "\u{E2}"]
        var blanks = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<8, from: pieces, using: &generator)
            let plain = ["__", "....", "\u{2026}\u{2026}"].contains { text.contains($0) }
            if plain { blanks += 1 }
            #expect(HygieneQuickLook.hasBlank(text) == plain, "\(text.debugDescription)")
        }
        #expect(blanks > 1_000, "the random texts seldom have a blank")
    }

    @Test func balanceLookSeesEveryTextWithAProblem() {
        var generator = seededGenerator()
        let pieces = ["(", ")", "[", "]", "{", "}", "\"", "«", "»", "\u{201C}", "\u{201D}", "\u{201E}", "a", "b", " ", ":)", "1", "i)",
                      "\u{2019}", "é"]
        let rule = UnbalancedBracketsRule(options: RuleOptions([:]))
        var problems = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 1..<10, from: pieces, using: &generator)
            guard rule.firstProblem(in: Array(text.unicodeScalars)) != nil else { continue }
            problems += 1
            #expect(HygieneQuickLook.mayBeUnbalanced(text), "\(text.debugDescription)")
        }
        #expect(problems > 1_000, "the random texts seldom have a problem")
    }

    @Test func asciiMeasureAgreesWithTheMeasureByCharacters() {
        var generator = seededGenerator()
        let ascii = ["a", "Word", "42", " ", "  ", "\t", "\n", "\r\n", "-", "...", "?", "a.b"]
        let rule = TextLengthRule(options: RuleOptions([:]))
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<12, from: ascii, using: &generator)
            let measured = HygieneQuickLook.measureASCII(text)
            #expect(measured.map { [$0.characters, $0.words] } == [rule.measureAnyText(text).characters, rule.measureAnyText(text).words],
                    "\(text.debugDescription)")
        }
        #expect(HygieneQuickLook.measureASCII("caf\u{E9}") == nil)
    }

    @Test func separatorsBoundTheWords() {
        var generator = seededGenerator()
        let pieces = ["a", "Word", "42", " ", "\u{A0}", "\u{2003}", "\u{3000}", "\t", "\n", "-", "é", "日本", "\u{85}"]
        let rule = TextLengthRule(options: RuleOptions([:]))
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<12, from: pieces, using: &generator)
            #expect(rule.measureAnyText(text).words <= HygieneQuickLook.separatorBound(text) + 1, "\(text.debugDescription)")
        }
    }
}

import Dispatch
import QuizSupport
import Testing
import TestSupport
@testable import QuizRules

/// What the item-writing rules read through a thread's recent texts (`RecentTexts`: the words
/// of `English.words`, the stems of `English.stem`) is what is made afresh.
@Suite struct RecentTextsTests {
    /// Each text read as the rules read a question's: several times running, also as a copy of
    /// its bytes in storage of its own.
    @Test func wordsOfTheAuthoredTextsReadAgainAreThoseReadAfresh() {
        let texts = EnglishASCIITests.authoredTexts
        for start in stride(from: 0, to: texts.count, by: 5) {
            let question = texts[start..<min(start + 5, texts.count)]
            for _ in 0..<3 {
                for text in question {
                    let copy = String(decoding: Array(text.utf8), as: UTF8.self)
                    #expect(English.words(text) == English.wordsReadAfresh(text), "\(text.debugDescription)")
                    #expect(English.words(copy) == English.wordsReadAfresh(text), "\(text.debugDescription)")
                }
            }
        }
    }

    /// Texts equal under `==` (canonically equivalent) but of other bytes have words of other
    /// ranges: neither takes the other's. Many pairs, so that some share a slot of the table.
    @Test func equivalentTextsOfOtherBytesKeepTheirOwnWords() {
        let pieces = [" ", "caf", "Which", "is", "not", "'", "x", ".", "?", "\r\n"]
        var generator = seededGenerator()
        var differing = 0
        for _ in 0..<4_000 {
            let text = randomText(pieceCount: 0..<6, from: pieces, using: &generator)
            let composed = text + "\u{E9} and " + text, decomposed = text + "e\u{301} and " + text
            #expect(composed == decomposed)
            let plainComposed = English.wordsReadAfresh(composed), plainDecomposed = English.wordsReadAfresh(decomposed)
            if plainComposed != plainDecomposed { differing += 1 }
            for reading in [composed, decomposed, composed, decomposed] {
                #expect(English.words(reading) == English.wordsReadAfresh(reading), "\(reading.debugDescription)")
            }
        }
        #expect(differing > 1_000)
    }

    /// Far more texts than the table has slots, with repeats near and far.
    @Test func randomTextsReadInAnyOrderAreThoseReadAfresh() {
        var generator = seededGenerator()
        let texts = (0..<(English.recentWords.slots * 20)).map { _ in randomText(pieceCount: 0..<10, from: EnglishASCIITests.wordPieces, using: &generator) }
        for _ in 0..<20_000 {
            let text = texts[Int.random(in: 0..<texts.count, using: &generator)]
            #expect(English.words(text) == English.wordsReadAfresh(text), "\(text.debugDescription)")
        }
    }

    /// Every word of the authored texts stemmed as the rules stem them: again, and as a copy.
    @Test func stemsOfTheAuthoredWordsAreThoseMadeAfresh() {
        var stemmed = 0
        for text in EnglishASCIITests.authoredTexts {
            for word in English.wordsReadAfresh(text) {
                let copy = String(decoding: Array(word.lower.utf8), as: UTF8.self)
                for asked in [word.lower, word.text, copy, word.lower] {
                    #expect(English.stem(asked) == English.stemMadeAfresh(asked), "\(asked.debugDescription)")
                }
                stemmed += 1
            }
        }
        #expect(stemmed > English.recentStems.slots * 20)
    }

    /// Threads reading at once each keep their own texts.
    @Test func threadsReadingAtOnceGetTheirOwnTextsWords() {
        let texts = EnglishASCIITests.authoredTexts
        let parts = 8
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var wrong = 0
            for index in stride(from: part, to: texts.count, by: parts) {
                for _ in 0..<2 where English.words(texts[index]) != English.wordsReadAfresh(texts[index]) { wrong += 1 }
                for word in English.wordsReadAfresh(texts[index]) where English.stem(word.lower) != English.stemMadeAfresh(word.lower) {
                    wrong += 1
                }
            }
            mismatches.withLock { $0 += wrong }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}

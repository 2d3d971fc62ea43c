import Testing
import TestSupport
@testable import QuizRules

/// `English.split` reads ASCII texts as bytes: the same pieces as the standard library's split
/// by `Character`.
@Suite struct EnglishSplitTests {
    @Test func piecesAreThoseOfSplittingByCharacter() {
        let pieces = ["a", "and", " and ", " ", "&", " & ", "d", "\r\n", "\r", "\n", "é", "e\u{301}", "d\u{301}", "And", ",", "x"]
        var generator = seededGenerator()
        var splits = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<10, from: pieces, using: &generator)
            let start = Int.random(in: 0...min(2, text.count), using: &generator)
            let slice = text.dropFirst(start)
            for (separator, plain) in [(" and " as StaticString, slice.split(separator: " and ")), (" & ", slice.split(separator: " & "))] {
                let found = English.split(slice, at: separator)
                if found.count > 1 { splits += 1 }
                #expect(found.map(String.init) == plain.map(String.init), "\(text.debugDescription) at \(separator)")
            }
        }
        #expect(splits > 2_000, "the random texts seldom hold a separator")
    }
}

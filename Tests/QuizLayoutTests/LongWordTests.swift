import Foundation
import Testing
@testable import QuizLayout

/// A word past `TextMeasurer.maximumWordBytes` is measured that far and no further, and the
/// prepared text says so.
@Suite struct LongWordTests {
    static let makers: [@Sendable () throws -> TextMeasurer] = BulkMeasuringTests.makers

    @Test(arguments: 0..<makers.count)
    func aWordPastTheCapIsMeasuredToTheCap(maker: Int) throws {
        let measurer = try Self.makers[maker]()
        let cap = TextMeasurer.maximumWordBytes
        let capped = String(repeating: "a", count: cap)
        let long = measurer.prepare("Say " + String(repeating: "a", count: 1_000_000) + " now")
        let atCap = measurer.prepare("Say " + capped + " now")
        #expect(long.isClipped)
        #expect(!atCap.isClipped)
        for width in [320.0, 1000.0] {
            #expect(long.layout(pointSize: 17, trackingEm: 0, width: width).lineCount
                    == atCap.layout(pointSize: 17, trackingEm: 0, width: width).lineCount)
        }
        #expect(measurer.cachedWordCount <= 3 + 1)
    }

    /// Cut at a scalar's start: of a word of 3-byte letters, the whole letters within the cap.
    @Test func theCutFallsBetweenScalars() {
        let measurer = TextMeasurer()
        let letters = TextMeasurer.maximumWordBytes / 3
        let whole = measurer.prepare(String(repeating: "\u{1E01}", count: letters))
        let clipped = measurer.prepare(String(repeating: "\u{1E01}", count: letters * 2))
        #expect(!whole.isClipped && clipped.isClipped)
        let wholeLayout = whole.layout(pointSize: 17, trackingEm: 0, width: 320)
        let clippedLayout = clipped.layout(pointSize: 17, trackingEm: 0, width: 320)
        #expect(clippedLayout == wholeLayout)
        #expect(wholeLayout.lineCount > 1)
        // Ideographs break between each other: a long run of them is many short words.
        #expect(!measurer.prepare(String(repeating: "語", count: TextMeasurer.maximumWordBytes)).isClipped)
    }
}

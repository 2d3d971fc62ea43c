import Foundation
import Testing
@testable import QuizLayout

/// A `MeasureScratch` keeps copies of the measurer's caches bounded by its capacity: a full
/// copy starts over, and what is measured with it is what measuring each text on its own
/// (with a scratch of its own) gives.
@Suite struct BoundedCacheTests {
    /// Small enough for the seeded texts (3,000 made-up words) to fill it many times over.
    static let capacity = 64

    /// At least the words, chunks, pairs around spaces and join pairs of a text: what it can
    /// add to a copy at most.
    static func piecesCount(_ text: String) -> Int {
        var bytes = text
        let segments = bytes.withUTF8 { LineBreaker.segments($0).count }
        return segments + text.split(separator: " ").count + 1
    }

    @Test func aScratchThatStartsOverMeasuresWhatEachTextMeasuresOnItsOwn() throws {
        for make in BulkMeasuringTests.makers {
            let measurer = try make()
            var bounded = MeasureScratch(capacity: Self.capacity)
            var counts: [Int] = []
            var startedOver = 0
            for text in BulkMeasuringTests.texts {
                let before = bounded.words.count
                let prepared = measurer.prepare(text, reusing: &bounded)
                let plain = measurer.prepare(text)
                for target in BulkMeasuringTests.targets {
                    let expected = plain.layout(pointSize: target.pointSize, trackingEm: target.trackingEm, width: target.width)
                    #expect(prepared.layout(pointSize: target.pointSize, trackingEm: target.trackingEm, width: target.width) == expected,
                            "\(text.debugDescription)")
                }
                measurer.lineCounts(of: text, at: BulkMeasuringTests.targets, into: &counts, scratch: &bounded)
                #expect(counts == BulkMeasuringTests.targets.map {
                    plain.lineCount(pointSize: $0.pointSize, trackingEm: $0.trackingEm, width: $0.width)
                }, "\(text.debugDescription)")
                // Emptied by one of the two measures, then given this text's words.
                if bounded.words.count < before { startedOver += 1 }
            }
            #expect(startedOver > 20, "the copies started over \(startedOver) times")
        }
    }

    /// The batch path (texts wait for their words, learned together) across starting over.
    @Test func summariesWithBoundedCopiesAreThoseOfEachText() throws {
        for make in BulkMeasuringTests.makers {
            let expected = BulkMeasuringTests.expected(try make(), buckets: 6)
            for workers in [1, 2] {
                #expect(try make().summarize(BulkMeasuringTests.texts, at: BulkMeasuringTests.targets, buckets: 6, workers: workers,
                                             scratchCapacity: Self.capacity) == expected)
            }
        }
    }

    @Test func aScratchsCopiesStayWithinItsCapacityAndOneText() throws {
        for make in BulkMeasuringTests.makers {
            let measurer = try make()
            var scratch = MeasureScratch(capacity: Self.capacity)
            var largest = 0
            for text in BulkMeasuringTests.texts {
                _ = measurer.prepare(text, reusing: &scratch)
                let added = Self.piecesCount(text)
                largest = max(largest, scratch.words.count)
                #expect(scratch.words.count <= Self.capacity + added)
                #expect(scratch.breaks.chunkCount <= Self.capacity + added)
                #expect(scratch.breaks.pairCount <= Self.capacity + added)
                #expect(scratch.pairs.count <= Self.capacity + added)
            }
            // The measurer's own tables hold every word; the copy only a bounded share.
            #expect(measurer.cachedWordCount > 10 * Self.capacity)
            #expect(largest > Self.capacity / 2)
        }
    }
}

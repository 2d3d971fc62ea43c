import Dispatch
import Foundation
import QuizSupport

/// How the line counts of many texts spread at one target.
public struct LineCountSummary: Sendable, Equatable {
    /// Texts taking 0, 1, 2... lines; the last bucket holds that many lines or more.
    public var histogram: [Int]
    /// The most lines a text takes.
    public var most: Int

    public init(histogram: [Int], most: Int) {
        self.histogram = histogram
        self.most = most
    }
}

extension TextMeasurer {
    /// Line counts of every text at every target, summarized per target (in the order of
    /// `targets`), on up to `workers` threads.
    ///
    /// Texts go out in chunks that threads take in turn, so a thread slowed by another
    /// process on its core holds up at most one chunk; each thread keeps one `MeasureScratch`
    /// (its own table of the words it has seen) for all its chunks.
    public func summarize(_ texts: [String], at targets: [WrapTarget], buckets: Int, workers: Int) -> [LineCountSummary] {
        summarize(texts, at: targets, buckets: buckets, workers: workers, scratchCapacity: MeasureScratch.defaultCapacity)
    }

    /// `summarize` with each thread's copies of the caches bounded by `scratchCapacity`.
    func summarize(_ texts: [String], at targets: [WrapTarget], buckets: Int, workers: Int, scratchCapacity: Int) -> [LineCountSummary] {
        precondition(buckets >= 1)
        // Wrapping four targets at a time works best with like targets side by side.
        let order = targets.indices.sorted { a, b in
            (targets[a].pointSize, targets[a].trackingEm, targets[a].width) < (targets[b].pointSize, targets[b].trackingEm, targets[b].width)
        }
        let sorted = order.map { targets[$0] }
        let stride = buckets + 1   // the buckets, then the most lines
        let chunkSize = 4096
        let waitingBatch = Self.learningBatch
        let chunkCount = (texts.count + chunkSize - 1) / chunkSize
        let threads = max(1, min(workers, chunkCount))
        // Each thread counts on its own, and hands its counts over once.
        let results = Locked<[[Int]]>([])
        let nextChunk = Locked(0)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var scratch = MeasureScratch(capacity: scratchCapacity)
            var counts: [Int] = []
            var waiting: [Int] = []
            var tally = [Int](repeating: 0, count: targets.count * stride)
            func record() {
                for (position, lines) in counts.enumerated() {
                    let slot = order[position] * stride
                    tally[slot + min(lines, buckets - 1)] += 1
                    if lines > tally[slot + buckets] { tally[slot + buckets] = lines }
                }
            }
            // Texts with words this thread has not seen wait until a batch of them has
            // gathered; their words are then learned together (see `lineCountsOfKnownWords`).
            func measureWaiting() {
                learnNotedWords(&scratch)
                for index in waiting {
                    lineCounts(of: texts[index], at: sorted, into: &counts, scratch: &scratch)
                    record()
                }
                waiting.removeAll(keepingCapacity: true)
            }
            while true {
                let chunk = nextChunk.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard chunk < chunkCount else { break }
                for index in chunk * chunkSize..<min(texts.count, (chunk + 1) * chunkSize) {
                    if lineCountsOfKnownWords(of: texts[index], at: sorted, into: &counts, scratch: &scratch) {
                        record()
                    } else {
                        waiting.append(index)
                        if waiting.count == waitingBatch { measureWaiting() }
                    }
                }
            }
            measureWaiting()
            results.withLock { $0.append(tally) }
        }
        let tallies = results.withLock { $0 }
        return targets.indices.map { target in
            var summary = LineCountSummary(histogram: [Int](repeating: 0, count: buckets), most: 0)
            let slot = target * stride
            for tally in tallies {
                for bucket in 0..<buckets { summary.histogram[bucket] += tally[slot + bucket] }
                summary.most = max(summary.most, tally[slot + buckets])
            }
            return summary
        }
    }
}

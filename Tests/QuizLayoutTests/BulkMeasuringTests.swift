import Foundation
import Testing
@testable import QuizLayout

/// Measuring many texts at once (`summarize`, the `measure` command's path for a whole bank)
/// gives what measuring each text on its own gives, on one thread or two.
@Suite struct BulkMeasuringTests {
    static let tricky = [
        "The quick brown fox jumps over the lazy dog, then naps in the afternoon sun by the barn.",
        "well-known\ntext with a verylongwordthatneedsbreakingbetweencharacters and more",
        "", "Short", "日本語のテキストです。とても長い文章を書いています。", "a\n\nb", "a\r\nb\r\n",
        "word\u{2014}word \u{2014} from 1990\u{2013}2000, at -5 degrees", "Quoi ? Oui ! « Très » bien…",
        "10\u{00A0}km away\u{200B}and\u{2028}beyond", "e\u{0301}e\u{0301} 🇧🇷🇧🇷 end", "Ünïcödé wörds ünd \u{05E9}\u{05DC}\u{05D5}\u{05DD}",
        "internationalization internationalizatiom internationalizations", String(repeating: "word ", count: 60),
    ]

    /// The tricky texts, and enough made-up ones (some words new, some repeated) for several
    /// chunks and batches of texts with new words.
    static let texts: [String] = {
        var generator = SplitMix(seed: 7)
        let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "qu", "é", "日本", "-", "ing", "tion"]
        var words: [String] = []
        for _ in 0..<3_000 {
            words.append((0..<Int(generator.next() % 4 + 1)).map { _ in syllables[Int(generator.next() % UInt64(syllables.count))] }.joined())
        }
        var texts = tricky
        for _ in 0..<5_000 {
            let count = Int(generator.next() % 24)
            texts.append((0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " "))
        }
        return texts
    }()

    static var targets: [WrapTarget] {
        SizeCategory.allCases.flatMap { size in
            let points = DynamicTypeTable.pointSize(.body, size)
            return [90.0, 320, 430].map { WrapTarget(pointSize: points, trackingEm: SystemTracking.em(atPoints: points), width: $0) }
        }
    }

    /// Summaries from each text's own line count, target by target.
    static func expected(_ measurer: TextMeasurer, buckets: Int) -> [LineCountSummary] {
        var summaries = targets.map { _ in LineCountSummary(histogram: [Int](repeating: 0, count: buckets), most: 0) }
        for text in texts {
            let prepared = measurer.prepare(text)
            for (index, target) in targets.enumerated() {
                let lines = prepared.lineCount(pointSize: target.pointSize, trackingEm: target.trackingEm, width: target.width)
                summaries[index].histogram[min(lines, buckets - 1)] += 1
                summaries[index].most = max(summaries[index].most, lines)
            }
        }
        return summaries
    }

    /// Makers of fresh measurers: the built-in widths, and Inter when it is installed.
    static let makers: [@Sendable () throws -> TextMeasurer] = {
        var makers: [@Sendable () throws -> TextMeasurer] = [{ TextMeasurer() }]
        if FileManager.default.fileExists(atPath: interPath) { makers.append { try TextMeasurer(fontPath: interPath, widthScale: 0.8787) } }
        return makers
    }()

    @Test func oneThreadAndTwoGiveTheCountsOfEachTextOnItsOwn() throws {
        for make in Self.makers {
            let expected = Self.expected(try make(), buckets: 6)
            #expect(expected[0].most > 3)
            // Fresh measurers, so that each learns every word itself.
            let measurer = try make()
            #expect(measurer.summarize(Self.texts, at: Self.targets, buckets: 6, workers: 1) == expected)
            #expect(try make().summarize(Self.texts, at: Self.targets, buckets: 6, workers: 2) == expected)
            // Again, with every word known.
            #expect(measurer.summarize(Self.texts, at: Self.targets, buckets: 6, workers: 2) == expected)
        }
    }

    /// Preparing a batch of texts at once (`prepareEach`, what the layout rules do for a chunk
    /// of questions) hands over each text once, prepared as `prepare` prepares it on its own
    /// (the same counts at every target, the same layout), with the texts whose words were new
    /// handed over after their batch was learned; also with a scratch too small for the words.
    @Test func preparingEachIsPreparingOneByOne() throws {
        for make in Self.makers {
            let plain = try make()
            let measurer = try make()
            for capacity in [MeasureScratch.defaultCapacity, 500] {
                var scratch = MeasureScratch(capacity: capacity)
                var seen = [Int](repeating: 0, count: Self.texts.count)
                var late = 0
                for start in stride(from: 0, to: Self.texts.count, by: 700) {
                    let batch = Array(Self.texts[start..<min(start + 700, Self.texts.count)])
                    var furthest = -1
                    measurer.prepareEach(batch, reusing: &scratch) { index, prepared in
                        seen[start + index] += 1
                        if index < furthest { late += 1 }
                        furthest = max(furthest, index)
                        let alone = plain.prepare(batch[index])
                        #expect(prepared.isClipped == alone.isClipped)
                        let counts = Self.targets.map { prepared.lineCount(pointSize: $0.pointSize, trackingEm: $0.trackingEm, width: $0.width) }
                        let expected = Self.targets.map { alone.lineCount(pointSize: $0.pointSize, trackingEm: $0.trackingEm, width: $0.width) }
                        #expect(counts == expected, "\(batch[index])")
                        let target = Self.targets[index % Self.targets.count]
                        #expect(prepared.layout(pointSize: target.pointSize, trackingEm: target.trackingEm, width: target.width)
                            == alone.layout(pointSize: target.pointSize, trackingEm: target.trackingEm, width: target.width))
                    }
                }
                #expect(seen.allSatisfy { $0 == 1 })
                #expect(late > 100, "\(late) texts handed over after their batch was learned")
            }
        }
    }

    @Test func aTextWithNewWordsWaitsUntilTheyAreLearned() throws {
        for make in Self.makers {
            let measurer = try make()
            var counts: [Int] = []
            var direct: [Int] = []
            var other = MeasureScratch()
            for text in Self.tricky where !text.isEmpty {
                // A scratch of its own: none of the text's words is known to it.
                var scratch = MeasureScratch()
                measurer.lineCounts(of: text, at: Self.targets, into: &direct, scratch: &other)
                #expect(!measurer.lineCountsOfKnownWords(of: text, at: Self.targets, into: &counts, scratch: &scratch))
                measurer.learnNotedWords(&scratch)
                #expect(measurer.lineCountsOfKnownWords(of: text, at: Self.targets, into: &counts, scratch: &scratch))
                #expect(counts == direct, "\(text)")
            }
            var scratch = MeasureScratch()
            #expect(measurer.lineCountsOfKnownWords(of: "", at: Self.targets, into: &counts, scratch: &scratch))
            #expect(counts.allSatisfy { $0 == 0 })
        }
    }
}

/// The word cache on its own.
@Suite struct WordTableTests {
    static func withBytes<Result>(_ word: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var word = word
        return word.withUTF8(body)
    }

    @Test func findsWhatWasAddedAcrossGrowingAndLookAlikes() {
        var table = WordTable()
        // Words that share their first 8 bytes, differ only in length, or are multi-byte.
        var words = ["internationalization", "internationalizatiom", "internationalizations", "internat", "internati",
                     "日本語のテキスト", "日本語のテキス", "well-", "known", "\u{2014}", "é", "e\u{0301}", "a"]
        words += (0..<5_000).map { "w\($0)" }
        for (index, word) in words.enumerated() {
            Self.withBytes(word) { bytes in
                #expect(table.find(bytes, hash: WordTable.hash(bytes)) == nil)
                let entry = table.insert(bytes, hash: WordTable.hash(bytes), advance: Double(index), characters: Int32(word.count))
                #expect(entry.payload == Int32(index))
            }
        }
        #expect(table.count == words.count)
        for (index, word) in words.enumerated() {
            Self.withBytes(word) { bytes in
                let entry = table.find(bytes, hash: WordTable.hash(bytes))
                #expect(entry?.advance == Double(index), "\(word)")
                #expect(entry?.characters == Int32(word.count))
            }
            #expect(Array(table.bytes(of: Int32(index))) == Array(word.utf8))
        }
        Self.withBytes("internationalizatioN") { #expect(table.find($0, hash: WordTable.hash($0)) == nil) }
    }

    @Test func findAllAgreesWithFind() {
        var table = WordTable()
        for word in ["The ", "well-", "日", "本", "internationalization"] {
            Self.withBytes(word.trimmingCharacters(in: .whitespaces)) { table.insert($0, hash: WordTable.hash($0), advance: 1, characters: 1) }
        }
        var text = "The well-known internationalization of 日本\nThe end"
        text.withUTF8 { utf8 in
            let segments = LineBreaker.segments(utf8)
            var hashes: [UInt64] = [], found: [Int32] = []
            table.findAll(utf8, segments, hashes: &hashes, found: &found)
            #expect(found.count == segments.count)
            for (index, segment) in segments.enumerated() {
                let content = UnsafeBufferPointer(rebasing: utf8[segment.start..<segment.contentEnd])
                let one = content.isEmpty ? nil : table.find(content, hash: WordTable.hash(content))
                #expect((found[index] >= 0) == (one != nil))
                if found[index] >= 0 { #expect(table.entry(atSlot: found[index]).offset == one?.offset) }
            }
            #expect(found.filter { $0 >= 0 }.count == 6)
        }
    }
}

/// A small seeded generator, so that the made-up texts are the same on every run.
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

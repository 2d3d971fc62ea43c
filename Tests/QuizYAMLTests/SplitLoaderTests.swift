import Foundation
import Testing
@testable import QuizYAML

/// A split load must give exactly what a one-piece load gives, whether the split stands or not.
@Suite struct SplitLoaderTests {
    private struct Outcome: Equatable {
        var begin: [String] = []
        var items: [String] = []
        var rootKeys: [String] = []
        var rootRange = ""
        var sequenceRange = ""
        var problems: [String] = []
        var failure: String?
    }

    private static func describe(_ node: Node) -> String {
        switch node.content {
        case .scalar(let value, _): return "\(node.range)=\(value)"
        case .sequence(let items): return "\(node.range)[\(items.map(describe).joined(separator: ","))]"
        case .mapping(let pairs): return "\(node.range){\(pairs.map { describe($0.key) + ":" + describe($0.value) }.joined(separator: ","))}"
        }
    }

    /// Records what it is given; with `splits`, makes a successor (which does not) and notes
    /// whether it was appended, that is whether the second part stood.
    private struct Recorder: StreamedItemConsumer {
        var splits = false
        var begin: [String] = []
        var items: [String] = []
        var stood = false
        /// The item whose turn throws, counting from 1.
        var failAt: Int?

        mutating func begin(_ pairs: [Node.Pair]) {
            begin = pairs.compactMap { $0.key.scalar }
        }

        mutating func add(_ item: Node) throws(YAMLProblem) {
            if items.count + 1 == failAt { throw YAMLProblem(.syntax, "stop here", at: item.range) }
            items.append(SplitLoaderTests.describe(item))
        }

        func successor() -> Recorder? { splits ? Recorder() : nil }

        mutating func append(_ successor: consuming Recorder) {
            stood = true
            items += successor.items
        }
    }

    private static func outcome(_ recorder: inout Recorder, _ load: (inout Recorder) throws(YAMLProblem) -> YAMLLoader.Loaded) -> Outcome {
        var outcome = Outcome()
        do throws(YAMLProblem) {
            let loaded = try load(&recorder)
            outcome.rootKeys = loaded.root?.pairs?.compactMap { $0.key.scalar } ?? []
            outcome.rootRange = loaded.root.map { "\($0.range)" } ?? "-"
            outcome.sequenceRange = loaded.root?.pairs?.first { $0.key.scalar == "items" }.map { "\($0.value.range)" } ?? "-"
            outcome.problems = loaded.problems.map { "\($0.kind) \($0.range) \($0.message) \($0.related.map { "\($0.range)" })" }
        } catch {
            outcome.failure = "\(error.kind) \(error.range) \(error.message)"
        }
        outcome.begin = recorder.begin
        outcome.items = recorder.items
        return outcome
    }

    /// The first thing that differs, briefly.
    private static func difference(_ a: Outcome, _ b: Outcome) -> String? {
        if a.items.count != b.items.count { return "\(a.items.count) items vs \(b.items.count)" }
        if let index = zip(a.items, b.items).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "item \(index): \(a.items[index]) vs \(b.items[index])"
        }
        var a = a, b = b
        a.items = []
        b.items = []
        return a == b ? nil : "\(a) vs \(b)"
    }

    private func wholeLoad(_ bytes: [UInt8]) -> Outcome {
        var loader = YAMLLoader()
        loader.twoParts = nil
        var recorder = Recorder(splits: true)
        return Self.outcome(&recorder) { recorder throws(YAMLProblem) in try loader.load(bytes, streaming: "items", to: &recorder) }
    }

    /// The split load, and whether its second part stood.
    private func splitLoad(_ bytes: [UInt8], fraction: Double, failAt: Int? = nil) -> (Outcome, stood: Bool)? {
        guard let split = YAMLLoader.SplitPoint.find(in: bytes, rootKey: "items", fraction: fraction) else { return nil }
        var recorder = Recorder(splits: true, failAt: failAt)
        let outcome = Self.outcome(&recorder) { recorder throws(YAMLProblem) in
            let held = HeldConsumer(recorder)
            defer { recorder = held.consumer }
            return try YAMLLoader().loadInTwoParts(bytes, rootKey: "items", to: held, splitAt: split)
        }
        return (outcome, recorder.stood)
    }

    private func items(_ count: Int, from first: Int = 0) -> String {
        (first..<first + count).map { "  - id: item-\($0)\n    text: \"Text \($0) with é and 🌍\"\n    list: [a, b]\n" }.joined()
    }

    /// `stands`: whether the second part must stand (nil: either way, for some fraction each).
    private func expectSame(_ text: String, stands: Bool?, fractions: [Double] = [0.2, 0.5, 0.8],
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        let whole = wholeLoad(bytes)
        var outcomes: Set<Bool> = []
        for fraction in fractions {
            guard let (split, stood) = splitLoad(bytes, fraction: fraction) else {
                Issue.record("no split point at \(fraction)", sourceLocation: sourceLocation)
                continue
            }
            #expect(Self.difference(split, whole) == nil, "fraction \(fraction)", sourceLocation: sourceLocation)
            outcomes.insert(stood)
            if let stands {
                #expect(stood == stands, "fraction \(fraction): the second part \(stood ? "stood" : "did not stand")", sourceLocation: sourceLocation)
            }
        }
        if stands == nil {
            #expect(outcomes == [true, false], "the second part \(outcomes.first == true ? "always" : "never") stood", sourceLocation: sourceLocation)
        }
    }

    @Test func aSplitAtAnItemGivesTheWholeLoad() {
        expectSame("before: start\nitems:\n" + items(300), stands: true)
        // Items that end in a block scalar, a nested list or a comment end where the next `-` is.
        let varied = (0..<300).map { index in
            switch index % 3 {
            case 0: return "  - id: \(index)\n    text: |\n      line one\n\n"
            case 1: return "  - id: \(index)\n    choices:\n      - a\n      - text: b\n        correct: true\n  # between\n"
            default: return "  - id: \(index)\n    text: >-\n      folded\n      text\n"
            }
        }.joined()
        expectSame("before: start\nitems:\n" + varied, stands: true, fractions: (1...12).map { Double($0) / 13 })
    }

    @Test func itemsAtTheKeysColumnAndCommentsSplitToo() {
        let text = "# a comment\nbefore: start\nitems:   # the list\n\n" + (0..<200).map { "- id: \($0)\n  # note\n  text: |\n    line one\n    line two\n" }.joined()
        expectSame(text, stands: true)
    }

    @Test func problemsInBothPartsKeepTheirLines() {
        let text = "before: start\nitems:\n" + items(100) + "  - id: a\n    id: b\n" + items(100, from: 100) + "  - id: c\n    text: !custom x\n"
        expectSame(text, stands: true)
        #expect(wholeLoad(Array(text.utf8)).problems.count == 2)
    }

    @Test func keysAfterTheSequenceAreReadInOnePiece() {
        expectSame("before: start\nitems:\n" + items(300) + "after: end\n", stands: false)
    }

    @Test func anAliasToAnAnchorBeforeTheSplitIsReadInOnePiece() {
        let text = "before: &shared start\nitems:\n" + items(200) + "  - id: last\n    text: *shared\n"
        expectSame(text, stands: false)
    }

    @Test func aLineThatOnlyLooksLikeAnItemIsNotASplit() {
        // Inside a double-quoted scalar that runs over several lines, a line like an item's.
        let quoted = (0..<150).map { "  - id: q\($0)\n    text: \"first line\n  - id: fake\($0)\n      rest\"\n" }.joined()
        expectSame("before: start\nitems:\n" + quoted, stands: nil, fractions: (1...40).map { Double($0) / 41 })
    }

    @Test func aDocumentEndBeforeTheSplitLineIsStillASecondDocument() {
        let text = "items:\n" + items(100) + "...\n" + items(100, from: 100)
        expectSame(text, stands: false, fractions: [0.7])
        #expect(wholeLoad(Array(text.utf8)).failure != nil)
    }

    @Test func syntaxErrorsInEitherPartAreTheWholeLoadsErrors() {
        expectSame("before: start\nitems:\n" + items(50) + "  - id: [unclosed\n" + items(250, from: 50), stands: false, fractions: [0.8])
        expectSame("before: start\nitems:\n" + items(250) + "  - id: \"unclosed\n" + items(50, from: 250), stands: false, fractions: [0.2])
    }

    @Test func otherLineBreaksGiveTheWholeLoadToo() {
        // The split point counts line feeds; where libyaml counts lines otherwise, the first
        // part does not end on the split line and the file is read in one piece.
        for text in ["before: \"a\u{85}b\"\nitems:\n", "before: a\u{2028}b\nitems:\n", "before: a\rb: c\nitems:\n"] {
            let bytes = Array((text + items(300)).utf8)
            #expect(Self.difference(splitLoad(bytes, fraction: 0.5)?.0 ?? Outcome(), wholeLoad(bytes)) == nil, "\(text.debugDescription)")
        }
        expectSame("before: start\r\nitems:\r\n" + items(300).replacingOccurrences(of: "\n", with: "\r\n"), stands: true)
    }

    @Test func noSplitPointWithoutTheKeyAloneOnItsLineOrWithDirectives() {
        #expect(YAMLLoader.SplitPoint.find(in: Array(("items: [a, b]\n").utf8), rootKey: "items") == nil)
        #expect(YAMLLoader.SplitPoint.find(in: Array(("%YAML 1.1\n---\nitems:\n" + items(10)).utf8), rootKey: "items") == nil)
        #expect(YAMLLoader.SplitPoint.find(in: Array(("items: &list\n" + items(10)).utf8), rootKey: "items") == nil)
        let found = YAMLLoader.SplitPoint.find(in: Array(("a: 1\nitems:\n" + items(10)).utf8), rootKey: "items", fraction: 0.5)
        #expect(found?.itemColumn == 3)
        #expect(found.map { ($0.line - 3) % 3 } == 0)
    }

    @Test func theSplitPointsLineCountsTheLineFeedsBeforeIt() throws {
        // Small and large, so that the count crosses its 255-word blocks, at several fractions.
        for count in [10, 300, 5_000] {
            for fraction in [0.1, 0.5, 0.9] {
                let bytes = Array(("a: 1\nlong: \(String(repeating: "x", count: 3_000))\nitems:\n" + items(count)).utf8)
                let split = try #require(YAMLLoader.SplitPoint.find(in: bytes, rootKey: "items", fraction: fraction))
                #expect(split.line == bytes[..<split.offset].filter { $0 == 0x0A }.count + 1, "\(count) items, \(fraction)")
            }
        }
    }

    @Test func anErrorFromTheCallerComesBackAndStopsTheSecondThread() throws {
        let bytes = Array(("items:\n" + items(2_000)).utf8)
        let (outcome, stood) = try #require(splitLoad(bytes, fraction: 0.5, failAt: 10))
        #expect(outcome.failure?.hasSuffix("stop here") == true)
        #expect(outcome.items.count == 9)
        #expect(!stood)
    }

    /// libyaml checks bytes up to a raw block (16 KiB) ahead of where it parses, so which of two
    /// fatal errors a few KB apart comes first, and how many items come before it, depends on
    /// where its blocks start: the split load must meet them as the one-piece load does.
    @Test func twoFatalErrorsNearTheSplitGiveTheWholeLoadsFirst() {
        let lines = items(3_000).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let middle = lines.count / 2
        var differences: [String] = []
        // Item offsets from the middle (about 60 bytes each): both before, around, both after.
        for (first, second) in [(-150, -60), (-60, 60), (-30, 30), (30, 200), (60, 150), (100, 300), (150, 400)] {
            for (earlier, later) in [("@bad", "\u{01}"), ("x\u{7F}", "@bad")] {
                var copy = lines
                copy[middle + first * 3] = "  - id: \(earlier)"
                copy[middle + second * 3] = "  - id: \(later)"
                let bytes = Array(("before: start\nitems:\n" + copy.joined(separator: "\n")).utf8)
                let whole = wholeLoad(bytes)
                #expect(whole.failure != nil)
                guard let (split, _) = splitLoad(bytes, fraction: 0.5) else {
                    Issue.record("no split point")
                    continue
                }
                if let difference = Self.difference(split, whole) {
                    differences.append("\(first), \(second), \(earlier.debugDescription) first: \(difference)")
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// The bytes the split load looks for are those libyaml refuses, no more and no fewer.
    @Test func theBytesLookedForAreWhatLibyamlRefuses() {
        let characters: [String] = ["\u{00}", "\u{01}", "\u{08}", "\t", "\u{0B}", "\u{1F}", " ", "~", "\u{7F}", "\u{80}", "\u{84}",
                                    "\u{85}", "\u{9F}", "\u{A0}", "é", "\u{D7FF}", "\u{E000}", "\u{FEFF}", "\u{FFFD}", "\u{FFFE}",
                                    "\u{FFFF}", "\u{10000}", "🌍", "\u{10FFFF}"]
        var samples = characters.map { Array("a: \"x\($0)y\"\n".utf8) }
        // Not UTF-8: a lone continuation byte, an overlong form, a surrogate, a cut sequence.
        samples += [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]].map { Array("a: \"x".utf8) + $0 + Array("y\"\n".utf8) }
        for sample in samples {
            var refused = false
            do throws(YAMLProblem) {
                try YAMLEventParser.parse(sample) { _, _ in }
            } catch {
                refused = error.kind == .encoding
            }
            #expect(YAMLLoader.hasBytesLibyamlRejects(sample, in: 0..<sample.count) == refused, "\(sample)")
        }
    }
}

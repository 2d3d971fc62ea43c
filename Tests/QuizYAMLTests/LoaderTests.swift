import Foundation
import Testing
@testable import QuizYAML

@Suite struct LoaderTests {
    /// A document with a root key `items` holding `count` small mappings, and keys around it.
    private func document(count: Int, tail: String = "after: end\n") -> [UInt8] {
        var text = "before: start\nitems:\n"
        for index in 0..<count {
            text += "  - id: item-\(index)\n    text: \"Text number \(index) with é and 🌍\"\n    list: [a, b, c]\n"
        }
        return Array((text + tail).utf8)
    }

    private struct Seen: Equatable {
        var begin: [String] = []
        var items: [String] = []
    }

    /// Notes what it is given, in two parts when the loader splits the file.
    private struct Recorder: StreamedItemConsumer {
        var seen = Seen()
        var failAfter: Int?

        mutating func begin(_ pairs: [Node.Pair]) {
            seen.begin = pairs.compactMap { $0.key.scalar }
        }

        mutating func add(_ node: Node) throws(YAMLProblem) {
            if let failAfter, seen.items.count == failAfter {
                throw YAMLProblem(.syntax, "stop here", at: node.range)
            }
            let text = node.pairs?.first { $0.key.scalar == "text" }?.value
            seen.items.append("\(node.range) \(text?.scalar ?? "-") \(text?.range.description ?? "")")
        }

        func successor() -> Recorder? { Recorder() }

        mutating func append(_ successor: consuming Recorder) {
            seen.items += successor.seen.items
        }
    }

    /// `threshold`: the smallest file read in two parts.
    private func load(_ bytes: [UInt8], threshold: Int, failAfter: Int? = nil) -> (Seen, Result<YAMLLoader.Loaded, YAMLProblem>) {
        var loader = YAMLLoader()
        loader.twoParts = YAMLLoader.TwoParts(minimumSize: threshold)
        var recorder = Recorder(failAfter: failAfter)
        let result: Result<YAMLLoader.Loaded, YAMLProblem>
        do throws(YAMLProblem) {
            result = .success(try loader.load(bytes, streaming: "items", to: &recorder))
        } catch {
            result = .failure(error)
        }
        return (recorder.seen, result)
    }

    private func firstDifference(_ a: Seen, _ b: Seen) -> String {
        if a.begin != b.begin { return "begin \(a.begin) vs \(b.begin)" }
        if a.items.count != b.items.count { return "\(a.items.count) items vs \(b.items.count)" }
        let index = zip(a.items, b.items).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        return index.map { "item \($0): \(a.items[$0]) vs \(b.items[$0])" } ?? "none"
    }

    @Test func twoPartStreamingSeesExactlyWhatOneThreadSees() throws {
        let bytes = document(count: 5_000)
        let (oneThread, first) = load(bytes, threshold: .max)
        let (twoThreads, second) = load(bytes, threshold: 0)
        #expect(oneThread.items.count == 5_000)
        #expect(oneThread == twoThreads, "first difference: \(firstDifference(oneThread, twoThreads))")
        #expect(oneThread.begin == ["before"])
        let rootKeys = { (result: Result<YAMLLoader.Loaded, YAMLProblem>) in
            (try? result.get().root?.pairs?.compactMap { $0.key.scalar }) ?? []
        }
        #expect(rootKeys(first) == ["before", "items", "after"])
        #expect(rootKeys(second) == rootKeys(first))
    }

    @Test func aSyntaxErrorAfterStreamedItemsIsReportedTheSameWay() {
        let bytes = document(count: 3_000, tail: "after: \"unclosed\n")
        let (oneThread, first) = load(bytes, threshold: .max)
        let (twoThreads, second) = load(bytes, threshold: 0)
        #expect(oneThread.items.count == 3_000)
        #expect(oneThread == twoThreads, "first difference: \(firstDifference(oneThread, twoThreads))")
        guard case .failure(let a) = first, case .failure(let b) = second else {
            Issue.record("both loads must fail")
            return
        }
        #expect(a == b)
        #expect(a.kind == .syntax)
    }

    @Test func anErrorFromTheCallerStopsTheSecondThread() {
        let bytes = document(count: 20_000)
        let (seen, result) = load(bytes, threshold: 0, failAfter: 100)
        #expect(seen.items.count == 100)
        guard case .failure(let problem) = result else {
            Issue.record("the caller's error must come back")
            return
        }
        #expect(problem.message == "stop here")
    }

    @Test func duplicateKeysKeepTheFirstValueAndAreReported() throws {
        let loaded = try YAMLLoader().load(Array("a: 1\nb: 2\na: 3\n".utf8))
        #expect(loaded.root?.pairs?.map { "\($0.key.scalar ?? ""):\($0.value.scalar ?? "")" } == ["a:1", "b:2"])
        #expect(loaded.problems.map(\.kind) == [.duplicateKey])
        #expect(loaded.problems.first?.related.first?.range.start == SourceMark(line: 1, column: 1))
    }

    @Test func largeMappingsStillFindDuplicates() throws {
        var text = ""
        for index in 0..<40 { text += "key\(index): \(index)\n" }
        text += "key7: again\n"
        let loaded = try YAMLLoader().load(Array(text.utf8))
        #expect(loaded.problems.map(\.range.start) == [SourceMark(line: 41, column: 1)])
    }

    @Test func scalarTypesFollowTheCoreSchema() throws {
        let loaded = try YAMLLoader().load(Array("[true, \"true\", True, yes, 12, 0x1F, 1.5, .inf, ~, '', !!str 3, text]".utf8))
        let types = loaded.root?.items?.map { $0.scalarType } ?? []
        #expect(types == [.bool, .string, .bool, .string, .int, .int, .float, .float, .null, .string, .string, .string])
    }
}

import Foundation
import TestSupport
import Testing

/// docs/ci.md's walk-through and the pre-commit hooks' commands, run as written.
@Suite(.serialized) struct CIDocsTests {
    /// The `quizbank ...` lines of the walk-through's shell block, without their comments.
    static func walkThrough() throws -> [[String]] {
        let text = try String(contentsOf: Run.repository.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Adopting quizbank on a bank with many findings").last)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        return block.split(separator: "\n").map { line in
            let command = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            return command.split(separator: " ").map(String.init)
        }.filter { !$0.isEmpty }
    }

    @Test func theWalkThroughTakesCorpusBanksToAGreenGate() throws {
        let steps = try Self.walkThrough()
        #expect(steps.count == 5)
        let scratch = try Scratch()
        defer { scratch.remove() }
        let corpus = Run.corpus
        let banks = scratch.url.appendingPathComponent("banks")
        try FileManager.default.createDirectory(at: banks, withIntermediateDirectories: true)
        for name in ["brain-teasers", "entertainment"] {
            try FileManager.default.copyItem(at: corpus.appendingPathComponent("\(name).yaml"), to: banks.appendingPathComponent("\(name).yaml"))
        }
        var statuses: [Int32] = []
        for step in steps {
            #expect(step.first == "quizbank")
            let run = try Run(Array(step.dropFirst()), in: scratch.url)
            statuses.append(run.status)
            #expect(run.status != 2, "\(step.joined(separator: " ")): \(run.stderr)")
        }
        // The corpus as authored has findings and fixes; the gate passes at the end.
        #expect(statuses[1] == 1, "--diff has fixes to show")
        #expect(statuses.last == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("quizbank-baseline.json").path))
    }

    @Test func thePreCommitHooksRunOnTheExampleBanks() throws {
        let text = try String(contentsOf: Run.repository.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let entries = text.split(separator: "\n").filter { $0.hasPrefix("  entry: ") }.map { $0.dropFirst("  entry: ".count).split(separator: " ").map(String.init) }
        #expect(entries.count == 2)
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.copyItem(at: Run.repository.appendingPathComponent("Banks"), to: scratch.url.appendingPathComponent("Banks"))
        try scratch.write(".github/workflows/ci.yml", "on: [push]\njobs: {}\n")
        for entry in entries {
            #expect(entry.first == "quizbank")
            let run = try Run(Array(entry.dropFirst()), in: scratch.url)
            #expect(run.status == 0, "\(entry.joined(separator: " ")): \(run.stdout) \(run.stderr)")
        }
    }
}

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct InitCLITests {
    @Test func initWritesAConfigurationThatLintsLikeNoneAndABankFromATemplate() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try Run(["init", "--bank", "true-false"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == "wrote ./.quizbank.yml\nwrote ./bank.yaml\n")
        let bank = try Data(contentsOf: scratch.url.appendingPathComponent("bank.yaml"))
        #expect(bank == (try Data(contentsOf: Run.repository.appendingPathComponent("Templates/true-false.yaml"))))
        let config = try String(contentsOf: scratch.url.appendingPathComponent(".quizbank.yml"), encoding: .utf8)
        // Every content rule is there, commented out at its default.
        let rules = try Run(["rules"])
        let contentRules = rules.stdout.components(separatedBy: "Content rules:\n").last?.split(separator: "\n")
            .filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2).split(separator: " ")[0]) } ?? []
        #expect(contentRules.count >= 40)
        for rule in contentRules { #expect(config.contains("  # \(rule): "), "\(rule) missing") }
        // The commented file changes nothing: the bank lints as with no configuration.
        let withConfig = try Run(["lint", "--source", "never", "bank.yaml"], in: scratch.url)
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent(".quizbank.yml"))
        let without = try Run(["lint", "--source", "never", "bank.yaml"], in: scratch.url)
        #expect(withConfig.status == without.status && withConfig.stdout == without.stdout)
    }

    @Test func initNeverOverwritesAndChecksItsArguments() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/bank.yaml", "mine\n")
        let run = try Run(["init", "--bank", "exam", "banks"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stderr == "quizbank init: banks/bank.yaml exists already; init never overwrites a file\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("banks/.quizbank.yml").path))
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("banks/bank.yaml"), encoding: .utf8) == "mine\n")
        let named = try Run(["init", "--bank", "exam", "--bank-file", "geo.yaml", "banks"], in: scratch.url)
        #expect(named.status == 0)
        #expect(named.stdout == "wrote banks/.quizbank.yml\nwrote banks/geo.yaml\n")
        let unknown = try Run(["init", "--bank", "essay", "other"], in: scratch.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no such folder: other") || unknown.stderr.contains("--bank takes"))
    }

    /// The templates built into quizbank are the files of Templates/, byte for byte.
    @Test func everyTemplateIsBuiltInAsItIs() throws {
        for kind in ["true-false", "choice", "exam"] {
            let scratch = try Scratch()
            defer { scratch.remove() }
            let run = try Run(["init", "--bank", kind], in: scratch.url)
            #expect(run.status == 0)
            let written = try Data(contentsOf: scratch.url.appendingPathComponent("bank.yaml"))
            #expect(written == (try Data(contentsOf: Run.repository.appendingPathComponent("Templates/\(kind).yaml"))), "\(kind)")
        }
    }
}

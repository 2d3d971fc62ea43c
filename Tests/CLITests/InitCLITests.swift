import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct InitCLITests {
    @Test func initWritesAConfigurationThatLintsLikeNoneAndABankFromATemplate() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try Run(["init", "--bank", "true-false"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == "wrote ./.quizbank.yml\nwrote ./quizbank-config.schema.json\nwrote ./bank.yaml\nwrote ./bank.schema.json\n")
        let bank = try Data(contentsOf: scratch.url.appendingPathComponent("bank.yaml"))
        #expect(bank == (try Data(contentsOf: Run.repository.appendingPathComponent("Templates/true-false.yaml"))))
        // The schemas the two files' first lines name are beside them, as in Templates/.
        for schema in ["bank.schema.json", "quizbank-config.schema.json"] {
            let written = try Data(contentsOf: scratch.url.appendingPathComponent(schema))
            #expect(written == (try Data(contentsOf: Run.repository.appendingPathComponent("Templates/\(schema)"))), "\(schema)")
        }
        #expect(String(decoding: bank, as: UTF8.self).hasPrefix("# yaml-language-server: $schema=bank.schema.json\n"))
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
        #expect(named.stdout == "wrote banks/.quizbank.yml\nwrote banks/quizbank-config.schema.json\nwrote banks/geo.yaml\nwrote banks/bank.schema.json\n")
        let unknown = try Run(["init", "--bank", "essay", "other"], in: scratch.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no such folder: other") || unknown.stderr.contains("--bank takes"))
    }

    /// Like lint and lock, the commands that read banks read the current folder when no path
    /// is named: a folder that init started works with each at once.
    @Test func withoutAPathTheCommandsReadTheCurrentFolder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(try Run(["init", "--bank", "choice"], in: scratch.url).status == 0)
        let stats = try Run(["stats", "--format", "json"], in: scratch.url)
        #expect(stats.status == 0 && stats.stdout.contains("\"my-choices\""), "\(stats.stdout)\(stats.stderr)")
        let compile = try Run(["compile", "-o", "out"], in: scratch.url)
        #expect(compile.status == 0, "\(compile.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out/my-choices.en.json").path))
        let preview = try Run(["preview", "-o", "site"], in: scratch.url)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.hasPrefix("quizbank preview: wrote site: 1 bank, "), "\(preview.stdout)")
    }

    /// With --bank, a configuration there already is kept: a second bank joins the folder.
    @Test func initAddsABankBesideAConfiguration() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(try Run(["init", "--bank", "choice"], in: scratch.url).status == 0)
        let config = try Data(contentsOf: scratch.url.appendingPathComponent(".quizbank.yml"))
        let second = try Run(["init", "--bank", "exam", "--bank-file", "exam.yaml"], in: scratch.url)
        #expect(second.status == 0)
        #expect(second.stdout == "kept ./.quizbank.yml (there already)\nwrote ./exam.yaml\nkept ./bank.schema.json (there already)\n")
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent(".quizbank.yml")) == config)
        let lint = try Run(["lint"], in: scratch.url)
        #expect(lint.status == 0 && lint.stdout.hasSuffix("in 2 banks\n"), "\(lint.stdout)")
        // Without --bank there is nothing to add: the configuration is not written over.
        let again = try Run(["init"], in: scratch.url)
        #expect(again.status == 2 && again.stderr.hasPrefix("quizbank init: ./.quizbank.yml exists already"))
    }

    /// A schema there already is the user's (or an earlier init's): kept, and said so.
    @Test func initKeepsASchemaThatIsThereAlready() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bank.schema.json", "{}\n")
        let run = try Run(["init", "--bank", "choice"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == "wrote ./.quizbank.yml\nwrote ./quizbank-config.schema.json\nwrote ./bank.yaml\nkept ./bank.schema.json (there already)\n")
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("bank.schema.json"), encoding: .utf8) == "{}\n")
    }

    /// A bank file in a folder that is not there fails before anything is written.
    @Test func initWritesNothingWhenABankFolderIsMissing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try Run(["init", "--bank", "choice", "--bank-file", "banks/geo.yaml"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stderr == "quizbank init: cannot write ./banks/geo.yaml: no such folder: ./banks\n")
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
    }

    /// A write that fails (here a file name longer than any file system takes) removes what the run
    /// wrote before it.
    @Test func initTakesBackWhatItWroteWhenAWriteFails() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try Run(["init", "--bank", "choice", "--bank-file", String(repeating: "b", count: 300) + ".yaml"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot write"))
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
    }

    /// `quizbank schema` prints the schemas of Templates/, byte for byte, and names them when asked
    /// for another.
    @Test func schemaPrintsEachShippedSchema() throws {
        for (kind, file) in [("bank", "bank"), ("config", "quizbank-config"), ("compiled", "compiled-bank"), ("diff", "diff")] {
            let run = try Run(["schema", kind])
            #expect(run.status == 0 && run.stderr.isEmpty)
            #expect(Data(run.stdout.utf8) == (try Data(contentsOf: Run.repository.appendingPathComponent("Templates/\(file).schema.json"))), "\(kind)")
        }
        let unknown = try Run(["schema", "essay"])
        #expect(unknown.status == 2 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("quizbank schema: the schemas are bank, config, compiled, diff, not 'essay'\n"))
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

import Foundation
import TestSupport
import Testing

/// Runs the built `quizbank` executable and captures what it printed.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String

    static let repository = TestRepository.root
    static let corpus = TestRepository.corpus
    static let corpusIsTheSample = TestRepository.corpusIsTheSample

    /// `QUIZBANK_EXECUTABLE` names the build to run (the release build, say); else the debug
    /// build, or the release build when there is no debug one.
    static var executable: URL {
        ProcessInfo.processInfo.environment["QUIZBANK_EXECUTABLE"].map { URL(fileURLWithPath: $0) } ?? TestRepository.builtProduct("quizbank")
    }

    /// `input`, when given, on standard input.
    init(_ arguments: [String], input: String? = nil, in directory: URL = Run.repository, environment: [String: String] = [:]) throws {
        let run = try ProcessRun(Run.executable, arguments, input: input, in: directory, environment: environment)
        (status, stdout, stderr) = (run.status, run.stdout, run.stderr)
    }
}

let goodBank = """
quizbank: 1
id: good
title: Good
locale: en
questions:
  - id: sun
    text: The Sun is a star.
    answer: true
    explanation: It is a G-type main-sequence star.

"""

let badBank = """
quizbank: 1
id: bad
title: Bad
locale: en
questions:
  - id: sun
    text: The Sun is a star.
    answer: yes
    explanation: It is a star.
  - id: sun
    txet: Which planet is red?
    choices: [Venus, Mars]

"""

@Suite(.serialized) struct CLITests {
    @Test func versionAndHelp() throws {
        let version = try Run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("quizbank "))
        let help = try Run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("lint") && help.stdout.contains("compile"))
        for command in ["lint", "compile"] {
            let commandHelp = try Run([command, "--help"])
            #expect(commandHelp.status == 0)
            #expect(commandHelp.stdout.contains("usage: quizbank \(command)"))
        }
    }

    @Test func usageErrorsExitTwoWithAUsageLine() throws {
        let unknownCommand = try Run(["lnit"])
        #expect(unknownCommand.status == 2)
        #expect(unknownCommand.stderr.contains("did you mean 'lint'?"))
        let unknownFlag = try Run(["lint", "--sauce", "always", "Banks"])
        #expect(unknownFlag.status == 2)
        #expect(unknownFlag.stderr.contains("unknown option '--sauce'; did you mean '--source'?"))
        #expect(unknownFlag.stderr.contains("usage: quizbank lint"))
        #expect(unknownFlag.stdout.isEmpty)
        let noCommand = try Run([])
        #expect(noCommand.status == 2)
        let noOutput = try Run(["compile", "Banks"])
        #expect(noOutput.status == 2)
        #expect(noOutput.stderr.contains("-o"))
    }

    /// The example banks have no errors or warnings; the item-writing rules' notes (`info`:
    /// numeric choices out of order, vague words) are left in them.
    /// The example banks show the item-writing the rules ask for: no finding at all, infos included.
    @Test func lintExampleBanksIsClean() throws {
        let run = try Run(["lint", "--strict", "Banks/"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout == "0 errors, 0 warnings in 2 banks\n", "\(run.stdout.suffix(600))")
    }

    @Test func lintReportsEveryErrorWithPathLineAndColumn() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        let run = try Run(["lint", "--source", "never", "bad.yaml"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout == """
        bad.yaml:8:13: error: `answer` must be true or false, found a string; YAML 1.1's yes is not a boolean here [wrong-type]
            help: write 'true'
        bad.yaml:10:9: error: question id 'sun' is used twice in this bank [duplicate-id]
        bad.yaml:6:9: note: first use of 'sun'
        bad.yaml:10:9: warning: question 'sun' has no explanation [missing-explanation]
        bad.yaml:11:5: error: unknown key 'txet' in a question; did you mean 'text'? [unknown-key]
            help: write 'text'
        bad.yaml:12:14: error: no choice is marked `correct: true` [no-correct-choice]
        4 errors, 1 warning in 1 bank
        1 finding can be fixed with --fix (1 more with --unsafe-fixes); --diff shows the fixes

        """)
    }

    @Test func sourceExcerptPutsACaretUnderTheRange() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        let run = try Run(["lint", "--source", "always", "bad.yaml"], in: scratch.url)
        #expect(run.stdout.contains("\n        answer: yes\n                ^~~\n"))
    }

    @Test func syntaxErrorPointsAtTheOpeningQuote() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("broken.yaml", "quizbank: 1\nid: x\ntitle: \"Unclosed\nlocale: en\n")
        let run = try Run(["lint", "--source=always", "broken.yaml"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("broken.yaml:3:8: error: the quote that opens here is never closed (libyaml: found unexpected end of stream while scanning a quoted scalar) [yaml-syntax]\n    title: \"Unclosed\n           ^\n"))
    }

    @Test func pathsAreReportedAsGiven() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("sub/dir/bad.yaml", badBank)
        let run = try Run(["lint", "./sub/dir/bad.yaml"], in: scratch.url)
        #expect(run.stdout.hasPrefix("./sub/dir/bad.yaml:8:13: "))
        let folder = try Run(["lint", "sub"], in: scratch.url)
        #expect(folder.stdout.hasPrefix("sub/dir/bad.yaml:8:13: "))
    }

    @Test func missingFilesAndEmptyFoldersExitTwo() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let missing = try Run(["lint", "nope.yaml"], in: scratch.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or folder: nope.yaml"))
        try scratch.write("empty/notes.yaml", "just: yaml\n")
        let noBanks = try Run(["lint", "empty"], in: scratch.url)
        #expect(noBanks.status == 2)
        #expect(noBanks.stderr.contains("no banks found"))
    }

    @Test func compileWritesOneFilePerBankAndLocale() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let out = scratch.url.appendingPathComponent("out")
        let run = try Run(["compile", Run.repository.appendingPathComponent("Banks").path, "-o", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files.filter { $0.hasSuffix(".json") } == ["astronomy.en.json", "astronomy.pt-BR.json", "driving-test.en.json"])
        // And the driving test's images, beside it.
        let signs = try FileManager.default.contentsOfDirectory(atPath: Run.repository.appendingPathComponent("Banks/driving/signs").path)
        #expect(files.filter { !$0.hasSuffix(".json") } == signs.filter { $0.hasSuffix(".png") }.sorted())
    }

    @Test func compileToStdoutWritesOneBank() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.yaml", goodBank)
        let run = try Run(["compile", "good.yaml", "-o", "-"], in: scratch.url)
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["id"] as? String == "good")
        try scratch.write("good2.yaml", goodBank.replacingOccurrences(of: "id: good", with: "id: good-two"))
        let two = try Run(["compile", "good.yaml", "good2.yaml", "-o", "-"], in: scratch.url)
        #expect(two.status == 2)
        #expect(two.stdout.isEmpty)
    }

    @Test func aBankWithErrorsWritesNothingAndLeavesEarlierOutputIntact() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bank.yaml", goodBank)
        let first = try Run(["compile", "bank.yaml", "-o", "out"], in: scratch.url)
        #expect(first.status == 0)
        let outputFile = scratch.url.appendingPathComponent("out/good.en.json")
        let before = try Data(contentsOf: outputFile)
        try scratch.write("bank.yaml", goodBank.replacingOccurrences(of: "answer: true", with: "answer: maybe"))
        try scratch.write("other.yaml", goodBank.replacingOccurrences(of: "id: good", with: "id: other"))
        let second = try Run(["compile", "bank.yaml", "other.yaml", "-o", "out"], in: scratch.url)
        #expect(second.status == 1)
        #expect(second.stderr.contains("bank.yaml:8:13: error:"))
        #expect(try Data(contentsOf: outputFile) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("out").path)
        #expect(files == ["good.en.json"], "no other file, no temporary left behind")
    }

    @Test func aBankWithErrorsLeavesNoNewFolder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.yaml", goodBank)
        try scratch.write("zz-bad.yaml", goodBank.replacingOccurrences(of: "id: good", with: "id: bad")
            .replacingOccurrences(of: "answer: true", with: "answer: maybe"))
        let run = try Run(["compile", "good.yaml", "zz-bad.yaml", "-o", "new/out"], in: scratch.url)
        #expect(run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("new").path),
                "the good bank's file was written as it was made, then removed with the folders")
    }

    /// A bank large enough to be read in two parts, in two locales: the files written as they
    /// are made hold what standard output gets.
    @Test func aLargeBankWrittenAsItIsMadeMatchesStandardOutput() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var text = "quizbank: 1\nid: large\ntitle: {en: Large, de: Groß}\nlocale: en\nlocales: [en, de]\nquestions:\n"
        for index in 0..<12_000 {
            text += "  - id: q\(index)\n    text: {en: \"Question  \(index), with a text long enough to fill the chunks?\", de: \"Frage \(index)?\"}\n"
            text += "    choices: [\"A \(index)\", {text: B, correct: true}]\n"
        }
        try scratch.write("large.yaml", text)
        #expect(text.utf8.count > 1 << 20)
        let run = try Run(["compile", "large.yaml", "-o", "out"], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("out").path).sorted()
        #expect(files == ["large.de.json", "large.en.json"], "no temporary left behind")
        for locale in ["en", "de"] {
            let printed = try Run(["compile", "large.yaml", "--locale", locale, "-o", "-"], in: scratch.url)
            let written = try String(contentsOf: scratch.url.appendingPathComponent("out/large.\(locale).json"), encoding: .utf8)
            #expect(printed.status == 0)
            #expect(written == printed.stdout, "large.\(locale).json")
        }
    }

    /// A header key after the questions: the compiler starts the document over, and the file
    /// holds only the second go.
    @Test func aFileStartedOverHoldsTheWholeBankOnce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("late.yaml", goodBank + "description: Written after the questions\n")
        let run = try Run(["compile", "late.yaml", "-o", "out"], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("out").path) == ["good.en.json"])
        let written = try String(contentsOf: scratch.url.appendingPathComponent("out/good.en.json"), encoding: .utf8)
        let printed = try Run(["compile", "late.yaml", "-o", "-"], in: scratch.url)
        #expect(written == printed.stdout)
        #expect(written.contains("Written after the questions"))
        #expect(written.components(separatedBy: "\"format\"").count == 2, "one document, not two")
    }

    @Test func compileOneLocale() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try Run(["compile", Run.repository.appendingPathComponent("Banks/astronomy").path, "--locale", "en", "-o", scratch.url.path])
        #expect(run.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["astronomy.en.json"])
        let wrong = try Run(["compile", Run.repository.appendingPathComponent("Banks/astronomy").path, "--locale", "fr", "-o", scratch.url.path])
        #expect(wrong.status == 2)
    }
}

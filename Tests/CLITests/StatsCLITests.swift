import Foundation
import Testing

/// A bank with known figures for the command line: 3 true/false questions (2 true), one
/// single-choice question, one topic, one explanation.
let statsBank = """
quizbank: 1
id: cli
title: CLI bank
locale: en
topics:
  sky: {weight: 1}
exam: {size: 4}
questions:
  - id: a
    topic: sky
    text: The sky is blue.
    answer: true
    explanation: Rayleigh scattering.
  - id: b
    topic: sky
    text: The sky is green.
    answer: false
  - id: c
    text: Clouds are water.
    answer: true
  - id: d
    text: Which colour is the sky?
    choices: [Red, {text: Blue, correct: true}]

"""

@Suite(.serialized) struct StatsCLITests {
    @Test func jsonFormatIsVersionedWithEveryBankAndTheTotal() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/cli.yaml", statsBank)
        try scratch.write("banks/good.yaml", goodBank)
        let run = try Run(["stats", "--format", "json", "banks"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let banks = try #require(object["banks"] as? [[String: Any]])
        #expect(banks.map { $0["path"] as? String } == ["banks/cli.yaml", "banks/good.yaml"])
        #expect(banks[0]["questions"] as? Int == 4)
        let trueFalse = try #require(banks[0]["trueFalse"] as? [String: Any])
        #expect(trueFalse["true"] as? Int == 2)
        #expect(trueFalse["verdict"] as? String == "too-few")
        let topics = try #require((banks[0]["topics"] as? [String: Any])?["topics"] as? [[String: Any]])
        #expect(topics.first?["needed"] as? Int == 4)
        #expect(topics.first?["fills"] as? Bool == false)
        let total = try #require(object["total"] as? [String: Any])
        #expect(total["banks"] as? Int == 2)
        #expect(total["questions"] as? Int == 5)
        #expect((object["skipped"] as? [Any])?.isEmpty == true)
        #expect(run.stdout.hasSuffix("}\n"))
    }

    @Test func textIsTheDefaultAndHasNoColorWhenPiped() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("cli.yaml", statsBank)
        let run = try Run(["stats", "cli.yaml"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("cli  cli.yaml\nCLI bank\n4 questions · locale en\n"))
        #expect(run.stdout.contains("True/false  3 questions · 2 true (66.7%)"))
        #expect(run.stdout.contains("no, 2 short"))
        #expect(!run.stdout.contains("\u{1B}"))
        // One bank: no "All banks" block.
        #expect(!run.stdout.contains("All 1 bank"))
    }

    @Test func colorIsForcedByAlwaysAndNeverShownWithNoColorInAuto() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("cli.yaml", statsBank)
        let always = try Run(["stats", "--color", "always", "cli.yaml"], in: scratch.url)
        #expect(always.stdout.contains("\u{1B}[1mKinds\u{1B}[0m"))
        let always2 = try Run(["stats", "--color=always", "cli.yaml"], in: scratch.url, environment: ["NO_COLOR": "1"])
        #expect(always2.stdout.contains("\u{1B}["))
        let auto = try Run(["stats", "cli.yaml"], in: scratch.url, environment: ["NO_COLOR": "1"])
        #expect(!auto.stdout.contains("\u{1B}"))
        let never = try Run(["stats", "--color", "never", "cli.yaml"], in: scratch.url)
        #expect(!never.stdout.contains("\u{1B}"))
        let wrong = try Run(["stats", "--color", "sometimes", "cli.yaml"], in: scratch.url)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--color takes auto, always or never"))
    }

    @Test func markdownFormatHasTablesAndABlockPerBank() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("cli.yaml", statsBank)
        try scratch.write("good.yaml", goodBank)
        let run = try Run(["stats", "--format", "markdown", "cli.yaml", "good.yaml"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("## All 2 banks\n"))
        #expect(run.stdout.contains("| Kind | Questions | Share |  |\n|---|--:|--:|---|\n"))
        #expect(run.stdout.contains("<summary><b>cli</b> · cli.yaml · 4 questions</summary>"))
        #expect(run.stdout.contains("<summary><b>good</b> · good.yaml · 1 question</summary>"))
    }

    @Test func aBankWithErrorsIsLeftOutReportedOnStderrAndExitsOne() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        try scratch.write("cli.yaml", statsBank)
        let run = try Run(["stats", "--format", "json", "bad.yaml", "cli.yaml"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("bad.yaml:8:13: error:"))
        #expect(run.stderr.contains("[wrong-type]"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let banks = try #require(object["banks"] as? [[String: Any]])
        #expect(banks.map { $0["path"] as? String } == ["cli.yaml"])
        let skipped = try #require(object["skipped"] as? [[String: Any]])
        #expect(skipped.first?["path"] as? String == "bad.yaml")
        #expect((skipped.first?["errors"] as? Int ?? 0) >= 2)
        let text = try Run(["stats", "bad.yaml", "cli.yaml"], in: scratch.url)
        #expect(text.status == 1)
        #expect(text.stdout.contains("Left out: 1 bank with errors (listed on stderr)\n  bad.yaml ("))
    }

    @Test func usageAndInputErrorsExitTwo() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("cli.yaml", statsBank)
        let format = try Run(["stats", "--format", "xml", "cli.yaml"], in: scratch.url)
        #expect(format.status == 2)
        #expect(format.stderr.contains("--format takes text, json, markdown, not 'xml'"))
        #expect(format.stdout.isEmpty)
        let missing = try Run(["stats", "nowhere.yaml"], in: scratch.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or folder: nowhere.yaml"))
        let none = try Run(["stats"], in: scratch.url)
        #expect(none.status == 2)
        try scratch.write("empty/notes.yaml", "title: not a bank\n")
        let noBanks = try Run(["stats", "empty"], in: scratch.url)
        #expect(noBanks.status == 2)
        #expect(noBanks.stderr.contains("no banks found"))
        let help = try Run(["stats", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: quizbank stats"))
        let overview = try Run(["--help"])
        #expect(overview.stdout.contains("stats"))
    }

    @Test func theExampleBanksHaveStatistics() throws {
        let run = try Run(["stats", "--format", "json", "Banks"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let banks = try #require(object["banks"] as? [[String: Any]])
        #expect(banks.map { $0["id"] as? String } == ["astronomy", "driving-test"])
        #expect((object["total"] as? [String: Any])?["questions"] as? Int == banks.reduce(0) { $0 + ($1["questions"] as? Int ?? 0) })
    }
}

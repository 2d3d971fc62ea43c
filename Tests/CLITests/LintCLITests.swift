import Foundation
import TestSupport
import Testing

/// A bank with one warning (no explanation) and nothing else.
let warningBank = """
quizbank: 1
id: warn
title: Warn
locale: en
questions:
  - id: sun
    text: The Sun is a star.
    answer: true

"""

@Suite(.serialized) struct LintCLITests {
    @Test func jsonFormatIsVersionedAndParses() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        let run = try Run(["lint", "--format", "json", "bad.yaml"], in: scratch.url)
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.first?["rule"] as? String == "wrong-type")
        #expect(findings.first?["line"] as? Int == 8)
        #expect(findings.first?["column"] as? Int == 13)
    }

    @Test func githubFormatIsChosenOnActions() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        let run = try Run(["lint", "bad.yaml"], in: scratch.url, environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("::error file=bad.yaml,line=8,col=13,endLine=8,endColumn=16,title=wrong-type::"))
        let forced = try Run(["lint", "--format", "text", "bad.yaml"], in: scratch.url, environment: ["GITHUB_ACTIONS": "true"])
        #expect(forced.stdout.hasPrefix("bad.yaml:8:13: error:"))
    }

    @Test func sarifFormatNamesRulesAndRegions() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        let run = try Run(["lint", "--format", "sarif", "bad.yaml"], in: scratch.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let results = ((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.first?["ruleId"] as? String == "wrong-type")
        #expect(results.count == 5)
    }

    @Test func unknownFormatIsAUsageError() throws {
        let run = try Run(["lint", "--format", "xml", "Banks"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--format takes text, json, github, sarif"))
    }

    @Test func warningsPassUnlessStrictOrOverTheLimit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("warn.yaml", warningBank)
        let plain = try Run(["lint", "warn.yaml"], in: scratch.url)
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("warn.yaml:6:9: warning: question 'sun' has no explanation [missing-explanation]"))
        #expect(plain.stdout.hasSuffix("0 errors, 1 warning in 1 bank\n"))
        #expect(try Run(["lint", "--strict", "warn.yaml"], in: scratch.url).status == 1)
        #expect(try Run(["lint", "--max-warnings", "0", "warn.yaml"], in: scratch.url).status == 1)
        #expect(try Run(["lint", "--max-warnings", "1", "warn.yaml"], in: scratch.url).status == 0)
        #expect(try Run(["lint", "--max-warnings", "many", "warn.yaml"], in: scratch.url).status == 2)
    }

    @Test func nearestConfigurationApplies() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try scratch.write(".quizbank.yml", "rules:\n  missing-explanation: error\n")
        try scratch.write("strict/warn.yaml", warningBank)
        try scratch.write("relaxed/.quizbank.yml", "rules:\n  missing-explanation: off\n")
        try scratch.write("relaxed/warn.yaml", warningBank.replacingOccurrences(of: "id: warn", with: "id: warn-two")
            .replacingOccurrences(of: "The Sun is a star.", with: "Sirius is a star."))
        let run = try Run(["lint", "."], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("strict/warn.yaml:6:9: error: question 'sun' has no explanation [missing-explanation]"))
        #expect(!run.stdout.contains("relaxed/warn.yaml"))
        let explicit = try Run(["lint", "--config", "relaxed/.quizbank.yml", "."], in: scratch.url)
        #expect(explicit.status == 0)
        #expect(explicit.stdout == "0 errors, 0 warnings in 2 banks\n")
    }

    @Test func configurationsAboveTheRepositoryRootAreNotRead() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write(".quizbank.yml", "rules:\n  missing-explanation: off\n")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        try scratch.write("repo/warn.yaml", warningBank)
        let run = try Run(["lint", "repo"], in: scratch.url)
        #expect(run.stdout.contains("[missing-explanation]"))
    }

    @Test func badConfigurationExitsTwoWithItsPlace() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write(".quizbank.yml", "rules:\n  missing-explanaton: off\n")
        try scratch.write("warn.yaml", warningBank)
        let run = try Run(["lint", "warn.yaml"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains(".quizbank.yml:2:3: error: unknown rule 'missing-explanaton'; did you mean 'missing-explanation'?"))
    }

    @Test func ignoredFilesAreSkippedWhenSearchingFolders() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write(".quizbank.yml", "ignore:\n  - drafts/**\n")
        try scratch.write("drafts/bad.yaml", badBank)
        try scratch.write("good/warn.yaml", warningBank)
        let run = try Run(["lint", "."], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("in 1 bank\n"))
    }

    @Test func everySuppressionFormWorksFromTheCommandLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = "# quizbank: disable-file missing-explanation -- glossary\n" + warningBank
        try scratch.write("file.yaml", file)
        let next = warningBank.replacingOccurrences(of: "  - id: sun", with: "  # quizbank: disable-next-line missing-explanation -- obvious\n  - id: sun")
        try scratch.write("next.yaml", next.replacingOccurrences(of: "id: warn", with: "id: next")
            .replacingOccurrences(of: "The Sun is a star.", with: "Sirius is a star."))
        let line = warningBank.replacingOccurrences(of: "  - id: sun", with: "  - id: sun # quizbank: disable-line missing-explanation")
        try scratch.write("line.yaml", line.replacingOccurrences(of: "id: warn", with: "id: line")
            .replacingOccurrences(of: "The Sun is a star.", with: "Vega is a star."))
        let unused = warningBank + "    explanation: It is.\n    # quizbank: disable-line missing-explanation\n"
        try scratch.write("unused.yaml", unused.replacingOccurrences(of: "id: warn", with: "id: unused")
            .replacingOccurrences(of: "The Sun is a star.", with: "Altair is a star."))
        let run = try Run(["lint", "--source", "never", "file.yaml", "next.yaml", "line.yaml", "unused.yaml"], in: scratch.url)
        #expect(run.stdout == "unused.yaml:10:30: warning: disable-line missing-explanation suppresses nothing on line 10 [unused-suppression]\n0 errors, 1 warning in 4 banks\n")
    }

    @Test func colorFollowsTheFlagAndNoColor() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("warn.yaml", warningBank)
        let always = try Run(["lint", "--color", "always", "warn.yaml"], in: scratch.url)
        #expect(always.stdout.contains("\u{1B}[1;33mwarning\u{1B}[0m"))
        let auto = try Run(["lint", "warn.yaml"], in: scratch.url, environment: ["NO_COLOR": "1"])
        #expect(!auto.stdout.contains("\u{1B}["))
        let never = try Run(["lint", "--color", "never", "warn.yaml"], in: scratch.url)
        #expect(!never.stdout.contains("\u{1B}["))
    }

    @Test func rulesAndExplain() throws {
        let rules = try Run(["rules"])
        #expect(rules.status == 0)
        #expect(rules.stdout.contains("missing-explanation"))
        #expect(rules.stdout.contains("yaml-syntax"))
        let explain = try Run(["explain", "missing-explanation"])
        #expect(explain.status == 0)
        #expect(explain.stdout.contains("Default severity: warning"))
        #expect(explain.stdout.contains("Reported (line 6):"))
        let unknown = try Run(["explain", "missing-explanaton"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'missing-explanation'?"))
    }
}

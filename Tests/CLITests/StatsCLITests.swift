import Foundation
import TestSupport
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

/// `stats --layout`: the review-screen figures, checked against what `lint` measures for the
/// same texts (its `review-truncation` findings carry each size's line count).
@Suite(.serialized) struct StatsLayoutCLITests {
    /// Question texts from one line to many, with and without an image.
    static func layoutBank(id: String, longest: Int) -> String {
        var text = "quizbank: 1\nid: \(id)\ntitle: Layout\nlocale: en\nquestions:\n"
        for index in 0..<longest {
            let words = Array(repeating: "Which road sign warns drivers", count: index + 1).joined(separator: " and ")
            text += "  - id: q\(index)\n    text: \"\(words)?\"\n    answer: \(index % 2 == 0)\n"
        }
        return text
    }

    @Test func cutCountsAndLineCountsAgreeWithLint() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("layout.yaml", Self.layoutBank(id: "layout", longest: 12))
        let stats = try Run(["stats", "--layout", "--format", "json", "layout.yaml"], in: scratch.url)
        #expect(stats.status == 0, "\(stats.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let bank = try #require((document["banks"] as? [[String: Any]])?.first)
        let review = try #require(bank["reviewScreen"] as? [String: Any])
        #expect(review["count"] as? Int == 12)
        #expect(review["maxLines"] as? Int == 3)
        #expect(review["width"] as? Int == 375)
        #expect(review["device"] as? String == "iPhone SE (3rd generation)")
        let cut = try #require(review["cut"] as? [[String: Any]])
        #expect(cut.map { $0["size"] as? String } == ["large", "xlarge", "xxlarge", "xxxlarge"])

        let lint = try Run(["lint", "--format", "json", "layout.yaml"], in: scratch.url)
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        var lintCut: [String: Int] = [:]
        var linesAtXXXLarge: [Int] = []
        for finding in findings where finding["rule"] as? String == "review-truncation" {
            let measure = try #require(finding["measure"] as? [String: Any])
            for size in try #require(measure["sizes"] as? [[String: Any]]) {
                let lines = try #require(size["lines"] as? Int)
                if lines > 3 { lintCut[size["size"] as? String ?? "", default: 0] += 1 }
                if size["size"] as? String == "xxxlarge" { linesAtXXXLarge.append(lines) }
            }
        }
        for entry in cut {
            #expect(entry["count"] as? Int == lintCut[entry["size"] as? String ?? ""] ?? 0, "\(entry)")
        }
        // The grading agrees with lint's: warnings for the texts cut at Large, infos for
        // those cut first at a larger size, size for size.
        let truncation = try #require(bank["truncation"] as? [String: Any])
        #expect(truncation["device"] as? String == "iPhone SE (3rd generation)")
        #expect(truncation["defaultSize"] as? String == "large")
        let graded = try #require((truncation["profiles"] as? [[String: Any]])?.first { $0["profile"] as? String == "review" })
        #expect(graded["count"] as? Int == 12)
        let reviewFindings = findings.filter { $0["rule"] as? String == "review-truncation" }
        let warnings = reviewFindings.filter { $0["severity"] as? String == "warning" }.count
        let atDefault = try #require(graded["atDefaultSize"] as? [String: Any])
        #expect(atDefault["severity"] as? String == "warning")
        #expect(atDefault["count"] as? Int == warnings)
        var infosBySize: [String: Int] = [:]
        for finding in reviewFindings where finding["severity"] as? String == "info" {
            let sizes = try #require((finding["measure"] as? [String: Any])?["sizes"] as? [[String: Any]])
            let first = try #require(sizes.first { ($0["lines"] as? Int ?? 0) > 3 }?["size"] as? String)
            infosBySize[first, default: 0] += 1
        }
        let larger = try #require(graded["onlyAtLargerSizes"] as? [String: Any])
        #expect(larger["severity"] as? String == "info")
        #expect(larger["count"] as? Int == infosBySize.values.reduce(0, +))
        #expect((larger["count"] as? Int ?? 0) > 0, "the bank has texts cut only above Large")
        for entry in try #require(larger["firstCutAt"] as? [[String: Any]]) {
            #expect(entry["count"] as? Int == infosBySize[entry["size"] as? String ?? ""] ?? 0, "\(entry)")
        }
        // Some texts are cut at every size, some at none: the bank spans the range.
        #expect((cut.first?["count"] as? Int ?? 0) > 0)
        #expect((cut.last?["count"] as? Int ?? 12) < 12)
        // The longest text's lines at xxxLarge are the distribution's maximum.
        let maximum = try #require((review["linesAtXXXLarge"] as? [String: Any])?["max"] as? Int)
        #expect(maximum == linesAtXXXLarge.max())
    }

    @Test func textViewShowsTheScreenAndTheTotalAddsBanksUp() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/a.yaml", Self.layoutBank(id: "a", longest: 6))
        try scratch.write("banks/b.yaml", Self.layoutBank(id: "b", longest: 9))
        let json = try Run(["stats", "--layout", "--format", "json", "banks"], in: scratch.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let banks = try #require(document["banks"] as? [[String: Any]])
        let total = try #require((document["total"] as? [String: Any])?["reviewScreen"] as? [String: Any])
        #expect(total["count"] as? Int == 15)
        let cuts = banks.map { (($0["reviewScreen"] as? [String: Any])?["cut"] as? [[String: Any]] ?? []).map { $0["count"] as? Int ?? 0 } }
        let totalCut = (total["cut"] as? [[String: Any]] ?? []).map { $0["count"] as? Int ?? 0 }
        #expect(totalCut == zip(cuts[0], cuts[1]).map { $0 + $1 })

        let text = try Run(["stats", "--layout", "banks/a.yaml"], in: scratch.url)
        #expect(text.status == 0)
        #expect(text.stdout.contains("Review screen  375 pt, iPhone SE (3rd generation)"))
        #expect(text.stdout.contains("Truncation  375 pt, iPhone SE (3rd generation); as lint grades it"))
        #expect(text.stdout.contains("cut off (more than 3 lines)  Large "))
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(text.stdout.contains("    review          6  2 warnings  2 infos: xLarge 1 · xxLarge 0 · xxxLarge 1\n"))
        let markdown = try Run(["stats", "--layout", "--format", "markdown", "banks/a.yaml"], in: scratch.url)
        #expect(markdown.stdout.contains("| review | 6 | 2 warnings | 2 infos: xLarge 1 · xxLarge 0 · xxxLarge 1 |\n"))

        // The total's grading adds the banks' up.
        func graded(_ object: [String: Any]?) -> [Int] {
            let profiles = (object?["truncation"] as? [String: Any])?["profiles"] as? [[String: Any]] ?? []
            let review = profiles.first { $0["profile"] as? String == "review" }
            return [review?["count"] as? Int ?? -1, (review?["atDefaultSize"] as? [String: Any])?["count"] as? Int ?? -1,
                    (review?["onlyAtLargerSizes"] as? [String: Any])?["count"] as? Int ?? -1]
        }
        let perBank = banks.map { graded($0) }
        #expect(graded(document["total"] as? [String: Any]) == zip(perBank[0], perBank[1]).map { $0 + $1 })
        #expect(graded(document["total"] as? [String: Any])[0] == 15)
    }

    /// The grading is labelled with the severities the bank's configuration gives the rules.
    @Test func gradingFollowsTheConfiguredSeverities() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("a.yaml", Self.layoutBank(id: "a", longest: 6))
        try scratch.write(".quizbank.yml", "rules:\n  review-truncation: {severity: error, larger-sizes: off}\n  hint-truncation: off\n")
        let json = try Run(["stats", "--layout", "--format", "json", "a.yaml"], in: scratch.url)
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let bank = try #require((document["banks"] as? [[String: Any]])?.first)
        let profiles = try #require((bank["truncation"] as? [String: Any])?["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["profile"] as? String } == ["review", "choice", "hint"])
        func severities(_ profile: [String: Any]) -> [String?] {
            [(profile["atDefaultSize"] as? [String: Any])?["severity"] as? String,
             (profile["onlyAtLargerSizes"] as? [String: Any])?["severity"] as? String]
        }
        #expect(profiles.map(severities) == [["error", "off"], ["warning", "info"], ["off", "off"]])
        let text = try Run(["stats", "--layout", "a.yaml"], in: scratch.url)
        #expect(text.stdout.contains("    review          6  2 errors  2, not reported: xLarge 1 · xxLarge 0 · xxxLarge 1\n"))
    }

    @Test func withoutLayoutThereAreNoReviewFigures() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("layout.yaml", Self.layoutBank(id: "layout", longest: 3))
        let run = try Run(["stats", "--format", "json", "layout.yaml"], in: scratch.url)
        #expect(run.status == 0)
        #expect(!run.stdout.contains("reviewScreen"))
        let misuse = try Run(["stats", "--config", "x.yml", "layout.yaml"], in: scratch.url)
        #expect(misuse.status == 2)
        #expect(misuse.stderr.contains("--config is for the settings of --layout and --quality"))
    }
}

/// `stats --quality`: the item-writing and quality rules' findings, counted as `lint` reports
/// them, and the duplicate clusters.
@Suite(.serialized) struct StatsQualityCLITests {
    static let bank = """
        quizbank: 1
        id: quality
        title: Quality
        locale: en
        questions:
          - id: a
            text: Which planet is closest to the Sun?
            choices: [Venus, {text: Mercury, correct: true}, Mars, All of the above]
          - id: b
            text: Which planet is closest to the Sun?
            choices: [Venus, {text: Mercury, correct: true}, Earth]
          - id: c
            text: Which of these planets is the largest one in the solar system?
            choices: [Mars, {text: Jupiter, correct: true}, Venus]
          - id: d
            text: Which of these planets is the largest one in our solar system?
            choices: [Mars, {text: Jupiter, correct: true}, Earth]
          - id: e
            text: Which of the following is not a gas giant?
            choices: [Saturn, {text: Mars, correct: true}, Neptune, None of the above]

        """

    @Test func findingsPerRuleAreLintsAndClustersCountTheirQuestions() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("quality.yaml", Self.bank)
        let stats = try Run(["stats", "--quality", "--format", "json", "quality.yaml"], in: scratch.url)
        #expect(stats.status == 0, "\(stats.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let quality = try #require((document["banks"] as? [[String: Any]])?.first?["quality"] as? [String: Any])
        let counted = Dictionary(uniqueKeysWithValues: try #require(quality["findings"] as? [[String: Any]]).map {
            ($0["rule"] as? String ?? "", $0["count"] as? Int ?? -1)
        })
        #expect(counted.count == 22)

        let lint = try Run(["lint", "--format", "json", "quality.yaml"], in: scratch.url)
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        var expected: [String: Int] = [:]
        for finding in findings where counted[finding["rule"] as? String ?? ""] != nil {
            expected[finding["rule"] as? String ?? "", default: 0] += 1
        }
        #expect(counted.filter { $0.value > 0 } == expected)
        #expect(expected["duplicate-question"] == 1)
        #expect(expected["all-of-the-above"] == 1)
        #expect(expected["none-of-the-above"] == 1)

        let duplicates = try #require(quality["duplicates"] as? [String: Any])
        #expect(duplicates["clusters"] as? Int == 1)
        #expect(duplicates["questions"] as? Int == 2)
        let near = try #require(quality["nearDuplicates"] as? [String: Any])
        #expect(near["clusters"] as? Int == expected["near-duplicate-question"] ?? 0)

        let text = try Run(["stats", "--quality", "quality.yaml"], in: scratch.url)
        #expect(text.stdout.contains("Quality  duplicates 1 (2 questions)"))
        #expect(text.stdout.contains("    all-of-the-above"))
        let plain = try Run(["stats", "--format", "json", "quality.yaml"], in: scratch.url)
        let plainBank = try #require(((try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])?["banks"] as? [[String: Any]])?.first)
        #expect(plainBank["quality"] == nil)
        #expect(plainBank["id"] as? String == "quality")
    }
}

import Foundation
import TestSupport
import Testing

@Suite struct MeasureCLITests {
    static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let hasInter = FileManager.default.fileExists(atPath: inter)

    @Test func printsOneLineCountPerText() throws {
        let run = try Run(["measure", "--width", "150"], input: "Short.\nA much longer text that will certainly need more than one line here.\n\n")
        #expect(run.status == 0, "\(run.stderr)")
        let counts = run.stdout.split(separator: "\n").map { Int($0) }
        #expect(counts.count == 3)
        #expect(counts[0] == 1)
        #expect((counts[1] ?? 0) > 1)
        #expect(counts[2] == 0)
    }

    /// Without --width or --device, the device the layout rules measure on by default.
    @Test func withoutAWidthItMeasuresOnTheDefaultDevice() throws {
        let texts = "A text long enough to take a few lines on a phone screen at the largest accessibility size.\n"
        let plain = try Run(["measure", "--size", "ax5", "--format", "json"], input: texts)
        #expect(plain.status == 0, "\(plain.stderr)")
        let named = try Run(["measure", "--size", "ax5", "--format", "json", "--device", "iPhone SE (3rd generation)"], input: texts)
        #expect(plain.stdout == named.stdout && plain.stdout.contains("\"width\":"), "\(plain.stdout)")
    }

    @Test func jsonGivesLinesWidestLineAndBreakPositions() throws {
        let run = try Run(["measure", "--format", "json", "--size", "xxxl", "--device", "320"], input: "well-known\\nsecond line\n",
                               environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["lines"] as? Int == 1)
        #expect(object["points"] as? Int == 23)
        #expect(object["size"] as? String == "xxxlarge")
        #expect(object["width"] as? Int == 320)
        #expect(object["lineStarts"] as? [Int] == [])
        #expect((object["widestLine"] as? Double ?? 0) > 100)
        #expect(object["device"] as? String == "iPhone SE (1st generation)")
        // With --escapes, \n is a line break.
        let escaped = try Run(["measure", "--format", "json", "--width", "320", "--escapes"], input: "well-known\\nsecond line\n",
                                   environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        let lines = try #require(try JSONSerialization.jsonObject(with: Data(escaped.stdout.utf8)) as? [String: Any])
        #expect(lines["lines"] as? Int == 2)
        #expect(lines["lineStarts"] as? [Int] == [11])
    }

    @Test func pointsTrackingAndSeveralSizes() throws {
        let text = "The quick brown fox jumps over the lazy dog\n"
        let run = try Run(["measure", "--points", "17", "--tracking", "0", "--width", "100,1000"], input: text,
                               environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        #expect(run.status == 0)
        let counts = run.stdout.trimmingCharacters(in: .newlines).split(separator: " ").compactMap { Int($0) }
        #expect(counts.count == 2 && counts[0] > 1 && counts[1] == 1)
        let all = try Run(["measure", "--size", "all", "--width", "200"], input: text, environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        let perSize = all.stdout.trimmingCharacters(in: .newlines).split(separator: " ").compactMap { Int($0) }
        #expect(perSize.count == 12)
        #expect(perSize == perSize.sorted())
    }

    @Test func withoutAFontItWarnsAndStillMeasures() throws {
        let run = try Run(["measure", "--width", "200"], input: "Hello\n", environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        #expect(run.status == 0)
        #expect(run.stdout == "1\n")
        #expect(run.stderr.contains("warning: no font file"))
        #expect(run.stderr.contains("approximate"))
    }

    @Test(.enabled(if: MeasureCLITests.hasInter))
    func anExplicitFontIsUsedExactly() throws {
        let text = "Representatives of three of these species produce venom of their own.\n"
        let exact = try Run(["measure", "--format", "json", "--width", "1000", "--tracking", "0", "--font", Self.inter], input: text)
        let calibrated = try Run(["measure", "--format", "json", "--width", "1000", "--tracking", "0"], input: text)
        #expect(exact.stderr.isEmpty && calibrated.stderr.isEmpty)
        let a = try #require(try JSONSerialization.jsonObject(with: Data(exact.stdout.utf8)) as? [String: Any])
        let b = try #require(try JSONSerialization.jsonObject(with: Data(calibrated.stdout.utf8)) as? [String: Any])
        let ratio = (b["widestLine"] as? Double ?? 0) / (a["widestLine"] as? Double ?? 1)
        #expect(abs(ratio - 0.4165 / 0.474) < 0.001)
    }

    @Test(arguments: [
        (["measure", "--width", "100", "--size", "huge"], "unknown size 'huge'"),
        (["measure", "--width", "100", "--style", "bodyy"], "unknown style 'bodyy'; did you mean 'body'?"),
        (["measure", "--device", "Pixel 8"], "unknown device 'Pixel 8'"),
        (["measure", "--width", "100", "--font", "/nonexistent.otf"], "cannot read font file '/nonexistent.otf'"),
        (["measure", "--width", "100", "--tracking", "loose"], "--tracking takes a number of em"),
        (["measure", "--width", "100", "--points", "17", "--size", "large"], "give --size or --points, not both"),
    ])
    func usageErrorsExitTwo(_ arguments: [String], _ message: String) throws {
        let run = try Run(arguments, input: "x\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func aProfileSubtractsInsetsAndIcons() throws {
        let text = "A driver approaching a flashing yellow signal should slow down and proceed with care.\n"
        let bare = try Run(["measure", "--format", "json", "--device", "320"], input: text, environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        let row = try Run(["measure", "--format", "json", "--device", "320", "--profile", "review", "--image"], input: text,
                               environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        let a = try #require(try JSONSerialization.jsonObject(with: Data(bare.stdout.utf8)) as? [String: Any])
        let b = try #require(try JSONSerialization.jsonObject(with: Data(row.stdout.utf8)) as? [String: Any])
        #expect(a["width"] as? Int == 320)
        #expect(b["width"] as? Int == 192)
        #expect((b["lines"] as? Int ?? 0) > (a["lines"] as? Int ?? 0))
    }

    @Test func banksAreSummarizedPerSizeAndWidth() throws {
        let run = try Run(["measure", "--size", "large,ax1", "--width", "320,430", "Banks/astronomy"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n")
        #expect(rows.count == 5)
        #expect(rows[1].hasPrefix("large"))
        #expect(rows[4].hasPrefix("ax1"))
    }

    @Test func lintReportsTruncationWithTheFirstSizeAndDevice() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("long.yaml", """
            quizbank: 1
            id: long
            title: Long
            locale: en
            questions:
              - id: long
                text: >-
                  A driver who approaches an intersection with a flashing yellow signal, while a pedestrian
                  waits at the corner and a cyclist comes up on the right, must do what before going on?
                answer: false
                explanation: Slow down and proceed with care.

            """)
        let run = try Run(["lint", "long.yaml"], in: scratch.url)
        #expect(run.status == 0)
        let finding = try #require(run.stdout.split(separator: "\n").first { $0.contains("[review-truncation]") })
        // The question, the device by name, the size, the lines needed and shown, the last words shown.
        #expect(finding == "long.yaml:7:11: warning: question 'long' needs 4 lines at Large on iPhone SE (3rd generation); the review shows 3, cut after 'on the' [review-truncation]")
        let json = try Run(["lint", "--format", "json", "long.yaml"], in: scratch.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let measure = try #require(findings.first { $0["rule"] as? String == "review-truncation" }?["measure"] as? [String: Any])
        #expect(measure["maxLines"] as? Int == 3)
        let sizes = try #require(measure["sizes"] as? [[String: Any]])
        #expect(sizes.map { $0["size"] as? String } == ["large", "xlarge", "xxlarge", "xxxlarge"])
        #expect(sizes.contains { ($0["lines"] as? Int ?? 0) > 3 })
    }

    @Test func lintWarnsOnStderrWhenItHasNoFont() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("good.yaml", goodBank)
        let run = try Run(["lint", "good.yaml"], in: scratch.url, environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        #expect(run.status == 0)
        #expect(run.stderr.contains("quizbank lint: warning: no font file"))
        try scratch.write(".quizbank.yml", "rules:\n  review-truncation: off\n  choice-truncation: off\n  hint-truncation: off\n")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let off = try Run(["lint", "good.yaml"], in: scratch.url, environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        #expect(off.stderr.isEmpty)
    }
}

/// `--print-texts` and `--summary`: a bank's texts written out and measured from stdin give
/// the bank's own summary.
@Suite struct MeasureTextsCLITests {
    static let bank = """
        quizbank: 1
        id: texts
        title: Texts
        locale: en
        questions:
          - id: lines
            text: |-
              A question on two lines,
              with a backslash \\ and a tab\there?
            answer: true
            explanation: "A carriage return\\r\\nand line feed, then an escape-looking \\\\n that is not one."
          - id: plain
            text: The Sun is a star.
            choices:
              - text: Yes
                correct: true
              - text: No

        """

    @Test func printedTextsMeasureLikeTheBank() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bank.yaml", Self.bank)
        let printed = try Run(["measure", "--print-texts", "bank.yaml"], in: scratch.url)
        #expect(printed.status == 0, "\(printed.stderr)")
        let lines = printed.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 5)
        // As compiled: the tab is normalized to a space, the carriage return (trailing
        // whitespace of its line) dropped.
        #expect(lines.contains("A question on two lines,\\nwith a backslash \\\\ and a tab here?"))
        #expect(lines.contains("A carriage return\\nand line feed, then an escape-looking \\\\n that is not one."))
        let arguments = ["measure", "--size", "large,ax3", "--width", "120,320"]
        let fromBank = try Run(arguments + ["bank.yaml"], in: scratch.url, environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        let fromStdin = try Run(arguments + ["--escapes", "--summary"], input: printed.stdout, in: scratch.url,
                                     environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        #expect(fromBank.status == 0 && fromStdin.status == 0, "\(fromBank.stderr)\(fromStdin.stderr)")
        #expect(fromStdin.stdout == fromBank.stdout)
        #expect(fromBank.stdout.contains("      5 "))
        // One line of counts a text, as many as the summary counts.
        let perText = try Run(arguments + ["--escapes"], input: printed.stdout, in: scratch.url, environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        #expect(perText.stdout.split(separator: "\n").count == 5)
        let timed = try Run(arguments + ["--summary", "--timing"], input: "One\nTwo words\n", environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        #expect(timed.stderr.contains("quizbank measure: 2 texts (3 distinct words) at 4 sizes and widths in "))
    }

    @Test func carriageReturnLineFeedEndsAText() throws {
        let run = try Run(["measure", "--width", "300"], input: "Hello\r\nWorld\r\n\r\nlast", environment: ["QUIZBANK_DEFAULT_FONTS": ""])
        #expect(run.stdout == "1\n1\n0\n1\n")
    }

    @Test func printTextsNeedsBanks() throws {
        let run = try Run(["measure", "--print-texts"], input: "x\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("--print-texts needs bank paths"))
    }
}

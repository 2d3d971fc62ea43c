import Foundation
import TestSupport
import Testing

/// `quizbank preview`: the site it writes, all or nothing, and its errors.
@Suite struct PreviewCLITests {
    static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let longText = "A driver who approaches an intersection with a flashing yellow signal, while a pedestrian waits at the corner and a cyclist comes up on the right, must do what before going on?"

    static let bank = """
        quizbank: 1
        id: signs
        title: Signs
        locale: en
        locales: [en, fr]
        questions:
          - id: stop
            image: stop.png
            image-alt: A red octagonal sign
            text: {en: What does this sign mean?, fr: Que signifie ce panneau ?}
            choices:
              - text: {en: Stop, fr: Arrêt}
                correct: true
              - text: {en: Go, fr: Allez}
          - id: long
            text: \(longText)
            answer: false
        """

    static func scratchWithBank() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write("signs.yaml", bank)
        try FileManager.default.copyItem(at: Run.repository.appendingPathComponent("Banks/driving/signs/stop.png"),
                                         to: scratch.url.appendingPathComponent("stop.png"))
        return scratch
    }

    static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func writesTheSiteWithItsImagesAndFont() throws {
        let scratch = try Self.scratchWithBank()
        defer { scratch.remove() }
        let fonts = FileManager.default.fileExists(atPath: Self.inter) ? Self.inter : ""
        let run = try Run(["preview", "signs.yaml", "-o", "site"], in: scratch.url, environment: ["QUIZBANK_DEFAULT_FONTS": fonts])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "quizbank preview: wrote site: 1 bank, 2 questions, \(try Self.lintFindingCount(scratch)) findings; open site/index.html\n")
        let site = scratch.url.appendingPathComponent("site")
        let names = try FileManager.default.contentsOfDirectory(atPath: site.path).sorted()
        var expected = ["images", "index.html", "preview.css", "preview.js", "signs.long.en.html", "signs.long.fr.html", "signs.stop.en.html", "signs.stop.fr.html"]
        if !fonts.isEmpty { expected.append("fonts") }
        #expect(names == expected.sorted())
        #expect(try Data(contentsOf: site.appendingPathComponent("images/signs/stop.png")) == Data(contentsOf: scratch.url.appendingPathComponent("stop.png")))
        let page = try Self.read(site.appendingPathComponent("signs.stop.en.html"))
        #expect(page.contains("<img src=\"images/signs/stop.png\" width=\"") && page.contains("alt=\"A red octagonal sign\""))
        let french = try Self.read(site.appendingPathComponent("signs.stop.fr.html"))
        #expect(french.contains("Que signifie ce panneau") && french.contains("Arrêt"))
        if fonts.isEmpty {
            #expect(run.stderr.contains("warning: no font file"))
        } else {
            // The very file the measure read.
            #expect(try Data(contentsOf: site.appendingPathComponent("fonts/Inter-Regular.otf")) == Data(contentsOf: URL(fileURLWithPath: Self.inter)))
            #expect(try Self.read(site.appendingPathComponent("preview.css")).contains("src: url(\"fonts/Inter-Regular.otf\")"))
        }
    }

    static func lintFindingCount(_ scratch: Scratch) throws -> Int {
        let lint = try Run(["lint", "--format", "json", "signs.yaml"], in: scratch.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])
        return try #require(report["findings"] as? [Any]).count
    }

    @Test func theLinesAreTheOnesMeasureCounts() throws {
        let scratch = try Self.scratchWithBank()
        defer { scratch.remove() }
        let environment = ["QUIZBANK_DEFAULT_FONTS": FileManager.default.fileExists(atPath: Self.inter) ? Self.inter : ""]
        let run = try Run(["preview", "signs.yaml", "-o", "site"], in: scratch.url, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try Self.read(scratch.url.appendingPathComponent("site/signs.long.en.html"))
        // The Large review cell: its width, then what `measure` counts at that width.
        let cell = try #require(page.range(of: "<div class=\"text review-text\""))
        let attributes = String(page[cell.lowerBound...].prefix(300))
        func attribute(_ name: String) throws -> String {
            let start = try #require(attributes.range(of: "\(name)=\"")).upperBound
            return String(attributes[start...].prefix { $0 != "\"" })
        }
        let measured = try Run(["measure", "--format", "json", "--size", "large", "--width", try attribute("data-width")], input: Self.longText + "\n",
                                    in: scratch.url, environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as? [String: Any])
        let lines = try #require(object["lines"] as? Int)
        #expect(try attribute("data-lines") == String(lines))
        #expect(try attribute("data-shown") == String(min(lines, 3)))
        let rest = page[cell.lowerBound...]
        let firstCell = rest[..<(rest.range(of: "</div>")?.lowerBound ?? rest.endIndex)]
        #expect(firstCell.components(separatedBy: "<span class=\"line").count - 1 == lines)
    }

    @Test func usageErrorsExitTwo() throws {
        let scratch = try Self.scratchWithBank()
        defer { scratch.remove() }
        let noOutput = try Run(["preview", "signs.yaml"], in: scratch.url)
        #expect(noOutput.status == 2)
        #expect(noOutput.stderr.contains("quizbank preview: name the folder to write the site to with -o DIR\nusage: quizbank preview"))
        let toStdout = try Run(["preview", "signs.yaml", "-o", "-"], in: scratch.url)
        #expect(toStdout.status == 2 && toStdout.stderr.contains("-o takes a folder"))
        let empty = try Scratch()
        defer { empty.remove() }
        let noBanks = try Run(["preview", "-o", "site"], in: empty.url)
        #expect(noBanks.status == 2 && noBanks.stderr.contains("no banks found in ."), "\(noBanks.stderr)")
        let unknown = try Run(["preview", "--colour", "x", "signs.yaml", "-o", "site"], in: scratch.url)
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown option '--colour'"))
        let missing = try Run(["preview", "nowhere.yaml", "-o", "site"], in: scratch.url)
        #expect(missing.status == 2 && missing.stderr.contains("nowhere.yaml"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("site").path))
    }

    @Test func aBankWithErrorsWritesNothingAndKeepsTheOldSite() throws {
        let scratch = try Self.scratchWithBank()
        defer { scratch.remove() }
        #expect(try Run(["preview", "signs.yaml", "-o", "site"], in: scratch.url).status == 0)
        let index = scratch.url.appendingPathComponent("site/index.html")
        let before = try Self.read(index)
        try scratch.write("broken.yaml", "quizbank: 1\nid: broken\ntitle: Broken\nlocale: en\nquestions:\n  - id: a\n    text: [unclosed\n")
        let run = try Run(["preview", "signs.yaml", "broken.yaml", "-o", "site"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("broken.yaml:"), "\(run.stderr)")
        #expect(run.stderr.range(of: #"broken\.yaml:\d+:\d+: error:"#, options: .regularExpression) != nil, "\(run.stderr)")
        #expect(run.stderr.contains("quizbank preview: nothing written: 1 file is not a bank that can be read (errors above)"))
        #expect(run.stdout.isEmpty)
        #expect(try Self.read(index) == before)
        #expect(!before.contains("broken"))
    }

    /// A bank that decodes with a format error (here two questions with one id, whose pages would
    /// be one file) is refused as compile refuses it: its format errors, nothing written.
    @Test func aBankWithAFormatErrorWritesNothing() throws {
        let scratch = try Self.scratchWithBank()
        defer { scratch.remove() }
        try scratch.write("dup.yaml", "quizbank: 1\nid: dup\ntitle: Dup\nlocale: en\nquestions:\n"
            + "  - id: q1\n    text: What is the capital of France?\n    choices: [Lyon, {text: Paris, correct: true}]\n    explanation: Paris.\n"
            + "  - id: q1\n    text: The Nile is in Africa.\n    answer: true\n    explanation: It is.\n")
        let run = try Run(["preview", "--source", "never", "signs.yaml", "dup.yaml", "-o", "site"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr == """
            dup.yaml:10:9: error: question id 'q1' is used twice in this bank [duplicate-id]
            dup.yaml:6:9: note: first use of 'q1'
            1 error, 0 warnings in 2 banks
            quizbank preview: nothing written: 1 file is not a bank that can be read (errors above)

            """, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("site").path))
    }

    @Test func theConfigurationSetsTheDeviceWidth() throws {
        let scratch = try Self.scratchWithBank()
        defer { scratch.remove() }
        try scratch.write(".quizbank.yml", "layout:\n  devices: [430]\n")
        #expect(try Run(["preview", "signs.yaml", "-o", "site"], in: scratch.url).status == 0)
        #expect(try Self.read(scratch.url.appendingPathComponent("site/signs.long.en.html")).contains("--device-width:430;"))
        try scratch.write("narrow.yml", "layout:\n  devices: [320]\n")
        #expect(try Run(["preview", "--config", "narrow.yml", "signs.yaml", "-o", "site"], in: scratch.url).status == 0)
        #expect(try Self.read(scratch.url.appendingPathComponent("site/signs.long.en.html")).contains("--device-width:320;"))
        try scratch.write("quiet.yml", "rules:\n  review-truncation: off\n")
        #expect(try Run(["preview", "--config", "quiet.yml", "signs.yaml", "-o", "site"], in: scratch.url).status == 0)
        let quiet = try Self.read(scratch.url.appendingPathComponent("site/signs.long.en.html"))
        #expect(quiet.contains("<code>review-truncation</code> is off in this bank's configuration"))
        #expect(quiet.contains("class=\"cut-mark\""))
        try scratch.write("bad.yml", "layout:\n  devices: [12]\n")
        let bad = try Run(["preview", "--config", "bad.yml", "signs.yaml", "-o", "site"], in: scratch.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.yml:2:13: error:"), "\(bad.stderr)")
    }

    @Test func helpCompletionsAndTheOverviewNameIt() throws {
        let help = try Run(["preview", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: quizbank preview [--config FILE] [PATH...] -o DIR   (no PATH: the current folder)"))
        #expect(try Run(["--help"]).stdout.contains("  preview "))
        #expect(try Run(["completions", "bash"]).stdout.contains("    preview)\n"))
        #expect(try Run(["manpage"]).stdout.contains("preview"))
    }
}

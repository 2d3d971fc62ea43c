import Foundation
import Testing
@testable import QuizStats

/// The text, Markdown and JSON views of fixed reports, compared byte for byte with the files in
/// `Golden/`. Run `UPDATE_GOLDEN=1 swift test --filter RendererTests` to rewrite them after an
/// intended change, and read the diff.
@Suite struct RendererTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func reports() throws -> (one: StatsReport, two: StatsReport) {
        let known = try statistics(knownBank, path: "Banks/known.yaml")
        let small = try statistics(smallBank, path: "Banks/small.yaml")
        return (StatsReport(banks: [known]),
                StatsReport(banks: [known, small], skipped: [.init(path: "Banks/broken.yaml", errors: 2)]))
    }

    static func outputs() throws -> [(name: String, text: String)] {
        let (one, two) = try reports()
        return [
            ("known.txt", StatsTextRenderer().render(one)),
            ("known-color.txt", StatsTextRenderer(color: true).render(one)),
            ("known.md", StatsMarkdownRenderer().render(one)),
            ("known.json", StatsJSONRenderer(toolVersion: "1.2.3-test").render(one)),
            ("two.txt", StatsTextRenderer().render(two)),
            ("two.md", StatsMarkdownRenderer().render(two)),
            ("two.json", StatsJSONRenderer(toolVersion: "1.2.3-test").render(two)),
        ]
    }

    @Test func everyViewMatchesItsGoldenFileByteForByte() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
        for (name, text) in try Self.outputs() {
            let file = Self.golden.appendingPathComponent(name)
            if update {
                try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
            let expected = try [UInt8](Data(contentsOf: file))
            #expect(Array(text.utf8) == expected, "\(name) differs from its golden file; run UPDATE_GOLDEN=1 swift test if the change is intended")
        }
    }

    @Test func everyViewEndsWithOneNewline() throws {
        for (name, text) in try Self.outputs() {
            #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"), "\(name)")
        }
    }

    @Test func theTextViewFitsEightyColumnsAndHasNoTrailingSpaces() throws {
        for (name, text) in try Self.outputs() where name.hasSuffix(".txt") && !name.contains("color") {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.count <= 80, "\(name): \(line)")
                #expect(!line.hasSuffix(" "), "\(name): trailing space in \(line.debugDescription)")
            }
        }
    }

    @Test func withoutColorThereAreNoEscapes() throws {
        for (name, text) in try Self.outputs() where !name.contains("color") {
            #expect(!text.contains("\u{1B}"), "\(name)")
        }
        let colored = try Self.outputs().first { $0.name == "known-color.txt" }!.text
        #expect(colored.contains("\u{1B}[1m"))
        // The same text once the escapes are taken out.
        let plain = try Self.outputs().first { $0.name == "known.txt" }!.text
        #expect(colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == plain)
    }

    @Test func theViewsShowTheSameFigures() throws {
        let (one, _) = try Self.reports()
        let text = StatsTextRenderer().render(one)
        let markdown = StatsMarkdownRenderer().render(one)
        // A few figures as each view writes them.
        for figure in ["70.0%", "18.4%–81.6%", "33.3%", "13.6%", "6.7%", "11.8%"] {
            #expect(text.contains(figure), "text lacks \(figure)")
            #expect(markdown.contains(figure), "markdown lacks \(figure)")
        }
        #expect(text.contains("no, 1 short"))
        #expect(markdown.contains("**no**, 1 short"))
    }

    @Test func renderingIsAPureFunction() throws {
        #expect(try Self.outputs().map(\.text) == Self.outputs().map(\.text))
    }
}

@Suite struct EmptyReportTests {
    @Test func withNoValidBankTheViewsSaySo() {
        let report = StatsReport(banks: [], skipped: [.init(path: "bad.yaml", errors: 1)])
        #expect(StatsTextRenderer().render(report) == """
        No bank to show.

        ────────────────────────────────────────────────────────────────────────────────

        Left out: 1 bank with errors (listed on stderr)
          bad.yaml (1 error)

        """)
        #expect(StatsMarkdownRenderer().render(report) == "No bank to show.\n\n**Left out:** 1 bank with errors: `bad.yaml` (1 error)\n")
        #expect(StatsJSONRenderer(toolVersion: "1").render(report).contains("\"total\": {\n    \"banks\": 0,"))
    }
}

import Foundation
import QuizBank
@testable import QuizVersions
import Testing

/// The three reports of one comparison of `Banks/driving` with an edited copy, against the
/// files in Golden/ (UPDATE_GOLDEN=1 rewrites them), and the share thresholds.
@Suite struct ReportGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func version(_ text: String, label: String) throws -> BankVersion {
        let decoded = BankDecoder().decode(Array(text.utf8), path: label)
        #expect(!decoded.hasErrors, "\(decoded.findings.map(\.message))")
        // Image files stand in by their name, so the golden files do not depend on the PNGs.
        return BankVersion(bank: try #require(decoded.bank), label: label, imageBytes: { Array(FilePath.name(of: $0).utf8) })
    }

    private func report() throws -> DiffReport {
        let original = try String(contentsOf: Self.root.appendingPathComponent("Banks/driving/driving.yaml"), encoding: .utf8)
        var edited = original
        for (old, new) in [
            ("  size: 20", "  size: 18"),
            ("      - Pentagon\n      - Diamond\n", "      - Diamond |\n      - Pentagon\n"),
            ("      - text: Come to a complete stop, then go when it is safe\n        correct: true\n", "      - Come to a complete stop, then go when it is safe\n      - text: Yield only to vehicles approaching from your right\n        correct: true\n"),
            ("image: yield.png", "image: yield-new.png"),
        ] {
            #expect(edited.contains(old), "\(old)")
            edited = edited.replacingOccurrences(of: old, with: new)
        }
        let diff = BankComparison.compare(old: [try version(original, label: "old/driving.yaml")],
                                          new: [try version(edited, label: "new/driving.yaml")])
        return DiffReport(diff: diff, oldLabel: "old", newLabel: "new")
    }

    private func checkGolden(_ name: String, _ text: String) throws {
        let url = Self.root.appendingPathComponent("Tests/QuizVersionsTests/Golden/\(name)")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text == golden, "\(name) differs from its golden file; UPDATE_GOLDEN=1 swift test rewrites it")
    }

    @Test func textReport() throws { try checkGolden("diff.txt", try report().text()) }
    @Test func markdownReport() throws { try checkGolden("diff.md", try report().markdown()) }
    @Test func jsonReport() throws {
        let json = try report().json()
        try checkGolden("diff.json", json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "quizbank-diff")
        #expect((object["summary"] as? [String: Int])?["breaking"] == 1)
    }

    @Test func sharesDecideMinorMajorAndReused() {
        #expect(BankComparison.changedShare("The Sun is a star.", "The Sun is a star.") == 0)
        #expect(BankComparison.changedShare("The Sun is a star.", "The Sun is a star!") <= BankComparison.minorShare)
        #expect(BankComparison.changedShare("The Sun is a star.", "Mars has two moons.") > BankComparison.reusedShare)
    }
}

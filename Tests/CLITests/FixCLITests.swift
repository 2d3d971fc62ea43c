import Foundation
import TestSupport
import Testing

/// `lint --fix`, `--unsafe-fixes` and `--diff` (the adoption issue's fixes).
@Suite(.serialized) struct FixCLITests {
    /// A bank as authors write it: a byte order mark, CRLF line ends, comments, every quoting
    /// style, no final line break; with two booleans and three texts to fix, and a misspelled key.
    static let bank = "\u{FEFF}# yaml-language-server: $schema=bank.schema.json\r\nquizbank: 1\r\nid: fx\r\ntitle: Fix me\r\nlocale: en\r\nquestions:\r\n"
        + "  # the Sun\r\n  - id: sun\r\n    text: \"The Sun is  a star.\"   # a comment stays\r\n    answer: yes\r\n    explanation: It is a G-type  star.\r\n"
        + "  - id: moon\r\n    txet: The Moon is a planet.\r\n    answer: \"false\"\r\n    explanation: 'It is a  moon.'"

    static let safelyFixed = "\u{FEFF}# yaml-language-server: $schema=bank.schema.json\r\nquizbank: 1\r\nid: fx\r\ntitle: Fix me\r\nlocale: en\r\nquestions:\r\n"
        + "  # the Sun\r\n  - id: sun\r\n    text: \"The Sun is a star.\"   # a comment stays\r\n    answer: true\r\n    explanation: It is a G-type star.\r\n"
        + "  - id: moon\r\n    txet: The Moon is a planet.\r\n    answer: false\r\n    explanation: 'It is a moon.'"

    func read(_ scratch: Scratch, _ name: String) throws -> String {
        String(decoding: try Data(contentsOf: scratch.url.appendingPathComponent(name)), as: UTF8.self)
    }

    @Test func fixEditsOnlyTheFindingsBytesAndASecondRunChangesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("fx.yaml", Self.bank)
        let fix = try Run(["lint", "--fix", "--source", "never", "fx.yaml"], in: scratch.url)
        #expect(fix.status == 1)
        #expect(try read(scratch, "fx.yaml") == Self.safelyFixed)
        #expect(fix.stdout == """
        fx.yaml:13:5: error: unknown key 'txet' in a question; did you mean 'text'? [unknown-key]
            help: write 'text'
        1 error, 0 warnings in 1 bank
        fixed 5 findings in 1 file
        1 finding can be fixed with --fix --unsafe-fixes (renames: check them); --diff --unsafe-fixes shows the fixes

        """, "\(fix.stdout)")
        let again = try Run(["lint", "--fix", "--source", "never", "fx.yaml"], in: scratch.url)
        #expect(try read(scratch, "fx.yaml") == Self.safelyFixed)
        #expect(!again.stdout.contains("\nfixed "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["fx.yaml"])

        let unsafe = try Run(["lint", "--fix", "--unsafe-fixes", "--source", "never", "fx.yaml"], in: scratch.url)
        #expect(unsafe.status == 0)
        #expect(try read(scratch, "fx.yaml") == Self.safelyFixed.replacingOccurrences(of: "txet:", with: "text:"))
        #expect(unsafe.stdout == "0 errors, 0 warnings in 1 bank\nfixed 1 finding in 1 file\n")
    }

    /// A bank named through a symbolic link (shared between projects) is fixed where it lives:
    /// the link stays a link, and no second copy appears.
    @Test func fixWritesThroughASymbolicLink() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("shared/fx.yaml", Self.bank)
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("link.yaml").path, withDestinationPath: "shared/fx.yaml")
        let fix = try Run(["lint", "--fix", "--source", "never", "link.yaml"], in: scratch.url)
        #expect(fix.status == 1)
        #expect(try read(scratch, "shared/fx.yaml") == Self.safelyFixed)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.url.appendingPathComponent("link.yaml").path) == "shared/fx.yaml")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("shared").path) == ["fx.yaml"])
    }

    @Test func diffPrintsTheFixesAndWritesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lf = Self.bank.replacingOccurrences(of: "\r\n", with: "\n") + "\n"
        try scratch.write("fx.yaml", lf)
        let diff = try Run(["lint", "--diff", "fx.yaml"], in: scratch.url)
        #expect(diff.status == 1)
        #expect(diff.stdout == """
        --- fx.yaml
        +++ fx.yaml
        @@ -6,10 +6,10 @@
         questions:
           # the Sun
           - id: sun
        -    text: "The Sun is  a star."   # a comment stays
        -    answer: yes
        -    explanation: It is a G-type  star.
        +    text: "The Sun is a star."   # a comment stays
        +    answer: true
        +    explanation: It is a G-type star.
           - id: moon
             txet: The Moon is a planet.
        -    answer: "false"
        -    explanation: 'It is a  moon.'
        +    answer: false
        +    explanation: 'It is a moon.'

        """, "\(diff.stdout)")
        #expect(diff.stderr == "quizbank lint: 5 fixes in 1 file would be applied; nothing written\n")
        #expect(try read(scratch, "fx.yaml") == lf)
        let nothing = try Run(["lint", "--diff", "fx.yaml"], in: scratch.url, environment: [:])
        #expect(nothing.status == 1)
        try scratch.write("clean.yaml", goodBank)
        let clean = try Run(["lint", "--diff", "clean.yaml"], in: scratch.url)
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)
    }

    /// SARIF carries each fix as the bytes it writes: a quoted text keeps its quotes.
    @Test func sarifFixesWriteSourceText() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("fx.yaml", Self.bank.replacingOccurrences(of: "\r\n", with: "\n"))
        let run = try Run(["lint", "--format", "sarif", "fx.yaml"], in: scratch.url)
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try #require(((object["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        func inserted(_ line: Int) -> String? {
            let result = results.first { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
                .flatMap { ($0["region"] as? [String: Any])?["startLine"] as? Int } == line }
            let change = ((result?["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first
            let replacement = (change?["replacements"] as? [[String: Any]])?.first
            return (replacement?["insertedContent"] as? [String: Any])?["text"] as? String
        }
        #expect(inserted(9) == "\"The Sun is a star.\"")
        #expect(inserted(10) == "true")
        #expect(inserted(13) == "text")
    }

    @Test func aFileWithASyntaxErrorIsNotTouched() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let broken = Self.bank.replacingOccurrences(of: "title: Fix me", with: "title: [Fix me")
        try scratch.write("fx.yaml", broken)
        let run = try Run(["lint", "--fix", "--unsafe-fixes", "fx.yaml"], in: scratch.url)
        #expect(run.status == 1)
        #expect(try read(scratch, "fx.yaml") == broken)
        #expect(!run.stdout.contains("\nfixed "))
    }

    @Test func fixOptionsAreCheckedTogether() throws {
        let unsafe = try Run(["lint", "--unsafe-fixes", "Banks/"])
        #expect(unsafe.status == 2)
        #expect(unsafe.stderr.hasPrefix("quizbank lint: --unsafe-fixes goes with --fix or --diff"))
        let stdin = try Run(["lint", "--fix", "-"])
        #expect(stdin.status == 2)
        let both = try Run(["lint", "--fix", "--diff", "Banks/"])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("quizbank lint: --fix writes the fixes and --diff shows them without writing; choose one"))
    }

    @Test func rulesAndExplainShowTheFix() throws {
        let rules = try Run(["rules"])
        #expect(rules.stdout.contains { _ in true })
        let whitespace = rules.stdout.split(separator: "\n").first { $0.hasPrefix("  whitespace ") } ?? ""
        #expect(whitespace.contains("fix:safe"))
        let unknownKey = rules.stdout.split(separator: "\n").first { $0.hasPrefix("  unknown-key ") } ?? ""
        #expect(unknownKey.contains("fix:unsafe"))
        let explain = try Run(["explain", "wrong-type"])
        #expect(explain.stdout.contains("Fix (safe, lint --fix): a boolean written as YAML 1.1 yes/no/on/off"))
    }

    /// Over banks of the corpus as authored (five with safe fixes among them: 44 for whitespace in
    /// the sample; 400 in the whole corpus, whitespace and look-alike letters) and Banks/: every
    /// safe fix removes its finding and adds none, a second run has nothing left to fix, and the
    /// whitespace fixes leave the compiled banks byte for byte the same.
    @Test func safeFixesOverTheCorpusKeepTheirPromises() throws {
        let corpus = Run.corpus
        let scratch = try Scratch()
        defer { scratch.remove() }
        let banks = scratch.url.appendingPathComponent("banks")
        try FileManager.default.createDirectory(at: banks, withIntermediateDirectories: true)
        for name in ["history", "hobbies", "humanities", "religion-faith", "brain-teasers"] {
            try FileManager.default.copyItem(at: corpus.appendingPathComponent("\(name).yaml"), to: banks.appendingPathComponent("\(name).yaml"))
        }
        try FileManager.default.copyItem(at: Run.repository.appendingPathComponent("Banks"), to: banks.appendingPathComponent("examples"))

        func findings() throws -> Set<String> {
            let run = try Run(["lint", "--format", "json", "banks"], in: scratch.url)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let list = try #require(object["findings"] as? [[String: Any]])
            // The line, not the column: a fix earlier on a line moves what follows on it.
            return Set(list.map { "\($0["path"] ?? "")|\($0["line"] ?? "")|\($0["rule"] ?? "")|\($0["message"] ?? "")" })
        }
        let compiledBefore = try Run(["compile", "banks", "-o", "before"], in: scratch.url)
        #expect(compiledBefore.status == 0)
        let before = try findings()

        let whitespace = try Run(["lint", "--fix", "--select", "whitespace", "banks"], in: scratch.url)
        #expect(whitespace.stdout.contains("fixed "), "\(whitespace.stdout.suffix(300))")
        let compiledAfter = try Run(["compile", "banks", "-o", "after"], in: scratch.url)
        #expect(compiledAfter.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("before").path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let a = try Data(contentsOf: scratch.url.appendingPathComponent("before/\(name)"))
            let b = try Data(contentsOf: scratch.url.appendingPathComponent("after/\(name)"))
            #expect(a == b, "\(name) compiles differently after the whitespace fixes")
        }

        _ = try Run(["lint", "--fix", "banks"], in: scratch.url)
        let after = try findings()
        let added = after.subtracting(before)
        #expect(added.isEmpty, "fixes added findings: \(added.prefix(5))")
        let removed = before.subtracting(after)
        #expect(removed.count >= (Run.corpusIsTheSample ? 40 : 380), "\(removed.count) findings fixed")
        #expect(removed.allSatisfy { $0.contains("|whitespace|") || $0.contains("|mixed-script|") }, "\(removed.filter { !$0.contains("|whitespace|") && !$0.contains("|mixed-script|") }.prefix(5))")
        let diff = try Run(["lint", "--diff", "banks"], in: scratch.url)
        #expect(diff.status == 0, "left to fix: \(diff.stdout.prefix(600))")
    }
}

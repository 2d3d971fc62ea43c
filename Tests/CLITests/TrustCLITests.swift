import Foundation
import TestSupport
import Testing

/// A bank with topics, an exam and two locales, for the mistakes authors make in a copy of it.
/// Every question has an explanation, so that only what a test breaks is reported.
let examBank = """
quizbank: 1
id: geo
title: {en: Geography, pt-BR: Geografia}
locale: en
locales: [en, pt-BR]
topics:
  capitals: {title: {en: Capitals, pt-BR: Capitais}, weight: 0.5}
  rivers: {title: {en: Rivers, pt-BR: Rios}, weight: 0.5}
exam:
  size: 2
questions:
  - id: capital-of-peru
    topic: capitals
    text:
      en: What is the capital of Peru?
      pt-BR: Qual é a capital do Peru?
    choices:
      - text: {en: Lima, pt-BR: Lima}
        correct: true
      - text: {en: Cusco, pt-BR: Cusco}
    explanation:
      en: Lima has been the capital since 1535.
      pt-BR: Lima é a capital desde 1535.
  - id: amazon-mouth
    topic: rivers
    text:
      en: The Amazon flows into the Atlantic Ocean.
      pt-BR: O Amazonas deságua no Oceano Atlântico.
    answer: true
    explanation:
      en: Its mouth is in northern Brazil.
      pt-BR: Sua foz fica no norte do Brasil.

"""

/// `examBank` with `old` replaced by `new` (which must occur).
func examBank(replacing old: String, with new: String) -> String {
    precondition(examBank.contains(old), "no '\(old)' in the exam bank")
    return examBank.replacingOccurrences(of: old, with: new)
}

/// The findings lines of a text report (no summary), for exact comparisons.
func findingLines(_ stdout: String) -> [String] {
    stdout.split(separator: "\n").map(String.init).filter { !$0.hasSuffix(" bank") && !$0.hasSuffix(" banks") && !$0.hasSuffix("shows the fixes") }
}

@Suite(.serialized) struct TrustCLITests {
    @Test func theExamBankIsClean() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("geo.yaml", examBank)
        let run = try Run(["lint", "--source", "never", "geo.yaml"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == "0 errors, 0 warnings in 1 bank\n", "\(run.stdout)")
    }

    // MARK: Silent data loss and skipping

    @Test func twoBanksWithOneIDAreAnErrorInBothAndCompileWritesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/geo.yaml", examBank)
        try scratch.write("banks/geo-copy.yaml", examBank.replacingOccurrences(of: "Geography", with: "Geography (copy)"))
        let lint = try Run(["lint", "--source", "never", "banks"], in: scratch.url)
        #expect(lint.status == 1)
        let clashes = lint.stdout.split(separator: "\n").filter { $0.hasSuffix("[duplicate-bank-id]") }
        #expect(clashes.count == 2)
        #expect(clashes.contains { $0.hasPrefix("banks/geo.yaml:2:5: error: bank id 'geo' is also the id of banks/geo-copy.yaml") })
        #expect(clashes.contains { $0.hasPrefix("banks/geo-copy.yaml:2:5: error: bank id 'geo' is also the id of banks/geo.yaml") })
        #expect(lint.stdout.contains("banks/geo.yaml:2:5: note: bank id 'geo' also used here"))

        let compile = try Run(["compile", "--source", "never", "banks", "-o", "out"], in: scratch.url)
        #expect(compile.status == 1)
        #expect(compile.stdout.isEmpty)
        #expect(compile.stderr.contains("[duplicate-bank-id]"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))
    }

    @Test func folderSearchTakesFilesMeantToBeBanks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/typo.yaml", goodBank.replacingOccurrences(of: "quizbank: 1", with: "quizbnak: 1"))
        try scratch.write("banks/no-version.yaml", goodBank.replacingOccurrences(of: "quizbank: 1\n", with: "").replacingOccurrences(of: "id: good", with: "id: no-version"))
        // As Windows Notepad saves it: UTF-16 with a byte order mark.
        let wide = goodBank.replacingOccurrences(of: "id: good", with: "id: wide")
        try Data([0xFF, 0xFE] + wide.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            .write(to: scratch.url.appendingPathComponent("banks/wide.yaml"))
        try scratch.write("banks/.github/workflows/ci.yml", "name: CI\non: [push]\n")
        try scratch.write("banks/tools/other.yaml", "name: other tool\nsettings: {a: 1}\n")
        let run = try Run(["lint", "--source", "never", "banks"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("banks/typo.yaml:1:1: error: unknown key 'quizbnak' in a bank; did you mean 'quizbank'? [unknown-key]"))
        #expect(run.stdout.contains("banks/no-version.yaml:1:1: error: missing `quizbank: 1`, the format version [missing-field]"))
        #expect(run.stdout.contains("banks/wide.yaml:1:1: error: the file is UTF-16; banks must be UTF-8 [yaml-encoding]"))
        #expect(run.stdout.contains("in 3 banks\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("other.yaml"))
    }

    @Test func banksWrittenAnyValidWayAreFound() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let flow = #"{"quizbank": 1, "id": "flow", "title": "Flow", "locale": "en", "questions": [{"id": "q", "text": "Is water wet?", "answer": true, "explanation": "It is."}]}"#
        try scratch.write("banks/flow.yaml", flow + "\n")
        try scratch.write("banks/quoted.yaml", goodBank.replacingOccurrences(of: "quizbank: 1", with: "\"quizbank\": 1").replacingOccurrences(of: "id: good", with: "id: quoted"))
        let cr = "# first line\n" + goodBank.replacingOccurrences(of: "id: good", with: "id: cr")
        try scratch.write("banks/cr.yaml", cr.replacingOccurrences(of: "\n", with: "\r"))
        let longComment = "# " + String(repeating: "x", count: 5_000) + "\n"
        try scratch.write("banks/long-comment.yaml", longComment + goodBank.replacingOccurrences(of: "id: good", with: "id: long-comment"))
        let run = try Run(["lint", "--list-files", "banks"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == """
        bank     banks/cr.yaml
        bank     banks/flow.yaml
        bank     banks/long-comment.yaml
        bank     banks/quoted.yaml

        """)
    }

    @Test func listFilesAndVerboseSayWhatWasPassedOverAndWhy() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/good.yaml", goodBank)
        try scratch.write("banks/ci.yml", "name: CI\non: [push]\njobs: {}\n")
        try scratch.write("banks/notes.yaml", "# nothing but a comment\n")
        try scratch.write("banks/list.yaml", "- a\n- b\n")
        let list = try Run(["lint", "--list-files", "banks"], in: scratch.url)
        #expect(list.status == 0)
        #expect(list.stdout == """
        bank     banks/good.yaml
        skipped  banks/ci.yml: no top-level `quizbank` key (its keys: `name`, `on`, `jobs`)
        skipped  banks/list.yaml: its top level is not a mapping
        skipped  banks/notes.yaml: no YAML document in it (empty, or only comments)

        """)
        let verbose = try Run(["lint", "--verbose", "--source", "never", "banks"], in: scratch.url)
        #expect(verbose.status == 0)
        #expect(verbose.stdout == "0 errors, 0 warnings in 1 bank\n")
        #expect(verbose.stderr.contains("quizbank lint: passed over banks/ci.yml: no top-level `quizbank` key"))
        #expect(verbose.stderr.split(separator: "\n").count == 3)
    }

    @Test func noBanksFoundSaysHowManyYAMLFilesWerePassedOver() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/ci.yml", "name: CI\n")
        let run = try Run(["lint", "banks"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("no banks found in banks"))
        #expect(run.stderr.contains("1 YAML file passed over; see `quizbank lint --list-files`"))
    }

    @Test func whatIsNotAFileIsReportedNotOpened() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/good.yaml", goodBank)
        // A folder named like a bank, a FIFO (opening it would block) and a broken link.
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("banks/drafts.yaml"), withIntermediateDirectories: true)
        try scratch.write("banks/drafts.yaml/inner.yaml", goodBank.replacingOccurrences(of: "id: good", with: "id: inner"))
        #expect(mkfifo(scratch.url.appendingPathComponent("banks/pipe.yaml").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("banks/gone.yaml").path, withDestinationPath: "nowhere.yaml")
        let run = try Run(["lint", "--source", "never", "banks"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stdout.hasSuffix("in 2 banks\n"), "\(run.stdout)")
        #expect(run.stderr.contains("quizbank lint: cannot read banks/pipe.yaml: it is a FIFO, not a file"))
        #expect(run.stderr.contains("quizbank lint: cannot read banks/gone.yaml: No such file or directory"))
        #expect(run.stderr.contains("2 files could not be read"))

        let compile = try Run(["compile", "banks", "-o", "out"], in: scratch.url)
        #expect(compile.status == 2)
        #expect(compile.stderr.contains("nothing written"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))

        let named = try Run(["lint", "banks/pipe.yaml"], in: scratch.url)
        #expect(named.status == 2)
        #expect(named.stderr == "quizbank lint: cannot read banks/pipe.yaml: it is a FIFO, not a file\n")
        let device = try Run(["lint", "/dev/zero"], in: scratch.url)
        #expect(device.status == 2)
        #expect(device.stderr == "quizbank lint: cannot read /dev/zero: it is a device, not a file\n")
    }

    // MARK: One mistake, one finding

    @Test func anInvalidLocaleIsOneFindingWithItsFix() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("geo.yaml", examBank(replacing: "locales: [en, pt-BR]", with: "locales: [en, pt_BR]"))
        let run = try Run(["lint", "--source", "never", "geo.yaml"], in: scratch.url)
        #expect(run.status == 1)
        #expect(findingLines(run.stdout) == [
            "geo.yaml:5:15: error: 'pt_BR' is not a BCP 47 language tag; did you mean 'pt-BR'? (9 translations use pt-BR) [invalid-locale]",
            "    help: write 'pt-BR'",
        ], "\(run.stdout)")
    }

    @Test func aMisspelledKeyIsOneFindingAndIsReadAsMeant() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let cases: [(String, String, [String])] = [
            ("title: {en: Geography", "titel: {en: Geography", [
                "geo.yaml:3:1: error: unknown key 'titel' in a bank; did you mean 'title'? [unknown-key]",
                "    help: write 'title'",
            ]),
            ("locales: [en, pt-BR]", "locals: [en, pt-BR]", [
                "geo.yaml:5:1: error: unknown key 'locals' in a bank; did you mean 'locales'? [unknown-key]",
                "    help: write 'locales'",
            ]),
            ("        correct: true", "        corect: true", [
                "geo.yaml:19:9: error: unknown key 'corect' in a choice; did you mean 'correct'? [unknown-key]",
                "    help: write 'correct'",
            ]),
            ("id: geo\n", "", [
                "geo.yaml:1:1: error: the bank needs `id` [missing-field]",
            ]),
        ]
        for (old, new, expected) in cases {
            try scratch.write("geo.yaml", examBank(replacing: old, with: new))
            let run = try Run(["lint", "--source", "never", "geo.yaml"], in: scratch.url)
            #expect(run.status == 1)
            #expect(findingLines(run.stdout) == expected, "\(new): \(run.stdout)")
        }
    }

    /// Mistakes found by a new user's session, each one finding: a value meaning a boolean is
    /// read as meant; a `correct` that means nothing is not also "no correct choice", nor a copy's
    /// conflict; a misspelt key whose value has another shape is not read as meant; a broken id
    /// does not hide the question's topic; a huge whole number is out of range.
    @Test func oneMistakeIsOneFinding() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let head = "quizbank: 1\nid: geo\ntitle: Geography\nlocale: en\ntopics:\n  capitals: {}\nquestions:\n"
        let france = "    text: What is the capital of France?\n    explanation: Paris.\n"
        let cases: [(String, [String])] = [
            ("  - id: q1\n\(france)    choices: [Lyon, {text: Paris, correct: yes}]\n", [
                "geo.yaml:11:44: error: `correct` must be true or false, found a string; YAML 1.1's yes is not a boolean here [wrong-type]",
                "    help: write 'true'",
            ]),
            ("  - id: q1\n\(france)    choices: [Lyon, {text: Paris, correct: maybe}]\n  - id: q2\n\(france)    choices: [Lyon, {text: Paris, correct: true}]\n", [
                "geo.yaml:11:44: error: `correct` must be true or false, found a string [wrong-type]",
            ]),
            ("  - id: q1\n\(france)    choices: [Lyon, {text: Paris, correct: true}]\n    hint: It is on the Seine.\n", [
                "geo.yaml:12:5: error: unknown key 'hint' in a question; did you mean 'hints'? It takes a list [unknown-key]",
            ]),
            ("  - id: Q_One\n    topic: capitol\n\(france)    choices: [Lyon, {text: Paris, correct: true}]\n", [
                "geo.yaml:8:9: error: 'Q_One' is not a valid id: use lower-case letters, digits, '.', '_' and '-', starting with a letter or digit [invalid-id]",
                "    help: write 'q_one'",
                "geo.yaml:9:12: error: topic 'capitol' is not declared in `topics` [undeclared-topic]",
                "    help: write 'capitals'",
            ]),
            ("  - id: q1\n    difficulty: 99999999999999999999999\n\(france)    choices: [Lyon, {text: Paris, correct: true}]\n", [
                "geo.yaml:9:17: error: `difficulty` 99999999999999999999999 is far outside the values it takes [value-range]",
            ]),
        ]
        for (questions, expected) in cases {
            try scratch.write("geo.yaml", head + questions)
            let run = try Run(["lint", "--source", "never", "geo.yaml"], in: scratch.url)
            #expect(run.status == 1)
            #expect(findingLines(run.stdout) == expected, "\(questions): \(run.stdout)")
        }
        // One locale in two cases is listed twice (its compiled files would be one file on
        // macOS and Windows).
        try scratch.write("geo.yaml", "quizbank: 1\nid: geo\ntitle: Geography\nlocale: en\nlocales: [en, EN]\nquestions:\n"
            + "  - id: q1\n    text: The Nile is in Africa.\n    answer: true\n    explanation: It is.\n")
        let twice = try Run(["lint", "--source", "never", "geo.yaml"], in: scratch.url)
        #expect(twice.status == 1)
        #expect(findingLines(twice.stdout) == [
            "geo.yaml:5:15: error: locale EN is listed twice in `locales` (as en: tags do not differ by case) [value-range]",
        ], "\(twice.stdout)")
    }

    @Test func topicWeightsThatDoNotAddUpToOneAreReported() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("geo.yaml", examBank(replacing: "Rios}, weight: 0.5}", with: "Rios}, weight: 0.4}"))
        let run = try Run(["lint", "--source", "never", "geo.yaml"], in: scratch.url)
        #expect(run.status == 0)
        #expect(findingLines(run.stdout) == [
            "geo.yaml:7:3: warning: the topic weights add up to 90%; they are shares of one exam and must add up to 100% [topic-coverage]",
        ], "\(run.stdout)")
        // A weight out of range is the value-range error alone.
        try scratch.write("geo.yaml", examBank(replacing: "Rios}, weight: 0.5}", with: "Rios}, weight: 1.5}"))
        let outOfRange = try Run(["lint", "--source", "never", "geo.yaml"], in: scratch.url)
        #expect(findingLines(outOfRange.stdout).filter { $0.contains("[") }.map { $0.split(separator: "[").last ?? "" } == ["value-range]"], "\(outOfRange.stdout)")
    }

    // MARK: Errors that say what to do

    @Test func suggestionsShowAsHelpLines() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("geo.yaml", examBank(replacing: "    answer: true", with: "    answer: yes").replacingOccurrences(of: "topic: rivers", with: "topic: river"))
        let run = try Run(["lint", "--source", "always", "geo.yaml"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("""
        geo.yaml:25:12: error: topic 'river' is not declared in `topics` [undeclared-topic]
                topic: river
                       ^~~~~
            help: write 'rivers'
        geo.yaml:29:13: error: `answer` must be true or false, found a string; YAML 1.1's yes is not a boolean here [wrong-type]
                answer: yes
                        ^~~
            help: write 'true'

        """), "\(run.stdout)")
        let colored = try Run(["lint", "--source", "never", "--color", "always", "geo.yaml"], in: scratch.url)
        #expect(colored.stdout.contains("    \u{1B}[1;32mhelp\u{1B}[0m: write 'true'\n"))
    }

    @Test func failingOnWarningsSaysWhy() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("warn.yaml", warningBank)
        let maxWarnings = try Run(["lint", "--max-warnings", "0", "--source", "never", "warn.yaml"], in: scratch.url)
        #expect(maxWarnings.status == 1)
        #expect(maxWarnings.stdout.hasSuffix("0 errors, 1 warning in 1 bank\nquizbank lint: failed: 1 warning, more than --max-warnings 0\n"))
        let strict = try Run(["lint", "--strict", "--format", "json", "warn.yaml"], in: scratch.url)
        #expect(strict.status == 1)
        #expect(strict.stderr == "quizbank lint: failed: 1 warning with --strict (which fails on any warning)\n")
        #expect((try? JSONSerialization.jsonObject(with: Data(strict.stdout.utf8))) != nil)
        let allowed = try Run(["lint", "--max-warnings", "1", "--source", "never", "warn.yaml"], in: scratch.url)
        #expect(allowed.status == 0)
        #expect(!allowed.stdout.contains("failed"))
    }

    // MARK: Suppressing a question or a field

    @Test func aSuppressionCoversAQuestionOrAField() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let bank = """
        quizbank: 1
        id: sup
        title: Sup
        locale: en
        questions:
          # quizbank: disable-question missing-explanation -- the app explains it
          - id: longest-river
            text: Which river is the longest?
            choices:
              - text: Nile
                correct: true
              - Amazon
          - id: spaced   # quizbank: disable-question whitespace
            text: "Is  this spaced twice?"
            answer: true
            explanation: "It  is."
          - id: field
            # quizbank: disable-field whitespace
            text: "Two  spaces here?"
            answer: true
            explanation: "And  here."
          - id: unexplained
            text: Is the Moon a star?
            answer: false

        """
        try scratch.write("sup.yaml", bank)
        let run = try Run(["lint", "--source", "never", "sup.yaml"], in: scratch.url)
        #expect(run.status == 0)
        #expect(findingLines(run.stdout) == [
            "sup.yaml:21:18: warning: the explanation of question 'field' has a doubled space after 'And' [whitespace]",
            "    help: write 'And here.'",
            "sup.yaml:22:9: warning: question 'unexplained' has no explanation [missing-explanation]",
        ], "\(run.stdout)")

        // The line form above a question covers its first line only, as documented.
        try scratch.write("line.yaml", bank.replacingOccurrences(of: "disable-question missing-explanation", with: "disable-next-line vague-terms"))
        let lineForm = try Run(["lint", "--source", "never", "line.yaml"], in: scratch.url)
        #expect(lineForm.stdout.contains("line.yaml:6:33: warning: disable-next-line vague-terms suppresses nothing on line 7 [unused-suppression]"))

        try scratch.write("unused.yaml", bank.replacingOccurrences(of: "disable-field whitespace", with: "disable-field text-length"))
        let unused = try Run(["lint", "--source", "never", "unused.yaml"], in: scratch.url)
        #expect(unused.stdout.contains("unused.yaml:18:31: warning: disable-field text-length suppresses nothing in the field on line 19 [unused-suppression]"), "\(unused.stdout)")
    }
}

/// `lint --write-baseline` and `--baseline` (the adoption issue's baseline).
@Suite(.serialized) struct BaselineCLITests {
    /// Two questions without explanation: two warnings to accept.
    static let bank = """
    quizbank: 1
    id: base
    title: Base
    locale: en
    questions:
      - id: sun
        text: The Sun is a star.
        answer: true
      - id: moon
        text: The Moon is a planet.
        answer: false

    """

    @Test func aBaselineAcceptsTodaysFindingsAndSurvivesAnInsertedQuestion() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("base.yaml", Self.bank)
        let write = try Run(["lint", "--write-baseline", "baseline.json", "--source", "never", "base.yaml"], in: scratch.url)
        #expect(write.status == 0)
        #expect(write.stdout == "0 errors, 0 warnings in 1 bank\n")
        #expect(write.stderr == "quizbank lint: wrote baseline.json: 2 findings accepted in 2 entries\n")
        let file = try String(contentsOf: scratch.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(file == """
        {
          "format": "quizbank-baseline",
          "version": 1,
          "entries": [
            {"bank": "base", "question": "moon", "field": "id", "rule": "missing-explanation", "message": "question 'moon' has no explanation", "count": 1},
            {"bank": "base", "question": "sun", "field": "id", "rule": "missing-explanation", "message": "question 'sun' has no explanation", "count": 1}
          ]
        }

        """)

        // A question inserted above the accepted ones: only its own finding is new.
        let edited = Self.bank.replacingOccurrences(of: "questions:\n", with: "questions:\n  - id: star\n    text: Sirius is a star.\n    answer: true\n")
        try scratch.write("base.yaml", edited)
        let check = try Run(["lint", "--baseline", "baseline.json", "--source", "never", "base.yaml"], in: scratch.url)
        #expect(check.status == 0)
        #expect(check.stdout == "base.yaml:6:9: warning: question 'star' has no explanation [missing-explanation]\n0 errors, 1 warning in 1 bank\n")
        #expect(check.stderr.isEmpty)
    }

    @Test func entriesThatMatchNothingAreReported() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("base.yaml", Self.bank)
        _ = try Run(["lint", "--write-baseline", "baseline.json", "base.yaml"], in: scratch.url)
        try scratch.write("base.yaml", Self.bank.replacingOccurrences(of: "    answer: false\n", with: "    answer: false\n    explanation: It is a moon.\n"))
        let check = try Run(["lint", "--baseline", "baseline.json", "--source", "never", "base.yaml"], in: scratch.url)
        #expect(check.status == 0)
        #expect(check.stdout == """
        0 errors, 0 warnings in 1 bank
        baseline.json: 1 accepted finding is gone; run `quizbank lint --write-baseline baseline.json` to drop it:
          bank base, question moon, id: question 'moon' has no explanation [missing-explanation]

        """)
        let json = try Run(["lint", "--baseline", "baseline.json", "--format", "json", "base.yaml"], in: scratch.url)
        #expect(json.stderr.hasPrefix("baseline.json: 1 accepted finding is gone"))
        #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil)
    }

    @Test func formatErrorsAreNeverAcceptedAndABadFileIsAnError() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        let write = try Run(["lint", "--write-baseline", "baseline.json", "--source", "never", "bad.yaml"], in: scratch.url)
        #expect(write.status == 1)
        #expect(write.stdout.hasSuffix("4 errors, 0 warnings in 1 bank\n1 finding can be fixed with --fix (1 more with --unsafe-fixes); --diff shows the fixes\n"), "\(write.stdout)")
        #expect(write.stderr == "quizbank lint: wrote baseline.json: 1 finding accepted in 1 entry\n")

        try scratch.write("not-a-baseline.json", "{\"format\": \"something-else\"}")
        let bad = try Run(["lint", "--baseline", "not-a-baseline.json", "bad.yaml"], in: scratch.url)
        #expect(bad.status == 2)
        #expect(bad.stderr == "quizbank lint: not-a-baseline.json: not a quizbank baseline (its \"format\" is not \"quizbank-baseline\")\n")
        let missing = try Run(["lint", "--baseline", "nowhere.json", "bad.yaml"], in: scratch.url)
        #expect(missing.status == 2)
        #expect(missing.stderr == "quizbank lint: cannot read nowhere.json: No such file or directory\n")
    }
}

/// The command line people expect from ruff and ESLint (the adoption issue).
@Suite(.serialized) struct LintOptionsCLITests {
    @Test func statisticsCountFindingsPerRuleMostFirst() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        let run = try Run(["lint", "--statistics", "bad.yaml"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout == """
        1  duplicate-id (error)
        1  missing-explanation (warning)
        1  no-correct-choice (error)
        1  unknown-key (error)
        1  wrong-type (error)
        5 findings of 5 rules in 1 bank

        """)
        let json = try Run(["lint", "--statistics", "--format", "json", "bad.yaml"], in: scratch.url)
        #expect(json.status == 2)
        #expect(json.stderr.hasPrefix("quizbank lint: --statistics prints text"))
    }

    @Test func quietShowsErrorsOnlyAndNothingOnSuccess() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("warn.yaml", warningBank)
        let clean = try Run(["lint", "--quiet", "warn.yaml"], in: scratch.url)
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty && clean.stderr.isEmpty)
        try scratch.write("bad.yaml", badBank)
        let bad = try Run(["lint", "-q", "--source", "never", "bad.yaml"], in: scratch.url)
        #expect(bad.status == 1)
        #expect(!bad.stdout.contains("[missing-explanation]"))
        // The summary counts what it shows: errors (the bank's warnings are not "0 warnings").
        #expect(bad.stdout.hasSuffix("\n4 errors in 1 bank\n"), "\(bad.stdout)")
    }

    @Test func selectAndIgnoreOverrideTheConfiguration() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        try scratch.write(".quizbank.yml", "rules:\n  missing-explanation: off\n")
        let configured = try Run(["lint", "--source", "never", "bad.yaml"], in: scratch.url)
        #expect(!configured.stdout.contains("missing-explanation"))
        let selected = try Run(["lint", "--select", "missing-explanation", "--source", "never", "bad.yaml"], in: scratch.url)
        #expect(selected.stdout.contains("[missing-explanation]"))
        #expect(selected.stdout.contains("[wrong-type]"), "format rules always run")
        let ignored = try Run(["lint", "--select", "missing-explanation,whitespace", "--ignore", "missing-explanation", "--source", "never", "bad.yaml"], in: scratch.url)
        #expect(!ignored.stdout.contains("[missing-explanation]"))
        let unknown = try Run(["lint", "--ignore", "missing-explanations", "bad.yaml"], in: scratch.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("quizbank lint: --ignore: 'missing-explanations' is not a rule; did you mean 'missing-explanation'?"))
        let format = try Run(["lint", "--ignore", "wrong-type", "bad.yaml"], in: scratch.url)
        #expect(format.status == 2)
        #expect(format.stderr.hasPrefix("quizbank lint: --ignore: 'wrong-type' is a format rule; format rules always run"))
    }

    @Test func outputFileReplacesTheFileWhole() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        try scratch.write("report.json", "old report")
        let run = try Run(["lint", "--format", "json", "--output-file", "report.json", "bad.yaml"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let data = try Data(contentsOf: scratch.url.appendingPathComponent("report.json"))
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        #expect(left == ["bad.yaml", "report.json"])
        let unwritable = try Run(["lint", "-o", "no/such/folder/report.txt", "bad.yaml"], in: scratch.url)
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.hasPrefix("quizbank lint: cannot write no/such/folder/report.txt: No such file or directory"))
    }

    @Test func aBankOnStandardInputIsReportedUnderItsStdinFilename() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/.quizbank.yml", "rules:\n  missing-explanation: error\n")
        let run = try Run(["lint", "--source", "never", "--stdin-filename", "banks/new.yaml", "-"], input: warningBank, in: scratch.url)
        // The configuration beside the named path applies: the warning is an error there.
        #expect(run.status == 1)
        #expect(run.stdout == "banks/new.yaml:6:9: error: question 'sun' has no explanation [missing-explanation]\n1 error, 0 warnings in 1 bank\n")
    }

    @Test func gitlabFormatIsACodeQualityReport() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bad.yaml", badBank)
        let run = try Run(["lint", "--format", "gitlab", "bad.yaml"], in: scratch.url)
        #expect(run.status == 1)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 5)
        for entry in list {
            #expect(entry["description"] is String && entry["check_name"] is String && entry["fingerprint"] is String)
            #expect(["info", "minor", "major"].contains(entry["severity"] as? String ?? ""))
            let location = try #require(entry["location"] as? [String: Any])
            #expect(location["path"] as? String == "bad.yaml")
            #expect(((location["lines"] as? [String: Any])?["begin"] as? Int ?? 0) >= 1)
        }
        #expect(Set(list.compactMap { $0["fingerprint"] as? String }).count == 5)
    }

    @Test func noPathMeansTheCurrentFolder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/warn.yaml", warningBank)
        let run = try Run(["lint", "--source", "never"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == "banks/warn.yaml:6:9: warning: question 'sun' has no explanation [missing-explanation]\n0 errors, 1 warning in 1 bank\n")
    }
}

/// `.quizbank.yml`'s `overrides:` and `extends:` (the adoption issue).
@Suite(.serialized) struct ConfigurationLayersCLITests {
    @Test func overridesApplyToTheFilesTheirGlobsMatch() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/.quizbank.yml", """
        rules:
          missing-explanation: error
        overrides:
          - files: drafts/**
            rules:
              missing-explanation: off
          - files: [legacy/*.yaml]
            rules:
              missing-explanation: info

        """)
        try scratch.write("banks/main.yaml", warningBank)
        try scratch.write("banks/drafts/new.yaml", warningBank.replacingOccurrences(of: "id: warn", with: "id: draft").replacingOccurrences(of: "Sun is", with: "Moon is also"))
        try scratch.write("banks/legacy/old.yaml", warningBank.replacingOccurrences(of: "id: warn", with: "id: old").replacingOccurrences(of: "Sun is", with: "Earth is also"))
        let run = try Run(["lint", "--source", "never", "banks"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout == """
        banks/legacy/old.yaml:6:9: info: question 'sun' has no explanation [missing-explanation]
        banks/main.yaml:6:9: error: question 'sun' has no explanation [missing-explanation]
        1 error, 0 warnings, 1 info in 3 banks

        """, "\(run.stdout)")
    }

    @Test func extendsBuildsOnATeamConfiguration() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("team/base.yml", """
        rules:
          missing-explanation: error
          text-length:
            severity: warning
            question-max-characters: 10
        overrides:
          - files: "**/drafts/**"
            rules:
              text-length: off

        """)
        try scratch.write("banks/.quizbank.yml", "extends: ../team/base.yml\nrules:\n  missing-explanation: off\n")
        try scratch.write("banks/main.yaml", warningBank)
        try scratch.write("banks/drafts/new.yaml", warningBank.replacingOccurrences(of: "id: warn", with: "id: draft").replacingOccurrences(of: "Sun is", with: "Moon is also"))
        let run = try Run(["lint", "--source", "never", "banks"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == """
        banks/main.yaml:7:11: warning: the text of question 'sun' is too long: 18 characters (the limit is 10) [text-length]
        0 errors, 1 warning in 2 banks

        """, "\(run.stdout)")

        try scratch.write("team/base.yml", "extends: ../banks/.quizbank.yml\n")
        let cycle = try Run(["lint", "banks"], in: scratch.url)
        #expect(cycle.status == 2)
        #expect(cycle.stderr.contains("error: `extends: ../banks/.quizbank.yml` leads back to this file"), "\(cycle.stderr)")

        try scratch.write("banks/.quizbank.yml", "extends: nowhere.yml\n")
        let missing = try Run(["lint", "banks"], in: scratch.url)
        #expect(missing.status == 2)
        // The configuration found by searching up from the bank is shown relative to the current
        // folder, as the bank's own path is.
        #expect(missing.stderr.hasPrefix("quizbank lint: banks/.quizbank.yml:1:10: error: `extends` names nowhere.yml, which is not a file"), "\(missing.stderr)")
    }

    @Test func anOverrideWithoutFilesIsAnError() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write(".quizbank.yml", "overrides:\n  - rules: {missing-explanation: off}\n  - files: x\n    rulez: {}\n")
        try scratch.write("main.yaml", warningBank)
        let run = try Run(["lint", "main.yaml"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains(".quizbank.yml:2:5: error: an override needs `files`"), "\(run.stderr)")
        #expect(run.stderr.contains(".quizbank.yml:4:5: error: unknown key 'rulez' in an override; did you mean 'rules'?"), "\(run.stderr)")
    }
}

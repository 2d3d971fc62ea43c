import Foundation
import TestSupport
import Testing

/// A run of the executable through `/bin/sh -c`, for what `Run` cannot set up: standard
/// output on `/dev/full` or closed, SIGPIPE ignored, a pipe closed early. Killed after
/// `timeout` seconds (one command: `exec` it, so that the kill reaches it), so that a hang fails the test instead of holding up the suite.
struct ShellRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool

    /// `$Q` in `script` is the executable.
    init(_ script: String, in directory: URL = Run.repository, timeout: Double = 60) throws {
        let run = try ProcessRun(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: directory,
                                 environment: ["Q": Run.executable.path], timeout: timeout)
        (status, stdout, stderr, timedOut) = (run.status, run.stdout, run.stderr, run.timedOut)
    }
}

/// Hostile and extreme input, and output that cannot be written: never a crash, a hang or a
/// status 0 for output that was not all written.
@Suite(.serialized) struct RobustnessCLITests {
    static func bank(id: String = "demo", header: String = "", questions: String = """
          - id: sun
            text: The Sun is a star.
            answer: true
            explanation: It is a G-type main-sequence star.
        """) -> String {
        "quizbank: 1\nid: \(id)\ntitle: Demo\nlocale: en\n\(header)questions:\n\(questions)\n"
    }

    @Test(arguments: ["1e300", "5e18", "1e19", "0x7fffffffffffffff", "-1e300"])
    func anOutOfRangeTopicWeightWithAnExamSizeIsAValueRangeError(weight: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("w.yaml", Self.bank(header: "topics:\n  stars: {title: Stars, weight: \(weight)}\nexam:\n  size: 2\n", questions: """
              - id: sun
                topic: stars
                text: The Sun is a star.
                answer: true
                explanation: It is.
              - id: sirius
                topic: stars
                text: Sirius is a star.
                answer: true
                explanation: It is.
            """))
        let run = try Run(["lint", "--source", "never", "w.yaml"], in: scratch.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("w.yaml:6:33: error: topic weight \(weight) is outside 0...1 (a share of the exam) [value-range]"))
        #expect(!run.stdout.contains("[topic-coverage]"))
    }

    /// A weight of 1 of an exam of Int.max questions: the draw rounds past Int.max in floating
    /// point, and is capped at the exam's size.
    @Test func anExamOfIntMaxQuestionsIsAnExamRangeError() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("big.yaml", Self.bank(header: "topics:\n  stars: {title: Stars, weight: 1}\nexam:\n  size: 9223372036854775807\n", questions: """
              - id: sun
                topic: stars
                text: The Sun is a star.
                answer: true
                explanation: It is.
            """))
        let run = try Run(["lint", "--source", "never", "big.yaml"], in: scratch.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("big.yaml:8:9: error: exam size 9223372036854775807 is more than the bank's 1 questions [exam-range]"))
        #expect(run.stdout.contains("= 9223372036854775807 from it [topic-coverage]"))
    }

    @Test func aFIFONamedAsAnImageIsRefusedUnread() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("img.yaml", Self.bank(questions: """
              - id: sun
                text: The Sun is a star.
                image: sun.png
                image-alt: The Sun
                answer: true
                explanation: It is.
            """))
        #expect(mkfifo(scratch.url.appendingPathComponent("sun.png").path, 0o644) == 0)
        let message = "img.yaml:8:12: error: image 'sun.png' is not a readable PNG, JPEG or WebP file: it is a FIFO, not a regular file [image-unreadable]"
        let lint = try ShellRun("exec $Q lint --source never img.yaml", in: scratch.url, timeout: 20)
        #expect(!lint.timedOut)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains(message))
        let compile = try ShellRun("exec $Q compile --source never -o out img.yaml", in: scratch.url, timeout: 20)
        #expect(!compile.timedOut)
        #expect(compile.status == 1)
        #expect(compile.stderr.contains(message))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))
    }

    @Test func aFIFONamedAsTheFontIsRefusedUnread() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(mkfifo(scratch.url.appendingPathComponent("font.ttf").path, 0o644) == 0)
        let run = try ShellRun("echo 'hello world' | exec $Q measure --width 320 --font font.ttf", in: scratch.url, timeout: 20)
        #expect(!run.timedOut)
        #expect(run.status == 2)
        #expect(run.stderr == "quizbank measure: cannot use font 'font.ttf': it is not a regular file\n")
    }

    /// 12,500 findings on one 126 KB line: each excerpt is a window of the line, not all of it.
    @Test func findingsOnAVeryLongLineShowAWindowOfIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let items = (0..<12_500).map { "{id: q\($0), text: T?, answer: true}" }.joined(separator: ",")
        try scratch.write("one.yaml", "quizbank: 1\nid: one\ntitle: One\nlocale: en\nquestions: [\(items)]\n")
        let run = try Run(["lint", "--source", "always", "one.yaml"], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 3 * 12_500)
        #expect(lines.allSatisfy { $0.unicodeScalars.count < 300 })
        // The finding at q6000: the caret is under its id, inside the window.
        guard let index = lines.firstIndex(where: { $0.contains("question 'q6000' has no explanation") }) else {
            Issue.record("no finding for q6000")
            return
        }
        let excerpt = Array(lines[index + 1].unicodeScalars), caret = Array(lines[index + 2].unicodeScalars)
        #expect(excerpt.starts(with: Array("    …".unicodeScalars)) && excerpt.last == "…")
        guard let column = caret.firstIndex(of: "^") else {
            Issue.record("no caret")
            return
        }
        #expect(String(String.UnicodeScalarView(excerpt[column...])).hasPrefix("q6000, text: T?"))
    }

    @Test func aTextTooLongToMeasureFullySaysSo() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("long.yaml", Self.bank(questions: """
              - id: sun
                text: \(String(repeating: "a", count: 200_000))
                answer: true
                explanation: It is.
            """))
        let lint = try Run(["lint", "--source", "never", "long.yaml"], in: scratch.url)
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(lint.stdout.contains("long.yaml:7:11: warning: question 'sun' needs at least 106 lines at Large on iPhone SE (3rd generation); the review shows 3, cut after '…aaaaaaaaaaaaaaaaaaaaaaaa'; the text is too long to measure fully (a word of more than 4096 bytes, measured that far) [review-truncation]"))
        let stats = try Run(["stats", "--layout", "long.yaml"], in: scratch.url)
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("cut off (more than 3 lines)"))
    }

    @Test(arguments: ["compile -o - Banks/astronomy/astronomy.yaml", "lint --format json Banks/", "lint Banks/", "stats Banks/", "rules"])
    func aFullStandardOutputIsExitTwoWithAMessage(command: String) throws {
        let name = String(command.prefix { $0 != " " })
        let full = try ShellRun("$Q \(command) > /dev/full")
        #expect(full.status == 2)
        #expect(full.stderr.hasSuffix("quizbank \(name): cannot write to standard output: No space left on device\n"))
        let closed = try ShellRun("$Q \(command) >&-")
        #expect(closed.status == 2)
        #expect(closed.stderr.hasSuffix("quizbank \(name): cannot write to standard output: Bad file descriptor\n"))
    }

    /// A closed pipe: SIGPIPE ends the process quietly (status 128 + 13 in the shell); with
    /// SIGPIPE ignored the write fails with EPIPE, and the status is 2, quietly too.
    @Test func aPipeClosedEarlyIsQuietButNotSuccess() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // A compiled document far larger than a pipe's buffer.
        let questions = (0..<3_000).map { "  - id: q\($0)\n    text: Is \($0) a number?\n    answer: true\n    explanation: It is.\n" }
        try scratch.write("big.yaml", "quizbank: 1\nid: big\ntitle: Big\nlocale: en\nquestions:\n" + questions.joined())
        let script = "($Q compile -o - big.yaml; echo \"status $?\" >&2) | head -c 10 >/dev/null"
        let byDefault = try ShellRun("trap - PIPE; \(script)", in: scratch.url)
        #expect(byDefault.stderr == "status 141\n")
        let ignored = try ShellRun("trap '' PIPE; \(script)", in: scratch.url)
        #expect(ignored.stderr == "status 2\n")
    }

    @Test func aBankIDLongerThan128CharactersIsInvalid() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let long = String(repeating: "a", count: 240)
        try scratch.write("long.yaml", Self.bank(id: long))
        let lint = try Run(["lint", "--source", "never", "long.yaml"], in: scratch.url)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("long.yaml:2:5: error: bank id is 240 characters long; at most 128 fit in the compiled files' names (<id>.<locale>.json) on every file system [invalid-id]"))
        let compile = try Run(["compile", "--source", "never", "-o", "out", "long.yaml"], in: scratch.url)
        #expect(compile.status == 1)
        #expect(compile.stderr.contains("[invalid-id]"))

        let longest = String(repeating: "b", count: 128)
        try scratch.write("longest.yaml", Self.bank(id: longest, header: "locales: [en, zh-Hant-TW]\n"))
        let fits = try Run(["compile", "-o", "out", "longest.yaml"], in: scratch.url)
        #expect(fits.status == 0, "\(fits.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("out").path).sorted()
        #expect(files == ["\(longest).en.json", "\(longest).zh-Hant-TW.json"])
    }

    @Test(arguments: ["inf", "1e308", "100001", "nan", "-inf", "0"])
    func measureRefusesAWidthThatIsNotAFiniteScreenWidth(width: String) throws {
        let run = try ShellRun("echo 'hello world' | $Q measure --format json --width \(width)")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("--width takes a width in points, more than 0 and at most 100000, not '\(width)'"))
    }

    @Test func measureTakesTheWidestWidth() throws {
        let run = try ShellRun("echo 'hello world' | $Q measure --format json --width 100000")
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("\"width\": 100000}\n"))
    }
}

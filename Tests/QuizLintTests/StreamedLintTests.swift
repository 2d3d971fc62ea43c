import Foundation
import Testing
import QuizBank
import QuizBankKit
import QuizSupport
import QuizYAML
import TestSupport
@testable import QuizLint
@testable import QuizRules

/// `LintEngine.lint(_:reportingTo:)` against `lint(_:)`, which sorts and suppresses all the
/// findings at once.
@Suite struct StreamedLintTests {
    /// Lines of a suppression comment, each with where it goes: above a question, after its
    /// id, after its text, or at the top of the file.
    private static let aboveQuestion = [
        "# quizbank: disable-next-line missing-explanation",
        "# quizbank: disable-question missing-explanation",
        "# quizbank: disable-question whitespace, negative-stem",
        "# quizbank: disable-next-line all-of-the-above",
        "# quizbank: disable-question no-such-rule",
    ]
    private static let afterID = [
        " # quizbank: disable-line missing-explanation",
        " # quizbank: disable-line whitespace",
        " # quizbank: disable-field missing-explanation",
    ]
    private static let afterText = [
        " # quizbank: disable-field whitespace",
        " # quizbank: disable-line negative-stem, whitespace",
        " # quizbank: disable-line missing-explanation",
    ]
    private static let fileWide = [
        "# quizbank: disable-file missing-explanation",
        "# quizbank: disable-file negative-stem, true-false-balance",
        "# quizbank: disable-file duplicate-question",
        "# quizbank: disable-file all-of-the-above, missing-explanation",
        "# quizbank: disable-file no-such-rule",
        "# quizbank: disable-file yaml-syntax",
    ]
    private static let texts = [
        "The Sun is a star.",
        "Which of these is not a planet?",
        "Mars  has two moons.",
        "Water boils at 100 degrees at sea level. ",
        "The Moon orbits the Earth.",
        "Which is true of all of the above?",
        "Jupiter is the largest planet.",
    ]

    /// A bank of `count` questions with suppressions, aliases and duplicates drawn from `random`.
    private static func bank(id: String, questions count: Int, random: inout SplitMix64) -> String {
        var lines: [String] = []
        for line in fileWide where Int.random(in: 0..<4, using: &random) == 0 { lines.append(line) }
        lines += ["quizbank: 1", "id: \(id)", "title: Bank \(id)", "locale: en", "questions:"]
        var anchors: [Int] = []
        for number in 0..<count {
            if Int.random(in: 0..<6, using: &random) == 0 { lines.append("  " + aboveQuestion.randomElement(using: &random)!) }
            let idSuffix = Int.random(in: 0..<8, using: &random) == 0 ? afterID.randomElement(using: &random)! : ""
            lines.append("  - id: q\(number)\(idSuffix)")
            var text = texts.randomElement(using: &random)!
            if Int.random(in: 0..<10, using: &random) == 0 { text = "\(text) (\(id) \(number))" }
            let textSuffix = Int.random(in: 0..<8, using: &random) == 0 ? afterText.randomElement(using: &random)! : ""
            if let anchor = anchors.randomElement(using: &random), Int.random(in: 0..<8, using: &random) == 0 {
                lines.append("    text: *t\(anchor)\(textSuffix)")
            } else if Int.random(in: 0..<8, using: &random) == 0 {
                anchors.append(number)
                lines.append("    text: &t\(number) \"\(text)\"\(textSuffix)")
            } else {
                lines.append("    text: \"\(text)\"\(textSuffix)")
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                lines += ["    choices:", "      - text: Venus", "        correct: true", "      - Mars", "      - All of the above"]
            } else {
                lines.append("    answer: \(Bool.random(using: &random))")
            }
            if Int.random(in: 0..<3, using: &random) == 0 { lines.append("    explanation: Because it is so.") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func streamed(_ engine: LintEngine, _ inputs: [LintInput]) -> (findings: [Finding], batches: [Int]) {
        var findings: [Finding] = []
        var batches: [Int] = []
        _ = engine.lint(inputs) { batch in
            findings += batch
            batches.append(batch.count)
        }
        return (findings, batches)
    }

    /// A reporter that packs (the bank and run rules' in the engine) holds what a plain one
    /// holds, as bytes, and no values.
    @Test func aPackingReporterHoldsWhatAPlainOneHolds() {
        var plain = FindingReporter(ruleID: "near-duplicate-question", severity: .warning, path: "a.yaml")
        var packing = FindingReporter.packing(ruleID: "near-duplicate-question", severity: .warning, path: "a.yaml")
        for index in 0..<50 {
            let range = SourceRange(start: SourceMark(line: 200 - index, column: index % 7 + 1), end: SourceMark(line: 200 - index, column: 30))
            let related = (0..<index % 4).map { Finding.Related(path: "b.yaml", range: range, note: "likely duplicate: 'q\($0)' ✓") }
            if index % 3 == 0 {
                plain("question 'q\(index)' is nearly the same", at: range, in: index % 2 == 0 ? "c.yaml" : nil, related: related, severity: .info)
                packing("question 'q\(index)' is nearly the same", at: range, in: index % 2 == 0 ? "c.yaml" : nil, related: related, severity: .info)
            } else {
                plain("question 'q\(index)' repeats", at: range, related: related, suggestion: index % 2 == 0 ? "Remove it" : nil)
                packing("question 'q\(index)' repeats", at: range, related: related, suggestion: index % 2 == 0 ? "Remove it" : nil)
            }
        }
        #expect(plain.packed == nil && plain.findings.count == 50)
        #expect(packing.findings.isEmpty)
        #expect(packing.packed?.unpacked() == plain.findings)
    }

    @Test(arguments: 0..<12)
    func streamedFindingsAreTheSortedSuppressedWhole(seed: Int) {
        var base = seededGenerator(for: "streamedFindingsAreTheSortedSuppressedWhole(\(seed))")
        var random = SplitMix64(seed: base.next() &+ UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
        var quiet = Configuration.defaults
        quiet.rules[UnusedSuppressionRule.description.id, default: Configuration.RuleSetting()].isOff = true
        // Out of path order, one bank read twice (a duplicate id), one not a bank at all.
        let names = ["c.yaml", "a.yaml", "b.yaml", "d.yaml"].shuffled(using: &random)
        var inputs: [LintInput] = []
        for (index, name) in names.enumerated() {
            let count = Int.random(in: 1...(index == 0 ? 300 : 60), using: &random)
            let text = Self.bank(id: index == 3 ? "twice" : "bank-\(index)", questions: count, random: &random)
            inputs.append(LintInput(path: name, bytes: Array(text.utf8), configuration: index == 2 ? quiet : .defaults))
        }
        inputs.append(LintInput(path: "e.yaml", bytes: Array("quizbank: 1\nid: twice\nquestions: [\n".utf8)))
        let engine = LintEngine(rules: RuleRegistry.all)
        let whole = engine.lint(inputs).findings
        let (streamed, batches) = Self.streamed(engine, inputs)
        #expect(whole.contains { $0.ruleID == UnusedSuppressionRule.description.id })
        #expect(whole.contains { $0.ruleID == "duplicate-question" })
        #expect(streamed.count == whole.count)
        #expect(streamed == whole)
        #expect(!batches.contains(0))
    }

    @Test func aSuppressionOfEveryKindAndItsUnusedFindingsAreInPlace() {
        let text = """
        # quizbank: disable-file missing-explanation, no-such-rule
        # quizbank: disable-file whitespace
        quizbank: 1
        id: kinds
        title: Kinds
        locale: en
        questions:
          # quizbank: disable-question negative-stem
          - id: a # quizbank: disable-line all-of-the-above
            text: Which is not a star?
            answer: true
          # quizbank: disable-next-line negative-stem
          - id: b
            text: "The Sun  is a star." # quizbank: disable-field whitespace
            answer: false

        """
        let inputs = [LintInput(path: "kinds.yaml", bytes: Array(text.utf8))]
        let engine = LintEngine(rules: RuleRegistry.all)
        let whole = engine.lint(inputs).findings
        #expect(whole.filter { $0.ruleID == UnusedSuppressionRule.description.id }.count >= 3)
        #expect(Self.streamed(engine, inputs).findings == whole)
    }

    /// A question rule that counts the questions it has seen, by bank path (tests run side by
    /// side, each with banks of its own), to tell how far a run is when something happens.
    struct CountingRule: QuestionRule {
        static let description = RuleDescription(id: "counting", summary: "Counts questions.", rationale: "A test's probe.",
                                                 severity: .info, scope: .question, examples: [])
        private static let seen = Locked([String: Int]())

        init(options: RuleOptions) {}

        func check(_ question: QuizBank.Question, in bank: LintBank, report: inout FindingReporter) {
            Self.seen.withLock { $0[bank.path, default: 0] += 1 }
        }

        /// The questions seen so far in the banks at `paths`.
        static func seen(in paths: [String]) -> Int {
            seen.withLock { counts in paths.reduce(0) { $0 + counts[$1, default: 0] } }
        }

        static func reset(_ paths: [String]) {
            seen.withLock { counts in for path in paths { counts[path] = nil } }
        }
    }

    @Test func findingsAreHandedOverBeforeTheLastChunkIsChecked() {
        let banks = 6, perBank = 2_000
        var random = seededGenerator()
        let inputs = (0..<banks).map { index in
            LintInput(path: "bank-\(index).yaml", bytes: Array(Self.bank(id: "b\(index)", questions: perBank, random: &random).utf8))
        }
        let paths = inputs.map(\.path)
        CountingRule.reset(paths)
        var seenAtFirstBatch: Int?
        var largestBatch = 0, total = 0
        _ = LintEngine(rules: [MissingExplanationRule.self, CountingRule.self]).lint(inputs) { batch in
            if seenAtFirstBatch == nil { seenAtFirstBatch = CountingRule.seen(in: paths) }
            largestBatch = max(largestBatch, batch.count)
            total += batch.count
        }
        #expect(total > banks * perBank / 2)
        #expect(CountingRule.seen(in: paths) == banks * perBank)
        #expect((seenAtFirstBatch ?? .max) < banks * perBank / 2)
        // No batch holds more than a few banks' findings.
        #expect(largestBatch <= total / 2)
    }

    /// A bank rule as slow as a long near-duplicate search: it waits (at most 10 s) until
    /// questions have been checked beside it, notes how many, and reports at the bank's last
    /// question.
    struct WaitingBankRule: BankRule {
        static let description = RuleDescription(id: "waiting-bank", summary: "Waits for the question rules.",
                                                 rationale: "A test's probe.", severity: .info, scope: .bank, examples: [])
        static let seenWhenDone = Locked(0)

        init(options: RuleOptions) {}

        func check(_ bank: LintBank, report: inout FindingReporter) {
            let deadline = Date().addingTimeInterval(10)
            while CountingRule.seen(in: [bank.path]) == 0, Date() < deadline { usleep(1_000) }
            Self.seenWhenDone.withLock { $0 = CountingRule.seen(in: [bank.path]) }
            if let last = bank.bank.questions.last { report("Waited.", at: last.range) }
        }
    }

    /// While a slow bank rule runs, question chunks run beside it (no core waits for it), and
    /// the findings are still those of the sorted whole.
    @Test func questionChunksRunBesideASlowBankRule() {
        var random = seededGenerator()
        let inputs = [LintInput(path: "slow.yaml", bytes: Array(Self.bank(id: "slow", questions: 3_000, random: &random).utf8))]
        let engine = LintEngine(rules: [MissingExplanationRule.self, CountingRule.self, WaitingBankRule.self])
        CountingRule.reset(inputs.map(\.path))
        let streamed = Self.streamed(engine, inputs).findings
        #expect(WaitingBankRule.seenWhenDone.withLock { $0 } > 0, "chunks ran while the bank rule did")
        #expect(streamed.contains { $0.ruleID == WaitingBankRule.description.id })
        #expect(streamed == engine.lint(inputs).findings)
    }

    @Test func aFileSuppressionOfAQuestionRuleHoldsItsFileUntilItsEnd() {
        // Full chunks, one more than a window takes: two windows.
        let count = RuleWork.chunkQuestions * (RuleWork.minimumChunks + 1)
        let questions = (0..<count).map { "  - id: q\($0)\n    text: The Sun is a star.\n    answer: true\n" }.joined()
        let bank = "quizbank: 1\nid: held\ntitle: Held\nlocale: en\nquestions:\n" + questions
        let engine = LintEngine(rules: [MissingExplanationRule.self, NegativeStemRule.self, CountingRule.self])
        // How many questions had been checked when the first batch came.
        func seenAtFirstBatch(_ inputs: [LintInput]) -> (findings: [Finding], seen: Int?) {
            CountingRule.reset(inputs.map(\.path))
            var findings: [Finding] = [], seen: Int?
            _ = engine.lint(inputs) { batch in
                if seen == nil { seen = CountingRule.seen(in: inputs.map(\.path)) }
                findings += batch
            }
            return (findings, seen)
        }
        let free = [LintInput(path: "held.yaml", bytes: Array(bank.utf8))]
        #expect(seenAtFirstBatch(free).seen ?? .max < count)
        // No negative stem anywhere: the suppression stays unused to the file's end, and its
        // finding, on line 1, goes first.
        let held = [LintInput(path: "held.yaml", bytes: Array(("# quizbank: disable-file negative-stem\n" + bank).utf8))]
        let (streamed, seen) = seenAtFirstBatch(held)
        #expect(streamed == engine.lint(held).findings)
        #expect(streamed.first?.ruleID == UnusedSuppressionRule.description.id)
        #expect(seen == count)
    }

    /// Findings held to the end (a run rule's, with no question rule running) come in batches
    /// of at most `batchSize`, in order: they are made as they are handed over.
    @Test func heldFindingsComeInBoundedBatches() {
        var random = seededGenerator()
        let inputs = [LintInput(path: "dup.yaml", bytes: Array(Self.bank(id: "dup", questions: 3_000, random: &random).utf8))]
        let engine = LintEngine(rules: [DuplicateQuestionRule.self])
        let (streamed, batches) = Self.streamed(engine, inputs)
        #expect(streamed.count > ReportOrderMerge.batchSize)
        #expect(batches.allSatisfy { $0 <= ReportOrderMerge.batchSize })
        #expect(streamed == engine.lint(inputs).findings)
    }
}

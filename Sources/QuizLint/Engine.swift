import Dispatch
import Foundation
import QuizBank
import QuizYAML

/// One bank file to lint, with the configuration that applies to it.
public struct LintInput: Sendable {
    public var path: String
    public var bytes: [UInt8]
    public var configuration: Configuration

    public init(path: String, bytes: [UInt8], configuration: Configuration = .defaults) {
        self.path = path
        self.bytes = bytes
        self.configuration = configuration
    }
}

public struct LintResult: Sendable {
    /// Sorted by file and position.
    public var findings: [Finding]
    public var bankCount: Int
    /// The decoded banks (those the decoder could build).
    public var banks: [LintBank]
}

/// Runs the decoder and every enabled rule over banks, then applies inline suppressions.
public struct LintEngine: Sendable {
    public let rules: [any LintRule.Type]

    public init(rules: [any LintRule.Type]) {
        self.rules = rules
    }

    /// Every finding at once, sorted and with suppressions applied: for what needs them all
    /// (`--fix`, baselines, tests). `lint(_:reportingTo:)` hands them over as they are ready.
    public func lint(_ inputs: [LintInput]) -> LintResult {
        let prepared = prepare(inputs)
        // Appending would copy the rules' findings once more.
        let ruleFindings = prepared.work.performAll()
        var findings = prepared.findings.isEmpty ? ruleFindings : prepared.findings + ruleFindings
        var ledger = SuppressionLedger(inputs: inputs, banks: prepared.banks, rules: rules)
        if ledger.hasSuppressions { findings = findings.filter { ledger.keeps($0) } }
        for index in inputs.indices {
            let unused = ledger.unusedFindings(ofInput: index)
            // Appending even nothing makes `findings` unique: it would copy all the findings it
            // still shares with `ruleFindings`.
            if !unused.isEmpty { findings += unused }
        }
        findings.sortForReport()
        return LintResult(findings: findings, bankCount: inputs.count, banks: prepared.banks)
    }

    /// The decoder's findings, the banks, and the rules' work on them.
    func prepare(_ inputs: [LintInput]) -> (findings: [Finding], banks: [LintBank], work: RuleWork) {
        var findings: [Finding] = []
        var banks: [LintBank] = []
        var configurationOf: [String: Configuration] = [:]
        let decoder = BankDecoder()
        for input in inputs {
            let decoded = decoder.decode(input.bytes, path: input.path)
            findings += decoded.findings
            configurationOf[input.path] = input.configuration
            if let bank = decoded.bank {
                banks.append(LintBank(path: input.path, source: input.bytes, bank: bank, layout: input.configuration.layout))
            }
        }
        findings += DuplicateBankIDs.findings(banks.map { ($0.path, $0.bank.header.id) })
        var work = RuleWork()
        for bank in banks {
            addTasks(for: bank, configuration: configurationOf[bank.path] ?? .defaults, to: &work)
        }
        addRunTasks(banks, configurations: configurationOf, to: &work)
        return (findings, banks, work)
    }

    /// The bank rules enabled for one bank, a task each (their findings packed as they are
    /// reported), and its question rules over chunks of its questions.
    private func addTasks(for bank: LintBank, configuration: Configuration, to work: inout RuleWork) {
        var questionRules: [any QuestionRule] = []
        var questionReporters: [FindingReporter] = []
        for type in rules {
            let description = type.description
            guard !description.isFormatRule, description.scope != .run, let setting = configuration.setting(for: description) else { continue }
            let rule = type.init(options: setting.options)
            if let rule = rule as? any QuestionRule {
                questionRules.append(rule)
                questionReporters.append(FindingReporter(ruleID: description.id, severity: setting.severity, path: bank.path))
            } else if let rule = rule as? any BankRule {
                work.addWhole {
                    var reporter = FindingReporter.packing(ruleID: description.id, severity: setting.severity, path: bank.path)
                    rule.check(bank, report: &reporter)
                    return reporter.packed ?? PackedFindings()
                }
            }
        }
        guard !questionRules.isEmpty else { return }
        work.questionRules[bank.path, default: []].formUnion(questionReporters.map(\.ruleID))
        let rules = questionRules, reporters = questionReporters
        let questions = bank.bank.questions
        // Chunks small enough that the cores finish together (a chunk is the most one core
        // can be left waiting for), and large enough that handing them out costs nothing.
        let chunkSize = max(1, min(RuleWork.chunkQuestions, (questions.count + RuleWork.minimumChunks - 1) / RuleWork.minimumChunks))
        for start in stride(from: 0, to: questions.count, by: chunkSize) {
            let end = min(start + chunkSize, questions.count)
            let lowest = (start..<end).map(questions.lowestMark(at:)).min() ?? questions.range(at: start).start
            work.add(chunk: RuleWork.Chunk(path: bank.path, lowest: lowest)) {
                // Rules and their reporters live in separate arrays so that each call mutates one
                // reporter in place (a shared tuple would copy the findings on every report).
                var reporters = reporters
                // Made once for all the rules: a kept question is made again each time it is read.
                let chunk = Array(questions[start..<end])
                for rule in rules { rule.prepare(chunk[...], in: bank) }
                for question in chunk {
                    for index in rules.indices {
                        rules[index].check(question, in: bank, report: &reporters[index])
                    }
                }
                return reporters.flatMap(\.findings)
            }
        }
    }

    /// Run rules see every bank whose configuration enables them: a task for each group of
    /// banks that give the rule the same setting.
    private func addRunTasks(_ banks: [LintBank], configurations: [String: Configuration], to work: inout RuleWork) {
        for type in rules {
            let description = type.description
            guard !description.isFormatRule, description.scope == .run else { continue }
            var groups: [(severity: Severity, options: RuleOptions, banks: [LintBank])] = []
            for bank in banks {
                guard let setting = (configurations[bank.path] ?? .defaults).setting(for: description) else { continue }
                if let index = groups.firstIndex(where: { $0.severity == setting.severity && $0.options.values == setting.options.values }) {
                    groups[index].banks.append(bank)
                } else {
                    groups.append((setting.severity, setting.options, [bank]))
                }
            }
            for group in groups {
                guard let rule = type.init(options: group.options) as? any RunRule else { continue }
                let path = group.banks[0].path
                work.addWhole {
                    var reporter = FindingReporter.packing(ruleID: description.id, severity: group.severity, path: path)
                    rule.check(group.banks, report: &reporter)
                    return reporter.packed ?? PackedFindings()
                }
            }
        }
    }
}

extension LintEngine {
    /// The lines each question and field suppression covers.
    static func resolveScopes(_ suppressions: inout [Suppression], source: [UInt8], questions: [(id: String, range: SourceRange)]) {
        let scope = SourceOutline(source: source)
        for index in suppressions.indices {
            let line = suppressions[index].range.start.line, ownLine = suppressions[index].ownLine
            switch suppressions[index].kind {
            case .question:
                if let question = scope.question(for: line, ownLine: ownLine, questions: questions) {
                    suppressions[index].lines = question.lines
                    suppressions[index].questionID = question.id
                }
            case .field:
                suppressions[index].lines = scope.field(for: line, ownLine: ownLine)
            case .line, .nextLine, .file:
                break
            }
        }
    }
}

/// The rules' work on a run as tasks shared out among the cores. The tasks that see a whole
/// bank or run (bank and run rules: one of them, near-duplicate-question, takes seconds on a
/// large run) are started first, and the question chunks fill in around them.
struct RuleWork: Sendable {
    /// Questions in a chunk, at most; a bank is cut into `minimumChunks` chunks or more.
    static let chunkQuestions = 500
    static let minimumChunks = 4 * max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Findings of question chunks that a streamed lint keeps, at most, while the bank and run
    /// rules are still running (past it the chunks wait): enough to keep the other cores busy
    /// through near-duplicate-question on a large run, a small part of a report with a finding
    /// for most questions.
    static let runAheadFindings = 200_000

    /// A task's questions: their bank's path, and the first place in the file any of them
    /// reaches (no finding of theirs comes before it).
    struct Chunk: Sendable {
        var path: String
        var lowest: SourceMark
    }

    /// The question rules' tasks, a chunk of questions each, in the order they were added.
    private(set) var chunkTasks: [@Sendable () -> [Finding]] = []
    /// Of each chunk task, the questions it checks.
    private(set) var chunks: [Chunk] = []
    /// The bank and run rules' tasks, whose findings are held until their place in the report
    /// comes, and so are packed as they are reported.
    private(set) var wholeTasks: [@Sendable () -> PackedFindings] = []
    /// The ids of the question rules that run on the bank at each path.
    var questionRules: [String: Set<String>] = [:]

    mutating func add(chunk: Chunk, _ task: @escaping @Sendable () -> [Finding]) {
        chunkTasks.append(task)
        chunks.append(chunk)
    }

    mutating func addWhole(_ task: @escaping @Sendable () -> PackedFindings) {
        wholeTasks.append(task)
    }

    /// Runs every task, the bank and run rules' first; their findings, theirs first, then the
    /// chunks' in the order the chunks were added. (No two tasks report one rule in one file,
    /// so a stable sort of these puts them in the order of any other.)
    func performAll() -> [Finding] {
        let wholeTasks = wholeTasks, chunkTasks = chunkTasks
        let whole = ConcurrentSlots<PackedFindings>(count: wholeTasks.count, initial: PackedFindings())
        let chunked = ConcurrentSlots<[Finding]>(count: chunkTasks.count, initial: [])
        DispatchQueue.concurrentPerform(iterations: wholeTasks.count + chunkTasks.count) { position in
            if position < wholeTasks.count {
                whole.store(wholeTasks[position](), at: position)
            } else {
                chunked.store(chunkTasks[position - wholeTasks.count](), at: position - wholeTasks.count)
            }
        }
        return whole.values.flatMap { $0.unpacked() } + chunked.values.flatMap { $0 }
    }

    /// Runs the bank and run rules' tasks on all cores; the findings of each, packed.
    func performWhole() -> [PackedFindings] {
        let tasks = wholeTasks
        let results = ConcurrentSlots<PackedFindings>(count: tasks.count, initial: PackedFindings())
        DispatchQueue.concurrentPerform(iterations: tasks.count) { position in
            results.store(tasks[position](), at: position)
        }
        return results.values
    }

    /// Runs the chunk tasks at `positions` on all cores, started in that order; the findings of
    /// each, in the order of `positions`.
    func performChunks(_ positions: [Int]) -> [[Finding]] {
        let tasks = chunkTasks
        let results = ConcurrentSlots<[Finding]>(count: positions.count, initial: [])
        DispatchQueue.concurrentPerform(iterations: positions.count) { position in
            results.store(tasks[positions[position]](), at: position)
        }
        return results.values
    }
}

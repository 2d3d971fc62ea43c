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

    public func lint(_ inputs: [LintInput]) -> LintResult {
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
        // Appending would copy the rules' findings once more.
        let ruleFindings = work.perform()
        findings = findings.isEmpty ? ruleFindings : findings + ruleFindings
        findings = applySuppressions(findings, inputs: inputs, banks: banks)
        findings.sortForReport()
        return LintResult(findings: findings, bankCount: inputs.count, banks: banks)
    }

    /// The bank rules enabled for one bank, a task each, and its question rules over chunks of
    /// its questions. Findings come back in the order one thread would give: the bank rules',
    /// then the question rules' in question order.
    private func addTasks(for bank: LintBank, configuration: Configuration, to work: inout RuleWork) {
        var questionRules: [any QuestionRule] = []
        var questionReporters: [FindingReporter] = []
        for type in rules {
            let description = type.description
            guard !description.isFormatRule, description.scope != .run, let setting = configuration.setting(for: description) else { continue }
            let reporter = FindingReporter(ruleID: description.id, severity: setting.severity, path: bank.path)
            let rule = type.init(options: setting.options)
            if let rule = rule as? any QuestionRule {
                questionRules.append(rule)
                questionReporters.append(reporter)
            } else if let rule = rule as? any BankRule {
                work.add(early: true) {
                    var reporter = reporter
                    rule.check(bank, report: &reporter)
                    return reporter.findings
                }
            }
        }
        guard !questionRules.isEmpty else { return }
        let rules = questionRules, reporters = questionReporters
        let questions = bank.bank.questions
        // Chunks small enough that the cores finish together (a chunk is the most one core
        // can be left waiting for), and large enough that handing them out costs nothing.
        let chunkSize = max(1, min(RuleWork.chunkQuestions, (questions.count + RuleWork.minimumChunks - 1) / RuleWork.minimumChunks))
        for start in stride(from: 0, to: questions.count, by: chunkSize) {
            let end = min(start + chunkSize, questions.count)
            work.add(early: false) {
                // Rules and their reporters live in separate arrays so that each call mutates one
                // reporter in place (a shared tuple would copy the findings on every report).
                var reporters = reporters
                for question in questions[start..<end] {
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
                let reporter = FindingReporter(ruleID: description.id, severity: group.severity, path: group.banks[0].path)
                work.add(early: true) {
                    var reporter = reporter
                    rule.check(group.banks, report: &reporter)
                    return reporter.findings
                }
            }
        }
    }

    /// Drops suppressed findings and reports suppressions that suppressed nothing.
    private func applySuppressions(_ findings: [Finding], inputs: [LintInput], banks: [LintBank]) -> [Finding] {
        let formatRules = Set(rules.filter { $0.description.isFormatRule }.map { $0.description.id })
        let knownRules = Set(rules.map { $0.description.id })
        var byPath: [String: [Suppression]] = [:]
        var unusedSetting: [String: (Severity, RuleOptions)?] = [:]
        for input in inputs {
            var suppressions = Suppression.scan(input.bytes)
            if suppressions.contains(where: { $0.kind == .question || $0.kind == .field }) {
                let questions = banks.first { $0.path == input.path }?.bank.questions.map { ($0.id.value, $0.range) } ?? []
                Self.resolveScopes(&suppressions, source: input.bytes, questions: questions)
            }
            byPath[input.path] = suppressions
            unusedSetting[input.path] = input.configuration.setting(for: UnusedSuppressionRule.description)
        }
        var used: [String: Set<Int>] = [:]
        var kept: [Finding]
        if byPath.values.allSatisfy(\.isEmpty) {
            kept = findings
        } else {
            kept = []
            for finding in findings {
                guard let suppressions = byPath[finding.path], !suppressions.isEmpty, !formatRules.contains(finding.ruleID),
                      let index = suppressions.firstIndex(where: { $0.covers(finding) }) else {
                    kept.append(finding)
                    continue
                }
                used[finding.path, default: []].insert(index)
            }
        }
        for input in inputs {
            guard let setting = unusedSetting[input.path] ?? nil else { continue }
            var reporter = FindingReporter(ruleID: UnusedSuppressionRule.description.id, severity: setting.0, path: input.path)
            for (index, suppression) in (byPath[input.path] ?? []).enumerated() where !(used[input.path]?.contains(index) ?? false) {
                reporter(suppression.unusedMessage(formatRules: formatRules, knownRules: knownRules), at: suppression.range,
                         suggestion: nil)
            }
            // Appending even nothing makes `kept` unique: it would copy all the findings it
            // still shares with `findings`.
            if !reporter.findings.isEmpty { kept += reporter.findings }
        }
        return kept
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

    /// In the order their findings are reported (before sorting).
    private var tasks: [@Sendable () -> [Finding]] = []
    private var early: [Int] = []
    private var late: [Int] = []

    mutating func add(early isEarly: Bool, _ task: @escaping @Sendable () -> [Finding]) {
        if isEarly { early.append(tasks.count) } else { late.append(tasks.count) }
        tasks.append(task)
    }

    /// Runs every task; their findings, in the order the tasks were added.
    func perform() -> [Finding] {
        let order = early + late
        let tasks = tasks
        let results = ConcurrentSlots<[Finding]>(count: tasks.count, initial: [])
        DispatchQueue.concurrentPerform(iterations: order.count) { position in
            let task = order[position]
            results.store(tasks[task](), at: task)
        }
        return results.values.flatMap { $0 }
    }
}

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

    public init(rules: [any LintRule.Type] = RuleRegistry.all) {
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
        for bank in banks {
            findings += check(bank, configuration: configurationOf[bank.path] ?? .defaults)
        }
        findings += checkRun(banks, configurations: configurationOf)
        findings = applySuppressions(findings, inputs: inputs)
        findings.sortForReport()
        return LintResult(findings: findings, bankCount: inputs.count, banks: banks)
    }

    /// The question and bank rules enabled for one bank.
    private func check(_ bank: LintBank, configuration: Configuration) -> [Finding] {
        var questionRules: [any QuestionRule] = []
        var questionReporters: [FindingReporter] = []
        var bankRules: [(rule: any BankRule, reporter: FindingReporter)] = []
        for type in rules {
            let description = type.description
            guard !description.isFormatRule, description.scope != .run, let setting = configuration.setting(for: description) else { continue }
            let reporter = FindingReporter(ruleID: description.id, severity: setting.severity, path: bank.path)
            let rule = type.init(options: setting.options)
            if let rule = rule as? any QuestionRule {
                questionRules.append(rule)
                questionReporters.append(reporter)
            } else if let rule = rule as? any BankRule {
                bankRules.append((rule, reporter))
            }
        }
        return checkConcurrently(bank, bankRules: bankRules, questionRules: questionRules, questionReporters: questionReporters)
    }

    /// Each bank rule, and the question rules over chunks of the questions, as tasks shared out
    /// among the cores; several chunks a core, so that a core that falls behind is made up for.
    /// Findings come back in the order one thread would give: the bank rules', then the
    /// question rules' in question order.
    private func checkConcurrently(_ bank: LintBank, bankRules: [(rule: any BankRule, reporter: FindingReporter)],
                                   questionRules: [any QuestionRule], questionReporters: [FindingReporter]) -> [Finding] {
        let questions = bank.bank.questions
        let chunkCount = questionRules.isEmpty ? 0 : questions.count < 2_000 ? 1 : 4 * max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunkSize = (questions.count + chunkCount - 1) / max(chunkCount, 1)
        let results = ConcurrentSlots<[Finding]>(count: bankRules.count + chunkCount, initial: [])
        DispatchQueue.concurrentPerform(iterations: bankRules.count + chunkCount) { task in
            guard task >= bankRules.count else {
                var reporter = bankRules[task].reporter
                bankRules[task].rule.check(bank, report: &reporter)
                results.store(reporter.findings, at: task)
                return
            }
            let chunk = task - bankRules.count
            // Rules and their reporters live in separate arrays so that each call mutates one
            // reporter in place (a shared tuple would copy the findings on every report).
            var chunkReporters = questionReporters
            let start = chunk * chunkSize
            let end = min(start + chunkSize, questions.count)
            if start < end {
                for question in questions[start..<end] {
                    for index in questionRules.indices {
                        questionRules[index].check(question, in: bank, report: &chunkReporters[index])
                    }
                }
            }
            results.store(chunkReporters.flatMap(\.findings), at: task)
        }
        return results.values.flatMap { $0 }
    }

    /// Run rules see every bank whose configuration enables them.
    private func checkRun(_ banks: [LintBank], configurations: [String: Configuration]) -> [Finding] {
        var findings: [Finding] = []
        for type in rules {
            let description = type.description
            guard !description.isFormatRule, description.scope == .run else { continue }
            // Banks are grouped by the setting they give the rule, so each group runs once.
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
                var reporter = FindingReporter(ruleID: description.id, severity: group.severity, path: group.banks[0].path)
                rule.check(group.banks, report: &reporter)
                findings += reporter.findings
            }
        }
        return findings
    }

    /// Drops suppressed findings and reports suppressions that suppressed nothing.
    private func applySuppressions(_ findings: [Finding], inputs: [LintInput]) -> [Finding] {
        let formatRules = Set(rules.filter { $0.description.isFormatRule }.map { $0.description.id })
        let knownRules = Set(rules.map { $0.description.id })
        var byPath: [String: [Suppression]] = [:]
        var unusedSetting: [String: (Severity, RuleOptions)?] = [:]
        for input in inputs {
            byPath[input.path] = Suppression.scan(input.bytes)
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
            kept += reporter.findings
        }
        return kept
    }
}

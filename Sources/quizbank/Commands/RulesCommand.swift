import Foundation
import QuizBank
import QuizLint
import QuizRules

enum RulesCommand: Command {
    static let name = "rules"
    static let summary = "List every lint rule with its default severity."
    static let usage = "quizbank rules"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.positional.isEmpty else { throw UsageError(message: "rules takes no arguments; see 'quizbank explain RULE'") }
        let rules = RuleRegistry.descriptions
        let width = (rules.map(\.id.count).max() ?? 0) + 2
        var out = ""
        for (title, group) in [("Format rules (always errors; cannot be configured or suppressed)", rules.filter(\.isFormatRule)),
                               ("Content rules", rules.filter { !$0.isFormatRule })] where !group.isEmpty {
            out += "\(title):\n"
            for rule in group {
                let severity = rule.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                let fix = (rule.fix.map { "fix:" + $0.safety.rawValue } ?? "").padding(toLength: 11, withPad: " ", startingAt: 0)
                out += "  " + rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + severity + fix + rule.summary + "\n"
            }
            out += "\n"
        }
        out += "\(rules.count) rules. fix:safe findings are fixed by 'quizbank lint --fix', fix:unsafe ones with --unsafe-fixes too.\n"
        out += "'quizbank explain RULE' shows a rule's rationale, options, fix and examples.\n"
        Terminal.standardOutput.write(out)
        return ExitStatus.success
    }
}

enum ExplainCommand: Command {
    static let name = "explain"
    static let summary = "Show a rule's documentation: what it checks, why, its options and examples."
    static let usage = "quizbank explain RULE"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.positional.count == 1, let id = arguments.positional.first else {
            throw UsageError(message: "name one rule, e.g. 'quizbank explain missing-explanation'")
        }
        guard let rule = RuleRegistry.description(of: id) else {
            let hint = nearest(id, in: RuleRegistry.descriptions.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
            throw CommandFailure(message: "no rule '\(id)'\(hint) ('quizbank rules' lists them)")
        }
        Terminal.standardOutput.write(RuleDocumentation.text(of: rule))
        return ExitStatus.success
    }
}

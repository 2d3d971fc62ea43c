import Foundation
import QuizBank
import QuizLint

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
                out += "  " + rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + severity + rule.summary + "\n"
            }
            out += "\n"
        }
        out += "\(rules.count) rules. 'quizbank explain RULE' shows a rule's rationale, options and examples.\n"
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
        Terminal.standardOutput.write(explanation(of: rule))
        return ExitStatus.success
    }

    /// Control characters and the BOM of an example, written as escapes rather than sent to the terminal.
    private static func visible(_ line: Substring) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            if (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F || scalar == "\u{FEFF}" {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func explanation(of rule: RuleDescription) -> String {
        var out = "\(rule.id)\n\n\(rule.summary)\n\n\(rule.rationale)\n\n"
        out += "Default severity: \(rule.severity.rawValue). Looks at: each \(rule.scope == .run ? "run of banks" : rule.scope.rawValue).\n"
        if rule.isFormatRule {
            out += "A format rule: a bank with this error is invalid and does not compile; it cannot be configured or suppressed.\n"
        } else {
            out += "Configure in .quizbank.yml under `rules: {\(rule.id): off|error|warning|info}`; suppress a line with\n"
            out += "`# quizbank: disable-next-line \(rule.id) -- reason`.\n"
        }
        if !rule.options.isEmpty {
            out += "\nOptions:\n"
            for option in rule.options {
                out += "  \(option.name) (default \(option.defaultValue)): \(option.summary)\n"
            }
        }
        for example in rule.examples {
            var heading = example.triggers ? "\nReported" : "\nNot reported"
            if example.triggers && !example.lines.isEmpty {
                heading += " (line\(example.lines.count == 1 ? "" : "s") \(example.lines.map(String.init).joined(separator: ", ")))"
            }
            if !example.options.isEmpty {
                heading += " with " + example.options.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            }
            out += heading + ":\n"
            for (index, line) in example.bank.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                out += String(format: "%4d | ", index + 1) + visible(line) + "\n"
            }
        }
        return out
    }
}

import Foundation

/// A rule's documentation for people: plain text for `quizbank explain`, Markdown for
/// `docs/rules.md` (a test keeps that file equal to what this makes).
public enum RuleDocumentation {
    public static func text(of rule: RuleDescription) -> String {
        var out = "\(rule.id)\n\n\(rule.summary)\n\n\(rule.rationale)\n\n"
        out += "Default severity: \(rule.severity.rawValue). Looks at: \(scopeText(rule.scope)).\n"
        out += howToControl(rule).replacingOccurrences(of: "`", with: "") + "\n"
        if let fix = rule.fix { out += fix.text.replacingOccurrences(of: "`", with: "") + "\n" }
        if !rule.options.isEmpty {
            out += "\nOptions:\n"
            for option in rule.options {
                out += "  \(option.name) (default \(option.defaultValue)): \(option.summary)\n"
            }
        }
        for example in rule.examples {
            out += "\n" + heading(of: example) + ":\n"
            for (index, line) in example.bank.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                out += String(format: "%4d | ", index + 1) + visible(line) + "\n"
            }
        }
        return out
    }

    public static func markdown(of rules: [RuleDescription]) -> String {
        var out = "# Lint rules\n\n"
        out += "Made from the rules' own descriptions (`quizbank explain RULE` shows the same); the examples are run by the tests.\n\n"
        out += "| rule | default | looks at | fix | what |\n|---|---|---|---|---|\n"
        for rule in rules {
            out += "| [`\(rule.id)`](#\(rule.id)) | \(rule.isFormatRule ? "error (format)" : rule.severity.rawValue) | \(scopeText(rule.scope)) | \(rule.fix?.safety.rawValue ?? "") | \(prose(rule.summary).replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        for rule in rules {
            out += "\n## \(rule.id)\n\n\(prose(rule.summary))\n\n\(prose(rule.rationale))\n\n"
            out += "Default severity: **\(rule.severity.rawValue)**. Looks at: \(scopeText(rule.scope)). \(howToControl(rule))\n"
            if let fix = rule.fix { out += "\n\(prose(fix.text))\n" }
            if !rule.options.isEmpty {
                out += "\n| option | default | meaning |\n|---|---|---|\n"
                for option in rule.options {
                    out += "| `\(option.name)` | `\(option.defaultValue)` | \(prose(option.summary)) |\n"
                }
            }
            for example in rule.examples {
                out += "\n" + heading(of: example) + ":\n\n```yaml\n"
                for line in example.bank.split(separator: "\n", omittingEmptySubsequences: false) { out += visible(line) + "\n" }
                out += "```\n"
            }
        }
        return out
    }

    /// Text written for people as Markdown: a "$" outside code is escaped, since renderers that
    /// read `$...$` as math would set the text between "$5m" and "$750k" as a formula.
    static func prose(_ text: String) -> String {
        guard text.contains("$") else { return text }
        var out = ""
        var inCode = false
        for character in text {
            if character == "`" { inCode.toggle() }
            if character == "$" && !inCode { out.append("\\") }
            out.append(character)
        }
        return out
    }

    private static func scopeText(_ scope: RuleScope) -> String {
        switch scope {
        case .question: return "each question"
        case .bank: return "each bank"
        case .run: return "all banks of a run"
        }
    }

    private static func howToControl(_ rule: RuleDescription) -> String {
        if rule.isFormatRule {
            return "A format rule: a bank with this error is invalid and does not compile; it cannot be configured or suppressed."
        }
        return "Configure it in `.quizbank.yml` (`rules: {\(rule.id): off|error|warning|info}`); suppress one place with `# quizbank: disable-next-line \(rule.id) -- reason`."
    }

    private static func heading(of example: RuleExample) -> String {
        var heading = example.triggers ? "Reported" : "Not reported"
        if example.triggers && !example.lines.isEmpty {
            heading += " (line\(example.lines.count == 1 ? "" : "s") \(example.lines.map(String.init).joined(separator: ", ")))"
        }
        if !example.options.isEmpty {
            heading += " with " + example.options.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        }
        if !example.files.isEmpty {
            heading += ", beside " + example.files.keys.sorted().joined(separator: ", ")
        }
        return heading
    }

    /// Control characters and the BOM of an example, written as escapes rather than sent to a terminal.
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
}

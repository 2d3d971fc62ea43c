import Foundation
import QuizBank
import QuizLint
import QuizRules

/// `quizbank init`: a commented `.quizbank.yml` (every content rule with its default, the
/// other sections as examples) and, with `--bank`, a first bank from a template. Never
/// overwrites a file.
enum InitCommand: Command {
    static let name = "init"
    static let summary = "Write a commented .quizbank.yml (and, with --bank, a first bank from a template)."
    static let usage = "quizbank init [--bank true-false|choice|exam] [--bank-file FILE] [FOLDER]"
    static let options = [
        OptionSpec(name: "bank", short: nil, takesValue: true, valueName: "true-false|choice|exam",
                   help: "also write a first bank from this template"),
        OptionSpec(name: "bank-file", short: nil, takesValue: true, valueName: "FILE",
                   help: "the bank's file name in FOLDER (default: bank.yaml)"),
    ]

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.positional.count <= 1 else { throw UsageError(message: "name at most one folder") }
        let folder = arguments.positional.first ?? "."
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure(message: "no such folder: \(folder)")
        }
        var files: [(path: String, text: String)] = [(FilePath.join(folder, ".quizbank.yml"), configuration())]
        if let kind = arguments.value("bank") {
            guard let template = StarterBanks.text(of: kind) else {
                throw UsageError(message: "--bank takes \(StarterBanks.kinds.joined(separator: ", ")), not '\(kind)'")
            }
            files.append((FilePath.join(folder, arguments.value("bank-file") ?? "bank.yaml"), template))
        } else if arguments.value("bank-file") != nil {
            throw UsageError(message: "--bank-file names the file of --bank; choose a template with --bank")
        }
        // Nothing is written when any file is there already.
        let existing = files.filter { FileManager.default.fileExists(atPath: $0.path) }
        guard existing.isEmpty else {
            throw CommandFailure(message: "\(existing.map(\.path).joined(separator: ", ")) exist\(existing.count == 1 ? "s" : "") already; init never overwrites a file")
        }
        for file in files {
            try FileReplacement.write(Array(file.text.utf8), to: file.path)
            Terminal.standardOutput.write("wrote \(file.path)\n")
        }
        return ExitStatus.success
    }

    /// Every content rule, commented out at its default, then `ignore`, `overrides`, `extends`
    /// and `layout` as examples: a file that lints the same as no file, ready to be edited.
    static func configuration() -> String {
        var out = """
        # quizbank configuration: which lint rules run, how severe they are, and their options.
        # Every content rule is listed at its default; uncomment a line to change it. Format rules
        # (invalid YAML or bank format) are always errors and are not configured here.
        # `quizbank explain RULE` documents a rule; docs/linting.md documents this file.
        # Editors check this file against quizbank-config.schema.json (in quizbank's Templates/):
        # yaml-language-server: $schema=quizbank-config.schema.json

        rules:

        """
        for rule in RuleRegistry.descriptions where !rule.isFormatRule {
            out += "  # \(rule.id): \(rule.severity.rawValue)"
            out += String(repeating: " ", count: max(1, 40 - rule.id.count - rule.severity.rawValue.count)) + "# \(firstSentence(rule.summary))\n"
            if !rule.options.isEmpty {
                out += "  # \(rule.id):\n  #   severity: \(rule.severity.rawValue)\n"
                for option in rule.options { out += "  #   \(option.name): \(option.defaultValue)\n" }
            }
        }
        out += """

        # Bank files to skip when searching folders (globs relative to this file's folder).
        # ignore:
        #   - drafts/**

        # Rules for some files only, applied over `rules` in order.
        # overrides:
        #   - files: [legacy/**]
        #     rules: {whitespace: off}

        # A shared base configuration this file builds on.
        # extends: ../team/quizbank.yml

        # The screens the layout rules measure against (docs/layout.md).
        # layout:
        #   devices: [375, 390, 430]
        #   profiles:
        #     review: {max-lines: 3}

        """
        return out
    }

    private static func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }
}

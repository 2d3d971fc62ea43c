import Foundation
import QuizBank
import QuizLint
import QuizRules

/// `quizbank init`: a commented `.quizbank.yml` (every content rule with its default, the
/// other sections as examples) and, with `--bank`, a first bank from a template; beside each, the
/// JSON Schema its first lines name, so that editors check it as it is typed. Never overwrites a
/// file: a schema that is there already is kept, and so is a configuration when --bank adds a bank.
enum InitCommand: Command {
    static let name = "init"
    static let summary = "Write a commented .quizbank.yml (and, with --bank, a first bank from a template), with their JSON Schemas."
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
        // Each file, then the JSON Schema its first lines name, beside it.
        var files: [(path: String, text: String)] = [(FilePath.join(folder, ".quizbank.yml"), configuration())]
        var schemas: [(path: String, kind: String)] = [(FilePath.join(folder, "quizbank-config.schema.json"), "config")]
        if let kind = arguments.value("bank") {
            guard let template = StarterBanks.text(of: kind) else {
                throw UsageError(message: "--bank takes \(StarterBanks.kinds.joined(separator: ", ")), not '\(kind)'")
            }
            let bankPath = FilePath.join(folder, arguments.value("bank-file") ?? "bank.yaml")
            files.append((bankPath, template))
            schemas.append((FilePath.join(FilePath.directory(of: bankPath), "bank.schema.json"), "bank"))
        } else if arguments.value("bank-file") != nil {
            throw UsageError(message: "--bank-file names the file of --bank; choose a template with --bank")
        }
        // With --bank, a configuration there already is kept: init adds a bank to a folder that
        // has one. Otherwise nothing is written when any file is there already.
        var kept: [String] = []
        if arguments.value("bank") != nil, FileManager.default.fileExists(atPath: files[0].path) {
            kept.append(files[0].path)
            files.removeFirst()
            schemas.removeFirst()
        }
        let existing = files.filter { FileManager.default.fileExists(atPath: $0.path) }
        guard existing.isEmpty else {
            throw CommandFailure(message: "\(existing.map(\.path).joined(separator: ", ")) exist\(existing.count == 1 ? "s" : "") already; init never overwrites a file")
        }
        for file in files where !FileManager.default.fileExists(atPath: FilePath.directory(of: file.path), isDirectory: &isDirectory) || !isDirectory.boolValue {
            throw CommandFailure(message: "cannot write \(file.path): no such folder: \(FilePath.directory(of: file.path))")
        }
        // A schema there already (an earlier init's, or the user's) is kept.
        var writes: [(path: String, text: String)] = []
        var report = kept.map { "kept \($0) (there already)\n" }.joined()
        for (file, schema) in zip(files, schemas) {
            writes.append(file)
            report += "wrote \(file.path)\n"
            if FileManager.default.fileExists(atPath: schema.path) {
                report += "kept \(schema.path) (there already)\n"
            } else if let text = BuiltInSchemas.text(of: schema.kind), !writes.contains(where: { $0.path == schema.path }) {
                writes.append((schema.path, text))
                report += "wrote \(schema.path)\n"
            }
        }
        // All or nothing: a failed write removes what this run wrote before it.
        var written: [String] = []
        do {
            for write in writes {
                try FileReplacement.write(Array(write.text.utf8), to: write.path)
                written.append(write.path)
            }
        } catch {
            for path in written { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
        Terminal.standardOutput.write(report)
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
        # Editors check this file against quizbank-config.schema.json, which init writes beside it
        # (`quizbank schema config` prints the current one):
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

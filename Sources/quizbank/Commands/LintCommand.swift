import Foundation
import QuizBank
import QuizLayout
import QuizLint
import QuizRules

enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check banks and report every problem with its file, line and column."
    static let usage = "quizbank lint [options] [PATH...]   (no PATH: the current folder; '-': a bank on stdin)"
    static let options = [
        OptionSpec(name: "format", short: "f", takesValue: true, valueName: "text|json|github|sarif|gitlab",
                   help: "output format (default: text; github when GITHUB_ACTIONS=true)"),
        OptionSpec(name: "config", short: "c", takesValue: true, valueName: "FILE",
                   help: "use this configuration for every bank instead of the nearest .quizbank.yml"),
        OptionSpec(name: "strict", short: nil, takesValue: false, help: "exit 1 when there are warnings too"),
        OptionSpec(name: "max-warnings", short: nil, takesValue: true, valueName: "N",
                   help: "exit 1 when there are more than N warnings"),
        OptionSpec(name: "fix", short: nil, takesValue: false,
                   help: "apply safe fixes to the files in place, then report what is left"),
        OptionSpec(name: "unsafe-fixes", short: nil, takesValue: false,
                   help: "with --fix or --diff: also the fixes that may change meaning (a renamed key, topic or id)"),
        OptionSpec(name: "diff", short: nil, takesValue: false,
                   help: "print the fixes as a unified diff and write nothing; exit 1 when there is something to fix"),
        OptionSpec(name: "select", short: nil, takesValue: true, valueName: "RULE,...",
                   help: "run only these content rules (format rules always run); repeatable"),
        OptionSpec(name: "ignore", short: nil, takesValue: true, valueName: "RULE,...",
                   help: "turn these content rules off; repeatable"),
        OptionSpec(name: "quiet", short: "q", takesValue: false,
                   help: "report errors only, and nothing at all when there are none"),
        OptionSpec(name: "statistics", short: nil, takesValue: false,
                   help: "print how many findings each rule has, most first, instead of the findings (text format)"),
        OptionSpec(name: "output-file", short: "o", takesValue: true, valueName: "FILE",
                   help: "write the report to FILE (replaced whole, atomically) instead of stdout"),
        OptionSpec(name: "stdin-filename", short: nil, takesValue: true, valueName: "PATH",
                   help: "with '-' as a path: the path to report, and to find the configuration by, for the bank read from stdin"),
        OptionSpec(name: "baseline", short: nil, takesValue: true, valueName: "FILE",
                   help: "report only findings the baseline FILE does not accept, and its entries that match nothing any more"),
        OptionSpec(name: "write-baseline", short: nil, takesValue: true, valueName: "FILE",
                   help: "accept today's findings: write them to FILE (then report as --baseline FILE would)"),
        OptionSpec(name: "list-files", short: nil, takesValue: false,
                   help: "list the YAML files found, which are banks and why the others were passed over; lint nothing"),
        OptionSpec(name: "verbose", short: "v", takesValue: false,
                   help: "also say on stderr which YAML files of searched folders were passed over, and why"),
        OptionSpec(name: "color", short: nil, takesValue: true, valueName: "auto|always|never",
                   help: "color the text format (auto: when stdout is a terminal and NO_COLOR is not set)"),
        OptionSpec(name: "source", short: nil, takesValue: true, valueName: "auto|always|never",
                   help: "show the source line under each finding in the text format (auto: when stdout is a terminal)"),
    ]

    enum Format: String, CaseIterable {
        case text, json, github, sarif, gitlab
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let formatName = arguments.value("format") ?? (environment["GITHUB_ACTIONS"] == "true" ? "github" : "text")
        guard let format = Format(rawValue: formatName) else {
            throw UsageError(message: "--format takes \(Format.allCases.map(\.rawValue).joined(separator: ", ")), not '\(formatName)'")
        }
        var maxWarnings: Int?
        if let text = arguments.value("max-warnings") {
            guard let number = Int(text), number >= 0 else { throw UsageError(message: "--max-warnings takes a whole number, not '\(text)'") }
            maxWarnings = number
        }
        let terminal = Terminal.standardOutput
        let showSource = try sourceMode(arguments, terminal: terminal)
        let color = try colorMode(arguments, terminal: terminal, environment: environment)

        let selection = try RuleSelection(select: arguments.values["select"] ?? [], ignore: arguments.values["ignore"] ?? [])
        if arguments.has("statistics") && format != .text { throw UsageError(message: "--statistics prints text; leave out --format \(format.rawValue)") }
        let paths = arguments.positional.isEmpty ? ["."] : arguments.positional
        let readsStandardInput = paths.contains("-")
        if readsStandardInput && paths.filter({ $0 == "-" }).count > 1 { throw UsageError(message: "'-' (standard input) can be named once") }
        if arguments.value("stdin-filename") != nil && !readsStandardInput { throw UsageError(message: "--stdin-filename names the bank read from '-'; name '-' as a path") }

        let fixes = arguments.has("fix") || arguments.has("diff")
        if arguments.has("unsafe-fixes") && !fixes { throw UsageError(message: "--unsafe-fixes goes with --fix or --diff") }
        if arguments.has("fix") && arguments.has("diff") {
            throw UsageError(message: "--fix writes the fixes and --diff shows them without writing; choose one")
        }
        if fixes && readsStandardInput { throw UsageError(message: "--fix and --diff work on files, not on '-' (standard input)") }
        let fixLevel: Finding.Fix.Safety = arguments.has("unsafe-fixes") ? .unsafe : .safe

        let finder = try ConfigurationFinder(explicitPath: arguments.value("config"))
        let isIgnored = { (path: String) throws(CommandFailure) -> Bool in try finder.ignores(path) }
        let filePaths = paths.filter { $0 != "-" }
        if arguments.has("list-files") { return try listFiles(filePaths, isIgnored: isIgnored, terminal: terminal) }
        var search = BankFiles.Search()
        if !filePaths.isEmpty || !readsStandardInput {
            search = try BankFiles.findBanks(filePaths, command: name, isIgnored: isIgnored)
        }
        if arguments.has("verbose") {
            for file in search.passedOver { Terminal.standardError.write("quizbank lint: passed over \(file.path): \(file.reason)\n") }
        }
        var inputs: [LintInput] = []
        if readsStandardInput {
            let path = arguments.value("stdin-filename") ?? "<stdin>"
            inputs.append(LintInput(path: path, bytes: try StandardInput.readAll(), configuration: selection.apply(to: try finder.configuration(for: path))))
        }
        for file in search.banks {
            inputs.append(LintInput(path: file, bytes: try BankFiles.read(file), configuration: selection.apply(to: try finder.configuration(for: file))))
        }
        warnAboutApproximateWidths(inputs)
        let quiet = arguments.has("quiet")
        let writer: LintReport.Writer
        switch format {
        case .text where arguments.has("statistics"):
            writer = .statistics
        case .text:
            let sources = showSource ? Dictionary(uniqueKeysWithValues: inputs.map { ($0.path, $0.bytes) }) : nil
            writer = .text(TextReporter.Stream(TextReporter(sources: sources, color: color)))
        case .json:
            writer = .json(JSONReporter.Stream(JSONReporter(toolVersion: CommandLineInterface.version)), ReportSpool())
        case .github:
            writer = .github(GitHubReporter.Stream(GitHubReporter()))
        case .gitlab:
            writer = .gitlab(GitLabReporter.Stream())
        case .sarif:
            writer = .sarif(SARIFReporter.Stream(SARIFReporter(toolVersion: CommandLineInterface.version), rules: RuleRegistry.descriptions))
        }
        // What goes to stdout (or --output-file), in order: the report, written as the findings
        // are ready, then the notes about the run, which go beside the text report, or to
        // stderr where stdout is a machine's document.
        var textNotes: [String] = []
        let notes = { (text: String) in
            if format == .text { textNotes.append(text) } else { Terminal.standardError.write(text) }
        }
        var file: FileReplacement.Stream?
        let output: ReportOutput = { bytes in if let file { file.write(bytes) } else { terminal.write(bytes) } }
        var report: LintReport
        var notesBefore: [String] = []
        var staleEntries: [(entry: Baseline.Entry, unmatched: Int)] = []
        let bankCount: Int
        // Fixes and baselines need every finding before the first is reported.
        if fixes || arguments.value("write-baseline") != nil || arguments.value("baseline") != nil {
            var result = LintEngine().lint(inputs)
            if fixes {
                let fixed = applyFixes(&inputs, &result, level: fixLevel)
                if arguments.has("diff") {
                    var diff = ""
                    for input in inputs { if let original = fixed.originals[input.path] { diff += UnifiedDiff.make(path: input.path, before: original, after: input.bytes) } }
                    if let path = arguments.value("output-file") { try FileReplacement.write(Array(diff.utf8), to: path) } else { terminal.write(diff) }
                    let files = fixed.originals.count
                    Terminal.standardError.write("quizbank lint: \(fixed.count) fix\(fixed.count == 1 ? "" : "es") in \(files) file\(files == 1 ? "" : "s") would be applied; nothing written\n")
                    return fixed.count > 0 ? ExitStatus.findings : ExitStatus.success
                }
                for input in inputs where fixed.originals[input.path] != nil {
                    try FileReplacement.write(input.bytes, to: input.path, keepingModeOf: input.path)
                }
                if fixed.count > 0 {
                    let files = fixed.originals.count
                    notesBefore.append("fixed \(fixed.count) finding\(fixed.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")\n")
                }
            }
            if let path = arguments.value("write-baseline") {
                let baseline = Baseline(findings: result.findings, banks: result.banks, formatRules: RuleRegistry.formatRuleIDs)
                try FileReplacement.write(Array(baseline.text().utf8), to: path)
                Terminal.standardError.write("quizbank lint: wrote \(path): \(baseline.findingCount) finding\(baseline.findingCount == 1 ? "" : "s") accepted in \(baseline.counts.count) entr\(baseline.counts.count == 1 ? "y" : "ies")\n")
                result.findings = baseline.apply(to: result.findings, banks: result.banks).kept
            } else if let path = arguments.value("baseline") {
                let baseline: Baseline
                do {
                    baseline = try Baseline.parse(try BankFiles.read(path))
                } catch let error as Baseline.FileError {
                    throw CommandFailure(message: "\(path): \(error.message)")
                }
                (result.findings, staleEntries) = baseline.apply(to: result.findings, banks: result.banks)
            }
            file = try arguments.value("output-file").map { (path) throws(CommandFailure) in try FileReplacement.Stream(path: path) }
            report = LintReport(writer: writer, errorsOnly: quiet, inputs: inputs, output: output)
            report.take(result.findings)
            bankCount = result.bankCount
            KeptUntilExit.keep((inputs, result))
        } else {
            file = try arguments.value("output-file").map { (path) throws(CommandFailure) in try FileReplacement.Stream(path: path) }
            report = LintReport(writer: writer, errorsOnly: quiet, inputs: inputs, output: output)
            let run = LintEngine().lint(inputs) { report.take($0) }
            bankCount = run.bankCount
            KeptUntilExit.keep((inputs, run))
        }
        try report.finish(bankCount: bankCount)

        if !quiet {
            for note in notesBefore { notes(note) }
            let fixable = report.fixable
            if fixable.safe > 0 {
                var line = "\(fixable.safe) finding\(fixable.safe == 1 ? "" : "s") can be fixed with --fix"
                if fixable.unsafe > 0 { line += " (\(fixable.unsafe) more with --unsafe-fixes)" }
                notes(line + "; --diff shows the fixes\n")
            } else if fixable.unsafe > 0 {
                let count = fixable.unsafe == 1 ? "1 finding" : "\(fixable.unsafe) findings"
                notes("\(count) can be fixed with --fix --unsafe-fixes (renames: check them); --diff --unsafe-fixes shows the fixes\n")
            }
        }
        if !staleEntries.isEmpty, !quiet, let path = arguments.value("baseline") {
            notes(staleReport(staleEntries, path: path))
        }

        var status = ExitStatus.success
        if !search.unreadable.isEmpty {
            Terminal.standardError.write("quizbank lint: \(search.unreadable.count) file\(search.unreadable.count == 1 ? "" : "s") could not be read (above)\n")
            status = ExitStatus.usage
        } else if report.counts.errors > 0 {
            status = ExitStatus.findings
        } else if let reason = warningFailure(warnings: report.counts.warnings, strict: arguments.has("strict"), maxWarnings: maxWarnings) {
            // The summary says 0 errors: say why the run failed all the same.
            notes("quizbank lint: failed: \(reason)\n")
            status = ExitStatus.findings
        }
        for note in textNotes { output(Array(note.utf8)) }
        try file?.finish()
        return status
    }

    /// Applies the fixes of `result`'s findings up to `level`, again on what the next lint finds
    /// (a fix can make another possible), up to ten rounds; files with a YAML error are not
    /// touched. Each changed file's bytes before the first fix, and how many fixes were applied.
    static func applyFixes(_ inputs: inout [LintInput], _ result: inout LintResult, level: Finding.Fix.Safety) -> (originals: [String: [UInt8]], count: Int) {
        var originals: [String: [UInt8]] = [:]
        var count = 0
        for _ in 0..<10 {
            let byPath = Dictionary(grouping: result.findings.filter { $0.fix.map { $0.safety <= level } ?? false }, by: \.path)
            let broken = Set(result.findings.filter { $0.ruleID == "yaml-syntax" || $0.ruleID == "yaml-encoding" }.map(\.path))
            var changed = false
            for index in inputs.indices {
                let path = inputs[index].path
                guard let findings = byPath[path], !broken.contains(path) else { continue }
                let (bytes, applied) = Fixer(source: inputs[index].bytes).apply(findings.compactMap(\.fix))
                guard !applied.isEmpty else { continue }
                if originals[path] == nil { originals[path] = inputs[index].bytes }
                inputs[index].bytes = bytes
                count += applied.count
                changed = true
            }
            guard changed else { break }
            result = LintEngine().lint(inputs)
        }
        return (originals, count)
    }

    /// `--statistics`: each rule with findings, most first (then by id), with its count and
    /// severity; then the summary.
    static func statistics(_ counts: [String: (count: Int, severity: Severity)], total: Int, bankCount: Int) -> String {
        let rows = counts.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        let width = String(rows.first?.value.count ?? 0).count
        var out = ""
        for (rule, entry) in rows {
            let count = String(entry.count)
            out += String(repeating: " ", count: width - count.count) + count + "  " + rule + " (" + entry.severity.rawValue + ")\n"
        }
        out += "\(total) finding\(total == 1 ? "" : "s") of \(rows.count) rule\(rows.count == 1 ? "" : "s") in \(bankCount) bank\(bankCount == 1 ? "" : "s")\n"
        return out
    }

    /// `--list-files`: each YAML file the paths name or hold, as `bank PATH` or `skipped PATH:
    /// REASON` (`unreadable` for what cannot be read); status 2 when anything is unreadable.
    static func listFiles(_ paths: [String], isIgnored: (String) throws(CommandFailure) -> Bool, terminal: Terminal) throws(CommandFailure) -> Int32 {
        guard !paths.isEmpty else { throw CommandFailure(message: "name at least one bank file or folder") }
        let search = try BankFiles.search(paths, isIgnored: isIgnored)
        var lines = search.banks.map { "bank     \($0)" }
        lines += search.passedOver.map { "skipped  \($0.path): \($0.reason)" }
        lines += search.unreadable.map { "error    \($0)" }
        terminal.write(lines.map { $0 + "\n" }.joined())
        return search.unreadable.isEmpty ? ExitStatus.success : ExitStatus.usage
    }

    /// The baseline's entries that match fewer findings than they count: the bank was cleaned,
    /// and `--write-baseline` again shrinks the file.
    static func staleReport(_ stale: [(entry: Baseline.Entry, unmatched: Int)], path: String) -> String {
        let total = stale.reduce(0) { $0 + $1.unmatched }
        var out = "\(path): \(total) accepted finding\(total == 1 ? " is" : "s are") gone; run `quizbank lint --write-baseline \(path)` to drop \(total == 1 ? "it" : "them"):\n"
        for (entry, unmatched) in stale {
            var place = "bank \(entry.bank)"
            if let question = entry.question { place += ", question \(question)" }
            if let field = entry.field { place += ", \(field)" }
            out += "  \(place): \(entry.message) [\(entry.rule)]\(unmatched > 1 ? " (\(unmatched) times)" : "")\n"
        }
        return out
    }

    /// Why warnings alone fail the run, or nil when they do not.
    static func warningFailure(warnings: Int, strict: Bool, maxWarnings: Int?) -> String? {
        let counted = "\(warnings) warning\(warnings == 1 ? "" : "s")"
        if strict && warnings > 0 { return "\(counted) with --strict (which fails on any warning)" }
        if let maxWarnings, warnings > maxWarnings { return "\(counted), more than --max-warnings \(maxWarnings)" }
        return nil
    }

    /// The layout rules measure with built-in widths when no font file is found: say so once,
    /// on stderr, never silently.
    static func warnAboutApproximateWidths(_ inputs: [LintInput]) {
        let layoutRules = ["review-truncation", "choice-truncation", "hint-truncation"].compactMap(RuleRegistry.description(of:))
        var warned: Set<String> = []
        for input in inputs where layoutRules.contains(where: { input.configuration.setting(for: $0) != nil }) {
            let choice = LayoutFonts.cachedChoice(explicit: input.configuration.layout.fontPath)
            if let warning = choice.warning, warned.insert(warning).inserted {
                Terminal.standardError.write("quizbank lint: warning: \(warning)\n")
            }
        }
    }

    static func sourceMode(_ arguments: ParsedArguments, terminal: Terminal) throws(UsageError) -> Bool {
        switch arguments.value("source") ?? "auto" {
        case "auto": return terminal.isTerminal
        case "always": return true
        case "never": return false
        case let other: throw UsageError(message: "--source takes auto, always or never, not '\(other)'")
        }
    }

    /// `NO_COLOR` (any non-empty value) turns automatic color off, as no-color.org asks.
    static func colorMode(_ arguments: ParsedArguments, terminal: Terminal, environment: [String: String]) throws(UsageError) -> Bool {
        switch arguments.value("color") ?? "auto" {
        case "auto": return terminal.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        case "always": return true
        case "never": return false
        case let other: throw UsageError(message: "--color takes auto, always or never, not '\(other)'")
        }
    }
}

/// `--select` and `--ignore` on the command line: they override every configuration's rules.
struct RuleSelection {
    var selected: Set<String>?
    var ignored: Set<String> = []

    init(select: [String], ignore: [String]) throws(UsageError) {
        let select = try Self.ruleIDs(select, option: "select"), ignore = try Self.ruleIDs(ignore, option: "ignore")
        selected = select.isEmpty ? nil : Set(select)
        ignored = Set(ignore)
    }

    /// The rule ids of repeated, comma-separated values; a format rule or an unknown id is a usage error.
    private static func ruleIDs(_ values: [String], option: String) throws(UsageError) -> [String] {
        let ids = values.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        let known = RuleRegistry.descriptions
        for id in ids {
            guard let rule = known.first(where: { $0.id == id }) else {
                let hint = nearest(id, in: known.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "--\(option): '\(id)' is not a rule\(hint)")
            }
            if rule.isFormatRule { throw UsageError(message: "--\(option): '\(id)' is a format rule; format rules always run") }
        }
        return ids
    }

    func apply(to configuration: Configuration) -> Configuration {
        guard selected != nil || !ignored.isEmpty else { return configuration }
        var configuration = configuration
        for rule in RuleRegistry.descriptions where !rule.isFormatRule {
            let on = (selected?.contains(rule.id) ?? (configuration.setting(for: rule) != nil)) && !ignored.contains(rule.id)
            configuration.rules[rule.id, default: Configuration.RuleSetting()].isOff = !on
        }
        return configuration
    }
}

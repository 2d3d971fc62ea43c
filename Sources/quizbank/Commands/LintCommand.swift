import Foundation
import QuizBank
import QuizLayout
import QuizLint

enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check banks and report every problem with its file, line and column."
    static let usage = "quizbank lint [options] PATH..."
    static let options = [
        OptionSpec(name: "format", short: "f", takesValue: true, valueName: "text|json|github|sarif",
                   help: "output format (default: text; github when GITHUB_ACTIONS=true)"),
        OptionSpec(name: "config", short: "c", takesValue: true, valueName: "FILE",
                   help: "use this configuration for every bank instead of the nearest .quizbank.yml"),
        OptionSpec(name: "strict", short: nil, takesValue: false, help: "exit 1 when there are warnings too"),
        OptionSpec(name: "max-warnings", short: nil, takesValue: true, valueName: "N",
                   help: "exit 1 when there are more than N warnings"),
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
        case text, json, github, sarif
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

        let finder = try ConfigurationFinder(explicitPath: arguments.value("config"))
        let isIgnored = { (path: String) throws(CommandFailure) -> Bool in try finder.ignores(path) }
        if arguments.has("list-files") { return try listFiles(arguments.positional, isIgnored: isIgnored, terminal: terminal) }
        let search = try BankFiles.findBanks(arguments.positional, command: name, isIgnored: isIgnored)
        if arguments.has("verbose") {
            for file in search.passedOver { Terminal.standardError.write("quizbank lint: passed over \(file.path): \(file.reason)\n") }
        }
        let files = search.banks
        var inputs: [LintInput] = []
        for file in files {
            inputs.append(LintInput(path: file, bytes: try BankFiles.read(file), configuration: try finder.configuration(for: file)))
        }
        warnAboutApproximateWidths(inputs)
        var result = LintEngine().lint(inputs)
        var staleEntries: [(entry: Baseline.Entry, unmatched: Int)] = []
        if let path = arguments.value("write-baseline") {
            let baseline = Baseline(findings: result.findings, banks: result.banks)
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

        switch format {
        case .text:
            let sources = showSource ? Dictionary(uniqueKeysWithValues: inputs.map { ($0.path, $0.bytes) }) : nil
            let parts = TextReporter(sources: sources, color: color).reportParts(result.findings, bankCount: result.bankCount)
            for part in parts { terminal.write(part) }
            KeptUntilExit.keep(parts)
        case .json:
            terminal.write(JSONReporter(toolVersion: CommandLineInterface.version).report(result.findings, bankCount: result.bankCount, rules: RuleRegistry.descriptions))
        case .github:
            terminal.write(GitHubReporter().report(result.findings, bankCount: result.bankCount))
        case .sarif:
            terminal.write(SARIFReporter(toolVersion: CommandLineInterface.version).report(result.findings, rules: RuleRegistry.descriptions))
        }
        KeptUntilExit.keep((inputs, result))
        if !staleEntries.isEmpty, let path = arguments.value("baseline") {
            (format == .text ? terminal : Terminal.standardError).write(staleReport(staleEntries, path: path))
        }

        let errors = result.findings.count(of: .error)
        let warnings = result.findings.count(of: .warning)
        if !search.unreadable.isEmpty {
            Terminal.standardError.write("quizbank lint: \(search.unreadable.count) file\(search.unreadable.count == 1 ? "" : "s") could not be read (above)\n")
            return ExitStatus.usage
        }
        if errors > 0 { return ExitStatus.findings }
        if let reason = warningFailure(warnings: warnings, strict: arguments.has("strict"), maxWarnings: maxWarnings) {
            // The summary says 0 errors: say why the run failed all the same (beside the
            // summary in the text format; on stderr where stdout is a machine's document).
            (format == .text ? terminal : Terminal.standardError).write("quizbank lint: failed: \(reason)\n")
            return ExitStatus.findings
        }
        return ExitStatus.success
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

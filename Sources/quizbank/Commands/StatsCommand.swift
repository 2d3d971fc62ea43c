import Foundation
import QuizBank
import QuizLayout
import QuizLint
import QuizStats

/// `quizbank stats`: each bank at a glance, and all banks of the run together.
///
/// A bank with errors is left out of the figures: its findings go to stderr (as `lint` words
/// them), the others' figures to stdout, and the exit status is 1. Usage and I/O errors exit 2.
enum StatsCommand: Command {
    static let name = "stats"
    static let summary = "Show each bank at a glance: kinds, topics, balance, coverage, lengths."
    static let usage = "quizbank stats [--format text|json|markdown] [--color auto|always|never] [--layout [--config FILE]] PATH..."
    static let options = [
        OptionSpec(name: "format", short: "f", takesValue: true, valueName: "text|json|markdown",
                   help: "output format (default: text)"),
        OptionSpec(name: "color", short: nil, takesValue: true, valueName: "auto|always|never",
                   help: "color the text format (auto: when stdout is a terminal and NO_COLOR is not set)"),
        OptionSpec(name: "layout", short: nil, takesValue: false,
                   help: "also measure question texts on the answer-review screen (lines, texts cut off at each size)"),
        OptionSpec(name: "config", short: "c", takesValue: true, valueName: "FILE",
                   help: "with --layout: take the layout settings from this configuration instead of the nearest .quizbank.yml"),
    ]

    enum Format: String, CaseIterable {
        case text, json, markdown
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let formatName = arguments.value("format") ?? "text"
        guard let format = Format(rawValue: formatName) else {
            throw UsageError(message: "--format takes \(Format.allCases.map(\.rawValue).joined(separator: ", ")), not '\(formatName)'")
        }
        let color = try LintCommand.colorMode(arguments, terminal: Terminal.standardOutput, environment: environment)
        if arguments.value("config") != nil && !arguments.has("layout") {
            throw UsageError(message: "--config is for the layout settings of --layout")
        }
        let files = try BankFiles.findBanks(arguments.positional)
        let finder = arguments.has("layout") ? try ConfigurationFinder(explicitPath: arguments.value("config")) : nil

        var banks: [BankStatistics] = []
        var skipped: [StatsReport.SkippedBank] = []
        var findings: [Finding] = []
        var warned: Set<String> = []
        for file in files {
            var reader = BankStatisticsReader()
            if let finder {
                let settings = try finder.configuration(for: file).layout
                let choice = LayoutFonts.cachedChoice(explicit: settings.fontPath)
                if let warning = choice.warning, warned.insert(warning).inserted {
                    Terminal.standardError.write("quizbank stats: warning: \(warning)\n")
                }
                do {
                    reader.reviewScreen = ReviewScreenMeasure(settings: settings, measurer: try LayoutFonts.measurer(for: choice))
                } catch {
                    throw CommandFailure(message: "\(error)")
                }
            }
            let outcome = reader.read(try BankFiles.read(file), path: file)
            if let statistics = outcome.statistics {
                banks.append(statistics)
            } else {
                let errors = outcome.findings.filter { $0.severity == .error }
                skipped.append(StatsReport.SkippedBank(path: file, errors: errors.count))
                findings += errors
            }
        }
        let report = StatsReport(banks: banks, skipped: skipped)

        if !findings.isEmpty {
            findings.sortForReport()
            Terminal.standardError.write(TextReporter().report(findings, bankCount: files.count))
        }
        switch format {
        case .text: Terminal.standardOutput.write(StatsTextRenderer(color: color).render(report))
        case .json: Terminal.standardOutput.write(StatsJSONRenderer(toolVersion: CommandLineInterface.version).render(report))
        case .markdown: Terminal.standardOutput.write(StatsMarkdownRenderer().render(report))
        }
        return skipped.isEmpty ? ExitStatus.success : ExitStatus.findings
    }
}

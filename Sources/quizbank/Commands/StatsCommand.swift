import Foundation
import QuizBank
import QuizLayout
import QuizLint
import QuizRules
import QuizStats

/// `quizbank stats`: each bank at a glance, and all banks of the run together.
///
/// A bank with errors is left out of the figures: its findings go to stderr (as `lint` words
/// them), the others' figures to stdout, and the exit status is 1. Usage and I/O errors exit 2.
enum StatsCommand: Command {
    static let name = "stats"
    static let summary = "Show each bank at a glance: kinds, topics, balance, coverage, lengths."
    static let usage = "quizbank stats [--format text|json|markdown] [--color auto|always|never] [--layout] [--quality] [--config FILE] [PATH...]   (no PATH: the current folder)"
    static let options = [
        OptionSpec(name: "format", short: "f", takesValue: true, valueName: "text|json|markdown",
                   help: "output format (default: text)"),
        OptionSpec(name: "color", short: nil, takesValue: true, valueName: "auto|always|never",
                   help: "color the text format (auto: when stdout is a terminal and NO_COLOR is not set)"),
        OptionSpec(name: "layout", short: nil, takesValue: false,
                   help: "also measure question texts on the answer-review screen (lines, texts cut off at each size)"),
        OptionSpec(name: "quality", short: nil, takesValue: false,
                   help: "also run the item-writing and quality lint rules: findings per rule, duplicate clusters"),
        OptionSpec(name: "config", short: "c", takesValue: true, valueName: "FILE",
                   help: "with --layout or --quality: use this configuration instead of the nearest .quizbank.yml"),
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
        let layout = arguments.has("layout"), quality = arguments.has("quality")
        if arguments.value("config") != nil && !layout && !quality {
            throw UsageError(message: "--config is for the settings of --layout and --quality")
        }
        let search = try BankFiles.findBanks(arguments.positional.isEmpty ? ["."] : arguments.positional, command: name)
        let files = search.banks
        let finder = layout || quality ? try ConfigurationFinder(explicitPath: arguments.value("config")) : nil

        var banks: [BankStatistics] = []
        var skipped: [StatsReport.SkippedBank] = []
        var findings: [Finding] = []
        var warned: Set<String> = []
        for file in files {
            var reader = BankStatisticsReader()
            let configuration = try finder?.configuration(for: file)
            if layout, let configuration {
                let settings = configuration.layout
                let choice = LayoutFonts.cachedChoice(explicit: settings.fontPath)
                if let warning = choice.warning, warned.insert(warning).inserted {
                    Terminal.standardError.write("quizbank stats: warning: \(warning)\n")
                }
                do {
                    reader.reviewScreen = ReviewScreenMeasure(settings: settings, measurer: try LayoutFonts.measurer(for: choice),
                                                              severities: layoutSeverities(configuration.settings(for: file)))
                } catch {
                    throw CommandFailure(message: "\(error)")
                }
            }
            let bytes = try BankFiles.read(file)
            let outcome = reader.read(bytes, path: file)
            if var statistics = outcome.statistics {
                if quality, let configuration {
                    statistics.quality = qualityStatistics(LintInput(path: file, bytes: bytes, configuration: configuration))
                }
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
        if !search.unreadable.isEmpty { return ExitStatus.usage }
        return skipped.isEmpty ? ExitStatus.success : ExitStatus.findings
    }

    /// The item-writing and quality rules' findings in one bank (linted on its own, so that a
    /// cluster is of the bank's own questions): a count per rule the configuration enables,
    /// and each duplicate and near-duplicate cluster (one finding, naming the cluster's other
    /// questions as related locations).
    /// The severities the layout rules report with under a bank's configuration (`off` for a
    /// rule turned off), for `--layout`'s grading.
    static func layoutSeverities(_ configuration: Configuration) -> [String: TruncationGrading.Severities] {
        var severities: [String: TruncationGrading.Severities] = [:]
        for (_, id) in TruncationGrading.rules {
            guard let rule = RuleRegistry.description(of: id) else { continue }
            guard let setting = configuration.setting(for: rule) else {
                severities[id] = .init(atDefaultSize: "off", atLargerSizes: "off")
                continue
            }
            let larger = setting.options.values["larger-sizes"]?.description ?? TruncationGrading.Severities.standard.atLargerSizes
            severities[id] = .init(atDefaultSize: setting.severity.rawValue, atLargerSizes: larger)
        }
        return severities
    }

    static func qualityStatistics(_ input: LintInput) -> QualityFindingStatistics {
        let enabled = RuleRegistry.quality.filter { input.configuration.setting(for: $0.description) != nil }
        // Counted as the findings are ready: a large bank has a finding for most questions.
        var counts: [String: Int] = [:]
        var clustered: [String: QualityFindingStatistics.Clusters] = [:]
        _ = LintEngine(rules: enabled).lint([input]) { findings in
            for finding in findings {
                counts[finding.ruleID, default: 0] += 1
                guard finding.ruleID == "duplicate-question" || finding.ruleID == "near-duplicate-question" else { continue }
                let sofar = clustered[finding.ruleID] ?? QualityFindingStatistics.Clusters(clusters: 0, questions: 0)
                clustered[finding.ruleID] = QualityFindingStatistics.Clusters(clusters: sofar.clusters + 1, questions: sofar.questions + finding.related.count + 1)
            }
        }
        func clusters(_ rule: String) -> QualityFindingStatistics.Clusters {
            clustered[rule] ?? QualityFindingStatistics.Clusters(clusters: 0, questions: 0)
        }
        return QualityFindingStatistics(findingsByRule: enabled.map { QualityFindingStatistics.RuleCount(rule: $0.description.id, findings: counts[$0.description.id] ?? 0) },
                                 duplicates: clusters("duplicate-question"),
                                 nearDuplicates: clusters("near-duplicate-question"))
    }
}

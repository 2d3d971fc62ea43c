import QuizBank
import QuizLint

enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check banks and report every problem with its file, line and column."
    static let usage = "quizbank lint [options] PATH..."
    static let options = [
        OptionSpec(name: "source", short: nil, takesValue: true, valueName: "auto|always|never",
                   help: "show the source line under each finding (auto: when stdout is a terminal)"),
    ]

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let showSource = try sourceMode(arguments, terminal: Terminal.standardOutput)
        let banks = try BankFiles.load(arguments.positional)
        let findings = banks.flatMap(\.result.findings).sorted(by: Finding.reportOrder)
        let reporter = TextReporter(sources: showSource ? Dictionary(uniqueKeysWithValues: banks.map { ($0.path, $0.bytes) }) : nil)
        Terminal.standardOutput.write(reporter.report(findings, bankCount: banks.count))
        return findings.contains { $0.severity == .error } ? ExitStatus.findings : ExitStatus.success
    }

    static func sourceMode(_ arguments: ParsedArguments, terminal: Terminal) throws(UsageError) -> Bool {
        switch arguments.value("source") ?? "auto" {
        case "auto": return terminal.isTerminal
        case "always": return true
        case "never": return false
        case let other: throw UsageError(message: "--source takes auto, always or never, not '\(other)'")
        }
    }
}

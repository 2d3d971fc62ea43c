import Foundation
import QuizBank
import QuizCompile
import QuizLint

enum CompileCommand: Command {
    static let name = "compile"
    static let summary = "Compile banks to normalized JSON, one file per bank and locale."
    static let usage = "quizbank compile [options] PATH... -o DIR|-"
    static let options = [
        OptionSpec(name: "output", short: "o", takesValue: true, valueName: "DIR|-",
                   help: "write DIR/<bank-id>.<locale>.json files; '-' writes one bank's JSON to stdout"),
        OptionSpec(name: "locale", short: nil, takesValue: true, valueName: "TAG",
                   help: "compile only this locale (default: every locale of each bank)"),
        OptionSpec(name: "source", short: nil, takesValue: true, valueName: "auto|always|never",
                   help: "show the source line under each error (auto: when stderr is a terminal)"),
    ]

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let output = arguments.value("output") else {
            throw UsageError(message: "name where to write with -o DIR (or -o - for stdout)")
        }
        let showSource = try LintCommand.sourceMode(arguments, terminal: Terminal.standardError)
        let banks = try BankFiles.load(arguments.positional)
        if output == "-" && banks.count != 1 {
            throw UsageError(message: "-o - writes one bank to stdout, but \(banks.count) banks were found")
        }
        let locale = arguments.value("locale")
        var findings: [Finding] = []
        var documents: [CompiledDocument] = []
        let compiler = Compiler()
        for bank in banks {
            findings += bank.result.findings
            guard !bank.result.hasErrors, let model = bank.result.bank else { continue }
            var locales = model.outputLocales
            if let locale {
                guard locales.contains(locale) else {
                    throw CommandFailure(message: "bank \(model.id.value) has no locale \(locale) (it has \(locales.joined(separator: ", ")))")
                }
                locales = [locale]
            } else if output == "-" {
                locales = [model.locale.value]
            }
            let compiled = compiler.compile(model, locales: locales)
            findings += compiled.findings
            documents += compiled.documents
        }
        findings.sort(by: Finding.reportOrder)
        let errors = findings.contains { $0.severity == .error }
        if !findings.isEmpty {
            let reporter = TextReporter(sources: showSource ? Dictionary(uniqueKeysWithValues: banks.map { ($0.path, $0.bytes) }) : nil)
            Terminal.standardError.write(reporter.report(findings, bankCount: banks.count))
        }
        // All or nothing: with an error anywhere, no file is written.
        guard !errors else { return ExitStatus.findings }
        if output == "-" {
            Terminal.standardOutput.write(documents[0].bytes)
            return ExitStatus.success
        }
        try AtomicWriter.write(documents.map { ($0.fileName, $0.bytes) }, into: output)
        return ExitStatus.success
    }
}

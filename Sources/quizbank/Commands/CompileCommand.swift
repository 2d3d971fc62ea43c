import Foundation
import QuizBank
import QuizCompile
import QuizLint

enum CompileCommand: Command {
    static let name = "compile"
    static let summary = "Compile banks to normalized JSON, one file per bank and locale."
    static let usage = "quizbank compile [options] [PATH...] -o DIR|-   (no PATH: the current folder)"
    static let options = [
        OptionSpec(name: "output", short: "o", takesValue: true, valueName: "DIR|-",
                   help: "write DIR/<bank-id>.<locale>.json files and the images they use; '-' writes one bank's JSON to stdout"),
        OptionSpec(name: "no-images", short: nil, takesValue: false,
                   help: "with -o DIR, write the JSON files alone, without copying the images beside them"),
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
        let search = try BankFiles.findBanks(arguments.positional.isEmpty ? ["."] : arguments.positional, command: name)
        // All or nothing: a bank that could not be read means no output at all.
        if !search.unreadable.isEmpty {
            throw CommandFailure(message: "nothing written: \(search.unreadable.count) file\(search.unreadable.count == 1 ? "" : "s") could not be read")
        }
        let files = search.banks
        if output == "-" && files.count != 1 {
            throw UsageError(message: "-o - writes one bank to stdout, but \(files.count) banks were found")
        }
        let choice: LocaleChoice = arguments.value("locale").map { .one($0) } ?? (output == "-" ? .source : .all)
        var findings: [Finding] = []
        var documents: [CompiledDocument] = []
        var sources: [String: [UInt8]] = [:]
        var bankIDs: [(path: String, id: Located<String>)] = []
        let compiler = Compiler()
        // Into a folder, each document goes to a new set's folder as it is made; the set
        // replaces the old one at the end in one step, or is removed.
        let writer = output == "-" ? nil : AtomicWriter(directory: output, copiesImages: !arguments.has("no-images"))
        do {
            for file in files {
                let bytes = try BankFiles.read(file)
                writer?.nextBank(file)
                let result = compiler.compile(bytes, path: file, locales: choice, sink: writer)
                if let missing = result.missingLocale, let header = result.header {
                    throw CommandFailure(message: "bank \(header.id.value) has no locale \(missing) (it has \(header.outputLocales.joined(separator: ", ")))")
                }
                if let header = result.header { bankIDs.append((file, header.id)) }
                if !result.findings.isEmpty && showSource { sources[file] = bytes }
                findings += result.findings
                documents += result.documents
            }
        } catch {
            writer?.rollback()
            throw error
        }
        let clashes = DuplicateBankIDs.findings(bankIDs)
        if showSource { for clash in clashes where sources[clash.path] == nil { sources[clash.path] = try BankFiles.read(clash.path) } }
        findings += clashes
        findings.sortForReport()
        if !findings.isEmpty {
            let reporter = TextReporter(sources: showSource ? sources : nil)
            Terminal.standardError.write(reporter.report(findings, bankCount: files.count))
        }
        // All or nothing: with an error anywhere, no file is written.
        guard !findings.contains(where: { $0.severity == .error }) else {
            writer?.rollback()
            return ExitStatus.findings
        }
        guard let writer else {
            Terminal.standardOutput.write(documents[0].parts)
            return ExitStatus.success
        }
        try writer.commit()
        return ExitStatus.success
    }
}

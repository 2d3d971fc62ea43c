import Foundation
import QuizBank
import QuizLint
import QuizVersions

enum DiffCommand: Command {
    static let name = "diff"
    static let summary = "Compare two versions of banks and classify every change (breaking, structural, content, cosmetic)."
    static let usage = "quizbank diff [options] OLD NEW   |   quizbank diff [options] --git REV [PATH...]"
    static let options = [
        OptionSpec(name: "git", short: nil, takesValue: true, valueName: "REV",
                   help: "the old version is PATH... (default: the current folder) at git revision REV, read with git show"),
        OptionSpec(name: "format", short: "f", takesValue: true, valueName: "text|json|markdown",
                   help: "output format (default: text)"),
        OptionSpec(name: "fail-on", short: nil, takesValue: true, valueName: "breaking|structural|content|any",
                   help: "exit 1 when a change of this severity or a worse one is found (default: breaking)"),
    ]

    enum Format: String, CaseIterable {
        case text, json, markdown
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let formatName = arguments.value("format") ?? "text"
        guard let format = Format(rawValue: formatName) else {
            throw UsageError(message: "--format takes \(Format.allCases.map(\.rawValue).joined(separator: ", ")), not '\(formatName)'")
        }
        let failName = arguments.value("fail-on") ?? "breaking"
        let failLevel: ChangeSeverity
        if failName == "any" {
            failLevel = .cosmetic
        } else if let level = ChangeSeverity(rawValue: failName), level != .cosmetic {
            failLevel = level
        } else {
            throw UsageError(message: "--fail-on takes breaking, structural, content or any, not '\(failName)'")
        }
        var reading = VersionReading()
        let old: [BankVersion], new: [BankVersion]
        let oldLabel: String, newLabel: String
        if let revision = arguments.value("git") {
            let paths = arguments.positional.isEmpty ? ["."] : arguments.positional
            let git = try GitRevision(revision)
            old = try reading.versions(atRevision: git, paths)
            new = try reading.workingTree(paths)
            (oldLabel, newLabel) = (revision, "working tree")
        } else {
            guard arguments.positional.count == 2 else {
                throw UsageError(message: "name the old and the new version (two files or folders), or --git REV")
            }
            old = try reading.files([arguments.positional[0]])
            new = try reading.files([arguments.positional[1]])
            (oldLabel, newLabel) = (arguments.positional[0], arguments.positional[1])
        }
        try reading.stopOnErrors()
        let report = DiffReport(diff: BankComparison.compare(old: old, new: new), oldLabel: oldLabel, newLabel: newLabel)
        switch format {
        case .text: Terminal.standardOutput.write(report.text())
        case .json: Terminal.standardOutput.write(report.json())
        case .markdown: Terminal.standardOutput.write(report.markdown())
        }
        return report.diff.changes.contains { $0.severity <= failLevel } ? ExitStatus.findings : ExitStatus.success
    }
}

/// Reads and decodes the banks of one version, collecting what is wrong with them: a version
/// with an error cannot be compared (exit 2, with every error's place).
struct VersionReading {
    private var findings: [Finding] = []
    private var sources: [String: [UInt8]] = [:]

    /// The banks found under `paths` on disk.
    mutating func files(_ paths: [String]) throws(CommandFailure) -> [BankVersion] {
        let search = try BankFiles.findBanks(paths, command: DiffCommand.name)
        if let first = search.unreadable.first { throw CommandFailure(message: first) }
        var versions: [BankVersion] = []
        for file in search.banks {
            if let version = decode(try BankFiles.read(file), label: file, imageBytes: { path in
                FileManager.default.contents(atPath: path).map { [UInt8]($0) }
            }) {
                versions.append(version)
            }
        }
        return versions
    }

    /// The banks under `paths` as they are on disk; a path that is gone has none.
    mutating func workingTree(_ paths: [String]) throws(CommandFailure) -> [BankVersion] {
        try files(paths.filter { FileManager.default.fileExists(atPath: $0) })
    }

    /// The banks under `paths` at the revision: a file named is a bank, a folder's YAML files
    /// are banks when they look like one (as `lint` finds them); hidden files are skipped.
    mutating func versions(atRevision git: GitRevision, _ paths: [String]) throws(CommandFailure) -> [BankVersion] {
        var versions: [BankVersion] = []
        for path in paths {
            var files: [(path: String, bytes: [UInt8])] = []
            switch try git.entry(path) {
            case .missing:
                continue
            case .file:
                if let bytes = try git.contents(path) { files.append((path, bytes)) }
            case .folder:
                for file in try git.files(under: path) {
                    let name = FilePath.name(of: file)
                    guard name.hasSuffix(".yaml") || name.hasSuffix(".yml"),
                          !file.split(separator: "/").contains(where: { $0.hasPrefix(".") && $0 != "." && $0 != ".." }),
                          let bytes = try git.contents(file), BankFiles.verdict(of: bytes, whole: true) == .bank else { continue }
                    files.append((file, bytes))
                }
            }
            for file in files {
                let version = decode(file.bytes, label: "\(git.revision):\(file.path)", imageBytes: { path in
                    (try? git.contents(path)) ?? nil
                }, path: file.path)
                if let version { versions.append(version) }
            }
        }
        return versions
    }

    /// `path`: where the bank's images are looked up (its path in the working tree layout),
    /// when the label is not a path.
    private mutating func decode(_ bytes: [UInt8], label: String, imageBytes: (String) -> [UInt8]?, path: String? = nil) -> BankVersion? {
        let decoded = BankDecoder().decode(bytes, path: path ?? label)
        let errors = decoded.findings.filter { $0.severity == .error }
        if !errors.isEmpty {
            findings += errors.map { finding in
                var finding = finding
                finding.path = label
                return finding
            }
            sources[label] = bytes
            return nil
        }
        guard let bank = decoded.bank else { return nil }
        return BankVersion(bank: bank, label: label, imageBytes: imageBytes)
    }

    /// Ends the command (status 2) when a bank of either version has errors, naming each.
    func stopOnErrors() throws(CommandFailure) {
        guard !findings.isEmpty else { return }
        var sorted = findings
        sorted.sortForReport()
        Terminal.standardError.write(TextReporter(sources: nil).report(sorted, bankCount: sources.count))
        throw CommandFailure(message: "cannot compare: \(sources.count) bank\(sources.count == 1 ? " has" : "s have") errors (above)")
    }
}

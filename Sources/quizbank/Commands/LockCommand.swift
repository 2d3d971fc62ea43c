import Foundation
import QuizBank
import QuizCompile
import QuizLint
import QuizVersions

enum LockCommand: Command {
    static let name = "lock"
    static let summary = "Write quizbank.lock: the banks' questions as reviewed, for lint to guard their ids."
    static let usage = "quizbank lock [PATH...]   (no PATH: the current folder)"
    static let options: [OptionSpec] = []

    /// A folder named gets `FOLDER/quizbank.lock` with the entries of every bank under it (and
    /// no others); a file named updates the nearest lock above it (or makes one beside it),
    /// replacing that bank's entries and keeping the other banks'.
    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let paths = arguments.positional.isEmpty ? ["."] : arguments.positional
        // Per lock file: whether it is written whole (a folder was named), and its banks.
        var targets: [(path: String, whole: Bool, banks: [String])] = []
        func add(_ lock: String, whole: Bool, _ banks: [String]) {
            if let index = targets.firstIndex(where: { $0.path == lock }) {
                targets[index].whole = targets[index].whole || whole
                targets[index].banks += banks.filter { !targets[index].banks.contains($0) }
            } else {
                targets.append((lock, whole, banks))
            }
        }
        for path in paths {
            var info = stat()
            let search = try BankFiles.findBanks([path], command: name)
            if let first = search.unreadable.first { throw CommandFailure(message: first) }
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                add(FilePath.join(path, LockFile.fileName), whole: true, search.banks)
            } else {
                add(LockFile.nearest(toBankAt: path) ?? FilePath.join(FilePath.directory(of: path), LockFile.fileName), whole: false, search.banks)
            }
        }
        var findings: [Finding] = []
        var written: [(path: String, lock: LockFile)] = []
        for target in targets {
            var lock = LockFile()
            if !target.whole, let data = FileManager.default.contents(atPath: target.path) {
                do {
                    lock = try LockFile.parse([UInt8](data))
                } catch {
                    throw CommandFailure(message: "\(target.path):\(error.line):\(error.column): \(error.message)")
                }
            }
            var bankIDs: [(path: String, id: Located<String>)] = []
            for file in target.banks {
                let decoded = BankDecoder().decode(try BankFiles.read(file), path: file)
                findings += decoded.findings.filter { $0.severity == .error }
                guard let bank = decoded.bank, !decoded.hasErrors else { continue }
                bankIDs.append((file, bank.header.id))
                let version = BankVersion(bank: bank, label: file) { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
                // The content fingerprint covers the image's bytes: a question whose image
                // cannot be read has none, as it cannot be compiled.
                for question in bank.questions {
                    guard let image = question.image, version.imageSHA256[image.value] == nil else { continue }
                    findings.append(Finding(ruleID: CompileRule.imageMissing.rawValue, severity: .error,
                                            message: "image '\(image.value)' cannot be read (looked for \(bank.header.imageFilePath(image.value)))",
                                            path: file, range: image.range))
                }
                let entries = LockFile.entries(of: version)
                lock.banks[entries.bankID] = entries
            }
            findings += DuplicateBankIDs.findings(bankIDs)
            written.append((target.path, lock))
        }
        if !findings.isEmpty {
            findings.sortForReport()
            Terminal.standardError.write(TextReporter().report(findings, bankCount: targets.reduce(0) { $0 + $1.banks.count }))
            Terminal.standardError.write("quizbank lock: nothing written\n")
            return ExitStatus.findings
        }
        for (path, lock) in written {
            let text = lock.text()
            let questions = lock.banks.values.reduce(0) { $0 + $1.questions.count }
            let counts = "\(lock.banks.count) bank\(lock.banks.count == 1 ? "" : "s"), \(questions) question\(questions == 1 ? "" : "s")"
            if let existing = FileManager.default.contents(atPath: path), existing == Data(text.utf8) {
                Terminal.standardError.write("quizbank lock: \(path) is up to date (\(counts))\n")
                continue
            }
            try FileReplacement.write(Array(text.utf8), to: path)
            Terminal.standardError.write("quizbank lock: wrote \(path) (\(counts))\n")
        }
        return ExitStatus.success
    }
}

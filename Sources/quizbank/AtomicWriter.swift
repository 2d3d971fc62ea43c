import Foundation
import QuizBank
import QuizCompile

/// Writes a run's files so that a reader never sees half of one: each goes to a temporary file
/// in the same folder, written as the compiler makes it (`DocumentSink`), and all of them are
/// renamed over their names only once every one is complete (`commit`). `rollback` removes
/// them (and the folders the run made), so a failed run leaves the earlier files as they were,
/// and a killed one at most a hidden temporary file. There is no fsync: compiled files are
/// rebuilt by running again, so surviving a power cut is not worth the wait on every compile
/// (about 13 ms for a 29 MB document here).
final class AtomicWriter: DocumentSink {
    private let directory: String
    /// The folders this run made, deepest first (removed again on rollback).
    private var madeDirectories: [String] = []
    private var directoryReady = false
    /// Every file of the run so far, in the order started: temporary and final path.
    private var files: [(temporary: String, final: String)] = []
    /// The current bank's files, in the order `start` named them: descriptor and index in `files`.
    private var current: [(descriptor: Int32, file: Int)] = []
    /// The first thing that went wrong; nothing more is written after it.
    private(set) var failure: CommandFailure?

    init(directory: String) {
        self.directory = directory
    }

    /// The next `start` names another bank's files (the current one's stay).
    func nextBank() {
        closeCurrent()
        current = []
    }

    func start(_ fileNames: [String]) {
        // Again for the same bank: the compiler starts over, so what it wrote goes.
        closeCurrent()
        for entry in current {
            unlink(files[entry.file].temporary)
            files[entry.file].temporary = ""
        }
        current = []
        guard failure == nil, prepareDirectory() else { return }
        let pid = ProcessInfo.processInfo.processIdentifier
        for name in fileNames {
            let final = FilePath.join(directory, name)
            // Numbered: two banks of one run may have the same id (the later one wins, as it
            // would written one after the other).
            let temporary = FilePath.join(directory, ".\(name).\(pid).\(files.count).tmp")
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else {
                failure = CommandFailure(message: "cannot write \(temporary): \(String(cString: strerror(errno)))")
                return
            }
            files.append((temporary, final))
            current.append((descriptor, files.count - 1))
        }
    }

    func append(_ bytes: ArraySlice<UInt8>, toDocument index: Int) {
        guard failure == nil, index < current.count else { return }
        let entry = current[index]
        if let error = bytes.withUnsafeBytes({ Terminal.writeAll($0, to: entry.descriptor) }) {
            failure = CommandFailure(message: "cannot write \(files[entry.file].temporary): \(String(cString: strerror(error)))")
        }
    }

    /// Renames every file over its name; on any failure, removes what is left and throws.
    func commit() throws(CommandFailure) {
        closeCurrent()
        current = []
        if let failure {
            rollback()
            throw failure
        }
        for index in files.indices where !files[index].temporary.isEmpty {
            guard rename(files[index].temporary, files[index].final) == 0 else {
                let failure = CommandFailure(message: "cannot write \(files[index].final): \(String(cString: strerror(errno)))")
                rollback()
                throw failure
            }
            files[index].temporary = ""
        }
    }

    /// Removes every temporary file of the run (and the folder, if this run made it and it is empty).
    func rollback() {
        closeCurrent()
        current = []
        for file in files where !file.temporary.isEmpty { unlink(file.temporary) }
        files = []
        for made in madeDirectories { rmdir(made) }
        madeDirectories = []
    }

    private func prepareDirectory() -> Bool {
        guard !directoryReady else { return true }
        var missing: [String] = []
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
            missing.append(folder.path)
            folder.deleteLastPathComponent()
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            failure = CommandFailure(message: "cannot create output folder \(directory): \(error.localizedDescription)")
            return false
        }
        madeDirectories = missing
        directoryReady = true
        return true
    }

    private func closeCurrent() {
        for entry in current where entry.descriptor >= 0 { close(entry.descriptor) }
        current = current.map { (-1, $0.file) }
    }
}

import Dispatch
import Foundation
import QuizBank
import QuizSupport

/// Reads files of a git revision without checking it out, by running `git` (found on `PATH`).
struct GitRevision {
    let revision: String

    /// Checks that `revision` names a commit of the repository the current folder is in.
    init(_ revision: String) throws(CommandFailure) {
        self.revision = revision
        let result = try Self.run(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: ".")
        guard result.status == 0 else {
            let reason = result.error.isEmpty ? "no such commit, branch or tag" : result.error
            throw CommandFailure(message: "unknown git revision '\(revision)': \(reason)")
        }
    }

    enum Entry {
        case file, folder, missing
    }

    /// What `path` (as given, relative to the current folder or absolute) is in the revision.
    func entry(_ path: String) throws(CommandFailure) -> Entry {
        let (folder, name) = Self.split(path)
        let result = try Self.run(["cat-file", "-t", "\(revision):./\(name)"], in: folder)
        guard result.status == 0 else { return .missing }
        return String(decoding: result.output, as: UTF8.self).hasPrefix("tree") ? .folder : .file
    }

    /// The files under the folder `path` in the revision, as paths that start with `path`.
    func files(under path: String) throws(CommandFailure) -> [String] {
        let result = try Self.run(["ls-tree", "-r", "-z", "--name-only", revision], in: path)
        guard result.status == 0 else { throw CommandFailure(message: "cannot list \(path) at \(revision): \(result.error)") }
        return result.output.split(separator: 0).map { FilePath.join(path == "." ? "" : path, String(decoding: $0, as: UTF8.self)) }
    }

    /// The bytes of the file `path` in the revision; nil when it has none there.
    func contents(_ path: String) throws(CommandFailure) -> [UInt8]? {
        let (folder, name) = Self.split(path)
        let result = try Self.run(["show", "\(revision):./\(name)"], in: folder)
        return result.status == 0 ? result.output : nil
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return (path, ".") }
        // A path gone from the working tree: its nearest folder that still exists runs git.
        var folder = FilePath.directory(of: path), name = FilePath.name(of: path)
        while stat(folder, &info) != 0, folder != ".", folder != "/" {
            name = FilePath.name(of: folder) + "/" + name
            folder = FilePath.directory(of: folder)
        }
        return (folder, name)
    }

    /// Runs git in `folder`; its standard error is read on another thread, so that neither
    /// pipe fills while the other is read.
    private static func run(_ arguments: [String], in folder: String) throws(CommandFailure) -> (status: Int32, output: [UInt8], error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandFailure(message: "cannot run git: \(error.localizedDescription)")
        }
        let errorText = Locked("")
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            errorText.withLock { $0 = text }
        }
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        group.wait()
        if process.terminationStatus == 127 { throw CommandFailure(message: "cannot run git: it is not installed or not on PATH") }
        return (process.terminationStatus, bytes, errorText.withLock { $0 }.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

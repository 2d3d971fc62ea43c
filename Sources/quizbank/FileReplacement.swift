import Foundation
import QuizBank

/// Writes a whole file so that a reader sees the old one or the new one, never part of either:
/// the bytes go to a temporary file beside it, which is renamed over the name. A failed write
/// leaves the old file as it was and no temporary file behind. A name that is a symbolic link
/// keeps it: the file it points at is the one replaced (a bank shared through a link stays one).
enum FileReplacement {
    /// `keepingModeOf`: a file whose permissions the new one takes (a fixed bank stays as
    /// readable and writable as it was).
    static func write(_ bytes: [UInt8], to path: String, keepingModeOf original: String? = nil) throws(CommandFailure) {
        let file = try Stream(path: path, keepingModeOf: original)
        file.write(bytes)
        try file.finish()
    }

    /// A replacement written piece by piece as its content is made (a large report), with the
    /// same promise: nothing changes at `path` until `finish`, and a failed write leaves no
    /// temporary file behind.
    final class Stream {
        let path: String
        private let temporary: String
        private var descriptor: Int32
        /// The `errno` of the first failed write; later writes are skipped.
        private var failure: Int32?

        /// Where the bytes go: `path`, or the file its links lead to.
        private let target: String

        init(path: String, keepingModeOf original: String? = nil) throws(CommandFailure) {
            self.path = path
            target = FileReplacement.followingLinks(path)
            let folder = FilePath.directory(of: target)
            temporary = FilePath.join(folder, ".\(FilePath.name(of: target)).\(ProcessInfo.processInfo.processIdentifier).tmp")
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else { throw CommandFailure(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
            var info = stat()
            if let original, stat(original, &info) == 0 { fchmod(descriptor, info.st_mode & 0o7777) }
        }

        func write(_ bytes: [UInt8]) {
            guard failure == nil, descriptor >= 0 else { return }
            failure = bytes.withUnsafeBytes { Terminal.writeAll($0, to: descriptor) }
        }

        /// Puts the file in place of `path`; on a failed write, removes it and throws.
        func finish() throws(CommandFailure) {
            close(descriptor)
            descriptor = -1
            if let failure {
                unlink(temporary)
                throw CommandFailure(message: "cannot write \(path): \(String(cString: strerror(failure)))")
            }
            guard rename(temporary, target) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw CommandFailure(message: "cannot write \(path): \(reason)")
            }
        }

        deinit {
            // Not finished (the command failed on the way): the old file stays, alone.
            if descriptor >= 0 {
                close(descriptor)
                unlink(temporary)
            }
        }
    }

    /// The path a chain of symbolic links at `path` ends at (a link's relative target read from
    /// its own folder), or `path` itself when it is no link. A loop is left where it was found.
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination : FilePath.join(FilePath.directory(of: current), destination)
        }
        return current
    }
}

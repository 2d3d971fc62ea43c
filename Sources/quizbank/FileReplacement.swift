import Foundation
import QuizBank

/// Writes a whole file so that a reader sees the old one or the new one, never part of either:
/// the bytes go to a temporary file beside it, which is renamed over the name. A failed write
/// leaves the old file as it was and no temporary file behind.
enum FileReplacement {
    /// `keepingModeOf`: a file whose permissions the new one takes (a fixed bank stays as
    /// readable and writable as it was).
    static func write(_ bytes: [UInt8], to path: String, keepingModeOf original: String? = nil) throws(CommandFailure) {
        let folder = FilePath.directory(of: path)
        let temporary = FilePath.join(folder, ".\(FilePath.name(of: path)).\(ProcessInfo.processInfo.processIdentifier).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CommandFailure(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        if let original, stat(original, &info) == 0 { fchmod(descriptor, info.st_mode & 0o7777) }
        let failure = bytes.withUnsafeBytes { Terminal.writeAll($0, to: descriptor) }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw CommandFailure(message: "cannot write \(path): \(String(cString: strerror(failure)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandFailure(message: "cannot write \(path): \(reason)")
        }
    }
}

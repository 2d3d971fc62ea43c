import Foundation
import QuizSupport

/// Standard output and error, written through unbuffered POSIX writes of whole strings.
///
/// A failed write to standard output (a full disk, `/dev/full`, a closed descriptor) is kept:
/// nothing more is written there, and `CommandLineInterface` ends the command with a message
/// and status 2 (`outputFailure`). A failed write to standard error has nowhere to be reported.
/// A closed pipe (`| head`) ends the process by SIGPIPE, left at its default: quietly, with
/// status 128 + 13; where SIGPIPE is ignored, the write fails with EPIPE instead and the
/// command exits 2 without a message (the reader left on purpose).
struct Terminal {
    let descriptor: Int32

    static let standardOutput = Terminal(descriptor: 1)
    static let standardError = Terminal(descriptor: 2)

    var isTerminal: Bool { isatty(descriptor) == 1 }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Writes pieces of one output in order.
    func write(_ parts: [ArraySlice<UInt8>]) {
        for part in parts { part.withUnsafeBytes { write($0) } }
    }

    private func write(_ buffer: UnsafeRawBufferPointer) {
        guard descriptor == 1 else {
            _ = Self.writeAll(buffer, to: descriptor)
            return
        }
        Self.outputState.withLock { failure in
            guard failure == nil else { return }
            failure = Self.writeAll(buffer, to: descriptor)
        }
    }

    /// The `errno` of the first failed write to standard output, if one failed.
    static var outputFailure: Int32? { outputState.withLock { $0 } }

    /// Behind a lock: commands write to standard output from the main thread, but the type
    /// system cannot see that.
    private static let outputState = Locked<Int32?>(nil)

    /// Standard input, output and error when the process started without them: each is given
    /// `/dev/null` opened for reading, so that writes to it fail (and are reported) and no file
    /// the command opens takes its number and receives its output.
    static func holdClosedStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // The lowest free number is this one: the ones below were open or are held now.
            let held = open("/dev/null", O_RDONLY)
            if held >= 0, held != descriptor { close(held) }
        }
    }

    /// Writes the whole buffer, again after a short write or an interruption; nil when done,
    /// else the `errno` it stopped at.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            guard let base = buffer.baseAddress else { return nil }
            let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}


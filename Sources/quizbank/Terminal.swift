import Foundation

/// Standard output and error, written through unbuffered POSIX writes of whole strings.
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
        _ = Self.writeAll(buffer, to: descriptor)
    }

    /// Writes the whole buffer, again after a short write or an interruption; nil when done,
    /// else the `errno` it stopped at.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}

import QuizSupport

/// The whitespace rule's quick look at a text's bytes, so that it reads closely only the texts
/// that may have a spacing problem; tested against the plain byte-by-byte check.
enum SpacingPrefilter {
    /// A quick look at the bytes: false when the text has no tab, no two spaces in a row and
    /// no space at either end.
    static func mayHaveProblems(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            // Eight bytes at a time: the high bit of each byte that is a tab, or a space after
            // a space or a line feed (the byte before the eight comes in as `afterSpace`).
            let equal = EightBytes.equal
            var afterSpace: UInt64 = 0x80
            var index = 0
            let raw = UnsafeRawBufferPointer(bytes)
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let spaces = equal(word, 0x20)
                let spaceOrLineFeed = spaces | equal(word, 0x0A)
                if equal(word, 0x09) | (spaces & ((spaceOrLineFeed << 8) | afterSpace)) != 0 { return true }
                afterSpace = spaceOrLineFeed >> 56
                index += 8
            }
            var previousIsSpace = afterSpace != 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x09 || (byte == 0x20 && previousIsSpace) { return true }
                previousIsSpace = byte == 0x20 || byte == 0x0A
                index += 1
            }
            return bytes.last { $0 != 0x0A && $0 != 0x0D } == 0x20
        }
    }
}

import QuizBank
import QuizSupport

/// Appends JSON to a byte buffer in one fixed layout, keys in the order written, so that the
/// same calls always give the same bytes.
///
/// Layout: the members of the document and of its top-level arrays and objects each start a
/// line (two-space indentation); anything deeper is written compactly on its line. So each
/// question is one line, which keeps files small and diffs to the question that changed.
struct JSONWriter {
    /// Containers nested deeper than this are written on one line.
    private static let linedDepth = 2

    private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// Whether the current container has a member already (a comma goes before the next).
    private var hasMember: [Bool] = [false]

    init(capacity: Int = 0) {
        // A whole document's room: in 2 MiB pages, the writing takes fewer page faults (this
        // buffer is filled on the thread that bounds compile's time).
        bytes = LargeBuffer.bytes(capacity: capacity)
    }

    /// A writer for one member of a container `depth` levels down that already has members,
    /// so that what it writes can be made apart (on another thread) and placed after this
    /// writer's bytes with `memberWrittenApart`.
    init(laterMemberAtDepth depth: Int, capacity: Int) {
        bytes.reserveCapacity(capacity)
        self.depth = depth
        hasMember = Array(repeating: true, count: depth + 1)
    }

    /// What a `laterMemberAtDepth` writer for this container wrote, to go right after `bytes`
    /// (kept apart by the caller): without its leading comma when it is the container's first
    /// member. Members written after it get their comma.
    mutating func memberWrittenApart(_ member: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        if hasMember[depth] { return member }
        hasMember[depth] = true
        return member.dropFirst()
    }

    /// Empties the buffer, keeping its room (the layout state stays: what was written was
    /// handed over).
    mutating func removeBytes() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    mutating func key(_ name: StaticString) {
        newMember()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        if depth <= Self.linedDepth { bytes.append(0x20) }
        valueFollowsKey = true
    }

    mutating func string(_ value: String) {
        element()
        _ = appendQuoted(value, checkingNormalization: false)
    }

    /// A text as compiled output carries it: normalized (`TextNormalizer`), then escaped.
    /// Most texts are normalized already: they are checked while they are copied, and only
    /// the others are written again, normalized.
    mutating func text(_ value: String) {
        element()
        let start = bytes.count
        if !appendQuoted(value, checkingNormalization: true) {
            bytes.removeSubrange(start...)
            _ = appendQuoted(TextNormalizer.normalize(value), checkingNormalization: false)
        }
    }

    /// Appends `value` quoted and escaped; false when `checkingNormalization` and the text
    /// fails `TextNormalizer`'s quick check (what was appended is then incomplete).
    private mutating func appendQuoted(_ value: String, checkingNormalization: Bool) -> Bool {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        let passed = value.withUTF8 { utf8 in
            var check = TextNormalizer.QuickCheck()
            var runStart = 0
            // One byte: the normalization check, and an escape where one is due.
            func visit(_ index: Int) -> Bool {
                let byte = utf8[index]
                if checkingNormalization, !check.accepts(byte) { return false }
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { return true }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(byte)
                runStart = index + 1
                return true
            }
            // Eight bytes at a time, while they are printable ASCII with no quote, backslash or
            // space after a space: those pass the check and need no escape, byte by byte too.
            let raw = UnsafeRawBufferPointer(utf8)
            var index = 0
            while index + 8 <= utf8.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if Self.isPlain(word, afterSpace: check.followsSpace) {
                    check.pass(UInt8(truncatingIfNeeded: word >> 56))
                } else {
                    for position in index..<(index + 8) {
                        guard visit(position) else { return false }
                    }
                }
                index += 8
            }
            while index < utf8.count {
                guard visit(index) else { return false }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            return !checkingNormalization || check.acceptsEnd
        }
        bytes.append(UInt8(ascii: "\""))
        return passed
    }

    /// Eight bytes (little-endian) that are printable ASCII, hold no `"` or `\\`, and no space
    /// that follows a space (the first byte follows one when `afterSpace`).
    @inline(__always)
    private static func isPlain(_ word: UInt64, afterSpace: Bool) -> Bool {
        TextNormalizer.QuickCheck.passes(word, afterSpace: afterSpace)
            && EightBytes.equal(word, UInt8(ascii: "\"")) | EightBytes.equal(word, UInt8(ascii: "\\")) == 0
    }

    mutating func bool(_ value: Bool) {
        element()
        let literal: StaticString = value ? "true" : "false"
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) {
        element()
        DecimalText.append(value, to: &bytes)
    }

    /// Integral values print as integers; others in Swift's shortest round-tripping form.
    mutating func number(_ value: Double) {
        if value == value.rounded(), abs(value) < 1e15 {
            int(Int(value))
        } else {
            element()
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    mutating func stringArray(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    mutating func intArray(_ values: [Int]) {
        beginArray()
        for value in values { int(value) }
        endArray()
    }

    /// Ends the document with a newline.
    mutating func finish() {
        bytes.append(0x0A)
    }

    // MARK: Layout

    private var valueFollowsKey = false

    private mutating func element() {
        if valueFollowsKey {
            valueFollowsKey = false
        } else {
            newMember()
        }
    }

    private mutating func newMember() {
        guard depth > 0 else { return }
        if hasMember[depth] { bytes.append(UInt8(ascii: ",")) }
        hasMember[depth] = true
        if depth <= Self.linedDepth {
            bytes.append(0x0A)
            indent()
        }
    }

    private mutating func open(_ bracket: UInt8) {
        element()
        bytes.append(bracket)
        depth += 1
        if hasMember.count <= depth { hasMember.append(false) } else { hasMember[depth] = false }
    }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = hasMember[depth]
        depth -= 1
        if hadMembers && depth < Self.linedDepth {
            bytes.append(0x0A)
            indent()
        }
        bytes.append(bracket)
    }

    private mutating func indent() {
        for _ in 0..<depth { bytes.append(0x20); bytes.append(0x20) }
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}

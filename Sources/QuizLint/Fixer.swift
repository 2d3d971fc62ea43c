import QuizBank
import QuizYAML

/// Applies findings' fixes to a file's bytes (`lint --fix`, `--diff`): each fix writes its
/// replacement over its range, and every other byte stays as the author wrote it (comments,
/// quoting, indentation, key order, line ends, a byte order mark, the final line break). A fix
/// whose range no longer holds what it was made for, that overlaps another, or that would need
/// YAML written anew (an escape, a block scalar) is left out.
public struct Fixer {
    private let source: [UInt8]
    /// Where each line starts, counting line breaks as libyaml does (`\n`, `\r\n`, `\r`, NEL,
    /// LS and PS), so that a finding's line and column find its bytes.
    private var lineStarts: [Int] = [0]

    public init(source: [UInt8]) {
        self.source = source
        source.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                // Most bytes are printable ASCII and start no line break: one comparison each.
                let byte = bytes[index]
                if byte > 0x0D && byte < 0xC2 {
                    index += 1
                    continue
                }
                let length = LineBreak.length(bytes, at: index)
                if length == 0 {
                    index += 1
                } else {
                    index += length
                    lineStarts.append(index)
                }
            }
        }
    }

    /// The byte offset of a line and column (columns count Unicode scalars from 1).
    func offset(of mark: SourceMark) -> Int? {
        let line = Int(mark.line) - 1
        guard line >= 0, line < lineStarts.count else { return nil }
        var offset = lineStarts[line]
        if line == 0, source.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        var column = 1
        while column < Int(mark.column) {
            guard offset < source.count else { return nil }
            offset += Self.sequenceLength(source[offset])
            column += 1
        }
        return offset <= source.count ? offset : nil
    }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The bytes `fix` writes over `bytes` (its range's bytes), or nil when it does not apply.
    func replacement(for fix: Finding.Fix, over bytes: ArraySlice<UInt8>) -> [UInt8]? {
        switch fix.target {
        case .source:
            return Array(fix.replacement.utf8)
        case .text(let original):
            return bytes.elementsEqual(original.utf8) ? Array(fix.replacement.utf8) : nil
        case .scalar(let original):
            return Self.scalar(bytes, spelling: original, rewrittenAs: fix.replacement)
        }
    }

    /// A scalar's source rewritten with a new value in the same style, when the source spells
    /// `value` out as it is on one line and the new value needs no escaping in that style.
    static func scalar(_ bytes: ArraySlice<UInt8>, spelling value: String, rewrittenAs new: String) -> [UInt8]? {
        guard let first = bytes.first, !bytes.contains(0x0A), !bytes.contains(0x0D) else { return nil }
        // Read as bytes: a control character, NEL, LS or PS would need an escape.
        let newBytes = Array(new.utf8)
        guard !newBytes.contains(where: { $0 < 0x20 }), !Self.hasUnicodeBreak(newBytes) else { return nil }
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            guard bytes.count >= 2, bytes.last == first else { return nil }
            let inner = bytes.dropFirst().dropLast()
            guard inner.elementsEqual(value.utf8) else { return nil }
            if first == UInt8(ascii: "\"") {
                guard !newBytes.contains(UInt8(ascii: "\"")), !newBytes.contains(UInt8(ascii: "\\")) else { return nil }
            } else {
                guard !newBytes.contains(UInt8(ascii: "'")) else { return nil }
            }
            return [first] + newBytes + [first]
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            return nil
        default:
            // A plain scalar: only rewritten when the new value reads back the same way.
            guard bytes.elementsEqual(value.utf8), PlainScalar.isSafe(new) else { return nil }
            return newBytes
        }
    }

    /// Whether UTF-8 `bytes` hold NEL (C2 85), LS (E2 80 A8) or PS (E2 80 A9).
    private static func hasUnicodeBreak(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0xC2, bytes[index + 1] == 0x85 { return true }
            if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 { return true }
            index += 1
        }
        return false
    }

    /// The edit a fix makes: the bytes it replaces and what it writes; nil when it does not
    /// apply, or would write what is there already.
    private func edit(_ fix: Finding.Fix) -> (start: Int, end: Int, bytes: [UInt8])? {
        guard let start = offset(of: fix.range.start), let end = offset(of: fix.range.end), start <= end,
              let bytes = replacement(for: fix, over: source[start..<end]), !bytes.elementsEqual(source[start..<end]) else { return nil }
        return (start, end, bytes)
    }

    /// `fix` as the bytes it writes over the bytes it replaces (`Target.source`), for a report
    /// that carries fixes (SARIF); nil when it does not apply.
    public func resolved(_ fix: Finding.Fix) -> Finding.Fix? {
        guard let edit = edit(fix) else { return nil }
        return Finding.Fix(range: fix.range, replacement: String(decoding: edit.bytes, as: UTF8.self), safety: fix.safety)
    }

    /// Whether `fix` would change the file.
    public func applies(_ fix: Finding.Fix) -> Bool {
        edit(fix) != nil
    }

    /// The file with every fix of `fixes` that applies, and the indexes of those applied.
    public func apply(_ fixes: [Finding.Fix]) -> (bytes: [UInt8], applied: [Int]) {
        var edits: [(start: Int, end: Int, bytes: [UInt8], index: Int)] = []
        for (index, fix) in fixes.enumerated() {
            guard let edit = edit(fix) else { continue }
            edits.append((edit.start, edit.end, edit.bytes, index))
        }
        edits.sort { ($0.start, $0.end, $0.index) < ($1.start, $1.end, $1.index) }
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var position = 0
        var applied: [Int] = []
        for edit in edits where edit.start >= position {
            // Two fixes of one place (one text, two findings) would both rewrite it: the first
            // stands, and the next run picks up what is left.
            out += source[position..<edit.start]
            out += edit.bytes
            position = edit.end
            applied.append(edit.index)
        }
        out += source[position...]
        return (out, applied.sorted())
    }
}

/// What a plain scalar may hold and still read back as the same string.
enum PlainScalar {
    static func isSafe(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, let last = bytes.last,
              first != UInt8(ascii: " "), last != UInt8(ascii: " "), first != UInt8(ascii: "\t"), last != UInt8(ascii: "\t") else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".utf8.contains(first) { return false }
        if last == UInt8(ascii: ":") { return false }
        for index in bytes.indices.dropLast() {
            let pair = (bytes[index], bytes[index + 1])
            if pair == (UInt8(ascii: ":"), UInt8(ascii: " ")) || pair == (UInt8(ascii: " "), UInt8(ascii: "#")) { return false }
        }
        // A string that YAML would read as a number, boolean or null stays quoted.
        return ScalarType.resolvePlain(text) == .string
    }
}

/// A unified diff of a file's lines before and after fixes, with three lines of context.
public enum UnifiedDiff {
    public static func make(path: String, before: [UInt8], after: [UInt8]) -> String {
        let old = lines(before), new = lines(after)
        // A fix rewrites text within its lines: with as many lines after as before, the changed
        // lines are those that differ in place. Otherwise one hunk spans from the first to the
        // last line that differs (the common head and tail kept as context).
        var hunks: [(oldStart: Int, oldEnd: Int, newStart: Int, newEnd: Int)] = []
        if old.count == new.count {
            var index = 0
            while index < old.count {
                guard old[index] != new[index] else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < old.count, old[end] != new[end] { end += 1 }
                hunks.append((index, end, index, end))
                index = end
            }
        } else {
            var head = 0
            while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
            var tail = 0
            while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
            hunks.append((head, old.count - tail, head, new.count - tail))
        }
        guard !hunks.isEmpty else { return "" }
        var out = "--- \(path)\n+++ \(path)\n"
        var index = 0
        while index < hunks.count {
            // Hunks within six lines of each other share their context.
            var last = index
            while last + 1 < hunks.count, hunks[last + 1].oldStart - hunks[last].oldEnd <= 6 { last += 1 }
            let oldFrom = max(0, hunks[index].oldStart - 3), oldTo = min(old.count, hunks[last].oldEnd + 3)
            let newFrom = hunks[index].newStart - (hunks[index].oldStart - oldFrom)
            let newTo = hunks[last].newEnd + (oldTo - hunks[last].oldEnd)
            out += "@@ -\(range(oldFrom, oldTo)) +\(range(newFrom, newTo)) @@\n"
            var position = oldFrom
            for hunk in hunks[index...last] {
                for line in old[position..<hunk.oldStart] { out += " " + line }
                for line in old[hunk.oldStart..<hunk.oldEnd] { out += "-" + line }
                for line in new[hunk.newStart..<hunk.newEnd] { out += "+" + line }
                position = hunk.oldEnd
            }
            for line in old[position..<oldTo] { out += " " + line }
            index = last + 1
        }
        return out
    }

    private static func range(_ from: Int, _ to: Int) -> String {
        let count = to - from
        return count == 1 ? "\(from + 1)" : "\(count == 0 ? from : from + 1),\(count)"
    }

    /// Lines with their line breaks, the last one marked when it has none.
    private static func lines(_ bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(String(decoding: bytes[start...index], as: UTF8.self))
            start = index + 1
        }
        if start < bytes.count { lines.append(String(decoding: bytes[start...], as: UTF8.self) + "\n\\ No newline at end of file\n") }
        return lines
    }
}

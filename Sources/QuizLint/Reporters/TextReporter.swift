import Foundation
import QuizBank
import QuizSupport
import QuizYAML

/// `PATH:LINE:COL: SEVERITY: MESSAGE [RULE]`, one finding a line, optionally followed by the
/// source line with carets under the range; then a summary line.
public struct TextReporter: Sendable {
    /// Source text of each file, by path, for the source excerpt; nil: no excerpts.
    public var sources: [String: [UInt8]]?
    public var color: Bool

    public init(sources: [String: [UInt8]]? = nil, color: Bool = false) {
        self.sources = sources
        self.color = color
    }

    public func report(_ findings: [Finding], bankCount: Int) -> String {
        ReportPieces.joined { write(findings, bankCount: bankCount, to: $0) }
    }

    /// The report, handed to `output` piece by piece.
    public func write(_ findings: [Finding], bankCount: Int, to output: ReportOutput) {
        var stream = Stream(self)
        stream.write(findings, to: output)
        stream.finish(bankCount: bankCount, to: output)
    }

    /// A report written as batches of findings (in report order) come: the findings, then the
    /// summary of all of them.
    public struct Stream {
        private let reporter: TextReporter
        private var counts = SeverityCounts()
        /// The source lines of the last file a batch had findings in: the next batch most likely
        /// goes on in it.
        private var lastLines: (path: String, lines: SourceLines)?

        public init(_ reporter: TextReporter) {
            self.reporter = reporter
        }

        /// Writes a batch: a large one is formatted as UTF-8 bytes in chunks on all cores, a few
        /// chunks at a time, and written in order as each group is done.
        public mutating func write(_ findings: [Finding], to output: ReportOutput) {
            counts.add(findings)
            // Each file's source lines, split once, for the excerpts.
            var linesOfPath: [String: SourceLines] = [:]
            if let sources = reporter.sources {
                var lastPath: String?
                for finding in findings where finding.path != lastPath {
                    lastPath = finding.path
                    guard linesOfPath[finding.path] == nil else { continue }
                    if let lastLines, lastLines.path == finding.path {
                        linesOfPath[finding.path] = lastLines.lines
                    } else if let bytes = sources[finding.path] {
                        linesOfPath[finding.path] = SourceLines(bytes)
                    }
                }
                if let path = findings.last?.path, let lines = linesOfPath[path] { lastLines = (path, lines) }
            }
            let chunkSize = 8_192
            let chunkCount = (findings.count + chunkSize - 1) / chunkSize
            if chunkCount == 1 {
                output(reporter.format(findings[...], linesOfPath: linesOfPath))
            } else if chunkCount > 1 {
                let linesOfPath = linesOfPath, reporter = reporter
                let group = 4 * max(1, ProcessInfo.processInfo.activeProcessorCount)
                for first in stride(from: 0, to: chunkCount, by: group) {
                    let count = min(group, chunkCount - first)
                    let slots = ConcurrentSlots<[UInt8]>(count: count, initial: [])
                    DispatchQueue.concurrentPerform(iterations: count) { offset in
                        let start = (first + offset) * chunkSize
                        slots.store(reporter.format(findings[start..<min(start + chunkSize, findings.count)], linesOfPath: linesOfPath), at: offset)
                    }
                    for part in slots.values { output(part) }
                }
            }
        }

        /// `errorsOnly` (`--quiet`): the summary counts the errors alone, as the report shows
        /// them alone ("0 warnings" would say there are none).
        public func finish(bankCount: Int, errorsOnly: Bool = false, to output: ReportOutput) {
            output(Array(reporter.summary(counts, bankCount: bankCount, errorsOnly: errorsOnly).utf8))
        }
    }

    fileprivate func format(_ findings: ArraySlice<Finding>, linesOfPath: [String: SourceLines]) -> [UInt8] {
        var out = ReportBytes(capacity: findings.count * 120)
        for finding in findings {
            out.appendPlace(finding.path, finding.range.start)
            out.append(fixed: ": ")
            out.append(paint(finding.severity.rawValue, finding.severity))
            out.append(fixed: ": ")
            out.append(finding.message)
            out.append(fixed: " [")
            out.append(finding.ruleID)
            out.append(fixed: "]\n")
            if !linesOfPath.isEmpty, let lines = linesOfPath[finding.path], let excerpt = lines.excerpt(finding.range) {
                out.append(excerpt)
            }
            if let suggestion = finding.suggestion {
                out.append(fixed: "    ")
                out.append(color ? "\u{1B}[1;32mhelp\u{1B}[0m" : "help")
                out.append(fixed: ": write '")
                out.append(Self.visible(suggestion))
                out.append(fixed: "'\n")
            }
            for related in finding.related {
                out.appendPlace(related.path, related.range.start)
                out.append(fixed: ": note: ")
                out.append(related.note)
                out.append(fixed: "\n")
            }
        }
        return out.bytes
    }

    /// A suggestion on one line: line breaks and tabs shown as `\n` and `\t` (a fixed text
    /// may span lines; the JSON report carries it as it is).
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" }) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\t": shown += "\\t"
            case "\r": shown += "\\r"
            case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}":
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    public func summary(_ findings: [Finding], bankCount: Int) -> String {
        var counts = SeverityCounts()
        counts.add(findings)
        return summary(counts, bankCount: bankCount)
    }

    public func summary(_ counts: SeverityCounts, bankCount: Int, errorsOnly: Bool = false) -> String {
        if errorsOnly { return plural(counts.errors, "error") + " in " + plural(bankCount, "bank") + "\n" }
        var parts = [plural(counts.errors, "error"), plural(counts.warnings, "warning")]
        if counts.infos > 0 { parts.append(plural(counts.infos, "info")) }
        return parts.joined(separator: ", ") + " in " + plural(bankCount, "bank") + "\n"
    }

    private func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private func paint(_ text: String, _ severity: Severity) -> String {
        guard color else { return text }
        let code: String
        switch severity {
        case .error: code = "1;31"
        case .warning: code = "1;33"
        case .info: code = "1;36"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}

/// A report's text as it is written.
private struct ReportBytes {
    var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// A native string's bytes are read in place; `withUTF8` on a copy, the way before, retained
    /// and checked the string for every piece of every line.
    mutating func append(_ text: String) {
        text.withUTF8Bytes { bytes.append(contentsOf: $0) }
    }

    /// The fixed pieces of a line.
    mutating func append(fixed text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `PATH:LINE:COL`.
    mutating func appendPlace(_ path: String, _ mark: SourceMark) {
        append(path)
        bytes.append(UInt8(ascii: ":"))
        append(mark.line)
        bytes.append(UInt8(ascii: ":"))
        append(mark.column)
    }

    mutating func append(_ number: UInt32) {
        DecimalText.append(Int(number), to: &bytes)
    }
}

/// Lines of a source file and the excerpt shown under a finding.
public struct SourceLines: Sendable {
    let lines: [Substring]
    /// Of each line too long to show whole, by line index, the index of every
    /// `checkpointSpacing`th scalar: a window is found from the nearest one, not by walking the
    /// line from its start for every finding on it.
    private let checkpoints: [Int: [String.Index]]
    static let checkpointSpacing = 256

    /// Splits at the line breaks libyaml counts (`LineBreak`); a leading BOM is dropped.
    public init(_ bytes: [UInt8]) {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: LineBreak.isBreak)
        var checkpoints: [Int: [String.Index]] = [:]
        for (index, line) in lines.enumerated() where line.utf8.count > Self.wholeLineLimit {
            var marks: [String.Index] = []
            var count = 0
            let scalars = line.unicodeScalars
            var position = scalars.startIndex
            while position != scalars.endIndex {
                if count % Self.checkpointSpacing == 0 { marks.append(position) }
                scalars.formIndex(after: &position)
                count += 1
            }
            checkpoints[index] = marks
        }
        self.checkpoints = checkpoints
    }

    /// A line of up to this many Unicode scalars is shown whole under a finding.
    static let wholeLineLimit = 300
    /// Of a longer line, a window of this many scalars around the range is shown, with `…` where
    /// the line goes on: a finding on a 100 KB line would otherwise repeat all of it.
    static let windowWidth = 200
    /// Scalars of the window before the range's start (more when the line ends sooner).
    static let windowLead = 60

    /// The line of `range.start` and a caret line under the range (to the line's end when it
    /// goes on), or under its part in the window shown of a long line.
    public func excerpt(_ range: SourceRange) -> String? {
        let index = Int(range.start.line) - 1
        guard index >= 0, index < lines.count else { return nil }
        let line = lines[index].unicodeScalars
        let start = max(1, Int(range.start.column)) - 1
        // The scalars near the start, from `base` on: as far as a window reaches either way.
        let firstNeeded = max(0, start - Self.windowWidth)
        var position = line.startIndex
        var base = 0
        if let marks = checkpoints[index], !marks.isEmpty {
            let mark = min(firstNeeded / Self.checkpointSpacing, marks.count - 1)
            position = marks[mark]
            base = mark * Self.checkpointSpacing
        }
        while base < firstNeeded, position != line.endIndex {
            line.formIndex(after: &position)
            base += 1
        }
        var near: [Unicode.Scalar] = []
        let lastNeeded = max(start + Self.windowWidth, Self.wholeLineLimit)
        while base + near.count < lastNeeded, position != line.endIndex {
            near.append(line[position])
            line.formIndex(after: &position)
        }
        let atEnd = position == line.endIndex
        let available = base + near.count
        // Past the range's start on the line: to the line's end, and only its first line.
        let end: Int
        if range.end.line == range.start.line, range.end.column > range.start.column {
            end = Int(range.end.column) - 1
        } else if range.end.line > range.start.line {
            end = Int.max
        } else {
            end = start + 1
        }
        var from = 0, to = available
        if !(atEnd && base == 0 && available <= Self.wholeLineLimit) {
            from = max(base, min(start, available) - Self.windowLead)
            to = min(available, from + Self.windowWidth)
            if to - from < Self.windowWidth { from = max(base, to - Self.windowWidth) }
        }
        let clippedBefore = from > 0, clippedAfter = to < available || !atEnd
        var shown = clippedBefore ? "…" : ""
        var caret = clippedBefore ? " " : ""
        for offset in from..<to { shown.unicodeScalars.append(near[offset - base]) }
        if clippedAfter { shown += "…" }
        for offset in from..<start {
            caret += offset < to && near[offset - base] == "\t" ? "\t" : " "
        }
        caret += "^" + String(repeating: "~", count: max(0, min(end, to) - start - 1))
        return "    \(shown)\n    \(caret)\n"
    }
}

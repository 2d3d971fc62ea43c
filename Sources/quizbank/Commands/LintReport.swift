import Foundation
import QuizBank
import QuizLint
import QuizRules

/// `lint`'s report, written as batches of findings come in report order (from
/// `LintEngine.lint(_:reportingTo:)`, or all at once), and what the command tells from all of
/// them at the end: the counts and the findings a fix applies to.
struct LintReport {
    enum Writer {
        case text(TextReporter.Stream)
        /// The rules' counts, written at the end.
        case statistics
        /// The findings go to the spool until the head, which counts them, is known.
        case json(JSONReporter.Stream, ReportSpool)
        case github(GitHubReporter.Stream)
        case gitlab(GitLabReporter.Stream)
        case sarif(SARIFReporter.Stream)
    }

    private var writer: Writer
    private let output: ReportOutput
    /// Errors only (`--quiet`).
    private let errorsOnly: Bool
    private let countsFixes: Bool
    private let inputs: [LintInput]
    /// Of all findings, shown or not.
    private(set) var counts = SeverityCounts()
    private(set) var fixable = (safe: 0, unsafe: 0)
    private var shown = 0
    private var ruleCounts: [String: (count: Int, severity: Severity)] = [:]
    /// The fixers of the file the last findings were in, one for each input of that path.
    private var fixers: (path: String, fixers: [Fixer])?

    init(writer: Writer, errorsOnly: Bool, inputs: [LintInput], output: @escaping ReportOutput) {
        self.writer = writer
        self.errorsOnly = errorsOnly
        self.inputs = inputs
        self.output = output
        if case .statistics = writer { countsFixes = false } else { countsFixes = true }
    }

    mutating func take(_ findings: [Finding]) {
        counts.add(findings)
        if case .statistics = writer {
            for finding in findings { ruleCounts[finding.ruleID, default: (0, finding.severity)].count += 1 }
            return
        }
        if countsFixes { countFixes(findings) }
        let shownFindings = errorsOnly ? findings.filter { $0.severity == .error } : findings
        shown += shownFindings.count
        switch writer {
        case .statistics: break
        case .text(var stream):
            stream.write(shownFindings, to: output)
            writer = .text(stream)
        case .json(var stream, let spool):
            stream.write(shownFindings, to: spool.write)
            writer = .json(stream, spool)
        case .github(var stream):
            stream.write(shownFindings, to: output)
            writer = .github(stream)
        case .gitlab(var stream):
            stream.write(shownFindings, to: output)
            writer = .gitlab(stream)
        case .sarif(var stream):
            stream.write(resolvingFixes(shownFindings), to: output)
            writer = .sarif(stream)
        }
    }

    /// Writes what goes after the findings (the summary), or the whole JSON document.
    mutating func finish(bankCount: Int) throws(CommandFailure) {
        switch writer {
        case .statistics:
            output(Array(LintCommand.statistics(ruleCounts, total: counts.errors + counts.warnings + counts.infos, bankCount: bankCount).utf8))
        case .text(let stream):
            // `--quiet` with no error: nothing at all.
            if !(errorsOnly && shown == 0) { stream.finish(bankCount: bankCount, errorsOnly: errorsOnly, to: output) }
        case .json(var stream, let spool):
            let (head, rest) = stream.finish(bankCount: bankCount)
            output(head)
            try spool.copy(to: output)
            output(rest)
        case .github(var stream):
            stream.finish(bankCount: bankCount, to: output)
        case .gitlab(var stream):
            stream.finish(to: output)
        case .sarif(var stream):
            stream.finish(to: output)
        }
    }

    /// The fixers for the inputs at `path` (none when no input has it).
    private mutating func fixers(for path: String) -> [Fixer] {
        if let fixers, fixers.path == path { return fixers.fixers }
        let made = inputs.filter { $0.path == path }.map { Fixer(source: $0.bytes) }
        fixers = (path, made)
        return made
    }

    /// Counts the findings a fix would apply to, safe and unsafe (a fix whose place no longer
    /// reads as it was made for does not count), once for each input of the finding's path.
    private mutating func countFixes(_ findings: [Finding]) {
        for finding in findings {
            guard let fix = finding.fix else { continue }
            for fixer in fixers(for: finding.path) where fixer.applies(fix) {
                if fix.safety == .safe { fixable.safe += 1 } else { fixable.unsafe += 1 }
            }
        }
    }

    /// The findings with each fix as the bytes it writes (or none where it does not apply), by
    /// the first input of the finding's path.
    private mutating func resolvingFixes(_ findings: [Finding]) -> [Finding] {
        guard findings.contains(where: { $0.fix != nil }) else { return findings }
        return findings.map { finding in
            guard let fix = finding.fix, let fixer = fixers(for: finding.path).first else { return finding }
            var resolved = finding
            resolved.fix = fixer.resolved(fix)
            return resolved
        }
    }
}

/// Bytes set aside until what goes before them is known (the JSON report's findings, until the
/// summary that counts them), in a temporary file removed as soon as it is open, so that they
/// are never held whole in memory.
final class ReportSpool {
    private var descriptor: Int32
    /// Where the file could not be made: the bytes, in memory.
    private var kept: [UInt8] = []
    /// The `errno` of the first failed write; later writes are skipped.
    private var failure: Int32?

    init() {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(FilePath.join(folder, "quizbank-report.XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
    }

    func write(_ bytes: [UInt8]) {
        guard descriptor >= 0 else {
            kept += bytes
            return
        }
        guard failure == nil else { return }
        failure = bytes.withUnsafeBytes { Terminal.writeAll($0, to: descriptor) }
    }

    /// Hands everything written to `output`, a piece at a time.
    func copy(to output: ReportOutput) throws(CommandFailure) {
        guard descriptor >= 0 else {
            output(kept)
            return
        }
        if let failure { throw CommandFailure(message: "cannot set the report aside in a temporary file: \(String(cString: strerror(failure)))") }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw CommandFailure(message: "cannot read back the report's temporary file: \(String(cString: strerror(errno)))")
        }
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = piece.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure(message: "cannot read back the report's temporary file: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            output(Array(piece[..<count]))
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}

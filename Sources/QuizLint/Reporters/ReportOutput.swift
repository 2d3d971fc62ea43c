import QuizBank
import QuizSupport

/// Where a report goes while it is written: consecutive pieces of its UTF-8, in order. A
/// reporter hands over a piece every `ReportOutput.pieceSize` bytes or so, so that a report of
/// millions of findings never sits in memory whole.
public typealias ReportOutput = (_ piece: [UInt8]) -> Void

enum ReportPieces {
    /// About what a reporter gathers before handing it over.
    static let pieceSize = 1 << 16

    /// What `write` hands over, joined: the report as one string (for tests and small runs).
    static func joined(_ write: (ReportOutput) -> Void) -> String {
        var bytes: [UInt8] = []
        write { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension JSONWriter {
    /// Hands what is written so far to `output` once it is a piece's worth (see `ReportOutput`).
    mutating func handOver(to output: ReportOutput, atLeast size: Int = ReportPieces.pieceSize) {
        guard bytes.count >= size else { return }
        output(bytes)
        removeBytes()
    }
}

/// How many findings of each severity a report has had so far.
public struct SeverityCounts: Sendable, Equatable {
    public private(set) var errors = 0
    public private(set) var warnings = 0
    public private(set) var infos = 0

    public init() {}

    public mutating func add(_ findings: [Finding]) {
        for finding in findings {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
    }
}

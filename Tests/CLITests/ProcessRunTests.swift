import Foundation
import Testing
import TestSupport

/// The harness every CLI test runs programs through (`ProcessRun`): input and output of any
/// size, and a child that stops reading early.
struct ProcessRunTests {
    private let shell = URL(fileURLWithPath: "/bin/sh")
    private let megabyte = String(repeating: "0123456789abcde\n", count: 1 << 16)

    /// A child that exits without reading its input: the write ends with EPIPE, and the test
    /// process, which would otherwise be killed by SIGPIPE, reads the child's status.
    @Test func aChildThatReadsNoInputLeavesTheTestRunning() throws {
        let run = try ProcessRun(shell, ["-c", "exit 3"], input: megabyte, timeout: 60)
        #expect(run.status == 3)
        #expect(!run.timedOut)
    }

    /// More input than a pipe holds, echoed back: feeding it must not wait on the child, which
    /// waits on its full output pipe.
    @Test func inputAndOutputLargerThanAPipeGoThrough() throws {
        let run = try ProcessRun(shell, ["-c", "cat"], input: megabyte, timeout: 60)
        #expect(run.status == 0)
        #expect(!run.timedOut)
        #expect(run.stdout == megabyte)
    }
}

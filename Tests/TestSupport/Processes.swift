import Foundation

/// The repository the tests run in, and the data they read.
public enum TestRepository {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The OpenTriviaQA banks the tests read: the sample under Tests/Data, or the folder that
    /// QUIZBANK_CORPUS names (`make corpus-test` names the whole corpus).
    public static let corpus = ProcessInfo.processInfo.environment["QUIZBANK_CORPUS"].map { URL(fileURLWithPath: $0) }
        ?? root.appendingPathComponent("Tests/Data/opentriviaqa")
    public static let corpusIsTheSample = ProcessInfo.processInfo.environment["QUIZBANK_CORPUS"] == nil

    /// A product of the package as built: the debug build, or the release build when there is
    /// no debug one.
    public static func builtProduct(_ name: String) -> URL {
        let candidates = [".build/debug/\(name)", ".build/release/\(name)"].map { root.appendingPathComponent($0) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }
}

/// A program run to its end, with what it printed: every test that runs one (the built
/// `quizbank`, an example player, a shell, git) goes through here.
public struct ProcessRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Killed at the timeout.
    public var timedOut: Bool

    /// Runs `executable` with `arguments` in `directory`, with the test's environment changed by
    /// `environment` and without GITHUB_ACTIONS (so that it prints as it does anywhere), `input`
    /// on standard input (else the test's own), killed after `timeout` seconds if given, so that
    /// a hang fails the test instead of holding up the suite.
    public init(_ executable: URL, _ arguments: [String], input: String? = nil, in directory: URL? = nil,
                environment: [String: String] = [:], timeout: Double? = nil) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "GITHUB_ACTIONS")
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        if input != nil { process.standardInput = stdin }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // SIGKILL: a child of the test runner may have SIGTERM blocked.
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { [process] in if process.isRunning { kill(pid, SIGKILL) } }
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer) }
        let fed = input.map { Self.feed($0, to: stdin.fileHandleForWriting) }
        // Read both pipes before waiting so that a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        fed?.wait()
        killer.cancel()
        timedOut = timeout != nil && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        status = process.terminationStatus
        stdout = String(decoding: outData, as: UTF8.self)
        stderr = String(decoding: errData, as: UTF8.self)
    }

    /// Writes `input` to a child's standard input and closes it, on a thread of its own: a child
    /// that prints much before it reads cannot then block on a full pipe while the test waits on
    /// the write, and one that exits without reading all of it ends the write (EPIPE) without
    /// killing the test process by SIGPIPE, which is blocked on that thread (a write's SIGPIPE
    /// is the writing thread's, and goes with it). Signals when the pipe is closed.
    private static func feed(_ input: String, to handle: FileHandle) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let bytes = Array(input.utf8)
        let writer = Thread {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { Foundation.write(handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count > 0 { written += count } else if count < 0 && errno == EINTR { continue } else { break }
            }
            try? handle.close()
            done.signal()
        }
        writer.start()
        return done
    }
}

/// A fresh folder for one test's files.
public struct Scratch {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("quizbank-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    public func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    public func remove() { try? FileManager.default.removeItem(at: url) }
}

import Foundation
import Testing
import QuizBank

/// `withImageFile` reads regular files only, and never waits on one that is not.
@Suite struct ImageFileTests {
    static func read(_ path: String) -> Result<[UInt8], ImageFileError> {
        do throws(ImageFileError) {
            return .success(try withImageFile(atPath: path) { file throws(ImageFileError) in try file.readToEnd() })
        } catch {
            return .failure(error)
        }
    }

    @Test func aRegularFileIsReadWhole() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("quizbank-image-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: file)
        #expect(Self.read(file.path) == .success(bytes))
        let head = try withImageFile(atPath: file.path) { file throws(ImageFileError) in
            (try file.read(upTo: 10), try file.read(upTo: 5))
        }
        #expect(head.0 == Array(bytes[0..<10]) && head.1 == Array(bytes[10..<15]))
    }

    @Test func devicesFIFOsAndFoldersAreNotRead() throws {
        #expect(Self.read("/dev/zero") == .failure(.notRegularFile(kind: "a character device")))
        #expect(Self.read("/dev/null") == .failure(.notRegularFile(kind: "a character device")))
        #expect(Self.read(FileManager.default.temporaryDirectory.path) == .failure(.missing))
        #expect(Self.read("/nonexistent/sun.png") == .failure(.missing))
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("quizbank-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o644) == 0)
        defer { unlink(fifo) }
        // Opened without a writer, it would block here for ever.
        #expect(Self.read(fifo) == .failure(.notRegularFile(kind: "a FIFO")))
    }
}

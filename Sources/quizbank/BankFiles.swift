import Foundation
import QuizBank

/// Finds bank files under the paths a user gave, and reads them.
enum BankFiles {
    /// Files as given; folders searched (recursively, hidden folders skipped) for `*.yaml` and
    /// `*.yml` files whose top level has a `quizbank:` key and that `isIgnored` does not
    /// exclude. Sorted, without repeats.
    static func find(_ paths: [String], isIgnored: (String) throws(CommandFailure) -> Bool = { _ in false }) throws(CommandFailure) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandFailure(message: "no such file or folder: \(path)")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            var found: [String] = []
            guard let enumerator = manager.enumerator(atPath: path) else {
                throw CommandFailure(message: "cannot read folder: \(path)")
            }
            while let relative = enumerator.nextObject() as? String {
                let name = FilePath.name(of: relative)
                if name.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                guard name.hasSuffix(".yaml") || name.hasSuffix(".yml") else { continue }
                let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
                if isBank(full), try !isIgnored(full) { found.append(full) }
            }
            files += found.sorted()
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }

    /// A YAML file is a bank when a line starts with `quizbank:` (the format version key).
    static func isBank(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: 4096)
        let text = String(decoding: head, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).contains { $0.hasPrefix("quizbank:") || $0.hasPrefix("\u{FEFF}quizbank:") }
    }

    /// The whole file, read straight into one buffer.
    static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw CommandFailure(message: "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw CommandFailure(message: "cannot read \(path): \(String(cString: strerror(errno)))") }
        // One byte more than the file's size, so that the end shows without growing the buffer;
        // not zeroed first, read straight in. A file that grows meanwhile is read on in pieces.
        var failure: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size) + 1) { buffer, initialized in
            LargeBuffer.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            failure = readAll(descriptor, into: UnsafeMutableRawBufferPointer(buffer), count: &initialized)
        }
        var reachedEnd = bytes.count <= Int(info.st_size)
        while failure == nil, !reachedEnd {
            let more = [UInt8](unsafeUninitializedCapacity: 65536) { buffer, initialized in
                failure = readAll(descriptor, into: UnsafeMutableRawBufferPointer(buffer), count: &initialized)
            }
            bytes += more
            reachedEnd = more.count < 65536
        }
        if let failure { throw CommandFailure(message: "cannot read \(path): \(String(cString: strerror(failure)))") }
        return bytes
    }

    /// Reads until `buffer` is full or the file ends; the errno of a failed read, else nil.
    private static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, count: inout Int) -> Int32? {
        count = 0
        while count < buffer.count {
            let got = Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if got < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if got == 0 { break }
            count += got
        }
        return nil
    }

    /// The bank files under `paths`; none at all is an error (status 2).
    static func findBanks(_ paths: [String], isIgnored: (String) throws(CommandFailure) -> Bool = { _ in false }) throws(CommandFailure) -> [String] {
        guard !paths.isEmpty else { throw CommandFailure(message: "name at least one bank file or folder") }
        let files = try find(paths, isIgnored: isIgnored)
        guard !files.isEmpty else {
            throw CommandFailure(message: "no banks found in \(paths.joined(separator: ", ")) (a bank is a .yaml or .yml file with a top-level `quizbank:` key)")
        }
        return files
    }
}

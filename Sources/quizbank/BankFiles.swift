import Foundation
import QuizBank
import QuizSupport
import QuizYAML

/// Finds bank files under the paths a user gave, and reads them.
///
/// A file named on the command line is always a bank. In a folder (searched recursively,
/// hidden files and folders skipped), a `*.yaml` or `*.yml` file is a bank when its top-level
/// mapping (read with libyaml, `TopLevelKeys`) has a `quizbank` key, or looks meant to be a
/// bank: a key within two edits of `quizbank` (`quizbnak`), or `questions` beside `id` or
/// `title`. A UTF-16 file is judged by its text, then linted (and reported) as a bank. Other
/// YAML files (CI configurations, other tools' files) are passed over, each with its reason
/// (`lint --list-files`); what cannot be read at all (no permission, a FIFO or device) is
/// reported, never passed over in silence.
enum BankFiles {
    /// The YAML files of a search, and what was made of each.
    struct Search {
        /// Bank files, in the order found: paths as given, then each folder's banks sorted.
        var banks: [String] = []
        /// YAML files found in folders that are not banks, with the reason.
        var passedOver: [(path: String, reason: String)] = []
        /// Files that could not be looked at: `cannot read PATH: REASON`. A run with any
        /// ends with status 2.
        var unreadable: [String] = []
    }

    /// Files as given; folders searched for banks, leaving out what `isIgnored` excludes.
    static func search(_ paths: [String], isIgnored: (String) throws(CommandFailure) -> Bool = { _ in false }) throws(CommandFailure) -> Search {
        var search = Search()
        let manager = FileManager.default
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                if errno == ENOENT || errno == ENOTDIR { throw CommandFailure(message: "no such file or folder: \(path)") }
                throw CommandFailure(message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                if let kind = notRegular(info) { throw CommandFailure(message: "cannot read \(path): it is \(kind), not a file") }
                search.banks.append(path)
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else {
                throw CommandFailure(message: "cannot read folder: \(path)")
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let name = FilePath.name(of: relative)
                if name.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                guard name.hasSuffix(".yaml") || name.hasSuffix(".yml") else { continue }
                // The current folder (`lint` with no path) is not written before what it holds.
                let full = path == "." ? relative : path.hasSuffix("/") ? path + relative : path + "/" + relative
                guard try !isIgnored(full) else { continue }
                switch examine(full) {
                case .bank: found.append(full)
                case .folder: continue
                case .notBank(let reason): search.passedOver.append((full, reason))
                case .unreadable(let reason): search.unreadable.append("cannot read \(full): \(reason)")
                }
            }
            search.banks += found.sorted()
        }
        var seen: Set<String> = []
        search.banks = search.banks.filter { seen.insert($0).inserted }
        search.passedOver.sort { $0.path < $1.path }
        return search
    }

    /// What a YAML file found in a folder is.
    enum Verdict: Equatable {
        case bank
        /// A folder named like a YAML file: searched, not read.
        case folder
        case notBank(String)
        case unreadable(String)
    }

    /// Looks at a file found in a folder: only a regular file is opened (a FIFO would block,
    /// a device never end), and only its top level is read.
    static func examine(_ path: String) -> Verdict {
        var info = stat()
        guard stat(path, &info) == 0 else { return .unreadable(String(cString: strerror(errno))) }
        if info.st_mode & S_IFMT == S_IFDIR { return .folder }
        if let kind = notRegular(info) { return .unreadable("it is \(kind), not a file") }
        let head: [UInt8]
        do {
            head = try readStart(path, count: 65_536)
        } catch {
            return .unreadable(error.reason)
        }
        if let verdict = verdict(of: head, whole: head.count < 65_536) { return verdict }
        do {
            return verdict(of: try readWhole(path), whole: true) ?? .notBank("no top-level `quizbank` key")
        } catch {
            return .unreadable(error.reason)
        }
    }

    /// The verdict on a file's text; nil when `bytes` is only the start of a larger file and
    /// its top level goes on past it.
    static func verdict(of bytes: [UInt8], whole: Bool) -> Verdict? {
        let text = utf8Text(of: bytes)
        let top = TopLevelKeys.read(text, until: isVersionKey)
        if top.keys.contains(where: isVersionKey) { return .bank }
        if top.keys.contains("questions"), top.keys.contains("id") || top.keys.contains("title") { return .bank }
        if let problem = top.problem {
            // Cut short by the end of the part read: read it all before deciding.
            if !whole { return nil }
            // Not YAML up to a decision: a line that starts with a bank's version key still
            // makes it one (and lint reports the YAML error).
            if linesStartWithVersionKey(text) { return .bank }
            return .notBank("not valid YAML before any bank key (line \(problem.range.start.line), column \(problem.range.start.column): \(problem.message))")
        }
        if !top.hasRoot { return .notBank("no YAML document in it (empty, or only comments)") }
        if !top.rootIsMapping { return .notBank("its top level is not a mapping") }
        let shown = top.keys.prefix(4).map { "`\($0)`" }.joined(separator: ", ") + (top.keys.count > 4 ? ", ..." : "")
        return .notBank("no top-level `quizbank` key (its keys: \(shown))")
    }

    /// `quizbank`, in any case, or within two edits of it (`quizbnak`, `quiz-bank`).
    static func isVersionKey(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return lowered == "quizbank" || (key.count >= 6 && key.count <= 10 && editDistance(lowered, "quizbank") <= 2)
    }

    /// Whether a line starts with the version key, quoted or not, then `:`.
    private static func linesStartWithVersionKey(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).contains { line in
            var line = Substring(line)
            if line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            guard let colon = line.firstIndex(of: ":") else { return false }
            let key = line[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            return isVersionKey(key)
        }
    }

    /// The text as UTF-8: UTF-16 (with a byte order mark, or with every other byte zero, as
    /// Windows tools save it) is converted, so that it can be judged; the linter then reports
    /// the encoding.
    private static func utf8Text(of bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2 else { return bytes }
        var bigEndian: Bool
        var start = 0
        if bytes[0] == 0xFF && bytes[1] == 0xFE {
            bigEndian = false
            start = 2
        } else if bytes[0] == 0xFE && bytes[1] == 0xFF {
            bigEndian = true
            start = 2
        } else {
            let sample = bytes.prefix(256)
            let evenZeros = stride(from: 0, to: sample.count, by: 2).filter { sample[$0] == 0 }.count
            let oddZeros = stride(from: 1, to: sample.count, by: 2).filter { sample[$0] == 0 }.count
            let pairs = sample.count / 2
            guard pairs > 0, max(evenZeros, oddZeros) * 4 >= pairs * 3 else { return bytes }
            bigEndian = evenZeros > oddZeros
        }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let pair = bigEndian ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]) : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
            units.append(pair)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// `a FIFO`, `a device`, ... for what is not a regular file (nil for one).
    private static func notRegular(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Opens a file for reading, refusing anything but a regular file without waiting on it.
    private static func openRegular(_ path: String) throws(ReadFailure) -> Int32 {
        // Non-blocking, so that opening a FIFO does not wait for a writer; fstat then refuses it.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw ReadFailure(reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ReadFailure(reason: reason)
        }
        if let kind = notRegular(info) {
            close(descriptor)
            throw ReadFailure(reason: "it is \(kind), not a file")
        }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
        return descriptor
    }

    struct ReadFailure: Error {
        var reason: String
    }

    /// The first `count` bytes of a file (fewer when it is shorter).
    private static func readStart(_ path: String, count: Int) throws(ReadFailure) -> [UInt8] {
        let descriptor = try openRegular(path)
        defer { close(descriptor) }
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            failure = readAll(descriptor, into: UnsafeMutableRawBufferPointer(buffer), count: &initialized)
        }
        if let failure { throw ReadFailure(reason: String(cString: strerror(failure))) }
        return bytes
    }

    /// The whole file, read straight into one buffer.
    static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        do {
            return try readWhole(path)
        } catch {
            throw CommandFailure(message: "cannot read \(path): \(error.reason)")
        }
    }

    private static func readWhole(_ path: String) throws(ReadFailure) -> [UInt8] {
        let descriptor = try openRegular(path)
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadFailure(reason: String(cString: strerror(errno))) }
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
        if let failure { throw ReadFailure(reason: String(cString: strerror(failure))) }
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

    /// The bank files under `paths`; none at all is an error (status 2). What could not be
    /// read is reported on stderr as it is found; the caller ends with status 2 when
    /// `unreadable` is not empty.
    static func findBanks(_ paths: [String], command: String, isIgnored: (String) throws(CommandFailure) -> Bool = { _ in false }) throws(CommandFailure) -> Search {
        guard !paths.isEmpty else { throw CommandFailure(message: "name at least one bank file or folder") }
        let search = try search(paths, isIgnored: isIgnored)
        for message in search.unreadable { Terminal.standardError.write("quizbank \(command): \(message)\n") }
        guard !search.banks.isEmpty else {
            if !search.unreadable.isEmpty { throw CommandFailure(message: "no readable banks found in \(paths.joined(separator: ", "))") }
            let passed = search.passedOver.isEmpty ? "" : " (\(search.passedOver.count) YAML file\(search.passedOver.count == 1 ? "" : "s") passed over; see `quizbank lint --list-files`)"
            throw CommandFailure(message: "no banks found in \(paths.joined(separator: ", ")) (a bank is a .yaml or .yml file with a top-level `quizbank:` key)\(passed)")
        }
        return search
    }
}

/// A bank piped in (`lint -`), read to its end.
enum StandardInput {
    static func readAll() throws(CommandFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = chunk.withUnsafeMutableBytes { Foundation.read(0, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw CommandFailure(message: "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if got == 0 { return bytes }
            bytes += chunk[0..<got]
        }
    }
}

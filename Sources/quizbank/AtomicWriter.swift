import Foundation
import QuizBank
import QuizCompile

/// Writes a run's files as one set that replaces the previous set in one step.
///
/// `DIR` (the `-o` folder) is a symbolic link to a folder of one whole set, kept in
/// `.<DIR's name>.quizbank/` beside it (the store). A run writes its files, under their own
/// names, into a new numbered folder of the store, as the compiler makes them
/// (`DocumentSink`); once every one is complete (`commit`) it lists them in `<N>.files` and
/// replaces the link by rename(2) of a new link: a reader of `DIR` finds the whole old set or
/// the whole new one, also when a run is killed at any moment. Then the old set goes, and with
/// it what killed runs left in the store. A failed run removes its folder (and the folders it
/// made), and `DIR` stays as it was.
///
/// The images the documents refer to are copied into the set too (unless `copiesImages` is
/// off), each at the path the documents give it, so that it resolves from the documents' folder:
/// `DIR/signs/stop.png` for `signs/stop.png`. An image several banks or locales use is written
/// once; two banks with different images at one path stop the run. The set's folders are
/// quizbank's, listed through the files in them.
///
/// Files someone else put in `DIR` (not listed in its set's `<N>.files`) are carried into the
/// new set as hard links and are never deleted; a folder there that quizbank did not make, or
/// such a file inside one it made, stops the run, as does a plain
/// `DIR` folder (an older quizbank's output) holding anything but compiled documents and that
/// version's temporary files. Such a folder of compiled documents becomes the old set: it is
/// moved into the store and the link put in its place (between those two renames, `DIR` is
/// missing for an instant).
///
/// There is no fsync: compiled files are rebuilt by running again, so surviving a power cut
/// is not worth the wait on every compile (about 13 ms for a 29 MB document here).
final class AtomicWriter: DocumentSink {
    private let output: String
    private let copiesImages: Bool
    private let command: String
    private var store: OutputStore?
    private var prepared = false
    /// The names written into the new set so far.
    private var names: Set<String> = []
    /// The images written into the new set: path in the set, its hash and the bank it came from.
    private var images: [String: (sha256: String, bank: String)] = [:]
    /// The bank being compiled, and the images it was the first to write.
    private var bank = ""
    private var bankImages: [String] = []
    /// The current bank's files, in the order `start` named them: descriptor and name.
    private var current: [(descriptor: Int32, name: String)] = []
    /// The first thing that went wrong; nothing more is written after it.
    private(set) var failure: CommandFailure?

    /// `command` names the writer in its notes (`quizbank compile: note: ...`).
    init(directory: String, copiesImages: Bool = true, command: String = "compile") {
        output = directory
        self.copiesImages = copiesImages
        self.command = command
    }

    /// The next `start` names the files of another bank, the file at `path` (the current one's stay).
    func nextBank(_ path: String) {
        closeCurrent()
        current = []
        bank = path
        bankImages = []
    }

    func start(_ fileNames: [String]) {
        // Again for the same bank: the compiler starts over, so what it wrote goes.
        closeCurrent()
        if let store {
            for entry in current {
                unlink(store.newSetPath(entry.name))
                names.remove(entry.name)
            }
            // Its images too: a header key after the questions may have moved the image root.
            for name in bankImages {
                unlink(store.newSetPath(name))
                images[name] = nil
            }
        }
        current = []
        bankImages = []
        guard failure == nil, let store = prepare() else { return }
        for name in fileNames {
            if let image = images[name] {
                failure = CommandFailure(message: "cannot write \(FilePath.join(output, name)) for \(bank): \(image.bank) has an image of that path")
                return
            }
            // Two banks of one run may have the same id: the later one wins, as it would
            // written one after the other.
            let path = store.newSetPath(name)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else {
                failure = CommandFailure(message: "cannot write \(path): \(String(cString: strerror(errno)))")
                return
            }
            names.insert(name)
            current.append((descriptor, name))
        }
    }

    func append(_ bytes: ArraySlice<UInt8>, toDocument index: Int) {
        guard failure == nil, index < current.count, let store else { return }
        let entry = current[index]
        if let error = bytes.withUnsafeBytes({ Terminal.writeAll($0, to: entry.descriptor) }) {
            failure = CommandFailure(message: "cannot write \(store.newSetPath(entry.name)): \(String(cString: strerror(error)))")
        }
    }

    func image(_ bytes: [UInt8], path: String, sha256: String) {
        guard copiesImages, failure == nil, let store = prepare() else { return }
        let destination = FilePath.join(output, path)
        // The path as a reader of the documents resolves it (`.` and `..` taken lexically); the
        // decoder saw to it that it stays under the image root.
        var components: [Substring] = []
        for component in path.split(separator: "/") where component != "." {
            if component == ".." { _ = components.popLast() } else { components.append(component) }
        }
        let name = components.joined(separator: "/")
        guard !name.isEmpty, !name.contains("\n") else {
            failure = CommandFailure(message: "cannot copy image '\(path)' of \(bank) into \(output): the path names no file there")
            return
        }
        if let written = images[name] {
            guard written.sha256 != sha256 else { return }
            failure = CommandFailure(message: "cannot write \(destination) for \(bank): \(written.bank) has a different image at that path (sha256 \(written.sha256), not \(sha256)); give one of them another path")
            return
        }
        if names.contains(name) {
            failure = CommandFailure(message: "cannot write image \(destination) for \(bank): a compiled document has that name")
            return
        }
        let file = store.newSetPath(name)
        do {
            try FileManager.default.createDirectory(atPath: FilePath.directory(of: file), withIntermediateDirectories: true)
        } catch {
            failure = CommandFailure(message: "cannot create the folder of \(destination): \(error.localizedDescription)")
            return
        }
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            failure = CommandFailure(message: "cannot write \(file): \(String(cString: strerror(errno)))")
            return
        }
        defer { close(descriptor) }
        images[name] = (sha256, bank)
        bankImages.append(name)
        if let error = bytes.withUnsafeBytes({ Terminal.writeAll($0, to: descriptor) }) {
            failure = CommandFailure(message: "cannot write \(file): \(String(cString: strerror(error)))")
        }
    }

    /// Puts the new set in place of the old one; on any failure, removes it and throws.
    func commit() throws(CommandFailure) {
        closeCurrent()
        current = []
        if failure == nil { _ = prepare() }
        if let failure {
            rollback()
            throw failure
        }
        guard let store else { return }
        do throws(CommandFailure) {
            try store.publish(names: names.union(images.keys))
        } catch {
            rollback()
            throw error
        }
        for note in store.removeOldSets() { Terminal.standardError.write("quizbank \(command): note: \(note)\n") }
        store.unlock()
        self.store = nil
    }

    /// Removes the new set (and the store and folders, if this run made them).
    func rollback() {
        closeCurrent()
        current = []
        store?.removeNewSet()
        store = nil
        names = []
        images = [:]
        bankImages = []
    }

    private func prepare() -> OutputStore? {
        if prepared { return store }
        prepared = true
        do throws(CommandFailure) {
            store = try OutputStore(output: output)
        } catch {
            failure = error
        }
        return store
    }

    private func closeCurrent() {
        for entry in current where entry.descriptor >= 0 { close(entry.descriptor) }
        current = current.map { (-1, $0.name) }
    }
}

/// The store of one output folder's sets, locked for the run that opened it (another run for
/// the same folder waits): `quizbank.lock` (which marks the folder as quizbank's), the set
/// folders `<N>`, their lists `<N>.files`, and briefly `<N>.files.part` and `<N>.link`.
final class OutputStore {
    static let lockName = "quizbank.lock"
    /// The first bytes of every compiled document, by which an older quizbank's files are known.
    private static let compiledStart = Array("{\n  \"format\": \"quizbank-compiled\",".utf8)

    /// `DIR`, without trailing slashes.
    let link: String
    let path: String
    /// The name of the store as the link's target starts with it.
    private let name: String
    /// The new set's number, 0 until its folder is made.
    private var number = 0
    private var lock: Int32 = -1
    /// What this run made: the store itself, and the folders above it (deepest first).
    private var madeStore = false
    private var madeFolders: [String] = []

    init(output: String) throws(CommandFailure) {
        var link = output
        while link.count > 1, link.hasSuffix("/") { link.removeLast() }
        let last = FilePath.name(of: link)
        if last == "." || last == ".." || last == "/" || last.isEmpty {
            // The link must have a name of its own: the folder named by `.` or `..`.
            guard let real = realpath(link, nil) else {
                throw CommandFailure(message: "cannot find output folder \(output): \(String(cString: strerror(errno)))")
            }
            link = String(cString: real)
            free(real)
            guard link != "/" else { throw CommandFailure(message: "cannot use / as the output folder; name a folder of its own") }
        }
        self.link = link
        name = "." + FilePath.name(of: link) + ".quizbank"
        guard name.utf8.count <= Int(NAME_MAX) else {
            throw CommandFailure(message: "the output folder's name is too long for its store \(name) (at most \(Int(NAME_MAX) - 10) bytes)")
        }
        path = FilePath.join(FilePath.directory(of: link), name)
        try makeParentFolders()
        try openStore()
        var highest = 0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            if let number = Int(entry.prefix { $0.isASCII && $0.isNumber }) { highest = max(highest, number) }
        }
        guard mkdir(setPath(highest + 1), 0o755) == 0 else {
            let failure = CommandFailure(message: "cannot create \(setPath(highest + 1)): \(String(cString: strerror(errno)))")
            removeNewSet()
            throw failure
        }
        number = highest + 1
    }

    func newSetPath(_ file: String) -> String { FilePath.join(setPath(number), file) }

    /// Lists the new set, carries the files of others from the current set, and puts the link
    /// to the new set in place of `DIR` with one rename.
    func publish(names: Set<String>) throws(CommandFailure) {
        let previous = try currentState()
        try write(names.sorted(), asListOf: number)
        var moved: Int?
        switch previous {
        case .none: break
        case .set(let set): try carryForeignFiles(from: set, leaving: names)
        case .plainFolder(let files):
            // An older quizbank's output becomes the old set, removed like one.
            let set = number + 1
            try write(files, asListOf: set)
            guard rename(link, setPath(set)) == 0 else {
                throw CommandFailure(message: "cannot move \(link) into \(path): \(String(cString: strerror(errno)))")
            }
            moved = set
        }
        let temporary = FilePath.join(path, "\(number).link")
        unlink(temporary)
        guard symlink(FilePath.join(name, String(number)), temporary) == 0, rename(temporary, link) == 0 else {
            let failure = CommandFailure(message: "cannot replace \(link): \(String(cString: strerror(errno)))")
            unlink(temporary)
            if let moved { rename(setPath(moved), link) }
            throw failure
        }
    }

    /// Removes every set but the new one, and what killed runs left; returns a note for each
    /// set kept because it holds files quizbank did not write.
    func removeOldSets() -> [String] {
        var notes: [String] = []
        for entry in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
            // Foundation's temporary files, which runs before the set lists were written in place
            // could leave when killed.
            if entry.hasPrefix(".dat.nosync") {
                unlink(FilePath.join(path, entry))
                continue
            }
            let stem = entry.prefix { $0.isASCII && $0.isNumber }
            guard let set = Int(stem), set != number else { continue }
            let rest = entry.dropFirst(stem.count)
            if rest.isEmpty {
                let kept = removeSet(set)
                if !kept.isEmpty {
                    notes.append("kept \(setPath(set)): it holds \(kept.joined(separator: ", ")), which quizbank did not write")
                }
            } else if rest == ".files.part" || rest == ".link" || (rest == ".files" && !exists(setPath(set))) {
                unlink(FilePath.join(path, entry))
            }
        }
        return notes
    }

    /// Removes this run's set, and the store and folders when this run made them.
    func removeNewSet() {
        // Numbered once the store is known to be quizbank's and locked.
        if number > 0 {
            // All of it is this run's: what it wrote, and hard links to what it carried.
            try? FileManager.default.removeItem(atPath: setPath(number))
            for suffix in [".files", ".files.part", ".link"] { unlink(FilePath.join(path, "\(number)\(suffix)")) }
        }
        if madeStore {
            unlink(FilePath.join(path, Self.lockName))
            rmdir(path)
        }
        for folder in madeFolders { rmdir(folder) }
        unlock()
    }

    func unlock() {
        if lock >= 0 { close(lock) }
        lock = -1
    }

    // MARK: - Private

    private enum Previous {
        case none
        case set(Int)
        /// A plain folder of an older quizbank's files (their names).
        case plainFolder([String])
    }

    private func setPath(_ set: Int) -> String { FilePath.join(path, String(set)) }

    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private func makeParentFolders() throws(CommandFailure) {
        var missing: [String] = []
        var folder = FilePath.directory(of: link)
        while !exists(folder), folder != "/", folder != "." {
            missing.append(folder)
            folder = FilePath.directory(of: folder)
        }
        do {
            try FileManager.default.createDirectory(atPath: FilePath.directory(of: link), withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(message: "cannot create output folder \(FilePath.directory(of: link)): \(error.localizedDescription)")
        }
        madeFolders = missing
    }

    /// Makes the store or checks that it is one, and locks it.
    private func openStore() throws(CommandFailure) {
        let lockPath = FilePath.join(path, Self.lockName)
        if mkdir(path, 0o755) == 0 {
            madeStore = true
        } else if errno != EEXIST || !isFolder(path) {
            let failure = CommandFailure(message: "cannot create \(path), where quizbank keeps the sets of \(link): \(errno == EEXIST ? "it is not a folder" : String(cString: strerror(errno)))")
            removeNewSet()
            throw failure
        } else if !exists(lockPath), !((try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty ?? false) {
            // Not made by quizbank (a run killed between making it and its lock leaves it empty).
            let failure = CommandFailure(message: "\(path) is not quizbank's (it has no \(Self.lockName)); move it away to compile into \(link)")
            removeNewSet()
            throw failure
        }
        if !exists(lockPath) {
            let about = "quizbank compile keeps the sets of \(FilePath.name(of: link)), a link to the current one, here.\n"
            _ = FileManager.default.createFile(atPath: lockPath, contents: Data(about.utf8))
        }
        lock = open(lockPath, O_RDWR)
        guard lock >= 0 else {
            let failure = CommandFailure(message: "cannot create \(lockPath): \(String(cString: strerror(errno)))")
            removeNewSet()
            throw failure
        }
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
    }

    /// What `DIR` is now.
    private func currentState() throws(CommandFailure) -> Previous {
        var info = stat()
        guard lstat(link, &info) == 0 else {
            guard errno == ENOENT else { throw CommandFailure(message: "cannot read \(link): \(String(cString: strerror(errno)))") }
            return .none
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) ?? ""
            guard target.hasPrefix(name + "/"), let set = Int(target.dropFirst(name.count + 1)), set > 0 else {
                throw CommandFailure(message: "\(link) is a link quizbank did not make (to \(target)); name the folder it links to with -o, or remove it")
            }
            return isFolder(setPath(set)) ? .set(set) : .none
        case S_IFDIR:
            var files: [String] = []
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: link)) ?? []).sorted() {
                guard isOlderQuizbanksFile(FilePath.join(link, entry), named: entry) else {
                    throw CommandFailure(message: "cannot replace \(link): it holds \(entry), which quizbank did not write. Compile keeps \(link) as a link to a set of files it replaces as a whole; move \(entry) out of \(link), or name another folder with -o")
                }
                files.append(entry)
            }
            return .plainFolder(files)
        default:
            throw CommandFailure(message: "cannot write into \(link): it is not a folder")
        }
    }

    /// A compiled document, or a temporary file of a quizbank that renamed each file into place
    /// (`.<name>.<pid>.<n>.tmp`).
    private func isOlderQuizbanksFile(_ path: String, named entry: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let parts = entry.split(separator: ".", omittingEmptySubsequences: false)
        if entry.hasPrefix("."), parts.count >= 6, parts.last == "tmp",
           parts[parts.count - 2].allSatisfy(\.isNumber), parts[parts.count - 3].allSatisfy(\.isNumber),
           parts[parts.count - 4] == "json" {
            return true
        }
        guard entry.hasSuffix(".json") else { return false }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: Self.compiledStart.count)
        let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == start.count && start == Self.compiledStart
    }

    /// Writes `<set>.files`, complete or not at all.
    private func write(_ files: [String], asListOf set: Int) throws(CommandFailure) {
        let list = FilePath.join(path, "\(set).files")
        let partial = list + ".part"
        let text = files.map { $0 + "\n" }.joined()
        // Written in place, not through FileManager.createFile: that writes a temporary file of
        // Foundation's own (".dat.nosync…"), which a killed run would leave in the store.
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: partial))
        } catch {
            throw CommandFailure(message: "cannot write \(partial): \(error.localizedDescription)")
        }
        guard rename(partial, list) == 0 else {
            throw CommandFailure(message: "cannot write \(list): \(String(cString: strerror(errno)))")
        }
    }

    /// The names `<set>.files` lists, or nil when it is missing (a run killed before listing them).
    private func listed(_ set: Int) -> Set<String>? {
        guard let data = FileManager.default.contents(atPath: FilePath.join(path, "\(set).files")) else { return nil }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// The folders of the listed paths (`a` and `a/b` for `a/b/c.png`).
    private static func folders(of listed: Set<String>) -> Set<String> {
        var folders: Set<String> = []
        for path in listed {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                folders.insert(String(folder))
            }
        }
        return folders
    }

    /// Hard-links into the new set each file of `set` that quizbank did not write, unless the
    /// new set has a file of that name (the old one then stays in the store, with a note).
    private func carryForeignFiles(from set: Int, leaving names: Set<String>) throws(CommandFailure) {
        let ours = listed(set) ?? []
        let ourFolders = Self.folders(of: ours)
        /// Checks that a folder quizbank made holds only what it wrote.
        func checkFolder(_ relative: String) throws(CommandFailure) {
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: FilePath.join(setPath(set), relative))) ?? []).sorted() {
                let name = relative + "/" + entry
                if ourFolders.contains(name) {
                    try checkFolder(name)
                } else if !ours.contains(name) || isFolder(FilePath.join(setPath(set), name)) {
                    throw CommandFailure(message: "cannot replace \(link): \(FilePath.join(link, name)) is not quizbank's, in a folder of images it made. Each compile replaces \(link) as a whole, carrying along files it did not write only at the top; move \(name) out of \(link)")
                }
            }
        }
        for entry in ((try? FileManager.default.contentsOfDirectory(atPath: setPath(set))) ?? []).sorted() {
            let source = FilePath.join(setPath(set), entry)
            if isFolder(source) {
                // quizbank makes folders only for images: another one is someone else's.
                guard ourFolders.contains(entry) else {
                    throw CommandFailure(message: "cannot replace \(link): \(FilePath.join(link, entry)) is a folder quizbank did not make. Each compile replaces \(link) as a whole, carrying along files it did not write but not folders; move \(entry) out of \(link)")
                }
                try checkFolder(entry)
                continue
            }
            guard !ours.contains(entry), !names.contains(entry) else { continue }
            guard linkat(AT_FDCWD, source, AT_FDCWD, newSetPath(entry), 0) == 0 else {
                throw CommandFailure(message: "cannot carry \(FilePath.join(link, entry)) into the new set: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Removes what quizbank wrote in `set` (all of it when the set was never listed) and the
    /// files carried from it into the new set, then the folders left empty; returns what it kept.
    private func removeSet(_ set: Int) -> [String] {
        let root = setPath(set)
        let ours = listed(set)
        let ourFolders = ours.map(Self.folders) ?? []
        var kept: [String] = []
        func clear(_ relative: String) {
            let folder = relative.isEmpty ? root : FilePath.join(root, relative)
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                let name = relative.isEmpty ? entry : relative + "/" + entry
                let file = FilePath.join(root, name)
                var info = stat()
                guard lstat(file, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    if ourFolders.contains(name) {
                        clear(name)
                        rmdir(file)
                    } else {
                        kept.append(name)
                    }
                    continue
                }
                var carried = stat()
                let isOurs = ours?.contains(name) ?? (relative.isEmpty && info.st_mode & S_IFMT == S_IFREG && entry.hasSuffix(".json"))
                let wasCarried = lstat(newSetPath(name), &carried) == 0 && carried.st_dev == info.st_dev && carried.st_ino == info.st_ino
                if isOurs || wasCarried {
                    unlink(file)
                } else {
                    kept.append(name)
                }
            }
        }
        clear("")
        if rmdir(root) == 0 { unlink(FilePath.join(path, "\(set).files")) }
        return kept
    }
}

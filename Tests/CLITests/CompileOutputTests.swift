import Foundation
import TestSupport
import Testing

/// `compile -o DIR`: DIR is a link to one whole set, replaced in one step.
@Suite struct CompileOutputTests {
    /// A bank in two locales whose title tells the round it was compiled in.
    private static func bank(_ id: String, round: Int) -> String {
        """
        quizbank: 1
        id: \(id)
        title: {en: Round \(round), es: Ronda \(round)}
        locale: en
        locales: [en, es]
        questions:
          - id: q1
            text: {en: "Is this round \(round)?", es: "¿Es la ronda \(round)?"}
            answer: true

        """
    }

    private static func entries(_ path: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path.path)) ?? []).sorted()
    }

    /// The round in a compiled document's title.
    private static func round(of file: URL) -> Int? {
        guard let text = try? String(contentsOf: file, encoding: .utf8),
              let title = text.range(of: "\"title\": \"") else { return nil }
        let rest = text[title.upperBound...]
        return Int(rest.prefix { $0 != "\"" }.split(separator: " ").last ?? "")
    }

    @Test func theOutputFolderIsALinkToTheWholeNewSet() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("banks/a.yaml", Self.bank("a", round: 1))
        try scratch.write("banks/b.yaml", Self.bank("b", round: 1))
        let first = try Run(["compile", "banks", "-o", "out"], in: scratch.url)
        #expect(first.status == 0, "\(first.stderr)")
        let out = scratch.url.appendingPathComponent("out")
        let store = scratch.url.appendingPathComponent(".out.quizbank")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.path) == ".out.quizbank/1")
        #expect(Self.entries(out) == ["a.en.json", "a.es.json", "b.en.json", "b.es.json"])
        #expect(Self.entries(store) == ["1", "1.files", "quizbank.lock"])
        // Without bank b, the new set has no b files: the whole set is replaced, not file by file.
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("banks/b.yaml"))
        try scratch.write("banks/a.yaml", Self.bank("a", round: 2))
        let second = try Run(["compile", "banks/", "-o", "out/"], in: scratch.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.path) == ".out.quizbank/2")
        #expect(Self.entries(out) == ["a.en.json", "a.es.json"])
        #expect(Self.round(of: out.appendingPathComponent("a.es.json")) == 2)
        #expect(Self.entries(store) == ["2", "2.files", "quizbank.lock"], "the old set is removed")
        #expect(try String(contentsOf: store.appendingPathComponent("2.files"), encoding: .utf8) == "a.en.json\na.es.json\n")
    }

    /// An output name taken by a folder: the run stops before anything of the old set changes.
    @Test func aFolderInTheOutputChangesNothingAndExitsTwo() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bank.yaml", Self.bank("a", round: 1))
        #expect(try Run(["compile", "bank.yaml", "-o", "out"], in: scratch.url).status == 0)
        let out = scratch.url.appendingPathComponent("out")
        let store = scratch.url.appendingPathComponent(".out.quizbank")
        try FileManager.default.removeItem(at: out.appendingPathComponent("a.es.json"))
        try FileManager.default.createDirectory(at: out.appendingPathComponent("a.es.json"), withIntermediateDirectories: false)
        let english = try Data(contentsOf: out.appendingPathComponent("a.en.json"))
        try scratch.write("bank.yaml", Self.bank("a", round: 2))
        let run = try Run(["compile", "bank.yaml", "-o", "out"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stderr == "quizbank compile: cannot replace out: out/a.es.json is a folder quizbank did not make. Each compile replaces out as a whole, carrying along files it did not write but not folders; move a.es.json out of out\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.path) == ".out.quizbank/1")
        #expect(try Data(contentsOf: out.appendingPathComponent("a.en.json")) == english)
        #expect(Self.entries(out) == ["a.en.json", "a.es.json"])
        #expect(Self.entries(store) == ["1", "1.files", "quizbank.lock"], "the new set is removed")
    }

    /// A plain folder of an older quizbank's output becomes the old set; one holding anything
    /// else is left alone.
    @Test func aPlainFolderOfCompiledFilesIsReplacedAndOneWithOthersIsLeftAlone() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bank.yaml", Self.bank("a", round: 2))
        let compiled = try Run(["compile", "bank.yaml", "-o", "-"], in: scratch.url).stdout
        try scratch.write("out/old.en.json", compiled)
        try scratch.write("out/.old.es.json.4242.0.tmp", "{\n  \"form")
        try scratch.write("out/old.es.json", "{}\n")
        let out = scratch.url.appendingPathComponent("out")
        let refused = try Run(["compile", "bank.yaml", "-o", "out"], in: scratch.url)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("cannot replace out: it holds old.es.json, which quizbank did not write"), "\(refused.stderr)")
        #expect(Self.entries(out) == [".old.es.json.4242.0.tmp", "old.en.json", "old.es.json"])
        #expect(try String(contentsOf: out.appendingPathComponent("old.es.json"), encoding: .utf8) == "{}\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(".out.quizbank").path))

        try FileManager.default.removeItem(at: out.appendingPathComponent("old.es.json"))
        let replaced = try Run(["compile", "bank.yaml", "-o", "out"], in: scratch.url)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(Self.entries(out) == ["a.en.json", "a.es.json"])
        #expect(Self.entries(scratch.url.appendingPathComponent(".out.quizbank")) == ["1", "1.files", "quizbank.lock"])
    }

    @Test func filesOthersPutInTheFolderAreCarriedAlong() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bank.yaml", Self.bank("a", round: 1))
        #expect(try Run(["compile", "bank.yaml", "-o", "out"], in: scratch.url).status == 0)
        try scratch.write("out/notes.txt", "mine\n")
        for round in 2...3 {
            try scratch.write("bank.yaml", Self.bank("a", round: round))
            let run = try Run(["compile", "bank.yaml", "-o", "out"], in: scratch.url)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty)
        }
        let out = scratch.url.appendingPathComponent("out")
        #expect(Self.entries(out) == ["a.en.json", "a.es.json", "notes.txt"])
        #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine\n")
        #expect(Self.entries(scratch.url.appendingPathComponent(".out.quizbank")) == ["3", "3.files", "quizbank.lock"])
    }

    /// What killed runs leave in the store goes with the next run; what quizbank did not write stays.
    @Test func leftoversOfKilledRunsAreRemoved() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bank.yaml", Self.bank("a", round: 1))
        #expect(try Run(["compile", "bank.yaml", "-o", "out"], in: scratch.url).status == 0)
        // Killed while writing (no list), after listing, while making the link, and one set
        // holding a file quizbank did not write; and Foundation's temporary file, which runs that
        // wrote their lists through FileManager left when killed.
        try scratch.write(".out.quizbank/2/a.en.json", "{\n  \"format\": \"quizbank-compiled\",\n  \"id\": \"a")
        try scratch.write(".out.quizbank/3/a.en.json", "{}")
        try scratch.write(".out.quizbank/3.files", "a.en.json\n")
        try scratch.write(".out.quizbank/4.files.part", "a.en")
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent(".out.quizbank/4.link").path, withDestinationPath: ".out.quizbank/4")
        try scratch.write(".out.quizbank/5/b.en.json", "{}")
        try scratch.write(".out.quizbank/5/README", "mine\n")
        try scratch.write(".out.quizbank/5.files", "b.en.json\n")
        try scratch.write(".out.quizbank/notes.txt", "mine\n")
        try scratch.write(".out.quizbank/.dat.nosync56B1.xncNW3", "a.en")
        let run = try Run(["compile", "bank.yaml", "-o", "out"], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "quizbank compile: note: kept out/../.out.quizbank/5: it holds README, which quizbank did not write\n"
                || run.stderr == "quizbank compile: note: kept ./.out.quizbank/5: it holds README, which quizbank did not write\n", "\(run.stderr)")
        let store = scratch.url.appendingPathComponent(".out.quizbank")
        #expect(Self.entries(store) == ["5", "5.files", "6", "6.files", "notes.txt", "quizbank.lock"])
        #expect(Self.entries(store.appendingPathComponent("5")) == ["README"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.url.appendingPathComponent("out").path) == ".out.quizbank/6")
    }

    /// Killed at any moment, the folder holds one whole set: every file of one run. Some runs
    /// are killed at moments spread over a run's length; the others as soon as any file in
    /// the folder has changed, which in a folder replaced file by file leaves a mix.
    @Test func aRunKilledAtAnyMomentLeavesOneWholeSet() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let banks = 200
        func writeBanks(round: Int) throws {
            for index in 0..<banks { try scratch.write("banks/b\(index).yaml", Self.bank("bank-\(index)", round: round)) }
        }
        let out = scratch.url.appendingPathComponent("out")
        func roundsInOutput() -> (files: Int, rounds: Set<Int?>) {
            let names = Self.entries(out)
            return (names.count, Set(names.map { Self.round(of: out.appendingPathComponent($0)) }))
        }
        func fileIdentities(_ paths: [String]) -> [UInt64] {
            paths.map { path in
                var info = stat()
                return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
            }
        }
        try writeBanks(round: 0)
        let started = Date()
        #expect(try Run(["compile", "banks", "-o", "out"], in: scratch.url).status == 0)
        let duration = Date().timeIntervalSince(started)
        let spread = 4, kills = 7
        var standing = 0
        var published = 0
        for round in 1...kills {
            try writeBanks(round: round)
            let paths = Self.entries(out).map { out.appendingPathComponent($0).path }
            let before = fileIdentities(paths)
            let process = Process()
            process.executableURL = Run.executable
            process.arguments = ["compile", "banks", "-o", "out"]
            process.currentDirectoryURL = scratch.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if round <= spread {
                Thread.sleep(forTimeInterval: duration * Double(round) / Double(spread))
            } else {
                while process.isRunning, fileIdentities(paths) == before { usleep(200) }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let (files, rounds) = roundsInOutput()
            #expect(files == 2 * banks, "round \(round): \(files) files")
            #expect(rounds == [standing] || rounds == [round], "round \(round): files of rounds \(rounds.sorted { ($0 ?? -1) < ($1 ?? -1) })")
            if rounds == [round] {
                standing = round
                published += 1
            }
        }
        #expect(published > 0 && published < kills, "\(published) of \(kills) runs published their set")
        try writeBanks(round: kills + 1)
        #expect(try Run(["compile", "banks", "-o", "out"], in: scratch.url).status == 0)
        #expect(roundsInOutput() == (2 * banks, [kills + 1]))
        let store = Self.entries(scratch.url.appendingPathComponent(".out.quizbank"))
        #expect(store.count == 3 && store.last == "quizbank.lock", "only the set, its list and the lock: \(store)")
    }
}

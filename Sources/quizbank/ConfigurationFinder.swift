import Foundation
import QuizBank
import QuizLint
import QuizRules

/// Finds the `.quizbank.yml` that applies to each bank: the nearest one in the bank's folder or
/// above it, up to the repository root (a folder with `.git`) or the home folder; or the one
/// named with `--config` for every bank.
final class ConfigurationFinder {
    static let fileNames = [".quizbank.yml", ".quizbank.yaml"]

    private let explicit: Configuration?
    private var byDirectory: [String: Configuration] = [:]
    private let rules = RuleRegistry.descriptions

    init(explicitPath: String?) throws(CommandFailure) {
        if let explicitPath {
            explicit = try Self.read(explicitPath, rules: RuleRegistry.descriptions)
        } else {
            explicit = nil
        }
    }

    /// The configuration for the bank at `path`, with the overrides that match it applied.
    func configuration(for path: String) throws(CommandFailure) -> Configuration {
        try file(for: path).settings(for: Self.absolute(path))
    }

    /// Whether a bank found by searching a folder is excluded by its configuration's `ignore`.
    func ignores(_ path: String) throws(CommandFailure) -> Bool {
        try file(for: path).ignores(Self.absolute(path))
    }

    /// The configuration file's settings (with what it extends) that apply to `path`.
    private func file(for path: String) throws(CommandFailure) -> Configuration {
        if let explicit { return explicit }
        return try configuration(inOrAbove: FilePath.directory(of: Self.absolute(path)))
    }

    private func configuration(inOrAbove directory: String) throws(CommandFailure) -> Configuration {
        if let known = byDirectory[directory] { return known }
        var found = Configuration.defaults
        var searched = false
        for name in Self.fileNames {
            let candidate = FilePath.join(directory, name)
            if FileManager.default.fileExists(atPath: candidate) {
                found = try Self.read(candidate, rules: rules)
                searched = true
                break
            }
        }
        if !searched {
            let isRepositoryRoot = FileManager.default.fileExists(atPath: FilePath.join(directory, ".git"))
            let home = FileManager.default.homeDirectoryForCurrentUser.path
            if !isRepositoryRoot && directory != home && directory != "/" {
                found = try configuration(inOrAbove: FilePath.directory(of: directory))
            }
        }
        byDirectory[directory] = found
        return found
    }

    /// Reads a configuration file and, through `extends:`, the files it builds on (each path
    /// relative to the folder of the file that names it; a cycle is an error).
    private static func read(_ path: String, rules: [RuleDescription], extending: [String] = []) throws(CommandFailure) -> Configuration {
        let configuration = try parse(path, rules: rules)
        guard let extends = configuration.extends else { return configuration }
        let base = URL(fileURLWithPath: FilePath.join(configuration.directory, extends.path)).standardizedFileURL.path
        let place = "\(shown(path)):\(extends.range.start.line):\(extends.range.start.column): error:"
        let this = URL(fileURLWithPath: absolute(path)).standardizedFileURL.path
        if extending.contains(base) || base == this {
            throw CommandFailure(message: "\(place) `extends: \(extends.path)` leads back to this file (\((extending + [this, base]).joined(separator: " -> ")))")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CommandFailure(message: "\(place) `extends` names \(extends.path), which is not a file (looked for \(base))")
        }
        return configuration.inheriting(from: try read(base, rules: rules, extending: extending + [this]),
                                        hasOwnLayout: configuration.hasOwnLayout)
    }

    private static func parse(_ path: String, rules: [RuleDescription]) throws(CommandFailure) -> Configuration {
        let bytes = try BankFiles.read(path)
        do {
            return try Configuration.parse(bytes, path: absolute(path), rules: rules)
        } catch {
            // Every problem of the file, one `PATH:LINE:COLUMN: error: MESSAGE` line each.
            let shown = Self.shown(path)
            let lines = error.problems.map { "\(shown):\($0.range.start.line):\($0.range.start.column): error: \($0.message)" }
            let heading = lines.count == 1 ? "" : "\(lines.count) errors in \(shown)\n"
            throw CommandFailure(message: heading + lines.joined(separator: "\n"))
        }
    }

    /// A configuration's path as messages show it: relative to the current folder when it lies
    /// under it (a file found by searching up from a bank is found by its absolute path), as bank
    /// paths are shown as given.
    static func shown(_ path: String) -> String {
        FilePath.relative(path, to: FileManager.default.currentDirectoryPath)
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return FilePath.join(FileManager.default.currentDirectoryPath, String(relative))
    }
}

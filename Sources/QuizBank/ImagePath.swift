import Foundation

/// Checks that an image path stays under the bank's image root, lexically and through symlinks.
struct ImagePathChecker {
    let rootDirectory: String

    init(bankPath: String, imageRoot: String?) {
        rootDirectory = ImagePathChecker.rootDirectory(bankPath: bankPath, imageRoot: imageRoot)
    }

    /// The folder image paths are relative to: the image root, relative to the bank's folder.
    static func rootDirectory(bankPath: String, imageRoot: String?) -> String {
        let base = FilePath.directory(of: bankPath)
        guard let imageRoot, !imageRoot.isEmpty else { return base }
        return FilePath.join(base, imageRoot)
    }

    /// Why `path` is not acceptable, or nil when it is.
    func problem(with path: String) -> String? {
        if path.hasPrefix("/") || path.hasPrefix("~") {
            return "image path '\(path)' is absolute; write it relative to the image root"
        }
        if path.contains("\\") {
            return "image path '\(path)' uses '\\'; write paths with '/'"
        }
        var depth = 0
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": depth -= 1
            default: depth += 1
            }
            if depth < 0 { return "image path '\(path)' leaves the image root" }
        }
        let full = FilePath.join(rootDirectory, path)
        guard let realRoot = realPath(rootDirectory), let realImage = realPath(full) else { return nil }
        if !(realImage + "/").hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") {
            return "image path '\(path)' leads outside the image root through a symbolic link (to \(realImage))"
        }
        return nil
    }

    private func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension BankHeader {
    /// The folder image paths are relative to, as a path usable from the current directory.
    public var imageDirectory: String {
        ImagePathChecker.rootDirectory(bankPath: path, imageRoot: imageRoot)
    }

    /// Where the file of an image path is, relative to the current directory like `path`.
    public func imageFilePath(_ image: String) -> String {
        FilePath.join(imageDirectory, image)
    }
}

/// Path arithmetic on strings as the user wrote them (no normalization, no file system).
public enum FilePath {
    /// The folder part of `path`: "." for a bare file name, "/" for a file at the root.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` relative to the folder `base` when it lies under it (both as given, compared
    /// after dropping `./`), else `path` unchanged.
    public static func relative(_ path: String, to base: String) -> String {
        func parts(_ p: String) -> [Substring] { p.split(separator: "/").filter { $0 != "." } }
        let pathParts = parts(path), baseParts = parts(base)
        guard path.hasPrefix("/") == base.hasPrefix("/"),
              pathParts.count > baseParts.count, Array(pathParts.prefix(baseParts.count)) == baseParts else { return path }
        return pathParts.dropFirst(baseParts.count).joined(separator: "/")
    }

    /// `base/relative`, without doubling a slash.
    public static func join(_ base: String, _ relative: String) -> String {
        if base.isEmpty { return relative }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }
}

import Foundation

/// Picks the locale to show among those a bank has, from the user's preferred languages, by
/// the rules `Bundle.preferredLocalizations(from:forPreferences:)` follows: preferences in
/// order, and for each the first of these that matches wins:
///
/// 1. a locale equal to the preference (`pt-BR` for `pt-BR`; case and `_`/`-` do not matter);
/// 2. the preference made more general, a subtag at a time (`zh-Hant-TW`, then `zh-Hant`, then `zh`);
/// 3. a locale of the same language (`pt-BR` for `pt-PT`, `en-GB` for `en`), the first in the
///    bank's order, but not one that names another script (`zh-Hans` is not `zh-Hant`).
///
/// When no preference matches, the fallback (the bank's source locale).
public enum LocaleMatcher {
    public static func bestLocale(among available: [String], preferences: [String], fallback: String) -> String {
        let candidates = available.map { (tag: $0, subtags: subtags($0)) }
        for preference in preferences {
            let wanted = subtags(preference)
            guard let language = wanted.first, !language.isEmpty else { continue }
            var general = wanted
            while !general.isEmpty {
                if let match = candidates.first(where: { $0.subtags == general }) { return match.tag }
                general.removeLast()
            }
            let wantedScript = script(of: wanted)
            if let match = candidates.first(where: { candidate in
                guard candidate.subtags.first == language else { return false }
                guard let wantedScript, let script = script(of: candidate.subtags) else { return true }
                return script == wantedScript
            }) {
                return match.tag
            }
        }
        return fallback
    }

    private static func subtags(_ tag: String) -> [String] {
        tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    }

    /// The script subtag (four letters, right after the language), if the tag has one.
    private static func script(of subtags: [String]) -> String? {
        guard subtags.count > 1, subtags[1].count == 4, subtags[1].allSatisfy(\.isLetter) else { return nil }
        return subtags[1]
    }
}

/// The documents of one bank, one per compiled locale, and the choice among them.
public struct LocalizedBank: Sendable {
    public let id: String
    /// The documents by locale.
    public let documents: [String: CompiledBank]
    /// Where each document was loaded from, by locale (empty for documents given in memory).
    public let urls: [String: URL]
    /// The locales at hand, in the bank's order (source locale first).
    public let locales: [String]
    /// The document shown when no preference matches: the source locale's, else the first at hand.
    public let fallback: CompiledBank

    /// The bank's documents, all of one bank id (at least one).
    public init(documents: [CompiledBank], urls: [String: URL] = [:]) throws {
        guard let first = documents.first else { throw LoadError(file: nil, reason: .invalid(path: "", problem: "no documents")) }
        var byLocale: [String: CompiledBank] = [:]
        for document in documents {
            guard document.id == first.id else {
                throw LoadError(file: urls[document.locale]?.path, reason: .invalid(path: "id", problem: "'\(document.id)' is not the bank '\(first.id)'"))
            }
            guard byLocale.updateValue(document, forKey: document.locale) == nil else {
                throw LoadError(file: urls[document.locale]?.path, reason: .invalid(path: "locale", problem: "two documents for '\(document.locale)'"))
            }
        }
        id = first.id
        self.documents = byLocale
        self.urls = urls
        locales = first.locales.filter { byLocale[$0] != nil } + byLocale.keys.filter { !first.locales.contains($0) }.sorted()
        fallback = byLocale[first.sourceLocale] ?? byLocale[locales[0]] ?? first
    }

    /// Loads every document of the bank `bankID` in `folder`: the files named
    /// `<bankID>.<locale>.json`, as `quizbank compile` names them.
    public static func load(bankID: String, in folder: URL, verifyingContentHash: Bool = true) throws -> LocalizedBank {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw LoadError(file: folder.path, reason: .unreadable((error as NSError).localizedDescription))
        }
        let prefix = bankID + "."
        var documents: [CompiledBank] = []
        var urls: [String: URL] = [:]
        for name in names.sorted() where name.hasPrefix(prefix) && name.hasSuffix(".json") {
            let locale = name.dropFirst(prefix.count).dropLast(".json".count)
            guard !locale.isEmpty, !locale.contains(".") else { continue }
            let url = folder.appendingPathComponent(name)
            let document = try CompiledBank.load(contentsOf: url, verifyingContentHash: verifyingContentHash)
            documents.append(document)
            urls[document.locale] = url
        }
        guard !documents.isEmpty else {
            throw LoadError(file: folder.path, reason: .invalid(path: "", problem: "no compiled documents of bank '\(bankID)' (\(prefix)<locale>.json)"))
        }
        return try LocalizedBank(documents: documents, urls: urls)
    }

    /// The best locale for the user's preferred languages (`Locale.preferredLanguages`), by
    /// `LocaleMatcher`'s rules.
    public func bestLocale(for preferences: [String]) -> String {
        LocaleMatcher.bestLocale(among: locales, preferences: preferences, fallback: fallback.locale)
    }

    /// The document of `bestLocale(for:)`.
    public func document(for preferences: [String]) -> CompiledBank {
        documents[bestLocale(for: preferences)] ?? fallback
    }
}

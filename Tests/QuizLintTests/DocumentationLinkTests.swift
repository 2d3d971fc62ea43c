import Foundation
import Testing

/// The documentation is read in clones of the repository: every link it makes must lead to a
/// file of the repository, and the format's specification is the repository's own.
@Suite struct DocumentationLinkTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static var documents: [URL] {
        let docs = repository.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [repository.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    @Test func relativeLinksLeadToFilesOfTheRepository() throws {
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        #expect(Self.documents.count > 5)
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for match in text.matches(of: link) {
                let target = String(text[match.range].dropFirst(2).dropLast())
                guard !target.hasPrefix("http"), !target.hasPrefix("#") else { continue }
                let path = String(target.prefix { $0 != "#" })
                let resolved = document.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL.path
                #expect(resolved.hasPrefix(Self.repository.standardizedFileURL.path + "/"), "\(document.lastPathComponent) links outside the repository: \(target)")
                #expect(FileManager.default.fileExists(atPath: resolved), "\(document.lastPathComponent) links to a missing file: \(target)")
            }
        }
    }

    @Test func theFormatIsSpecifiedInTheRepository() throws {
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            #expect(!text.contains("shared/spec/bank-format"), "\(document.lastPathComponent) refers to a specification outside the repository")
        }
    }
}

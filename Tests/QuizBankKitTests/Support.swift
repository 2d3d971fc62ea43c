import Foundation
import QuizBank
import QuizCompile
@testable import QuizBankKit
import TestSupport
import Testing

enum Repository {
    static let root = TestRepository.root
    static let corpus = TestRepository.corpus

    /// The bank files of a folder of the repository (or beside it), sorted.
    static func banks(in folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var banks: [URL] = []
        while let item = enumerator?.nextObject() as? String {
            if item.hasSuffix(".yaml"), !item.contains(".quizbank") { banks.append(folder.appendingPathComponent(item)) }
        }
        return banks.sorted { $0.path < $1.path }
    }

    /// Compiles a bank file the way `quizbank compile` does (streaming, in two parts when large).
    static func compile(_ file: URL) throws -> [CompiledDocument] {
        let result = Compiler().compile(try [UInt8](Data(contentsOf: file)), path: file.path)
        #expect(!result.hasErrors, "\(file.path): \(result.findings.map(\.message))")
        return result.documents
    }

    /// A compiled document of `Banks/`, loaded.
    static func exampleDocument(_ bank: String, _ fileName: String) throws -> (CompiledBank, Data) {
        let document = try #require(try compile(root.appendingPathComponent(bank)).first { $0.fileName == fileName })
        let data = Data(document.bytes)
        return (try CompiledBank.load(from: data, file: fileName), data)
    }
}

extension Scratch {
    /// Writes the documents of each bank into the folder.
    func writeCompiled(_ banks: [URL]) throws {
        for bank in banks {
            for document in try Repository.compile(bank) {
                try Data(document.bytes).write(to: url.appendingPathComponent(document.fileName))
            }
        }
    }

}

/// A JSON value, to compare documents as values: `true` is not `1`, members compare
/// regardless of order, numbers by value.
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(parsing data: Data) throws {
        self = try Self(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    private init(_ value: Any) throws {
        switch value {
        case is NSNull:
            self = .null
        case let number as NSNumber:
            // JSONSerialization makes booleans NSNumbers of type `c` (char), on Linux and Darwin alike.
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            self = .array(try array.map(Self.init))
        case let object as [String: Any]:
            self = .object(try object.mapValues(Self.init))
        default:
            throw CocoaError(.coderReadCorrupt)
        }
    }
}

/// A document whose `sha256` is made right again after `edit` changed its bytes.
func rehashed(_ data: Data, _ edit: (String) -> String) throws -> Data {
    let text = edit(String(decoding: data, as: UTF8.self))
    let bytes = Data(text.utf8)
    let hashed = try #require(CompiledBank.hashedPrefixLength(of: bytes))
    let hash = SHA256.hex(of: bytes.prefix(hashed))
    return bytes.prefix(hashed) + Data("  \"sha256\": \"\(hash)\"\n}\n".utf8)
}

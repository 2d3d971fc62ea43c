import Foundation
@testable import QuizYAML

/// The YAML test suite's cases, vendored under `Tests/Data/yaml-test-suite` (its README says what
/// was copied).
enum Corpus {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let yamlTestSuite = repository.appendingPathComponent("Tests/Data/yaml-test-suite")

    /// Each test of the suite: a folder with `in.yaml`, named like `2G84/01` for numbered subtests.
    /// The suite as published also has `name/` and `tags/` folders of links to the test folders;
    /// links are skipped, so that each test is read once, under its id.
    static func yamlTestCases(in root: URL = yamlTestSuite) -> [String] {
        let manager = FileManager.default
        func isTestFolder(_ path: String) -> Bool {
            guard let type = try? manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType else { return false }
            return type == .typeDirectory
        }
        guard let top = try? manager.contentsOfDirectory(atPath: root.path) else { return [] }
        var names: [String] = []
        for name in top.sorted() {
            let folder = root.appendingPathComponent(name)
            guard isTestFolder(folder.path) else { continue }
            if manager.fileExists(atPath: folder.appendingPathComponent("in.yaml").path) {
                names.append(name)
            } else if let subfolders = try? manager.contentsOfDirectory(atPath: folder.path) {
                for sub in subfolders.sorted() where isTestFolder(folder.appendingPathComponent(sub).path)
                    && manager.fileExists(atPath: folder.appendingPathComponent("\(sub)/in.yaml").path) {
                    names.append("\(name)/\(sub)")
                }
            }
        }
        return names
    }

    static func file(_ testCase: String, _ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: yamlTestSuite.appendingPathComponent("\(testCase)/\(name)").path).map { [UInt8]($0) }
    }
}

/// The yaml-test-suite's `test.event` notation of an event.
func testSuiteNotation(_ event: YAMLEvent) -> String {
    func properties(_ anchor: String?, _ tag: String?) -> String {
        (anchor.map { " &\($0)" } ?? "") + (tag.map { " <\($0)>" } ?? "")
    }
    switch event {
    case .streamStart: return "+STR"
    case .streamEnd: return "-STR"
    case .documentStart(let implicit): return implicit ? "+DOC" : "+DOC ---"
    case .documentEnd(let implicit): return implicit ? "-DOC" : "-DOC ..."
    case .mappingStart(let anchor, let tag, let flow): return "+MAP" + (flow ? " {}" : "") + properties(anchor, tag)
    case .mappingEnd: return "-MAP"
    case .sequenceStart(let anchor, let tag, let flow): return "+SEQ" + (flow ? " []" : "") + properties(anchor, tag)
    case .sequenceEnd: return "-SEQ"
    case .alias(let anchor): return "=ALI *\(anchor)"
    case .scalar(let value, let anchor, let tag, let style):
        let indicator: String
        switch style {
        case .plain: indicator = ":"
        case .singleQuoted: indicator = "'"
        case .doubleQuoted: indicator = "\""
        case .literal: indicator = "|"
        case .folded: indicator = ">"
        }
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\0": escaped += "\\0"
            case "\u{07}": escaped += "\\a"
            case "\u{08}": escaped += "\\b"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\u{0B}": escaped += "\\v"
            case "\u{0C}": escaped += "\\f"
            case "\r": escaped += "\\r"
            case "\u{1B}": escaped += "\\e"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "=VAL" + properties(anchor, tag) + " " + indicator + escaped
    }
}

/// JSON values, compared structurally (numbers as doubles).
indirect enum JSONValue: Equatable, CustomStringConvertible {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let n): return "\(n)"
        case .string(let s): return "\"\(s)\""
        case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .object(let o): return "{" + o.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// The values of a text holding zero or more JSON documents one after another.
    static func parseStream(_ text: String) throws -> [JSONValue] {
        var parser = JSONStreamParser(scalars: Array(text.unicodeScalars))
        var values: [JSONValue] = []
        parser.skipSpace()
        while !parser.atEnd {
            values.append(try parser.value())
            parser.skipSpace()
        }
        return values
    }

    /// A loaded YAML node as JSON, scalars resolved by the core schema.
    init(_ node: Node) {
        switch node.content {
        case .sequence(let items): self = .array(items.map(JSONValue.init))
        case .mapping(let pairs):
            var object: [String: JSONValue] = [:]
            for pair in pairs { object[pair.key.scalar ?? JSONValue(pair.key).description] = JSONValue(pair.value) }
            self = .object(object)
        case .scalar(let value, _):
            switch node.scalarType ?? .string {
            case .null: self = .null
            case .bool: self = .bool(value.lowercased() == "true")
            case .int:
                if value.hasPrefix("0x") { self = .number(Double(Int(value.dropFirst(2), radix: 16) ?? 0)) }
                else if value.hasPrefix("0o") { self = .number(Double(Int(value.dropFirst(2), radix: 8) ?? 0)) }
                else { self = .number(Double(value) ?? .nan) }
            case .float: self = .number(Double(value) ?? .nan)
            case .string: self = .string(value)
            }
        }
    }
}

struct JSONStreamParser {
    struct Failure: Error {}
    let scalars: [Unicode.Scalar]
    var index = 0

    var atEnd: Bool { index >= scalars.count }

    mutating func skipSpace() {
        while index < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[index]) { index += 1 }
    }

    mutating func value() throws -> JSONValue {
        skipSpace()
        guard index < scalars.count else { throw Failure() }
        switch scalars[index] {
        case "{":
            index += 1
            var object: [String: JSONValue] = [:]
            skipSpace()
            if scalars[index] == "}" { index += 1; return .object(object) }
            while true {
                skipSpace()
                guard case .string(let key) = try value() else { throw Failure() }
                skipSpace()
                guard scalars[index] == ":" else { throw Failure() }
                index += 1
                object[key] = try value()
                skipSpace()
                if scalars[index] == "," { index += 1; continue }
                guard scalars[index] == "}" else { throw Failure() }
                index += 1
                return .object(object)
            }
        case "[":
            index += 1
            var array: [JSONValue] = []
            skipSpace()
            if scalars[index] == "]" { index += 1; return .array(array) }
            while true {
                array.append(try value())
                skipSpace()
                if scalars[index] == "," { index += 1; continue }
                guard scalars[index] == "]" else { throw Failure() }
                index += 1
                return .array(array)
            }
        case "\"":
            index += 1
            var text = String.UnicodeScalarView()
            while scalars[index] != "\"" {
                if scalars[index] == "\\" {
                    index += 1
                    switch scalars[index] {
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case "r": text.append("\r")
                    case "b": text.append("\u{08}")
                    case "f": text.append("\u{0C}")
                    case "u":
                        var code = UInt32(String(String.UnicodeScalarView(scalars[(index + 1)...(index + 4)])), radix: 16) ?? 0
                        index += 4
                        if (0xD800...0xDBFF).contains(code), scalars[index + 1] == "\\", scalars[index + 2] == "u" {
                            let low = UInt32(String(String.UnicodeScalarView(scalars[(index + 3)...(index + 6)])), radix: 16) ?? 0
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            index += 6
                        }
                        text.append(Unicode.Scalar(code) ?? "?")
                    default: text.append(scalars[index])
                    }
                } else {
                    text.append(scalars[index])
                }
                index += 1
            }
            index += 1
            return .string(String(text))
        default:
            var token = ""
            while index < scalars.count, !" \n\r\t,]}".unicodeScalars.contains(scalars[index]) {
                token.unicodeScalars.append(scalars[index])
                index += 1
            }
            switch token {
            case "null": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default:
                guard let number = Double(token) else { throw Failure() }
                return .number(number)
            }
        }
    }
}

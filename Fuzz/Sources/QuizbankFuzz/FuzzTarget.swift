import Foundation
import QuizBank
import QuizCompile
import QuizLint
import QuizRules

/// One input through everything that reads a bank: the YAML loader and the decoder, every lint
/// rule, each reporter, the compiler, the configuration reader and the image header reader.
/// A crash, a trap or an output that is not what it claims (JSON that does not parse) is a
/// finding of the fuzzer.
enum FuzzTarget {
    /// A folder that does not exist: images named by an input are never found, so no run reads
    /// a file of the machine's.
    static let path = "/nonexistent-quizbank-fuzz/bank.yaml"
    static let rules = RuleRegistry.descriptions

    static func run(_ bytes: [UInt8]) {
        let result = LintEngine().lint([LintInput(path: path, bytes: bytes)])
        _ = TextReporter(sources: [path: bytes], color: true).report(result.findings, bankCount: result.bankCount)
        _ = GitHubReporter().report(result.findings, bankCount: result.bankCount)
        // Only the rules that found something: the documentation of every rule, the same each
        // time, would take most of the time of a run.
        let found = Set(result.findings.map(\.ruleID))
        let described = rules.filter { found.contains($0.id) }
        expectJSON(JSONReporter(toolVersion: "fuzz").report(result.findings, bankCount: result.bankCount, rules: described), "lint --format json")
        expectJSON(SARIFReporter(toolVersion: "fuzz").report(result.findings, rules: described), "lint --format sarif")

        for document in Compiler().compile(bytes, path: path).documents {
            expectJSON(document.bytes, "compiled document")
        }
        _ = try? Configuration.parse(bytes, path: "/nonexistent-quizbank-fuzz/.quizbank.yml", rules: rules)
        _ = try? readImageInfo(bytes)
    }

    static func expectJSON(_ text: String, _ what: String) {
        expectJSON(Array(text.utf8), what)
    }

    static func expectJSON(_ bytes: [UInt8], _ what: String) {
        guard (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil else {
            fatalError("\(what) is not JSON: \(String(decoding: bytes.prefix(2000), as: UTF8.self))")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzTarget.run(bytes)
    return 0
}

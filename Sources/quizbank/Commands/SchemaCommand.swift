import Foundation

/// `quizbank schema KIND`: print one of the JSON Schemas quizbank ships, so that an editor can
/// check banks and configurations, and an app's CI its compiled banks and diff reports, without
/// a copy of the repository.
enum SchemaCommand: Command {
    static let name = "schema"
    static let summary = "Print the JSON Schema of banks, .quizbank.yml, compiled banks or diff --format json."
    static let usage = "quizbank schema bank|config|compiled|diff"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let kinds = BuiltInSchemas.kinds
        guard arguments.positional.count == 1, let kind = arguments.positional.first else {
            throw UsageError(message: "name one schema: \(kinds.joined(separator: ", "))")
        }
        guard let text = BuiltInSchemas.text(of: kind) else {
            throw UsageError(message: "the schemas are \(kinds.joined(separator: ", ")), not '\(kind)'")
        }
        Terminal.standardOutput.write(text)
        return ExitStatus.success
    }
}

import Foundation
import QuizBank

/// Exit statuses, the same for every command.
enum ExitStatus {
    static let success: Int32 = 0
    /// A bank has errors (or, for lint, more warnings than allowed).
    static let findings: Int32 = 1
    /// Usage, configuration or I/O errors.
    static let usage: Int32 = 2
}

/// An error that ends a command with a message on stderr and status 2.
struct CommandFailure: Error {
    var message: String
}

protocol Command: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    static func run(_ arguments: ParsedArguments) throws -> Int32
}

/// What a command built and the process is about to drop on exit anyway: freeing a large
/// bank's model, findings and output piece by piece takes about a tenth of a second, which the
/// operating system does at once when the process ends.
enum KeptUntilExit {
    nonisolated(unsafe) private static var values: [Any] = []

    /// Called on the main thread only, at the end of a command.
    static func keep(_ value: Any) {
        values.append(value)
    }
}

enum CommandLineInterface {
    static let version = "0.1.0"
    static let commands: [any Command.Type] = [LintCommand.self, CompileCommand.self, StatsCommand.self, MeasureCommand.self, PreviewCommand.self, DiffCommand.self, LockCommand.self, RulesCommand.self, ExplainCommand.self, InitCommand.self, SchemaCommand.self, CompletionsCommand.self, ManPageCommand.self]

    /// Runs a command; a failed write to standard output ends it with a message and status 2,
    /// whatever it returned (see `Terminal`).
    static func run(_ arguments: [String]) -> Int32 {
        Terminal.holdClosedStandardDescriptors()
        let status = dispatch(arguments)
        guard let failure = Terminal.outputFailure else { return status }
        if failure != EPIPE {
            let command = commands.first(where: { $0.name == arguments.first }).map { " \($0.name)" } ?? ""
            Terminal.standardError.write("quizbank\(command): cannot write to standard output: \(String(cString: strerror(failure)))\n")
        }
        return ExitStatus.usage
    }

    private static func dispatch(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Terminal.standardError.write(overview())
            return ExitStatus.usage
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                Terminal.standardOutput.write(help(for: command))
            } else {
                Terminal.standardOutput.write(overview())
            }
            return ExitStatus.success
        case "--version", "version":
            Terminal.standardOutput.write("quizbank \(version)\n")
            return ExitStatus.success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let suggestion = nearest(first, in: commands.map { $0.name })
            Terminal.standardError.write("quizbank: unknown command '\(first)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "")\nusage: quizbank <command> [options]; see 'quizbank --help'\n")
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            Terminal.standardOutput.write(help(for: command))
            return ExitStatus.success
        }
        do {
            let parsed = try OptionSpec.parse(rest, specs: command.options)
            return try command.run(parsed)
        } catch let error as UsageError {
            Terminal.standardError.write("quizbank \(command.name): \(error.message)\nusage: \(command.usage)\n")
            return ExitStatus.usage
        } catch let failure as CommandFailure {
            Terminal.standardError.write("quizbank \(command.name): \(failure.message)\n")
            return ExitStatus.usage
        } catch {
            Terminal.standardError.write("quizbank \(command.name): \(error)\n")
            return ExitStatus.usage
        }
    }

    static func overview() -> String {
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        let list = commands.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count) + $0.summary }
        return """
        quizbank \(version): lint, compile and inspect quiz question banks written in YAML

        usage: quizbank <command> [options]

        commands:
        \(list.joined(separator: "\n"))

        Run 'quizbank <command> --help' for a command's options.
        Exit status: 0 no errors, 1 a bank has errors, 2 usage, configuration or I/O error.

        """
    }

    static func help(for command: any Command.Type) -> String {
        """
        \(command.summary)

        usage: \(command.usage)

        options:
        \(OptionSpec.helpLines(command.options + [OptionSpec(name: "help", short: "h", takesValue: false, help: "show this help")]))

        """
    }
}

import QuizBank

/// A command's options as the user may write them: `--name value`, `--name=value`, `-n value`,
/// flags without a value, `--` to end options, and positional arguments.
struct OptionSpec {
    var name: String
    var short: Character?
    var takesValue: Bool
    var valueName: String = "VALUE"
    var help: String
}

struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

struct UsageError: Error {
    var message: String
}

extension OptionSpec {
    static func parse(_ arguments: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positional.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name: Substring
            var inlineValue: String?
            let spec: OptionSpec?
            if argument.hasPrefix("--") {
                name = argument.dropFirst(2)
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = name[..<equals]
                }
                spec = specs.first { $0.name == name }
            } else {
                guard argument.count == 2 else {
                    throw UsageError(message: "unknown option '\(argument)'")
                }
                let letter = argument[argument.index(after: argument.startIndex)]
                spec = specs.first { $0.short == letter }
                name = Substring(spec?.name ?? String(letter))
            }
            guard let spec else {
                let suggestion = nearestOption(String(name), specs: specs)
                throw UsageError(message: "unknown option '\(argument)'" + (suggestion.map { "; did you mean '--\($0)'?" } ?? ""))
            }
            if spec.takesValue {
                if let inlineValue {
                    parsed.values[spec.name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    parsed.values[spec.name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError(message: "option '--\(spec.name)' needs a value (\(spec.valueName))")
                }
            } else {
                if inlineValue != nil { throw UsageError(message: "option '--\(spec.name)' takes no value") }
                parsed.flags.insert(spec.name)
            }
        }
        return parsed
    }

    private static func nearestOption(_ name: String, specs: [OptionSpec]) -> String? {
        nearest(name, in: specs.map(\.name))
    }

    /// The options part of a help text, aligned.
    static func helpLines(_ specs: [OptionSpec]) -> String {
        let labels = specs.map { spec -> String in
            var label = spec.short.map { "-\($0), " } ?? "    "
            label += "--\(spec.name)"
            if spec.takesValue { label += " \(spec.valueName)" }
            return label
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        return zip(labels, specs).map { label, spec in
            "  " + label + String(repeating: " ", count: width - label.count) + spec.help
        }.joined(separator: "\n")
    }
}

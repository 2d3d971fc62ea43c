import QuizBank
import QuizLayout
import QuizYAML

/// A problem with a configuration file, where it is.
public struct ConfigurationError: Error, Sendable, Equatable {
    public var path: String
    public var range: SourceRange
    public var message: String

    public init(path: String, range: SourceRange, message: String) {
        self.path = path
        self.range = range
        self.message = message
    }
}

/// How rules run: `.quizbank.yml`, or the defaults.
///
/// ```yaml
/// rules:
///   missing-explanation: off          # off, error, warning or info
///   text-length:                      # or a mapping: severity and options
///     severity: error
///     question-max-characters: 200
/// ignore:
///   - drafts/**                       # globs, relative to this file's folder
/// layout:                             # what the layout rules measure with (docs/layout.md)
///   devices: [320, 375]
/// ```
public struct Configuration: Sendable {
    public struct RuleSetting: Sendable, Equatable {
        /// nil: the rule's default severity.
        public var severity: Severity?
        public var isOff = false
        public var options: [String: OptionValue] = [:]

        public init(severity: Severity? = nil, isOff: Bool = false, options: [String: OptionValue] = [:]) {
            self.severity = severity
            self.isOff = isOff
            self.options = options
        }
    }

    /// The file it came from; nil for the defaults.
    public var path: String?
    public var rules: [String: RuleSetting] = [:]
    public var ignore: [String] = []
    /// The `layout:` section: font, tracking, devices and screen profiles.
    public var layout: LayoutSettings = .standard

    public static let defaults = Configuration()

    public init(path: String? = nil) {
        self.path = path
    }

    /// The folder `ignore` globs are relative to.
    public var directory: String { path.map(FilePath.directory(of:)) ?? "." }

    /// The severity and options a rule runs with, or nil when it is off.
    public func setting(for rule: RuleDescription) -> (severity: Severity, options: RuleOptions)? {
        let setting = rules[rule.id]
        if setting?.isOff == true { return nil }
        var options: [String: OptionValue] = [:]
        for option in rule.options { options[option.name] = setting?.options[option.name] ?? option.defaultValue }
        return (setting?.severity ?? rule.severity, RuleOptions(options))
    }

    /// Whether `file` (a path as the user gave it) matches an `ignore` glob.
    public func ignores(_ file: String) -> Bool {
        guard !ignore.isEmpty else { return false }
        let relative = FilePath.relative(file, to: directory)
        return ignore.contains { Glob.matches($0, relative) }
    }

    static let topLevelKeys = ["rules", "ignore", "layout"]
    static let severityWords = ["off", "error", "warning", "info"]

    /// Reads a configuration file; every problem is an error naming its place.
    public static func parse(_ bytes: [UInt8], path: String, rules: [RuleDescription]) throws(ConfigurationError) -> Configuration {
        let root: Node?
        do {
            root = try YAMLLoader().load(bytes).root
        } catch {
            throw ConfigurationError(path: path, range: error.range, message: error.message)
        }
        var configuration = Configuration(path: path)
        guard let root else { return configuration }
        guard let pairs = root.pairs else {
            throw ConfigurationError(path: path, range: root.range, message: "a configuration is a mapping with `rules`, `ignore` and `layout`")
        }
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            switch key {
            case "rules":
                guard let rulePairs = pair.value.pairs else {
                    if pair.value.scalarType == .null { continue }
                    throw ConfigurationError(path: path, range: pair.value.range, message: "`rules` must be a mapping from rule id to a setting")
                }
                for rulePair in rulePairs {
                    let id = rulePair.key.scalar ?? ""
                    guard let rule = rules.first(where: { $0.id == id }) else {
                        let hint = nearest(id, in: rules.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                        throw ConfigurationError(path: path, range: rulePair.key.range, message: "unknown rule '\(id)'\(hint)")
                    }
                    if rule.isFormatRule {
                        throw ConfigurationError(path: path, range: rulePair.key.range,
                                                 message: "'\(id)' is a format rule: it decides whether a bank is valid and cannot be configured")
                    }
                    configuration.rules[id] = try setting(rulePair.value, for: rule, path: path)
                }
            case "ignore":
                guard let items = pair.value.items else {
                    throw ConfigurationError(path: path, range: pair.value.range, message: "`ignore` must be a list of globs")
                }
                for item in items {
                    guard let glob = item.scalar, !glob.isEmpty else {
                        throw ConfigurationError(path: path, range: item.range, message: "an `ignore` entry must be a glob string")
                    }
                    configuration.ignore.append(glob)
                }
            case "layout":
                configuration.layout = try LayoutConfiguration.parse(pair.value, path: path, directory: configuration.directory)
            default:
                let hint = nearest(key, in: topLevelKeys).map { "; did you mean '\($0)'?" } ?? ""
                throw ConfigurationError(path: path, range: pair.key.range, message: "unknown key '\(key)'\(hint)")
            }
        }
        return configuration
    }

    private static func setting(_ node: Node, for rule: RuleDescription, path: String) throws(ConfigurationError) -> RuleSetting {
        var setting = RuleSetting()
        if let word = node.scalar {
            try apply(word, to: &setting, at: node.range, path: path)
            return setting
        }
        guard let pairs = node.pairs else {
            throw ConfigurationError(path: path, range: node.range, message: "a rule setting is off, a severity, or a mapping of severity and options")
        }
        for pair in pairs {
            let name = pair.key.scalar ?? ""
            if name == "severity" {
                try apply(pair.value.scalar ?? "", to: &setting, at: pair.value.range, path: path)
                continue
            }
            guard let option = rule.options.first(where: { $0.name == name }) else {
                let names = ["severity"] + rule.options.map(\.name)
                let hint = nearest(name, in: names).map { "; did you mean '\($0)'?" } ?? ""
                let known = rule.options.isEmpty ? " (it has no options)" : " (options: \(rule.options.map(\.name).joined(separator: ", ")))"
                throw ConfigurationError(path: path, range: pair.key.range, message: "rule '\(rule.id)' has no option '\(name)'\(hint)\(known)")
            }
            setting.options[name] = try value(pair.value, for: option, path: path)
        }
        return setting
    }

    private static func apply(_ word: String, to setting: inout RuleSetting, at range: SourceRange, path: String) throws(ConfigurationError) {
        switch word {
        case "off": setting.isOff = true
        case "error": setting.severity = .error
        case "warning": setting.severity = .warning
        case "info": setting.severity = .info
        default:
            let hint = nearest(word, in: severityWords).map { "; did you mean '\($0)'?" } ?? ""
            throw ConfigurationError(path: path, range: range, message: "'\(word)' is not off, error, warning or info\(hint)")
        }
    }

    private static func value(_ node: Node, for option: RuleOption, path: String) throws(ConfigurationError) -> OptionValue {
        let text = node.scalar ?? ""
        func fail(_ expected: String) -> ConfigurationError {
            ConfigurationError(path: path, range: node.range, message: "option '\(option.name)' takes \(expected), not \(node.kindDescription)")
        }
        switch option.kind {
        case .integer(let range):
            guard node.scalarType == .int, let number = Int(text) else { throw fail("a whole number") }
            guard range.contains(number) else { throw fail("a whole number in \(range.lowerBound)...\(range.upperBound)") }
            return .integer(number)
        case .number(let range):
            guard node.scalarType == .int || node.scalarType == .float, let number = Double(text) else { throw fail("a number") }
            guard range.contains(number) else { throw fail("a number in \(range.lowerBound)...\(range.upperBound)") }
            return .number(number)
        case .boolean:
            guard node.scalarType == .bool, text == "true" || text == "false" else { throw fail("true or false") }
            return .boolean(text == "true")
        case .choice(let choices):
            guard node.scalar != nil, choices.contains(text) else { throw fail("one of \(choices.joined(separator: ", "))") }
            return .string(text)
        case .strings:
            guard let items = node.items else { throw fail("a list of strings") }
            var strings: [String] = []
            for item in items {
                guard let string = item.scalar else { throw fail("a list of strings") }
                strings.append(string)
            }
            return .strings(strings)
        }
    }
}

/// Glob patterns as in `.gitignore`: `*` within a path component, `?` one character, `**`
/// any number of components; a pattern without `/` matches a file name in any folder.
public enum Glob {
    public static func matches(_ pattern: String, _ path: String) -> Bool {
        let pathParts = path.split(separator: "/").map(String.init).filter { $0 != "." }
        var patternParts = pattern.split(separator: "/").map(String.init)
        if !pattern.contains("/") {
            patternParts = ["**"] + patternParts
        }
        if pattern.hasSuffix("/") { patternParts.append("**") }
        return match(patternParts[...], pathParts[...])
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(Array(first.unicodeScalars)[...], Array(component.unicodeScalars)[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchComponent(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case "*":
            var tail = name
            while true {
                if matchComponent(pattern.dropFirst(), tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        case "?":
            return !name.isEmpty && matchComponent(pattern.dropFirst(), name.dropFirst())
        default:
            return name.first == first && matchComponent(pattern.dropFirst(), name.dropFirst())
        }
    }
}

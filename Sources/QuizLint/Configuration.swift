import QuizBank
import QuizLayout
import QuizYAML

/// What is wrong with a configuration file: every problem found in it, each where it is.
public struct ConfigurationError: Error, Sendable, Equatable {
    public struct Problem: Sendable, Equatable {
        public var range: SourceRange
        public var message: String

        public init(range: SourceRange, message: String) {
            self.range = range
            self.message = message
        }
    }

    public var path: String
    /// In the order of the file; never empty.
    public var problems: [Problem]

    /// The first problem's place and message.
    public var range: SourceRange { problems.first?.range ?? SourceRange(at: SourceMark(line: 1, column: 1)) }
    public var message: String { problems.first?.message ?? "" }

    public init(path: String, range: SourceRange, message: String) {
        self.init(path: path, problems: [Problem(range: range, message: message)])
    }

    public init(path: String, problems: [Problem]) {
        self.path = path
        self.problems = problems
    }
}

/// The problems of one configuration file, gathered as it is read so that all of them are
/// reported at once: each key is checked on its own, and one that is wrong does not stop the rest.
final class ConfigurationProblems {
    private(set) var problems: [ConfigurationError.Problem] = []

    func add(_ error: ConfigurationError) {
        problems += error.problems
    }

    func add(_ range: SourceRange, _ message: String) {
        problems.append(ConfigurationError.Problem(range: range, message: message))
    }

    /// Runs one check; what it throws is kept, and nil returned.
    @discardableResult
    func check<T>(_ body: () throws(ConfigurationError) -> T) -> T? {
        do {
            return try body()
        } catch {
            add(error)
            return nil
        }
    }

    func throwIfAny(path: String) throws(ConfigurationError) {
        guard !problems.isEmpty else { return }
        // Stable, so that problems at one place keep the order they were found in.
        let ordered = problems.enumerated().sorted { a, b in
            a.element.range.start != b.element.range.start ? a.element.range.start < b.element.range.start : a.offset < b.offset
        }.map(\.element)
        throw ConfigurationError(path: path, problems: ordered)
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

    /// Reads a configuration file; every problem is an error naming its place, and all of
    /// them are thrown together.
    public static func parse(_ bytes: [UInt8], path: String, rules: [RuleDescription]) throws(ConfigurationError) -> Configuration {
        let loaded: YAMLLoader.Loaded
        do {
            loaded = try YAMLLoader().load(bytes)
        } catch {
            throw ConfigurationError(path: path, range: error.range, message: error.message)
        }
        let problems = ConfigurationProblems()
        // A repeated key or a foreign tag would be dropped without a word.
        for problem in loaded.problems { problems.add(problem.range, problem.message) }
        var configuration = Configuration(path: path)
        if let root = loaded.root {
            if let pairs = root.pairs {
                for pair in pairs { read(pair, into: &configuration, rules: rules, problems: problems) }
            } else {
                problems.add(root.range, "a configuration is a mapping with `rules`, `ignore` and `layout`")
            }
        }
        try problems.throwIfAny(path: path)
        return configuration
    }

    private static func read(_ pair: Node.Pair, into configuration: inout Configuration, rules: [RuleDescription], problems: ConfigurationProblems) {
        let path = configuration.path ?? ""
        let key = pair.key.scalar ?? ""
        switch key {
        case "rules":
            guard let rulePairs = pair.value.pairs else {
                if pair.value.scalarType != .null {
                    problems.add(pair.value.range, "`rules` must be a mapping from rule id to a setting")
                }
                return
            }
            for rulePair in rulePairs {
                let id = rulePair.key.scalar ?? ""
                guard let rule = rules.first(where: { $0.id == id }) else {
                    let hint = nearest(id, in: rules.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                    problems.add(rulePair.key.range, "unknown rule '\(id)'\(hint)")
                    continue
                }
                if rule.isFormatRule {
                    problems.add(rulePair.key.range, "'\(id)' is a format rule: it decides whether a bank is valid and cannot be configured")
                    continue
                }
                if let setting = problems.check({ () throws(ConfigurationError) in try setting(rulePair.value, for: rule, path: path, problems: problems) }) {
                    configuration.rules[id] = setting
                }
            }
        case "ignore":
            guard let items = pair.value.items else {
                problems.add(pair.value.range, "`ignore` must be a list of globs")
                return
            }
            for item in items {
                guard let glob = item.scalar, !glob.isEmpty else {
                    problems.add(item.range, "an `ignore` entry must be a glob string")
                    continue
                }
                configuration.ignore.append(glob)
            }
        case "layout":
            if let layout = problems.check({ () throws(ConfigurationError) in
                try LayoutConfiguration.parse(pair.value, path: path, directory: configuration.directory, problems: problems)
            }) {
                configuration.layout = layout
            }
        default:
            let hint = nearest(key, in: topLevelKeys).map { "; did you mean '\($0)'?" } ?? ""
            problems.add(pair.key.range, "unknown key '\(key)'\(hint)")
        }
    }

    /// A rule's setting; a wrong option is kept in `problems` and the others are still read.
    private static func setting(_ node: Node, for rule: RuleDescription, path: String, problems: ConfigurationProblems) throws(ConfigurationError) -> RuleSetting {
        var setting = RuleSetting()
        if let word = node.scalar {
            try apply(word, to: &setting, at: node.range, path: path)
            return setting
        }
        guard let pairs = node.pairs else {
            throw ConfigurationError(path: path, range: node.range, message: "a rule setting is off, a severity, or a mapping of severity and options")
        }
        for pair in pairs {
            problems.check { () throws(ConfigurationError) in
                let name = pair.key.scalar ?? ""
                if name == "severity" {
                    try apply(pair.value.scalar ?? "", to: &setting, at: pair.value.range, path: path)
                    return
                }
                guard let option = rule.options.first(where: { $0.name == name }) else {
                    let names = ["severity"] + rule.options.map(\.name)
                    let hint = nearest(name, in: names).map { "; did you mean '\($0)'?" } ?? ""
                    let known = rule.options.isEmpty ? " (it has no options)" : " (options: \(rule.options.map(\.name).joined(separator: ", ")))"
                    throw ConfigurationError(path: path, range: pair.key.range, message: "rule '\(rule.id)' has no option '\(name)'\(hint)\(known)")
                }
                setting.options[name] = try value(pair.value, for: option, path: path)
            }
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

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

    /// Rule settings for the bank files that match one of `files` (globs relative to the
    /// configuration's folder, as `ignore`'s): ruff's per-file-ignores, ESLint's overrides.
    public struct Override: Sendable {
        public var files: [String]
        public var rules: [String: RuleSetting]
    }

    /// The file it came from; nil for the defaults.
    public var path: String?
    public var rules: [String: RuleSetting] = [:]
    public var ignore: [String] = []
    /// Applied in order over `rules` for the files they match (`settings(for:)`).
    public var overrides: [Override] = []
    /// `extends:` as written (a path relative to this file's folder) and where, until the base
    /// has been read and merged (`inheriting(from:)`).
    public var extends: (path: String, range: SourceRange)?
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

    /// The configuration for one bank file: the overrides whose globs match it applied over
    /// `rules`, in order (a later override wins; options are merged, a severity replaces).
    public func settings(for file: String) -> Configuration {
        guard !overrides.isEmpty else { return self }
        let relative = FilePath.relative(file, to: directory)
        var resolved = self
        for override in overrides where override.files.contains(where: { Glob.matches($0, relative) }) {
            for (id, setting) in override.rules {
                resolved.rules[id] = Self.layer(setting, over: resolved.rules[id])
            }
        }
        resolved.overrides = []
        return resolved
    }

    private static func layer(_ top: RuleSetting, over base: RuleSetting?) -> RuleSetting {
        guard let base else { return top }
        var merged = base
        if top.isOff || top.severity != nil {
            merged.isOff = top.isOff
            merged.severity = top.severity
        }
        merged.options.merge(top.options) { $1 }
        return merged
    }

    /// This configuration over the one it extends: the base's rules, each layered under this
    /// file's setting of the rule, then the base's overrides and this file's (all globs read
    /// relative to this file's folder); the base's layout unless this file has a `layout:` of
    /// its own. `ignore` is not inherited: it says which files of each file's folder to skip.
    public func inheriting(from base: Configuration, hasOwnLayout: Bool) -> Configuration {
        var merged = self
        merged.rules = base.rules
        for (id, setting) in rules { merged.rules[id] = Self.layer(setting, over: base.rules[id]) }
        // A base is shared by projects: its override globs describe a project's layout, and
        // are read relative to this file's folder, as this file's own are.
        merged.overrides = base.overrides + overrides
        if !hasOwnLayout { merged.layout = base.layout }
        merged.extends = nil
        return merged
    }

    /// Whether the file had a `layout:` section (for `inheriting(from:)`).
    public var hasOwnLayout = false

    /// Whether `file` (a path as the user gave it) matches an `ignore` glob.
    public func ignores(_ file: String) -> Bool {
        guard !ignore.isEmpty else { return false }
        let relative = FilePath.relative(file, to: directory)
        return ignore.contains { Glob.matches($0, relative) }
    }

    static let topLevelKeys = ["extends", "rules", "overrides", "ignore", "layout"]
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
            configuration.rules = ruleSettings(pair.value, rules: rules, path: path, problems: problems)
        case "extends":
            guard let target = pair.value.scalar, !target.isEmpty, pair.value.scalarType != .null else {
                problems.add(pair.value.range, "`extends` names a configuration file, relative to this one's folder")
                return
            }
            configuration.extends = (target, pair.value.range)
        case "overrides":
            guard let items = pair.value.items else {
                problems.add(pair.value.range, "`overrides` must be a list of {files, rules}")
                return
            }
            for item in items {
                guard let fields = item.pairs else {
                    problems.add(item.range, "an override is a mapping with `files` (globs) and `rules`")
                    continue
                }
                var files: [String] = []
                var settings: [String: RuleSetting] = [:]
                for field in fields {
                    switch field.key.scalar ?? "" {
                    case "files":
                        let globs = field.value.items ?? [field.value]
                        for glob in globs {
                            if let text = glob.scalar, !text.isEmpty, glob.scalarType != .null { files.append(text) } else {
                                problems.add(glob.range, "`files` holds globs of bank files, relative to this file's folder")
                            }
                        }
                    case "rules":
                        settings = ruleSettings(field.value, rules: rules, path: path, problems: problems)
                    case let other:
                        let hint = nearest(other, in: ["files", "rules"]).map { "; did you mean '\($0)'?" } ?? ""
                        problems.add(field.key.range, "unknown key '\(other)' in an override\(hint)")
                    }
                }
                if files.isEmpty, !fields.contains(where: { $0.key.scalar == "files" }) {
                    problems.add(SourceRange(at: item.range.start), "an override needs `files`: the globs of the banks it applies to")
                }
                configuration.overrides.append(Override(files: files, rules: settings))
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
            configuration.hasOwnLayout = true
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

    /// A `rules:` mapping (of the file, or of an override): each rule's setting; unknown and
    /// format rules are problems, and the others are still read.
    private static func ruleSettings(_ node: Node, rules: [RuleDescription], path: String, problems: ConfigurationProblems) -> [String: RuleSetting] {
        guard let rulePairs = node.pairs else {
            if node.scalarType != .null {
                problems.add(node.range, "`rules` must be a mapping from rule id to a setting")
            }
            return [:]
        }
        var settings: [String: RuleSetting] = [:]
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
                    settings[id] = setting
                }
            }
        return settings
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

import QuizBank
import QuizLayout
import QuizYAML

/// What a rule looks at: one question at a time, a whole bank, or every bank of a run.
public enum RuleScope: String, Sendable {
    case question, bank, run
}

/// A value of a rule option, as written in `.quizbank.yml`.
public enum OptionValue: Sendable, Equatable, CustomStringConvertible {
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case string(String)
    case strings([String])

    public var description: String {
        switch self {
        case .integer(let value): return String(value)
        case .number(let value): return value == value.rounded() ? String(Int(value)) : String(value)
        case .boolean(let value): return String(value)
        case .string(let value): return value
        case .strings(let values): return "[" + values.joined(separator: ", ") + "]"
        }
    }
}

/// An option a rule takes, with its default and the values it allows.
public struct RuleOption: Sendable {
    public enum Kind: Sendable, Equatable {
        case integer(ClosedRange<Int>)
        case number(ClosedRange<Double>)
        case boolean
        case choice([String])
        case strings
    }

    public var name: String
    public var kind: Kind
    public var defaultValue: OptionValue
    public var summary: String

    public init(_ name: String, _ kind: Kind, default defaultValue: OptionValue, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// A bank that shows what a rule does: the tests run every example and fail when a rule does
/// not report (or reports) as declared.
///
/// A triggering example marks where each finding starts with `↓` in its text, before the first
/// character of the reported range (`- ↓TODO`); the marks are taken out of `bank`, which is what
/// is linted and what `explain` and docs/rules.md show.
public struct RuleExample: Sendable {
    /// Where a finding starts: 1-based line and column (in Unicode scalars) of the bank.
    public struct Mark: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int

        public var description: String { "\(line):\(column)" }
    }

    /// What marks the start of an expected finding in an example's text.
    public static let marker: Unicode.Scalar = "\u{2193}"

    /// The first lines of most examples: a bank in English whose questions follow. The
    /// `questions:` forms of `triggering` and `passing` put it before their text.
    public static let header = """
        quizbank: 1
        id: demo
        title: Demo
        locale: en
        questions:

        """

    /// The bank, without marks.
    public var bank: String
    public var triggers: Bool
    /// For a triggering example: where the rule must report, in order (from its `↓` marks).
    public var marks: [Mark]
    /// Options to run the example with, when not the defaults.
    public var options: [String: OptionValue]
    /// Files beside the bank (`bank.yaml`), by relative path: images, for image rules, and
    /// other banks linted in the same run (`*.yaml`), for run rules.
    public var files: [String: ExampleFile]

    /// The lines the rule reports at, in order.
    public var lines: [Int] { marks.map(\.line) }

    /// A bank the rule reports at each `↓` of `markedBank`.
    public static func triggering(_ markedBank: String, options: [String: OptionValue] = [:],
                                  files: [String: ExampleFile] = [:]) -> RuleExample {
        let (bank, marks) = unmarked(markedBank)
        return RuleExample(bank: bank, triggers: true, marks: marks, options: options, files: files)
    }

    /// Questions, after `header`, that the rule reports at each `↓`.
    public static func triggering(questions: String, options: [String: OptionValue] = [:],
                                  files: [String: ExampleFile] = [:]) -> RuleExample {
        triggering(header + questions, options: options, files: files)
    }

    /// A bank the rule does not report; a `↓` in it is kept in `marks`, for the tests to refuse.
    public static func passing(_ bank: String, options: [String: OptionValue] = [:], files: [String: ExampleFile] = [:]) -> RuleExample {
        let (text, marks) = unmarked(bank)
        return RuleExample(bank: text, triggers: false, marks: marks, options: options, files: files)
    }

    /// Questions, after `header`, that the rule does not report.
    public static func passing(questions: String, options: [String: OptionValue] = [:], files: [String: ExampleFile] = [:]) -> RuleExample {
        passing(header + questions, options: options, files: files)
    }

    /// The text without its marks, and where they were.
    static func unmarked(_ marked: String) -> (String, [Mark]) {
        guard marked.unicodeScalars.contains(marker) else { return (marked, []) }
        var text = String.UnicodeScalarView()
        var marks: [Mark] = []
        var line = 1, column = 1
        for scalar in marked.unicodeScalars {
            if scalar == marker {
                marks.append(Mark(line: line, column: column))
                continue
            }
            text.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (String(text), marks)
    }
}

/// A file beside an example bank, made only when the example runs: every `lint` reads the
/// rules' descriptions, and drawing the example images each time cost about 15 ms.
public struct ExampleFile: Sendable, ExpressibleByArrayLiteral {
    private let make: @Sendable () -> [UInt8]

    public init(_ make: @escaping @Sendable () -> [UInt8]) {
        self.make = make
    }

    public init(arrayLiteral bytes: UInt8...) {
        make = { bytes }
    }

    /// A text file: another bank of the run, when its name ends in `.yaml`.
    public init(text: String) {
        make = { Array(text.utf8) }
    }

    public var bytes: [UInt8] { make() }
}

/// Everything a user can learn about a rule: `quizbank rules`, `quizbank explain`, the SARIF
/// rule table and the configuration schema are all made from this.
public struct RuleDescription: Sendable {
    public var id: String
    public var summary: String
    public var rationale: String
    public var severity: Severity
    public var scope: RuleScope
    public var options: [RuleOption]
    public var examples: [RuleExample]
    /// The decoder reports it: it decides whether a bank is valid at all, so it is always an
    /// error and cannot be configured or suppressed.
    public var isFormatRule: Bool
    /// What `lint --fix` does for the rule's findings, when it has a fix.
    public var fix: RuleFix?

    public init(id: String, summary: String, rationale: String, severity: Severity, scope: RuleScope,
                options: [RuleOption] = [], examples: [RuleExample], isFormatRule: Bool = false, fix: RuleFix? = nil) {
        self.fix = fix
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.severity = severity
        self.scope = scope
        self.options = options
        self.examples = examples
        self.isFormatRule = isFormatRule
    }
}

/// A rule's fix: how safe it is (`--fix` applies safe fixes, `--unsafe-fixes` the others too)
/// and what it writes.
public struct RuleFix: Sendable {
    public var safety: Finding.Fix.Safety
    public var summary: String

    public static func safe(_ summary: String) -> RuleFix { RuleFix(safety: .safe, summary: summary) }
    public static func unsafe(_ summary: String) -> RuleFix { RuleFix(safety: .unsafe, summary: summary) }

    /// `safe fix (--fix): ...` for people.
    public var text: String {
        safety == .safe ? "Fix (safe, `lint --fix`): \(summary)" : "Fix (unsafe, `lint --fix --unsafe-fixes`): \(summary)"
    }
}

/// The option values a rule runs with: the configured ones over the defaults, by key. Rules
/// read them through their `RuleOptionSet`, never by key.
public struct RuleOptions: Sendable {
    public var values: [String: OptionValue]

    public init(_ values: [String: OptionValue]) {
        self.values = values
    }
}

/// A rule's options as one value: a property each, with its key, kind, default and meaning
/// declared once in `elements` (the default is the property's initial value). The rule's
/// description lists `declarations`, and the rule is made from `init(_:)`, so a key is written
/// in one place only.
public protocol RuleOptionSet: Sendable {
    /// The defaults.
    init()
    /// The options in the order `explain` lists them.
    static var elements: [RuleOptionElement<Self>] { get }
}

extension RuleOptionSet {
    /// The options for the rule's description.
    public static var declarations: [RuleOption] { elements.map(\.declaration) }

    /// The configured values over the defaults.
    public init(_ options: RuleOptions) {
        self.init()
        for element in Self.elements {
            if let value = options.values[element.declaration.name] { element.set(value, &self) }
        }
    }
}

/// One option of a `RuleOptionSet`: its declaration and the property it sets.
public struct RuleOptionElement<Options: RuleOptionSet>: Sendable {
    public let declaration: RuleOption
    /// Sets the property from a configured value (of the option's kind: the configuration
    /// checked it); a value of another kind leaves the default.
    let set: @Sendable (OptionValue, inout Options) -> Void
    /// The property's value in `options`, as a configuration writes it.
    let get: @Sendable (Options) -> OptionValue

    private init<Value>(_ key: String, _ kind: RuleOption.Kind, _ property: WritableKeyPath<Options, Value> & Sendable,
                        _ summary: String, wrap: @escaping @Sendable (Value) -> OptionValue,
                        unwrap: @escaping @Sendable (OptionValue) -> Value?) {
        declaration = RuleOption(key, kind, default: wrap(Options()[keyPath: property]), summary)
        set = { value, options in
            if let value = unwrap(value) { options[keyPath: property] = value }
        }
        get = { wrap($0[keyPath: property]) }
    }

    public static func integer(_ key: String, _ property: WritableKeyPath<Options, Int> & Sendable,
                               in range: ClosedRange<Int>, _ summary: String) -> Self {
        Self(key, .integer(range), property, summary, wrap: OptionValue.integer) { value in
            switch value {
            case .integer(let value): return value
            case .number(let value): return Int(value)
            default: return nil
            }
        }
    }

    public static func number(_ key: String, _ property: WritableKeyPath<Options, Double> & Sendable,
                              in range: ClosedRange<Double>, _ summary: String) -> Self {
        Self(key, .number(range), property, summary, wrap: OptionValue.number) { value in
            switch value {
            case .number(let value): return value
            case .integer(let value): return Double(value)
            default: return nil
            }
        }
    }

    public static func boolean(_ key: String, _ property: WritableKeyPath<Options, Bool> & Sendable, _ summary: String) -> Self {
        Self(key, .boolean, property, summary, wrap: OptionValue.boolean) { value in
            if case .boolean(let value) = value { return value }
            return nil
        }
    }

    /// One of the cases of `Choice`, written as its raw value.
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ property: WritableKeyPath<Options, Choice> & Sendable, _ summary: String
    ) -> Self where Choice.RawValue == String {
        Self(key, .choice(Choice.allCases.map(\.rawValue)), property, summary, wrap: { .string($0.rawValue) }) { value in
            if case .string(let value) = value { return Choice(rawValue: value) }
            return nil
        }
    }

    public static func strings(_ key: String, _ property: WritableKeyPath<Options, [String]> & Sendable, _ summary: String) -> Self {
        Self(key, .strings, property, summary, wrap: OptionValue.strings) { value in
            if case .strings(let values) = value { return values }
            return nil
        }
    }
}

public protocol LintRule: Sendable {
    static var description: RuleDescription { get }
    init(options: RuleOptions)
}

/// A rule with options: its description lists `Options.declarations`, and it is made from
/// the typed value.
public protocol ConfigurableRule: LintRule {
    associatedtype Options: RuleOptionSet
    init(options: Options)
}

extension ConfigurableRule {
    public init(options: RuleOptions) { self.init(options: Options(options)) }
}

/// Looks at each question of a bank on its own. Its findings are in the bank's file, at or
/// after the first node of the question (`Question.lowestMark`): the engine hands over the
/// findings before the questions still to check once their chunks are done.
public protocol QuestionRule: LintRule {
    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter)
    /// Called before `check` runs on each of `questions` (one chunk of a bank's questions, in
    /// order), so that what can be done for many questions at once is done once: the layout
    /// rules learn the words of the chunk's texts in one batch. Only speed may depend on it:
    /// `check` reports the same without it. The default does nothing.
    func prepare(_ questions: ArraySlice<Question>, in bank: LintBank)
}

extension QuestionRule {
    public func prepare(_ questions: ArraySlice<Question>, in bank: LintBank) {}
}

/// Looks at a whole bank.
public protocol BankRule: LintRule {
    func check(_ bank: LintBank, report: inout FindingReporter)
}

/// Looks at every bank of one run together (cross-bank checks).
public protocol RunRule: LintRule {
    func check(_ banks: [LintBank], report: inout FindingReporter)
}

/// A rule the decoder (or the compiler) checks; its file documents it and carries examples.
public protocol FormatCheckedRule: LintRule {
    init()
}

extension FormatCheckedRule {
    public init(options: RuleOptions) { self.init() }
}

/// Collects a rule's findings with its id and configured severity.
public struct FindingReporter: Sendable {
    public let ruleID: String
    public let severity: Severity
    /// The bank being checked, for findings that name no other file.
    public var path: String
    /// The findings reported so far, unless the reporter packs them (`packing`).
    public private(set) var findings: [Finding] = []
    /// The findings reported so far, of a reporter that packs them, in order.
    public private(set) var packed: PackedFindings?

    public init(ruleID: String, severity: Severity, path: String) {
        self.ruleID = ruleID
        self.severity = severity
        self.path = path
    }

    /// A reporter that packs each finding as it is reported (`packed`), for findings held until
    /// their place in the report comes (the bank and run rules'): a rule that reports a finding
    /// for most questions of a large bank then holds their bytes, and its findings' allocations
    /// are let go one finding at a time, for the next to take.
    public static func packing(ruleID: String, severity: Severity, path: String) -> FindingReporter {
        var reporter = FindingReporter(ruleID: ruleID, severity: severity, path: path)
        reporter.packed = PackedFindings()
        return reporter
    }

    public mutating func callAsFunction(_ message: String, at range: SourceRange, in file: String? = nil,
                                        related: [Finding.Related] = [], suggestion: String? = nil,
                                        measure: Finding.Measure? = nil, fix: Finding.Fix? = nil) {
        add(Finding(ruleID: ruleID, severity: severity, message: message, path: file ?? path,
                    range: range, related: related, suggestion: suggestion, measure: measure, fix: fix))
    }

    /// A finding at another severity than the configured one, for a rule whose findings differ
    /// in weight (a conflict above a duplicate, a weak sign below it). Rules derive it from
    /// `severity`, so that configuring the rule moves all of its findings, or take it from an
    /// option of their own (the layout rules' `larger-sizes`).
    public mutating func callAsFunction(_ message: String, at range: SourceRange, in file: String? = nil,
                                        related: [Finding.Related] = [], suggestion: String? = nil,
                                        measure: Finding.Measure? = nil, severity: Severity) {
        add(Finding(ruleID: ruleID, severity: severity, message: message, path: file ?? path,
                    range: range, related: related, suggestion: suggestion, measure: measure))
    }

    private mutating func add(_ finding: Finding) {
        if packed != nil {
            packed?.append(finding)
        } else {
            findings.append(finding)
        }
    }
}

/// A decoded bank as the rules see it.
public struct LintBank: Sendable {
    public var path: String
    public var source: [UInt8]
    public var bank: Bank
    /// The `layout:` section of the bank's configuration (for the layout rules).
    public var layout: LayoutSettings

    public init(path: String, source: [UInt8], bank: Bank, layout: LayoutSettings = .standard) {
        self.path = path
        self.source = source
        self.bank = bank
        self.layout = layout
    }

    public var sourceLocale: String { bank.locale.value }
}

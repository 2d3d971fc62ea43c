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
public struct RuleExample: Sendable {
    public var bank: String
    public var triggers: Bool
    /// For a triggering example: the 1-based lines the rule must report at, in order (empty:
    /// any place).
    public var lines: [Int]
    /// Options to run the example with, when not the defaults.
    public var options: [String: OptionValue]
    /// Files beside the bank (`bank.yaml`), by relative path: images, for image rules, and
    /// other banks linted in the same run (`*.yaml`), for run rules.
    public var files: [String: ExampleFile]

    public static func triggering(_ bank: String, lines: [Int] = [], options: [String: OptionValue] = [:],
                                  files: [String: ExampleFile] = [:]) -> RuleExample {
        RuleExample(bank: bank, triggers: true, lines: lines, options: options, files: files)
    }

    public static func passing(_ bank: String, options: [String: OptionValue] = [:], files: [String: ExampleFile] = [:]) -> RuleExample {
        RuleExample(bank: bank, triggers: false, lines: [], options: options, files: files)
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

/// The option values a rule runs with: the configured ones over the defaults.
public struct RuleOptions: Sendable {
    public var values: [String: OptionValue]

    public init(_ values: [String: OptionValue]) {
        self.values = values
    }

    public func integer(_ name: String) -> Int {
        if case .integer(let value) = values[name] { return value }
        if case .number(let value) = values[name] { return Int(value) }
        return 0
    }

    public func number(_ name: String) -> Double {
        switch values[name] {
        case .number(let value): return value
        case .integer(let value): return Double(value)
        default: return 0
        }
    }

    public func boolean(_ name: String) -> Bool {
        if case .boolean(let value) = values[name] { return value }
        return false
    }

    public func string(_ name: String) -> String {
        if case .string(let value) = values[name] { return value }
        return ""
    }

    public func strings(_ name: String) -> [String] {
        if case .strings(let values) = values[name] { return values }
        return []
    }
}

public protocol LintRule: Sendable {
    static var description: RuleDescription { get }
    init(options: RuleOptions)
}

/// Looks at each question of a bank on its own.
public protocol QuestionRule: LintRule {
    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter)
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
    public private(set) var findings: [Finding] = []

    public init(ruleID: String, severity: Severity, path: String) {
        self.ruleID = ruleID
        self.severity = severity
        self.path = path
    }

    public mutating func callAsFunction(_ message: String, at range: SourceRange, in file: String? = nil,
                                        related: [Finding.Related] = [], suggestion: String? = nil,
                                        measure: Finding.Measure? = nil, fix: Finding.Fix? = nil) {
        findings.append(Finding(ruleID: ruleID, severity: severity, message: message, path: file ?? path,
                                range: range, related: related, suggestion: suggestion, measure: measure, fix: fix))
    }

    /// A finding at another severity than the configured one, for a rule whose findings differ
    /// in weight (a conflict above a duplicate, a weak sign below it). Rules derive it from
    /// `severity`, so that configuring the rule moves all of its findings.
    public mutating func callAsFunction(_ message: String, at range: SourceRange, in file: String? = nil,
                                        related: [Finding.Related] = [], suggestion: String? = nil, severity: Severity) {
        findings.append(Finding(ruleID: ruleID, severity: severity, message: message, path: file ?? path,
                                range: range, related: related, suggestion: suggestion))
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

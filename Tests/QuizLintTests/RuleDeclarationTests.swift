import Foundation
import Testing
import QuizBank
import QuizCompile
import QuizYAML
@testable import QuizLint
@testable import QuizRules

/// The declarations around the rules: the registry lists every rule file, options are read
/// through their typed declarations, and format rules name the constant their reporter uses.
@Suite struct RuleDeclarationTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The Swift files under `folder`, with their text.
    static func swiftFiles(under folder: URL) throws -> [(name: String, text: String)] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Every type of the rules' target (and the engine's own unused-suppression) that conforms
    /// to a rule protocol is in the registry, once: a new rule file cannot be forgotten there.
    @Test func everyRuleFileIsRegistered() throws {
        let declaration = /(?m)^(?:public |package )?struct (\w+): ([\w, ]+) \{/
        var declared: [String] = []
        for file in try Self.swiftFiles(under: Self.sources.appendingPathComponent("QuizRules"))
            + Self.swiftFiles(under: Self.sources.appendingPathComponent("QuizLint")) {
            for match in file.text.matches(of: declaration) {
                let conformances = match.output.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                if conformances.contains(where: { ["LintRule", "QuestionRule", "BankRule", "RunRule", "FormatCheckedRule", "ConfigurableRule"].contains($0) }) {
                    declared.append(String(match.output.1))
                }
            }
        }
        let registered = RuleRegistry.all.map { String(describing: $0) }
        #expect(declared.count > 60, "the rule declarations were not found")
        let unregistered = Set(declared).subtracting(registered).sorted(), undeclared = Set(registered).subtracting(declared).sorted()
        #expect(unregistered.isEmpty, "rule files not in RuleRegistry.all: \(unregistered)")
        #expect(undeclared.isEmpty, "registered rules not found in QuizRules or QuizLint: \(undeclared)")
        #expect(Set(registered).count == registered.count, "a rule is registered twice")
    }

    /// `make bench`'s lint-core case measures the linter's core rules alone: its configuration
    /// turns off every item-writing, quality and layout rule, so a new one cannot slip into it.
    @Test func benchCoreConfigurationTurnsOffEveryLaterRule() throws {
        let declaration = /(?m)^(?:public |package )?struct (\w+):/
        var typeNames: Set<String> = []
        for folder in ["ItemWriting", "Quality", "Layout"] {
            for file in try Self.swiftFiles(under: Self.sources.appendingPathComponent("QuizRules/\(folder)")) {
                for match in file.text.matches(of: declaration) { typeNames.insert(String(match.output.1)) }
            }
        }
        let later = RuleRegistry.all.filter { typeNames.contains(String(describing: $0)) }.map { $0.description.id }
        #expect(later.count >= 20, "the later rules were not found")
        let configuration = try String(contentsOf: Self.sources.deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/core-rules.quizbank.yml"), encoding: .utf8)
        let turnedOff = Set(configuration.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.count == 2 && parts[1] == "off" ? parts[0] : nil
        })
        #expect(Set(later).subtracting(turnedOff).sorted() == [], "rules left on in Benchmarks/core-rules.quizbank.yml")
    }

    /// A rule with options declares them through its `Options`, and one without has none.
    @Test func optionsAreDeclaredByTheTypedOptions() {
        for type in RuleRegistry.all {
            if let configurable = type as? any ConfigurableRule.Type {
                #expect(Self.declarationNames(of: configurable) == type.description.options.map(\.name),
                        "\(type.description.id) lists other options than its Options")
                #expect(!type.description.options.isEmpty, "\(type.description.id) is configurable without options")
            } else {
                #expect(type.description.options.isEmpty, "\(type.description.id) has options but no Options type")
            }
        }
    }

    static func declarationNames<Rule: ConfigurableRule>(of _: Rule.Type) -> [String] {
        Rule.Options.elements.map(\.declaration.name)
    }

    /// Each option sets its own property: configuring one option to a value other than its
    /// default changes that option, and only that one.
    @Test func eachOptionReadsItsOwnKey() {
        var checked = 0
        for type in RuleRegistry.all {
            guard let configurable = type as? any ConfigurableRule.Type else { continue }
            checked += Self.checkRoundTrip(of: configurable)
        }
        #expect(checked >= 30)
    }

    static func checkRoundTrip<Rule: ConfigurableRule>(of _: Rule.Type) -> Int {
        let elements = Rule.Options.elements
        let defaults = Rule.Options()
        for element in elements {
            let option = element.declaration
            #expect(element.get(defaults) == option.defaultValue)
            let other = otherValue(than: option)
            let configured = Rule.Options(RuleOptions([option.name: other]))
            for each in elements {
                let expected = each.declaration.name == option.name ? other : each.declaration.defaultValue
                #expect(each.get(configured) == expected, "\(Rule.description.id): setting \(option.name) gave \(each.declaration.name) \(each.get(configured))")
            }
        }
        return elements.count
    }

    /// A valid value of the option's kind that is not its default.
    static func otherValue(than option: RuleOption) -> OptionValue {
        switch (option.kind, option.defaultValue) {
        case (.integer(let range), .integer(let value)): return .integer(value == range.lowerBound ? range.upperBound : range.lowerBound)
        case (.number(let range), .number(let value)): return .number(value == range.lowerBound ? range.upperBound : range.lowerBound)
        case (.boolean, .boolean(let value)): return .boolean(!value)
        case (.choice(let choices), .string(let value)): return .string(choices.first { $0 != value } ?? value)
        case (.strings, .strings(let values)): return .strings(values + ["an added value"])
        default:
            Issue.record("\(option.name): the default \(option.defaultValue) is not of the option's kind")
            return option.defaultValue
        }
    }

    /// The reporting code names a format rule by a shared constant, which the rule's
    /// description in Rules/Format/ uses as its id.
    static let formatConstants: [(type: String, cases: [(name: String, id: String)])] = [
        ("FormatRule", FormatRule.allCases.map { (String(describing: $0), $0.rawValue) }),
        ("YAMLProblem.Kind", YAMLProblem.Kind.allCases.map { (String(describing: $0), $0.rawValue) }),
        ("CompileRule", CompileRule.allCases.map { (String(describing: $0), $0.rawValue) }),
    ]

    @Test func everyFormatRuleIsIdentifiedByTheConstantItsReporterUses() throws {
        let constants = Set(Self.formatConstants.flatMap { $0.cases.map(\.id) })
        for rule in RuleRegistry.descriptions where rule.isFormatRule {
            #expect(constants.contains(rule.id), "\(rule.id) is documented but no reporter has a constant for it")
        }
        let idLine = /id: (FormatRule|YAMLProblem\.Kind|CompileRule)\.\w+\.rawValue/
        for file in try Self.swiftFiles(under: Self.sources.appendingPathComponent("QuizRules/Format")) {
            #expect(file.text.contains(idLine), "\(file.name) does not take its id from the reporter's constant")
        }
    }

    /// Every constant is used by code outside the rule files (the rules' examples show that
    /// the reports carry the id).
    @Test func everyFormatRuleIsReportedSomewhere() throws {
        let reporting = try Self.swiftFiles(under: Self.sources).filter { !$0.name.hasPrefix("QuizRules/") }
            .map(\.text).joined(separator: "\n")
        for (type, cases) in Self.formatConstants {
            for (name, id) in cases {
                // `case name = "id"` declares it; `.name` reports it.
                #expect(reporting.contains("." + name), "\(type).\(name) (\(id)) is declared but not reported anywhere")
            }
        }
    }
}

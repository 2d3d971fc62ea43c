import Foundation
import Testing
import QuizBank
import QuizYAML
@testable import QuizLint
@testable import QuizRules

@Suite struct ConfigurationTests {
    private let rules = RuleRegistry.descriptions

    private func parse(_ text: String) throws(ConfigurationError) -> Configuration {
        try Configuration.parse(Array(text.utf8), path: "/repo/.quizbank.yml", rules: rules)
    }

    @Test func severitiesOffAndOptions() throws {
        let configuration = try parse("rules:\n  missing-explanation: off\n  unused-suppression:\n    severity: error\nignore: [drafts/**]\n")
        let missing = try #require(RuleRegistry.description(of: "missing-explanation"))
        #expect(configuration.setting(for: missing) == nil)
        let unused = try #require(RuleRegistry.description(of: "unused-suppression"))
        #expect(configuration.setting(for: unused)?.severity == .error)
        #expect(configuration.ignore == ["drafts/**"])
    }

    @Test(arguments: [
        ("rules:\n  missing-explanaton: off\n", 2, 3, "unknown rule 'missing-explanaton'; did you mean 'missing-explanation'?"),
        ("rules:\n  missing-explanation: warn\n", 2, 24, "'warn' is not off, error, warning or info; did you mean 'warning'?"),
        ("rules:\n  missing-explanation:\n    sevrity: error\n", 3, 5, "rule 'missing-explanation' has no option 'sevrity'; did you mean 'severity'? (it has no options)"),
        ("rules:\n  unknown-key: off\n", 2, 3, "'unknown-key' is a format rule: it decides whether a bank is valid and cannot be configured"),
        ("rulez: {}\n", 1, 1, "unknown key 'rulez'; did you mean 'rules'?"),
        ("ignore: drafts\n", 1, 9, "`ignore` must be a list of globs"),
        ("rules: [\n", 2, 1, "did not find expected node content while parsing a flow node"),
    ])
    func errorsNameThePlaceAndSuggest(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.message == message)
            #expect(error.range.start == SourceMark(line: line, column: column))
        }
    }

    @Test(arguments: [
        ("drafts/**", "drafts/a.yaml", true),
        ("drafts/**", "drafts/deep/b.yaml", true),
        ("drafts/**", "banks/drafts.yaml", false),
        ("*.draft.yaml", "x/y/z.draft.yaml", true),
        ("*.draft.yaml", "x/y/z.yaml", false),
        ("banks/*/old.yaml", "banks/a/old.yaml", true),
        ("banks/*/old.yaml", "banks/a/b/old.yaml", false),
        ("banks/**/old.yaml", "banks/a/b/old.yaml", true),
        ("q?.yaml", "q1.yaml", true),
    ])
    func globsMatchLikeGitignore(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob.matches(pattern, path) == expected)
    }

    @Test func ignoreIsRelativeToTheConfigurationsFolder() throws {
        let configuration = try parse("ignore: [drafts/**]\n")
        #expect(configuration.ignores("/repo/drafts/a.yaml"))
        #expect(!configuration.ignores("/repo/banks/a.yaml"))
        #expect(!configuration.ignores("/elsewhere/drafts/a.yaml"))
    }

    /// `Templates/quizbank-config.schema.json` is what the rules say; UPDATE_GOLDEN=1 rewrites it.
    @Test func shippedSchemaMatchesTheRules() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates/quizbank-config.schema.json")
        let generated = ConfigurationSchema.text(rules: rules)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(generated.utf8).write(to: file)
        }
        let shipped = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? NSDictionary
        let expected = try JSONSerialization.jsonObject(with: Data(generated.utf8)) as? NSDictionary
        #expect(shipped == expected, "Templates/quizbank-config.schema.json is stale; run UPDATE_GOLDEN=1 swift test")
    }
}

@Suite struct RuleDocumentationTests {
    /// `docs/rules.md` is made from the rules; UPDATE_GOLDEN=1 rewrites it.
    @Test func shippedRuleDocumentationMatchesTheRules() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/rules.md")
        let generated = RuleDocumentation.markdown(of: RuleRegistry.descriptions)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(generated.utf8).write(to: file)
        }
        let shipped = try String(contentsOf: file, encoding: .utf8)
        #expect(shipped == generated, "docs/rules.md is stale; run UPDATE_GOLDEN=1 swift test")
    }

    /// A "$" in prose is escaped for Markdown, one in code is not, and `explain` shows it as written.
    @Test func dollarsAreEscapedInMarkdownProseOnly() {
        #expect(RuleDocumentation.prose(#"amounts ("$5m", "$750k") and `$HOME`"#) == #"amounts ("\$5m", "\$750k") and `$HOME`"#)
        #expect(RuleDocumentation.prose("no amounts") == "no amounts")
        let rule = RuleDescription(id: "money", summary: "Costs $5.", rationale: "From $5m to $750k.", severity: .info, scope: .question, examples: [])
        #expect(RuleDocumentation.markdown(of: [rule]).contains(#"From \$5m to \$750k."#))
        #expect(RuleDocumentation.text(of: rule).contains("From $5m to $750k."))
    }
}

import Foundation

/// The JSON Schema (draft-07) of `.quizbank.yml`, made from the rule descriptions so that it
/// lists exactly the rules and options the linter accepts. `Templates/quizbank-config.schema.json`
/// is its output; a test keeps the two equal.
public enum ConfigurationSchema {
    public static func document(rules: [RuleDescription]) -> [String: Any] {
        let severity: [String: Any] = ["enum": ["off", "error", "warning", "info"]]
        var ruleProperties: [String: Any] = [:]
        for rule in rules where !rule.isFormatRule {
            var settings: [String: Any] = [
                "severity": severity.merging(["description": "Severity; off turns the rule off."]) { $1 },
            ]
            for option in rule.options {
                var property: [String: Any] = ["description": option.summary, "default": json(option.defaultValue)]
                switch option.kind {
                case .integer(let range):
                    property["type"] = "integer"
                    property["minimum"] = range.lowerBound
                    property["maximum"] = range.upperBound
                case .number(let range):
                    property["type"] = "number"
                    property["minimum"] = range.lowerBound
                    property["maximum"] = range.upperBound
                case .boolean:
                    property["type"] = "boolean"
                case .choice(let choices):
                    property["enum"] = choices
                case .strings:
                    property["type"] = "array"
                    property["items"] = ["type": "string"]
                }
                settings[option.name] = property
            }
            ruleProperties[rule.id] = [
                "description": "\(rule.summary) Default: \(rule.severity.rawValue).",
                "oneOf": [
                    severity,
                    ["type": "object", "additionalProperties": false, "properties": settings],
                ],
            ]
        }
        return [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "title": "quizbank configuration (.quizbank.yml)",
            "description": "Which lint rules run, how severe they are, their options, and which files are ignored.",
            "type": "object",
            "additionalProperties": false,
            "properties": [
                "rules": [
                    "description": "Per rule: off, a severity, or a mapping of severity and options.",
                    "type": "object",
                    "additionalProperties": false,
                    "properties": ruleProperties,
                ],
                "ignore": [
                    "description": "Globs of bank files to skip when searching folders, relative to this file's folder (.gitignore style).",
                    "type": "array",
                    "items": ["type": "string"],
                ],
            ],
        ]
    }

    /// The schema as pretty-printed JSON with sorted keys.
    public static func text(rules: [RuleDescription]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: document(rules: rules), options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func json(_ value: OptionValue) -> Any {
        switch value {
        case .integer(let number): return number
        case .number(let number): return number
        case .boolean(let flag): return flag
        case .string(let text): return text
        case .strings(let texts): return texts
        }
    }
}

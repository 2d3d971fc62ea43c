import Foundation
import QuizLayout

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
            "definitions": [
                "rules": [
                    "description": "Per rule: off, a severity, or a mapping of severity and options.",
                    "type": "object",
                    "additionalProperties": false,
                    "properties": ruleProperties,
                ],
            ],
            "title": "quizbank configuration (.quizbank.yml)",
            "description": "Which lint rules run, how severe they are, their options, and which files are ignored.",
            "type": "object",
            "additionalProperties": false,
            "properties": [
                "extends": [
                    "description": "A configuration file this one builds on (its rules, overrides and layout), relative to this file's folder.",
                    "type": "string",
                    "minLength": 1,
                ],
                // Empty (every setting commented out, as `quizbank init` writes it) is allowed.
                "rules": ["oneOf": [["$ref": "#/definitions/rules"], ["type": "null"]]],
                "overrides": [
                    "description": "Rule settings for the bank files that match `files` (globs relative to this file's folder), applied in order over `rules`.",
                    "type": "array",
                    "items": [
                        "type": "object",
                        "additionalProperties": false,
                        "required": ["files"],
                        "properties": [
                            "files": [
                                "description": "Globs of bank files, relative to this file's folder (.gitignore style).",
                                "oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]],
                            ],
                            "rules": ["$ref": "#/definitions/rules"],
                        ],
                    ],
                ],
                "ignore": [
                    "description": "Globs of bank files to skip when searching folders, relative to this file's folder (.gitignore style).",
                    "type": "array",
                    "items": ["type": "string"],
                ],
                "layout": layoutSchema(),
            ],
        ]
    }

    /// The `layout:` section (docs/layout.md): font, tracking, devices, supported sizes and
    /// the screen profiles of the layout rules.
    static func layoutSchema() -> [String: Any] {
        let sizes = SizeCategory.allCases.map(\.name)
        let sizeRange: [String: Any] = [
            "description": "A range of Dynamic Type sizes (large...ax2), one size, or a list of sizes.",
            "oneOf": [["type": "string"], ["type": "array", "items": ["enum": sizes]]],
        ]
        let style: [String: Any] = ["enum": TextStyle.allCases.map(\.name)]
        let reserve: [String: Any] = [
            "type": "object",
            "additionalProperties": false,
            "required": ["width"],
            "properties": [
                "name": ["type": "string", "description": "What it is (an icon, a thumbnail)."],
                "width": ["type": "number", "minimum": 0, "description": "Its width in points at the Large size."],
                "scales-with": ["description": "The text style it grows with (or none).", "enum": TextStyle.allCases.map(\.name) + ["none"]],
                "up-to": ["description": "The size at which it stops growing.", "enum": sizes],
                "spacing": ["type": "number", "minimum": 0, "description": "The gap between it and the text, in points."],
                "when": ["enum": Reserve.Condition.allCases.map(\.rawValue), "description": "always, or image: only when the question has an image."],
            ],
        ]
        let profile: [String: Any] = [
            "type": "object",
            "additionalProperties": false,
            "properties": [
                "style": style.merging(["description": "The text style."]) { $1 },
                "max-lines": ["type": "integer", "minimum": 1, "maximum": 100, "description": "Lines shown before the text is cut."],
                "sizes": sizeRange.merging(["description": "The sizes (as the user sets them) at which the limit applies."]) { $1 },
                "insets": [
                    "description": "Horizontal insets in points: one number for each side, or [leading, trailing].",
                    "oneOf": [["type": "number", "minimum": 0], ["type": "array", "items": ["type": "number", "minimum": 0], "minItems": 2, "maxItems": 2]],
                ],
                "reserve": ["type": "array", "items": reserve, "description": "What shares the text's row and takes width from it."],
            ],
        ]
        return [
            "description": "What the layout rules measure with: font, tracking, devices, supported sizes and screen profiles (docs/layout.md).",
            "type": "object",
            "additionalProperties": false,
            "properties": [
                "font": ["type": "string", "description": "An OpenType/TrueType font file, relative to this file's folder, used exactly (default: Inter calibrated toward SF Pro)."],
                "tracking": [
                    "description": "system (the HIG tracking table for each point size) or a tracking in em after every character.",
                    "oneOf": [["enum": ["system"]], ["type": "number", "minimum": -1, "maximum": 1]],
                ],
                "devices": [
                    "description": "all, or a list of screen widths in points and iPhone models.",
                    "oneOf": [["enum": ["all"]], ["type": "array", "items": ["type": ["string", "number"]]]],
                ],
                "supported-sizes": sizeRange.merging(["description": "The Dynamic Type sizes the app supports; other settings show as the nearest."]) { $1 },
                "profiles": [
                    "type": "object",
                    "additionalProperties": false,
                    "properties": Dictionary(uniqueKeysWithValues: LayoutSettings.profileNames.map { ($0, profile) }),
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

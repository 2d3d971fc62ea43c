import QuizBank
import QuizSupport

/// `quizbank diff`'s reports: text grouped by severity, JSON (docs/versions.md, schema
/// Templates/diff.schema.json), and Markdown for a pull-request comment.
public struct DiffReport: Sendable {
    public var diff: VersionDiff
    /// What the two versions are, as the user named them (paths, or `REV` and the working tree).
    public var oldLabel: String
    public var newLabel: String

    public init(diff: VersionDiff, oldLabel: String, newLabel: String) {
        self.diff = diff
        self.oldLabel = oldLabel
        self.newLabel = newLabel
    }

    public static let formatVersion = 1

    private var summary: String {
        let counts = ChangeSeverity.allCases.map { "\(diff.count($0)) \($0.rawValue)" }.joined(separator: ", ")
        let unchanged = diff.unchangedQuestions
        return "\(counts); \(unchanged) question\(unchanged == 1 ? "" : "s") unchanged"
    }

    /// `path:line:col` of the new version, or `path:line:col (old)` where the change has a place
    /// in the old one alone.
    private func place(_ change: Change) -> String {
        if let new = change.new { return "\(new.path):\(new.line):\(new.column)" }
        if let old = change.old { return "\(old.path):\(old.line):\(old.column) (old)" }
        return change.bankID
    }

    public func text() -> String {
        var out = "quizbank diff: \(oldLabel) → \(newLabel)\n"
        for severity in ChangeSeverity.allCases {
            let changes = diff.changes.filter { $0.severity == severity }
            guard !changes.isEmpty else { continue }
            out += "\n\(severity.rawValue) (\(changes.count)):\n"
            for change in changes {
                out += "  \(place(change)): \(change.kind.rawValue): \(change.message)"
                if let suggestion = change.suggestion { out += " (\(suggestion))" }
                out += "\n"
            }
        }
        out += "\n\(diff.changes.isEmpty ? "no changes" : summary)\n"
        return out
    }

    public func markdown() -> String {
        var out = "### quizbank diff\n\n`\(oldLabel)` → `\(newLabel)`: "
        out += ChangeSeverity.allCases.map { severity in
            let count = diff.count(severity)
            return severity == .breaking && count > 0 ? "**\(count) breaking**" : "\(count) \(severity.rawValue)"
        }.joined(separator: ", ")
        out += " change\(diff.changes.count == 1 ? "" : "s"); \(diff.unchangedQuestions) question\(diff.unchangedQuestions == 1 ? "" : "s") unchanged.\n"
        for severity in ChangeSeverity.allCases {
            let changes = diff.changes.filter { $0.severity == severity }
            guard !changes.isEmpty else { continue }
            out += "\n#### \(severity.rawValue.prefix(1).uppercased() + severity.rawValue.dropFirst()) (\(changes.count))\n\n"
            out += "| Change | Bank | Question | Where | Details |\n|---|---|---|---|---|\n"
            for change in changes {
                let question = change.questionID.map { "`\($0)`" } ?? ""
                var details = change.message
                if let suggestion = change.suggestion { details += " (\(suggestion))" }
                out += "| \(change.kind.rawValue) | \(cell(change.bankID)) | \(cell(question)) | \(cell(place(change))) | \(cell(details)) |\n"
            }
        }
        return out
    }

    /// A table cell: `|` escaped, line breaks as spaces.
    private func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    public func json() -> String {
        var json = JSONWriter(linedDepth: 2, deeper: .spaced)
        json.beginObject()
        json.key("format"); json.string("quizbank-diff")
        json.key("formatVersion"); json.int(Self.formatVersion)
        json.key("old"); json.string(oldLabel)
        json.key("new"); json.string(newLabel)
        json.key("summary")
        json.beginObject(.spaced)
        for severity in ChangeSeverity.allCases {
            json.key(severity.rawValue); json.int(diff.count(severity))
        }
        json.key("unchanged"); json.int(diff.unchangedQuestions)
        json.endObject()
        json.key("changes")
        json.beginArray()
        for change in diff.changes {
            json.beginObject()
            json.key("severity"); json.string(change.severity.rawValue)
            json.key("change"); json.string(change.kind.rawValue)
            json.key("bank"); json.string(change.bankID)
            func member(_ name: StaticString, _ value: String?) {
                guard let value else { return }
                json.key(name); json.string(value)
            }
            member("question", change.questionID)
            member("oldQuestion", change.oldQuestionID)
            member("locale", change.locale)
            member("message", change.message)
            for (name, place) in [("old" as StaticString, change.old), ("new", change.new)] {
                guard let place else { continue }
                json.key(name)
                json.beginObject()
                json.key("path"); json.string(place.path)
                json.key("line"); json.int(place.line)
                json.key("column"); json.int(place.column)
                json.endObject()
            }
            member("suggestion", change.suggestion)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.finish()
        return String(decoding: json.bytes, as: UTF8.self)
    }
}

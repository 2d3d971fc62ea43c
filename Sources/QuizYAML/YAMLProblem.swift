/// Something wrong with the YAML itself: its rule id, what is wrong, and where.
public struct YAMLProblem: Error, Equatable, Sendable {
    /// Stable identifier of the kind of problem, used as the lint rule id.
    public enum Kind: String, Sendable, CaseIterable {
        case syntax = "yaml-syntax"
        case encoding = "yaml-encoding"
        case duplicateKey = "duplicate-key"
        case aliasLimit = "alias-limit"
        case unknownAlias = "unknown-alias"
        case depthLimit = "depth-limit"
        case multipleDocuments = "multiple-documents"
        case unsupportedTag = "unsupported-tag"
    }

    public var kind: Kind
    public var message: String
    public var range: SourceRange
    /// Another place that explains this one (the first of two duplicate keys, where a construct opened).
    public var related: [RelatedLocation]
    /// What to write in place of `range`, when there is one clear fix (the text, quoted).
    public var suggestion: String?

    public init(_ kind: Kind, _ message: String, at range: SourceRange, related: [RelatedLocation] = [], suggestion: String? = nil) {
        self.kind = kind
        self.message = message
        self.range = range
        self.related = related
        self.suggestion = suggestion
    }
}

/// A second place named by a finding, with a note on what it is.
public struct RelatedLocation: Equatable, Hashable, Sendable {
    public var range: SourceRange
    public var note: String

    public init(_ note: String, at range: SourceRange) {
        self.note = note
        self.range = range
    }
}

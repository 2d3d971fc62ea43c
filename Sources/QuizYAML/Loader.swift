/// Builds a document tree from libyaml's events and checks what libyaml leaves to its users:
/// duplicate keys, aliases (under an expansion budget), nesting depth, tags, one document.
public struct YAMLLoader {
    public struct Limits: Sendable {
        /// Deepest nesting of collections; banks need six levels, generic YAML rarely twenty.
        public var maxDepth = 64
        /// Nodes that aliases may add to the document in total; an alias bomb passes it in a few steps.
        public var maxAliasExpansion = 100_000

        public init() {}
    }

    /// Hands the items of one top-level sequence to a closure as each is complete, instead of
    /// keeping them in the tree, so that a large bank never exists twice in memory.
    public struct Streaming {
        public var rootKey: String
        public var handle: (Node) throws(YAMLProblem) -> Void

        public init(rootKey: String, handle: @escaping (Node) throws(YAMLProblem) -> Void) {
            self.rootKey = rootKey
            self.handle = handle
        }
    }

    public var limits = Limits()
    public var allowMultipleDocuments = false
    /// Whether tags outside the core schema are kept instead of refused (generic YAML, tests).
    public var acceptsAnyTag = false

    public init() {}

    /// What loading gave: the root of each document (nil for an empty one), and the problems
    /// that did not stop loading (a duplicate key keeps its first value; a foreign tag is dropped).
    public struct Loaded: Sendable {
        public var documents: [Node?]
        public var problems: [YAMLProblem]

        public var root: Node? { documents.first ?? nil }
    }

    /// Loads `bytes`; problems that make the rest unreadable (syntax, encoding, limits) throw.
    /// With `streaming`, the items of the root key's sequence go to the closure and that
    /// sequence stays empty in the returned tree.
    public func load(_ bytes: [UInt8], streaming: Streaming? = nil) throws(YAMLProblem) -> Loaded {
        var builder = TreeBuilder(limits: limits, allowMultipleDocuments: allowMultipleDocuments, acceptsAnyTag: acceptsAnyTag, streaming: streaming)
        try YAMLEventParser.parse(bytes) { (event, range) throws(YAMLProblem) in
            try builder.consume(event, range)
        }
        return Loaded(documents: builder.documents, problems: builder.problems)
    }
}

private struct TreeBuilder {
    private struct Frame {
        var isMapping: Bool
        var start: SourceMark
        var tag: String?
        var anchor: String?
        var items: [Node] = []
        var pairs: [Node.Pair] = []
        var pendingKey: Node?
        /// A repeated key's value is dropped: the first definition stands.
        var pendingKeyIsDuplicate = false
        /// Nodes below this one, aliases counted as what they expand to.
        var nodeCount = 1
        var streamsItems = false
        /// Built only for large mappings; small ones are searched directly.
        var keyIndex: [DuplicateKey: SourceRange]?
    }

    private struct DuplicateKey: Hashable {
        var type: ScalarType
        var value: String
    }

    let limits: YAMLLoader.Limits
    let allowMultipleDocuments: Bool
    let acceptsAnyTag: Bool
    let streaming: YAMLLoader.Streaming?
    private var stack: [Frame] = []
    private var anchors: [String: (node: Node, count: Int)] = [:]
    private var aliasExpansion = 0
    private var documentCount = 0
    private var root: Node?
    private(set) var documents: [Node?] = []
    private(set) var problems: [YAMLProblem] = []

    init(limits: YAMLLoader.Limits, allowMultipleDocuments: Bool, acceptsAnyTag: Bool, streaming: YAMLLoader.Streaming?) {
        self.limits = limits
        self.allowMultipleDocuments = allowMultipleDocuments
        self.acceptsAnyTag = acceptsAnyTag
        self.streaming = streaming
    }

    mutating func consume(_ event: YAMLEvent, _ range: SourceRange) throws(YAMLProblem) {
        switch event {
        case .streamStart, .streamEnd:
            break
        case .documentStart:
            documentCount += 1
            if documentCount > 1 && !allowMultipleDocuments {
                throw YAMLProblem(.multipleDocuments, "a bank is one YAML document, but a second document starts here", at: range)
            }
            root = nil
            anchors = [:]
        case .documentEnd:
            documents.append(root)
        case .scalar(let value, let anchor, let tag, let style):
            try add(Node(.scalar(value, style), range: range, tag: checkedTag(tag, range: range), anchor: anchor), count: 1)
        case .alias(let name):
            guard let target = anchors[name] else {
                throw YAMLProblem(.unknownAlias, "alias *\(name) refers to no anchor defined before it", at: range)
            }
            aliasExpansion += target.count
            if aliasExpansion > limits.maxAliasExpansion {
                throw YAMLProblem(.aliasLimit, "aliases expand to more than \(limits.maxAliasExpansion) nodes; refusing to expand (an alias bomb?)", at: range)
            }
            var node = target.node
            node.anchor = nil
            try add(node, count: target.count)
        case .sequenceStart(let anchor, let tag, _), .mappingStart(let anchor, let tag, _):
            if stack.count >= limits.maxDepth {
                throw YAMLProblem(.depthLimit, "collections nest deeper than \(limits.maxDepth) levels", at: range)
            }
            var frame = Frame(isMapping: { if case .mappingStart = event { return true } else { return false } }(), start: range.start, tag: checkedTag(tag, range: range), anchor: anchor)
            if let streaming, !frame.isMapping, anchor == nil, stack.count == 1, stack[0].isMapping,
               let key = stack[0].pendingKey, key.scalar == streaming.rootKey {
                frame.streamsItems = true
            }
            stack.append(frame)
        case .sequenceEnd, .mappingEnd:
            let frame = stack.removeLast()
            let content: Node.Content = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items)
            try add(Node(content, range: SourceRange(start: frame.start, end: range.end), tag: frame.tag, anchor: frame.anchor), count: frame.nodeCount)
        }
    }

    /// The tag to keep: core-schema tags and `!`; others are reported and dropped.
    private mutating func checkedTag(_ tag: String?, range: SourceRange) -> String? {
        guard let tag, !acceptsAnyTag, tag != "!", !CoreTag.all.contains(tag) else { return tag }
        problems.append(YAMLProblem(.unsupportedTag, "tag \(tag) is not one of the YAML core schema's (!!str, !!int, !!float, !!bool, !!null, !!seq, !!map)", at: range))
        return nil
    }

    private mutating func add(_ node: Node, count: Int) throws(YAMLProblem) {
        if let anchor = node.anchor {
            anchors[anchor] = (node, count)
        }
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].nodeCount += count
        if !stack[top].isMapping {
            if stack[top].streamsItems, let streaming {
                try streaming.handle(node)
            } else {
                stack[top].items.append(node)
            }
            return
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = node
            stack[top].pendingKeyIsDuplicate = isDuplicate(node, in: top)
            return
        }
        if !stack[top].pendingKeyIsDuplicate {
            stack[top].pairs.append(Node.Pair(key: key, value: node))
        }
        stack[top].pendingKey = nil
    }

    /// Two scalar keys that resolve to the same type and text are the same key; a repeat is reported.
    private mutating func isDuplicate(_ key: Node, in index: Int) -> Bool {
        guard let value = key.scalar, let type = key.scalarType else { return false }
        let candidate = DuplicateKey(type: type, value: value)
        if let keyIndex = stack[index].keyIndex {
            if let first = keyIndex[candidate] {
                problems.append(duplicate(value, at: key.range, first: first))
                return true
            }
            stack[index].keyIndex![candidate] = key.range
            return false
        }
        let pairs = stack[index].pairs
        for pair in pairs where pair.key.scalar == value && pair.key.scalarType == type {
            problems.append(duplicate(value, at: key.range, first: pair.key.range))
            return true
        }
        if pairs.count >= 16 {
            var keyIndex: [DuplicateKey: SourceRange] = [:]
            for pair in pairs {
                if let v = pair.key.scalar, let t = pair.key.scalarType { keyIndex[DuplicateKey(type: t, value: v)] = pair.key.range }
            }
            keyIndex[candidate] = key.range
            stack[index].keyIndex = keyIndex
        }
        return false
    }

    private func duplicate(_ value: String, at range: SourceRange, first: SourceRange) -> YAMLProblem {
        YAMLProblem(.duplicateKey, "duplicate key '\(value)'; it is first defined at line \(first.start.line)",
                    at: range, related: [RelatedLocation("first definition of '\(value)'", at: first)])
    }
}

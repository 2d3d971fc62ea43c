import Foundation

/// Builds a document tree from libyaml's events and checks what libyaml leaves to its users:
/// duplicate keys, aliases (under an expansion budget), nesting depth, tags, one document.
public struct YAMLLoader: Sendable {
    struct Limits: Sendable {
        /// Deepest nesting of collections; banks need six levels, generic YAML rarely twenty.
        var maxDepth = 64
        /// Nodes that aliases may add to the document in total; an alias bomb passes it in a few steps.
        var maxAliasExpansion = 100_000
    }

    /// Reading a large streamed file in two parts at once (SplitLoader.swift); nil reads
    /// every file in one piece.
    public var twoParts: TwoParts? = TwoParts()

    var limits = Limits()
    public var allowMultipleDocuments = false
    /// Whether tags outside the core schema are kept instead of refused (generic YAML, tests).
    public var acceptsAnyTag = false

    public init() {}

    /// What loading gave: the root of each document (nil for an empty one), and the problems
    /// that did not stop loading (a duplicate key keeps its first value; a foreign tag is dropped).
    public struct Loaded: Sendable {
        public var documents: [Node?]
        public var problems: [YAMLProblem]
        /// Aliases met (each expanded where it stands).
        public var aliases = 0

        public var root: Node? { documents.first ?? nil }
    }

    /// Loads `bytes` into one tree; problems that make the rest unreadable (syntax, encoding,
    /// limits) throw.
    public func load(_ bytes: [UInt8]) throws(YAMLProblem) -> Loaded {
        try build(bytes, sink: nil)
    }

    /// Loads `bytes`, handing the items of the root key's sequence to `consumer` in order as
    /// each is complete, instead of keeping them in the tree, so that a large file never exists
    /// whole in memory: that sequence stays empty in the returned tree. The items, problems and
    /// tree are those of the one-piece load, also when a large file is read in two parts.
    public func load<Consumer: StreamedItemConsumer>(_ bytes: [UInt8], streaming rootKey: String,
                                                     to consumer: inout Consumer) throws(YAMLProblem) -> Loaded {
        let held = HeldConsumer(consume consumer)
        defer { consumer = held.consumer }
        if let twoParts, bytes.count >= twoParts.minimumSize,
           let split = SplitPoint.find(in: bytes, rootKey: rootKey, fraction: twoParts.fraction) {
            return try loadInTwoParts(bytes, rootKey: rootKey, to: held, splitAt: split)
        }
        return try build(bytes, sink: held.sink(rootKey: rootKey))
    }

    /// `load(_:streaming:to:)` with closures.
    public func load(_ bytes: [UInt8], streaming: Streaming) throws(YAMLProblem) -> Loaded {
        var streaming = streaming
        return try load(bytes, streaming: streaming.rootKey, to: &streaming)
    }

    func build(_ bytes: [UInt8], input: YAMLInput = YAMLInput(), sink: TreeBuilder.Sink?) throws(YAMLProblem) -> Loaded {
        var builder = TreeBuilder(limits: limits, allowMultipleDocuments: allowMultipleDocuments, acceptsAnyTag: acceptsAnyTag, sink: sink)
        try YAMLEventParser.parse(bytes, input: input) { (event, range) throws(YAMLProblem) in
            try builder.consume(event, range)
        }
        return Loaded(documents: builder.documents, problems: builder.problems, aliases: builder.aliasCount)
    }
}

/// Takes the items of a file's root key's sequence, in order, as `YAMLLoader` reads them.
///
/// A consumer that can make a `successor` lets a large file be read in two parts at once: the
/// successor is given the items of the second part (a contiguous run of the last items), and is
/// then handed back to `append`, which must leave this consumer as if it had been given those
/// items itself. A successor is made after `begin`, may be used elsewhere than where it was
/// made while its maker goes on, and so must share nothing mutable with it. When the two-part
/// read does not stand, the successor is dropped and this consumer is given every item.
public protocol StreamedItemConsumer {
    /// Called once, before the first item, with the root mapping's pairs written before the
    /// sequence (a bank's header, when it comes first).
    mutating func begin(_ pairs: [Node.Pair]) throws(YAMLProblem)
    mutating func add(_ item: Node) throws(YAMLProblem)
    /// A consumer for the items after those given to this one; nil reads the file in one piece.
    func successor() -> Self?
    mutating func append(_ successor: consuming Self)
}

extension StreamedItemConsumer {
    public mutating func begin(_ pairs: [Node.Pair]) throws(YAMLProblem) {}
    public func successor() -> Self? { nil }
    /// Never called: without a successor there is nothing to append.
    public mutating func append(_ successor: consuming Self) {}
}

extension YAMLLoader {
    /// A consumer made of closures, read in one piece.
    public struct Streaming: StreamedItemConsumer {
        public var rootKey: String
        private let onBegin: ([Node.Pair]) throws(YAMLProblem) -> Void
        private let handle: (Node) throws(YAMLProblem) -> Void

        public init(rootKey: String,
                    begin: @escaping ([Node.Pair]) throws(YAMLProblem) -> Void = { _ in },
                    handle: @escaping (Node) throws(YAMLProblem) -> Void) {
            self.rootKey = rootKey
            self.onBegin = begin
            self.handle = handle
        }

        public func begin(_ pairs: [Node.Pair]) throws(YAMLProblem) { try onBegin(pairs) }
        public func add(_ item: Node) throws(YAMLProblem) { try handle(item) }
    }
}

/// A consumer held where the tree builder's closures can reach it.
final class HeldConsumer<Consumer: StreamedItemConsumer> {
    var consumer: Consumer

    init(_ consumer: consuming Consumer) {
        self.consumer = consumer
    }

    func sink(rootKey: String) -> TreeBuilder.Sink {
        TreeBuilder.Sink(rootKey: rootKey, begin: { pairs throws(YAMLProblem) in
            try self.consumer.begin(pairs)
        }, item: { node throws(YAMLProblem) in
            try self.consumer.add(node)
        })
    }
}

struct TreeBuilder {
    /// Where the items of the streamed sequence go instead of the tree.
    struct Sink {
        var rootKey: String
        var begin: ([Node.Pair]) throws(YAMLProblem) -> Void
        var item: (Node) throws(YAMLProblem) -> Void
    }

    /// A value changed in place where it is kept (the top of `frames`), never moved while open:
    /// as a class, each access to its fields was an exclusivity check at run time.
    private struct Frame {
        let isMapping: Bool
        let start: SourceMark
        let tag: String?
        let anchor: String?
        var items: [Node] = []
        var pairs: [Node.Pair] = []
        var pendingKey: Node?

        /// The collected members, moved out rather than copied as the collection closes.
        mutating func takePairs() -> [Node.Pair] {
            defer { pairs = [] }
            return pairs
        }

        mutating func takeItems() -> [Node] {
            defer { items = [] }
            return items
        }
        /// A repeated key's value is dropped: the first definition stands.
        var pendingKeyIsDuplicate = false
        /// Nodes below this one, aliases counted as what they expand to.
        var nodeCount = 1
        var streamsItems = false
        /// Built only for large mappings; small ones are searched directly.
        var keyIndex: [DuplicateKey: SourceRange]?

        init(isMapping: Bool, start: SourceMark, tag: String?, anchor: String?) {
            self.isMapping = isMapping
            self.start = start
            self.tag = tag
            self.anchor = anchor
            if isMapping { pairs.reserveCapacity(8) }
        }

        /// What is left to the builder once a node is added below the collection.
        enum Added {
            case kept
            /// An item of the streamed sequence, for the sink.
            case streamed(Node)
            /// A key defined before in the mapping (at `first`): its value is dropped.
            case repeatedKey(String, at: SourceRange, first: SourceRange)
        }

        mutating func add(_ node: consuming Node, count: Int) -> Added {
            nodeCount += count
            if !isMapping {
                if streamsItems { return .streamed(node) }
                items.append(node)
                return .kept
            }
            guard let key = pendingKey.take() else {
                let first = firstDefinition(of: node)
                pendingKeyIsDuplicate = first != nil
                let added = first.map { Added.repeatedKey(node.scalar ?? "", at: node.range, first: $0) } ?? .kept
                pendingKey = consume node
                return added
            }
            if !pendingKeyIsDuplicate {
                pairs.append(Node.Pair(key: key, value: node))
            }
            return .kept
        }

        /// Where a key the same as `key` was defined before in this mapping, if one was: two
        /// scalar keys that resolve to the same type and text are the same key. Built only for
        /// large mappings, `keyIndex` is kept up to date from then on.
        private mutating func firstDefinition(of key: Node) -> SourceRange? {
            guard let value = key.scalar else { return nil }
            if keyIndex == nil {
                for pair in pairs where pair.key.scalar == value && pair.key.scalarType == key.scalarType {
                    return pair.key.range
                }
                guard pairs.count >= 16 else { return nil }
                var index: [DuplicateKey: SourceRange] = [:]
                for pair in pairs {
                    if let v = pair.key.scalar, let t = pair.key.scalarType { index[DuplicateKey(type: t, value: v)] = pair.key.range }
                }
                keyIndex = index
            }
            guard let type = key.scalarType else { return nil }
            let candidate = DuplicateKey(type: type, value: value)
            if let first = keyIndex![candidate] { return first }
            keyIndex![candidate] = key.range
            return nil
        }
    }

    private struct DuplicateKey: Hashable {
        var type: ScalarType
        var value: String
    }

    let limits: YAMLLoader.Limits
    let allowMultipleDocuments: Bool
    let acceptsAnyTag: Bool
    let sink: Sink?
    /// The open collections, innermost last.
    private var frames: [Frame] = []
    private var anchors: [String: (node: Node, count: Int)] = [:]
    private var aliasExpansion = 0
    private(set) var aliasCount = 0
    private var documentCount = 0
    private var root: Node?
    private(set) var documents: [Node?] = []
    private(set) var problems: [YAMLProblem] = []

    init(limits: YAMLLoader.Limits, allowMultipleDocuments: Bool, acceptsAnyTag: Bool, sink: Sink?) {
        self.limits = limits
        self.allowMultipleDocuments = allowMultipleDocuments
        self.acceptsAnyTag = acceptsAnyTag
        self.sink = sink
    }

    mutating func consume(_ event: YAMLEvent, _ range: SourceRange) throws(YAMLProblem) {
        switch event {
        case .scalar(let value, let anchor, let tag, let style):
            let checked = tag == nil ? nil : checkedTag(tag, range: range)
            try add(Node(.scalar(value, style), range: range, tag: checked, anchor: anchor), count: 1)
        case .mappingStart(let anchor, let tag, _):
            try open(isMapping: true, anchor: anchor, tag: tag, range: range)
        case .sequenceStart(let anchor, let tag, _):
            try open(isMapping: false, anchor: anchor, tag: tag, range: range)
        case .sequenceEnd, .mappingEnd:
            guard !frames.isEmpty else { return }
            let top = frames.count - 1
            let content: Node.Content = frames[top].isMapping ? .mapping(frames[top].takePairs()) : .sequence(frames[top].takeItems())
            let node = Node(content, range: SourceRange(start: frames[top].start, end: range.end), tag: frames[top].tag, anchor: frames[top].anchor)
            let count = frames[top].nodeCount
            frames.removeLast()
            try add(node, count: count)
        case .alias(let name):
            aliasCount += 1
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
        case .documentStart(let implicit):
            documentCount += 1
            if documentCount > 1 && !allowMultipleDocuments {
                // Only `---` starts a document after the first.
                let message = implicit ? "a bank is one YAML document, but a second document starts here"
                    : "a bank is one YAML document, but this `---` starts a second one; remove the line, or indent it if it belongs to a text"
                throw YAMLProblem(.multipleDocuments, message, at: range)
            }
            root = nil
            anchors = [:]
        case .documentEnd:
            documents.append(root)
        case .streamStart, .streamEnd:
            break
        }
    }

    private mutating func open(isMapping: Bool, anchor: String?, tag: String?, range: SourceRange) throws(YAMLProblem) {
        if frames.count >= limits.maxDepth {
            throw YAMLProblem(.depthLimit, "collections nest deeper than \(limits.maxDepth) levels", at: range)
        }
        var frame = Frame(isMapping: isMapping, start: range.start, tag: tag == nil ? nil : checkedTag(tag, range: range), anchor: anchor)
        if let sink, !isMapping, anchor == nil, frames.count == 1, frames[0].isMapping,
           let key = frames[0].pendingKey, key.scalar == sink.rootKey {
            frame.streamsItems = true
            try sink.begin(frames[0].pairs)
        }
        frames.append(frame)
    }

    /// The tag to keep: core-schema tags and `!`; others are reported and dropped.
    private mutating func checkedTag(_ tag: String?, range: SourceRange) -> String? {
        guard let tag, !acceptsAnyTag, tag != "!", !CoreTag.all.contains(tag) else { return tag }
        problems.append(YAMLProblem(.unsupportedTag, "tag \(tag) is not one of the YAML core schema's (!!str, !!int, !!float, !!bool, !!null, !!seq, !!map)", at: range))
        return nil
    }

    private mutating func add(_ node: consuming Node, count: Int) throws(YAMLProblem) {
        if let anchor = node.anchor {
            anchors[anchor] = (node, count)
        }
        guard !frames.isEmpty else {
            root = node
            return
        }
        switch frames[frames.count - 1].add(node, count: count) {
        case .kept: break
        case .streamed(let item): try sink?.item(item)
        case .repeatedKey(let value, let range, let first):
            problems.append(duplicate(value, at: range, first: first))
        }
    }

    private func duplicate(_ value: String, at range: SourceRange, first: SourceRange) -> YAMLProblem {
        YAMLProblem(.duplicateKey, "duplicate key '\(value)'; it is first defined at line \(first.start.line)",
                    at: range, related: [RelatedLocation("first definition of '\(value)'", at: first)])
    }
}

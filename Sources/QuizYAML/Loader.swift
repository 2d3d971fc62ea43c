import Foundation

/// Builds a document tree from libyaml's events and checks what libyaml leaves to its users:
/// duplicate keys, aliases (under an expansion budget), nesting depth, tags, one document.
public struct YAMLLoader: Sendable {
    public struct Limits: Sendable {
        /// Deepest nesting of collections; banks need six levels, generic YAML rarely twenty.
        public var maxDepth = 64
        /// Nodes that aliases may add to the document in total; an alias bomb passes it in a few steps.
        public var maxAliasExpansion = 100_000

        public init() {}
    }

    /// Hands the items of one top-level sequence to a closure as each is complete, instead of
    /// keeping them in the tree, so that a large bank never exists whole in memory.
    public struct Streaming {
        public var rootKey: String
        /// Called once, before the first item, with the root mapping's pairs written before the
        /// sequence (a bank's header, when it comes first).
        public var begin: ([Node.Pair]) throws(YAMLProblem) -> Void
        public var handle: (Node) throws(YAMLProblem) -> Void

        public init(rootKey: String,
                    begin: @escaping ([Node.Pair]) throws(YAMLProblem) -> Void = { _ in },
                    handle: @escaping (Node) throws(YAMLProblem) -> Void) {
            self.rootKey = rootKey
            self.begin = begin
            self.handle = handle
        }
    }

    /// Inputs at least this large are streamed from a second thread: libyaml and the tree run
    /// there while the caller handles the items already built, so the two overlap on two cores.
    public var concurrentThreshold = 1 << 20

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
        /// Aliases met (each expanded where it stands).
        public var aliases = 0

        public var root: Node? { documents.first ?? nil }
    }

    /// Loads `bytes`; problems that make the rest unreadable (syntax, encoding, limits) throw.
    /// With `streaming`, the items of the root key's sequence go to the closure and that
    /// sequence stays empty in the returned tree.
    public func load(_ bytes: [UInt8], streaming: Streaming? = nil) throws(YAMLProblem) -> Loaded {
        if let streaming, bytes.count >= concurrentThreshold {
            return try loadConcurrently(bytes, streaming)
        }
        let sink = streaming.map { TreeBuilder.Sink(rootKey: $0.rootKey, begin: $0.begin, item: $0.handle) }
        return try build(bytes, sink: sink)
    }

    func build(_ bytes: [UInt8], input: YAMLInput = YAMLInput(), sink: TreeBuilder.Sink?) throws(YAMLProblem) -> Loaded {
        var builder = TreeBuilder(limits: limits, allowMultipleDocuments: allowMultipleDocuments, acceptsAnyTag: acceptsAnyTag, sink: sink)
        try YAMLEventParser.parse(bytes, input: input) { (event, range) throws(YAMLProblem) in
            try builder.consume(event, range)
        }
        return Loaded(documents: builder.documents, problems: builder.problems, aliases: builder.aliasCount)
    }

    /// The same as the one-thread load, with libyaml and the tree on a second thread: the
    /// caller's closures run on the calling thread, in order, and see the same nodes.
    private func loadConcurrently(_ bytes: [UInt8], _ streaming: Streaming) throws(YAMLProblem) -> Loaded {
        let channel = StreamChannel()
        let outcome = LoadOutcome()
        let done = DispatchSemaphore(value: 0)
        let loader = self
        let rootKey = streaming.rootKey
        let producer = Thread {
            var batch: [StreamChannel.Item] = []
            func flush() throws(YAMLProblem) {
                guard channel.push(batch) else { throw StreamChannel.cancelled }
                batch = []
            }
            let sink = TreeBuilder.Sink(rootKey: rootKey, begin: { pairs throws(YAMLProblem) in
                batch.append(.begin(pairs))
                try flush()
            }, item: { node throws(YAMLProblem) in
                batch.append(.node(node))
                if batch.count == StreamChannel.batchSize { try flush() }
            })
            do throws(YAMLProblem) {
                outcome.loaded = try loader.build(bytes, sink: sink)
            } catch {
                outcome.failure = error
            }
            // Items built before a failure reach the caller too, as they do on one thread.
            if !batch.isEmpty { _ = channel.push(batch) }
            channel.finish()
            done.signal()
        }
        producer.stackSize = 1 << 20
        producer.start()
        while let batch = channel.pop() {
            for item in batch {
                do throws(YAMLProblem) {
                    switch item {
                    case .begin(let pairs): try streaming.begin(pairs)
                    case .node(let node): try streaming.handle(node)
                    }
                } catch {
                    channel.cancel()
                    done.wait()
                    throw error
                }
            }
        }
        done.wait()
        if let failure = outcome.failure { throw failure }
        return outcome.loaded ?? Loaded(documents: [], problems: [])
    }
}

/// What the loading thread leaves for the caller, read after it has signalled.
private final class LoadOutcome: @unchecked Sendable {
    var loaded: YAMLLoader.Loaded?
    var failure: YAMLProblem?
}

/// A bounded queue of batches of streamed items between the loading thread and the caller.
private final class StreamChannel: @unchecked Sendable {
    enum Item: Sendable {
        case begin([Node.Pair])
        case node(Node)
    }

    static let batchSize = 256
    /// Thrown on the loading thread when the caller has stopped listening.
    static let cancelled = YAMLProblem(.syntax, "loading cancelled", at: SourceRange(at: SourceMark(line: 1, column: 1)))
    /// Batches waiting at most; bounds memory when the caller is slower than libyaml.
    private static let capacity = 8

    private let condition = NSCondition()
    private var queue: [[Item]] = []
    private var head = 0
    private var finished = false
    private var isCancelled = false

    /// Waits for room; false when the caller gave up.
    func push(_ batch: [Item]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count - head >= Self.capacity && !isCancelled { condition.wait() }
        guard !isCancelled else { return false }
        queue.append(batch)
        condition.broadcast()
        return true
    }

    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, or nil when the loading thread has finished and nothing is left.
    func pop() -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count && !finished { condition.wait() }
        guard head < queue.count else { return nil }
        let batch = queue[head]
        queue[head] = []
        head += 1
        if head > 64 && head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return batch
    }

    func cancel() {
        condition.lock()
        isCancelled = true
        queue.removeAll()
        head = 0
        condition.broadcast()
        condition.unlock()
    }
}

struct TreeBuilder {
    /// Where the items of the streamed sequence go instead of the tree.
    struct Sink {
        var rootKey: String
        var begin: ([Node.Pair]) throws(YAMLProblem) -> Void
        var item: (Node) throws(YAMLProblem) -> Void
    }

    /// A class, so that the hot path updates the open collection in place rather than copying it.
    private final class Frame {
        let isMapping: Bool
        let start: SourceMark
        let tag: String?
        let anchor: String?
        var items: [Node] = []
        var pairs: [Node.Pair] = []
        var pendingKey: Node?

        /// The collected members, moved out rather than copied as the collection closes.
        func takePairs() -> [Node.Pair] {
            defer { pairs = [] }
            return pairs
        }

        func takeItems() -> [Node] {
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
    }

    private struct DuplicateKey: Hashable {
        var type: ScalarType
        var value: String
    }

    let limits: YAMLLoader.Limits
    let allowMultipleDocuments: Bool
    let acceptsAnyTag: Bool
    let sink: Sink?
    /// The collection being built; `outer` holds the ones around it. Kept apart so that the
    /// hot path works on a local value rather than through an array.
    private var current: Frame?
    private var outer: [Frame] = []
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

    private var depth: Int { outer.count + (current == nil ? 0 : 1) }

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
            guard let frame = current else { return }
            current = outer.popLast()
            let content: Node.Content = frame.isMapping ? .mapping(frame.takePairs()) : .sequence(frame.takeItems())
            try add(Node(content, range: SourceRange(start: frame.start, end: range.end), tag: frame.tag, anchor: frame.anchor), count: frame.nodeCount)
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
        if depth >= limits.maxDepth {
            throw YAMLProblem(.depthLimit, "collections nest deeper than \(limits.maxDepth) levels", at: range)
        }
        let frame = Frame(isMapping: isMapping, start: range.start, tag: tag == nil ? nil : checkedTag(tag, range: range), anchor: anchor)
        if let sink, !isMapping, anchor == nil, outer.isEmpty, let root = current, root.isMapping,
           let key = root.pendingKey, key.scalar == sink.rootKey {
            frame.streamsItems = true
            try sink.begin(root.pairs)
        }
        if let current { outer.append(current) }
        current = frame
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
        guard let frame = current else {
            root = node
            return
        }
        frame.nodeCount += count
        if !frame.isMapping {
            if frame.streamsItems, let sink {
                try sink.item(node)
            } else {
                frame.items.append(node)
            }
            return
        }
        guard let key = frame.pendingKey.take() else {
            frame.pendingKeyIsDuplicate = isDuplicate(node, in: frame)
            frame.pendingKey = consume node
            return
        }
        if !frame.pendingKeyIsDuplicate {
            frame.pairs.append(Node.Pair(key: key, value: node))
        }
    }

    /// Two scalar keys that resolve to the same type and text are the same key; a repeat is reported.
    private mutating func isDuplicate(_ key: Node, in frame: Frame) -> Bool {
        guard let value = key.scalar else { return false }
        if frame.keyIndex == nil {
            for pair in frame.pairs where pair.key.scalar == value && pair.key.scalarType == key.scalarType {
                problems.append(duplicate(value, at: key.range, first: pair.key.range))
                return true
            }
            guard frame.pairs.count >= 16 else { return false }
            var keyIndex: [DuplicateKey: SourceRange] = [:]
            for pair in frame.pairs {
                if let v = pair.key.scalar, let t = pair.key.scalarType { keyIndex[DuplicateKey(type: t, value: v)] = pair.key.range }
            }
            frame.keyIndex = keyIndex
        }
        guard let type = key.scalarType else { return false }
        let candidate = DuplicateKey(type: type, value: value)
        if let first = frame.keyIndex![candidate] {
            problems.append(duplicate(value, at: key.range, first: first))
            return true
        }
        frame.keyIndex![candidate] = key.range
        return false
    }

    private func duplicate(_ value: String, at range: SourceRange, first: SourceRange) -> YAMLProblem {
        YAMLProblem(.duplicateKey, "duplicate key '\(value)'; it is first defined at line \(first.start.line)",
                    at: range, related: [RelatedLocation("first definition of '\(value)'", at: first)])
    }
}

import Foundation

extension YAMLLoader {
    /// When a streamed file is read in two parts at once: the part before a split line on the
    /// caller's thread, the part from it on a second thread, each into a consumer of its own
    /// (`StreamedItemConsumer.successor`), so that the two overlap on two cores.
    public struct TwoParts: Sendable {
        /// Smaller files are read in one piece: a thread costs more than it saves on them.
        public var minimumSize: Int
        /// The share of the file before the split line (`SplitPoint.find`).
        public var fraction: Double

        public init(minimumSize: Int = 1 << 20, fraction: Double = 0.5) {
            self.minimumSize = minimumSize
            self.fraction = fraction
        }
    }

    /// A line of a file where an item of the root key's block sequence starts, so that the file
    /// can be parsed as two parts at once: the part before on the caller's thread, the part from
    /// it on a second thread, read behind a one-line prefix (`rootKey:`) that recreates the
    /// context the items sit in.
    ///
    /// Found by looking at bytes only, so it is a guess: the split load checks it against what
    /// libyaml makes of both parts and falls back to reading the file in one piece when a part
    /// does not come out as an exact piece of the whole (the line was inside a quoted scalar,
    /// an alias refers back across it, keys follow the sequence, and so on).
    public struct SplitPoint: Sendable, Equatable {
        /// The byte offset of the line.
        public var offset: Int
        /// Its line number, 1-based, counting line feeds.
        public var line: Int
        /// The column (1-based) of the items' `-`.
        public var itemColumn: Int

        /// The first line at or after `fraction` of the file that starts an item as the first
        /// item of `rootKey:` does, with that key written alone on its line at the start of a
        /// line, and no directive (`%`) before it. Nil when there is none.
        public static func find(in bytes: [UInt8], rootKey: String, fraction: Double = 0.5) -> SplitPoint? {
            bytes.withUnsafeBufferPointer { find(in: $0, rootKey: Array(rootKey.utf8), fraction: fraction) }
        }

        private static func find(in text: UnsafeBufferPointer<UInt8>, rootKey: [UInt8], fraction: Double) -> SplitPoint? {
            let count = text.count
            func lineEnd(from index: Int) -> Int {
                var i = index
                while i < count, text[i] != 0x0A { i += 1 }
                return i
            }
            var start = count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
            // The root key's line.
            while true {
                guard start < count else { return nil }
                let end = lineEnd(from: start)
                if text[start] == UInt8(ascii: "%") { return nil }
                if isKeyLine(text, start, end, rootKey) {
                    start = end + 1
                    break
                }
                start = end + 1
            }
            // Its first item, after blank and comment lines.
            var column = 0
            while true {
                guard start < count else { return nil }
                let end = lineEnd(from: start)
                var i = start
                while i < end, text[i] == UInt8(ascii: " ") { i += 1 }
                if i == end || text[i] == UInt8(ascii: "#") || (text[i] == 0x0D && i + 1 == end) {
                    start = end + 1
                    continue
                }
                guard startsItem(text, at: i, end: end) else { return nil }
                column = i - start
                start = end + 1
                break
            }
            // The first line like it from `fraction` of the file on.
            var index = max(start, Int(Double(count) * fraction))
            while index > start, text[index - 1] != 0x0A { index -= 1 }
            while index < count {
                let end = lineEnd(from: index)
                var i = index
                while i < end, i - index < column, text[i] == UInt8(ascii: " ") { i += 1 }
                if i - index == column, startsItem(text, at: i, end: end) {
                    return SplitPoint(offset: index, line: lineFeeds(text, before: index) + 1, itemColumn: column + 1)
                }
                index = end + 1
            }
            return nil
        }

        /// `key:`, then only spaces, a comment or a carriage return.
        private static func isKeyLine(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ key: [UInt8]) -> Bool {
            guard end - start > key.count, text[start + key.count] == UInt8(ascii: ":") else { return false }
            for (k, byte) in key.enumerated() where text[start + k] != byte { return false }
            var i = start + key.count + 1
            while i < end, text[i] == UInt8(ascii: " ") { i += 1 }
            return i == end || text[i] == UInt8(ascii: "#") || (text[i] == 0x0D && i + 1 == end)
        }

        /// `-` followed by a space, a carriage return or the line's end.
        private static func startsItem(_ text: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Bool {
            guard i < end, text[i] == UInt8(ascii: "-") else { return false }
            return i + 1 == end || text[i + 1] == UInt8(ascii: " ") || text[i + 1] == 0x0D
        }

        /// Line feeds before `end`, eight bytes at a time. Other line breaks libyaml counts
        /// (a lone carriage return, NEL, LS, PS) make the count differ from libyaml's marks;
        /// the split load sees that and reads the file in one piece.
        private static func lineFeeds(_ text: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let feeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
            var total = 0
            var i = 0
            let raw = UnsafeRawBufferPointer(text)
            // This runs before the second thread starts, over half the file. Without a popcount
            // instruction (the baseline x86-64 has none) the count is kept per byte lane, a 1 for
            // each line feed, and the lanes are added up every 255 words, before one can overflow.
            while i + 8 <= end {
                var lanes: UInt64 = 0
                let blockEnd = min(end, i + 8 * 255)
                while i + 8 <= blockEnd {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ feeds
                    // A byte of `word` is zero exactly where the text has a line feed.
                    lanes &+= (~(((word & low) &+ low) | word | low)) >> 7
                    i += 8
                }
                // Pairs of lanes into 16-bit lanes (at most 510 each), then all four added up.
                let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
                total += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
            }
            while i < end {
                if text[i] == 0x0A { total += 1 }
                i += 1
            }
            return total
        }
    }

    /// Loads as the one-piece load does, with the same result, items and problems, in two
    /// parts at once (see `SplitPoint`) when `consumer` makes a successor for the second.
    func loadInTwoParts<Consumer>(_ bytes: [UInt8], rootKey: String, to held: HeldConsumer<Consumer>,
                                  splitAt split: SplitPoint) throws(YAMLProblem) -> Loaded {
        // libyaml checks bytes up to a raw block (16 KiB) ahead of where it parses, so the
        // one-piece load meets a bad byte just past the split line before the first part could,
        // ahead of a syntax error or items the first part would report. Looked for over four
        // blocks, to a line end (which no multi-byte character crosses).
        var windowEnd = min(bytes.count, split.offset + 4 * 16_384)
        while windowEnd < bytes.count, bytes[windowEnd] != 0x0A { windowEnd += 1 }
        let window = split.offset..<windowEnd
        if Self.hasBytesLibyamlRejects(bytes, in: window) {
            return try loadWhole(bytes, rootKey: rootKey, to: held, skipping: 0, began: false)
        }
        // Started once the consumer has begun and made a successor.
        var second: SecondPart<Consumer>?

        // The first part: up to the split line, and on through the file when the second part
        // did not stand. The last item is held back until it is known to end where the part does.
        var stoppedAtSplit = false
        var began = false
        var delivered = 0
        var last: Node?
        var input = YAMLInput()
        input.pause = split.offset
        input.resume = {
            second?.waitUntilDone()
            // Reading on from the split line, libyaml's raw blocks start elsewhere than in the
            // one-piece load, and so would meet a bad byte at another point of the parse: with
            // one in the rest of the file, the file is read again in one piece instead.
            stoppedAtSplit = second?.loaded != nil || Self.hasBytesLibyamlRejects(bytes, in: split.offset..<bytes.count)
            return !stoppedAtSplit
        }
        var consumerProblem: YAMLProblem?
        let sink = TreeBuilder.Sink(rootKey: rootKey, begin: { pairs throws(YAMLProblem) in
            began = true
            do throws(YAMLProblem) { try held.consumer.begin(pairs) } catch { consumerProblem = error; throw error }
            if second == nil, let successor = held.consumer.successor() {
                second = SecondPart(successor, of: bytes, from: split, rootKey: rootKey, loader: self)
            }
        }, item: { node throws(YAMLProblem) in
            if let item = last {
                last = nil
                do throws(YAMLProblem) { try held.consumer.add(item) } catch { consumerProblem = error; throw error }
                delivered += 1
            }
            last = node
        })
        let first: Loaded
        do throws(YAMLProblem) {
            first = try build(bytes, input: input, sink: sink)
        } catch {
            second?.cancel()
            if consumerProblem != nil { throw error }
            guard stoppedAtSplit else {
                if let item = last { try held.consumer.add(item) }
                throw error
            }
            return try loadWhole(bytes, rootKey: rootKey, to: held, skipping: delivered, began: began)
        }
        second?.waitUntilDone()
        guard stoppedAtSplit else {
            if let item = last { try held.consumer.add(item) }
            return first
        }
        guard began, let second, let secondPart = second.loaded, let merged = Self.join(first, secondPart, at: split, rootKey: rootKey),
              let successor = second.takeConsumer() else {
            return try loadWhole(bytes, rootKey: rootKey, to: held, skipping: delivered, began: began)
        }
        if var item = last {
            // In the whole file the last item, and the collections that close with it, end at the
            // next item's `-`, where libyaml sees the indentation drop; in the first part, at the
            // start of that line.
            Self.moveEnds(of: &item, from: SourceMark(line: split.line, column: 1), to: SourceMark(line: split.line, column: split.itemColumn))
            try held.consumer.add(item)
        }
        held.consumer.append(consume successor)
        return merged
    }

    /// The one-piece load after a split that did not stand, without the items already handed over.
    private func loadWhole<Consumer>(_ bytes: [UInt8], rootKey: String, to held: HeldConsumer<Consumer>,
                                     skipping delivered: Int, began: Bool) throws(YAMLProblem) -> Loaded {
        var skipped = 0
        let sink = TreeBuilder.Sink(rootKey: rootKey, begin: { pairs throws(YAMLProblem) in
            if !began { try held.consumer.begin(pairs) }
        }, item: { node throws(YAMLProblem) in
            if skipped < delivered {
                skipped += 1
            } else {
                try held.consumer.add(node)
            }
        })
        return try build(bytes, sink: sink)
    }

    /// Whether libyaml's reader refuses something in `range`: bytes that are not UTF-8, or a
    /// character outside what YAML allows (C0 controls but tab and line breaks, DEL, C1 controls
    /// but NEL, U+FFFE and U+FFFF). A multi-byte sequence cut by the range's ends counts as bad.
    static func hasBytesLibyamlRejects(_ bytes: [UInt8], in range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let part = UnsafeBufferPointer(rebasing: buffer[range])
            if YAMLEventParser.firstInvalidUTF8(in: part) != nil { return true }
            for (index, byte) in part.enumerated() {
                switch byte {
                case 0x09, 0x0A, 0x0D: continue
                case 0x00..<0x20, 0x7F: return true
                case 0xC2 where index + 1 < part.count:
                    // U+0080...U+009F, but U+0085 (NEL)
                    if part[index + 1] < 0xA0, part[index + 1] != 0x85 { return true }
                case 0xEF where index + 2 < part.count:
                    if part[index + 1] == 0xBF, part[index + 2] >= 0xBE { return true }
                default: continue
                }
            }
            return false
        }
    }

    /// Collections only: a block scalar ends where its last line break does, in both.
    private static func moveEnds(of node: inout Node, from end: SourceMark, to moved: SourceMark) {
        guard node.range.end == end, node.scalar == nil else { return }
        node.range.end = moved
        switch node.content {
        case .scalar: break
        case .sequence(var items):
            if !items.isEmpty { moveEnds(of: &items[items.count - 1], from: end, to: moved) }
            node.content = .sequence(items)
        case .mapping(var pairs):
            if !pairs.isEmpty { moveEnds(of: &pairs[pairs.count - 1].value, from: end, to: moved) }
            node.content = .mapping(pairs)
        }
    }

    /// The second part stands alone when it is the streamed sequence and nothing else: one
    /// document, no key after the sequence, no alias (its anchor may be in the first part).
    static func isSecondPart(_ loaded: Loaded, of split: SplitPoint, rootKey: String) -> Bool {
        guard loaded.aliases == 0, loaded.documents.count == 1, let pairs = loaded.root?.pairs, pairs.count == 1,
              pairs[0].key.scalar == rootKey, let items = pairs[0].value.items, items.isEmpty
        else { return false }
        return pairs[0].value.range.start == SourceMark(line: split.line, column: split.itemColumn)
    }

    /// The whole file's result from its two parts, or nil when the first part does not end
    /// with the root key's sequence still open at the split line, as a part of the whole must.
    private static func join(_ first: Loaded, _ second: Loaded, at split: SplitPoint, rootKey: String) -> Loaded? {
        guard first.documents.count == 1, var root = first.root, root.range.start.column == 1,
              var pairs = root.pairs, let last = pairs.last, last.key.scalar == rootKey,
              let items = last.value.items, items.isEmpty,
              last.value.range.start.column == split.itemColumn,
              last.value.range.end == SourceMark(line: split.line, column: 1),
              let secondRoot = second.root, let secondSequence = secondRoot.pairs?.first?.value
        else { return nil }
        pairs[pairs.count - 1].value.range.end = secondSequence.range.end
        root.content = .mapping(pairs)
        root.range.end = secondRoot.range.end
        return Loaded(documents: [root], problems: first.problems + second.problems, aliases: first.aliases)
    }
}

/// The second part, read on a thread of its own into the consumer's successor; its result and
/// successor are read once `waitUntilDone` has returned.
// Unchecked: the part's thread writes `consumer` and `loaded` before it signals `done`, and the
// first part's thread reads them only after waiting for that signal (or before the part's thread
// starts); `cancelled` is read and written under `lock`; `waited` only by the first part's thread.
private final class SecondPart<Consumer: StreamedItemConsumer>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// The successor, until `takeConsumer`.
    private var consumer: Consumer?
    /// Set when the part came out as an exact piece of the whole.
    private(set) var loaded: YAMLLoader.Loaded?
    private let lock = NSLock()
    private var cancelled = false
    /// Only the first part's thread waits.
    private var waited = false

    init(_ consumer: Consumer, of bytes: [UInt8], from split: YAMLLoader.SplitPoint, rootKey: String, loader: YAMLLoader) {
        self.consumer = consumer
        let work = ThreadWork { [self] in read(bytes, from: split, rootKey: rootKey, loader: loader) }
        let thread = Thread { work.run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func read(_ bytes: [UInt8], from split: YAMLLoader.SplitPoint, rootKey: String, loader: YAMLLoader) {
        var input = YAMLInput()
        input.prefix = Array("\(rootKey):\n".utf8)
        input.start = split.offset
        input.lineOffset = split.line - 2
        let sink = TreeBuilder.Sink(rootKey: rootKey, begin: { _ in }, item: { node throws(YAMLProblem) in
            if self.isCancelled { throw YAMLProblem(.syntax, "loading cancelled", at: node.range) }
            try self.consumer?.add(node)
        })
        // A consumer's error here makes the part not stand: the first part then reads on and
        // meets it in turn.
        if let loaded = try? loader.build(bytes, input: input, sink: sink),
           YAMLLoader.isSecondPart(loaded, of: split, rootKey: rootKey) {
            self.loaded = loaded
        }
        done.signal()
    }

    /// The successor, with no other owner left (so that its storage is not copied when changed).
    func takeConsumer() -> Consumer? {
        consumer.take()
    }

    private var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    func waitUntilDone() {
        guard !waited else { return }
        done.wait()
        waited = true
    }

    /// Stops the second part at its next item and waits for it.
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
        waitUntilDone()
    }
}

/// A thread's work, boxed so that the thread's closure captures no generic type.
// Unchecked: `run` cannot be `@Sendable`, as it captures the generic part (whose metatype is not
// Sendable); it captures only that part, which is itself Sendable, and values, and the thread it
// is handed to is the only caller.
private final class ThreadWork: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}

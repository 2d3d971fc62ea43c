import QuizSupport

/// Finds the pairs of texts whose sets of character 5-grams ("shingles") have a Jaccard
/// similarity of at least a threshold: an exact set-similarity join (PPJoin: Xiao, Wang, Lin &
/// Yu, "Efficient similarity joins for near duplicate detection", WWW 2008).
///
/// Why not MinHash with LSH banding: banding finds a pair only with some probability (a pair
/// at exactly the threshold is missed 1 − (1 − s^r)^b of the time), costs b·r hash
/// evaluations per shingle, and still needs every candidate verified. A prefix-filtered join is
/// exact — a pair at or above the threshold is always a candidate, so recall is 1 by
/// construction — and on text its cost grows near-linearly: shingles are ordered rarest first,
/// a pair above threshold t must share one of the first |x| − ⌈t|x|⌉ + 1 shingles of the
/// longer text and of the mid-prefix of the shorter one, and those are rare, so the inverted
/// lists probed are short. Length and positional filters cut the candidates further, and each
/// candidate is confirmed by its exact Jaccard similarity (an ordered merge of the two shingle
/// sets, stopped once the overlap cannot reach the threshold). Shingles are kept exactly (five
/// scalars packed into one or two words), not hashed, so the similarity is exact too.
///
/// What no method avoids is a set of k variants of one question: all k² pairs are true. The
/// rule wants clusters, not pairs, so it passes a visitor that skips verifying a candidate
/// already in the text's cluster, and classes that keep apart what it would not report: the
/// pairs and clusters are the same as with every pair verified, at a cost that grows with the
/// number of clusters a text touches rather than the number of their members.
///
/// The visitor's partitions are joined one after the other, each with its own threshold (the
/// rule joins questions of one specific answer at a lower one than the rest): within a
/// partition the join is the same PPJoin, so it stays exact for every threshold. A low
/// threshold makes prefixes longer (at 0.1, 90% of a text's shingles) and lists of common
/// shingles are probed, but only among the questions of one answer, which the rule bounds (16).
public enum NearDuplicateJoin {
    /// A confirmed pair of text indexes (`first < second`) and their Jaccard similarity.
    public struct Pair: Sendable, Equatable {
        public var first: Int
        public var second: Int
        public var similarity: Double
    }

    /// Every pair of `texts` (normalized with `QualityText.normalized`) whose shingle sets have
    /// a Jaccard similarity of at least `threshold`, including pairs of equal texts (similarity
    /// 1). A text whose normalized form is empty has no shingles and is in no pair. Pairs are
    /// sorted by `first`, then `second`.
    public static func pairs(_ texts: [String], threshold: Double) -> [Pair] {
        // Equal texts are joined once.
        var uniqueIndex: [String: Int] = [:]
        var unique: [String] = []
        var members: [[Int]] = []
        for (index, text) in texts.enumerated() {
            if let existing = uniqueIndex[text] {
                members[existing].append(index)
            } else {
                uniqueIndex[text] = unique.count
                unique.append(text)
                members.append([index])
            }
        }
        var result: [Pair] = []
        for (group, indexes) in members.enumerated() where indexes.count > 1 && !unique[group].isEmpty {
            for a in indexes.indices {
                for b in (a + 1)..<indexes.count { result.append(Pair(first: indexes[a], second: indexes[b], similarity: 1)) }
            }
        }
        for pair in uniquePairs(unique, threshold: threshold) {
            for a in members[pair.first] {
                for b in members[pair.second] {
                    result.append(Pair(first: min(a, b), second: max(a, b), similarity: pair.similarity))
                }
            }
        }
        result.sort { $0.first != $1.first ? $0.first < $1.first : $0.second < $1.second }
        return result
    }

    /// The pairs of distinct texts (`texts` should hold no repeats) at or above `threshold`.
    static func uniquePairs(_ texts: [String], threshold: Double) -> [Pair] {
        var collector = PairCollector(threshold: threshold)
        let utf8 = texts.map(\.utf8)
        join(utf8, vocabulary: ShingleVocabulary(utf8: utf8), visitor: &collector)
        return collector.pairs
    }

    /// Decides which candidates are verified, and takes the confirmed pairs.
    protocol Visitor {
        /// Records of different partitions are never compared (they have separate indexes); a
        /// record of a negative partition is in no pair.
        func partition(_ x: Int) -> Int32
        /// The least similarity of a pair of a partition (each partition is joined with its own).
        func threshold(_ partition: Int32) -> Double
        /// Whether two records of one partition may be a pair at all; checked once per
        /// candidate, so it must be cheap.
        func compatible(_ x: Int, _ y: Int) -> Bool
        /// Whether a candidate that passed the filters is worth verifying.
        mutating func shouldVerify(_ x: Int, _ y: Int) -> Bool
        /// A verified pair at or above the threshold (the visitor may still leave it out).
        mutating func found(_ x: Int, _ y: Int, similarity: Double)
    }

    struct PairCollector: Visitor {
        let threshold: Double
        var pairs: [Pair] = []
        func partition(_ x: Int) -> Int32 { 0 }
        func threshold(_ partition: Int32) -> Double { threshold }
        func compatible(_ x: Int, _ y: Int) -> Bool { true }
        func shouldVerify(_ x: Int, _ y: Int) -> Bool { true }
        mutating func found(_ x: Int, _ y: Int, similarity: Double) {
            pairs.append(Pair(first: min(x, y), second: max(x, y), similarity: similarity))
        }
    }

    /// The distinct shingles of a run's texts, each numbered by its rank by document frequency
    /// (rarest first, ties in order of first appearance), and each text's number of distinct
    /// shingles. The sets of any of the texts (`ShingleSets(utf8:vocabulary:)`) are made from
    /// it with the same token ids as the sets of all of them, so the join makes the sets of one
    /// partition at a time and lets them go after it, instead of holding every text's set
    /// through the search.
    struct ShingleVocabulary {
        /// One-word shingles, by a one-to-one mix of the shingle, to their rank.
        private var narrow: HashIndex
        /// Shingles with a scalar of more than 12 bits, to their rank.
        private var wide: [WideShingle: Int32]
        /// Each text's number of distinct shingles, in the order the texts were given.
        let sizes: [Int32]
        /// The number of distinct shingles.
        let count: Int
        /// The bytes a token id takes in a set: three while ids fit in 24 bits (as the shingles
        /// of millions of texts do), else four.
        var width: Int { count <= 1 << 24 ? 3 : 4 }

        /// The vocabulary of texts given as UTF-8 (a malformed sequence reads as U+FFFD).
        init<Texts: Sequence>(utf8 texts: Texts) where Texts.Element: Collection<UInt8> {
            var narrow = HashIndex(capacity: 1 << 16)
            var wide: [WideShingle: Int32] = [:]
            var frequency: [Int32] = []
            // By id, the last text that held it: a text counts each of its shingles once.
            var lastText: [Int32] = []
            var sizes: [Int32] = []
            var scalars: [UInt32] = []
            for text in texts {
                let current = Int32(sizes.count)
                var distinct: Int32 = 0
                NearDuplicateJoin.forEachShingle(of: text, scalars: &scalars) { shingle in
                    let next = Int32(frequency.count)
                    let known: Int32?
                    switch shingle {
                    case .narrow(let key): known = narrow.insert(next, hash: ShingleVocabulary.mix(key), isEqual: { _ in true })
                    case .wide(let key):
                        known = wide[key]
                        if known == nil { wide[key] = next }
                    }
                    if let known {
                        guard lastText[Int(known)] != current else { return }
                        lastText[Int(known)] = current
                        frequency[Int(known)] += 1
                    } else {
                        frequency.append(1)
                        lastText.append(current)
                    }
                    distinct += 1
                }
                sizes.append(distinct)
            }
            lastText = []
            // Rank ids by (document frequency, id), rarest first: a counting sort.
            var maxFrequency = 0
            for value in frequency { maxFrequency = max(maxFrequency, Int(value)) }
            var firstRank = [Int](repeating: 0, count: maxFrequency + 2)
            for value in frequency { firstRank[Int(value) + 1] += 1 }
            for index in 1..<firstRank.count { firstRank[index] += firstRank[index - 1] }
            var rank = [Int32](repeating: 0, count: frequency.count)
            for id in frequency.indices {
                let value = Int(frequency[id])
                rank[id] = Int32(firstRank[value])
                firstRank[value] += 1
            }
            // The tables map shingles to ranks from now on: ids are not kept.
            narrow.renumber { rank[Int($0)] }
            for (key, id) in wide { wide[key] = rank[Int(id)] }
            self.narrow = narrow
            self.wide = wide
            self.sizes = sizes
            count = frequency.count
        }

        /// The ranks of a text's distinct shingles, sorted, in `set`; the text must be one the
        /// vocabulary was made of (each of its shingles has a rank).
        @inline(__always)
        func ranks<Text: Collection<UInt8>>(of text: Text, into set: inout [Int32], scalars: inout [UInt32]) {
            set.removeAll(keepingCapacity: true)
            NearDuplicateJoin.forEachShingle(of: text, scalars: &scalars) { shingle in
                switch shingle {
                case .narrow(let key): set.append(narrow.find(hash: ShingleVocabulary.mix(key), isEqual: { _ in true })!)
                case .wide(let key): set.append(wide[key]!)
                }
            }
            set.sort()
            var unique = 0
            for id in set where unique == 0 || id != set[unique - 1] {
                set[unique] = id
                unique += 1
            }
            set.removeSubrange(unique...)
        }

        /// The Jaccard similarity of the shingle sets of two of the texts, made for them alone.
        func similarity<Texts: RandomAccessCollection>(_ x: Int, _ y: Int, of texts: Texts) -> Double
        where Texts.Index == Int, Texts.Element: Collection<UInt8> {
            ShingleSets(records: [Int32(x), Int32(y)], of: texts, vocabulary: self).similarity(0, 1)
        }

        @inline(__always)
        static func mix(_ key: UInt64) -> UInt64 {
            // A multiply-xorshift mix (a fixed function: runs are reproducible); each step is
            // invertible, so distinct keys never share a hash and no comparison is needed.
            var h = key &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            h = h &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 32
            return h
        }
    }

    /// A shingle: five scalars of 12 bits (Latin, Greek, Cyrillic, ...) in one word, else two.
    enum Shingle: Equatable {
        case narrow(UInt64)
        case wide(WideShingle)
    }

    /// A shingle with a scalar of more than 12 bits (CJK, emoji...): two words, exactly.
    struct WideShingle: Hashable {
        var high: UInt64
        var low: UInt64
    }

    /// Calls `body` with each shingle of a UTF-8 text in order, repeats included (a malformed
    /// sequence reads as U+FFFD; a text shorter than a shingle is one shingle, padded with a
    /// value no scalar has; an empty text has none). `scalars` is scratch room. The search reads
    /// every text twice (for the vocabulary, then for its partition's sets), most of them
    /// ASCII: those are read from their bytes (`forEachShingle(ofASCII:)`), the rest decoded.
    @inline(__always)
    static func forEachShingle<Text: Collection<UInt8>>(of text: Text, scalars: inout [UInt32], _ body: (Shingle) -> Void) {
        if text.withContiguousStorageIfAvailable({ forEachShingle(ofASCII: $0, body) }) == true { return }
        forEachDecodedShingle(of: text, scalars: &scalars, body)
    }

    /// `forEachDecodedShingle` of an ASCII text of five bytes or more, each scalar its byte, or
    /// false (with nothing called) for another text.
    @inline(__always)
    static func forEachShingle(ofASCII bytes: UnsafeBufferPointer<UInt8>, _ body: (Shingle) -> Void) -> Bool {
        guard bytes.count >= 5, ByteSet.nonASCII.firstIndex(in: bytes) == nil else { return false }
        // The last five bytes, 12 bits each, as one word.
        var key: UInt64 = 0
        for index in 0..<4 { key = key << 12 | UInt64(bytes[index]) }
        for index in 4..<bytes.count {
            key = (key << 12 | UInt64(bytes[index])) & (1 << 60 - 1)
            body(.narrow(key))
        }
        return true
    }

    /// The shingles of a text from its decoded scalars.
    static func forEachDecodedShingle<Text: Collection<UInt8>>(of text: Text, scalars: inout [UInt32], _ body: (Shingle) -> Void) {
        scalars.removeAll(keepingCapacity: true)
        var input = text.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&input) {
            case .scalarValue(let scalar): scalars.append(scalar.value)
            case .emptyInput: break decoding
            case .error: scalars.append(0xFFFD)
            }
        }
        guard !scalars.isEmpty else { return }
        while scalars.count < 5 { scalars.append(0x1F_FFFF) }
        for start in 0...(scalars.count - 5) {
            let a = scalars[start], b = scalars[start + 1], c = scalars[start + 2], d = scalars[start + 3], e = scalars[start + 4]
            if (a | b | c | d | e) < 0x1000 {
                body(.narrow(UInt64(a) << 48 | UInt64(b) << 36 | UInt64(c) << 24 | UInt64(d) << 12 | UInt64(e)))
            } else {
                body(.wide(WideShingle(high: UInt64(a) << 42 | UInt64(b) << 21 | UInt64(c), low: UInt64(d) << 21 | UInt64(e))))
            }
        }
    }

    /// Texts' shingles as token ids (their ranks in a `ShingleVocabulary`), each set sorted, so
    /// rarest first. Stored flat, each id in the vocabulary's `width` bytes: the set of text `i`
    /// is tokens `offsets[i]..<offsets[i + 1]` (`withTokens`).
    struct ShingleSets {
        /// The ids, little-endian, `width` bytes each, then padding for a 4-byte load of the last.
        private var bytes: [UInt8] = []
        private(set) var offsets: [Int] = [0]
        /// The number of distinct shingles of the vocabulary the ids are ranks in.
        let vocabulary: Int
        let width: Int

        var count: Int { offsets.count - 1 }
        func size(_ index: Int) -> Int { offsets[index + 1] - offsets[index] }

        /// The Jaccard similarity of two texts' shingle sets (0 when either has none).
        func similarity(_ x: Int, _ y: Int) -> Double {
            let common = withTokens { tokens in
                NearDuplicateJoin.intersectionCount(tokens, offsets[x], size(x), offsets[y], size(y), atLeast: 0)
            }
            let union = size(x) + size(y) - common
            return union == 0 ? 0 : Double(common) / Double(union)
        }

        /// Every text's tokens, read in place.
        func withTokens<Result>(_ body: (Tokens) -> Result) -> Result {
            bytes.withUnsafeBytes { body(Tokens(base: $0.baseAddress!, width: width)) }
        }

        /// The token ids of all the texts, one after the other.
        struct Tokens {
            let base: UnsafeRawPointer
            let width: Int
            private let mask: UInt32

            init(base: UnsafeRawPointer, width: Int) {
                self.base = base
                self.width = width
                mask = width == 4 ? UInt32.max : (1 << (8 * width)) - 1
            }

            @inline(__always)
            subscript(index: Int) -> Int32 {
                Int32(bitPattern: UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index &* width, as: UInt32.self)) & mask)
            }
        }

        init(_ texts: [String]) {
            self.init(utf8: texts.map(\.utf8))
        }

        /// The sets of texts given as UTF-8, ranked among themselves.
        init<Texts: RandomAccessCollection>(utf8 texts: Texts) where Texts.Index == Int, Texts.Element: Collection<UInt8> {
            self.init(records: texts.indices.lazy.map { Int32($0) }, of: texts, vocabulary: ShingleVocabulary(utf8: texts))
        }

        /// The sets of `records` (in the order given) of the texts `vocabulary` was made of;
        /// each text is read once.
        init<Records: Collection<Int32>, Texts: RandomAccessCollection>(records: Records, of texts: Texts, vocabulary: ShingleVocabulary)
        where Texts.Index == Int, Texts.Element: Collection<UInt8> {
            self.vocabulary = vocabulary.count
            let width = vocabulary.width
            self.width = width
            var scalars: [UInt32] = []
            var set: [Int32] = []
            // Room for the records' shingles, which the vocabulary counted, and a byte past the
            // last id: the buffer is made at its size, never copied while it grows.
            let room = records.reduce(0) { $0 + Int(vocabulary.sizes[Int($1)]) } * width + 1
            offsets.reserveCapacity(records.count + 1)
            var offsets = offsets
            bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, initialized in
                let buffer = UnsafeMutableRawBufferPointer(buffer)
                var position = 0
                for record in records {
                    vocabulary.ranks(of: texts[Int(record)], into: &set, scalars: &scalars)
                    for id in set {
                        let value = UInt32(bitPattern: id)
                        for byte in 0..<width { buffer[position + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
                        position += width
                    }
                    offsets.append(position / width)
                }
                buffer[position] = 0
                initialized = position + 1
            }
            self.offsets = offsets
        }
    }

    /// ⌈value⌉ for a product of a threshold and a size, robust to the float error of the product.
    @inline(__always)
    static func ceiling(_ value: Double) -> Int {
        Int((value - 1e-9).rounded(.up))
    }

    /// PPJoin over the texts' shingle sets: records in order of size, prefix filter, length
    /// filter, positional filter, then verification by an exact merge (stopped as soon as the
    /// overlap can no longer reach the threshold).
    ///
    /// Records of different partitions are never candidates of each other, so each partition is
    /// joined on its own: its records' shingle sets are made from `vocabulary` (that of `texts`)
    /// and let go after it, and its inverted lists are laid out in one buffer sized for the
    /// largest partition and emptied after it. Memory grows with the largest partition's sets
    /// and prefixes, not with all of them (at a low threshold a prefix is most of a text's
    /// shingles).
    static func join<Texts: RandomAccessCollection, V: Visitor>(_ texts: Texts, vocabulary: ShingleVocabulary, visitor: inout V)
    where Texts.Index == Int, Texts.Element: Collection<UInt8> {
        let count = texts.count
        precondition(vocabulary.sizes.count == count, "a vocabulary of other texts")
        let sizes = vocabulary.sizes
        // Partition by partition, each in order of size.
        let partitions = (0..<count).map { visitor.partition($0) }
        let order = (0..<Int32(count)).filter { sizes[Int($0)] > 0 && partitions[Int($0)] >= 0 }.sorted {
            let a = Int($0), b = Int($1)
            if partitions[a] != partitions[b] { return partitions[a] < partitions[b] }
            return sizes[a] != sizes[b] ? sizes[a] < sizes[b] : a < b
        }
        func indexedPrefix(_ size: Int, _ t: Double) -> Int {
            max(1, min(size, size - ceiling(2 * t / (1 + t) * Double(size)) + 1))
        }
        // Each partition's threshold, as an index into the few distinct ones (`levels`), where
        // its records start in `order`, and the most records and list entries of one partition.
        var levels: [Double] = []
        var starts: [(start: Int, level: Int)] = []
        var mostEntries = 0, entriesOfPartition = 0
        for (position, record) in order.enumerated() {
            let part = partitions[Int(record)]
            if position == 0 || part != partitions[Int(order[position - 1])] {
                let t = visitor.threshold(part)
                let index = levels.firstIndex(of: t) ?? levels.count
                if index == levels.count { levels.append(t) }
                starts.append((position, index))
                entriesOfPartition = 0
            }
            entriesOfPartition += indexedPrefix(Int(sizes[Int(record)]), levels[starts[starts.count - 1].level])
            mostEntries = max(mostEntries, entriesOfPartition)
        }
        starts.append((order.count, 0))
        let mostRecords = zip(starts, starts.dropFirst()).map { $1.start - $0.start }.max() ?? 0
        // The inverted lists of the partition being joined, flat: the list of token w is
        // entries[lists[w].start..<lists[w].end], filled in order of record size;
        // `lists[w].first` skips entries too short for every later (longer) probe. A probe
        // reads one `TokenList` and then its entries in sequence: each entry holds what the
        // filters need (the record's size too), so that only the candidate's overlap counter
        // is a random access. A token without a list in the partition has an empty one (0, 0).
        // Entries, overlaps and `touched` number the partition's records from 0 in `order`.
        var lists = [TokenList](repeating: TokenList(end: 0, first: 0), count: vocabulary.count)
        var entries = [ListEntry](repeating: ListEntry(record: 0, position: 0, size: 0), count: mostEntries)
        var listed: [Int32] = []
        var overlap = [Int32](repeating: 0, count: mostRecords)
        let pruned = Int32.min
        // ⌈t/(1+t)·(lx + ly)⌉, the overlap a pair of sizes lx and ly needs, by lx + ly: one
        // table per threshold, one after the other.
        let largest = Int(sizes.max() ?? 0)
        let tableSize = 2 * largest + 1
        let neededFor = levels.flatMap { t in (0..<tableSize).map { Int32(ceiling(t / (1 + t) * Double($0))) } }
        var touched: [Int32] = []
        order.withUnsafeBufferPointer { order in
        entries.withUnsafeMutableBufferPointer { entries in
        overlap.withUnsafeMutableBufferPointer { overlap in
        neededFor.withUnsafeBufferPointer { neededFor in
        lists.withUnsafeMutableBufferPointer { lists in
            // A partition of one record has no pair: its set is not made.
            for (partition, next) in zip(starts, starts.dropFirst()) where next.start - partition.start > 1 {
                let records = UnsafeBufferPointer(rebasing: order[partition.start..<next.start])
                let t = levels[partition.level]
                let neededBase = partition.level * tableSize
                let sets = ShingleSets(records: records, of: texts, vocabulary: vocabulary)
                sets.withTokens { tokens in
                sets.offsets.withUnsafeBufferPointer { offsets in
                    // This partition's lists: counted (in `end`), then placed one after the other.
                    listed.removeAll(keepingCapacity: true)
                    for x in records.indices {
                        let base = offsets[x]
                        for i in 0..<indexedPrefix(offsets[x + 1] - base, t) {
                            let token = Int(tokens[base + i])
                            if lists[token].end == 0 { listed.append(Int32(token)) }
                            lists[token].end += 1
                        }
                    }
                    var next: Int32 = 0
                    for token in listed {
                        let length = lists[Int(token)].end
                        lists[Int(token)] = TokenList(end: next, first: next)
                        next += length
                    }
                    for x in records.indices {
                        let xRecord = Int(records[x])
                        let xBase = offsets[x]
                        let lx = offsets[x + 1] - xBase
                        let minLength = ceiling(t * Double(lx))
                        let probe = lx - minLength + 1
                        touched.removeAll(keepingCapacity: true)
                        for i in 0..<probe {
                            let token = Int(tokens[xBase + i])
                            var k = Int(lists[token].first)
                            let end = Int(lists[token].end)
                            while k < end, Int(entries[k].size) < minLength { k += 1 }
                            lists[token].first = Int32(k)
                            while k < end {
                                let entry = entries[k]
                                let y = Int(entry.record)
                                let current = overlap[y]
                                k += 1
                                if current == pruned { continue }
                                if current == 0 {
                                    touched.append(entry.record)
                                    if !visitor.compatible(xRecord, Int(records[y])) {
                                        overlap[y] = pruned
                                        continue
                                    }
                                }
                                let ly = Int(entry.size)
                                let bound = Int(current) + 1 + min(lx - i - 1, ly - Int(entry.position) - 1)
                                overlap[y] = bound >= Int(neededFor[neededBase + lx + ly]) ? current + 1 : pruned
                            }
                        }
                        for local in touched {
                            let y = Int(local)
                            let counted = overlap[y]
                            overlap[y] = 0
                            let yRecord = Int(records[y])
                            guard counted != pruned, visitor.shouldVerify(xRecord, yRecord) else { continue }
                            let ly = offsets[y + 1] - offsets[y]
                            let least = Int(neededFor[neededBase + lx + ly])
                            let common = intersectionCount(tokens, xBase, lx, offsets[y], ly, atLeast: least)
                            guard common >= least else { continue }
                            let similarity = Double(common) / Double(lx + ly - common)
                            if similarity >= t { visitor.found(xRecord, yRecord, similarity: similarity) }
                        }
                        for i in 0..<indexedPrefix(lx, t) {
                            let token = Int(tokens[xBase + i])
                            entries[Int(lists[token].end)] = ListEntry(record: Int32(x), position: Int32(i), size: Int32(lx))
                            lists[token].end += 1
                        }
                    }
                    for token in listed { lists[Int(token)] = TokenList(end: 0, first: 0) }
                }}
            }
        }}}}}
    }

    /// Where a token's inverted list ends in the partition being joined, and where its useful
    /// part starts.
    struct TokenList {
        var end: Int32
        var first: Int32
    }

    /// A record in an inverted list (numbered in its partition): the token's position in the
    /// record's prefix, and the record's size.
    struct ListEntry {
        var record: Int32
        var position: Int32
        var size: Int32
    }

    /// The size of the intersection of two sorted runs of `tokens`, or any value below
    /// `atLeast` once it can no longer reach it.
    @inline(__always)
    static func intersectionCount(_ tokens: ShingleSets.Tokens, _ aBase: Int, _ aCount: Int,
                                  _ bBase: Int, _ bCount: Int, atLeast needed: Int) -> Int {
        var i = 0, j = 0, common = 0
        while i < aCount && j < bCount {
            if common + min(aCount - i, bCount - j) < needed { return common }
            let x = tokens[aBase + i], y = tokens[bBase + j]
            if x == y {
                common += 1
                i += 1
                j += 1
            } else if x < y {
                i += 1
            } else {
                j += 1
            }
        }
        return common
    }
}

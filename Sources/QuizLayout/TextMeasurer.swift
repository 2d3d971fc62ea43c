import Foundation

/// How a text wraps at one size and width.
public struct LineMeasure: Sendable, Equatable {
    /// Lines the text takes (0 for an empty text).
    public var lineCount: Int
    /// Width of the widest line in points, trailing spaces excluded.
    public var widestLine: Double
    /// Offsets in Characters (grapheme clusters) where lines 2... start.
    public var lineStarts: [Int]

    public init(lineCount: Int, widestLine: Double, lineStarts: [Int]) {
        self.lineCount = lineCount
        self.widestLine = widestLine
        self.lineStarts = lineStarts
    }
}

/// Measures how many lines a text takes as UILabel wraps it (word wrapping, no hyphenation),
/// from a font file shaped with HarfBuzz or, without one, from built-in approximate widths.
///
/// Each distinct word (the text between two break opportunities) is shaped once, at unit size,
/// and its advance cached; wrapping at any size and width is then arithmetic: a word's width
/// is `pointSize × (advance × widthScale + characters × trackingEm)`. Words are shaped on their
/// own, so kerning across the space between two words is left out (a space next to a letter
/// rarely kerns; the error is well under a point per line).
///
/// Thread-safe: the shared word cache is read under a readers-writer lock and written under it
/// only for new words; each `MeasureScratch` also keeps the words its thread has seen, so a
/// text made of known words takes no lock at all.
// Unchecked: `lock` guards every `var` (a readers-writer lock, which `Locked` is not, so that
// threads look words up at once).
public final class TextMeasurer: @unchecked Sendable {
    /// Where widths come from.
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        /// A font file; advances multiplied by `widthScale` (1 for a font used exactly).
        case font(path: String, widthScale: Double)
        /// The built-in approximate width table (no font file).
        case builtIn

        public var description: String {
            switch self {
            case .font(let path, let scale): return scale == 1 ? path : path + " × " + String(format: "%.4f", scale)
            case .builtIn: return "built-in approximate widths"
            }
        }
    }

    public let source: Source
    /// `source.description`, computed once.
    public let sourceDescription: String
    private let fontPath: String?
    private let widthScale: Double
    private let lock = ReadWriteLock()
    private var table = WordTable()
    /// ICU's break opportunities of the chunks (text between spaces) seen so far.
    private var breakTable = BreakTable()
    private var characterData: [Int32: CharacterAdvances] = [:]
    /// Kerning between two scalars that join without a space, by `first << 32 | second`.
    private var pairKerning: [UInt64: Double] = [:]
    /// Shapers not in use; one per thread shaping at the same time.
    private var idleShapers: [HarfBuzzShaper] = []
    /// The width of U+0020, in em, scaled.
    let spaceAdvance: Double

    /// Per character of a word: UTF-8 offset from the word's start, and advance in em (scaled).
    struct CharacterAdvances {
        var offsets: [Int]
        var advances: [Double]
    }

    /// A font file used exactly as it is (no width calibration).
    public convenience init(fontPath: String) throws {
        try self.init(fontPath: fontPath, widthScale: 1)
    }

    /// A font file whose advances are multiplied by `widthScale` (to stand in for another font).
    public init(fontPath: String, widthScale: Double) throws {
        let shaper = try HarfBuzzShaper(path: fontPath)
        self.fontPath = fontPath
        self.widthScale = widthScale
        self.source = .font(path: fontPath, widthScale: widthScale)
        self.sourceDescription = source.description
        var space: [UInt8] = [0x20]
        let spaceWidth = space.withUnsafeMutableBufferPointer { shaper.advance(UnsafeBufferPointer($0)).advance }
        self.spaceAdvance = spaceWidth * widthScale
        idleShapers = [shaper]
    }

    /// The built-in approximate widths (see `BuiltInWidths`).
    public init() {
        fontPath = nil
        widthScale = 1
        source = .builtIn
        sourceDescription = Source.builtIn.description
        spaceAdvance = BuiltInWidths.advance(" ")
    }

    /// Distinct words shaped so far.
    public var cachedWordCount: Int {
        lock.lockForReading()
        defer { lock.unlock() }
        return table.count
    }

    /// How `text` wraps at `pointSize` points with `trackingEm` em of tracking after every
    /// character, in a line `width` points wide.
    public func measure(_ text: String, pointSize: Double, trackingEm: Double, width: Double) -> LineMeasure {
        prepare(text).layout(pointSize: pointSize, trackingEm: trackingEm, width: width)
    }

    /// Splits and measures a text once, for wrapping at many sizes and widths.
    public func prepare(_ text: String) -> PreparedText {
        var scratch = MeasureScratch()
        return prepare(text, reusing: &scratch)
    }

    /// `prepare`, reusing buffers from one text to the next (the text prepared before is no
    /// longer needed: keeping it makes the buffers be copied).
    public func prepare(_ text: String, reusing scratch: inout MeasureScratch) -> PreparedText {
        var bytes = text
        bytes.withUTF8 { _ = segment($0, into: &scratch, learning: true) }
        return PreparedText(text: text, segments: scratch.segments, measurer: self)
    }

    /// Line counts of a text at each target, without keeping the text: the fast path for
    /// measuring many texts at many sizes and widths (four targets are wrapped at once).
    /// `counts` gets one count per target, in order.
    public func lineCounts(of text: String, at targets: [WrapTarget], into counts: inout [Int], scratch: inout MeasureScratch) {
        var bytes = text
        bytes.withUTF8 { _ = segment($0, into: &scratch, learning: true) }
        wrapSegments(at: targets, into: &counts, scratch: &scratch)
    }

    /// `lineCounts` if the scratch knows every word of the text; otherwise false, and the words
    /// it does not know are noted in it for `learnNotedWords`. Measuring a batch of texts this
    /// way, then learning their new words at once, then measuring again the ones that failed
    /// takes the shared cache's locks once a batch instead of once a text.
    func lineCountsOfKnownWords(of text: String, at targets: [WrapTarget], into counts: inout [Int],
                                scratch: inout MeasureScratch) -> Bool {
        var bytes = text
        guard bytes.withUTF8({ segment($0, into: &scratch, learning: false) }) else { return false }
        wrapSegments(at: targets, into: &counts, scratch: &scratch)
        return true
    }

    /// `prepare` of many texts, their new words learned a batch of `learningBatch` texts at a
    /// time: `body` gets each text's index and the text prepared, a text with words the scratch
    /// does not know once its batch is learned (so not in index order). Preparing texts one by
    /// one takes the shared caches' locks for each text with a new word, and two threads doing
    /// so wait on each other in the kernel. The prepared text is `prepare`'s
    /// (`preparingEachIsPreparingOneByOne`); it is valid during its call of `body` only (its
    /// buffers are reused for the next text).
    public func prepareEach(_ texts: [String], reusing scratch: inout MeasureScratch, _ body: (Int, PreparedText) -> Void) {
        var waiting: [Int] = []
        func prepareWaiting() {
            learnNotedWords(&scratch)
            for index in waiting { body(index, prepare(texts[index], reusing: &scratch)) }
            waiting.removeAll(keepingCapacity: true)
        }
        for index in texts.indices {
            var bytes = texts[index]
            if bytes.withUTF8({ segment($0, into: &scratch, learning: false) }) {
                body(index, PreparedText(text: texts[index], segments: scratch.segments, measurer: self))
            } else {
                waiting.append(index)
                if waiting.count == Self.learningBatch { prepareWaiting() }
            }
        }
        if !waiting.isEmpty { prepareWaiting() }
    }

    /// Texts whose new words are learned together (`summarize`, `prepareEach`).
    static let learningBatch = 256

    private func wrapSegments(at targets: [WrapTarget], into counts: inout [Int], scratch: inout MeasureScratch) {
        if scratch.plan?.targets != targets { scratch.plan = WrapPlan(targets, spaceAdvance: spaceAdvance) }
        scratch.segments.lineCounts(scratch.plan!, measurer: self, into: &counts)
    }

    /// Splits a text into segments and fills in each one's advance. Words are looked up in the
    /// scratch's own table (no lock: each thread has its own); the others are noted, then, when
    /// `learning`, learned at once (see `learnNotedWords`). Returns false, with the segments
    /// unfinished, when a word was not known and not `learning`.
    func segment(_ utf8: UnsafeBufferPointer<UInt8>, into scratch: inout MeasureScratch, learning: Bool) -> Bool {
        scratch.forgetWhenFull()
        if !scratch.breaks.split(utf8, into: &scratch.segments.raw, noting: &scratch.notedBreaks) {
            guard learning else { return false }
            learnNotedWords(&scratch)
            let complete = scratch.breaks.split(utf8, into: &scratch.segments.raw, noting: &scratch.notedBreaks)
            assert(complete, "a text's chunks are known once learned")
        }
        scratch.segments.reset(spaceAdvance: spaceAdvance)
        Self.clipLongWords(utf8, &scratch.segments)
        scratch.words.findAll(utf8, scratch.segments.raw, hashes: &scratch.hashes, found: &scratch.found)
        var complete = true
        for index in scratch.segments.raw.indices where scratch.segments.raw[index].contentEnd > scratch.segments.raw[index].start {
            let local = scratch.found[index]
            if local >= 0 {
                let entry = scratch.words.entry(atSlot: local)
                scratch.segments.fill(index, advance: entry.advance, characters: entry.characters, word: entry.payload)
            } else {
                complete = false
                let content = UnsafeBufferPointer(rebasing: utf8[scratch.segments.contentRange(index)])
                if scratch.noted.find(content, hash: scratch.hashes[index]) == nil {
                    scratch.noted.insert(content, hash: scratch.hashes[index], advance: 0, characters: 0)
                }
            }
        }
        if !complete {
            guard learning else { return false }
            learnNotedWords(&scratch)
            for index in scratch.segments.raw.indices where scratch.found[index] == -1 && scratch.segments.raw[index].contentEnd > scratch.segments.raw[index].start {
                let content = UnsafeBufferPointer(rebasing: utf8[scratch.segments.contentRange(index)])
                let entry = scratch.words.find(content, hash: scratch.hashes[index])!
                scratch.segments.fill(index, advance: entry.advance, characters: entry.characters, word: entry.payload)
            }
        }
        kernJoins(utf8, &scratch)
        scratch.segments.finish()
        return true
    }

    /// The most bytes of one word that are measured, far beyond any real word (the longest
    /// URLs and chemical names run to a few hundred). Shaping costs some 90 bytes of memory a
    /// character, so a text of 50 MB without a space would otherwise take gigabytes.
    public static let maximumWordBytes = 4096

    /// Cuts each word's content after `maximumWordBytes` (at a scalar's start): the rest of the
    /// word is not measured, and `clipped` says so.
    private static func clipLongWords(_ utf8: UnsafeBufferPointer<UInt8>, _ segments: inout Segments) {
        for index in segments.raw.indices where segments.raw[index].contentEnd - segments.raw[index].start > maximumWordBytes {
            var end = segments.raw[index].start + maximumWordBytes
            while utf8[end] & 0xC0 == 0x80 { end -= 1 }
            segments.raw[index].contentEnd = end
            segments.clipped = true
        }
    }

    /// Adds the chunks and words noted in the scratch to its own tables: from the shared
    /// caches, under a read lock, or computed (by ICU, by HarfBuzz) outside any lock and added
    /// to the shared caches under the write lock, so that threads measuring different texts
    /// rarely wait.
    func learnNotedWords(_ scratch: inout MeasureScratch) {
        learnNotedBreaks(&scratch)
        let noted = scratch.noted
        guard noted.count > 0 else { return }
        var learned = [WordTable.Entry?](repeating: nil, count: noted.count)
        var unknown: [Int32] = []
        lock.lockForReading()
        for index in 0..<Int32(noted.count) {
            noted.withBytes(of: index) { content in
                if let entry = table.find(content, hash: WordTable.hash(content)) {
                    learned[Int(index)] = entry
                } else {
                    unknown.append(index)
                }
            }
        }
        lock.unlock()
        if !unknown.isEmpty {
            let shaper = acquireShaper()
            let shaped = unknown.map { index in noted.withBytes(of: index) { shape($0, with: shaper) } }
            lock.lockForWriting()
            if let shaper { idleShapers.append(shaper) }
            for (index, result) in zip(unknown, shaped) {
                noted.withBytes(of: index) { content in
                    let hash = WordTable.hash(content)
                    learned[Int(index)] = table.find(content, hash: hash)
                        ?? table.insert(content, hash: hash, advance: result.advance, characters: result.characters)
                }
            }
            lock.unlock()
        }
        for index in 0..<Int32(noted.count) {
            let entry = learned[Int(index)]!
            _ = noted.withBytes(of: index) { content in
                scratch.words.insert(content, hash: WordTable.hash(content), advance: entry.advance, characters: entry.characters,
                                     payload: entry.payload)
            }
        }
        // A fresh table rather than emptied slots: one batch may note thousands of words, the
        // next a few.
        scratch.noted = WordTable()
    }

    /// Adds the chunks and pairs around spaces noted in the scratch to its break table (ICU
    /// runs once for all that the shared table lacks), then notes the words of the texts that
    /// waited for them, so that a batch of texts learns its words together too.
    private func learnNotedBreaks(_ scratch: inout MeasureScratch) {
        let noted = scratch.notedBreaks
        guard !noted.isEmpty else { return }
        scratch.notedBreaks = NotedBreaks()
        lock.lockForReading()
        let unknown = breakTable.share(noted, with: &scratch.breaks)
        lock.unlock()
        if !unknown.isEmpty {
            // Learned into the scratch's own table (a new table would zero its ASCII pairs for
            // every text that learns), then shared.
            LineBreaker.withLineBreaks { scratch.breaks.learn(unknown, with: &$0) }
            lock.lockForWriting()
            _ = scratch.breaks.share(unknown, with: &breakTable)
            lock.unlock()
        }
        var pieces: [RawSegment] = []
        var none = NotedBreaks()
        for text in noted.texts {
            text.withUnsafeBufferPointer { utf8 in
                guard scratch.breaks.split(utf8, into: &pieces, noting: &none) else { return }
                // A word past the cap is clipped where it is measured, and learned there.
                for piece in pieces where piece.contentEnd > piece.start && piece.contentEnd - piece.start <= Self.maximumWordBytes {
                    let content = UnsafeBufferPointer(rebasing: utf8[piece.start..<piece.contentEnd])
                    let hash = WordTable.hash(content)
                    if scratch.words.find(content, hash: hash) == nil && scratch.noted.find(content, hash: hash) == nil {
                        scratch.noted.insert(content, hash: hash, advance: 0, characters: 0)
                    }
                }
            }
        }
    }

    /// Fills `joins`: for two segments that meet without a space, the kerning between the
    /// last scalar of one and the first of the next, shaped once per pair and cached.
    private func kernJoins(_ utf8: UnsafeBufferPointer<UInt8>, _ scratch: inout MeasureScratch) {
        guard fontPath != nil, scratch.segments.count > 1 else { return }
        let raw = scratch.segments.raw
        for index in 0..<raw.count - 1 {
            let piece = raw[index], next = raw[index + 1]
            guard piece.spaces == 0, !piece.mandatoryBreak, piece.contentEnd > piece.start, next.contentEnd > next.start,
                  let last = Self.lastScalar(utf8, piece.start, piece.contentEnd), let first = Self.firstScalar(utf8, next.start) else { continue }
            let key = UInt64(last.value) << 32 | UInt64(first.value)
            if let known = scratch.pairs[key] {
                scratch.segments.joins[index] = known
                continue
            }
            lock.lockForReading()
            let shared = pairKerning[key]
            lock.unlock()
            let kerning: Double
            if let shared {
                kerning = shared
            } else {
                let shaper = acquireShaper()
                kerning = shaper.map { pairKern(last, first, with: $0) } ?? 0
                lock.lockForWriting()
                if let shaper { idleShapers.append(shaper) }
                pairKerning[key] = kerning
                lock.unlock()
            }
            scratch.pairs[key] = kerning
            scratch.segments.joins[index] = kerning
        }
    }

    /// What shaping two scalars together adds to shaping them apart (em, scaled).
    private func pairKern(_ a: Unicode.Scalar, _ b: Unicode.Scalar, with shaper: HarfBuzzShaper) -> Double {
        func width(_ scalars: [Unicode.Scalar]) -> (Double, Bool) {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { buffer in
                let shaped = shaper.advance(UnsafeBufferPointer(buffer))
                return (shaped.advance, shaped.missing)
            }
        }
        let (pair, missingPair) = width([a, b])
        let (alone, missingA) = width([a])
        let (other, missingB) = width([b])
        if missingPair || missingA || missingB { return 0 }
        return (pair - alone - other) * widthScale
    }

    private static func lastScalar(_ utf8: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Unicode.Scalar? {
        var index = end - 1
        while index > start && utf8[index] & 0xC0 == 0x80 { index -= 1 }
        guard let scalar = String(decoding: UnsafeBufferPointer(rebasing: utf8[index..<end]), as: UTF8.self).unicodeScalars.first,
              scalar.value < 0x80 || !LineBreaker.isCombining(scalar.value) else { return nil }
        return scalar
    }

    private static func firstScalar(_ utf8: UnsafeBufferPointer<UInt8>, _ start: Int) -> Unicode.Scalar? {
        var end = start + 1
        while end < utf8.count && utf8[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<end]), as: UTF8.self).unicodeScalars.first
    }

    /// A shaper for this thread's use (nil for the built-in widths); give it back under the lock.
    private func acquireShaper() -> HarfBuzzShaper? {
        guard let fontPath else { return nil }
        lock.lockForWriting()
        let idle = idleShapers.popLast()
        lock.unlock()
        return idle ?? (try? HarfBuzzShaper(path: fontPath))
    }

    private func shape(_ content: UnsafeBufferPointer<UInt8>, with shaper: HarfBuzzShaper?) -> (advance: Double, characters: Int32) {
        var isASCII = true
        for byte in content where byte >= 0x80 {
            isASCII = false
            break
        }
        if let shaper {
            let shaped = shaper.advance(content)
            if !shaped.missing {
                let characters = isASCII ? content.count : String(decoding: content, as: UTF8.self).count
                return (shaped.advance * widthScale, Int32(characters))
            }
        }
        let perCharacter = characterAdvances(content, with: shaper)
        return (perCharacter.advances.reduce(0, +), Int32(perCharacter.advances.count))
    }

    /// Advances per character (grapheme cluster). Characters the font has no glyph for take the
    /// built-in widths, as the system would draw them with a fallback font.
    private func characterAdvances(_ content: UnsafeBufferPointer<UInt8>, with shaper: HarfBuzzShaper?) -> CharacterAdvances {
        let string = String(decoding: content, as: UTF8.self)
        var offsets: [Int] = []
        var builtIn: [Double] = []
        var offset = 0
        for character in string {
            offsets.append(offset)
            offset += character.utf8.count
            builtIn.append(character.unicodeScalars.reduce(0) { $0 + BuiltInWidths.advance($1) })
        }
        guard let shaper else { return CharacterAdvances(offsets: offsets, advances: builtIn) }
        var advances = [Double](repeating: 0, count: offsets.count)
        var missing = [Bool](repeating: false, count: offsets.count)
        for glyph in shaper.glyphs(content) {
            // The character whose UTF-8 range holds the cluster.
            var low = 0, high = offsets.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if offsets[middle] <= glyph.cluster { low = middle } else { high = middle - 1 }
            }
            advances[low] += glyph.advance * widthScale
            if glyph.missing { missing[low] = true }
        }
        for index in advances.indices where missing[index] {
            advances[index] = builtIn[index]
        }
        return CharacterAdvances(offsets: offsets, advances: advances)
    }

    /// The per-character advances of a cached word (for breaking a word wider than the line).
    func characters(ofWord index: Int32) -> CharacterAdvances {
        lock.lockForWriting()
        if let known = characterData[index] {
            lock.unlock()
            return known
        }
        let bytes = Array(table.bytes(of: index))
        lock.unlock()
        let shaper = acquireShaper()
        let data = bytes.withUnsafeBufferPointer { characterAdvances($0, with: shaper) }
        lock.lockForWriting()
        if let shaper { idleShapers.append(shaper) }
        characterData[index] = data
        lock.unlock()
        return data
    }
}

/// One size and width to wrap at.
public struct WrapTarget: Sendable, Equatable {
    public var pointSize: Double
    /// Tracking after every character, in em.
    public var trackingEm: Double
    /// Line width in points.
    public var width: Double

    public init(pointSize: Double, trackingEm: Double, width: Double) {
        self.pointSize = pointSize
        self.trackingEm = trackingEm
        self.width = width
    }
}

/// Buffers reused from one text to the next by `TextMeasurer.lineCounts`, and the thread's
/// own copies of what it has looked up in the measurer's shared caches, which it can look up
/// again without a lock. The copies are bounded: each table holds at most `capacity` entries
/// when a text starts (and what that text, or a batch of texts waiting for their words, adds
/// to it); a full table is emptied and filled again from the shared caches, which give the
/// same values, so what is measured does not change.
public struct MeasureScratch: Sendable {
    var segments = Segments()
    /// This thread's own copy of the words it has seen (payload: the shared index).
    var words = WordTable()
    /// This thread's own copy of the break opportunities it has used, and what it lacks.
    var breaks = BreakTable()
    var notedBreaks = NotedBreaks()
    /// This thread's own copy of the join kernings it has used.
    var pairs: [UInt64: Double] = [:]
    /// The most words, chunks and join kernings each copy keeps before it starts over.
    public let capacity: Int
    /// 7/8 of 2^17: with a batch's new words on top, a table's slots stay at 2^18 (8 MB). A
    /// thread of a 100,000-question bank's `stats --layout` sees fewer words, so its copies do
    /// not start over there: learning the words again costs CPU.
    public static let defaultCapacity = 114_688
    /// Words not in `words`, to learn (see `TextMeasurer.learnNotedWords`).
    var noted = WordTable()
    /// Per segment: its word's hash, and the slot of `words` holding the word (-1: none).
    var hashes: [UInt64] = []
    var found: [Int32] = []
    var plan: WrapPlan?

    public init(capacity: Int = MeasureScratch.defaultCapacity) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// Empties each copy that holds more than `capacity` entries (between texts, so that a
    /// text's lookups never miss what was just learned for it).
    mutating func forgetWhenFull() {
        if words.count > capacity { words.removeAll() }
        if breaks.chunkCount > capacity || breaks.pairCount > capacity { breaks.removeAll() }
        if pairs.count > capacity { pairs.removeAll(keepingCapacity: true) }
    }
}

/// Targets prepared for wrapping four at a time: each SIMD lane is one target.
struct WrapPlan {
    var targets: [WrapTarget]
    /// Per group of four targets: the line width in em (+ a hair), the tracking, and the
    /// tracking plus `spaceAdvance` (a space's width).
    var fits: [SIMD4<Double>] = []
    var trackings: [SIMD4<Double>] = []
    var spaces: [SIMD4<Double>] = []

    init(_ targets: [WrapTarget], spaceAdvance: Double) {
        self.targets = targets
        var index = 0
        while index < targets.count {
            var fit = SIMD4<Double>(repeating: 0), tracking = SIMD4<Double>(repeating: 0)
            for lane in 0..<4 {
                let target = targets[min(index + lane, targets.count - 1)]
                fit[lane] = target.width / target.pointSize + 1e-9
                tracking[lane] = target.trackingEm
            }
            fits.append(fit)
            trackings.append(tracking)
            spaces.append(tracking + spaceAdvance)
            index += 4
        }
    }
}

/// A text's segments, measured at unit size.
struct Segments: Sendable {
    var raw: [RawSegment] = []
    /// Advance of each segment's content in em (scaled), tracking excluded.
    var advances: [Double] = []
    /// Characters of each segment's content (each gets the tracking).
    var characters: [Double] = []
    /// Index in the measurer's word cache; -1 for no content.
    var words: [Int32] = []
    /// Spaces after each segment, and 1 where a line break follows it (from `raw`, for the
    /// tight loop).
    var spaceCounts: [Double] = []
    /// Kerning (em, scaled) between a segment's last character and the next one's first when
    /// they join without a space (`well-` `known`, two ideographs): words are shaped apart, so
    /// the pair is shaped on its own and the difference added when both share a line.
    var joins: [Double] = []
    var breaks: [Double] = []
    var spaceAdvance = 0.0
    /// The whole text on one line, without its final spaces (for the one-line test).
    var totalAdvance = 0.0
    var totalCharacters = 0.0
    var totalSpaces = 0.0
    var totalJoins = 0.0
    var unbroken = true
    /// Whether a word was longer than `TextMeasurer.maximumWordBytes` and measured only up to
    /// there.
    var clipped = false
    /// The largest advance and the most and fewest characters of a word: bounds for the widest
    /// word at any tracking.
    var widestAdvance = 0.0
    var mostCharacters = 0.0
    var fewestCharacters = 0.0

    /// At least the width of the widest word (with content) at a tracking.
    @inline(__always)
    func widestWord(tracking: Double) -> Double {
        widestAdvance + (tracking >= 0 ? mostCharacters : fewestCharacters) * tracking
    }

    var count: Int { raw.count }
    var isEmpty: Bool { raw.isEmpty }

    /// Sizes the per-segment arrays to `raw`, zeroed.
    mutating func reset(spaceAdvance: Double) {
        self.spaceAdvance = spaceAdvance
        clipped = false
        let count = raw.count
        advances.removeAll(keepingCapacity: true)
        characters.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        joins.removeAll(keepingCapacity: true)
        joins.append(contentsOf: repeatElement(0, count: count))
        advances.append(contentsOf: repeatElement(0, count: count))
        characters.append(contentsOf: repeatElement(0, count: count))
        words.append(contentsOf: repeatElement(-1, count: count))
    }

    mutating func fill(_ index: Int, advance: Double, characters: Int32, word: Int32) {
        advances[index] = advance
        self.characters[index] = Double(characters)
        words[index] = word
    }

    func contentRange(_ index: Int) -> Range<Int> { raw[index].start..<raw[index].contentEnd }

    mutating func finish() {
        var advance = 0.0, characters = 0.0, spaces = 0
        var unbroken = true
        widestAdvance = 0
        mostCharacters = 0
        fewestCharacters = .infinity
        for index in 0..<count {
            advance += advances[index]
            characters += self.characters[index]
            spaces += raw[index].spaces
            if raw[index].mandatoryBreak { unbroken = false }
            if words[index] >= 0 {
                widestAdvance = max(widestAdvance, advances[index])
                mostCharacters = max(mostCharacters, self.characters[index])
                fewestCharacters = min(fewestCharacters, self.characters[index])
            }
        }
        if fewestCharacters == .infinity { fewestCharacters = 0 }
        spaceCounts.removeAll(keepingCapacity: true)
        breaks.removeAll(keepingCapacity: true)
        for segment in raw {
            spaceCounts.append(Double(segment.spaces))
            breaks.append(segment.mandatoryBreak ? 1 : 0)
        }
        if let last = raw.last { spaces -= last.spaces }
        totalJoins = joins.reduce(0, +)
        totalAdvance = advance
        totalCharacters = characters
        totalSpaces = Double(spaces)
        self.unbroken = unbroken
    }

    /// Lines at a target, counting no further than one past `limit`.
    @inline(__always)
    func lineCount(_ target: WrapTarget, limit: Int, measurer: TextMeasurer) -> Int {
        let em = target.width / target.pointSize
        let tracking = target.trackingEm
        if unbroken && totalAdvance + totalJoins + totalCharacters * tracking + totalSpaces * (spaceAdvance + tracking) <= em + 1e-9 {
            return isEmpty ? 0 : 1
        }
        var recorder = CountOnly()
        return wrap(em: em, tracking: tracking, limit: limit, measurer: measurer, recorder: &recorder)
    }

    /// Line counts at every target of a plan, four targets at a time: the same greedy wrapping
    /// as `wrap`, each SIMD lane one target. A word wider than a line in some lane needs
    /// breaking between characters: those four targets are wrapped one by one instead.
    func lineCounts(_ plan: WrapPlan, measurer: TextMeasurer, into counts: inout [Int]) {
        let total = plan.targets.count
        if counts.count != total {
            counts = [Int](repeating: 0, count: total)
        }
        guard !isEmpty else {
            for index in 0..<total { counts[index] = 0 }
            return
        }
        counts.withUnsafeMutableBufferPointer { counts in
            raw.withUnsafeBufferPointer { raw in
                advances.withUnsafeBufferPointer { advances in
                    characters.withUnsafeBufferPointer { characters in
                        for group in plan.fits.indices {
                            let fit = plan.fits[group], tracking = plan.trackings[group], space = plan.spaces[group]
                            let first = group * 4
                            let lanes = min(4, total - first)
                            // The whole text on one line?
                            if unbroken {
                                let whole = totalAdvance + totalJoins + totalCharacters * tracking + totalSpaces * space
                                if all(whole .<= fit) {
                                    for lane in 0..<lanes { counts[first + lane] = 1 }
                                    continue
                                }
                            }
                            // A word wider than the line in some lane needs the one-by-one
                            // path; `widestWord` bounds every word's width from above.
                            let overlong = widestWord(tracking: tracking[0]) > fit[0] || widestWord(tracking: tracking[1]) > fit[1]
                                || widestWord(tracking: tracking[2]) > fit[2] || widestWord(tracking: tracking[3]) > fit[3]
                            var lines = SIMD4<Int64>(repeating: 1)
                            if !overlong {
                                // Branch-free in the lanes (where a line ends depends on the
                                // data); each lane's arithmetic is the scalar one, operation for
                                // operation, so the counts are those of `wrap`. A line starts
                                // empty: 0 + 0 + w always fits, so no flag is needed.
                                var line = SIMD4<Double>.zero, pending = SIMD4<Double>.zero
                                spaceCounts.withUnsafeBufferPointer { spaceCounts in
                                    breaks.withUnsafeBufferPointer { breaks in
                                      joins.withUnsafeBufferPointer { joins in
                                        for index in 0..<advances.count {
                                            let w = advances[index] + characters[index] * tracking
                                            let candidate = line + pending + w
                                            let over = candidate .> fit
                                            lines.replace(with: lines &+ 1, where: over)
                                            line = candidate.replacing(with: w, where: over)
                                            pending = spaceCounts[index] * space + joins[index]
                                            if breaks[index] != 0 {
                                                lines &+= 1
                                                line = .zero
                                                pending = .zero
                                            }
                                        }
                                      }
                                    }
                                }
                                // A final segment with no content after a break adds no line.
                            }
                            for lane in 0..<lanes {
                                if overlong {
                                    counts[first + lane] = lineCount(plan.targets[first + lane], limit: Int.max, measurer: measurer)
                                } else {
                                    counts[first + lane] = Int(lines[lane])
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Greedy first-fit wrapping in em units: a segment goes on the current line when the
    /// line's content, the spaces before it and the segment fit; a segment wider than a whole
    /// line starts a new line and is broken between characters. Stops counting past `limit`.
    @inline(__always)
    func wrap<Recorder: WrapRecorder>(em width: Double, tracking: Double, limit: Int, measurer: TextMeasurer,
                                      recorder: inout Recorder) -> Int {
        guard !isEmpty else { return 0 }
        let fit = width + 1e-9
        let space = spaceAdvance + tracking
        var lines = 1
        var line = 0.0
        var lineEmpty = true
        var pending = 0.0
        return raw.withUnsafeBufferPointer { raw in
            advances.withUnsafeBufferPointer { advances in
                characters.withUnsafeBufferPointer { characters in
                    for index in 0..<raw.count {
                        let segment = raw[index]
                        let w = advances[index] + characters[index] * tracking
                        if lineEmpty || line + pending + w > fit {
                            if !lineEmpty {
                                recorder.lineWidth(line)
                                lines += 1
                                if lines > limit { return lines }
                                recorder.lineStart(segment.start)
                            }
                            if w > fit && words[index] >= 0 {
                                line = splitWord(index, width: fit, tracking: tracking, measurer: measurer, lines: &lines,
                                                 recorder: &recorder)
                                if lines > limit { return lines }
                            } else {
                                line = w
                            }
                            lineEmpty = false
                        } else {
                            line += pending + w
                        }
                        pending = Double(segment.spaces) * space + joins[index]
                        if segment.mandatoryBreak {
                            recorder.lineWidth(line)
                            lines += 1
                            if lines > limit { return lines }
                            recorder.lineStart(segment.end)
                            line = 0
                            pending = 0
                            lineEmpty = true
                        }
                    }
                    recorder.lineWidth(line)
                    return lines
                }
            }
        }
    }

    /// Breaks a word wider than the line between characters, filling each line; returns the
    /// width of its last line.
    func splitWord<Recorder: WrapRecorder>(_ index: Int, width: Double, tracking: Double, measurer: TextMeasurer,
                                           lines: inout Int, recorder: inout Recorder) -> Double {
        let data = measurer.characters(ofWord: words[index])
        var used = 0.0
        for (position, advance) in data.advances.enumerated() {
            let w = advance + tracking
            if used > 0 && used + w > width {
                recorder.lineWidth(used)
                lines += 1
                recorder.lineStart(raw[index].start + data.offsets[position])
                used = w
            } else {
                used += w
            }
        }
        return used
    }
}

/// A text split at its break opportunities, each piece measured at unit size.
public struct PreparedText: Sendable {
    let text: String
    let segments: Segments
    let measurer: TextMeasurer

    public var isEmpty: Bool { segments.isEmpty }

    /// Whether the text was too long to measure fully: a word longer than
    /// `TextMeasurer.maximumWordBytes` counts only that much, so the lines are at least the
    /// count given.
    public var isClipped: Bool { segments.clipped }

    /// Lines at `pointSize` with `trackingEm` tracking in a line `width` points wide; counting
    /// stops once it passes `limit` (pass the most lines allowed to learn only whether it fits).
    public func lineCount(pointSize: Double, trackingEm: Double, width: Double, limit: Int = Int.max) -> Int {
        segments.lineCount(WrapTarget(pointSize: pointSize, trackingEm: trackingEm, width: width), limit: limit, measurer: measurer)
    }

    /// The full layout: lines, widest line and where each line starts.
    public func layout(pointSize: Double, trackingEm: Double, width: Double) -> LineMeasure {
        var recorder = Recording()
        let lines = segments.wrap(em: width / pointSize, tracking: trackingEm, limit: Int.max, measurer: measurer, recorder: &recorder)
        return LineMeasure(lineCount: lines, widestLine: recorder.widest * pointSize, lineStarts: characterOffsets(recorder.starts))
    }

    /// UTF-8 offsets (ascending) → Character offsets: the offsets themselves when each
    /// Character is one byte (`charactersAreBytes`), most texts; otherwise
    /// `plainCharacterOffsets`.
    func characterOffsets(_ utf8Offsets: [Int]) -> [Int] {
        guard Self.charactersAreBytes(text) else { return plainCharacterOffsets(utf8Offsets) }
        let count = text.utf8.count
        return utf8Offsets.map { min($0, count) }
    }

    /// Whether each Character of a text is one byte: ASCII without CR (CR LF is one Character;
    /// every other ASCII scalar is a grapheme cluster of its own). Then Character offsets are
    /// UTF-8 offsets, and the text can be read as bytes.
    public static func charactersAreBytes(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// UTF-8 offsets (ascending) → Character offsets, walking the Characters: where each
    /// offset falls, the Characters that start before it.
    func plainCharacterOffsets(_ utf8Offsets: [Int]) -> [Int] {
        guard !utf8Offsets.isEmpty else { return [] }
        var result: [Int] = []
        result.reserveCapacity(utf8Offsets.count)
        var next = 0
        var characters = 0
        var utf8Offset = 0
        for character in text {
            while next < utf8Offsets.count && utf8Offsets[next] <= utf8Offset {
                result.append(characters)
                next += 1
            }
            utf8Offset += character.utf8.count
            characters += 1
        }
        while next < utf8Offsets.count {
            result.append(characters)
            next += 1
        }
        return result
    }
}

protocol WrapRecorder {
    mutating func lineStart(_ utf8Offset: Int)
    mutating func lineWidth(_ width: Double)
}

struct CountOnly: WrapRecorder {
    @inline(__always) mutating func lineStart(_ utf8Offset: Int) {}
    @inline(__always) mutating func lineWidth(_ width: Double) {}
}

struct Recording: WrapRecorder {
    var starts: [Int] = []
    var widest = 0.0
    mutating func lineStart(_ utf8Offset: Int) { starts.append(utf8Offset) }
    mutating func lineWidth(_ width: Double) { widest = max(widest, width) }
}

internal import CICU
import QuizSupport

/// One unit between break opportunities: its content, the spaces after it (which hang at the
/// end of a line), and whether a mandatory break follows.
struct RawSegment: Equatable {
    /// UTF-8 offsets in the text.
    var start: Int
    var contentEnd: Int
    var end: Int
    var spaces: Int
    var mandatoryBreak: Bool
}

/// Line-break opportunities as the phone finds them: ICU's line break iterator (UAX #14 with
/// ICU's tailoring, the root locale), which is what Core Text and UILabel's word wrapping use,
/// with one tailoring of UIKit's: Hangul wraps at spaces (UILabel's default line-break
/// strategy includes `.hangulWordPriority`), so no break is taken between two Hangul
/// characters.
///
/// ICU runs once per distinct *chunk*, a run of text between spaces (U+0020, the only
/// character of class SP), and once per distinct pair of characters around a run of spaces:
/// - Inside a chunk, no rule of UAX #14 looks past a space (LB8, LB14-LB17 reach across spaces
///   only up to the opportunity right after them), so a chunk's opportunities are the same
///   alone as in any text (`LineBreakingTests.chunksBreakWhereICUBreaksTheWholeText` checks
///   this against ICU on whole texts).
/// - After a run of spaces, whether a line may break depends on the last character before the
///   spaces that is not a combining mark (LB9) and the first one after them (LB7, LB8, LB13,
///   LB14-LB18), so it is decided by ICU on those two around one space and cached by the pair.
enum LineBreaker {
    /// Runs `body` with an ICU line break iterator (it must not escape `body`). The iterator
    /// is one left open by an earlier call, when there is one: opening one costs ICU as much
    /// as breaking a few hundred chunks, and a lint learns the new chunks of one text at a
    /// time. Setting a text resets an iterator, so a reused one breaks as a new one does
    /// (`aReusedIteratorBreaksAsANewOne`).
    static func withLineBreaks<Result>(_ body: (inout LineBreakIterator) -> Result) -> Result {
        var breaks = idleIterators.withLock { $0.popLast() } ?? openIterator()
        defer {
            let kept = idleIterators.withLock { idle in
                guard idle.count < maximumIdleIterators else { return false }
                idle.append(breaks)
                return true
            }
            if !kept { breaks.close() }
        }
        return body(&breaks)
    }

    /// Runs `body` with a newly opened iterator, closed when `body` returns (the plain version
    /// of `withLineBreaks`, for the test that they agree).
    static func withNewLineBreaks<Result>(_ body: (inout LineBreakIterator) -> Result) -> Result {
        var breaks = openIterator()
        defer { breaks.close() }
        return body(&breaks)
    }

    /// Iterators left open for the next `withLineBreaks`: at most one per thread that learns
    /// chunks at the same time, up to `maximumIdleIterators`; they stay open for the process.
    private static let idleIterators = Locked<[LineBreakIterator]>([])
    private static let maximumIdleIterators = 16

    private static func openIterator() -> LineBreakIterator {
        var status: Int32 = 0
        let iterator = cicu_line_break_iterator_open(&status)
        // The root locale's line rules are built into ICU's data library: opening them fails
        // only for a broken installation.
        guard let iterator, status <= 0 else {
            preconditionFailure("ICU could not open its line break iterator (error \(status)): is libicu installed?")
        }
        return LineBreakIterator(iterator: iterator)
    }

    /// The segments of a text, in order; none for an empty text (for tests and one-off use: it
    /// opens an iterator; `TextMeasurer` keeps a `BreakTable` instead).
    static func segments(_ utf8: UnsafeBufferPointer<UInt8>) -> [RawSegment] {
        var table = BreakTable()
        var noted = NotedBreaks()
        var segments: [RawSegment] = []
        if !table.split(utf8, into: &segments, noting: &noted) {
            withLineBreaks { table.learn(noted, with: &$0) }
            let complete = table.split(utf8, into: &segments, noting: &noted)
            assert(complete)
        }
        return segments
    }

    /// Whether ICU's class of a scalar is a combining mark or ZWJ (attached to what precedes, LB9).
    static func isCombining(_ scalar: UInt32) -> Bool {
        let lineBreak = cicu_line_break_class(Int32(bitPattern: scalar))
        return lineBreak == Int32(cicu_line_break_combining_mark) || lineBreak == Int32(cicu_line_break_zwj)
    }

    /// The scalar at `index` (the text is valid UTF-8).
    @inline(__always)
    static func scalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        let byte = utf8[index]
        if byte < 0x80 { return UInt32(byte) }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        var value = UInt32(byte) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
        var k = 1
        while k < length && index + k < utf8.count {
            value = value << 6 | UInt32(utf8[index + k] & 0x3F)
            k += 1
        }
        return value
    }

    /// Where the scalar ending at `end` starts.
    @inline(__always)
    static func scalarStart(_ utf8: UnsafeBufferPointer<UInt8>, before end: Int, from start: Int) -> Int {
        var index = end - 1
        while index > start && utf8[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }
}

/// An open ICU line break iterator, lent by `LineBreaker.withLineBreaks` for its duration.
// Unchecked: ICU's iterator and UText are used by one thread at a time; an idle one is handed
// from thread to thread under `LineBreaker.idleIterators`' lock.
struct LineBreakIterator: @unchecked Sendable {
    fileprivate let iterator: OpaquePointer
    /// The UText over the bytes last set, reused for the next (closed with the iterator).
    fileprivate var text: OpaquePointer?

    fileprivate func close() {
        if let text { cicu_utext_close(text) }
        cicu_break_iterator_close(iterator)
    }

    /// Opportunities inside `bytes` and at its end: each `offset << 1 | 1` when mandatory, in
    /// order. Offsets are UTF-8 offsets: over a UTF-8 UText, ICU's native indices are bytes.
    mutating func opportunities(_ bytes: UnsafeBufferPointer<UInt8>, into record: inout [UInt32]) {
        // Only bytes ICU cannot take (2 GiB or more) fail: then the chunk is kept whole.
        guard setText(bytes) else {
            record.append(UInt32(bytes.count) << 1)
            return
        }
        var offset = cicu_break_iterator_following(iterator, 0)
        while offset != cicu_done {
            let position = Int(offset)
            if position == bytes.count || !Self.betweenHangul(bytes, position) {
                record.append(UInt32(position) << 1 | (cicu_break_iterator_is_hard(iterator) != 0 ? 1 : 0))
            }
            offset = cicu_break_iterator_next(iterator)
        }
    }

    /// Whether ICU breaks after the spaces in `previous`, a space and `next` (`previous` nil:
    /// spaces that start the text).
    mutating func breaksAfterSpace(_ previous: UInt32?, _ next: UInt32) -> Bool {
        var probe = ""
        if let previous, let scalar = Unicode.Scalar(previous) { probe.unicodeScalars.append(scalar) }
        probe.unicodeScalars.append(" ")
        let afterSpace = probe.utf8.count
        if let scalar = Unicode.Scalar(next) { probe.unicodeScalars.append(scalar) }
        return probe.withUTF8 { bytes in
            guard setText(bytes) else { return true }
            return cicu_break_iterator_is_boundary(iterator, Int32(afterSpace)) != 0
        }
    }

    private mutating func setText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count < Int(Int32.max) else { return false }
        var status: Int32 = 0
        let opened = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            cicu_utext_open_utf8(text, $0, Int64(bytes.count), &status)
        }
        guard let opened, status <= 0 else { return false }
        text = opened
        cicu_break_iterator_set_utext(iterator, opened, &status)
        return status <= 0
    }

    private static func isHangul(_ scalar: UInt32) -> Bool {
        guard scalar >= 0x1100 else { return false }
        switch Int(cicu_line_break_class(Int32(bitPattern: scalar))) {
        case cicu_line_break_h2, cicu_line_break_h3, cicu_line_break_jl, cicu_line_break_jv, cicu_line_break_jt: return true
        default: return false
        }
    }

    /// UIKit's Hangul word priority: an opportunity between two Hangul characters is not taken.
    private static func betweenHangul(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int) -> Bool {
        guard position > 0, bytes[position] >= 0xE1, bytes[position - 1] >= 0x80 else { return false }
        let before = LineBreaker.scalarStart(bytes, before: position, from: 0)
        return isHangul(LineBreaker.scalar(bytes, at: before)) && isHangul(LineBreaker.scalar(bytes, at: position))
    }
}

/// What a split found missing from its `BreakTable`: chunks and pairs around spaces, for
/// `BreakTable.learn`.
struct NotedBreaks {
    var chunks = WordTable()
    var pairs: Set<UInt64> = []
    /// The texts that could not be split, so that their words can be noted once they can.
    var texts: [[UInt8]] = []

    var isEmpty: Bool { chunks.count == 0 && pairs.isEmpty }
}

/// ICU's break opportunities by distinct chunk (the text between spaces) and by the pair of
/// characters around spaces, so that a text of known chunks is split without calling ICU.
struct BreakTable {
    /// Each chunk's record in `records`: where it starts (the payload) and how long it is (the
    /// character count field); or, for most chunks, those with one opportunity, at their end and
    /// not mandatory, the record itself, kept in the entry (`inlineRecord`): the deciding scalar
    /// as the payload and -1 as the count, so that splitting at such a chunk reads no record.
    private var chunks = WordTable()
    /// Per chunk: the scalar that decides a break after spaces following it (its last that is
    /// not a combining mark, or its first), then its opportunities as
    /// `LineBreakIterator.opportunities` gives them (the last at the chunk's end).
    private var records: [UInt32] = []
    /// Whether a line may break after spaces, by `previous << 32 | next` scalar (`previous`
    /// `startOfText` for spaces that start the text); ASCII pairs in a flat array (0 unknown,
    /// 1 no break, 2 break), the others by key.
    private var asciiPairs = [UInt8](repeating: 0, count: 129 * 128)
    private var pairs: [UInt64: Bool] = [:]
    static let startOfText: UInt32 = 0x11_0000

    var chunkCount: Int { chunks.count }
    /// Pairs around spaces kept by key (not ASCII).
    var pairCount: Int { pairs.count }

    /// Forgets every chunk and every pair kept by key, keeping the room (see
    /// `MeasureScratch.capacity`); the ASCII pairs, a table of fixed size, stay.
    mutating func removeAll() {
        chunks.removeAll()
        records.removeAll(keepingCapacity: true)
        pairs.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    static func pairKey(_ previous: UInt32, _ next: UInt32) -> UInt64 { UInt64(previous) << 32 | UInt64(next) }

    @inline(__always)
    private func breaksAfterSpaces(_ previous: UInt32, _ next: UInt32) -> Bool? {
        if next < 0x80 && (previous < 0x80 || previous == Self.startOfText) {
            let known = asciiPairs[Int(min(previous, 0x80)) * 128 + Int(next)]
            return known == 0 ? nil : known == 2
        }
        return pairs[Self.pairKey(previous, next)]
    }

    private mutating func remember(_ previous: UInt32, _ next: UInt32, breaks: Bool) {
        if next < 0x80 && (previous < 0x80 || previous == Self.startOfText) {
            asciiPairs[Int(min(previous, 0x80)) * 128 + Int(next)] = breaks ? 2 : 1
        } else {
            pairs[Self.pairKey(previous, next)] = breaks
        }
    }

    /// The count field of an entry that holds its chunk's record (see `chunks`).
    private static let inlineRecord: Int32 = -1

    /// Whether a chunk's record is known.
    @inline(__always)
    func contains(_ chunk: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Bool {
        chunks.find(chunk, hash: hash) != nil
    }

    /// The record of a chunk, if known.
    func find(_ chunk: UnsafeBufferPointer<UInt8>, hash: UInt64) -> ArraySlice<UInt32>? {
        guard let entry = chunks.find(chunk, hash: hash) else { return nil }
        if entry.characters == Self.inlineRecord { return [UInt32(bitPattern: entry.payload), UInt32(chunk.count) << 1] }
        return records[Int(entry.payload)..<Int(entry.payload) + Int(entry.characters)]
    }

    /// Adds a chunk's record (the caller has checked that it is absent).
    mutating func insert(_ chunk: UnsafeBufferPointer<UInt8>, hash: UInt64, record: ArraySlice<UInt32>) {
        if record.count == 2 && record[record.startIndex + 1] == UInt32(chunk.count) << 1 {
            chunks.insert(chunk, hash: hash, advance: 0, characters: Self.inlineRecord, payload: Int32(bitPattern: record[record.startIndex]))
            return
        }
        precondition(records.count + record.count < Int(Int32.max), "break cache full")
        chunks.insert(chunk, hash: hash, advance: 0, characters: Int32(record.count), payload: Int32(records.count))
        records.append(contentsOf: record)
    }

    /// Copies what this table knows of `noted` into `other`; returns what it does not know.
    func share(_ noted: NotedBreaks, with other: inout BreakTable) -> NotedBreaks {
        var unknown = NotedBreaks()
        for index in 0..<Int32(noted.chunks.count) {
            noted.chunks.withBytes(of: index) { chunk in
                let hash = WordTable.hash(chunk)
                if other.contains(chunk, hash: hash) { return }
                if let record = find(chunk, hash: hash) {
                    other.insert(chunk, hash: hash, record: record)
                } else {
                    unknown.chunks.insert(chunk, hash: hash, advance: 0, characters: 0)
                }
            }
        }
        for key in noted.pairs {
            let previous = UInt32(key >> 32), next = UInt32(truncatingIfNeeded: key)
            if other.breaksAfterSpaces(previous, next) != nil { continue }
            if let known = breaksAfterSpaces(previous, next) {
                other.remember(previous, next, breaks: known)
            } else {
                unknown.pairs.insert(key)
            }
        }
        return unknown
    }

    /// Asks ICU for everything noted that this table lacks.
    mutating func learn(_ noted: NotedBreaks, with iterator: inout LineBreakIterator) {
        var record: [UInt32] = []
        for index in 0..<Int32(noted.chunks.count) {
            noted.chunks.withBytes(of: index) { chunk in
                let hash = WordTable.hash(chunk)
                guard !contains(chunk, hash: hash) else { return }
                record.removeAll(keepingCapacity: true)
                record.append(Self.deciding(chunk))
                iterator.opportunities(chunk, into: &record)
                insert(chunk, hash: hash, record: record[...])
            }
        }
        for key in noted.pairs {
            let previous = UInt32(key >> 32), next = UInt32(truncatingIfNeeded: key)
            guard breaksAfterSpaces(previous, next) == nil else { continue }
            remember(previous, next, breaks: iterator.breaksAfterSpace(previous == Self.startOfText ? nil : previous, next))
        }
    }

    /// The scalar of a chunk that decides a break after spaces that follow it: its last that
    /// is not a combining mark or ZWJ (LB9), or, when all are, its first (LB10: taken as a
    /// letter).
    static func deciding(_ chunk: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var end = chunk.count
        while end > 0 {
            let start = LineBreaker.scalarStart(chunk, before: end, from: 0)
            let value = LineBreaker.scalar(chunk, at: start)
            if value < 0x80 && value >= 0x20 || !LineBreaker.isCombining(value) { return value }
            end = start
        }
        return LineBreaker.scalar(chunk, at: 0)
    }

    /// Replaces `segments` with the segments of a text. Returns false when a chunk or a pair
    /// around spaces is not in the table: all such are then added to `noted`, and `segments`
    /// is unfinished.
    func split(_ utf8: UnsafeBufferPointer<UInt8>, into segments: inout [RawSegment], noting noted: inout NotedBreaks) -> Bool {
        segments.removeAll(keepingCapacity: true)
        let count = utf8.count
        var complete = true
        var segmentStart = 0
        var index = 0
        var previous = Self.startOfText   // the deciding scalar of the chunk before the spaces
        while index < count {
            // A chunk: up to the next space.
            let chunkStart = index
            while index < count && utf8[index] != 0x20 { index += 1 }
            let chunkEnd = index
            if chunkEnd > chunkStart {
                let chunk = UnsafeBufferPointer(rebasing: utf8[chunkStart..<chunkEnd])
                let hash = WordTable.hash(chunk)
                if let entry = chunks.find(chunk, hash: hash) {
                    // Most chunks have one opportunity, at their end, kept in the entry: only the
                    // spaces after them decide a break.
                    let isInline = entry.characters == Self.inlineRecord
                    let record = isInline ? records[0..<0] : records[Int(entry.payload)..<Int(entry.payload) + Int(entry.characters)]
                    previous = isInline ? UInt32(bitPattern: entry.payload) : record[record.startIndex]
                    for opportunity in record.dropFirst() where complete {
                        let position = chunkStart + Int(opportunity >> 1)
                        if opportunity & 1 == 1 {
                            segments.append(Self.mandatorySegment(utf8, segmentStart, position))
                            segmentStart = position
                        } else if position < chunkEnd {
                            segments.append(RawSegment(start: segmentStart, contentEnd: position, end: position, spaces: 0,
                                                       mandatoryBreak: false))
                            segmentStart = position
                        }
                    }
                } else {
                    if noted.chunks.find(chunk, hash: hash) == nil {
                        noted.chunks.insert(chunk, hash: hash, advance: 0, characters: 0)
                    }
                    previous = Self.deciding(chunk)
                    complete = false
                }
            }
            // The spaces after it: they hang at the end of the segment they close.
            while index < count && utf8[index] == 0x20 { index += 1 }
            guard index > chunkEnd else { continue }
            if index == count {
                segments.append(RawSegment(start: segmentStart, contentEnd: chunkEnd, end: count, spaces: count - chunkEnd,
                                           mandatoryBreak: false))
                segmentStart = count
                break
            }
            let next = LineBreaker.scalar(utf8, at: index)
            guard let breaks = breaksAfterSpaces(previous, next) else {
                noted.pairs.insert(Self.pairKey(previous, next))
                complete = false
                continue
            }
            // Without a break the spaces stay inside the content (`Quoi ?`).
            if breaks {
                segments.append(RawSegment(start: segmentStart, contentEnd: chunkEnd, end: index, spaces: index - chunkEnd,
                                           mandatoryBreak: false))
                segmentStart = index
            }
        }
        guard complete else {
            noted.texts.append(Array(utf8))
            return false
        }
        if segmentStart < count {
            segments.append(RawSegment(start: segmentStart, contentEnd: count, end: count, spaces: 0, mandatoryBreak: false))
        } else if let last = segments.indices.last, segments[last].mandatoryBreak {
            // A final line break ends the text; it does not open an empty line.
            segments[last].mandatoryBreak = false
        }
        return true
    }

    /// The segment from `start` up to a mandatory break at `end`: its content leaves out the
    /// line break (CR LF, or one character) and the spaces before it, which hang.
    private static func mandatorySegment(_ utf8: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> RawSegment {
        var contentEnd = LineBreaker.scalarStart(utf8, before: end, from: start)
        if utf8[contentEnd] == 0x0A && contentEnd > start && utf8[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        var spaces = 0
        while contentEnd > start && utf8[contentEnd - 1] == 0x20 {
            contentEnd -= 1
            spaces += 1
        }
        return RawSegment(start: start, contentEnd: contentEnd, end: end, spaces: spaces, mandatoryBreak: true)
    }
}

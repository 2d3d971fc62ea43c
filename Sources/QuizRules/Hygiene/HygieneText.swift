import Foundation
import QuizBank
import QuizSupport
import QuizYAML

// What the content hygiene rules share: a question's texts with their places, word and letter
// classes, and narrowing a finding to characters inside a scalar.

/// One localizable field of a question, with its place for messages.
struct QuestionField: Sendable {
    enum Kind: Int, CaseIterable, Sendable {
        case question, choice, feedback, explanation, hint, imageAlt
    }

    var place: TextPlace
    var text: LocalizedText

    var kind: Kind {
        switch place {
        case .choice: return .choice
        case .feedback: return .feedback
        case .explanation: return .explanation
        case .hint: return .hint
        case .imageAlt: return .imageAlt
        case .questionText, .bankTitle, .bankDescription, .topicTitle: return .question
        }
    }

    /// The index of the choice a choice text or feedback belongs to.
    var choiceIndex: Int? {
        switch place {
        case .choice(_, let index), .feedback(_, let index): return index
        default: return nil
        }
    }

    /// Calls `body` with every authored string of the field, one for each locale it is written
    /// in, in authored order.
    func forEachEntry(sourceLocale: String, _ body: (AuthoredText) -> Void) {
        text.forEachAuthored(sourceLocale: sourceLocale, where: { _ in true }, field: { self }, body)
    }
}

extension LocalizedText {
    /// Calls `body` with each authored string that `include` accepts, in authored order, as a
    /// string of the field `field()` makes. The rules look at every text of every question, most
    /// of them only to see that there is nothing to look for: `include` sees the bare string, and
    /// the field and the `AuthoredText` (copies that cost more than a quick look) are made only
    /// for the strings it keeps.
    func forEachAuthored(sourceLocale: String, where include: (String) -> Bool, field: () -> QuestionField,
                                     _ body: (AuthoredText) -> Void) {
        switch form {
        case .plain(let string):
            guard include(string) else { return }
            body(AuthoredText(field: field(), locale: sourceLocale, text: string, range: range, isTranslated: false,
                              isSource: true))
        case .translated(let entries):
            for entry in entries where include(entry.text) {
                body(AuthoredText(field: field(), locale: entry.locale, text: entry.text, range: entry.range,
                                  isTranslated: true, isSource: entry.locale == sourceLocale))
            }
        }
    }
}

/// One authored string of a field, in one locale.
struct AuthoredText: Sendable {
    var field: QuestionField
    var locale: String
    var text: String
    var range: SourceRange
    var isTranslated: Bool
    var isSource: Bool

    /// Where the string is, as the localization rules say it: "the text of question 'sun'", or
    /// "the 'pt-BR' translation of the text of question 'sun'" in a mapping of translations.
    var place: String {
        guard isTranslated else { return field.place.description }
        return isSource ? "the '\(locale)' source of \(field.place)" : "the '\(locale)' translation of \(field.place)"
    }

    /// The language subtag of the locale, lower-cased: "pt" for "pt-BR".
    var language: String { LocalizableTexts.language(of: locale) }
}

extension Question {
    /// Calls `visit` with each localizable field of the question in authored order (text, then
    /// each choice and its feedback, explanation, hints, image-alt), its kind, and its place
    /// (made only when asked for), from `Question.forEachLocalizedText`. The rules' walks over a
    /// question's texts all go through here.
    func forEachField(_ visit: (LocalizedText, QuestionField.Kind, () -> TextPlace) -> Void) {
        let id = self.id.value
        forEachLocalizedText { text, field in
            switch field {
            case .text: visit(text, .question, { .questionText(id) })
            case .choice(let index): visit(text, .choice, { .choice(id, index) })
            case .feedback(let index): visit(text, .feedback, { .feedback(id, index) })
            case .explanation: visit(text, .explanation, { .explanation(id) })
            case .hint(let index): visit(text, .hint, { .hint(id, index) })
            case .imageAlt: visit(text, .imageAlt, { .imageAlt(id) })
            }
        }
    }

    /// Calls `body` with every authored string of every localizable field of the question, in
    /// authored order, that `include` accepts; `include` sees the kind of the field and the
    /// bare string (see `LocalizedText.forEachAuthored`).
    func forEachText(sourceLocale: String, where include: (QuestionField.Kind, String) -> Bool,
                     _ body: (AuthoredText) -> Void) {
        forEachField { text, kind, place in
            text.forEachAuthored(sourceLocale: sourceLocale, where: { include(kind, $0) },
                                 field: { QuestionField(place: place(), text: text) }, body)
        }
    }
}

extension String {
    /// The string of `scalars`, encoded in one go: `String(String.UnicodeScalarView(scalars))`
    /// appends them one at a time through generic code, at many times the cost.
    init(scalars: some Sequence<Unicode.Scalar>) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        self.init(decoding: bytes, as: UTF8.self)
    }

    /// `Array(unicodeScalars)` in one pass, straight from the bytes for an ASCII string (most
    /// texts): the generic conversion decodes every scalar twice, once to count them.
    var scalarArray: [Unicode.Scalar] {
        withUTF8Bytes { bytes in
            if ByteSet.nonASCII.firstIndex(in: bytes) == nil { return bytes.map { Unicode.Scalar($0) } }
            var scalars: [Unicode.Scalar] = []
            scalars.reserveCapacity(bytes.count)  // never fewer bytes than scalars
            for scalar in unicodeScalars { scalars.append(scalar) }
            return scalars
        }
    }
}

/// A set of byte values, for scanning the bytes of a text with one table lookup each. The
/// rules' quick looks go over every byte of every text, most of which matter to none of them,
/// and a lookup costs a fraction of a chain of comparisons.
struct ByteSet: Sendable {
    /// 1 for a member, else 0, by byte value.
    private let members: [UInt8]
    /// No member is ASCII: eight ASCII bytes (most of a text) are passed over with one test.
    private let onlyAboveASCII: Bool

    init(_ bytes: [UInt8]) {
        self.init { bytes.contains($0) }
    }

    init(where predicate: (UInt8) -> Bool) {
        members = (0...255).map { predicate(UInt8($0)) ? 1 : 0 }
        onlyAboveASCII = !(0..<128).contains { predicate(UInt8($0)) }
    }

    static let nonASCII = ByteSet { $0 >= 0x80 }

    /// The index of the first byte from `start` on that is in the set, or nil.
    func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        members.withUnsafeBufferPointer { members in
            var index = start
            let raw = UnsafeRawBufferPointer(bytes)
            // Eight bytes at a time, with one test for the eight lookups, until one is in the set.
            while index + 8 <= bytes.count {
                if onlyAboveASCII, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & EightBytes.high == 0 {
                    index += 8
                    continue
                }
                let found = members[Int(bytes[index])] | members[Int(bytes[index + 1])] | members[Int(bytes[index + 2])]
                    | members[Int(bytes[index + 3])] | members[Int(bytes[index + 4])] | members[Int(bytes[index + 5])]
                    | members[Int(bytes[index + 6])] | members[Int(bytes[index + 7])]
                if found != 0 { break }
                index += 8
            }
            while index < bytes.count {
                if members[Int(bytes[index])] != 0 { return index }
                index += 1
            }
            return nil
        }
    }

    /// How many of the bytes are in the set.
    func count(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        members.withUnsafeBufferPointer { members in
            var count = 0
            for byte in bytes { count += Int(members[Int(byte)]) }
            return count
        }
    }
}

extension Unicode.Scalar {
    /// A letter, a combining mark or a digit: part of a word.
    var isWordCharacter: Bool {
        if value < 0x80 { return isASCIILetterOrDecimal }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    var isLetterOrDecimal: Bool {
        if value < 0x80 { return isASCIILetterOrDecimal }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            return true
        default:
            return false
        }
    }

    private var isASCIILetterOrDecimal: Bool {
        (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }

    /// White space by Unicode's property, with the property lookup only for non-ASCII scalars.
    var isUnicodeSpace: Bool {
        value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }

    /// A space or a tab: what the compiler collapses. No-break and other Unicode spaces are not.
    var isSpaceOrTab: Bool { self == " " || self == "\t" }

    /// "U+0430 CYRILLIC SMALL LETTER A"
    var codePointName: String {
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return properties.name.map { "\(code) \($0)" } ?? code
    }
}

enum TextWords {
    /// The offsets of each word (a run of letters, marks and digits) in `scalars`; only the
    /// first `limit` words.
    static func ranges(in scalars: [Unicode.Scalar], limit: Int = .max) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (index, scalar) in scalars.enumerated() {
            if scalar.isWordCharacter {
                if start == nil { start = index }
            } else if let first = start {
                ranges.append(first..<index)
                if ranges.count == limit { return ranges }
                start = nil
            }
        }
        if let first = start, ranges.count < limit { ranges.append(first..<scalars.count) }
        return ranges
    }

    /// The words of `text`, lower-cased; only the first `limit` of them.
    static func lowercased(_ text: String, limit: Int = .max) -> [String] {
        let scalars = text.scalarArray
        return ranges(in: scalars, limit: limit).map { String(scalars: scalars[$0]).lowercased() }
    }
}

/// A text lower-cased and with runs of whitespace made one space, remembering for each of its
/// scalars the offset of the scalar it came from, so that a match maps back to the original.
struct FoldedText {
    var scalars: [Unicode.Scalar] = []
    var origins: [Int] = []
    var originalCount: Int

    init(_ text: String) {
        let original = text.scalarArray
        originalCount = original.count
        var pendingSpace = false
        for (offset, scalar) in original.enumerated() {
            if scalar.isUnicodeSpace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if pendingSpace {
                scalars.append(" ")
                origins.append(offset - 1)
                pendingSpace = false
            }
            for folded in scalar.properties.lowercaseMapping.unicodeScalars {
                scalars.append(folded)
                origins.append(offset)
            }
        }
    }

    /// Where `needle` occurs as whole words (not next to a letter or digit), as offsets in the
    /// original text.
    func wholeWordMatches(of needle: FoldedText) -> [Range<Int>] {
        let pattern = needle.scalars
        guard !pattern.isEmpty, pattern.count <= scalars.count else { return [] }
        var matches: [Range<Int>] = []
        for start in 0...(scalars.count - pattern.count) where scalars[start] == pattern[0] {
            let end = start + pattern.count
            guard scalars[start..<end].elementsEqual(pattern) else { continue }
            if start > 0, scalars[start - 1].isWordCharacter, pattern[0].isWordCharacter { continue }
            if end < scalars.count, scalars[end].isWordCharacter, pattern[pattern.count - 1].isWordCharacter { continue }
            matches.append(origins[start]..<(origins[end - 1] + 1))
        }
        return matches
    }
}

/// Maps offsets inside a text (in Unicode scalars) to a range in the source, for a text written
/// on one line as a plain scalar or as a quoted scalar without escapes. Any other text (a block,
/// escapes, several lines, an alias) keeps its whole range.
enum TextSpan {
    static func range(_ offsets: Range<Int>, in entry: AuthoredText, source: [UInt8]) -> SourceRange {
        let whole = entry.range
        guard whole.start.line == whole.end.line, whole.end.column > whole.start.column, offsets.lowerBound >= 0,
              let line = SourceLineIndex.shared.line(Int(whole.start.line), of: source) else { return whole }
        let written = String(decoding: line, as: UTF8.self).scalarArray
        let first = Int(whole.start.column) - 1
        let end = Int(whole.end.column) - 1
        guard first >= 0, end <= written.count else { return whole }
        let slice = written[first..<end]
        let text = entry.text.scalarArray
        guard offsets.upperBound <= text.count else { return whole }
        let skip: Int
        if slice.elementsEqual(text) {
            skip = 0
        } else if slice.count == text.count + 2, let quote = slice.first, quote == "\"" || quote == "'", slice.last == quote,
                  slice.dropFirst().dropLast().elementsEqual(text) {
            skip = 1
        } else {
            return whole
        }
        let lineNumber = Int(whole.start.line)
        let column = Int(whole.start.column) + skip
        return SourceRange(start: SourceMark(line: lineNumber, column: column + offsets.lowerBound),
                           end: SourceMark(line: lineNumber, column: column + offsets.upperBound))
    }
}

/// Where the lines of the bank being checked start, computed once per bank: rules narrow
/// findings bank after bank, and scanning the file again for each finding would be quadratic.
final class SourceLineIndex: Sendable {
    static let shared = SourceLineIndex()

    /// The bank's address and size, and where its lines start.
    private let index = Locked<(identity: (address: Int, count: Int)?, starts: LineStarts)>((nil, LineStarts()))

    /// Where every `stride`th line starts (lines 1, 1 + stride, 1 + 2 × stride, ...), as 32-bit
    /// offsets: a bank of a million questions has seven million lines, and listing each took
    /// 30 MB for the whole run. A line between is found by reading on from the one listed
    /// before it (at most `stride - 1` lines). Listing stops at the first start past 4 GiB.
    struct LineStarts {
        static let stride = 32
        var offsets: [UInt32] = [0]
    }

    /// The bytes of 1-based `line` without its line break, counting lines as libyaml does
    /// (`\n`, `\r\n`, `\r`); nil past the end, and for a line whose listed predecessor would
    /// start past 4 GiB.
    func line(_ line: Int, of source: [UInt8]) -> ArraySlice<UInt8>? {
        let address = source.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
        let starts = index.withLock { index in
            if index.identity?.address != address || index.identity?.count != source.count {
                // The old index goes first: two at once would be the peak of a large run.
                index.starts = LineStarts()
                index.starts = Self.lineStarts(source)
                index.identity = (address, source.count)
            }
            return index.starts
        }
        guard line >= 1 else { return nil }
        let listed = (line - 1) / LineStarts.stride
        guard listed < starts.offsets.count else { return nil }
        var start = Int(starts.offsets[listed])
        for _ in 0..<(line - 1) % LineStarts.stride {
            guard let next = Self.lineStart(after: start, in: source) else { return nil }
            start = next
        }
        var end = start
        while end < source.count, source[end] != 0x0A, source[end] != 0x0D { end += 1 }
        return source[start..<end]
    }

    /// Where the line after the one starting at `start` starts; nil when that is the last.
    private static func lineStart(after start: Int, in source: [UInt8]) -> Int? {
        var index = start
        while index < source.count {
            let byte = source[index]
            index += 1
            if byte == 0x0D, index < source.count, source[index] == 0x0A { index += 1 }
            if byte == 0x0A || byte == 0x0D { return index }
        }
        return nil
    }

    /// This reads the whole bank once per run, the costliest part of narrowing findings: in a
    /// file without CR, `memchr` finds the line feeds many bytes at a time.
    static func lineStarts(_ source: [UInt8]) -> LineStarts {
        source.withUnsafeBufferPointer { bytes in
            var starts = LineStarts()
            var lines = 1
            /// Counts the line starting at `offset`, listing every `stride`th; false once one
            /// to list does not fit in 32 bits.
            func add(_ offset: Int) -> Bool {
                lines += 1
                guard (lines - 1) % LineStarts.stride == 0 else { return true }
                guard let start = UInt32(exactly: offset) else { return false }
                starts.offsets.append(start)
                return true
            }
            if let base = bytes.baseAddress, memchr(base, 0x0D, bytes.count) == nil {
                var offset = 0
                while let found = memchr(base + offset, 0x0A, bytes.count - offset) {
                    offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    guard add(offset) else { break }
                }
                return starts
            }
            var offset = 0
            while let next = lineStart(after: offset, in: source), add(next) { offset = next }
            return starts
        }
    }
}

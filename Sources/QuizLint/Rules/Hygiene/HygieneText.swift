import Foundation
import QuizBank
import QuizYAML

// What the content hygiene rules share: a question's texts with their places, word and letter
// classes, and narrowing a finding to characters inside a scalar.

/// One localizable field of a question, with its place for messages.
struct QuestionField: Sendable {
    enum Kind: Sendable {
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

    /// Every authored string of the field, one for each locale it is written in.
    func entries(sourceLocale: String) -> [AuthoredText] {
        let isTranslated: Bool
        if case .translated = text.form { isTranslated = true } else { isTranslated = false }
        return text.entries(sourceLocale: sourceLocale).map {
            AuthoredText(field: self, locale: $0.locale, text: $0.text, range: $0.range, isTranslated: isTranslated,
                         isSource: $0.locale == sourceLocale)
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
    /// Every localizable field of the question, in authored order.
    var textFields: [QuestionField] {
        let id = self.id.value
        var fields = [QuestionField(place: .questionText(id), text: text)]
        for (index, choice) in choices.enumerated() {
            fields.append(QuestionField(place: .choice(id, index), text: choice.text))
            if let feedback = choice.feedback { fields.append(QuestionField(place: .feedback(id, index), text: feedback)) }
        }
        if let explanation { fields.append(QuestionField(place: .explanation(id), text: explanation)) }
        for (index, hint) in hints.enumerated() { fields.append(QuestionField(place: .hint(id, index), text: hint)) }
        if let imageAlt { fields.append(QuestionField(place: .imageAlt(id), text: imageAlt)) }
        return fields
    }

    /// Every authored string of every localizable field.
    func textEntries(sourceLocale: String) -> [AuthoredText] {
        textFields.flatMap { $0.entries(sourceLocale: sourceLocale) }
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
    /// The offsets of each word (a run of letters, marks and digits) in `scalars`.
    static func ranges(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (index, scalar) in scalars.enumerated() {
            if scalar.isWordCharacter {
                if start == nil { start = index }
            } else if let first = start {
                ranges.append(first..<index)
                start = nil
            }
        }
        if let first = start { ranges.append(first..<scalars.count) }
        return ranges
    }

    /// The words of `text`, lower-cased.
    static func lowercased(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return ranges(in: scalars).map { String(String.UnicodeScalarView(scalars[$0])).lowercased() }
    }
}

/// A text lower-cased and with runs of whitespace made one space, remembering for each of its
/// scalars the offset of the scalar it came from, so that a match maps back to the original.
struct FoldedText {
    var scalars: [Unicode.Scalar] = []
    var origins: [Int] = []
    var originalCount: Int

    init(_ text: String) {
        let original = Array(text.unicodeScalars)
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
        let written = Array(String(decoding: line, as: UTF8.self).unicodeScalars)
        let first = Int(whole.start.column) - 1
        let end = Int(whole.end.column) - 1
        guard first >= 0, end <= written.count else { return whole }
        let slice = written[first..<end]
        let text = Array(entry.text.unicodeScalars)
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

/// Where each line of the bank being checked starts, computed once per bank: rules narrow
/// findings bank after bank, and scanning the file again for each finding would be quadratic.
final class SourceLineIndex: @unchecked Sendable {
    static let shared = SourceLineIndex()

    private let lock = NSLock()
    private var identity: (address: UnsafeRawPointer?, count: Int)?
    private var starts: [Int] = []

    /// The bytes of 1-based `line` without its line break, counting lines as libyaml does
    /// (`\n`, `\r\n`, `\r`); nil past the end.
    func line(_ line: Int, of source: [UInt8]) -> ArraySlice<UInt8>? {
        let address = source.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        lock.lock()
        defer { lock.unlock() }
        if identity?.address != address || identity?.count != source.count {
            starts = Self.lineStarts(source)
            identity = (address, source.count)
        }
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] : source.count
        while end > start, source[end - 1] == 0x0A || source[end - 1] == 0x0D { end -= 1 }
        return source[start..<end]
    }

    private static func lineStarts(_ source: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < source.count {
            let byte = source[index]
            index += 1
            if byte == 0x0D, index < source.count, source[index] == 0x0A { index += 1 }
            if byte == 0x0A || byte == 0x0D { starts.append(index) }
        }
        return starts
    }
}

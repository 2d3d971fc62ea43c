import QuizSupport

// The item-writing rules' readings of ASCII texts from their bytes. Most texts are ASCII, and
// these answer for them without walking `Character`s (grapheme breaking) or making strings for
// what does not count. Each says what plain reading by `Character` it gives, exactly or as a
// bound; EnglishASCIITests check it against that reading on seeded random texts, the labelled
// questions under Tests/Data/quality and the example banks.

extension English {
    /// Where the word that starts at `start` of an ASCII text's `bytes` (a letter or digit)
    /// ends, as `words` cuts them: letters and digits, joined by an apostrophe before a letter;
    /// or an abbreviation of single letters joined by points (`asciiAbbreviationEnd`).
    @inline(__always)
    static func asciiWordEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        if let end = asciiAbbreviationEnd(in: bytes, from: start) { return end }
        var end = start + 1
        while end < bytes.count {
            if isASCIIWordByte(bytes[end]) {
                end += 1
            } else if bytes[end] == UInt8(ascii: "'"), end + 1 < bytes.count, isASCIILetter(bytes[end + 1]) {
                end += 1
            } else {
                break
            }
        }
        return end
    }

    /// `abbreviationEnd` of an ASCII text's `bytes`, read from them: where single letters
    /// joined by points that start at `start` end, before a last point; nil when no point and
    /// single letter follow the letter at `start`.
    @inline(__always)
    static func asciiAbbreviationEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard isASCIILetter(bytes[start]) else { return nil }
        var end = start + 1
        while end + 1 < bytes.count, bytes[end] == UInt8(ascii: "."), isASCIILetter(bytes[end + 1]),
              end + 2 == bytes.count || !isASCIIWordByte(bytes[end + 2]) {
            end += 2
        }
        return end > start + 1 ? end : nil
    }

    /// Whether `words(text)` has two words or more: exact for an ASCII text, read from its bytes
    /// up to the start of a second word; true for any other text.
    static func mayHaveTwoWords(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            var index = 0
            var sawWord = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 { return true }
                guard isASCIIWordByte(byte) else {
                    index += 1
                    continue
                }
                if sawWord { return true }
                sawWord = true
                index = asciiWordEnd(in: bytes, from: index)
            }
            return false
        }
    }

    /// `normalized(text)` of an ASCII text, from its bytes; nil for any other text. Lower case
    /// is `A`-`Z` lowered, whitespace is what `Character.isWhitespace` says of ASCII (tab, line
    /// feed, vertical tab, form feed, carriage return, space), and the edge marks are the ASCII
    /// ones of `normalized`'s. Asked of every choice by complex-choice and all-of-the-above,
    /// where splitting and joining `Character`s cost more than the rest of their reading.
    static func normalizedASCII(_ text: String) -> String? {
        text.withUTF8Bytes { bytes -> String? in
            guard ByteSet.nonASCII.firstIndex(in: bytes) == nil else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                // Words lowered and joined by one space, then the edge marks taken off both ends
                // (a space among them, as one the trimming uncovers).
                var count = 0
                var spaceDue = false
                for byte in bytes {
                    if byte.isASCIIWhitespace {
                        spaceDue = count > 0
                        continue
                    }
                    if spaceDue {
                        out[count] = 0x20
                        count += 1
                        spaceDue = false
                    }
                    out[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    count += 1
                }
                var start = 0, end = count
                while start < end, isASCIIEdge(out[start]) { start += 1 }
                while end > start, isASCIIEdge(out[end - 1]) { end -= 1 }
                if start > 0 {
                    for index in start..<end { out[index - start] = out[index] }
                }
                return end - start
            }
        }
    }

    /// One of the ASCII marks among `normalized`'s edge marks.
    private static func isASCIIEdge(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ";"),
             UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: " "):
            return true
        default:
            return false
        }
    }

    /// Calls `body` with each word of `text` made only of letters (and apostrophes inside it)
    /// and at least `minimumLength` characters long, as written and lower-cased, in order:
    /// `words(text)` so filtered. An ASCII text is read from its bytes, and no string is made
    /// for its other words.
    static func forEachLetterWord(of text: String, minimumLength: Int, _ body: (_ written: String, _ lower: String) -> Void) {
        let wasASCII = text.withUTF8Bytes { bytes -> Bool in
            guard ByteSet.nonASCII.firstIndex(in: bytes) == nil else { return false }
            var index = 0
            while index < bytes.count {
                guard isASCIIWordByte(bytes[index]) else {
                    index += 1
                    continue
                }
                let start = index
                index = asciiWordEnd(in: bytes, from: start)
                let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard word.count >= minimumLength, !word.contains(where: { $0 >= 0x30 && $0 <= 0x39 || $0 == UInt8(ascii: ".") }) else { continue }
                body(String(decoding: word, as: UTF8.self), asciiLowercased(word))
            }
            return true
        }
        guard !wasASCII else { return }
        for word in wordsOfAnyText(text) where word.text.count >= minimumLength && word.text.allSatisfy({ isLetter($0) || isApostrophe($0) }) {
            body(word.text, word.lower)
        }
    }

    /// A closed set of pieces (lower-case words, labels) and the ASCII marks that separate them
    /// besides white space, built from a rule's own lists: whether a text may be made of those
    /// pieces alone, told from an ASCII text's bytes without making a string for most pieces.
    struct Pieces: Sendable {
        let members: Set<String>
        /// By ASCII byte: a separator (one of the marks, or ASCII white space).
        private let separates: [Bool]
        /// By ASCII byte, lower-cased: a member of one byte.
        private let oneByteMembers: [Bool]
        /// The longest member, in bytes: no longer piece is made into a string.
        private let longest: Int

        /// `separators` are ASCII marks; any other character among them is left out.
        init(_ members: some Sequence<String>, separators: Set<Character>) {
            let members = Set(members)
            let marks = separators.compactMap(\.asciiValue)
            self.members = members
            separates = (0..<128).map { byte in byte == 0x20 || (0x09...0x0D).contains(byte) || marks.contains(UInt8(byte)) }
            oneByteMembers = (0..<128).map { byte in members.contains(String(Unicode.Scalar(UInt8(byte)))) }
            longest = members.map(\.utf8.count).max() ?? 0
        }

        /// False when `text`, cut at the separators, has a piece of ASCII characters that is
        /// not a member once lower-cased, before any piece with another character; true
        /// otherwise (a piece with a non-ASCII character ends the look).
        func mayBeMadeOfMembers(_ text: String) -> Bool {
            text.withUTF8Bytes { bytes in
                var start = 0
                for index in 0...bytes.count {
                    let byte = index < bytes.count ? bytes[index] : 0x20
                    if byte >= 0x80 { return true }
                    guard separates[Int(byte)] else { continue }
                    if index > start && !isMember(UnsafeBufferPointer(rebasing: bytes[start..<index])) { return false }
                    start = index + 1
                }
                return true
            }
        }

        private func isMember(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
            if piece.count == 1 { return oneByteMembers[Int(asciiLowercase(piece[0]))] }
            guard piece.count <= longest else { return false }
            return members.contains(asciiLowercased(piece))
        }
    }

    /// The first words of an ASCII text, lower-cased, read from its bytes: its first run of
    /// letters and the run of letters after it past spaces, and whether it has a digit
    /// anywhere. The runs are made into strings only when asked for.
    struct LeadingLetters {
        let hasDigit: Bool
        private let text: String
        /// The first run of letters, as byte offsets.
        private let firstRun: Range<Int>?

        /// Nil for a text that is not ASCII.
        init?(_ text: String) {
            let found = text.withUTF8Bytes { bytes -> (hasDigit: Bool, firstRun: Range<Int>?)? in
                guard ByteSet.nonASCII.firstIndex(in: bytes) == nil else { return nil }
                let hasDigit = bytes.contains { $0 >= 0x30 && $0 <= 0x39 }
                guard let start = bytes.firstIndex(where: isASCIILetter) else { return (hasDigit, nil) }
                return (hasDigit, start..<Self.endOfLetters(in: bytes, from: start))
            }
            guard let found else { return nil }
            self.text = text
            hasDigit = found.hasDigit
            firstRun = found.firstRun
        }

        /// The first run of letters; nil when the text has no letter.
        var first: String? {
            guard let firstRun else { return nil }
            return text.withUTF8Bytes { English.asciiLowercased(UnsafeBufferPointer(rebasing: $0[firstRun])) }
        }

        /// The run of letters after the first run and one or more spaces ("" when the spaces
        /// are followed by something else); nil when no space follows the first run.
        var second: String? {
            guard let firstRun else { return nil }
            return text.withUTF8Bytes { bytes in
                var start = firstRun.upperBound
                while start < bytes.count, bytes[start] == 0x20 { start += 1 }
                guard start > firstRun.upperBound else { return nil }
                return English.asciiLowercased(UnsafeBufferPointer(rebasing: bytes[start..<Self.endOfLetters(in: bytes, from: start)]))
            }
        }

        private static func endOfLetters(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            var end = start
            while end < bytes.count, isASCIILetter(bytes[end]) { end += 1 }
            return end
        }
    }
}

/// A run of the marks a blank is written with (`_`, `.`, `…`) in a text, with what stands on
/// either side: what blank-not-at-end judges a blank by.
struct BlankMarkRun: Equatable {
    var range: Range<String.Index>
    var underscores = 0, dots = 0, ellipses = 0
    /// White space (or the text's start) before the run, and white space or punctuation (or
    /// the text's end) after it.
    var standsAlone = false
    /// A colon follows the run.
    var precedesColon = false
}

extension English {
    /// Calls `body` with each run of blank marks in `text`, in order; an ASCII text is read from
    /// its bytes (this is asked of every stem).
    static func forEachBlankMarkRun(in text: String, _ body: (BlankMarkRun) -> Void) {
        if !forEachASCIIBlankMarkRun(in: text, body) { forEachBlankMarkRunOfAnyText(in: text, body) }
    }

    /// `forEachBlankMarkRun` of an ASCII text, from its bytes; false, having called nothing,
    /// for any other text.
    static func forEachASCIIBlankMarkRun(in text: String, _ body: (BlankMarkRun) -> Void) -> Bool {
        let utf8 = text.utf8
        return text.withUTF8Bytes { bytes in
            guard ByteSet.nonASCII.firstIndex(in: bytes) == nil else { return false }
            // ASCII's punctuation (general category P): the rest of its marks are symbols.
            func isPunctuation(_ byte: UInt8) -> Bool {
                switch byte {
                case UInt8(ascii: "!"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                     UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."),
                     UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["),
                     UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "_"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                    return true
                default:
                    return false
                }
            }
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "_") || bytes[index] == UInt8(ascii: ".") else {
                    index += 1
                    continue
                }
                var end = index
                var underscores = 0, dots = 0
                while end < bytes.count, bytes[end] == UInt8(ascii: "_") || bytes[end] == UInt8(ascii: ".") {
                    if bytes[end] == UInt8(ascii: "_") { underscores += 1 } else { dots += 1 }
                    end += 1
                }
                let before = index > 0 ? bytes[index - 1] : 0x20
                let after = end < bytes.count ? bytes[end] : 0x20
                body(BlankMarkRun(range: utf8.index(utf8.startIndex, offsetBy: index)..<utf8.index(utf8.startIndex, offsetBy: end),
                                  underscores: underscores, dots: dots,
                                  standsAlone: before.isASCIIWhitespace && (after.isASCIIWhitespace || isPunctuation(after)),
                                  precedesColon: after == UInt8(ascii: ":")))
                index = end
            }
            return true
        }
    }

    /// `forEachBlankMarkRun` of any text, `Character` by `Character`.
    static func forEachBlankMarkRunOfAnyText(in text: String, _ body: (BlankMarkRun) -> Void) {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "_" || character == "." || character == "\u{2026}" else {
                index = text.index(after: index)
                continue
            }
            var end = index
            var run = BlankMarkRun(range: index..<index)
            while end < text.endIndex, text[end] == "_" || text[end] == "." || text[end] == "\u{2026}" {
                switch text[end] {
                case "_": run.underscores += 1
                case ".": run.dots += 1
                default: run.ellipses += 1
                }
                end = text.index(after: end)
            }
            let before = index > text.startIndex ? text[text.index(before: index)] : " "
            let after = end < text.endIndex ? text[end] : " "
            run.range = index..<end
            run.standsAlone = before.isWhitespace && (after.isWhitespace || after.isPunctuation)
            run.precedesColon = after == ":"
            body(run)
            index = end
        }
    }
}

import Foundation
import Testing
@testable import QuizLayout

/// Where texts may wrap (UAX #14 as UILabel applies it) and how lines are counted.
@Suite struct LineBreakingTests {
    /// The segments of a text: each is what stays together, with the spaces after it; `|`
    /// marks a mandatory break after a segment.
    static func pieces(_ text: String) -> [String] {
        var bytes = Array(text.utf8)
        let segments = bytes.withUnsafeMutableBufferPointer { LineBreaker.segments(UnsafeBufferPointer($0)) }
        return segments.map { segment in
            let piece = String(String(decoding: bytes[segment.start..<segment.end], as: UTF8.self).unicodeScalars
                .filter { !["\n", "\r", "\u{2028}"].contains($0) })
            return segment.mandatoryBreak ? piece + "|" : piece
        }
    }

    @Test(arguments: [
        ("The Sun is a star.", ["The ", "Sun ", "is ", "a ", "star."]),
        // Hyphens and dashes: after, never before, nor after a hyphen that starts a word.
        ("well-known fact", ["well-", "known ", "fact"]),
        ("at -5 degrees", ["at ", "-5 ", "degrees"]),
        ("from 1990-2000", ["from ", "1990-", "2000"]),
        ("a -ish word", ["a ", "-ish ", "word"]),
        ("yes\u{2010}no", ["yes\u{2010}", "no"]),
        ("1990\u{2013}2000", ["1990\u{2013}", "2000"]),
        ("word\u{2014}word", ["word", "\u{2014}", "word"]),
        ("a \u{2013} b", ["a ", "\u{2013} ", "b"]),
        // Slashes do not break (as in Chromium, checked against it): `singer/songwriter`.
        ("and/or 1/2", ["and/or ", "1/2"]),
        // Punctuation never starts a line, even after a space.
        ("Quoi ? Oui !", ["Quoi ? ", "Oui !"]),
        ("(see below) now", ["(see ", "below) ", "now"]),
        // No-break spaces, narrow no-break spaces and word joiners glue.
        ("10\u{00A0}km away", ["10\u{00A0}km ", "away"]),
        ("Madame\u{202F}? oui", ["Madame\u{202F}? ", "oui"]),
        // Zero-width space is an opportunity.
        ("ab\u{200B}cd", ["ab\u{200B}", "cd"]),
        // CJK: between ideographs and kana, not before closing punctuation or small kana,
        // not after opening brackets.
        ("日本語です。", ["日", "本", "語", "で", "す。"]),
        ("「はい」と言った", ["「は", "い」", "と", "言っ", "た"]),
        ("iPhone手机", ["iPhone", "手", "机"]),
        // Hangul wraps at spaces (UILabel's hangulWordPriority).
        ("안녕하세요 세계", ["안녕하세요 ", "세계"]),
        // Combining marks stay with their letter.
        ("cafe\u{0301} noir", ["cafe\u{0301} ", "noir"]),
        // Explicit line breaks; CR LF is one; a final one adds no line.
        ("one\ntwo", ["one|", "two"]),
        ("one\r\ntwo\n", ["one|", "two"]),
        ("one\n\ntwo", ["one|", "|", "two"]),
        ("one\u{2028}two", ["one|", "two"]),
        ("", []),
    ])
    func breakOpportunities(_ text: String, _ expected: [String]) {
        #expect(Self.pieces(text) == expected)
    }

    let measurer = TextMeasurer()

    /// Width of a text on one line with the built-in widths, at 10 pt without tracking.
    func width(_ text: String) -> Double {
        measurer.measure(text, pointSize: 10, trackingEm: 0, width: 100_000).widestLine
    }

    @Test func wrapsAtSpacesAndHyphensAndSpacesHang() {
        let text = "alpha beta-gamma"
        // Room for "alpha beta-" but not "alpha beta-gamma".
        let line = width("alpha beta-") + 0.01
        let measure = measurer.measure(text, pointSize: 10, trackingEm: 0, width: line)
        #expect(measure.lineCount == 2)
        #expect(measure.lineStarts == [11])
        // Trailing spaces do not count: "alpha   " fits where "alpha" fits.
        #expect(measurer.measure("alpha   ", pointSize: 10, trackingEm: 0, width: width("alpha")).lineCount == 1)
        // The exact width fits.
        #expect(measurer.measure("alpha beta", pointSize: 10, trackingEm: 0, width: width("alpha beta")).lineCount == 1)
    }

    @Test func noBreakSpaceKeepsWordsTogether() {
        let line = width("aaaa bbbb") - 0.01
        let plain = measurer.measure("aaaa bbbb", pointSize: 10, trackingEm: 0, width: line)
        #expect(plain.lineCount == 2)
        #expect(plain.lineStarts == [5])
        // With a no-break space the pair is one word, wider than the line: broken by characters.
        let glued = measurer.measure("aaaa\u{00A0}bbbb", pointSize: 10, trackingEm: 0, width: line)
        #expect(glued.lineCount == 2)
        #expect(glued.lineStarts == [8])
    }

    @Test func aWordWiderThanTheLineBreaksBetweenCharactersOnItsOwnLine() {
        // Digits all have the same width: ten fit on a line.
        let line = width("0123456789") + 0.01
        let measure = measurer.measure("go 01234567890123456789012345 now", pointSize: 10, trackingEm: 0, width: line)
        // "go" / "0123456789" / "0123456789" / "012345 now"
        #expect(measure.lineStarts.first == 3)
        #expect(measure.lineCount == 4)
        #expect(measure.lineStarts == [3, 13, 23])
        #expect(measure.widestLine <= line + 1e-9)
    }

    @Test func explicitNewlinesStartLines() {
        let measure = measurer.measure("one\ntwo\n\nfour", pointSize: 10, trackingEm: 0, width: 1000)
        #expect(measure.lineCount == 4)
        #expect(measure.lineStarts == [4, 8, 9])
        #expect(measurer.measure("one\n", pointSize: 10, trackingEm: 0, width: 1000).lineCount == 1)
        #expect(measurer.measure("", pointSize: 10, trackingEm: 0, width: 1000).lineCount == 0)
        #expect(measurer.measure("   ", pointSize: 10, trackingEm: 0, width: 1000).lineCount == 1)
    }

    @Test func cjkWrapsBetweenCharactersButKeepsClosingPunctuation() {
        // Each ideograph is 1 em: 10 pt at 10 pt; room for three.
        let measure = measurer.measure("日本語の文章です。", pointSize: 10, trackingEm: 0, width: 30)
        #expect(measure.lineStarts == [3, 6])
        #expect(measure.lineCount == 3)
        // "す。" cannot be split: with room for 2, "です。" goes on as "で" / "す。".
        #expect(measurer.measure("です。", pointSize: 10, trackingEm: 0, width: 20).lineStarts == [1])
    }

    @Test func characterOffsetsCountGraphemeClusters() {
        // "é" written e + U+0301 is one Character; the flag is one Character of two scalars.
        let text = "e\u{0301}e\u{0301} 🇧🇷🇧🇷 end"
        let line = width("e\u{0301}e\u{0301}") + 0.01
        let measure = measurer.measure(text, pointSize: 10, trackingEm: 0, width: line)
        #expect(measure.lineStarts.first == 3)
    }

    @Test func trackingIsAddedAfterEveryCharacter() {
        let plain = measurer.measure("abcd", pointSize: 20, trackingEm: 0, width: 1000).widestLine
        let tracked = measurer.measure("abcd", pointSize: 20, trackingEm: 0.05, width: 1000).widestLine
        #expect(abs(tracked - plain - 4 * 0.05 * 20) < 1e-9)
    }

    /// The bulk path (four targets at a time) agrees with wrapping target by target.
    @Test func bulkLineCountsAgreeWithOneByOne() {
        let texts = [
            "The quick brown fox jumps over the lazy dog, then naps in the afternoon sun by the barn.",
            "well-known\ntext with a verylongwordthatneedsbreakingbetweencharacters and more",
            "", "Short", "日本語のテキストです。とても長い文章を書いています。", "a\n\nb",
        ]
        var targets: [WrapTarget] = []
        for size in SizeCategory.allCases {
            let points = DynamicTypeTable.pointSize(.body, size)
            for width in [100.0, 180, 320] {
                targets.append(WrapTarget(pointSize: points, trackingEm: SystemTracking.em(atPoints: points), width: width))
            }
        }
        var scratch = MeasureScratch()
        var counts: [Int] = []
        for text in texts {
            measurer.lineCounts(of: text, at: targets, into: &counts, scratch: &scratch)
            let prepared = measurer.prepare(text)
            #expect(counts == targets.map { prepared.lineCount(pointSize: $0.pointSize, trackingEm: $0.trackingEm, width: $0.width) })
            #expect(counts == targets.map { prepared.layout(pointSize: $0.pointSize, trackingEm: $0.trackingEm, width: $0.width).lineCount })
        }
    }

    @Test func aLimitStopsCountingEarly() {
        let prepared = measurer.prepare(String(repeating: "word ", count: 100))
        #expect(prepared.lineCount(pointSize: 17, trackingEm: 0, width: 100, limit: 3) == 4)
        #expect(prepared.lineCount(pointSize: 17, trackingEm: 0, width: 100) > 20)
    }
}

/// Measuring with a real font through HarfBuzz (Inter, from fonts-inter).
let interPath = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"

@Suite(.enabled(if: FileManager.default.fileExists(atPath: interPath)))
struct FontTests {
    static let inter = interPath

    @Test func kerningComesFromTheFont() throws {
        let measurer = try TextMeasurer(fontPath: Self.inter)
        let pair = measurer.measure("AV", pointSize: 100, trackingEm: 0, width: 10_000).widestLine
        let apart = measurer.measure("A", pointSize: 100, trackingEm: 0, width: 10_000).widestLine
            + measurer.measure("V", pointSize: 100, trackingEm: 0, width: 10_000).widestLine
        #expect(pair < apart - 1, "AV should kern: \(pair) vs \(apart)")
    }

    @Test func theContractAPIMeasuresExactly() throws {
        let measurer = try TextMeasurer(fontPath: Self.inter)
        let text = "Representatives of three of these species produce venom of their own. Which is the odd species?"
        let one = measurer.measure(text, pointSize: 17, trackingEm: -0.026, width: 10_000)
        #expect(one.lineCount == 1)
        let wrapped = measurer.measure(text, pointSize: 17, trackingEm: -0.026, width: one.widestLine / 2.5)
        #expect(wrapped.lineCount == 3)
        #expect(wrapped.lineStarts.count == 2)
        #expect(wrapped.widestLine <= one.widestLine / 2.5)
        // Calibrated toward SF Pro: 0.8787 of Inter's widths.
        let calibrated = try TextMeasurer(fontPath: Self.inter, widthScale: LayoutFonts.interToSF)
        let narrower = calibrated.measure(text, pointSize: 17, trackingEm: 0, width: 10_000).widestLine
        let exact = measurer.measure(text, pointSize: 17, trackingEm: 0, width: 10_000).widestLine
        #expect(abs(narrower / exact - LayoutFonts.interToSF) < 0.001)
    }

    /// capsize's frequency-weighted average width, recomputed from the installed Inter with
    /// English letter frequencies (18% spaces): close to the 0.474 em the calibration uses.
    @Test func averageWidthMatchesCapsize() throws {
        let measurer = try TextMeasurer(fontPath: Self.inter)
        let frequencies: [Character: Double] = [
            "a": 8.167, "b": 1.492, "c": 2.782, "d": 4.253, "e": 12.702, "f": 2.228, "g": 2.015, "h": 6.094, "i": 6.966,
            "j": 0.153, "k": 0.772, "l": 4.025, "m": 2.406, "n": 6.749, "o": 7.507, "p": 1.929, "q": 0.095, "r": 5.987,
            "s": 6.327, "t": 9.056, "u": 2.758, "v": 0.978, "w": 2.360, "x": 0.150, "y": 1.974, "z": 0.074,
        ]
        let total = frequencies.values.reduce(0, +)
        var letters = 0.0
        for (letter, share) in frequencies {
            letters += measurer.measure(String(letter), pointSize: 1, trackingEm: 0, width: 100).widestLine * share / total
        }
        let average = letters * 0.82 + measurer.spaceAdvance * 0.18
        #expect(abs(average - 0.474) < 0.003, "\(average)")
    }

    @Test func missingGlyphsTakeTheFallbackWidths() throws {
        let measurer = try TextMeasurer(fontPath: Self.inter)
        // Inter has no CJK: each ideograph is drawn by a fallback font, one em wide.
        #expect(abs(measurer.measure("日本", pointSize: 10, trackingEm: 0, width: 1000).widestLine - 20) < 1e-9)
    }

    @Test func aFileThatIsNotAFontIsAnError() {
        #expect(throws: FontError.self) { try TextMeasurer(fontPath: "/etc/hostname") }
        #expect(throws: FontError.self) { try TextMeasurer(fontPath: "/nonexistent/font.otf") }
    }

    @Test func theDefaultFontIsInterCalibratedAndItsAbsenceIsAWarning() {
        let found = LayoutFonts.resolve(explicit: nil, environment: [:])
        #expect(found.path == Self.inter)
        #expect(found.widthScale == LayoutFonts.interToSF)
        #expect(found.warning == nil)
        let none = LayoutFonts.resolve(explicit: nil, environment: [LayoutFonts.candidatesVariable: ""])
        #expect(none.path == nil)
        #expect(none.warning?.contains("approximate") == true)
        let explicit = LayoutFonts.resolve(explicit: "/some/SF-Pro.otf", environment: [:])
        #expect(explicit.widthScale == 1)
    }
}

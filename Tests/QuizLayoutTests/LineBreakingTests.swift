import Foundation
import Testing
@testable import QuizLayout

/// Where texts may wrap (ICU's UAX #14, as the phone applies it) and how lines are counted.
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

    /// ICU's opportunities (UAX #14), each case with the rule that decides it.
    @Test(arguments: [
        ("The Sun is a star.", ["The ", "Sun ", "is ", "a ", "star."]),
        // After a hyphen (LB21 × HY, then LB31), not before a digit (LB25 HY × NU: `1990-2000`,
        // where Chromium breaks), not after one that starts a word (`-5`, `-ish`: ICU's
        // LB20.09, UAX #14 LB20a).
        ("well-known fact", ["well-", "known ", "fact"]),
        ("at -5 degrees", ["at ", "-5 ", "degrees"]),
        ("from 1990-2000", ["from ", "1990-2000"]),
        ("a -ish word", ["a ", "-ish ", "word"]),
        ("yes\u{2010}no", ["yes\u{2010}", "no"]),
        // En dash is BA (break after, LB21); em dash B2 breaks before and after (LB17, LB31).
        ("1990\u{2013}2000", ["1990\u{2013}", "2000"]),
        ("word\u{2014}word", ["word", "\u{2014}", "word"]),
        ("a \u{2013} b", ["a ", "\u{2013} ", "b"]),
        // A slash (SY) never starts a line (LB13) but breaks after it before a letter (LB31),
        // between ASCII words and in URLs too; between digits it is numeric (LB25 SY × NU).
        ("and/or 1/2", ["and/", "or ", "1/2"]),
        ("galaxy/\u{432}\u{43E}\u{434}\u{438}\u{442}\u{435}\u{43B}\u{44C} astronaut/\u{F3}rbita",
         ["galaxy/", "\u{432}\u{43E}\u{434}\u{438}\u{442}\u{435}\u{43B}\u{44C} ", "astronaut/", "\u{F3}rbita"]),
        ("see http://a.com/b/c", ["see ", "http://", "a.com/", "b/", "c"]),
        // Punctuation never starts a line, even after a space (LB13).
        ("Quoi ? Oui !", ["Quoi ? ", "Oui !"]),
        ("(see below) now", ["(see ", "below) ", "now"]),
        // A quote, spaces and an opening bracket stay together (LB15 QU SP* × OP).
        ("\"snow\" (behind) it", ["\"snow\" (behind) ", "it"]),
        ("\u{AB}light\u{BB} (from) it", ["\u{AB}light\u{BB} (from) ", "it"]),
        // An ellipsis (IN) sticks to what precedes it (LB22), but not across a space (LB18
        // comes first); full stops inside a word are IS (LB29).
        ("wait\u{2026} what...now", ["wait\u{2026} ", "what...now"]),
        ("wait \u{2026} what", ["wait ", "\u{2026} ", "what"]),
        // No-break spaces, narrow no-break spaces and word joiners glue (LB11, LB12).
        ("10\u{00A0}km away", ["10\u{00A0}km ", "away"]),
        ("Madame\u{202F}? oui", ["Madame\u{202F}? ", "oui"]),
        ("a\u{2060}b c", ["a\u{2060}b ", "c"]),
        // Zero-width space is an opportunity (LB8).
        ("ab\u{200B}cd", ["ab\u{200B}", "cd"]),
        // CJK: between ideographs and kana (LB31), not before closing punctuation or small kana
        // (LB13, LB21: ICU's root locale takes small kana as NS), not after opening brackets (LB14).
        ("日本語です。", ["日", "本", "語", "で", "す。"]),
        ("「はい」と言った", ["「は", "い」", "と", "言っ", "た"]),
        ("iPhone手机", ["iPhone", "手", "机"]),
        // Emoji are ID (LB31: a break either side); a ZWJ sequence, a skin tone and a flag stay
        // whole (LB8a, LB30b, LB30a).
        ("a\u{1F600}b", ["a", "\u{1F600}", "b"]),
        ("\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F44B}\u{1F3FD} \u{1F1E7}\u{1F1F7}\u{1F1E7}\u{1F1F7}",
         ["\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F44B}\u{1F3FD} ", "\u{1F1E7}\u{1F1F7}", "\u{1F1E7}\u{1F1F7}"]),
        // Hangul wraps at spaces (UILabel's hangulWordPriority, taken over ICU's LB31).
        ("안녕하세요 세계", ["안녕하세요 ", "세계"]),
        // Right-to-left scripts wrap at spaces; the Arabic comma does not start a line (LB13).
        ("\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{5E2}\u{5D5}\u{5DC}\u{5DD}", ["\u{5E9}\u{5DC}\u{5D5}\u{5DD} ", "\u{5E2}\u{5D5}\u{5DC}\u{5DD}"]),
        ("\u{645}\u{631}\u{62D}\u{628}\u{627}\u{60C} \u{639}\u{627}\u{644}\u{645}", ["\u{645}\u{631}\u{62D}\u{628}\u{627}\u{60C} ", "\u{639}\u{627}\u{644}\u{645}"]),
        // Combining marks stay with their letter (LB9).
        ("cafe\u{0301} noir", ["cafe\u{0301} ", "noir"]),
        // Explicit line breaks (LB4, LB5); CR LF is one; a final one adds no line.
        ("one\ntwo", ["one|", "two"]),
        ("one\r\ntwo\n", ["one|", "two"]),
        ("one\n\ntwo", ["one|", "|", "two"]),
        ("one\u{2028}two", ["one|", "two"]),
        ("one \n two", ["one |", " ", "two"]),
        // Spaces that start a text are a segment of their own (LB18).
        ("  lead", ["  ", "lead"]),
        ("", []),
    ])
    func breakOpportunities(_ text: String, _ expected: [String]) {
        #expect(Self.pieces(text) == expected)
    }

    /// Splitting chunk by chunk (what the measurer caches) finds the opportunities ICU finds
    /// in the whole text, mandatory or not: no rule reaches across spaces beyond what the
    /// pairs around them decide.
    @Test func chunksBreakWhereICUBreaksTheWholeText() throws {
        var texts = try ChromiumOracleTests.readTexts(ChromiumOracleTests.fixtures.appendingPathComponent("oracle-texts.txt"))
        texts += BulkMeasuringTests.tricky + [
            "( see ) \"snow\" (behind) \u{AB} light \u{BB} ( from ) [ x ]", "a \u{2014} \u{2014} b\u{2014} \u{2014}c",
            "x \u{200B} y  \u{200B}z", "  \u{0301} a \u{0301}\u{0301} b\u{200D} c", "Mr. ) ! ? , ; : / % $ 5 \u{20AC} 10 %",
            "one \n two \n\n  three \r\n", "\u{3001} \u{3002} \u{300C} \u{3042} \u{3063} \u{30FC}", "a \u{00A0} b \u{2060} c",
            "-5 - 5 x -x ( -5 )", "\u{1F469}\u{200D}\u{1F467} \u{1F3FD} \u{1F1E7} \u{1F1F7}", "\u{5D0}- \u{5D1} \u{5D0}/ \u{5D1}",
            "\u{E01}\u{E32}\u{E23}\u{E17}\u{E14}\u{E2A}\u{E2D}\u{E1A} \u{E20}\u{E32}\u{E29}\u{E32}\u{E44}\u{E17}\u{E22}",
        ]
        LineBreaker.withLineBreaks { iterator in
            for text in texts {
                var bytes = Array(text.utf8)
                bytes.withUnsafeMutableBufferPointer { buffer in
                    let utf8 = UnsafeBufferPointer(buffer)
                    var whole: [UInt32] = []
                    if !utf8.isEmpty { iterator.opportunities(utf8, into: &whole) }
                    // The last is the end of the text.
                    let expected = Array(whole.dropLast())
                    let ours = LineBreaker.segments(utf8).dropLast().map { UInt32($0.end) << 1 | ($0.mandatoryBreak ? 1 : 0) }
                    #expect(ours == expected, "\(text)")
                }
            }
        }
    }

    /// A chunk's record reads back as ICU gives it, whether its table keeps it in the chunk's
    /// entry (one opportunity, at the chunk's end, not mandatory: most chunks) or in its list of
    /// records, also once shared with another table.
    @Test func chunkRecordsReadBackAsLearned() {
        let chunks = ["word", "well-known", "one\n", "\u{65E5}\u{672C}\u{8A9E}", "x", "(see", "a\u{301}", "\u{1F1E7}\u{1F1F7}\u{1F1E7}\u{1F1F7}",
                      "\u{2014}", "1990\u{2013}2000,", "a\r\nb", "co-op-ed"]
        LineBreaker.withNewLineBreaks { iterator in
            var noted = NotedBreaks()
            for chunk in chunks {
                Self.withBytes(chunk) { noted.chunks.insert($0, hash: WordTable.hash($0), advance: 0, characters: 0) }
            }
            var table = BreakTable()
            table.learn(noted, with: &iterator)
            var other = BreakTable()
            _ = table.share(noted, with: &other)
            var kept = 0
            for chunk in chunks {
                Self.withBytes(chunk) { bytes in
                    var expected = [BreakTable.deciding(bytes)]
                    iterator.opportunities(bytes, into: &expected)
                    #expect(table.find(bytes, hash: WordTable.hash(bytes)).map(Array.init) == expected, "\(chunk)")
                    #expect(other.find(bytes, hash: WordTable.hash(bytes)).map(Array.init) == expected, "\(chunk)")
                    if expected.count == 2 && expected[1] == UInt32(bytes.count) << 1 { kept += 1 }
                }
            }
            // Both kinds are among them.
            #expect(kept >= 3 && kept < chunks.count - 3, "\(kept) of \(chunks.count) in their entries")
        }
    }

    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8(body)
    }

    /// An iterator left open by one `withLineBreaks` and lent to the next breaks each text as
    /// a newly opened one does: opportunities, mandatory or not, and breaks after spaces.
    @Test func aReusedIteratorBreaksAsANewOne() throws {
        var texts = try ChromiumOracleTests.readTexts(ChromiumOracleTests.fixtures.appendingPathComponent("oracle-texts.txt"))
        texts += BulkMeasuringTests.tricky + ["one \n two \n\n  three \r\n", "\u{3001} \u{3002} \u{300C} \u{3042}", "안녕하세요 세계"]
        func breaks(_ text: String, _ iterator: inout LineBreakIterator) -> [UInt32] {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { buffer in
                var record: [UInt32] = []
                if !buffer.isEmpty { iterator.opportunities(UnsafeBufferPointer(buffer), into: &record) }
                // After a space, between the text's first and last scalars.
                if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last {
                    record.append(iterator.breaksAfterSpace(last.value, first.value) ? 1 : 0)
                }
                return record
            }
        }
        var compared = 0
        // Twice over, so that the second pass runs on iterators left open by the first.
        for text in texts + texts.reversed() {
            let reused = LineBreaker.withLineBreaks { breaks(text, &$0) }
            let new = LineBreaker.withNewLineBreaks { breaks(text, &$0) }
            #expect(reused == new, "\(text)")
            compared += 1
        }
        #expect(compared > 100)
    }

    let measurer = TextMeasurer()

    /// Offsets from ICU are UTF-8 bytes of the text; line starts come out in Characters, also
    /// past emoji of two UTF-16 units and ZWJ sequences of several scalars.
    @Test func lineStartsCountCharactersPastEmoji() {
        let text = "x \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{1F600}y"
        let measure = measurer.measure(text, pointSize: 10, trackingEm: 0, width: 1)
        #expect(measure.lineStarts == [2, 4, 5])
        #expect(measure.lineCount == 4)
    }


    /// Line starts in Characters: taken as they are from UTF-8 offsets when each Character is
    /// one byte, they are what walking the Characters gives; CR LF and non-ASCII texts walk.
    @Test func characterOffsetsOfOneByteCharactersAreTheUTF8Offsets() {
        var generator = SplitMix(seed: 11)
        let pieces = ["a", "word", " ", "\n", "\t", "-", "x.", "\r\n", "\r", "é", "\u{1F469}\u{200D}\u{1F4BB}", "e\u{301}"]
        var asBytes = 0
        for _ in 0..<5_000 {
            let text = (0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let prepared = measurer.prepare(text)
            let count = text.utf8.count
            let offsets = (0..<Int(generator.next() % 5)).map { _ in Int(generator.next() % UInt64(count + 3)) }.sorted()
            if PreparedText.charactersAreBytes(text) { asBytes += 1 }
            #expect(prepared.characterOffsets(offsets) == prepared.plainCharacterOffsets(offsets), "\(text.debugDescription) \(offsets)")
        }
        #expect(asBytes > 500 && asBytes < 4_500, "\(asBytes) texts of one-byte Characters")
    }

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

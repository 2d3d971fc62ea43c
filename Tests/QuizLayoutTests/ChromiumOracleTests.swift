import Foundation
@testable import QuizLayout
import Testing

/// The proof that `TextMeasurer` counts lines right: its line counts against headless Chromium's
/// for the same texts, font file, sizes, letter-spacings and widths, and its break opportunities
/// against Chromium's.
///
/// The fixture (`Fixtures/oracle-texts.txt`, `Fixtures/chromium-lines.tsv`,
/// `Fixtures/chromium-breaks.tsv`) was made by `scripts/chromium_oracle.py`; `Fixtures/README.md`
/// says how. This test does not need Chromium, only the font the fixture was made with (Inter
/// Regular from Debian's `fonts-inter`, which `make test` installs; `QUIZLAYOUT_ORACLE_FONT`
/// names another path).
///
/// quizbank breaks lines where ICU does (the phone's rules), Chromium where its own tailoring
/// of UAX #14 does, and Chromium fits a line up to 1/64 px wider than the width. Every
/// difference is put in a named category (`Difference`), each explained in docs/layout.md
/// ("Line breaking") and the fixture's README with the count given here; anything else, or a
/// count that changes, fails the test.
@Suite struct ChromiumOracleTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let defaultFont = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    /// SHA-256 of the font file the fixture was made with (fonts-inter 4.0~beta7+ds-1).
    static let fixtureFontSHA256 = "a7e791e8f5a0fb02b65663f7fca73e1d1ca9543f772ad480cbd76f4e3fe3f8cc"
    static let moreThan = 3
    static let nearFit = 2.0 / 64

    /// Why ICU (quizbank) and Chromium differ, each a consequence of following ICU.
    enum Difference: String, CaseIterable, Comparable {
        // Opportunities ICU has and Chromium's ASCII table lacks.
        case slashBeforeWord = "slash-before-word"
        case betweenSymbols = "between-symbols"
        // Opportunities Chromium has and ICU lacks.
        case hyphenBeforeDigit = "hyphen-before-digit"
        case punctuationAfterSpace = "punctuation-after-space"
        case quoteSpaceBracket = "quote-space-bracket"
        case hyphenBeforeHyphen = "hyphen-before-hyphen"
        case hyphenStartingAWord = "hyphen-starting-a-word"
        case bracketAfterSymbol = "bracket-after-symbol"
        case hyphenAfterHebrew = "hyphen-after-hebrew"
        case hangulWordPriority = "hangul-word-priority"
        // Not an opportunity: Chromium's 1/64 px grid.
        case subpixelFit = "chromium-1/64-px-fit"

        static func < (a: Difference, b: Difference) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// The counts docs/layout.md and Fixtures/README.md give: differing break opportunities
    /// (over the texts of `chromium-breaks.tsv`), and line counts that differ (rows of
    /// `chromium-lines.tsv`, each put under the first differing opportunity of its text, or
    /// under the 1/64 px fit when its text has none).
    static let documentedOpportunities: [Difference: Int] = [
        .slashBeforeWord: 48, .betweenSymbols: 2, .hyphenBeforeDigit: 20, .punctuationAfterSpace: 60, .quoteSpaceBracket: 3,
        .hyphenBeforeHyphen: 8, .hyphenStartingAWord: 2, .bracketAfterSymbol: 1, .hyphenAfterHebrew: 1, .hangulWordPriority: 17,
    ]
    static let documentedLineCounts: [Difference: Int] = [
        .slashBeforeWord: 35, .betweenSymbols: 8, .hyphenBeforeDigit: 4, .punctuationAfterSpace: 12, .quoteSpaceBracket: 0,
        .hyphenBeforeHyphen: 2, .hyphenStartingAWord: 0, .bracketAfterSymbol: 0, .hyphenAfterHebrew: 0, .hangulWordPriority: 0,
        .subpixelFit: 5,
    ]

    /// The category of an opportunity at scalar offset `position` that one side has and the
    /// other lacks (`icuOnly`: quizbank has it), or nil when none explains it.
    static func classify(_ scalars: [Unicode.Scalar], at position: Int, icuOnly: Bool) -> Difference? {
        guard position > 0 && position < scalars.count else { return nil }
        let before = scalars[position - 1], after = scalars[position]
        let twoBefore: Unicode.Scalar? = position > 1 ? scalars[position - 2] : nil
        func isASCIISymbol(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && !scalar.properties.isAlphabetic && !("0"..."9").contains(scalar) && scalar != " "
        }
        func isHangul(_ scalar: Unicode.Scalar) -> Bool { (0xAC00...0xD7A3).contains(scalar.value) }
        func isQuote(_ scalar: Unicode.Scalar) -> Bool { "\"'\u{AB}\u{BB}\u{2018}\u{2019}\u{201C}\u{201D}".unicodeScalars.contains(scalar) }
        if icuOnly {
            // LB13 keeps `/` (SY) off a line's start, nothing keeps it from ending one (LB31).
            if before == "/" && !isASCIISymbol(after) { return .slashBeforeWord }
            // `60+|%`, `C:|\\`: classes PR, PO, IS with no rule between them (LB31).
            if isASCIISymbol(before) && isASCIISymbol(after) { return .betweenSymbols }
            return nil
        }
        if before == "-" && ("0"..."9").contains(after) { return .hyphenBeforeDigit }      // LB25 HY × NU
        if before == "-" && after == "-" { return .hyphenBeforeHyphen }                    // LB21 × HY
        if before == "-", let twoBefore, twoBefore.properties.generalCategory == .otherLetter,
           (0x05D0...0x05EA).contains(twoBefore.value) { return .hyphenAfterHebrew }       // LB21a
        if before == "-" && (twoBefore == nil || twoBefore == " ") && after.properties.isAlphabetic {
            return .hyphenStartingAWord                                                    // ICU's LB20.09
        }
        if before == " " {
            if "([{".unicodeScalars.contains(after) {
                var index = position - 1
                while index > 0 && scalars[index] == " " { index -= 1 }
                if isQuote(scalars[index]) { return .quoteSpaceBracket }                   // LB15
            }
            if ")]}!?,.:;/\u{60C}\u{61F}".unicodeScalars.contains(after) { return .punctuationAfterSpace }  // LB13
        }
        if isASCIISymbol(before) && "([{".unicodeScalars.contains(after) { return .bracketAfterSymbol }   // LB30
        if isHangul(before) && isHangul(after) { return .hangulWordPriority }
        return nil
    }

    struct Row {
        var text: Int
        var size: Double
        var spacing: Double
        var width: Double
        var lines: Int
    }

    /// Break opportunities: ours (ICU's) against Chromium's, text by text; every difference
    /// classified, and the count of each category the documented one.
    @Test func breakOpportunitiesDifferOnlyAsDocumented() throws {
        let texts = try Self.readTexts(Self.fixtures.appendingPathComponent("oracle-texts.txt"))
        let chromium = try Self.readBreaks(Self.fixtures.appendingPathComponent("chromium-breaks.tsv"))
        try #require(chromium.count >= 2400, "fixture has \(chromium.count) texts with breaks")
        let (counts, _, unexplained) = Self.compareOpportunities(texts, chromium)
        for line in unexplained { Issue.record("ChromiumOracle: unexplained difference in break opportunities: \(line)") }
        Self.report("break opportunities that differ", counts)
        for category in Difference.allCases where category != .subpixelFit {
            #expect(counts[category, default: 0] == Self.documentedOpportunities[category, default: 0],
                    "\(category.rawValue): \(counts[category, default: 0]) opportunities differ, the docs say \(Self.documentedOpportunities[category, default: 0]) (update docs/layout.md, Fixtures/README.md and this test)")
        }
    }

    @Test func lineCountsDifferOnlyAsDocumented() throws {
        let fontPath = ProcessInfo.processInfo.environment["QUIZLAYOUT_ORACLE_FONT"] ?? Self.defaultFont
        guard FileManager.default.fileExists(atPath: fontPath) else {
            Issue.record("""
                The oracle font \(fontPath) is missing, so the Chromium oracle comparison cannot run. \
                Install it (Debian: apt-get install fonts-inter; `make test` does) or set \
                QUIZLAYOUT_ORACLE_FONT to Inter Regular with SHA-256 \(Self.fixtureFontSHA256).
                """)
            return
        }
        let fontData = try Data(contentsOf: URL(fileURLWithPath: fontPath))
        let fontHash = sha256Hex(fontData)
        let fontNote = fontHash == Self.fixtureFontSHA256 ? "" :
            " NOTE: \(fontPath) has SHA-256 \(fontHash), not the fixture's \(Self.fixtureFontSHA256): "
            + "another version of the font, so disagreements may be the font's, not the measure's."
        if !fontNote.isEmpty { print("ChromiumOracleTests:" + fontNote) }

        let texts = try Self.readTexts(Self.fixtures.appendingPathComponent("oracle-texts.txt"))
        let rows = try Self.readRows(Self.fixtures.appendingPathComponent("chromium-lines.tsv"))
        let chromiumBreaks = try Self.readBreaks(Self.fixtures.appendingPathComponent("chromium-breaks.tsv"))
        try #require(texts.count >= 2000, "fixture has \(texts.count) texts")
        try #require(rows.count >= 24000, "fixture has \(rows.count) rows")
        try #require(rows.allSatisfy { $0.text < texts.count }, "a row names a text the texts file lacks")
        let (_, firstDifference, _) = Self.compareOpportunities(texts, chromiumBreaks)

        let measurer = try TextMeasurer(fontPath: fontPath)
        var exact = 0
        var decision = 0
        var decisionDisagreements = 0
        var counts: [Difference: Int] = [:]
        for row in rows {
            let text = texts[row.text]
            let ours = measurer.measure(text, pointSize: row.size, trackingEm: row.spacing, width: row.width)
            let agreesOnDecision = (ours.lineCount > Self.moreThan) == (row.lines > Self.moreThan)
            if agreesOnDecision { decision += 1 } else { decisionDisagreements += 1 }
            if ours.lineCount == row.lines {
                exact += 1
                continue
            }
            // A hair either side: does our count reach Chromium's within 2/64 px of the width?
            let narrower = measurer.measure(text, pointSize: row.size, trackingEm: row.spacing,
                                            width: row.width - Self.nearFit).lineCount
            let wider = measurer.measure(text, pointSize: row.size, trackingEm: row.spacing,
                                         width: row.width + Self.nearFit).lineCount
            let near = narrower == row.lines || wider == row.lines
                || abs(ours.widestLine - row.width) <= Self.nearFit
            let category = firstDifference[row.text] ?? (near ? .subpixelFit : nil)
            if let category { counts[category, default: 0] += 1 }
            let over = (ours.widestLine - row.width) * 64
            let line = """
                text \(row.text) size \(Self.format(row.size))px letter-spacing \(Self.format(row.spacing))em \
                width \(Self.format(row.width))px: ours \(ours.lineCount) lines, Chromium \(row.lines); \
                our widest line \(String(format: "%.4f", ours.widestLine))px \
                (\(String(format: "%+.2f", over))/64 px against the width); \
                ours at width -2/64 px: \(narrower), at +2/64 px: \(wider); \
                our line starts \(ours.lineStarts.map(String.init).joined(separator: ","))
                    \(Self.escaped(text))
                """
            if let category {
                print("ChromiumOracle line count differs [\(category.rawValue)]\(agreesOnDecision ? "" : " [more-than-\(Self.moreThan) decision differs]"): \(line)")
            } else {
                Issue.record("ChromiumOracle: unexplained line count difference: \(line)")
            }
        }
        let total = Double(rows.count)
        let summary = """
            ChromiumOracle: \(rows.count) layouts of \(texts.count) texts: \(exact) exact \
            (\(String(format: "%.3f", 100 * Double(exact) / total))%); more-than-\(Self.moreThan)-lines decision agrees on \
            \(decision) (\(String(format: "%.3f", 100 * Double(decision) / total))%), differs on \
            \(decisionDisagreements).\(fontNote) Regenerate or inspect with scripts/chromium_oracle.py and \
            scripts/oracle_compare.py (Fixtures/README.md).
            """
        print(summary)
        Self.report("line counts that differ", counts)
        for category in Difference.allCases {
            #expect(counts[category, default: 0] == Self.documentedLineCounts[category, default: 0],
                    "\(category.rawValue): \(counts[category, default: 0]) line counts differ, the docs say \(Self.documentedLineCounts[category, default: 0]) (update docs/layout.md, Fixtures/README.md and this test)")
        }
        #expect(Double(decision) / total >= 0.9995, "more-than-\(Self.moreThan) decision below 99.95%. \(summary)")
    }

    /// Per category, the opportunities that differ; per text, the category of its first
    /// difference; and the differences no category explains.
    static func compareOpportunities(_ texts: [String], _ chromium: [Int: [Int]])
        -> (counts: [Difference: Int], firstDifference: [Int: Difference], unexplained: [String]) {
        var counts: [Difference: Int] = [:]
        var firstDifference: [Int: Difference] = [:]
        var unexplained: [String] = []
        for (index, theirs) in chromium.sorted(by: { $0.key < $1.key }) {
            let text = texts[index]
            let scalars = Array(text.unicodeScalars)
            let ours = Set(Self.opportunities(text))
            let theirsSet = Set(theirs)
            let differing = ours.symmetricDifference(theirsSet).sorted()
            for position in differing {
                let icuOnly = ours.contains(position)
                let context = String(String.UnicodeScalarView(scalars[max(0, position - 12)..<position])) + "|"
                    + String(String.UnicodeScalarView(scalars[position..<min(scalars.count, position + 12)]))
                if let category = Self.classify(scalars, at: position, icuOnly: icuOnly) {
                    counts[category, default: 0] += 1
                    if firstDifference[index] == nil { firstDifference[index] = category }
                    print("ChromiumOracle opportunity \(icuOnly ? "only quizbank (ICU)" : "only Chromium") has [\(category.rawValue)]: text \(index) \(Self.escaped(context))")
                } else {
                    unexplained.append("text \(index), at \(position), \(icuOnly ? "only quizbank (ICU)" : "only Chromium") breaks: \(Self.escaped(context))")
                }
            }
        }
        return (counts, firstDifference, unexplained)
    }

    /// Our break opportunities in a text, as offsets in scalars.
    static func opportunities(_ text: String) -> [Int] {
        var bytes = Array(text.utf8)
        let starts = bytes.withUnsafeMutableBufferPointer { LineBreaker.segments(UnsafeBufferPointer($0)).dropFirst().map(\.start) }
        var result: [Int] = []
        var scalarIndex = 0
        var utf8Offset = 0
        var next = 0
        for scalar in text.unicodeScalars {
            while next < starts.count && starts[next] == utf8Offset {
                result.append(scalarIndex)
                next += 1
            }
            utf8Offset += UTF8.width(scalar)
            scalarIndex += 1
        }
        return result
    }

    static func report(_ what: String, _ counts: [Difference: Int]) {
        let parts = Difference.allCases.compactMap { category in counts[category].map { "\(category.rawValue) \($0)" } }
        print("ChromiumOracle: \(what), by category: \(parts.isEmpty ? "none" : parts.joined(separator: ", "))")
    }

    // MARK: Fixture

    /// One text per line; `\n` stands for a newline and `\\` for a backslash.
    static func readTexts(_ url: URL) throws -> [String] {
        let content = try String(contentsOf: url, encoding: .utf8)
        var lines = content.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return try lines.enumerated().map { number, line in
            var out = ""
            var escape = false
            for scalar in line.unicodeScalars {
                if escape {
                    switch scalar {
                    case "n": out.unicodeScalars.append("\n")
                    case "\\": out.unicodeScalars.append("\\")
                    default: throw FixtureError("oracle-texts.txt:\(number + 1): unknown escape \\\(scalar)")
                    }
                    escape = false
                } else if scalar == "\\" {
                    escape = true
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            if escape { throw FixtureError("oracle-texts.txt:\(number + 1): backslash at the end") }
            return out
        }
    }

    /// `text_index font_size_px letter_spacing_em width_px lines [line_starts]`, with a header.
    static func readRows(_ url: URL) throws -> [Row] {
        let content = try String(contentsOf: url, encoding: .utf8)
        var rows: [Row] = []
        for (number, line) in content.components(separatedBy: "\n").enumerated() where number > 0 && !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 5, let text = Int(fields[0]), let size = Double(fields[1]),
                  let spacing = Double(fields[2]), let width = Double(fields[3]), let lines = Int(fields[4])
            else { throw FixtureError("chromium-lines.tsv:\(number + 1): malformed row \(line)") }
            rows.append(Row(text: text, size: size, spacing: spacing, width: width, lines: lines))
        }
        return rows
    }

    /// `text_index opportunities` (scalar offsets, comma-separated), with a header.
    static func readBreaks(_ url: URL) throws -> [Int: [Int]] {
        let content = try String(contentsOf: url, encoding: .utf8)
        var breaks: [Int: [Int]] = [:]
        for (number, line) in content.components(separatedBy: "\n").enumerated() where number > 0 && !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let offsets = fields.count == 2 ? fields[1].split(separator: ",").compactMap { Int($0) } : []
            guard fields.count == 2, let text = Int(fields[0]), offsets.count == fields[1].split(separator: ",").count
            else { throw FixtureError("chromium-breaks.tsv:\(number + 1): malformed row \(line)") }
            breaks[text] = offsets
        }
        return breaks
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }
}

// MARK: SHA-256 (to tell whether the installed font is the fixture's)

private func sha256Hex(_ data: Data) -> String {
    let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
    var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    var message = [UInt8](data)
    let bitLength = UInt64(message.count) * 8
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
    func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
    var w = [UInt32](repeating: 0, count: 64)
    for chunk in stride(from: 0, to: message.count, by: 64) {
        for i in 0..<16 {
            let j = chunk + 4 * i
            w[i] = UInt32(message[j]) << 24 | UInt32(message[j + 1]) << 16 | UInt32(message[j + 2]) << 8 | UInt32(message[j + 3])
        }
        for i in 16..<64 {
            let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
            let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
        for i in 0..<64 {
            let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
            let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
            (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        for (i, v) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ v }
    }
    return h.map { String(format: "%08x", $0) }.joined()
}

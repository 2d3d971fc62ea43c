import Testing
@testable import QuizLint
import QuizBank
import QuizYAML

/// The excerpt under a finding on a line too long to show whole: a window of it around the
/// range, `…` where it is cut, the carets under the range.
@Suite struct LongLineExcerptTests {
    static func range(_ column: Int, _ endColumn: Int, line: Int = 1) -> SourceRange {
        SourceRange(start: SourceMark(line: line, column: column), end: SourceMark(line: line, column: endColumn))
    }

    /// The shown line and the caret line, without their indent.
    static func excerpt(_ source: String, _ range: SourceRange) -> (shown: [Unicode.Scalar], caret: [Unicode.Scalar]) {
        let text = SourceLines(Array(source.utf8)).excerpt(range) ?? ""
        let lines = text.split(separator: "\n").map { Array($0.unicodeScalars.dropFirst(4)) }
        return (lines[0], lines[1])
    }

    @Test func aShortLineIsShownWhole() {
        let line = "text: " + String(repeating: "é", count: 294)
        let (shown, caret) = Self.excerpt(line + "\nnext\n", Self.range(7, 301))
        #expect(String(String.UnicodeScalarView(shown)) == line)
        #expect(String(String.UnicodeScalarView(caret)) == "      ^" + String(repeating: "~", count: 293))
    }

    @Test(arguments: [1, 2, 100, 5_000, 63_000, 125_990, 126_000])
    func aLongLineIsShownAsAWindowAroundTheRange(column: Int) {
        // Letters that change every ten, so that each window is different.
        var line = ""
        for i in 0..<126_000 { line.unicodeScalars.append(i % 10 == 0 ? "|" : Unicode.Scalar(UInt8(0x61 + (i / 10) % 26))) }
        let scalars = Array(line.unicodeScalars)
        let (shown, caret) = Self.excerpt("a: 1\n" + line, Self.range(column, column + 5, line: 2))
        #expect(shown.count <= SourceLines.windowWidth + 2)
        #expect((shown.first == "…") == (column > SourceLines.windowLead + 1))
        #expect((shown.last == "…") == (max(column - 1 - SourceLines.windowLead, 0) + SourceLines.windowWidth < 126_000))
        // The caret line is as long as the shown line up to the range's end, and the scalars
        // above the carets are the range's.
        guard let start = caret.firstIndex(of: "^") else {
            Issue.record("no caret")
            return
        }
        let marked = caret[start...].count
        #expect(caret[..<start].allSatisfy { $0 == " " })
        #expect(marked == min(5, 126_000 - column + 1))
        #expect(Array(shown[start..<(start + marked)]) == Array(scalars[(column - 1)..<(column - 1 + marked)]))
    }

    @Test func aRangeLongerThanTheWindowIsMarkedToItsEnd() {
        let line = "text: " + String(repeating: "x", count: 10_000)
        let (shown, caret) = Self.excerpt(line, Self.range(7, 10_007))
        #expect(shown.count == SourceLines.windowWidth + 1)
        #expect(shown.last == "…" && shown.first == "t")
        #expect(String(String.UnicodeScalarView(caret)) == "      ^" + String(repeating: "~", count: SourceLines.windowWidth - 7))
    }

    @Test func tabsStayUnderTabs() {
        let line = "\t\t" + String(repeating: "y", count: 400) + "\tz"
        let (shown, caret) = Self.excerpt(line, Self.range(3, 4))
        #expect(shown.prefix(3) == ["\t", "\t", "y"])
        #expect(caret == ["\t", "\t", "^"])
    }

    /// The report of many findings on one long line grows with the findings, not with the line.
    @Test func aReportOfManyFindingsOnALongLineStaysSmall() {
        let line = "questions: [" + String(repeating: "{id: q, text: T?, answer: true},", count: 4_000) + "]"
        let findings = (0..<1_000).map { index in
            Finding(ruleID: "missing-explanation", severity: .warning, message: "no explanation", path: "one.yaml",
                    range: Self.range(13 + index * 128, 14 + index * 128))
        }
        let report = TextReporter(sources: ["one.yaml": Array(line.utf8)]).report(findings, bankCount: 1)
        #expect(report.utf8.count < 1_000 * 600)
    }
}

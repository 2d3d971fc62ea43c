import Testing
import QuizBank
import QuizYAML

/// Findings packed into bytes while they wait come back equal, in order, with every field,
/// and take little more than their texts.
@Suite struct PackedFindingsTests {
    static func range(_ seed: UInt32) -> SourceRange {
        SourceRange(start: SourceMark(line: Int(seed % 70_000) * 300, column: Int(seed % 131)),
                    end: SourceMark(line: Int(seed % 70_000) * 300 + Int(seed % 3), column: Int(seed % 200) + 1))
    }

    /// Findings with each optional field and without, texts in several scripts, empty texts,
    /// numbers past seven bits and every severity, fix safety and target.
    static func findings() -> [Finding] {
        let targets: [Finding.Fix.Target] = [.source, .text("Colour"), .scalar("naïve “quoted”")]
        let measure = Finding.Measure(profile: "review", locale: "pt-BR", style: "body", maxLines: 12, deviceName: "iPhone SE (3rd generation)",
                                      deviceWidth: 375.5,
                                      sizes: [.init(size: "large", points: 17, width: 343.25, lines: 14),
                                              .init(size: "xxxlarge", points: 23.5, width: 1e-3, lines: Int.max)],
                                      font: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ×1.05")
        var findings: [Finding] = []
        for index in 0..<300 {
            let seed = UInt32(index) &* 2_654_435_761
            let severity = Severity.allCases[index % 3]
            let message = index % 7 == 0 ? "" : "question 'q\(index)' has no explanation; 日本語 ✓ \(String(repeating: "é", count: index % 40))"
            findings.append(Finding(
                ruleID: ["missing-explanation", "review-truncation", "whitespace"][index % 3], severity: severity, message: message,
                path: index % 5 == 0 ? "banks/other.yaml" : "/work/ref/bank-1000000.yaml", range: range(seed),
                related: index % 4 == 0 ? [Finding.Related(path: "a.yaml", range: range(seed >> 3), note: "likely duplicate: 'q\(index + 1)'"),
                                           Finding.Related(path: "b.yaml", range: range(seed >> 5), note: "")] : [],
                suggestion: index % 6 == 0 ? "Write “\(index)” instead" : nil,
                measure: index % 3 == 1 ? measure : nil,
                fix: index % 5 == 2 ? Finding.Fix(range: range(seed >> 7), replacement: index % 2 == 0 ? "" : "a\u{301}",
                                                  safety: index % 4 == 2 ? .safe : .unsafe, target: targets[index % 3]) : nil))
        }
        return findings
    }

    @Test func packedFindingsUnpackEqualAndInOrder() {
        let findings = Self.findings()
        let packed = PackedFindings(findings)
        #expect(packed.count == findings.count)
        let unpacked = packed.unpacked()
        #expect(unpacked == findings)
        // Field by field too (`==` on findings that share a box compares nothing else).
        for (a, b) in zip(unpacked, findings) {
            #expect(a.ruleID == b.ruleID && a.severity == b.severity && a.message == b.message && a.path == b.path && a.range == b.range)
            #expect(a.related == b.related && a.suggestion == b.suggestion && a.measure == b.measure && a.fix == b.fix)
            #expect(Array(a.message.unicodeScalars) == Array(b.message.unicodeScalars))
        }
        #expect(PackedFindings([]).unpacked().isEmpty)
    }

    /// A finding without optional fields takes its message's bytes and at most 20 more.
    @Test func aPackedFindingTakesItsMessageAndAFewBytes() {
        let findings = (0..<1000).map { index in
            Finding(ruleID: "missing-explanation", severity: .warning, message: "question 'q\(index)' has no explanation",
                    path: "/work/ref/bank-1000000.yaml", range: Self.range(UInt32(index) * 40_503))
        }
        let packed = PackedFindings(findings)
        let messages = findings.reduce(0) { $0 + $1.message.utf8.count }
        #expect(packed.byteCount <= messages + 20 * findings.count)
        #expect(packed.unpacked() == findings)
    }

    /// Findings appended one at a time pack as a list of them does, and each is read back alone,
    /// with its place in report order read without making it.
    @Test func findingsAppendedOneByOneReadBackEachAlone() {
        let findings = Self.findings()
        var packed = PackedFindings()
        for finding in findings { packed.append(finding) }
        #expect(packed.count == findings.count)
        #expect(packed.unpacked() == PackedFindings(findings).unpacked())
        for index in findings.indices.reversed() {
            #expect(packed.finding(at: index) == findings[index])
            let place = packed.place(at: index)
            #expect(place.path == findings[index].path && place.range == findings[index].range && place.ruleID == findings[index].ruleID)
        }
    }

    /// The report permutation is a stable sort by `Finding.reportOrder`.
    @Test func theReportPermutationIsAStableSortByReportOrder() {
        let findings = Self.findings() + Self.findings().reversed()
        let order = Finding.reportPermutation(count: findings.count, path: { findings[$0].path }, range: { findings[$0].range },
                                              ruleID: { findings[$0].ruleID })
        let expected = findings.indices.sorted { a, b in
            if Finding.reportOrder(findings[a], findings[b]) { return true }
            if Finding.reportOrder(findings[b], findings[a]) { return false }
            return a < b
        }
        #expect(order == expected)
    }
}

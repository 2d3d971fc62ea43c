import QuizBank

struct PlaceholderTextRule: QuestionRule {
    static let description = RuleDescription(
        id: "placeholder-text",
        summary: "A text that is a placeholder: only `...`, `-` or `?`, a `TODO`/`TBD`/`FIXME`/`XXX:` marker, `???`, or lorem ipsum.",
        rationale: """
            Drafts are written with stand-ins, and a stand-in that is valid YAML and a valid text \
            ships: learners then read "TODO" as an explanation or pick "..." as a choice. What it \
            looks for: a text made only of dots, ellipses, dashes, underscores or question marks; \
            `TODO`, `TBD` and `FIXME` as whole upper-case words; `XXX` followed by a colon (the \
            code-comment marker) or as a whole text other than a choice; `???` anywhere; and \
            "lorem ipsum" in any case. It leaves alone an ellipsis in a sentence ("Wait..."), \
            lower-case "xxx" and Roman numerals ("Super Bowl XXX", "XXXV"), a censored word \
            ("where the XXX am I?"), a Spanish or Portuguese "TODO" ("all") not followed by a \
            colon, and choices of a question whose other choices are symbols too (a question \
            about punctuation may offer "?", "!" and "." as answers; two choices that are both \
            "..." are two placeholders).
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: capital
                    text: What is the capital of France?
                    choices:
                      - text: Paris
                        correct: true
                      - London
                      - "..."
                    explanation: TODO explain the answer.
                """, lines: [12, 13]),
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                locales: [en, pt-BR]
                questions:
                  - id: sun
                    text:
                      en: The Sun is a star.
                      pt-BR: "??? (translate)"
                    answer: true
                    explanation:
                      en: Lorem ipsum dolor sit amet.
                      pt-BR: "XXX: translate"
                """, lines: [10, 13, 14]),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: super-bowl
                    text: Which team won Super Bowl XXX... and who lost XXXV?
                    choices:
                      - text: Dallas Cowboys, then the Giants
                        correct: true
                      - Pittsburgh Steelers, then the Ravens
                    explanation: Wait... the Cowboys won XXX in 1996; the xxx-large jersey is not a clue.
                    hints:
                      - Think of Texas - and of "America's Team".
                  - id: ending
                    text: Which mark ends a question?
                    choices:
                      - text: "?"
                        correct: true
                      - "..."
                      - "-"
                    explanation: A question mark; an ellipsis trails off, a dash interrupts.
                """),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: es
                questions:
                  - id: todo
                    text: ¿Qué significa "TODO EL MUNDO"?
                    choices:
                      - text: Everybody
                        correct: true
                      - Nobody
                    explanation: En mayúsculas, TODO es "all".
                """),
        ])

    init(options: RuleOptions) {}

    /// What a text made only of these is: a stand-in.
    private static let standInMarks: Set<Unicode.Scalar> = [".", "\u{2026}", "-", "\u{2013}", "\u{2014}", "?", "_"]
    private static let markers: Set<String> = ["TODO", "TBD", "FIXME"]
    /// Languages in which "todo" is a word ("all").
    private static let todoLanguages: Set<String> = ["es", "pt", "ca", "gl", "ast"]

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        let entries = question.textEntries(sourceLocale: bank.sourceLocale)
        for entry in entries where mayHavePlaceholder(entry.text) {
            guard let (offsets, message) = placeholder(in: entry, siblings: entries) else { continue }
            report(message, at: TextSpan.range(offsets, in: entry, source: bank.source))
        }
    }

    /// A quick look at the bytes: false for a text that does not start like a stand-in and
    /// has no run of three capitals or question marks, no full-width sign and no "orem".
    private func mayHavePlaceholder(_ text: String) -> Bool {
        if text.utf8.count <= 16 { return true }
        if let first = text.utf8.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A }),
           first == 0x2E || first == 0x2D || first == 0x3F || first == 0x5F || first == 0xE2 {
            return true
        }
        var capitals = 0
        var questionMarks = 0
        for byte in text.utf8 {
            capitals = byte >= 0x41 && byte <= 0x5A ? capitals + 1 : 0
            questionMarks = byte == 0x3F ? questionMarks + 1 : 0
            if capitals >= 3 || questionMarks >= 3 || byte == 0xEF { return true }
        }
        return containsOrem(text.utf8)
    }

    private func placeholder(in entry: AuthoredText, siblings: [AuthoredText]) -> (Range<Int>, String)? {
        let scalars = Array(entry.text.unicodeScalars)
        let first = scalars.firstIndex { !$0.isUnicodeSpace } ?? scalars.count
        let end = (scalars.lastIndex { !$0.isUnicodeSpace } ?? -1) + 1
        guard first < end else { return nil }
        let trimmed = Array(scalars[first..<end])
        if trimmed.allSatisfy(Self.standInMarks.contains) {
            // Among choices that are other symbols, a symbol is an answer, not a stand-in; two
            // choices that are both "..." are two stand-ins.
            if entry.field.kind == .choice, siblings.contains(where: { other in
                other.field.kind == .choice && other.field.choiceIndex != entry.field.choiceIndex && other.locale == entry.locale
                    && !other.text.unicodeScalars.contains(where: \.isLetterOrDecimal)
                    && withoutOuterSpaces(other.text) != withoutOuterSpaces(entry.text)
            }) {
                return nil
            }
            let shown = String(String.UnicodeScalarView(trimmed))
            return (first..<end, "\(entry.place) is only '\(shown)', a placeholder rather than a text")
        }
        var findings: [(Range<Int>, String)] = []
        for word in TextWords.ranges(in: scalars) where (3...5).contains(word.count) && ("A"..."Z").contains(scalars[word.lowerBound]) {
            let text = String(String.UnicodeScalarView(scalars[word]))
            let colonFollows = word.upperBound < scalars.count && scalars[word.upperBound] == ":"
            if Self.markers.contains(text) {
                if text == "TODO", Self.todoLanguages.contains(entry.language), !colonFollows { continue }
                findings.append((word, "\(entry.place) contains the placeholder '\(text)'"))
            } else if text == "XXX", colonFollows || (word == first..<end && entry.field.kind != .choice) {
                findings.append((word, "\(entry.place) contains the placeholder '\(text)'"))
            }
        }
        if let run = questionMarkRun(in: scalars) {
            findings.append((run, "\(entry.place) contains '\(String(String.UnicodeScalarView(scalars[run])))', a placeholder"))
        }
        if let lorem = loremIpsum(in: entry.text) {
            findings.append((lorem, "\(entry.place) contains placeholder text '\(String(String.UnicodeScalarView(scalars[lorem])))'"))
        }
        return findings.min { $0.0.lowerBound < $1.0.lowerBound }
    }

    private func withoutOuterSpaces(_ text: String) -> Substring {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return text[start..<max(start, end)]
    }

    /// The first run of three or more question marks.
    private func questionMarkRun(in scalars: [Unicode.Scalar]) -> Range<Int>? {
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "?" || scalars[index] == "\u{FF1F}" else { index += 1; continue }
            var end = index
            while end < scalars.count, scalars[end] == "?" || scalars[end] == "\u{FF1F}" { end += 1 }
            if end - index >= 3 { return index..<end }
            index = end
        }
        return nil
    }

    private func loremIpsum(in text: String) -> Range<Int>? {
        guard text.utf8.count >= 11, containsOrem(text.utf8) else { return nil }
        let folded = FoldedText(text)
        return folded.wholeWordMatches(of: FoldedText("lorem ipsum")).first
    }

    private func containsOrem(_ utf8: String.UTF8View) -> Bool {
        var matched = 0
        let pattern: [UInt8] = Array("orem".utf8)
        for byte in utf8 {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            matched = lower == pattern[matched] ? matched + 1 : (lower == pattern[0] ? 1 : 0)
            if matched == pattern.count { return true }
        }
        return false
    }
}

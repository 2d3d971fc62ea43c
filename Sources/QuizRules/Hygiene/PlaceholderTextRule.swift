import QuizBank
import QuizLint
import QuizSupport

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
            .triggering(questions: """
                  - id: capital
                    text: What is the capital of France?
                    choices:
                      - text: Paris
                        correct: true
                      - London
                      - "↓..."
                    explanation: ↓TODO explain the answer.
                """),
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
                      pt-BR: "↓??? (translate)"
                    answer: true
                    explanation:
                      en: ↓Lorem ipsum dolor sit amet.
                      pt-BR: "↓XXX: translate"
                """),
            .passing(questions: """
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
    static let markers: Set<String> = ["TODO", "TBD", "FIXME"]
    /// Languages in which "todo" is a word ("all").
    private static let todoLanguages: Set<String> = ["es", "pt", "ca", "gl", "ast"]

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        // The texts worth a closer look (seldom any), gathered first: the closer look may need the
        // question's other choices.
        var candidates: [AuthoredText] = []
        question.forEachText(sourceLocale: bank.sourceLocale, where: { _, text in Self.mayHavePlaceholder(text) }) {
            candidates.append($0)
        }
        for entry in candidates {
            guard let (offsets, message) = placeholder(in: entry, of: question, sourceLocale: bank.sourceLocale) else { continue }
            report(message, at: TextSpan.range(offsets, in: entry, source: bank.source))
        }
    }

    /// The quick look for the markers `placeholder(in:)` reports: its `markers`, "XXX", "???",
    /// "orem" of "lorem ipsum" in any case (rarer in texts than "lore", as in "explore"), and
    /// 0xEF, which starts the UTF-8 of the full-width signs ("？？？").
    static let markerLook = MarkerPrefilter(markers.map { String($0.prefix(4)) } + ["XXX", "???"], anyCase: ["orem"], bytes: [0xEF])

    /// A quick look at the bytes, true for every text `placeholder(in:)` may report and for few
    /// others, so that most texts are passed over without allocating: a text with one of the
    /// markers of `markerLook`, or one made only of spaces and marks (longer than 16 bytes,
    /// starting like a stand-in).
    static func mayHavePlaceholder(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            if markerLook.occurs(in: bytes) { return true }
            guard notMarks.firstIndex(in: bytes) == nil else { return false }
            if bytes.count <= 16 { return true }
            let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A }
            return first == 0x2E || first == 0x2D || first == 0x3F || first == 0x5F || first == 0xE2
        }
    }

    /// Bytes that are no part of a stand-in mark or of white space. Those that are: ASCII space
    /// and `.-?_`, the bytes that go on from a lead byte, and the lead bytes of `…–—` (0xE2) and
    /// of Unicode spaces (0xC2, 0xE1, 0xE2, 0xE3).
    private static let notMarks = ByteSet { byte in
        switch byte {
        case 0x09...0x0D, 0x20, 0x2D, 0x2E, 0x3F, 0x5F, 0x80...0xBF, 0xC2, 0xE1, 0xE2, 0xE3: return false
        default: return true
        }
    }

    /// The close look: the first placeholder of a text, with its message.
    func placeholder(in entry: AuthoredText, of question: Question, sourceLocale: String) -> (Range<Int>, String)? {
        let scalars = entry.text.scalarArray
        let first = scalars.firstIndex { !$0.isUnicodeSpace } ?? scalars.count
        let end = (scalars.lastIndex { !$0.isUnicodeSpace } ?? -1) + 1
        guard first < end else { return nil }
        let trimmed = Array(scalars[first..<end])
        if trimmed.allSatisfy(Self.standInMarks.contains) {
            // Among choices that are other symbols, a symbol is an answer, not a stand-in; two
            // choices that are both "..." are two stand-ins.
            if entry.field.kind == .choice, hasOtherSymbolChoice(than: entry, in: question, sourceLocale: sourceLocale) {
                return nil
            }
            let shown = String(scalars: trimmed)
            return (first..<end, "\(entry.place) is only '\(shown)', a placeholder rather than a text")
        }
        var findings: [(Range<Int>, String)] = []
        for word in TextWords.ranges(in: scalars) where (3...5).contains(word.count) && ("A"..."Z").contains(scalars[word.lowerBound]) {
            let text = String(scalars: scalars[word])
            let colonFollows = word.upperBound < scalars.count && scalars[word.upperBound] == ":"
            if Self.markers.contains(text) {
                if text == "TODO", Self.todoLanguages.contains(entry.language), !colonFollows { continue }
                findings.append((word, "\(entry.place) contains the placeholder '\(text)'"))
            } else if text == "XXX", colonFollows || (word == first..<end && entry.field.kind != .choice) {
                findings.append((word, "\(entry.place) contains the placeholder '\(text)'"))
            }
        }
        if let run = questionMarkRun(in: scalars) {
            findings.append((run, "\(entry.place) contains '\(String(scalars: scalars[run]))', a placeholder"))
        }
        if let lorem = loremIpsum(in: entry.text) {
            findings.append((lorem, "\(entry.place) contains placeholder text '\(String(scalars: scalars[lorem]))'"))
        }
        return findings.min { $0.0.lowerBound < $1.0.lowerBound }
    }

    /// Whether another choice of the question, in the entry's locale, is a symbol other than the
    /// entry's.
    private func hasOtherSymbolChoice(than entry: AuthoredText, in question: Question, sourceLocale: String) -> Bool {
        var found = false
        question.forEachText(sourceLocale: sourceLocale, where: { kind, _ in kind == .choice }) { other in
            if !found, other.field.choiceIndex != entry.field.choiceIndex, other.locale == entry.locale,
               !other.text.unicodeScalars.contains(where: \.isLetterOrDecimal),
               withoutOuterSpaces(other.text) != withoutOuterSpaces(entry.text) {
                found = true
            }
        }
        return found
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

    /// Only for texts `mayHavePlaceholder` let through, most of them for having "orem".
    private func loremIpsum(in text: String) -> Range<Int>? {
        guard text.utf8.count >= 11 else { return nil }
        let folded = FoldedText(text)
        return folded.wholeWordMatches(of: FoldedText("lorem ipsum")).first
    }
}

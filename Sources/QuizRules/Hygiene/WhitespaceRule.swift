import QuizBank
import QuizLint

struct WhitespaceRule: QuestionRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var allowTwoSpacesAfterSentence = false

        static let elements: [RuleOptionElement<Self>] = [
            .boolean("allow-two-spaces-after-sentence", \.allowTwoSpacesAfterSentence,
                "accept exactly two spaces after `.`, `!` or `?` (the typewriter convention)"),
        ]
    }

    static let description = RuleDescription(
        id: "whitespace",
        summary: "A text with a leading or trailing space, a doubled space or a tab inside; the fixed text is suggested.",
        rationale: """
            The compiler normalizes whitespace, so learners never see these; they are still worth \
            a look, because a doubled space is most often where a word or a sign was lost ("Me, \
            Myself  Irene" lost its "&"), and spaces inside quotes are invisible in review. It \
            looks at the text as authored: YAML drops the outer spaces of plain scalars, so \
            leading and trailing spaces come from quoted scalars. The line breaks and the \
            indentation of inner lines of `|` and `>` blocks are left alone, and so are no-break \
            and other Unicode spaces, which are deliberate. With `allow-two-spaces-after-sentence`, \
            two spaces after a sentence's final `.`, `!` or `?` (a typing convention) are accepted.
            """,
        severity: .warning,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: film
                    text: ↓"Which film starred Jim Carrey? "
                    choices:
                      - text: ↓"Me, Myself  Irene"
                        correct: true
                      - The Mask
                    explanation: ↓"\\tHe played both Charlie and Hank."
                """),
            .triggering(questions: """
                  - id: sun
                    text: ↓"The Sun is a star.  It is the closest one."
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """),
            .passing(questions: """
                  - id: sun
                    text:    The Sun is a star.
                    answer: true
                    explanation: |
                      It is a G-type star:
                        - a yellow dwarf,
                        - about 4.6 billion years old.
                    hints:
                      - "Look at the sky at noon\u{00A0}!"
                """),
            .passing(questions: """
                  - id: sun
                    text: "The Sun is a star.  It is the closest one."
                    answer: true
                    explanation: It is a G-type main-sequence star.
                """, options: ["allow-two-spaces-after-sentence": .boolean(true)]),
        ],
        fix: .safe("the text is rewritten with the fixed whitespace, in its own quoting; block scalars and texts with escapes are left alone. The compiled bank does not change: the compiler normalizes whitespace the same way"))

    private let allowSentenceSpacing: Bool

    init(options: Options) {
        allowSentenceSpacing = options.allowTwoSpacesAfterSentence
    }

    private enum Problem {
        case leading(Int, tab: Bool), trailing(Int), inner(after: String, count: Int, tab: Bool, afterSentence: Bool)
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        question.forEachText(sourceLocale: bank.sourceLocale, where: { _, text in SpacingPrefilter.mayHaveProblems(text) }) { entry in
            var problems: [Problem] = []
            let fixed = fix(entry.text, problems: &problems)
            guard !problems.isEmpty else { return }
            // Safe: the compiler normalizes whitespace anyway, so the compiled bank is the same.
            report("\(entry.place) has \(describe(problems))", at: entry.range, suggestion: fixed,
                   fix: Finding.Fix(range: entry.range, replacement: fixed, safety: .safe, target: .scalar(entry.text)))
        }
    }

    /// "a leading space, a doubled space after 'Myself' and trailing whitespace"
    private func describe(_ problems: [Problem]) -> String {
        var parts: [String] = []
        var inner: [(word: String, count: Int, tab: Bool)] = []
        for problem in problems {
            switch problem {
            case .leading(let count, let tab): parts.append(count > 1 ? "leading whitespace" : tab ? "a leading tab" : "a leading space")
            case .trailing: break
            case .inner(let word, let count, let tab, _): inner.append((word, count, tab))
            }
        }
        if inner.count == 1, let run = inner.first {
            let what = run.tab ? "a tab" : run.count == 2 ? "a doubled space" : "\(run.count) spaces in a row"
            parts.append(run.word.isEmpty ? what : "\(what) after '\(run.word)'")
        } else if inner.count > 1 {
            let what = inner.contains { $0.tab } ? "extra spaces or tabs" : "doubled spaces"
            let shown = inner.prefix(3).map { "'\($0.word)'" }
            let more = inner.count > 3 ? " and \(inner.count - 3) more places" : ""
            parts.append("\(what) after " + (more.isEmpty ? list(shown) : shown.joined(separator: ", ") + more))
        }
        for case .trailing(let count) in problems {
            parts.append(count == 1 ? "a trailing space" : "trailing whitespace")
        }
        // Someone who types two spaces after a sentence does it everywhere: say how to accept it.
        let onlySentenceSpacing = problems.allSatisfy {
            if case .inner(_, _, _, true) = $0 { return true }
            return false
        }
        return list(parts) + (onlySentenceSpacing ? " (`allow-two-spaces-after-sentence: true` accepts two spaces after a sentence)" : "")
    }

    private func list(_ items: [String]) -> String {
        items.count <= 1 ? items.first ?? "" : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// The text with its problems fixed; `problems` says what they were.
    private func fix(_ text: String, problems: inout [Problem]) -> String {
        let scalars = text.scalarArray
        // A block's final line breaks are YAML's, not the author's whitespace.
        var end = scalars.count
        while end > 0, scalars[end - 1] == "\n" || scalars[end - 1] == "\r" { end -= 1 }
        var start = 0
        while start < end, scalars[start].isSpaceOrTab { start += 1 }
        if start > 0 { problems.append(.leading(start, tab: scalars[0] == "\t")) }
        var contentEnd = end
        while contentEnd > start, scalars[contentEnd - 1].isSpaceOrTab { contentEnd -= 1 }
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(scalars.count)
        // What stays is copied in runs, up to each run of whitespace that becomes one space.
        var copiedUpTo = start
        var index = start
        var lineHasContent = true
        while index < contentEnd {
            let scalar = scalars[index]
            if scalar == "\n" {
                lineHasContent = false
                index += 1
                continue
            }
            guard scalar.isSpaceOrTab else {
                lineHasContent = true
                index += 1
                continue
            }
            var runEnd = index
            while runEnd < contentEnd, scalars[runEnd].isSpaceOrTab { runEnd += 1 }
            let run = scalars[index..<runEnd]
            let atLineEdge = !lineHasContent || runEnd == contentEnd || scalars[runEnd] == "\n" || scalars[runEnd] == "\r"
            // Indentation and line ends inside a block are its layout; a single space is fine.
            if !(atLineEdge || (run.count == 1 && run.first == " ") || isSentenceSpacing(scalars, run: index..<runEnd)) {
                problems.append(.inner(after: word(before: index, in: scalars), count: run.count, tab: run.contains("\t"),
                                       afterSentence: followsSentence(scalars, run: index..<runEnd)))
                output.append(contentsOf: scalars[copiedUpTo..<index])
                output.append(" ")
                copiedUpTo = runEnd
            }
            index = runEnd
        }
        output.append(contentsOf: scalars[copiedUpTo..<contentEnd])
        if contentEnd < end { problems.append(.trailing(end - contentEnd)) }
        output.append(contentsOf: scalars[end...])
        return String(scalars: output)
    }

    private func isSentenceSpacing(_ scalars: [Unicode.Scalar], run: Range<Int>) -> Bool {
        allowSentenceSpacing && followsSentence(scalars, run: run)
    }

    /// Two spaces after a sentence's `.`, `!` or `?` (and any closing quote or bracket).
    private func followsSentence(_ scalars: [Unicode.Scalar], run: Range<Int>) -> Bool {
        guard run.count == 2, scalars[run].allSatisfy({ $0 == " " }) else { return false }
        var before = run.lowerBound - 1
        while before >= 0, "\"'”’)]".unicodeScalars.contains(scalars[before]) { before -= 1 }
        return before >= 0 && ".!?".unicodeScalars.contains(scalars[before])
    }

    /// The word just before `index`, for the message (up to 20 characters).
    private func word(before index: Int, in scalars: [Unicode.Scalar]) -> String {
        var start = index
        while start > 0, !scalars[start - 1].isUnicodeSpace, index - start < 20 { start -= 1 }
        return String(scalars: scalars[start..<index])
    }
}

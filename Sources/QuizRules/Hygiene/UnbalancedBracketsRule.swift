import QuizBank
import QuizLint

struct UnbalancedBracketsRule: QuestionRule {
    static let description = RuleDescription(
        id: "unbalanced-brackets",
        summary: "A text whose brackets `()`, `[]`, `{}`, curly quotes `“ ”` or guillemets `« »` do not pair up, or with an odd number of `\"`.",
        rationale: """
            An unclosed parenthesis or quotation is a text cut short or edited in a hurry, and a \
            learner reads the rest of it as part of the aside. Brackets must close in order; curly \
            double quotes pair in any national style (“…”, „…“, ”…”), guillemets either way round \
            («…» and »…«). Apostrophes and single quotes are ignored (they are apostrophes too \
            often). Not reported: a list marker such as "a)", "1)" or "iv)" at the start of a \
            text or after a space, which has no opening bracket by design; a smiley ":)"; a \
            half-open interval such as "[0, 1)"; an odd `\"` right after a digit (12\" is an inch \
            mark); and texts without a letter or digit (a choice that is just "(").
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: moons
                    text: How many moons does Mars have ↓(natural ones?
                    choices:
                      - text: Two [Phobos and Deimos↓)
                        correct: true
                      - One
                    explanation: The names mean “fear” and ↓“dread.
                    hints:
                      - 'Think of "war".'
                      - 'Ares had ↓"two sons.'
                """),
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                locales: [en, fr]
                questions:
                  - id: paris
                    text:
                      en: Paris is the capital of France.
                      fr: Paris est ↓« la Ville Lumière.
                    answer: true
                    explanation: It has been since 987.
                """),
            .passing(questions: """
                  - id: capital
                    text: "Which is right: a) Paris is the capital, or b) Lyon is? :)"
                    choices:
                      - text: "a) Paris (France)"
                        correct: true
                      - "b) Lyon"
                      - "iv) neither"
                    explanation: "Paris [pop. 2.1 million] is “the City of Light”; the French say « la Ville Lumière »."
                    hints:
                      - "Its tower is 330 m (1,083') tall, on a 12\\" map it's a dot."
                      - "In German: „die Stadt der Liebe“, in Swedish: ”ljusets stad”."
                      - "p is in [0, 1); the students' answer is 'Paris'."
                  - id: bracket
                    text: Which sign opens a parenthesis?
                    choices:
                      - text: "("
                        correct: true
                      - "["
                """),
        ])

    init(options: RuleOptions) {}

    /// The bracket that closes an opening one (a switch: a dictionary hashed every scalar).
    private static func closer(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "(": return ")"
        case "[": return "]"
        case "{": return "}"
        default: return nil
        }
    }

    /// The bracket that opens a closing one.
    private static func opener(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case ")": return "("
        case "]": return "["
        case "}": return "{"
        default: return nil
        }
    }

    private static let romanMarkers: Set<String> = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"]

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        let source = bank.source
        question.forEachText(sourceLocale: bank.sourceLocale, where: { _, text in HygieneQuickLook.mayBeUnbalanced(text) }) { entry in
            let scalars = entry.text.scalarArray
            guard scalars.contains(where: \.isLetterOrDecimal), let (offset, problem) = firstProblem(in: scalars) else { return }
            report("\(entry.place) has \(problem)", at: TextSpan.range(offset..<(offset + 1), in: entry, source: source))
        }
    }

    /// The first problem and where it is.
    func firstProblem(in scalars: [Unicode.Scalar]) -> (Int, String)? {
        var problems: [(Int, String)] = []
        if let problem = bracketProblem(in: scalars) { problems.append(problem) }
        if let problem = curlyQuoteProblem(in: scalars) { problems.append(problem) }
        if let problem = guillemetProblem(in: scalars) { problems.append(problem) }
        if let problem = straightQuoteProblem(in: scalars) { problems.append(problem) }
        return problems.min { $0.0 < $1.0 }
    }

    private func bracketProblem(in scalars: [Unicode.Scalar]) -> (Int, String)? {
        var stack: [Int] = []
        for (index, scalar) in scalars.enumerated() {
            if Self.closer(of: scalar) != nil {
                stack.append(index)
            } else if let opener = Self.opener(of: scalar) {
                if let top = stack.last, scalars[top] == opener {
                    stack.removeLast()
                } else if let top = stack.last, isInterval(scalars, from: top, to: index) {
                    stack.removeLast()
                } else if stack.isEmpty, isListMarker(scalars, closer: index) || isSmiley(scalars, at: index) {
                    continue
                } else if let top = stack.last {
                    return (index, "'\(scalar)' where '\(Self.closer(of: scalars[top])!)' should close the '\(scalars[top])' before it")
                } else {
                    return (index, "a '\(scalar)' with no '\(opener)' before it")
                }
            }
        }
        for index in stack where !isSmiley(scalars, at: index) {
            return (index, "a '\(scalars[index])' that is not closed")
        }
        return nil
    }

    /// "[0, 1)" or "(0, 1]": a half-open interval.
    private func isInterval(_ scalars: [Unicode.Scalar], from open: Int, to close: Int) -> Bool {
        let pair = (scalars[open], scalars[close])
        guard pair == ("[", ")") || pair == ("(", "]") else { return false }
        let inside = scalars[(open + 1)..<close]
        return inside.contains(",") && inside.count <= 24 && !inside.contains(where: { $0.properties.isAlphabetic && $0.value > 0x7F })
    }

    /// "a)", "1)" or "iv)" at the start of the text or after a space.
    private func isListMarker(_ scalars: [Unicode.Scalar], closer: Int) -> Bool {
        guard scalars[closer] == ")" else { return false }
        var start = closer
        while start > 0, scalars[start - 1].isLetterOrDecimal { start -= 1 }
        guard start < closer, start == 0 || scalars[start - 1].isUnicodeSpace else { return false }
        let marker = String(scalars: scalars[start..<closer])
        if marker.unicodeScalars.allSatisfy({ $0.properties.numericType == .decimal }) { return marker.unicodeScalars.count <= 2 }
        return marker.unicodeScalars.count == 1 || Self.romanMarkers.contains(marker.lowercased())
    }

    /// ":)", ":-(", ";)", "=)".
    private func isSmiley(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard scalars[index] == ")" || scalars[index] == "(" else { return false }
        var before = index - 1
        if before >= 0, scalars[before] == "-" { before -= 1 }
        return before >= 0 && (scalars[before] == ":" || scalars[before] == ";" || scalars[before] == "=")
    }

    /// Curly double quotes pair in any national style: “…”, „…“, „…”, ”…”.
    private func curlyQuoteProblem(in scalars: [Unicode.Scalar]) -> (Int, String)? {
        var open: Int?
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\u{201E}":
                if let open { return (open, "a '\(scalars[open])' that is not closed") }
                open = index
            case "\u{201C}", "\u{201D}":
                open = open == nil ? index : nil
            default:
                break
            }
        }
        return open.map { ($0, scalars[$0] == "\u{201D}" ? "an unpaired '”'" : "a '\(scalars[$0])' that is not closed") }
    }

    /// Guillemets pair either way round: «…» (French, Russian) and »…« (Danish, German).
    private func guillemetProblem(in scalars: [Unicode.Scalar]) -> (Int, String)? {
        var stack: [Int] = []
        for (index, scalar) in scalars.enumerated() where scalar == "«" || scalar == "»" {
            if let top = stack.last, scalars[top] != scalar {
                stack.removeLast()
            } else {
                stack.append(index)
            }
        }
        return stack.first.map { ($0, "a '\(scalars[$0])' that is not closed") }
    }

    private func straightQuoteProblem(in scalars: [Unicode.Scalar]) -> (Int, String)? {
        let quotes = scalars.indices.filter { scalars[$0] == "\"" }
        guard quotes.count % 2 == 1 else { return nil }
        // 12" is twelve inches, 5'11" five foot eleven: such a quote is not one of a pair.
        if quotes.contains(where: { $0 > 0 && (scalars[$0 - 1].properties.numericType == .decimal) }) { return nil }
        return (quotes[quotes.count - 1], "an odd number of straight double quotes (\(quotes.count))")
    }
}

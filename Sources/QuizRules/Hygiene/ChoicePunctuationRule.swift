import QuizBank
import QuizLint

struct ChoicePunctuationRule: QuestionRule {
    static let description = RuleDescription(
        id: "choice-punctuation",
        summary: "A question's choices that end with a full stop where the others do not, or the other way round.",
        rationale: """
            Choices are read side by side: when all but one end with a full stop, the odd one \
            stands out and may even give the answer away. Only choices of three or more words \
            are compared (short choices rarely take a full stop), locale by locale, and the \
            minority is reported; on a tie, the shorter choices decide, and when they do not, \
            nothing is reported. Choices \
            about the other choices ("All of these", "None of the above") are left out. A choice \
            counts as neither when it ends with an ellipsis, `?`, `!`, `:`, `;` or `,`, or with an \
            abbreviation whose dot is not a full stop: "U.S.", "a.m." or "e.g.", "etc.", \
            "Inc.", "Jr.", "Dr.", "St.", "vs." and the like, or an initial ("John F."). A number \
            ("3.5") ends without a full stop. Closing quotes and brackets after the stop are \
            looked through.
            """,
        severity: .info,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: stop-sign
                    text: What must you do at a stop sign?
                    choices:
                      - Slow down and go on.
                      - text: Come to a complete stop.
                        correct: true
                      - Yield to traffic on the righ↓t
                      - Sound the horn twice.
                      - Stop
                """),
            .triggering(questions: """
                  - id: tides
                    text: What causes the tides?
                    choices:
                      - text: The pull of the Moon↓.
                        correct: true
                      - The wind over the sea
                      - The rotation of the Earth
                """),
            .triggering(questions: """
                  - id: western-union
                    text: Which of these did Western Union introduce in 1933?
                    choices:
                      - Travellers checks
                      - text: The singing telegram
                        correct: true
                      - International telegraphy
                      - Sending money by wire↓.
                """),
            .passing(questions: """
                  - id: usa
                    text: Where was the first Model T built?
                    choices:
                      - text: In the U.S.
                        correct: true
                      - In the United Kingdom
                      - In Germany, about 1908 or so
                      - At a plant in Detroit, Michigan etc.
                      - At a plant with 3.5 acres
                      - "Who can say?"
                      - None of the above.
                      - Yes.
                """),
        ])

    init(options: RuleOptions) {}

    private static let abbreviations: Set<String> = [
        "etc.", "inc.", "ltd.", "co.", "corp.", "bros.", "jr.", "sr.", "dr.", "mr.", "mrs.", "ms.", "st.", "mt.", "ft.",
        "vs.", "approx.", "ca.", "cf.", "al.", "esp.", "dept.", "univ.", "ave.", "blvd.", "rd.",
        "vol.", "ed.", "eds.", "pp.", "fig.", "sq.", "oz.", "lb.", "lbs.", "yd.",
    ]

    enum Ending { case period, none, neither }

    private struct Ended {
        var entry: AuthoredText
        var ending: Ending
        var offset: Int
        var isLong: Bool
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.choices.count >= 2, question.choices.contains(where: { mayEndWithPeriod($0.text) }) else { return }
        // In order of first appearance; a question has few locales, so a list is searched (a
        // dictionary hashed the locale for every choice).
        var byLocale: [(locale: String, choices: [Ended])] = []
        for index in question.choices.indices {
            let field = QuestionField(place: .choice(question.id.value, index), text: question.choices[index].text)
            field.forEachEntry(sourceLocale: bank.sourceLocale) { entry in
                let scalars = entry.text.scalarArray
                let (ending, offset) = self.ending(of: scalars)
                guard ending != .neither, !isMetaChoice(scalars) else { return }
                let ended = Ended(entry: entry, ending: ending, offset: offset, isLong: hasThreeWords(scalars))
                if let slot = byLocale.firstIndex(where: { $0.locale == entry.locale }) {
                    byLocale[slot].choices.append(ended)
                } else {
                    byLocale.append((entry.locale, [ended]))
                }
            }
        }
        for (_, all) in byLocale {
            let choices = all.filter(\.isLong)
            let periods = choices.filter { $0.ending == .period }.count
            let bare = choices.count - periods
            guard periods > 0, bare > 0 else { continue }
            let odd: Ending
            if periods != bare {
                odd = periods < bare ? .period : .none
            } else {
                // A tie among the long choices: the short ones tell the question's style.
                let shortPeriods = all.filter { !$0.isLong && $0.ending == .period }.count
                let shortBare = all.filter { !$0.isLong && $0.ending == .none }.count
                guard shortPeriods != shortBare else { continue }
                odd = shortPeriods < shortBare ? .period : .none
            }
            for choice in choices where choice.ending == odd {
                let message = odd == .period
                    ? "\(choice.entry.place) ends with a full stop, unlike most of this question's choices"
                    : "\(choice.entry.place) has no full stop at the end, unlike most of this question's choices of three or more words"
                report(message, at: TextSpan.range(choice.offset..<(choice.offset + 1), in: choice.entry, source: bank.source))
            }
        }
    }

    /// A quick look at the last bytes of a choice's texts: false when none of them can end with a
    /// full stop. When no choice does, there is nothing to report, and most questions are passed
    /// over without allocating.
    private func mayEndWithPeriod(_ text: LocalizedText) -> Bool {
        switch text.form {
        case .plain(let string): return HygieneQuickLook.mayEndWithFullStop(string)
        case .translated(let entries): return entries.contains { HygieneQuickLook.mayEndWithFullStop($0.text) }
        }
    }

    /// Words of "All of the above", "None of these", "Both of them", "Neither of the others".
    private static let metaWords: Set<String> = [
        "all", "none", "both", "neither", "nor", "any", "of", "the", "these", "those", "them", "above", "below",
        "other", "others", "answers", "options", "choices", "and", "or",
    ]
    private static let metaStarts: Set<String> = ["all", "none", "both", "neither", "any"]

    /// A choice about the other choices, which reads the same with or without a full stop.
    private func isMetaChoice(_ scalars: [Unicode.Scalar]) -> Bool {
        // Every start is a word starting with `a`, `b` or `n`: other choices need no lower-cased
        // words (no other scalar lower-cases to one of those letters).
        guard let start = scalars.firstIndex(where: \.isWordCharacter),
              "abnABN".unicodeScalars.contains(scalars[start]) else { return false }
        let end = scalars[start...].firstIndex { !$0.isWordCharacter } ?? scalars.count
        guard end - start <= 7, Self.metaStarts.contains(String(scalars: scalars[start..<end]).lowercased()) else {
            return false
        }
        return TextWords.ranges(in: scalars).allSatisfy { Self.metaWords.contains(String(scalars: scalars[$0]).lowercased()) }
    }

    /// Whether the text has at least three whitespace-separated words with a letter or digit.
    private func hasThreeWords(_ scalars: [Unicode.Scalar]) -> Bool {
        var words = 0
        var counted = false
        for scalar in scalars {
            if scalar.isUnicodeSpace {
                counted = false
            } else if !counted, scalar.isLetterOrDecimal {
                counted = true
                words += 1
                if words == 3 { return true }
            }
        }
        return false
    }

    // Classes of scalars by switches rather than sets, which hash the scalar.

    private static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", "\u{201D}", "\u{2019}", "»", "›", ")", "]", "}": return true
        default: return false
        }
    }

    private static func isOpening(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", "\u{201C}", "\u{2018}", "«", "‹", "(", "[", "{": return true
        default: return false
        }
    }

    private static func isOtherEnd(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "?", "!", ":", ";", ",", "\u{2026}": return true
        default: return false
        }
    }

    /// How a text ends, and the offset (in scalars) of its last character before closing quotes
    /// and brackets: the full stop, or where one would go.
    func ending(of scalars: [Unicode.Scalar]) -> (Ending, Int) {
        var index = scalars.count - 1
        while index >= 0, scalars[index].isUnicodeSpace || Self.isClosing(scalars[index]) { index -= 1 }
        guard index >= 0 else { return (.neither, 0) }
        let last = scalars[index]
        if Self.isOtherEnd(last) { return (.neither, index) }
        guard last == "." else { return (.none, index) }
        var start = index
        while start > 0, !scalars[start - 1].isUnicodeSpace { start -= 1 }
        while start < index, Self.isOpening(scalars[start]) { start += 1 }
        let word = scalars[start...index]
        if word.count >= 2, scalars[index - 1] == "." { return (.neither, index) }
        if word.dropLast().contains(".") { return (.neither, index) }
        if word.count == 2, word.first!.properties.isUppercase { return (.neither, index) }
        if word.count <= 8, Self.abbreviations.contains(String(scalars: word).lowercased()) { return (.neither, index) }
        return (.period, index)
    }
}

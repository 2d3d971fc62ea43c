import QuizBank
import QuizLint

struct TextLengthRule: QuestionRule, ConfigurableRule {
    /// The fields with limits, their option prefix, and default characters and words.
    private static let limits: [(kind: QuestionField.Kind, prefix: String, characters: Int, words: Int)] = [
        (.question, "question", 300, 50),
        (.choice, "choice", 120, 20),
        (.explanation, "explanation", 1000, 170),
        (.hint, "hint", 200, 35),
        (.feedback, "feedback", 300, 50),
    ]

    /// Two options for each field of `limits`, in its order.
    struct Options: RuleOptionSet {
        var maxCharacters = limits.map(\.characters)
        var maxWords = limits.map(\.words)

        static let elements: [RuleOptionElement<Self>] = limits.indices.flatMap { index -> [RuleOptionElement<Self>] in
            let prefix = limits[index].prefix
            let field = prefix == "question" ? "question text" : prefix
            return [
                .integer("\(prefix)-max-characters", \.maxCharacters[index], in: 0...1_000_000,
                         "the most characters in a \(field) (0: no limit)"),
                .integer("\(prefix)-max-words", \.maxWords[index], in: 0...1_000_000, "the most words in a \(field) (0: no limit)"),
            ]
        }
    }

    static let description = RuleDescription(
        id: "text-length",
        summary: "A question text, choice, explanation, hint or feedback longer than its limit in characters or words.",
        rationale: """
            A quiz is read on a phone, often against a timer: a question that needs scrolling or \
            a choice that wraps onto four lines is hard to take in, and long texts are often two \
            questions in one or notes left in. Characters are user-perceived characters (an \
            emoji or a letter with its accents is one) after runs of whitespace are made one \
            space, as the compiled text has them; words are the whitespace-separated pieces that \
            hold a letter or digit. Each limit is an option; 0 turns it off. Every locale is \
            measured, since translations run longer than their source.
            """,
        severity: .warning,
        scope: .question,
        options: Options.declarations,
        examples: [
            .triggering(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: ↓It is a G-type main-sequence star, a yellow dwarf about 4.6 billion years old.
                    hints:
                      - Look up at noon.
                """, options: ["explanation-max-words": .integer(10)]),
            .triggering(questions: """
                  - id: capital
                    text: What is the capital of France?
                    choices:
                      - text: ↓Paris, the city on the Seine that has been the seat of the French kings and then of the government for most of the last thousand years
                        correct: true
                      - Lyon
                """),
            .passing(questions: """
                  - id: capital
                    text: "What   is   the   capital   of   France?"
                    choices:
                      - text: Paris
                        correct: true
                      - Lyon
                    explanation: Paris has been the capital of France since 987, with a few interruptions.
                """, options: ["question-max-characters": .integer(30), "explanation-max-words": .integer(0)]),
        ])

    /// The limits of each kind of field that has any, by `Kind.rawValue`: an array rather than
    /// a dictionary, as it is looked up for every field of every question.
    private let maximum: [(characters: Int, words: Int)?]

    init(options: Options) {
        var maximum: [(characters: Int, words: Int)?] = Array(repeating: nil, count: QuestionField.Kind.allCases.count)
        for (index, limit) in Self.limits.enumerated() {
            maximum[limit.kind.rawValue] = (options.maxCharacters[index], options.maxWords[index])
        }
        self.maximum = maximum
    }

    /// A bound from the bytes, to skip counting characters in most texts: a text has no more
    /// characters than bytes, and no more words than separators plus one (any byte of a
    /// non-ASCII character is taken for a possible Unicode space), nor words than half its
    /// bytes rounded up (a word takes a byte, and a separator one more before the next).
    private func mayBeOver(_ limit: (characters: Int, words: Int), _ text: String) -> Bool {
        if limit.characters > 0, text.utf8.count > limit.characters { return true }
        guard limit.words > 0, (text.utf8.count + 1) / 2 > limit.words else { return false }
        return HygieneQuickLook.separatorBound(text) + 1 > limit.words
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        question.forEachText(sourceLocale: bank.sourceLocale, where: { kind, text in
            guard let limit = maximum[kind.rawValue] else { return false }
            return mayBeOver(limit, text)
        }) { entry in
            guard let limit = maximum[entry.field.kind.rawValue] else { return }
            let (characters, words) = measure(entry.text)
            var over: [String] = []
            if limit.characters > 0, characters > limit.characters {
                over.append("\(characters) characters (the limit is \(limit.characters))")
            }
            if limit.words > 0, words > limit.words {
                over.append("\(words) words (the limit is \(limit.words))")
            }
            guard !over.isEmpty else { return }
            report("\(entry.place) is too long: \(over.joined(separator: " and "))", at: entry.range)
        }
    }

    /// The characters of a text once runs of whitespace are one space, and its words.
    private func measure(_ text: String) -> (characters: Int, words: Int) {
        HygieneQuickLook.measureASCII(text) ?? measureAnyText(text)
    }

    /// `measure` by `Character`s, for any text.
    func measureAnyText(_ text: String) -> (characters: Int, words: Int) {
        let pieces = text.split(whereSeparator: \.isWhitespace)
        let characters = pieces.reduce(0) { $0 + $1.count } + max(pieces.count - 1, 0)
        let words = pieces.filter { $0.unicodeScalars.contains(where: \.isLetterOrDecimal) }.count
        return (characters, words)
    }


}

import QuizBank

struct TextLengthRule: QuestionRule {
    /// The fields with limits, their option prefix, and default characters and words.
    private static let limits: [(kind: QuestionField.Kind, prefix: String, characters: Int, words: Int)] = [
        (.question, "question", 300, 50),
        (.choice, "choice", 120, 20),
        (.explanation, "explanation", 1000, 170),
        (.hint, "hint", 200, 35),
        (.feedback, "feedback", 300, 50),
    ]

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
        options: limits.flatMap { limit in
            [
                RuleOption("\(limit.prefix)-max-characters", .integer(0...1_000_000), default: .integer(limit.characters),
                           "the most characters in a \(limit.prefix == "question" ? "question text" : limit.prefix) (0: no limit)"),
                RuleOption("\(limit.prefix)-max-words", .integer(0...1_000_000), default: .integer(limit.words),
                           "the most words in a \(limit.prefix == "question" ? "question text" : limit.prefix) (0: no limit)"),
            ]
        },
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                    explanation: It is a G-type main-sequence star, a yellow dwarf about 4.6 billion years old.
                    hints:
                      - Look up at noon.
                """, lines: [9], options: ["explanation-max-words": .integer(10)]),
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: capital
                    text: What is the capital of France?
                    choices:
                      - text: Paris, the city on the Seine that has been the seat of the French kings and then of the government for most of the last thousand years
                        correct: true
                      - Lyon
                """, lines: [9]),
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                questions:
                  - id: capital
                    text: "What   is   the   capital   of   France?"
                    choices:
                      - text: Paris
                        correct: true
                      - Lyon
                    explanation: Paris has been the capital of France since 987, with a few interruptions.
                """, options: ["question-max-characters": .integer(30), "explanation-max-words": .integer(0)]),
        ])

    private let maximum: [QuestionField.Kind: (characters: Int, words: Int)]

    init(options: RuleOptions) {
        var maximum: [QuestionField.Kind: (characters: Int, words: Int)] = [:]
        for limit in Self.limits {
            maximum[limit.kind] = (options.integer("\(limit.prefix)-max-characters"), options.integer("\(limit.prefix)-max-words"))
        }
        self.maximum = maximum
    }

    /// A bound from the bytes, to skip counting characters in most texts: a text has no more
    /// characters than bytes, and no more words than separators plus one (any byte of a
    /// non-ASCII character is taken for a possible Unicode space).
    private func mayBeOver(_ limit: (characters: Int, words: Int), _ text: String) -> Bool {
        if limit.characters > 0, text.utf8.count > limit.characters { return true }
        guard limit.words > 0 else { return false }
        var separators = 0
        for byte in text.utf8 where byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte >= 0xC2 {
            separators += 1
        }
        return separators + 1 > limit.words
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        for field in question.textFields {
            guard let limit = maximum[field.kind], limit.characters > 0 || limit.words > 0 else { continue }
            for entry in field.entries(sourceLocale: bank.sourceLocale) where mayBeOver(limit, entry.text) {
                let pieces = entry.text.split(whereSeparator: \.isWhitespace)
                let characters = pieces.reduce(0) { $0 + $1.count } + max(pieces.count - 1, 0)
                let words = pieces.filter { $0.unicodeScalars.contains(where: \.isLetterOrDecimal) }.count
                var over: [String] = []
                if limit.characters > 0, characters > limit.characters {
                    over.append("\(characters) characters (the limit is \(limit.characters))")
                }
                if limit.words > 0, words > limit.words {
                    over.append("\(words) words (the limit is \(limit.words))")
                }
                guard !over.isEmpty else { continue }
                report("\(entry.place) is too long: \(over.joined(separator: " and "))", at: entry.range)
            }
        }
    }
}

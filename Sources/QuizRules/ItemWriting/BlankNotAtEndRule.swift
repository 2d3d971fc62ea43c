import QuizBank
import QuizLint

struct BlankNotAtEndRule: QuestionRule {
    static let description = RuleDescription(
        id: "blank-not-at-end",
        summary: "A fill-in-the-blank stem whose blank (___, ....) is not at its end.",
        rationale: """
            A completion stem with the blank in the middle makes the learner hold the start of the \
            sentence, read each choice into the gap and reread the rest, which tests reading more than \
            the content. Tarrant et al. (2006) count "fill-in-the-blank" stems with the blank inside the \
            sentence among the frequent item-writing flaws; Haladyna, Downing & Rodriguez (2002) accept \
            the completion format (guideline 9) but ask for the central idea in the stem (guideline 15) \
            and for as little reading as possible (guideline 13), which a blank at the end, or a \
            question, gives; the NBME Item-Writing Guide (Paniagua & Swygert, 4th ed.) prefers a closed \
            question to a completion.

            Reported: a stem whose blank is not at the end. A gap inside a quotation is reported like \
            any other ("Complete the proverb: Too many ____ spoil the broth"): the learner still reads \
            each choice into the middle of a sentence; quote the sentence up to the gap, or ask for the \
            missing word. True/false statements are not checked.

            What counts as a blank:

            - three or more underscores, also joined to a word ("a______", a first letter given)
            - one or two underscores standing alone ("The _ is")
            - four or more dots (or two ellipsis characters) standing alone between spaces
            - in a stem that asks to fill a gap (it says missing, complete, finish, fill, blank or gap) \
            and has no blank of the kinds above, a "..." or "…" standing alone too ("Complete the \
            proverb: If you have money you can make ... push your grind stone"); beside a blank of \
            underscores or dots it is the ellipsis of a quotation ("Complete the lines: ... I shall \
            now read from Luke... Reverend Johnson: ... and _______.")

            Read past:

            - "...", "…" and dots joined to a word are read as ellipses, which quotations are full of.
            - A blank followed by a colon stands for a speaker and is not judged.

            A blank is at the end, and not reported, when:

            - only punctuation follows it ("___." and "___?" are fine)
            - it ends its sentence ("quatre, ____. What is the missing number?")
            - only a note in brackets follows ("____ (fill in the blank)")

            Known limits:

            - A blank written otherwise ("[blank]", "(...)", a dash) is not seen.
            - An ellipsis standing for a gap in a stem that does not ask to fill one is read as an \
            ellipsis.

            \(English.localeNote)
            """,
        severity: .info,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: mitochondria
                    text: ↓The ____ is the powerhouse of the cell.
                    choices:
                      - text: mitochondrion
                        correct: true
                      - nucleus
                      - ribosome
                """),
            // A single underscore; a blank joined to the word it starts; a gap in a proverb; "..."
            // in a stem that asks to fill it.
            .triggering(questions: """
                  - id: proverb
                    text: ↓"Complete the proverb: Too many ____ spoil the broth."
                    choices:
                      - text: cooks
                        correct: true
                      - chefs
                  - id: chinese
                    text: ↓Complete the Chinese proverb, If you have money you can make ... push your grind stone.
                    choices:
                      - text: the devil
                        correct: true
                      - the emperor
                  - id: cell
                    text: ↓The _ is the powerhouse of the cell.
                    choices:
                      - text: mitochondrion
                        correct: true
                      - nucleus
                  - id: hint
                    text: ↓Bees make honey in a h______ of wax cells.
                    choices:
                      - text: hive
                        correct: true
                      - nest
                """),
            // Near misses: the blank at the end before a full stop or question mark; a quotation;
            // an underscore inside a name.
            .passing(questions: """
                  - id: mitochondria
                    text: The powerhouse of the cell is the ____.
                    choices:
                      - text: mitochondrion
                        correct: true
                      - nucleus
                  - id: sermon
                    text: "Complete the lines: Reverend Johnson: I shall now read from Luke... [a stick of dynamite flies in] Reverend Johnson: ... and _______."
                    choices:
                      - text: Duck
                        correct: true
                      - Hide
                  - id: symbol
                    text: The chemical symbol of gold is ...?
                    choices:
                      - text: Au
                        correct: true
                      - Ag
                  - id: count
                    text: "Count to five in French: un, deux, trois, quatre, ____. What is the missing number?"
                    choices:
                      - text: cinq
                        correct: true
                      - dix
                  - id: note
                    text: In 1966, Mas Que Nada was recorded by Sergio Mendes _________ (fill in the blank)
                    choices:
                      - text: Brasil 66
                        correct: true
                      - the Miracles
                  - id: variable
                    text: In Python, what does the name my_list hold by convention?
                    choices:
                      - text: A list
                        correct: true
                      - A number
                  - id: dots
                    text: Which general wrote ... in his memoirs of the Gallic War?
                    choices:
                      - text: The die is cast
                        correct: true
                      - I came, I saw, I conquered
                """),
        ])

    init(options: RuleOptions) {}

    /// What follows a blank in its own sentence, but for a closing note in brackets: "____.
    /// What is the missing number?" ends its sentence with the blank, and "_____ (fill in the
    /// blank)" ends the stem.
    static func textAfterBlank(_ after: Substring, blank: Substring) -> Substring {
        // The blank's run takes in a full stop that follows it ("____.").
        if blank.last == ".", blank.contains("_"), after.first?.isWhitespace ?? true { return "" }
        var rest = after.drop { $0 == "_" || $0 == " " }
        if let first = rest.first, first == "." || first == "?" || first == "!" { return "" }
        rest = Substring(English.trimmed(String(rest)))
        if rest.first == "(", rest.last == ")", !rest.dropFirst().contains("(") { return "" }
        return after
    }

    /// Words that ask to fill a gap: in their stems "..." is a blank.
    private static let fillWords: WordSet = ["missing", "complete", "completes", "finish", "fill", "blank", "blanks", "gap"]
    private static let fillFragments = English.Fragments(["missing", "complet", "finish", "fill", "blank", "gap"])

    /// The blanks of `text` as ranges; with `ellipses`, a standing-alone "..." or "…" too (in a
    /// stem that asks to fill a gap).
    static func blanks(in text: String, ellipses ellipsesAreBlanks: Bool = false) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        English.forEachBlankMarkRun(in: text) { run in
            // Dots are a blank only as a long run standing alone ("polish and ........ to it"):
            // "...", "…" and dots joined to words are ellipses, which quotations are full of.
            // One or two underscores are a blank standing alone ("The _ is"), not inside a
            // name (`snake_case`).
            let isEllipsis = run.underscores == 0 && (run.dots == 3 && run.ellipses == 0 || run.dots == 0 && run.ellipses == 1)
            let isBlank = run.underscores >= 3
                || (run.underscores >= 1 || run.dots >= 4 || run.ellipses >= 2 || ellipsesAreBlanks && isEllipsis) && run.standsAlone
            // A blank just before a colon stands for a speaker ("_____: Why, anybody can have a brain").
            if isBlank && !run.precedesColon { result.append(run.range) }
        }
        return result
    }

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.kind != .trueFalse else { return }
        for entry in English.entries(of: question.text, sourceLocale: bank.sourceLocale) {
            // "..." is a gap only in a stem that asks to fill one and has no other blank ("Luke...
            // [dynamite flies in] ... and _______."); most stems have no dot runs.
            let marked = Self.blanks(in: entry.text)
            let asksToFill = marked.isEmpty && Self.fillFragments.occur(in: entry.text)
                && English.words(entry.text).contains(where: { Self.fillWords.contains($0.lower) })
            let blanks = asksToFill ? Self.blanks(in: entry.text, ellipses: true) : marked
            guard let first = blanks.first else { continue }
            let after = Self.textAfterBlank(entry.text[first.upperBound...], blank: entry.text[first])
            // Only punctuation, spaces and further blank marks after the blank: it is at the end.
            guard after.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            let following = English.words(String(after)).prefix(4).map(\.text).joined(separator: " ")
            report("the blank '\(entry.text[first])' in the stem of question '\(question.id.value)'"
                   + "\(English.suffix(entry, sourceLocale: bank.sourceLocale)) is followed by '\(following)…': "
                   + "put the blank at the end, or ask a question", at: entry.range)
        }
    }
}

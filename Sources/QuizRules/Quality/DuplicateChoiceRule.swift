import QuizBank
import QuizLint

struct DuplicateChoiceRule: QuestionRule {
    static let description = RuleDescription(
        id: "duplicate-choice",
        summary: "Two choices of one question that say the same thing.",
        rationale: """
            Choices should be distinct and not overlap (Haladyna, Downing & Rodriguez 2002, "A \
            review of multiple-choice item-writing guidelines", guideline 22; the NBME item-writing \
            guide (Case & Swanson) counts repeated or overlapping options among the flaws that \
            make an item easier or ambiguous). A repeated choice is a wasted distractor at best; \
            when one copy is marked correct and the other not, the question has no single right \
            answer.

            Reported: a choice that repeats an earlier choice of the same question, compared as \
            below. It reads the choices of each choice question, in every locale. The later choice \
            is reported, with the earlier one as a related location.

            How choices are compared:

            - In the normal form of `duplicate-question` (NFKC, case folded, punctuation and \
            whitespace removed).
            - Conservatively about numbers: a sign before a digit and marks between digits are \
            kept, so `-2` and `2`, or `2.5` and `25`, are different choices.
            - A choice of punctuation only is compared as written.
            - Each locale on its own.

            Known limits:

            - Only copies in the normal form are found: choices that say the same in other words \
            ("USA" and "United States", "1 km" and "1000 m") are not.
            """,
        severity: .warning,
        scope: .question,
        examples: [
            .triggering(questions: """
                  - id: capital
                    text: What is the capital of Australia?
                    choices:
                      - text: Canberra
                        correct: true
                      - Sydney
                      - ↓"sydney."
                      - Melbourne
                """),
            // Signs and decimal points make different numbers.
            .passing(questions: """
                  - id: root
                    text: Which number squared gives 4?
                    choices:
                      - text: "-2"
                        correct: true
                      - "2.5"
                      - "25"
                      - "−2.5"
                """),
        ])

    init(options: RuleOptions) {}

    func check(_ question: Question, in bank: LintBank, report: inout FindingReporter) {
        guard question.choices.count > 1 else { return }
        var reported = Set<Int>()
        for locale in bank.bank.header.outputLocales {
            let forms = question.choices.map { choice in
                choice.text.text(for: locale, sourceLocale: bank.sourceLocale).map(RunQuestions.choiceForm)
            }
            var firstOf: [String: Int] = [:]
            for (index, form) in forms.enumerated() {
                guard let form else { continue }
                guard let earlier = firstOf[form] else {
                    firstOf[form] = index
                    continue
                }
                guard reported.insert(index).inserted else { continue }
                let a = question.choices[earlier], b = question.choices[index]
                let where_ = locale == bank.sourceLocale ? "" : " in \(locale)"
                let conflict = a.correct != b.correct ? "; one is marked correct and the other not, so the question has no single answer" : ""
                report("choice \(index + 1) repeats choice \(earlier + 1)\(where_)\(conflict)", at: b.range,
                       related: [Finding.Related(path: bank.path, range: a.range, note: "choice \(earlier + 1)")])
            }
        }
    }
}

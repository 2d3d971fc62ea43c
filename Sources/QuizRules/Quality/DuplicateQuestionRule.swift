import QuizBank
import QuizLint

struct DuplicateQuestionRule: RunRule {
    static let description = RuleDescription(
        id: "duplicate-question",
        summary: "The same question more than once in the banks of a run; a conflict when the copies have different answers.",
        rationale: """
            Items should be independent (Haladyna, Downing & Rodriguez 2002, "A review of \
            multiple-choice item-writing guidelines", guideline 4): a question asked twice gives its \
            answer away on the second showing, counts one fact double in a score, and wastes a slot of a \
            drawn exam; the NBME item-writing guide (Case & Swanson) has item banks reviewed for \
            duplicates ("enemy items") for the same reason. Worse, copies that disagree teach opposite \
            answers, and one of them is wrong.

            Reported: the same question more than once in the banks of a run (the same text in the \
            normal form below), as a duplicate when the copies have the same answer and as a conflict \
            when they contradict each other. Each set of copies is one finding, at the first copy (by \
            file and position), with the others as related locations.

            What it reads:

            - Reach: every question of the banks of one run, in their source texts.
            - Only questions of banks with the same source locale are compared.
            - Texts are compared in a normal form: Unicode NFKC, case folded, punctuation and whitespace \
            removed (but not where they change a number: `-2`, `2.5`).

            Duplicates and conflicts:

            - Copies with the same answer (the same `answer`, or the same set of correct choice texts, \
            compared in the same normal form) are a duplicate.
            - Copies that contradict each other are a conflict: opposite true/false answers, or a choice \
            that is correct in one copy and present but wrong in another.
            - A conflict is reported one severity step above the configured one (an error by default), \
            and its message starts with "conflict".

            Not reported:

            - Copies of a choice question whose answers differ without contradicting: they share a \
            generic stem ("Which of the following is incorrect?", "Name the composer.") but have other \
            choices, so they are different questions, not copies (in the OpenTriviaQA corpus all six \
            such sets are).

            Known limits:

            - Only copies in the normal form are found; reworded copies are left to \
            `near-duplicate-question`.
            - A question and its translation in a bank of another source locale are not compared.
            """,
        severity: .warning,
        scope: .run,
        examples: [
            .triggering(questions: """
                  - id: ↓capital
                    text: What is the capital of France?
                    choices:
                      - text: Paris
                        correct: true
                      - Lyon
                  - id: capital-again
                    text: "what is the capital of  france"
                    choices:
                      - Marseille
                      - text: paris.
                        correct: true
                """),
            // A conflict: the same statement, opposite answers (an error by default).
            .triggering(questions: """
                  - id: ↓sun
                    text: The Sun is a star.
                    answer: true
                  - id: sun-2
                    text: The sun is a star!
                    answer: false
                """),
            // The same generic stem with other choices: different questions, not copies.
            .passing(questions: """
                  - id: composer-1
                    text: Name the composer.
                    choices:
                      - text: Georges Bizet
                        correct: true
                      - Joseph Haydn
                  - id: composer-2
                    text: Name the composer
                    choices:
                      - text: Ludwig van Beethoven
                        correct: true
                      - Frederic Chopin
                """),
            // A conflict between choice questions: the answer of one is a wrong choice of the other.
            .triggering(questions: """
                  - id: ↓moon-1
                    text: Which planet has the most moons?
                    choices:
                      - text: Saturn
                        correct: true
                      - Jupiter
                  - id: moon-2
                    text: Which planet has the most moons?
                    choices:
                      - Saturn
                      - text: Jupiter
                        correct: true
                """),
            // Near misses: a different number, and a negative one.
            .passing(questions: """
                  - id: sum
                    text: Is 2 + 2 equal to 4?
                    answer: true
                  - id: sum-2
                    text: Is 2 + 2 equal to -4?
                    answer: false
                  - id: sum-3
                    text: Is 2 + 2 equal to 4.5?
                    answer: false
                """),
        ])

    init(options: RuleOptions) {}

    func check(_ banks: [LintBank], report: inout FindingReporter) {
        // Shared with near-duplicate-question, which reads the same run beside this rule.
        let (run, claim) = RunQuestions.claim(banks)
        for group in run.groups where group.count > 1 {
            let members = group.map { run.entries[$0] }
            // Copies are joined by being the same or contradicting; a pair that only shares a
            // generic stem joins nothing. Members with the same answer are the same question, so
            // only one member per answer is compared with the others (with the wrong choices of
            // all members of its answer).
            var sets = UnionFind(count: members.count)
            var conflicts = Set<Int>()
            var buckets: [(answer: RunQuestions.AnswerKey, members: [Int], wrong: Set<String>)] = []
            var bucketOf: [RunQuestions.AnswerKey: Int] = [:]
            for (index, member) in members.enumerated() {
                let bucket: Int
                if let existing = bucketOf[member.answer] {
                    bucket = existing
                    sets.union(buckets[bucket].members[0], index)
                } else {
                    bucket = buckets.count
                    bucketOf[member.answer] = bucket
                    buckets.append((member.answer, [], []))
                }
                buckets[bucket].members.append(index)
                buckets[bucket].wrong.formUnion(Self.wrongForms(member))
            }
            for x in buckets.indices {
                for y in buckets.indices where y > x && Self.contradicts(buckets[x].answer, buckets[x].wrong, buckets[y].answer, buckets[y].wrong) {
                    sets.union(buckets[x].members[0], buckets[y].members[0])
                    conflicts.insert(buckets[x].members[0])
                }
            }
            var components: [Int: [Int]] = [:]
            for index in members.indices { components[sets.find(index), default: []].append(index) }
            for component in components.values.sorted(by: { $0[0] < $1[0] }) where component.count > 1 {
                let first = members[component[0]]
                let copies = component.dropFirst().map { members[$0] }
                let conflict = component.contains { conflicts.contains($0) }
                let related = copies.map { other in
                    other.place.related("""
                        the same question\(other.answer == first.answer ? "" : " with another answer"): \
                        '\(other.place.question.id.value)' (answer \(Self.shown(other)))
                        """)
                }
                let others = copies.count == 1 ? "another question" : "\(copies.count) other questions"
                report.path = first.place.path
                if !conflict {
                    report("""
                        question '\(first.place.question.id.value)' is asked again by \(others) with the same text and answer \
                        (answer \(Self.shown(first)))
                        """, at: first.place.range, related: related)
                } else {
                    report("""
                        conflict: question '\(first.place.question.id.value)' is asked again by \(others) with another \
                        answer (answer \(Self.shown(first)) here); one of them is wrong
                        """, at: first.place.range, related: related, severity: report.severity.graded(by: 1))
                }
            }
        }
        claim.release()
    }

    /// The answer of an entry as the author wrote it.
    static func shown(_ entry: RunQuestions.Entry) -> String {
        shown(entry.place.question, locale: entry.locale)
    }

    static func shown(_ question: Question, locale: String) -> String {
        if question.kind == .trueFalse { return String(question.answer?.value ?? false) }
        var texts = ""
        for choice in question.choices where choice.correct {
            if !texts.isEmpty { texts += ", " }
            texts += "'"
            texts += choice.text.source(locale)
            texts += "'"
        }
        return texts
    }

    static func wrongForms(_ entry: RunQuestions.Entry) -> Set<String> {
        Set(entry.place.question.choices.filter { !$0.correct }.map { RunQuestions.choiceForm($0.text.source(entry.locale)) })
    }

    /// Whether two different answers to the same text contradict each other: opposite
    /// true/false answers, or a choice correct in one and wrong in the other. A true/false copy
    /// of a choice question, or choice lists that share no answer, do not.
    static func contradicts(_ a: RunQuestions.AnswerKey, _ wrongA: Set<String>, _ b: RunQuestions.AnswerKey, _ wrongB: Set<String>) -> Bool {
        switch (a, b) {
        case (.trueFalse(let x), .trueFalse(let y)): return x != y
        case (.choices(let x), .choices(let y)):
            return x != y && (!wrongB.isDisjoint(with: x) || !wrongA.isDisjoint(with: y))
        default: return false
        }
    }
}

import Foundation
import QuizBank
import QuizLint
import QuizSupport

struct NearDuplicateQuestionRule: RunRule, ConfigurableRule {
    struct Options: RuleOptionSet {
        var threshold: Double = 0.6
        var rewordThreshold: Double = 0.1
        var rewordOverlap: Double = 0.6
        var reportTemplateSiblings = false

        static let elements: [RuleOptionElement<Self>] = [
            .number("threshold", \.threshold, in: 0.3...1.0,
                "least Jaccard similarity of the 5-character shingle sets for two questions to be similar"),
            .number("reword-threshold", \.rewordThreshold, in: 0.05...1.0,
                "least similarity for two English questions with the same specific answer to be compared word by word"),
            .number("reword-overlap", \.rewordOverlap, in: 0.0...1.0,
                "least share of the shorter text's content words the other has, for a pair under threshold to be a rewording"),
            .boolean("report-template-siblings", \.reportTemplateSiblings,
                "also report similar questions with other answers (same stem, different subject)"),
        ]
    }

    static let description = RuleDescription(
        id: "near-duplicate-question",
        summary: "Reworded copies of a question in the banks of a run (and true/false statements that differ only to flip the answer, or that state a choice question with its answer).",
        rationale: """
            Items should be independent (Haladyna, Downing & Rodriguez 2002, "A review of \
            multiple-choice item-writing guidelines", guideline 4; the NBME item-writing guide's \
            "enemy items", two items that test the same point or cue each other). A reworded copy \
            gives away its answer just as an exact one does, and is much harder to see in a large \
            bank.

            Reported when two questions are found similar (below) and the pair is a likely \
            duplicate or a negated pair; template siblings are reported only with \
            `report-template-siblings`. Similar pairs of each kind are joined into clusters \
            (union-find), and each cluster is one finding at its first question, by file and \
            position, with the others as related locations.

            How similarity is measured:

            - Each question's text is put in the normal form of `duplicate-question` (NFKC, case \
            folded, punctuation and whitespace removed) and cut into character 5-grams \
            ("shingles").
            - The similarity of two texts is the Jaccard similarity of their shingle sets (shared \
            shingles over all shingles of either).
            - Candidates are found by an exact prefix-filtered similarity join (PPJoin: shingles \
            ordered rarest first, length and positional filters), which finds every pair at or \
            above a threshold with a cost that grows near-linearly with the number of questions (a \
            MinHash/LSH index would miss some pairs by design), and each candidate's similarity is \
            computed exactly.
            - Questions with exactly the same normal form are `duplicate-question`'s: each set of \
            them takes part through its first copy, and the other copies are listed beside it.

            Which questions are compared, within each source locale:

            - Questions with the same answer are joined at `threshold`.
            - English choice questions with the same specific answer (of at most 16 questions) are \
            joined at `reword-threshold`: rewordings of one question mostly share a tenth to a \
            half of their shingles ("What is the capital of Iceland?" / "What is the capital and \
            largest city of Iceland?": 0.44; "Which river is considered the longest on the \
            planet?" / "It is the longest river in the world.": 0.14).
            - English choice questions whose specific answers are one word apart ("October 1962" / \
            "1962") are compared as questions of one answer: each answer of two to eight words is \
            looked up without each of its words.
            - A pair under `threshold` must also be confirmed by its words: with stop words left \
            out and words stemmed (plurals, -ed, -ing, -ly), the texts share at least two content \
            words, at least `reword-overlap` of those of the text with fewer, and at least 0.3 of \
            those of either (their Jaccard similarity: "Which Marx brother was silent?" / "Which \
            Marx brother starred in the 1930 film Animal Crackers?" share 2 of 8).

            A found pair is classified by a criterion stated here in full:

            - Likely duplicate (the configured severity): the same answer (correct choices \
            compared in their normal form, spaces aside: "Half-brothers" is "Half brothers"), \
            unless something shows another question (next list).
            - Likely duplicate too: a true statement that holds the correct choice of a choice \
            question (a run of up to six of its words in the choice's normal form), when it says \
            what the question asks ("Harrison Ford starred in Blade Runner." / "What actor starred \
            in Blade Runner?"): the choice has a content word the question lacks, and the \
            statement without the choice's words shares with the question at least two content \
            words and `reword-overlap` of the content words of the one with more, with no name or \
            number slot filled differently.
            - Negated pair: a true/false statement nearly the same as another with the opposite \
            answer, reported one severity step below the configured one (info by default: \
            sometimes a deliberate pair, often a contradiction, and each gives the other away).
            - Template siblings: the rest, which share a template but ask something else ("What is \
            the capital of France?" / "... of Spain?"), reported only with \
            `report-template-siblings`.

            Something shows another question, not a likely duplicate, when:

            - each text holds a number the other lacks ("won in 1992" / "won in 1996"; a date \
            added on one side is a detail);
            - each English text holds a name the other lacks anywhere, even one letter off (a \
            capitalized word, or one in capitals, that does not start a sentence and is not a stop \
            word: "the state beverage of Ohio" / "... of Vermont", "The Love Boat" / "Eight is \
            Enough");
            - each English text singles out by a superlative the other lacks (most, least, first, \
            last, best, worst and a fixed list of -est words: "the planet with the most moons" / \
            "the largest planet");
            - the answer is generic (one of a fixed list such as "All of the above", "None of \
            these", "Yes", "True", however rarely the bank uses it, or any answer of at least 5 \
            choice questions and 1% of them) and no wrong choice is shared;
            - or two true/false statements each have a word the other lacks ("Frogs can breathe \
            underwater" / "Turtles can ...").

            Known limits:

            - The word tests read English only (in other locales a pair needs `threshold`).
            - Synonyms are not known, so a rewording in other words ("When did the show begin?" / \
            "When did it start airing?") that shares fewer shingles than `reword-threshold` or too \
            few content words is missed.
            - A slot filled by a common word is not seen, so two questions of one template with \
            the same answer by chance are reported ("If the world were 100 people, how many would \
            own a computer?" / "... have a college education?").
            - An answer two words off or with a word replaced is another answer ("Ivan IV" / "Ivan \
            the Terrible"), so the pair is never compared.
            - A superlative said in other words ("the most populous city" / "the largest city by \
            population") reads as another question.
            - The questions of an answer of more than 16 are compared at `threshold` only.
            - A name added on each side reads as another subject ("What Hollywood actor starred in \
            Blood Diamond?" / "What actor starred as Danny Archer in Blood Diamond?").
            - A false statement that holds a wrong choice is not paired with its question.
            """,
        severity: .warning,
        scope: .run,
        options: Options.declarations,
        examples: [
            // Three wordings of one question (similarity 0.73 and 0.86 to the first): one cluster.
            .triggering(questions: """
                  - id: ↓relativity
                    text: The theory of relativity was introduced in physics by this man.
                    choices:
                      - text: Albert Einstein
                        correct: true
                      - Isaac Newton
                  - id: relativity-2
                    text: The theory of relativity was introduced in physics by which man?
                    choices:
                      - Niels Bohr
                      - text: Albert Einstein
                        correct: true
                  - id: relativity-3
                    text: "Quick one: the theory of relativity was introduced in physics by this man."
                    choices:
                      - text: Albert Einstein
                        correct: true
                      - Galileo Galilei
                """),
            // A negated pair (similarity 0.78; info by default).
            .triggering(questions: """
                  - id: ↓whale
                    text: The blue whale is the largest animal that has ever lived.
                    answer: true
                  - id: whale-2
                    text: The blue whale is not the largest animal that has ever lived.
                    answer: false
                """),
            // Template siblings (similarity 0.62): same stem, other answers. Not reported by default...
            .passing(questions: """
                  - id: france
                    text: What is the capital city of France?
                    choices:
                      - text: Paris
                        correct: true
                      - Madrid
                  - id: spain
                    text: What is the capital city of Spain?
                    choices:
                      - Paris
                      - text: Madrid
                        correct: true
                """),
            // ...but are with the option.
            .triggering(questions: """
                  - id: ↓france
                    text: What is the capital city of France?
                    choices:
                      - text: Paris
                        correct: true
                      - Madrid
                  - id: spain
                    text: What is the capital city of Spain?
                    choices:
                      - Paris
                      - text: Madrid
                        correct: true
                """, options: ["report-template-siblings": .boolean(true)]),
            // Rewordings under the threshold, confirmed by their words: the same answer, the
            // content words of the shorter text all in the other, no other name or number
            // (similarity 0.40 and 0.44).
            .triggering(questions: """
                  - id: ↓portrait
                    text: Who painted the portrait of Lisa Gherardini known as the Mona Lisa?
                    choices:
                      - text: Leonardo da Vinci
                        correct: true
                      - Raphael
                  - id: portrait-2
                    text: The Mona Lisa, a portrait of Lisa Gherardini, was painted by which artist?
                    choices:
                      - Titian
                      - text: Leonardo da Vinci
                        correct: true
                """),
            .triggering(questions: """
                  - id: ↓iceland
                    text: What is the capital of Iceland?
                    choices:
                      - text: Reykjavik
                        correct: true
                      - Oslo
                  - id: iceland-2
                    text: What is the capital and largest city of Iceland?
                    choices:
                      - Helsinki
                      - text: Reykjavik
                        correct: true
                """),
            // A rewording that shares few shingles (similarity 0.14) but most content words.
            .triggering(questions: """
                  - id: ↓nile
                    text: Which river is considered the longest on the planet?
                    choices:
                      - text: The Nile
                        correct: true
                      - The Amazon
                  - id: nile-2
                    text: It is the longest river in the world.
                    choices:
                      - The Yangtze
                      - text: The Nile
                        correct: true
                """),
            // Answers one word apart are compared as one answer (similarity 0.45).
            .triggering(questions: """
                  - id: ↓cuba
                    text: When did the Cuban Missile Crisis begin?
                    choices:
                      - text: October 1962
                        correct: true
                      - May 1958
                  - id: cuba-2
                    text: In what year did the Cuban Missile Crisis start?
                    choices:
                      - "1960"
                      - text: "1962"
                        correct: true
                """),
            // The same answer, but each singles out another thing (the most moons, the largest;
            // similarity 0.33), or the texts share too few of their content words (2 of 8,
            // similarity 0.22): other questions.
            .passing(questions: """
                  - id: moons
                    text: Which planet of the solar system has the most moons?
                    choices:
                      - text: Jupiter
                        correct: true
                      - Mars
                  - id: largest
                    text: What is the largest planet of the solar system?
                    choices:
                      - Saturn
                      - text: Jupiter
                        correct: true
                  - id: silent
                    text: Which Marx brother was silent?
                    choices:
                      - text: Harpo
                        correct: true
                      - Groucho
                  - id: crackers
                    text: Which Marx brother starred in the 1930 film Animal Crackers?
                    choices:
                      - Zeppo
                      - text: Harpo
                        correct: true
                """),
            // A true statement of a choice question with its answer (similarity 0.57).
            .triggering(questions: """
                  - id: ↓iceland
                    text: What is the capital of Iceland?
                    choices:
                      - text: Reykjavik
                        correct: true
                      - Oslo
                  - id: iceland-statement
                    text: Reykjavik is the capital of Iceland.
                    answer: true
                """),
            // The same answer, but each text names what the other does not (similarity 0.65 and
            // 0.70): template siblings, not reported by default.
            .passing(questions: """
                  - id: ohio
                    text: What is the state beverage of Ohio?
                    choices:
                      - text: Milk
                        correct: true
                      - Tomato juice
                  - id: vermont
                    text: What is the state beverage of Vermont?
                    choices:
                      - Maple sap
                      - text: Milk
                        correct: true
                  - id: hawaii
                    text: Which of these is an official language of Hawaii?
                    choices:
                      - text: English
                        correct: true
                      - Samoan
                  - id: nigeria
                    text: Which of these is an official language of Nigeria?
                    choices:
                      - Swahili
                      - text: English
                        correct: true
                """),
            // A generic answer says nothing of what was asked, even used once (similarity 0.71):
            // without a wrong choice in common these are other questions.
            .passing(questions: """
                  - id: square
                    text: Which of these numbers is a perfect square?
                    choices:
                      - "2"
                      - "3"
                      - text: None of these
                        correct: true
                  - id: cube
                    text: Which of these numbers is a perfect cube?
                    choices:
                      - "10"
                      - "20"
                      - text: None of these
                        correct: true
                """),
            // Exact copies are duplicate-question's, not this rule's.
            .passing(questions: """
                  - id: sun
                    text: The Sun is a star.
                    answer: true
                  - id: sun-2
                    text: the sun is a star
                    answer: true
                """),
        ])

    let threshold: Double
    let rewordThreshold: Double
    let rewordOverlap: Double
    let reportSiblings: Bool
    /// For how many questions at most the words (and word and wrong-choice hashes) are kept at
    /// once (`BoundedRecordCache`); the findings are the same for any number, which the tests
    /// check with small ones.
    var keptWords = BoundedRecordCache<QuestionWords>.defaultCapacity

    init(options: Options) {
        threshold = options.threshold
        rewordThreshold = options.rewordThreshold
        rewordOverlap = options.rewordOverlap
        reportSiblings = options.reportTemplateSiblings
    }

    /// The most questions (distinct texts of one locale) an answer may have for them to be
    /// searched for rewordings and statements under `threshold`.
    static let mostQuestionsOfARewordedAnswer = 16

    /// The least share of the content words of either text two texts under `threshold` must
    /// share (their Jaccard similarity) to be a rewording.
    static let rewordContentSimilarity = 0.3

    /// The most words an answer may have for the answers one word shorter to be looked up.
    static let mostWordsOfANearAnswer = 8

    /// Answers that say nothing about what was asked, however rarely a bank uses them (choice
    /// forms, as `RunQuestions.choiceForm` makes them).
    static let genericAnswers: Set<String> = [
        "all of these", "none of these", "all of the above", "none of the above", "all the above", "all of them",
        "none of them", "both of these", "neither of these", "both", "neither", "all", "none", "true", "false", "yes",
        "no", "always", "never", "sometimes",
    ]

    enum Kind: Int, CaseIterable {
        case duplicate, negated, sibling
    }

    func check(_ banks: [LintBank], report: inout FindingReporter) {
        // Shared with duplicate-question, which reads the same run beside this rule.
        var (run, claim) = RunQuestions.claim(banks)
        // One node per set of equal texts, represented by its first copy; joined per locale.
        var nodesByLocale: [String: [Int]] = [:]
        for group in run.groups.indices {
            nodesByLocale[run.locale(run.firstEntry(ofGroup: group)), default: []].append(group)
        }
        // Answers used by many choice questions ("All of these", "Yes") say little about the
        // question: at least 5 uses, and at least 1% of the run's choice questions.
        // By answer (`RunQuestions.answers`): its uses, then whether it is generic.
        var answerUses = [Int](repeating: 0, count: run.answers.count)
        var choiceQuestions = 0
        for entry in run.stored {
            guard case .choices = run.answers[Int(entry.answer)] else { continue }
            answerUses[Int(entry.answer)] += 1
            choiceQuestions += 1
        }
        let genericLimit = max(5, choiceQuestions / 100)
        let genericAnswers = run.answers.indices.map { answer in
            guard case .choices(let forms) = run.answers[answer] else { return false }
            return answerUses[answer] >= genericLimit || (!forms.isEmpty && forms.allSatisfy(Self.genericAnswers.contains))
        }
        // Clusters of every locale, each as (kind, sorted nodes, similarity range, best
        // similarity of each node but the first), reported in order of their first node.
        var clusters: [(kind: Kind, nodes: [Int], low: Double, high: Double, best: [Double])] = []
        let locales = nodesByLocale.keys.sorted()
        for locale in locales {
            let nodes = nodesByLocale[locale]!
            let vocabulary = NearDuplicateJoin.ShingleVocabulary(utf8: nodes.lazy.map { run.form(ofGroup: $0) })
            // The normalized texts are read whole only to make the vocabulary: not kept through
            // the last locale's search (before the visitor takes its copy of the run); the join
            // makes each partition's texts again.
            if locale == locales.last {
                run.forgetForms()
                claim.release()
            }
            var visitor = Visitor(run: run, nodes: nodes, genericAnswers: genericAnswers, isEnglish: English.isEnglish(locale),
                                  options: self)
            let texts = visitor.texts
            if reportSiblings {
                // Siblings need every pair at `threshold`, whatever the answers; rewordings
                // under it are searched among questions of one answer, as without the option.
                visitor.pass = .siblings
                NearDuplicateJoin.join(texts, vocabulary: vocabulary, visitor: &visitor)
                if rewordThreshold < threshold {
                    visitor.pass = .rewordings
                    NearDuplicateJoin.join(texts, vocabulary: vocabulary, visitor: &visitor)
                }
            } else {
                NearDuplicateJoin.join(texts, vocabulary: vocabulary, visitor: &visitor)
            }
            if visitor.isEnglish {
                visitor.pairNearAnswers(with: vocabulary)
                visitor.pairStatements(with: vocabulary)
            }
            // Pairs already in one cluster were not verified (see Visitor): the similarity range
            // is that of the pairs that joined the cluster. Records are numbered in report order.
            // By record: the cluster of a root, and the best similarity (both reset per kind).
            var clusterOfRoot = [Int32](repeating: -1, count: nodes.count)
            var best = [Double](repeating: 0, count: nodes.count)
            for kind in Kind.allCases {
                var members: [[Int]] = []
                var roots: [Int] = []
                var ranges: [(low: Double, high: Double)] = []
                for pair in visitor.pairs where pair.kind == kind {
                    let root = visitor.sets[kind.rawValue].find(pair.x)
                    var index = Int(clusterOfRoot[root])
                    if index < 0 {
                        index = members.count
                        clusterOfRoot[root] = Int32(index)
                        roots.append(root)
                        members.append([])
                        ranges.append((1, 0))
                    }
                    members[index].append(pair.x)
                    members[index].append(pair.y)
                    ranges[index] = (min(ranges[index].low, pair.similarity), max(ranges[index].high, pair.similarity))
                    best[pair.x] = max(best[pair.x], pair.similarity)
                    best[pair.y] = max(best[pair.y], pair.similarity)
                }
                for (index, var records) in members.enumerated() {
                    // Each record of a cluster once (a record is in as many pairs as it joined).
                    records.sort()
                    var unique = 1
                    for position in 1..<records.count where records[position] != records[unique - 1] {
                        records[unique] = records[position]
                        unique += 1
                    }
                    records.removeSubrange(unique...)
                    clusters.append((kind, records.map { nodes[$0] }, ranges[index].low, ranges[index].high,
                                     records.dropFirst().map { best[$0] }))
                    for record in records { best[record] = 0 }
                    clusterOfRoot[roots[index]] = -1
                }
            }
        }
        // Last to report first: each cluster is let go as its finding is made, and the finding
        // takes its room.
        clusters.sort { $0.nodes[0] != $1.nodes[0] ? $0.nodes[0] > $1.nodes[0] : $0.kind.rawValue > $1.kind.rawValue }
        let shownThreshold = Self.format(threshold)
        run.stored.withUnsafeBufferPointer { stored in
        run.banks.withUnsafeBufferPointer { banks in
            while let cluster = clusters.popLast() {
                let kind = cluster.kind
                let first = run.firstEntry(ofGroup: cluster.nodes[0])
                let noun = Self.noun(kind)
                var related: [Finding.Related] = []
                // Each member and copy once (the first copy is the finding's own place): the
                // related locations are held with the finding until the report, so they are
                // made at their size, as are their notes, not at the room appends grow them to.
                related.reserveCapacity(cluster.nodes.reduce(-1) { $0 + run.groups[$1].count })
                /// A member, with its similarity, or the member whose text it has word for word
                /// (the other copies of a text are `duplicate-question`'s, and listed here too).
                func relate(_ entry: Int, _ similarity: Double, copyOf original: Int?) {
                    // Fields are read in place: a copy of the entry or of its question retains a
                    // dozen references scattered in memory, which made large clusters slow to report.
                    let bank = Int(stored[entry].bank), index = Int(stored[entry].index)
                    let id = banks[bank].questions[index].id.value
                    let shown = DuplicateQuestionRule.shown(banks[bank].questions[index], locale: banks[bank].locale)
                    let originalID = original.map { banks[Int(stored[$0].bank)].questions[Int(stored[$0].index)].id.value }
                    let shownSimilarity = original == nil ? Self.format(similarity) : ""
                    let (before, after) = originalID == nil ? ("' (similarity ", ", answer ") : ("' (the same text as '", "', answer ")
                    var note = ""
                    note.reserveCapacity(noun.utf8.count + 3 + id.utf8.count + before.utf8.count + (originalID ?? shownSimilarity).utf8.count
                                         + after.utf8.count + shown.utf8.count + 1)
                    note += noun
                    note += ": '"
                    note += id
                    note += before
                    note += originalID ?? shownSimilarity
                    note += after
                    note += shown
                    note += ")"
                    related.append(Finding.Related(path: banks[bank].path, range: banks[bank].questions[index].id.range, note: note))
                }
                for copy in run.groups[cluster.nodes[0]].dropFirst() { relate(copy, 1, copyOf: first) }
                for (node, similarity) in zip(cluster.nodes.dropFirst(), cluster.best) {
                    let entry = run.firstEntry(ofGroup: node)
                    relate(entry, similarity, copyOf: nil)
                    for copy in run.groups[node].dropFirst() { relate(copy, 1, copyOf: entry) }
                }
                let range = cluster.low == cluster.high ? Self.format(cluster.low)
                    : "\(Self.format(cluster.low))–\(Self.format(cluster.high))"
                let others = related.count == 1 ? "another question" : "\(related.count) other questions"
                // Pairs under the threshold were confirmed by their words (rewordings, statements).
                let test = "Jaccard similarity of 5-character shingles \(range), " + (cluster.low >= threshold ? "threshold \(shownThreshold)"
                    : cluster.high < threshold ? "under the threshold \(shownThreshold) with the same content words"
                    : "threshold \(shownThreshold), or under it with the same content words")
                let firstBank = Int(stored[first].bank)
                let firstID = banks[firstBank].questions[Int(stored[first].index)].id
                let id = firstID.value
                report.path = banks[firstBank].path
                switch kind {
                case .duplicate:
                    report("question '\(id)' is nearly the same as \(others) with the same answer (\(test)): likely duplicates",
                           at: firstID.range, related: related)
                case .negated:
                    report("""
                        negated pair: the statement of '\(id)' is nearly the same as \(others) with the opposite answer \
                        (\(test)); make sure the wording, not a typo, flips it, and that both may be shown together
                        """, at: firstID.range, related: related, severity: report.severity.graded(by: -1))
                case .sibling:
                    report("""
                        question '\(id)' follows the same template as \(others) but asks something else (other answers, \
                        numbers or subjects; \(test)): template siblings; check they are meant to differ
                        """, at: firstID.range, related: related)
                }
            }
        }}
    }

    /// Steers the join for one locale's texts (records are indexes into `nodes`, in report
    /// order): questions that could only be template siblings are kept apart unless siblings
    /// are reported (other answers: another partition; other numbers: not verified; a replaced
    /// word or name, a generic answer with no wrong choice shared: dropped when found, as
    /// telling those costs more than verifying), and a candidate already in the text's cluster
    /// of its kind is not verified either (it would change no cluster). English choice
    /// questions with the same specific answer are joined at `reword-threshold` and confirmed
    /// by their words. Confirmed pairs are joined.
    struct Visitor: NearDuplicateJoin.Visitor {
        /// What a join compares: questions of one answer (the rule's default), every question
        /// (for siblings), or only the questions of one specific answer, under `threshold`
        /// (the rewordings, after the siblings' join).
        enum Pass { case answers, siblings, rewordings }

        let run: RunQuestions
        let nodes: [Int]
        let isEnglish: Bool
        let threshold: Double
        let rewordThreshold: Double
        let rewordOverlap: Double
        var pass: Pass = .answers
        /// 0 for true/false questions (a pair may be a duplicate or a negated pair), else one
        /// class per answer (a pair of other answers could only be template siblings).
        var classes: [Int32] = []
        var isTrueFalse: [Bool] = []
        var answers: [Int32] = []
        var isGeneric: [Bool] = []
        /// By answer id: whether its questions are searched for rewordings (English choice
        /// questions with a specific answer).
        var rewordableAnswer: [Bool] = [false]
        /// By answer id: the form of its one correct choice, with its word breaks (empty for
        /// other answers), for `pairNearAnswers`.
        var answerForm: [String] = [""]
        /// A key of each text's numbers (0: none), so that equal numbers are one comparison, and
        /// by key the numbers themselves (sorted), which `questionWords` hands on rather than
        /// reading them again.
        var numberKeys: [Int32] = []
        var numberLists: [[String]] = [[]]
        /// Hashes of each true/false text's words, sorted; of each choice question's wrong
        /// choices (for generic answers), sorted; and each English text's words: made when
        /// first needed, and kept for a bounded number of records at a time (made again when
        /// asked for after they were let go: `BoundedRecordCache`).
        var words: BoundedRecordCache<[UInt64]>
        var wrong: BoundedRecordCache<[UInt64]>
        var questionWords: BoundedRecordCache<QuestionWords>
        /// The stems of the words made so far, numbered once for all of them.
        let stems = Stems()
        var sets: [UnionFind]
        var pairs: [Pair] = []

        init(run: RunQuestions, nodes: [Int], genericAnswers: [Bool], isEnglish: Bool,
             options: NearDuplicateQuestionRule) {
            self.run = run
            self.nodes = nodes
            self.isEnglish = isEnglish
            threshold = options.threshold
            rewordThreshold = min(options.rewordThreshold, options.threshold)
            rewordOverlap = options.rewordOverlap
            pass = .answers
            sets = Kind.allCases.map { _ in UnionFind(count: nodes.count) }
            words = BoundedRecordCache(records: nodes.count, capacity: options.keptWords)
            wrong = BoundedRecordCache(records: nodes.count, capacity: options.keptWords)
            questionWords = BoundedRecordCache(records: nodes.count, capacity: options.keptWords)
            var answerIDs: [RunQuestions.AnswerKey: Int32] = [:]
            // By the run's answer, this visitor's (0: not met yet).
            var idOfAnswer = [Int32](repeating: 0, count: run.answers.count)
            var numberIDs: [[String]: Int32] = [:]
            var questionsOfAnswer = [0]
            for node in nodes {
                let entry = run.firstEntry(ofGroup: node)
                let runAnswer = Int(run.stored[entry].answer)
                let answer = run.answers[runAnswer]
                let generic = genericAnswers[runAnswer]
                if idOfAnswer[runAnswer] == 0 {
                    // Answers that differ only in their spaces are one (`Half-brothers` / `Half brothers`).
                    var key = answer
                    if case .choices(let forms) = key, forms.contains(where: { $0.utf8.contains(0x20) }) {
                        key = .choices(forms.map { String($0.unicodeScalars.filter { $0 != " " }) }.sorted())
                    }
                    if let existing = answerIDs[key] {
                        idOfAnswer[runAnswer] = existing
                    } else {
                        let id = Int32(answerIDs.count + 1)
                        answerIDs[key] = id
                        idOfAnswer[runAnswer] = id
                        questionsOfAnswer.append(0)
                        if case .choices(let forms) = answer {
                            rewordableAnswer.append(isEnglish && !generic)
                            answerForm.append(forms.count == 1 && isEnglish && !generic ? forms[0] : "")
                        } else {
                            rewordableAnswer.append(false)
                            answerForm.append("")
                        }
                    }
                }
                let id = idOfAnswer[runAnswer]
                questionsOfAnswer[Int(id)] += 1
                answers.append(id)
                isGeneric.append(generic)
                let numbers = NearDuplicateQuestionRule.numbers(run.text(entry))
                if numbers.isEmpty {
                    numberKeys.append(0)
                } else if let key = numberIDs[numbers] {
                    numberKeys.append(key)
                } else {
                    let key = Int32(numberLists.count)
                    numberIDs[numbers] = key
                    numberLists.append(numbers)
                    numberKeys.append(key)
                }
                if case .trueFalse = answer {
                    isTrueFalse.append(true)
                    classes.append(0)
                } else {
                    isTrueFalse.append(false)
                    classes.append(id)
                }
            }
            // An answer of many questions says little, and joining its questions at the lower
            // threshold would cost the square of their number: a fixed bound keeps it linear.
            for id in rewordableAnswer.indices where questionsOfAnswer[id] > NearDuplicateQuestionRule.mostQuestionsOfARewordedAnswer {
                rewordableAnswer[id] = false
            }
        }

        func partition(_ x: Int) -> Int32 {
            switch pass {
            case .answers: return classes[x]
            case .siblings: return 0
            case .rewordings: return rewordableAnswer[Int(answers[x])] ? classes[x] : -1
            }
        }

        func threshold(_ partition: Int32) -> Double {
            switch pass {
            case .answers: return partition > 0 && rewordableAnswer[Int(partition)] ? rewordThreshold : threshold
            case .siblings: return threshold
            case .rewordings: return rewordThreshold
            }
        }

        func compatible(_ x: Int, _ y: Int) -> Bool {
            pass == .siblings || (isTrueFalse[x] && answers[x] != answers[y]) || !numbersDiffer(x, y)
        }

        /// Each text has a number the other lacks (`won in 1992` / `won in 1996`; not `in 2000`
        /// / `on 18 November 2000`).
        func numbersDiffer(_ x: Int, _ y: Int) -> Bool {
            guard numberKeys[x] != numberKeys[y] && numberKeys[x] != 0 && numberKeys[y] != 0 else { return false }
            let a = numberLists[Int(numberKeys[x])], b = numberLists[Int(numberKeys[y])]
            return QuestionWords.hasOneNotIn(a, b) && QuestionWords.hasOneNotIn(b, a)
        }

        /// How two similar questions relate (see the rationale), or nil when they are not
        /// similar after all (a pair under `threshold` whose words do not confirm it). A likely
        /// duplicate needs the same answer and nothing that makes it another question: other
        /// numbers or names in the texts, a generic answer ("All of these") with no wrong
        /// choice in common, or, for true/false statements, a word replaced on both sides
        /// ("Frogs can breathe underwater" / "Turtles can ..."); under `threshold`, the shorter
        /// text's content words must also be mostly in the other.
        mutating func kind(_ x: Int, _ y: Int, similarity: Double) -> Kind? {
            if let kind = answerKind(x, y) { return kind }
            if isTrueFalse[x] { return Self.eachLacks(words(x), words(y)) ? .sibling : .duplicate }
            if isGeneric[x] { return Self.disjoint(wrongChoices(x), wrongChoices(y)) ? .sibling : .duplicate }
            let a = questionWords(x), b = questionWords(y)
            if a.fillsAnotherSlot(than: b) { return .sibling }
            if similarity >= threshold { return .duplicate }
            return isRewording(a, b) ? .duplicate : nil
        }

        /// The word test of a pair under `threshold`: at least two content words shared, at
        /// least `reword-overlap` of the shorter text's, and at least
        /// `rewordContentSimilarity` of either's.
        func isRewording(_ a: QuestionWords, _ b: QuestionWords) -> Bool {
            a.sharedContent(with: b) >= 2 && a.contentOverlap(with: b) >= rewordOverlap
                && a.contentSimilarity(with: b) >= NearDuplicateQuestionRule.rewordContentSimilarity
        }

        /// `kind` from the answers and numbers alone, or nil when only the words (true/false and
        /// English texts) or the wrong choices (a generic answer) can tell a duplicate from a
        /// sibling: those are made per question on first use, which costs more than the rest
        /// of `kind`.
        func answerKind(_ x: Int, _ y: Int) -> Kind? {
            if isTrueFalse[x] != isTrueFalse[y] { return .sibling }
            if isTrueFalse[x] {
                if answers[x] != answers[y] { return .negated }
                return numbersDiffer(x, y) ? .sibling : nil
            }
            if answers[x] != answers[y] || numbersDiffer(x, y) { return .sibling }
            return isGeneric[x] || isEnglish ? nil : .duplicate
        }

        mutating func shouldVerify(_ x: Int, _ y: Int) -> Bool {
            let kind: Kind
            if let known = answerKind(x, y) {
                kind = known
            } else if pass == .siblings {
                // Found pairs of this pass are at `threshold` or above.
                guard let known = self.kind(x, y, similarity: threshold) else { return true }
                kind = known
            } else {
                // A duplicate, an unreported sibling or no pair: either way nothing to do inside
                // a cluster of duplicates; outside one, `found` tells them apart, so only pairs
                // that are similar pay for the words.
                kind = .duplicate
            }
            if kind == .sibling && pass != .siblings { return false }
            return sets[kind.rawValue].find(x) != sets[kind.rawValue].find(y)
        }

        mutating func found(_ x: Int, _ y: Int, similarity: Double) {
            // The rewordings' join finds again the pairs the siblings' join took.
            if pass == .rewordings && similarity >= threshold { return }
            guard let kind = kind(x, y, similarity: similarity) else { return }
            if kind == .sibling && pass != .siblings { return }
            join(x, y, similarity: similarity, kind: kind)
        }

        mutating func join(_ x: Int, _ y: Int, similarity: Double, kind: Kind) {
            sets[kind.rawValue].union(x, y)
            pairs.append(Pair(min(x, y), max(x, y), similarity: similarity, kind: kind))
        }

        /// A pair that joined a cluster, in 16 bytes (a run may have a pair for most of its
        /// questions): its records, `x < y`, with the kind in the high bits of `y`'s number.
        struct Pair {
            private let first: UInt32
            private let secondAndKind: UInt32
            let similarity: Double
            private static let kindShift: UInt32 = 30

            init(_ x: Int, _ y: Int, similarity: Double, kind: Kind) {
                precondition(x < y && y < 1 << Int(Self.kindShift), "a pair's records out of order or too many")
                first = UInt32(x)
                secondAndKind = UInt32(y) | UInt32(kind.rawValue) << Self.kindShift
                self.similarity = similarity
            }

            var x: Int { Int(first) }
            var y: Int { Int(secondAndKind & (1 << Self.kindShift - 1)) }
            var kind: Kind { Kind(rawValue: Int(secondAndKind >> Self.kindShift))! }
        }

        /// Choice questions whose specific answers differ by one word ("October 1962" / "1962",
        /// "his goldfish in a glass jar" / "... in a jar"): the join keeps other answers
        /// apart, so each answer of two to `mostWordsOfANearAnswer` words is looked up without
        /// each of its words among the others, and the questions of two such answers are
        /// compared as those of one answer (at `reword-threshold`, confirmed by their words
        /// under `threshold`). Both answers are bounded as for rewordings, so this stays linear.
        mutating func pairNearAnswers(with vocabulary: NearDuplicateJoin.ShingleVocabulary) {
            // The specific answers by the hash of their form, sorted; a match is compared exactly.
            var byHash: [(hash: UInt64, answer: Int32)] = []
            for id in answerForm.indices where rewordableAnswer[id] && !answerForm[id].isEmpty {
                byHash.append((FNV1a.hash(answerForm[id].utf8), Int32(id)))
            }
            guard byHash.count > 1 else { return }
            byHash.sort { $0.hash < $1.hash }
            var nearAnswers: [(longer: Int, shorter: Int)] = []
            var wordStarts: [Int] = []
            for id in answerForm.indices where rewordableAnswer[id] && answerForm[id].utf8.contains(0x20) {
                let bytes = Array(answerForm[id].utf8)
                wordStarts.removeAll(keepingCapacity: true)
                wordStarts.append(0)
                for index in bytes.indices where bytes[index] == 0x20 { wordStarts.append(index + 1) }
                guard wordStarts.count <= NearDuplicateQuestionRule.mostWordsOfANearAnswer else { continue }
                func wordEnd(_ word: Int) -> Int { word + 1 < wordStarts.count ? wordStarts[word + 1] - 1 : bytes.count }
                let firstOfThisAnswer = nearAnswers.count
                for dropped in wordStarts.indices {
                    // The hash of the form without word `dropped`, without making the string.
                    var hash = FNV1a.offsetBasis, first = true
                    for word in wordStarts.indices where word != dropped {
                        if !first { hash = FNV1a.adding(0x20, to: hash) }
                        first = false
                        for index in wordStarts[word]..<wordEnd(word) { hash = FNV1a.adding(bytes[index], to: hash) }
                    }
                    var low = 0, high = byHash.count
                    while low < high {
                        let middle = (low + high) / 2
                        if byHash[middle].hash < hash { low = middle + 1 } else { high = middle }
                    }
                    while low < byHash.count && byHash[low].hash == hash {
                        let other = Int(byHash[low].answer)
                        low += 1
                        var shorter = bytes[..<wordStarts[dropped]]
                        if dropped + 1 < wordStarts.count {
                            shorter += bytes[wordStarts[dropped + 1]...]
                        } else if dropped > 0 {
                            shorter.removeLast()
                        }
                        if other != id, answerForm[other].utf8.elementsEqual(shorter),
                           !nearAnswers[firstOfThisAnswer...].contains(where: { $0.shorter == other }) {
                            nearAnswers.append((id, other))
                        }
                    }
                }
            }
            guard !nearAnswers.isEmpty else { return }
            // The questions of the answers that have a near one, only.
            var slot = [Int32](repeating: -1, count: answerForm.count)
            var questionsOf: [[Int]] = []
            for pair in nearAnswers {
                for id in [pair.longer, pair.shorter] where slot[id] < 0 {
                    slot[id] = Int32(questionsOf.count)
                    questionsOf.append([])
                }
            }
            for x in nodes.indices where slot[Int(answers[x])] >= 0 { questionsOf[Int(slot[Int(answers[x])])].append(x) }
            // Their shingle sets, made once (the search let the run's go): those of the
            // questions of slot s start at set `firstOfSlot[s]`.
            var firstOfSlot = [0]
            for questions in questionsOf { firstOfSlot.append(firstOfSlot[firstOfSlot.count - 1] + questions.count) }
            let shingles = NearDuplicateJoin.ShingleSets(records: questionsOf.joined().map { Int32($0) }, of: texts, vocabulary: vocabulary)
            for pair in nearAnswers {
                let longer = Int(slot[pair.longer]), shorter = Int(slot[pair.shorter])
                for (i, x) in questionsOf[longer].enumerated() {
                    for (j, y) in questionsOf[shorter].enumerated()
                    where sets[Kind.duplicate.rawValue].find(x) != sets[Kind.duplicate.rawValue].find(y) && !numbersDiffer(x, y) {
                        let similarity = shingles.similarity(firstOfSlot[longer] + i, firstOfSlot[shorter] + j)
                        guard similarity >= rewordThreshold else { continue }
                        let a = questionWords(x), b = questionWords(y)
                        guard !a.fillsAnotherSlot(than: b), similarity >= threshold || isRewording(a, b) else { continue }
                        join(x, y, similarity: similarity, kind: .duplicate)
                    }
                }
            }
        }

        /// True statements that say what a choice question asks, with its correct choice in them
        /// ("Harrison Ford stars in Blade Runner." / "What actor starred in Blade Runner?").
        /// The choice must have a content word the question lacks; the statement without the
        /// choice's words and the question must fill no slot differently and share at least two
        /// content words and `reword-overlap` of the content words of the one with more (a
        /// statement says more than its question, so the shorter side is not enough). Candidates
        /// come from looking up each run of up to six words of a statement among the correct
        /// choices (by hash, then compared exactly).
        mutating func pairStatements(with vocabulary: NearDuplicateJoin.ShingleVocabulary) {
            let statements = nodes.indices.filter { isTrueFalse[$0] && run.answers[Int(run.stored[entry($0)].answer)] == .trueFalse(true) }
            guard !statements.isEmpty else { return }
            // The correct choices of choice questions with a specific answer, by the hash of their form.
            var choices: [(hash: UInt64, record: Int32, choice: Int32)] = []
            var longest = 0
            for x in nodes.indices where rewordableAnswer[Int(answers[x])] {
                let locale = run.locale(entry(x))
                for (index, choice) in run.question(entry(x)).choices.enumerated() where choice.correct {
                    let form = RunQuestions.choiceForm(choice.text.source(locale))
                    guard form.utf8.count > 2, !NearDuplicateQuestionRule.genericAnswers.contains(form) else { continue }
                    choices.append((FNV1a.hash(form.utf8), Int32(x), Int32(index)))
                    longest = max(longest, form.utf8.reduce(1) { $0 + ($1 == 0x20 ? 1 : 0) })
                }
            }
            guard !choices.isEmpty else { return }
            choices.sort { $0.hash < $1.hash }
            longest = min(longest, 6)
            for s in statements {
                let statementWords = QualityText.normalized(run.text(entry(s)), keepingWordBreaks: true)
                    .split(separator: " ")
                var tried: Set<Int32> = []
                for start in statementWords.indices {
                    var hash = FNV1a.offsetBasis
                    for end in start..<min(start + longest, statementWords.count) {
                        if end > start { hash = FNV1a.adding(0x20, to: hash) }
                        for byte in statementWords[end].utf8 { hash = FNV1a.adding(byte, to: hash) }
                        var low = 0, high = choices.count
                        while low < high {
                            let middle = (low + high) / 2
                            if choices[middle].hash < hash { low = middle + 1 } else { high = middle }
                        }
                        while low < choices.count && choices[low].hash == hash {
                            let candidate = choices[low]
                            low += 1
                            let y = Int(candidate.record)
                            let locale = run.locale(entry(y))
                            let choice = run.question(entry(y)).choices[Int(candidate.choice)]
                            guard !tried.contains(candidate.record),
                                  RunQuestions.choiceForm(choice.text.source(locale)) == statementWords[start...end].joined(separator: " ")
                            else { continue }
                            tried.insert(candidate.record)
                            let answer = QuestionWords(choice.text.source(locale), stems: stems)
                            let stem = questionWords(y)
                            guard answer.hasContentNotIn(stem) else { continue }
                            let statement = questionWords(s).removing(answer)
                            let shared = statement.sharedContent(with: stem)
                            // The slots last: comparing names letter by letter costs the most.
                            guard shared >= 2, Double(shared) >= rewordOverlap * Double(max(statement.contentCount, stem.contentCount)),
                                  !statement.fillsAnotherSlot(than: stem) else { continue }
                            join(s, y, similarity: vocabulary.similarity(s, y, of: texts), kind: .duplicate)
                        }
                    }
                }
            }
        }

        /// The run's entry of record `x` (the first copy of its text).
        func entry(_ x: Int) -> Int { run.firstEntry(ofGroup: nodes[x]) }

        /// Each record's normalized text as UTF-8, made again from its question when read (the
        /// run lets its forms go before the search).
        var texts: LazyMapCollection<Range<Int>, String.UTF8View> {
            let run = run, nodes = nodes
            return nodes.indices.lazy.map { QualityText.normalized(run.text(run.firstEntry(ofGroup: nodes[$0]))).utf8 }
        }

        mutating func questionWords(_ x: Int) -> QuestionWords {
            if let cached = questionWords[x] { return cached }
            let result = QuestionWords(run.text(entry(x)), stems: stems, numbers: numberLists[Int(numberKeys[x])])
            questionWords.keep(result, for: x)
            return result
        }

        mutating func words(_ x: Int) -> [UInt64] {
            if let cached = words[x] { return cached }
            let hashes = Self.wordHashes(QualityText.normalized(run.text(entry(x)), keepingWordBreaks: true))
            words.keep(hashes, for: x)
            return hashes
        }

        /// The hashes of the words of a normal form with word breaks, sorted.
        static func wordHashes(_ form: String) -> [UInt64] {
            guard form.utf8.allSatisfy({ $0 < 0x80 }) else { return form.split(separator: " ").map { FNV1a.hash($0.utf8) }.sorted() }
            // The words' bytes hashed in place (as `split` cuts them, without making substrings):
            // in ASCII a space is always a character of its own.
            var hashes: [UInt64] = []
            var h = FNV1a.offsetBasis, inWord = false
            for byte in form.utf8 {
                if byte == 0x20 {
                    if inWord { hashes.append(h) }
                    h = FNV1a.offsetBasis
                    inWord = false
                } else {
                    h = FNV1a.adding(byte, to: h)
                    inWord = true
                }
            }
            if inWord { hashes.append(h) }
            return hashes.sorted()
        }

        mutating func wrongChoices(_ x: Int) -> [UInt64] {
            if let cached = wrong[x] { return cached }
            let hashes = DuplicateQuestionRule.wrongForms(run.entries[entry(x)]).map { FNV1a.hash($0.utf8) }.sorted()
            wrong.keep(hashes, for: x)
            return hashes
        }

        /// Each sorted multiset has an element the other lacks (a word replaced on both sides).
        static func eachLacks(_ a: [UInt64], _ b: [UInt64]) -> Bool {
            var i = 0, j = 0, onlyA = false, onlyB = false
            while i < a.count && j < b.count {
                if a[i] == b[j] { i += 1; j += 1 } else if a[i] < b[j] { onlyA = true; i += 1 } else { onlyB = true; j += 1 }
            }
            if i < a.count { onlyA = true }
            if j < b.count { onlyB = true }
            return onlyA && onlyB
        }

        static func disjoint(_ a: [UInt64], _ b: [UInt64]) -> Bool {
            var i = 0, j = 0
            while i < a.count && j < b.count {
                if a[i] == b[j] { return false }
                if a[i] < b[j] { i += 1 } else { j += 1 }
            }
            return true
        }
    }

    static func noun(_ kind: Kind) -> String {
        switch kind {
        case .duplicate: return "likely duplicate"
        case .negated: return "negated statement"
        case .sibling: return "template sibling"
        }
    }

    /// Two decimals (without Foundation's formatter, which is slow for many findings).
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The runs of decimal digits of a text, sorted: `numbersOfAnyText`, read from the bytes of
    /// an ASCII text (most texts, and most have no digit), where the decimal digits are 0–9.
    static func numbers(_ text: String) -> [String] {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> [String]? in
            var result: [String] = []
            var start = -1
            for offset in bytes.indices {
                let byte = bytes[offset]
                if byte >= 0x80 { return nil }
                if byte >= 0x30 && byte <= 0x39 {
                    if start < 0 { start = offset }
                } else if start >= 0 {
                    result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
                    start = -1
                }
            }
            if start >= 0 { result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
            return result.sorted()
        }
        if let ascii = ascii ?? nil { return ascii }
        return numbersOfAnyText(text)
    }

    /// The runs of decimal digits (`Nd`) of any text, sorted.
    static func numbersOfAnyText(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .decimalNumber {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result.sorted()
    }
}

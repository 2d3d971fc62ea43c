/// How many questions of each topic one exam takes: `exam.size` shared out by the topic
/// weights with largest-remainder rounding.
///
/// Each weighted topic's exact share is weight × size; what the weights leave (1 − their sum,
/// when they add up to less than 1) is the share of the other questions (of topics without a
/// weight, or without a topic). Weights that add up to more than 1 are scaled down to add up
/// to 1. Every share gets its whole part (a product within 10⁻⁹ below a whole number counts as
/// that number: 0.7 × 10 is 7, not 6.999…), then the seats left go one each to the largest
/// fractional parts, ties to the topic declared first, the other questions last.
///
/// When weight × size is whole for every topic (as in the banks of `Banks/`), each topic's
/// count is the figure `quizbank stats` prints as "needs" (⌈weight × size⌉); otherwise it is
/// that figure or one less, never more, so a topic that stats says fills its share always can.
public struct ExamBlueprint: Sendable, Hashable {
    public struct Share: Sendable, Hashable {
        /// The topic; nil for the other questions.
        public var topic: String?
        public var questions: Int
    }

    /// Questions in one exam.
    public let size: Int
    /// One share per weighted topic, in declaration order, then one for the other questions
    /// when the weights leave them any.
    public let shares: [Share]

    /// The blueprint of `bank`'s exam: `exam.size`, or every question when the bank sets no size.
    public init(bank: CompiledBank) {
        self.init(size: bank.exam?.size ?? bank.questions.count, topics: bank.topics)
    }

    public init(size: Int, topics: [Topic]) {
        self.size = size
        let weighted = topics.compactMap { topic in topic.weight.map { (topic: Optional(topic.id), weight: $0) } }
        let total = weighted.reduce(0) { $0 + $1.weight }
        var parties = weighted
        if total < 1 - 1e-9 { parties.append((nil, 1 - total)) }
        let scale = max(total, 1)
        let exact = parties.map { $0.weight / scale * Double(size) }
        var counts = exact.map { Int(($0 + 1e-9).rounded(.down)) }
        let remainders = zip(exact, counts).map { max(0, $0 - Double($1)) }
        let seatsLeft = max(0, size - counts.reduce(0, +))
        let order = remainders.indices.sorted { remainders[$0] > remainders[$1] || (remainders[$0] == remainders[$1] && $0 < $1) }
        for index in order.prefix(seatsLeft) { counts[index] += 1 }
        shares = zip(parties, counts).map { Share(topic: $0.topic, questions: $1) }
    }

    /// The count for `topic`; nil for a topic without a share.
    public func questions(of topic: String) -> Int? {
        shares.first { $0.topic == topic }?.questions
    }
}

/// A question as a learner sees it: its choices in the order shown.
public struct PresentedQuestion: Sendable, Hashable, Identifiable {
    public let question: Question
    /// For each choice shown, its index in `question`'s authored choices; empty for a
    /// true/false question.
    public let choiceOrder: [Int]

    public var id: String { question.id }

    /// The choices in authored order, or shuffled with `generator` when the question allows it.
    public init<G: RandomNumberGenerator>(_ question: Question, shufflingChoicesWith generator: inout G) {
        self.question = question
        guard let set = question.choiceSet else {
            choiceOrder = []
            return
        }
        var order = Array(set.choices.indices)
        if set.shuffle { Draw.shuffle(&order, using: &generator) }
        choiceOrder = order
    }

    /// The choices in authored order.
    public init(_ question: Question) {
        self.question = question
        choiceOrder = question.choiceSet.map { Array($0.choices.indices) } ?? []
    }

    /// The choices in the order shown; empty for a true/false question.
    public var choices: [Choice] {
        guard let set = question.choiceSet else { return [] }
        return choiceOrder.map { set.choices[$0] }
    }

    /// Indexes into `choices` of the correct ones, ascending.
    public var correctChoices: [Int] {
        guard let set = question.choiceSet else { return [] }
        return choiceOrder.indices.filter { set.correct.contains(choiceOrder[$0]) }
    }

    /// The response that answers this question right.
    public var correctResponse: Response {
        if let answer = question.trueFalseAnswer { return .trueFalse(answer) }
        return .choices(Set(correctChoices))
    }

    /// Whether `response` answers this question right. A single-choice question is right when
    /// the one choice picked is the correct one; a multiple-choice question is all or nothing:
    /// right only when the choices picked are exactly the correct ones (one missing, or one
    /// wrong one added, makes it wrong; there is no partial credit). Throws for a response of
    /// the other kind, an index outside `choices`, no choice picked, or several picked for a
    /// single-choice question.
    public func isCorrect(_ response: Response) throws -> Bool {
        switch (question.content, response) {
        case (.trueFalse(let answer), .trueFalse(let given)):
            return answer == given
        case (.choices, .choices(let picked)):
            guard !picked.isEmpty else { throw QuizError.invalidChoice(questionID: question.id, index: nil) }
            if let index = picked.first(where: { !choiceOrder.indices.contains($0) }) {
                throw QuizError.invalidChoice(questionID: question.id, index: index)
            }
            if question.kind == .singleChoice, picked.count > 1 {
                throw QuizError.invalidChoice(questionID: question.id, index: picked.sorted()[1])
            }
            return picked == Set(correctChoices)
        default:
            throw QuizError.responseKindMismatch(questionID: question.id)
        }
    }
}

/// A learner's answer to a presented question.
public enum Response: Sendable, Hashable {
    case trueFalse(Bool)
    /// Indexes into `PresentedQuestion.choices` (the order shown, not the authored one).
    case choices(Set<Int>)

    /// One choice, for a single-choice question.
    public static func choice(_ index: Int) -> Response { .choices([index]) }
}

/// A test drawn from a bank.
public struct Exam: Sendable, Hashable {
    public let bankID: String
    public let questions: [PresentedQuestion]
    /// Fraction of the questions to get right to pass; nil when the bank sets none.
    public let passingScore: Double?
    /// Questions a demo user may answer; nil when the bank sets none.
    public let demoLimit: Int?
    public let blueprint: ExamBlueprint
}

extension CompiledBank {
    /// Draws a test by `ExamBlueprint(bank:)`: each weighted topic's count of its questions,
    /// the other questions' share from questions outside the weighted topics; a topic with too
    /// few questions gives all it has and its shortfall joins the other questions' share, and
    /// when those run out the shortfall is drawn from the weighted topics' questions not drawn
    /// yet. No question is drawn twice. The questions are then put in a random order, and each
    /// choice question whose `shuffle` is true gets its choices shuffled.
    ///
    /// With a seeded generator (`SplitMix64`), the same seed gives the same exam: the draws are
    /// made in a fixed order (docs/engines.md, "Drawing an exam") by the algorithms in `Draw`.
    /// Throws `QuizError.examLargerThanBank` when `exam.size` exceeds the bank's questions.
    public func drawExam<G: RandomNumberGenerator>(using generator: inout G) throws -> Exam {
        let blueprint = ExamBlueprint(bank: self)
        guard blueprint.size <= questions.count else {
            throw QuizError.examLargerThanBank(size: blueprint.size, questions: questions.count)
        }
        let weightedTopics = Set(blueprint.shares.compactMap(\.topic))
        var byTopic: [String: [Int]] = [:]
        var others: [Int] = []
        for (index, question) in questions.enumerated() {
            if let topic = question.topic, weightedTopics.contains(topic) {
                byTopic[topic, default: []].append(index)
            } else {
                others.append(index)
            }
        }
        var drawn: [Int] = []
        var drawnSet = Set<Int>()
        var othersWanted = 0
        for share in blueprint.shares {
            guard let topic = share.topic else {
                othersWanted += share.questions
                continue
            }
            let picked = Draw.sample(share.questions, from: byTopic[topic] ?? [], using: &generator)
            drawn += picked
            drawnSet.formUnion(picked)
            othersWanted += share.questions - picked.count
        }
        let pickedOthers = Draw.sample(othersWanted, from: others, using: &generator)
        drawn += pickedOthers
        let shortfall = othersWanted - pickedOthers.count
        if shortfall > 0 {
            let rest = byTopic.values.joined().filter { !drawnSet.contains($0) }.sorted()
            drawn += Draw.sample(shortfall, from: rest, using: &generator)
        }
        Draw.shuffle(&drawn, using: &generator)
        let presented = drawn.map { PresentedQuestion(questions[$0], shufflingChoicesWith: &generator) }
        return Exam(bankID: id, questions: presented, passingScore: exam?.passingScore, demoLimit: exam?.demoLimit, blueprint: blueprint)
    }

    /// Draws a test with the system's random generator (a different exam each time).
    public func drawExam() throws -> Exam {
        var generator = SystemRandomNumberGenerator()
        return try drawExam(using: &generator)
    }
}

/// A run through a list of questions: hands them out in order, takes the answers, keeps the
/// score, and gives the result and the review at the end. A trivia game runs one over a whole
/// bank (`CompiledBank.practiceSession()`); a test app over a drawn exam (`init(exam:access:)`).
public struct QuizSession: Sendable, Hashable {
    /// Who takes an exam: a demo (free) user answers at most the exam's demo limit.
    public enum Access: Sendable, Hashable {
        case full
        case demo
    }

    /// Every question of the run, in order (a question can be shown by index: `questions[i]`).
    public let questions: [PresentedQuestion]
    public let passingScore: Double?
    /// The most questions this run takes (a demo limit); nil for all of them.
    public let questionLimit: Int?
    /// The answers so far, in order: the review list once the run is finished.
    public private(set) var answers: [AnsweredQuestion] = []

    public init(questions: [PresentedQuestion], passingScore: Double? = nil, questionLimit: Int? = nil) {
        self.questions = questions
        self.passingScore = passingScore
        self.questionLimit = questionLimit.map { max(0, $0) }
    }

    /// A run through `exam`; with `.demo` access it stops after the exam's demo limit (a bank
    /// without one lets a demo user take the whole exam).
    public init(exam: Exam, access: Access = .full) {
        self.init(questions: exam.questions, passingScore: exam.passingScore, questionLimit: access == .demo ? exam.demoLimit : nil)
    }

    /// How many questions this run takes: all, or fewer under the limit.
    public var answerableCount: Int { min(questions.count, questionLimit ?? questions.count) }

    /// The position of the question to answer next (the number answered so far).
    public var currentIndex: Int { answers.count }

    /// The question to answer next; nil when the run is finished.
    public var currentQuestion: PresentedQuestion? {
        currentIndex < answerableCount ? questions[currentIndex] : nil
    }

    public var isFinished: Bool { currentIndex >= answerableCount }

    /// Whether the run ended at the question limit with questions left (a demo user's stop).
    public var stoppedAtLimit: Bool { isFinished && answers.count < questions.count }

    public var correctCount: Int { answers.filter(\.isCorrect).count }

    /// Takes the answer to `currentQuestion` and says whether it was right.
    @discardableResult
    public mutating func answer(_ response: Response) throws -> AnsweredQuestion {
        guard let question = currentQuestion else { throw QuizError.noQuestionToAnswer }
        let answered = AnsweredQuestion(number: currentIndex + 1, question: question, response: response,
                                        isCorrect: try question.isCorrect(response))
        answers.append(answered)
        return answered
    }

    public var result: QuizResult {
        QuizResult(correct: correctCount, answered: answers.count, total: questions.count, passingScore: passingScore)
    }
}

/// A question answered: what an answer screen and an answer-review screen show.
public struct AnsweredQuestion: Sendable, Hashable, Identifiable {
    /// 1-based position in the run.
    public let number: Int
    public let question: PresentedQuestion
    public let response: Response
    public let isCorrect: Bool

    public var id: String { question.id }
    public var questionText: String { question.question.text }
    public var explanation: String? { question.question.explanation }

    /// What the learner chose.
    public var chosenAnswer: Answer { answer(for: response) }
    /// The right answer.
    public var correctAnswer: Answer { answer(for: question.correctResponse) }

    /// The feedback of the choices picked, in the order shown.
    public var feedback: [String] {
        guard case .choices(let picked) = response else { return [] }
        return picked.sorted().compactMap { question.choices[$0].feedback }
    }

    private func answer(for response: Response) -> Answer {
        switch response {
        case .trueFalse(let value): return .trueFalse(value)
        case .choices(let picked): return .choices(picked.sorted().map { question.choices[$0] })
        }
    }

    /// An answer as a review shows it.
    public enum Answer: Sendable, Hashable {
        case trueFalse(Bool)
        /// The choices, in the order they were shown.
        case choices([Choice])
    }
}

/// The score of a run.
public struct QuizResult: Sendable, Hashable {
    public let correct: Int
    public let answered: Int
    /// Questions in the run (an exam's size).
    public let total: Int
    public let passingScore: Double?

    public init(correct: Int, answered: Int, total: Int, passingScore: Double?) {
        self.correct = correct
        self.answered = answered
        self.total = total
        self.passingScore = passingScore
    }

    /// Every question answered (not stopped at a demo limit).
    public var isComplete: Bool { answered == total }

    /// Correct answers needed to pass: ⌈passingScore × total⌉, a product within 10⁻⁹ above a
    /// whole number counting as that number (0.7 × 10 needs 7), as `quizbank stats` counts it.
    public var requiredToPass: Int? {
        passingScore.map { max(0, Int(($0 * Double(total) - 1e-9).rounded(.up))) }
    }

    /// Whether the run passed; nil when the bank sets no passing score or the run is not
    /// complete (a demo stop is neither pass nor fail).
    public var passed: Bool? {
        guard isComplete, let required = requiredToPass else { return nil }
        return correct >= required
    }

    /// Correct answers as a fraction of the questions in the run.
    public var score: Double { total == 0 ? 0 : Double(correct) / Double(total) }
}

extension CompiledBank {
    /// Every question in authored order, choices as authored: a trivia game's run, whose
    /// questions can be handed out by index.
    public func practiceSession() -> QuizSession {
        QuizSession(questions: questions.map { PresentedQuestion($0) })
    }
}

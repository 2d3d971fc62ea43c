import Foundation
@testable import QuizBankKit
import Testing

/// Random banks, made from a seed, for the properties of drawing and scoring.
struct RandomBank {
    static func make(seed: UInt64) -> CompiledBank {
        var generator = SplitMix64(seed: seed)
        func below(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        let topicCount = below(5)
        var topics: [Topic] = []
        var weights = (0..<topicCount).map { _ in Double(1 + below(20)) }
        // Most banks' weights add up to 1; some add up to less (the rest is for the others),
        // some to more (scaled down), some topics have none.
        let total = weights.reduce(0, +)
        let scale = [1.0, 1.0, 0.7, 1.3][below(4)]
        weights = weights.map { ($0 / total * scale * 100).rounded() / 100 }
        for index in 0..<topicCount {
            let weight: Double? = below(6) == 0 ? nil : min(1, weights[index])
            topics.append(Topic(id: "topic-\(index)", title: "Topic \(index)", weight: weight))
        }
        var questions: [Question] = []
        for index in 0..<(1 + below(60)) {
            let topic = topicCount == 0 || below(8) == 0 ? nil : topics[below(topicCount)].id
            let content: Question.Content
            switch below(3) {
            case 0:
                content = .trueFalse(answer: below(2) == 0)
            default:
                let count = 2 + below(7)
                var correct = [below(count)]
                if below(2) == 0 {
                    let second = below(count)
                    if second != correct[0] { correct = [correct[0], second].sorted() }
                }
                content = .choices(ChoiceSet(choices: (0..<count).map { Choice(text: "choice \($0)") }, correct: correct, shuffle: below(3) != 0))
            }
            questions.append(Question(id: "q\(index)", topic: topic, text: "Question \(index)", content: content, explanation: "Because."))
        }
        let size = below(4) == 0 ? nil : 1 + below(questions.count)
        let exam = ExamSettings(size: size, passingScore: Double(below(11)) / 10, demoLimit: below(4) == 0 ? nil : below(12))
        return CompiledBank(id: "random-\(seed)", locale: "en", sourceLocale: "en", locales: ["en"], title: "Random",
                            topics: topics, exam: exam, questions: questions, sha256: String(repeating: "0", count: 64))
    }
}

@Suite struct ExamDrawingTests {
    static let seeds: [UInt64] = Array(1...300)

    @Test func blueprintsShareTheSizeByLargestRemainder() {
        for seed in Self.seeds {
            let bank = RandomBank.make(seed: seed)
            let blueprint = ExamBlueprint(bank: bank)
            #expect(blueprint.size == bank.exam?.size ?? bank.questions.count)
            #expect(blueprint.shares.map(\.questions).reduce(0, +) == blueprint.size, "seed \(seed)")
            let weighted = bank.topics.filter { $0.weight != nil }
            #expect(blueprint.shares.compactMap(\.topic) == weighted.map(\.id))
            let total = weighted.compactMap(\.weight).reduce(0, +)
            for share in blueprint.shares {
                let weight = share.topic.flatMap { bank.topic($0)?.weight } ?? (1 - total)
                let exact = weight / max(total, 1) * Double(blueprint.size)
                // Largest remainder: the whole part, or one more.
                #expect(share.questions >= Int((exact + 1e-9).rounded(.down)) && share.questions <= Int((exact + 1e-9).rounded(.down)) + 1,
                        "seed \(seed): \(share) for \(exact)")
            }
        }
    }

    @Test func largestRemainderGivesTheSeatsLeftToTheLargestFractions() {
        // 10 × (0.33, 0.33, 0.34) = 3.3, 3.3, 3.4: one seat left, to the 0.4.
        let thirds = ExamBlueprint(size: 10, topics: [Topic(id: "a", title: "A", weight: 0.33), Topic(id: "b", title: "B", weight: 0.33), Topic(id: "c", title: "C", weight: 0.34)])
        #expect(thirds.shares.map(\.questions) == [3, 3, 4])
        // 7 × (0.5, 0.5) = 3.5 each: the tie goes to the topic declared first.
        let halves = ExamBlueprint(size: 7, topics: [Topic(id: "a", title: "A", weight: 0.5), Topic(id: "b", title: "B", weight: 0.5)])
        #expect(halves.shares.map(\.questions) == [4, 3])
        // 0.7 × 10 is 7.000000000000001 in binary: 7, not 8 (and not 6 for 6.9999…).
        let tenths = ExamBlueprint(size: 10, topics: [Topic(id: "a", title: "A", weight: 0.7), Topic(id: "b", title: "B", weight: 0.3)])
        #expect(tenths.shares.map(\.questions) == [7, 3])
        // Weights adding up to 0.6 leave 0.4 of the exam to the other questions.
        let partial = ExamBlueprint(size: 10, topics: [Topic(id: "a", title: "A", weight: 0.6), Topic(id: "b", title: "B")])
        #expect(partial.shares == [.init(topic: "a", questions: 6), .init(topic: nil, questions: 4)])
        // Weights adding up to 2 are halved.
        let double = ExamBlueprint(size: 10, topics: [Topic(id: "a", title: "A", weight: 1), Topic(id: "b", title: "B", weight: 1)])
        #expect(double.shares.map(\.questions) == [5, 5])
    }

    @Test func drawnExamsHaveTheSizeTheSharesAndNoRepeats() throws {
        for seed in Self.seeds {
            let bank = RandomBank.make(seed: seed)
            var generator = SplitMix64(seed: seed &* 31)
            let exam = try bank.drawExam(using: &generator)
            let blueprint = exam.blueprint
            #expect(exam.questions.count == blueprint.size, "seed \(seed)")
            #expect(Set(exam.questions.map(\.id)).count == exam.questions.count, "seed \(seed): a question drawn twice")
            let byTopic = Dictionary(grouping: bank.questions, by: \.topic)
            for share in blueprint.shares {
                guard let topic = share.topic else { continue }
                let available = byTopic[topic]?.count ?? 0
                let drawn = exam.questions.filter { $0.question.topic == topic }.count
                // A topic gives its share, or all it has; it gives more only to fill others' shortfall.
                #expect(drawn >= min(share.questions, available), "seed \(seed): topic \(topic)")
                let othersAvailable = bank.questions.count - bank.questions.filter { q in blueprint.shares.contains { $0.topic != nil && $0.topic == q.topic } }.count
                let shortfall = blueprint.shares.reduce(0) { sum, share in
                    let has = share.topic.map { topic in byTopic[topic]?.count ?? 0 } ?? othersAvailable
                    return sum + max(0, share.questions - has)
                }
                #expect(drawn <= share.questions + shortfall, "seed \(seed): topic \(topic)")
                if shortfall == 0 { #expect(drawn == share.questions, "seed \(seed): topic \(topic)") }
            }
            for presented in exam.questions {
                guard let set = presented.question.choiceSet else {
                    #expect(presented.choiceOrder.isEmpty)
                    continue
                }
                #expect(presented.choiceOrder.sorted() == Array(set.choices.indices))
                if !set.shuffle { #expect(presented.choiceOrder == Array(set.choices.indices)) }
                #expect(presented.correctChoices.map { presented.choiceOrder[$0] }.sorted() == set.correct)
            }
        }
    }

    @Test func theSameSeedDrawsTheSameExamAndOthersDiffer() throws {
        let bank = try Repository.exampleDocument("Banks/driving/driving.yaml", "driving-test.en.json").0
        var exams = Set<[String]>()
        var choiceOrders = Set<[[Int]]>()
        for seed: UInt64 in 1...20 {
            var first = SplitMix64(seed: seed), second = SplitMix64(seed: seed)
            let one = try bank.drawExam(using: &first), other = try bank.drawExam(using: &second)
            #expect(one == other, "seed \(seed)")
            exams.insert(one.questions.map(\.id))
            choiceOrders.insert(one.questions.map(\.choiceOrder))
        }
        #expect(exams.count == 20)
        #expect(choiceOrders.count == 20)
    }

    /// A fixed seed gives a fixed exam on every platform: the draws are spelt out, not left to
    /// the standard library.
    @Test func theGeneratorIsPinnedAndASeedRepeatsItsExam() throws {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        let bank = try Repository.exampleDocument("Banks/astronomy/astronomy.yaml", "astronomy.en.json").0
        var seeded = SplitMix64(seed: 7)
        let exam = try bank.drawExam(using: &seeded)
        #expect(exam.blueprint.shares.map(\.questions) == [3, 3, 2, 2])
        let counts = Dictionary(grouping: exam.questions, by: { $0.question.topic ?? "" }).mapValues(\.count)
        #expect(counts == ["sun-and-stars": 3, "planets": 3, "moon": 2, "universe": 2])
        var again = SplitMix64(seed: 7)
        #expect(try bank.drawExam(using: &again).questions.map(\.id) == exam.questions.map(\.id))
    }

    @Test func uniformDrawsHaveNoBias() {
        var generator = SplitMix64(seed: 99)
        var counts = [Int](repeating: 0, count: 6)
        for _ in 0..<60_000 { counts[Draw.below(6, using: &generator)] += 1 }
        // Each face 10,000 times expected; 5 standard deviations is about ±456.
        #expect(counts.allSatisfy { abs($0 - 10_000) < 460 }, "\(counts)")
    }

    @Test func anExamLargerThanTheBankIsAnError() {
        var bank = RandomBank.make(seed: 5)
        bank.exam = ExamSettings(size: bank.questions.count + 1)
        var generator = SplitMix64(seed: 1)
        #expect(throws: QuizError.examLargerThanBank(size: bank.questions.count + 1, questions: bank.questions.count)) {
            try bank.drawExam(using: &generator)
        }
    }
}

@Suite struct ScoringTests {
    @Test func demoUsersStopAtTheLimitWithNoPassOrFail() throws {
        for seed in ExamDrawingTests.seeds {
            let bank = RandomBank.make(seed: seed)
            var generator = SplitMix64(seed: seed)
            let exam = try bank.drawExam(using: &generator)
            var demo = QuizSession(exam: exam, access: .demo)
            let limit = min(exam.questions.count, exam.demoLimit ?? exam.questions.count)
            #expect(demo.answerableCount == limit)
            while let question = demo.currentQuestion { try demo.answer(question.correctResponse) }
            #expect(demo.answers.count == limit, "seed \(seed)")
            #expect(demo.stoppedAtLimit == (limit < exam.questions.count))
            #expect(throws: QuizError.noQuestionToAnswer) { try demo.answer(.trueFalse(true)) }
            if demo.stoppedAtLimit { #expect(demo.result.passed == nil) }
            var full = QuizSession(exam: exam, access: .full)
            while let question = full.currentQuestion { try full.answer(question.correctResponse) }
            #expect(full.answers.count == exam.questions.count && !full.stoppedAtLimit)
            #expect(full.result.passed == true && full.result.correct == exam.questions.count)
        }
    }

    @Test func multipleChoiceIsAllOrNothing() throws {
        for seed in ExamDrawingTests.seeds.prefix(100) {
            let bank = RandomBank.make(seed: seed)
            for question in bank.questions {
                var generator = SplitMix64(seed: seed)
                let presented = PresentedQuestion(question, shufflingChoicesWith: &generator)
                switch question.content {
                case .trueFalse(let answer):
                    #expect(try presented.isCorrect(.trueFalse(answer)))
                    #expect(try !presented.isCorrect(.trueFalse(!answer)))
                    #expect(throws: QuizError.responseKindMismatch(questionID: question.id)) { try presented.isCorrect(.choice(0)) }
                case .choices(let set):
                    let correct = Set(presented.correctChoices)
                    #expect(correct.count == set.correct.count)
                    #expect(presented.correctChoices.allSatisfy { set.correct.contains(presented.choiceOrder[$0]) })
                    // Every subset of the choices: right exactly when it is the correct set
                    // (checked without an expectation per subset, which would take long).
                    let count = set.choices.count
                    var misjudged: [Set<Int>] = []
                    for mask in 1..<(1 << count) {
                        let picked = Set((0..<count).filter { mask & (1 << $0) != 0 })
                        let verdict = try? presented.isCorrect(.choices(picked))
                        let expected: Bool? = question.kind == .singleChoice && picked.count > 1 ? nil : picked == correct
                        if verdict != expected { misjudged.append(picked) }
                    }
                    #expect(misjudged.isEmpty, "seed \(seed), \(question.id): misjudged \(misjudged)")
                    #expect(throws: QuizError.invalidChoice(questionID: question.id, index: count)) { try presented.isCorrect(.choice(count)) }
                    #expect(throws: QuizError.invalidChoice(questionID: question.id, index: nil)) { try presented.isCorrect(.choices([])) }
                    #expect(throws: QuizError.responseKindMismatch(questionID: question.id)) { try presented.isCorrect(.trueFalse(true)) }
                }
            }
        }
    }

    @Test func passingIsCountedAgainstTheScoreAsStatsCountsIt() {
        // 0.7 × 10 needs 7 (not 8 for 7.000000000000001); 0.75 × 10 needs 8.
        #expect(QuizResult(correct: 7, answered: 10, total: 10, passingScore: 0.7).passed == true)
        #expect(QuizResult(correct: 6, answered: 10, total: 10, passingScore: 0.7).passed == false)
        #expect(QuizResult(correct: 7, answered: 10, total: 10, passingScore: 0.75).requiredToPass == 8)
        #expect(QuizResult(correct: 16, answered: 20, total: 20, passingScore: 0.8).passed == true)
        #expect(QuizResult(correct: 5, answered: 5, total: 20, passingScore: 0.8).passed == nil)
        #expect(QuizResult(correct: 5, answered: 5, total: 5, passingScore: nil).passed == nil)
        #expect(QuizResult(correct: 0, answered: 3, total: 3, passingScore: 0).passed == true)
    }

    @Test func theReviewListsEachAnswerWithTheRightOne() throws {
        let bank = try Repository.exampleDocument("Banks/driving/driving.yaml", "driving-test.en.json").0
        var generator = SplitMix64(seed: 3)
        let exam = try bank.drawExam(using: &generator)
        var session = QuizSession(exam: exam)
        var wrongOnes: Set<String> = []
        for index in exam.questions.indices {
            let question = exam.questions[index]
            if index % 3 == 0, case .choices(let correct) = question.correctResponse {
                let wrong = try #require(question.choices.indices.first { !correct.contains($0) })
                try session.answer(.choice(wrong))
                wrongOnes.insert(question.id)
            } else {
                try session.answer(question.correctResponse)
            }
        }
        let result = session.result
        #expect(result.correct == exam.questions.count - wrongOnes.count)
        #expect(result.requiredToPass == 16)
        #expect(result.passed == (result.correct >= 16))
        for answered in session.answers {
            #expect(answered.isCorrect == !wrongOnes.contains(answered.id))
            #expect(answered.questionText == answered.question.question.text)
            #expect(answered.explanation == answered.question.question.explanation)
            #expect((answered.chosenAnswer == answered.correctAnswer) == answered.isCorrect)
            if case .choices(let choices) = answered.correctAnswer {
                let authored = try #require(answered.question.question.choiceSet)
                #expect(choices == authored.correct.map { authored.choices[$0] })
            }
        }
    }
}

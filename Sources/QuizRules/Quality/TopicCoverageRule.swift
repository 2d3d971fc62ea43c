import Foundation
import QuizBank
import QuizLint

struct TopicCoverageRule: BankRule {
    static let description = RuleDescription(
        id: "topic-coverage",
        summary: "A weighted topic has fewer questions than one exam draws from it, or the topic weights do not add up to 1.",
        rationale: """
            A test's content follows its blueprint: each topic gets its share of the items \
            (Haladyna, Downing & Rodriguez 2002, guideline 2, "base each item on important \
            content", and the NBME item-writing guide's test blueprints). Here the blueprint is \
            `exam.size` and the topic `weight`s: an engine drawing an exam takes ceil(weight × \
            size) questions from each weighted topic. A topic with fewer questions than that \
            cannot fill its share, so every exam over- or under-represents it, or an engine fails \
            to draw one.

            It reads each bank's `topics`, `exam.size` and the questions' `topic`, and reports:

            - Each short topic (fewer questions than ceil(weight × size)), at its key under \
            `topics`, with how many questions it has and needs; when the bank declares topics, the \
            message also counts the questions that have none, since they may be the ones meant for it.
            - Weights that do not add up to 1 (within 0.1%): the weights are shares of one exam. \
            Weights that add up to more promise more questions than an exam has, and weights of \
            every topic that add up to less leave part of the exam to no topic. That is reported \
            once, at the first weighted topic, with the total.

            Not checked for their count:

            - Topics without a weight, or with a weight outside 0 to 1 (a `value-range` error \
            already; nor is the total checked then).
            - Banks without `exam.size`.
            - Banks where a question names a topic the bank does not declare (an \
            `undeclared-topic` error, most likely meant for a declared topic, so the counts are \
            not to be trusted).

            Known limits:

            - Only counts are checked against the blueprint: whether a topic's questions are about \
            it, or vary in difficulty, is not looked at.
            """,
        severity: .warning,
        scope: .bank,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                topics:
                  stars: {title: Stars, weight: 0.5}
                  ↓planets: {title: Planets, weight: 0.5}
                exam:
                  size: 4
                questions:
                  - id: sun
                    topic: stars
                    text: The Sun is a star.
                    answer: true
                  - id: sirius
                    topic: stars
                    text: Sirius is a star.
                    answer: true
                  - id: mars
                    topic: planets
                    text: Mars is a planet.
                    answer: true
                  - id: moon
                    text: The Moon is a planet.
                    answer: false
                """),
            // The same with the Moon under `planets`: 2 questions for ceil(0.5 × 4) = 2.
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                topics:
                  stars: {title: Stars, weight: 0.5}
                  planets: {title: Planets, weight: 0.5}
                exam:
                  size: 4
                questions:
                  - id: sun
                    topic: stars
                    text: The Sun is a star.
                    answer: true
                  - id: sirius
                    topic: stars
                    text: Sirius is a star.
                    answer: true
                  - id: mars
                    topic: planets
                    text: Mars is a planet.
                    answer: true
                  - id: moon
                    topic: planets
                    text: The Moon is a planet.
                    answer: false
                """),
            // Weights that add up to 1.2: reported at the first weighted topic, with or without an exam.
            .triggering("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                topics:
                  ↓stars: {title: Stars, weight: 0.6}
                  planets: {title: Planets, weight: 0.6}
                questions:
                  - id: sun
                    topic: stars
                    text: The Sun is a star.
                    answer: true
                """),
            // Weights, but no exam size: nothing to fill.
            .passing("""
                quizbank: 1
                id: demo
                title: Demo
                locale: en
                topics:
                  stars: {title: Stars, weight: 0.3}
                  planets: {title: Planets, weight: 0.7}
                questions:
                  - id: sun
                    topic: stars
                    text: The Sun is a star.
                    answer: true
                """),
        ])

    init(options: RuleOptions) {}

    /// Questions an exam of `size` draws from a topic of `weight` in 0...1 (a float product such
    /// as 0.3 × 10 = 3.0000000000000004 still needs 3). Never more than `size`: near `Int.max`
    /// the product rounds past it.
    static func needed(weight: Double, size: Int) -> Int {
        let product = (weight * Double(size) - 1e-9).rounded(.up)
        return product < Double(size) ? Int(product) : size
    }

    func check(_ bank: LintBank, report: inout FindingReporter) {
        let header = bank.bank.header
        checkWeightTotal(header.topics, report: &report)
        guard let size = header.exam?.size?.value, size > 0, !header.topics.isEmpty else { return }
        var counts: [String: Int] = [:]
        var untopiced = 0
        for question in bank.bank.questions {
            if let topic = question.topic?.value { counts[topic, default: 0] += 1 } else { untopiced += 1 }
        }
        // A question naming an undeclared topic is an undeclared-topic error, and most likely
        // meant for one of the declared topics: their counts are not to be trusted.
        let declared = Set(header.topics.map(\.id.value))
        guard counts.keys.allSatisfy(declared.contains) else { return }
        for topic in header.topics {
            // A weight outside 0...1 is a value-range error already: its share means nothing.
            guard let weight = topic.weight, weight > 0, weight <= 1 else { continue }
            let needed = Self.needed(weight: weight, size: size)
            let have = counts[topic.id.value] ?? 0
            guard have < needed else { continue }
            let none = untopiced == 0 ? "" : "; \(untopiced) question\(untopiced == 1 ? " has" : "s have") no topic"
            report("""
                topic '\(topic.id.value)' has \(have) question\(have == 1 ? "" : "s"), but an exam of \(size) draws \
                ceil(\(weight) × \(size)) = \(needed) from it\(none)
                """, at: topic.id.range)
        }
    }

    /// Weights are shares of one exam: more than 1 in all cannot be drawn, and less than 1
    /// when every topic has a weight leaves a share to no topic.
    private func checkWeightTotal(_ topics: [Topic], report: inout FindingReporter) {
        let weighted = topics.filter { $0.weight != nil }
        // A weight outside 0...1 is already a value-range error: the total follows from it.
        guard let first = weighted.first, weighted.allSatisfy({ (0...1).contains($0.weight ?? 0) }) else { return }
        let total = weighted.reduce(0) { $0 + ($1.weight ?? 0) }
        let everyTopicWeighted = weighted.count == topics.count
        guard total > 1.001 || (everyTopicWeighted && total < 0.999) else { return }
        let percent = (total * 1000).rounded() / 10
        let shown = percent == percent.rounded() ? String(Int(percent)) : String(percent)
        report("""
            the topic weights add up to \(shown)%; they are shares of one exam and must add up to 100%
            """, at: first.id.range)
    }
}

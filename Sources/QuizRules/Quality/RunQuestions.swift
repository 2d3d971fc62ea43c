import Foundation
import QuizBank
import QuizLint

/// The questions of a run, normalized for the duplicate rules: each question's source text in
/// comparison form, grouped by equal forms (within one source locale), in report order.
struct RunQuestions {
    struct Entry {
        var place: QuestionPlace
        var locale: String
        var normalized: String
        var answer: AnswerKey
    }

    /// What a question's answer is, in a form that compares: a true/false answer, or the set of
    /// normalized correct choice texts.
    enum AnswerKey: Hashable {
        case trueFalse(Bool)
        case choices([String])

        var description: String {
            switch self {
            case .trueFalse(let value): return String(value)
            case .choices(let texts): return texts.count == 1 ? "'\(texts[0])'" : "[" + texts.map { "'\($0)'" }.joined(separator: ", ") + "]"
            }
        }
    }

    /// Entries in report order (bank path, then position), without those whose text normalizes
    /// to nothing.
    var entries: [Entry] = []
    /// Indexes into `entries` of each set of equal texts (same locale and normalized text), in
    /// order of their first member; every member list is in report order.
    var groups: [[Int]] = []

    init(_ banks: [LintBank]) {
        for bank in banks.sorted(by: { $0.path < $1.path }) {
            let locale = bank.sourceLocale
            let questions = bank.bank.questions
            for index in questions.indices {
                let normalized = QualityText.normalized(questions[index].text.source(locale))
                guard !normalized.isEmpty else { continue }
                entries.append(Entry(place: QuestionPlace(path: bank.path, questions: questions, index: index), locale: locale,
                                     normalized: normalized, answer: Self.answer(of: questions[index], locale: locale)))
            }
        }
        var groupOf: [String: Int] = [:]
        for index in entries.indices {
            let key = entries[index].locale + "\u{0}" + entries[index].normalized
            if let group = groupOf[key] {
                groups[group].append(index)
            } else {
                groupOf[key] = groups.count
                groups.append([index])
            }
        }
    }

    static func answer(of question: Question, locale: String) -> AnswerKey {
        if question.kind == .trueFalse { return .trueFalse(question.answer?.value ?? false) }
        let correct = question.choices.filter(\.correct).map { choiceForm($0.text.source(locale)) }
        return .choices(correct.sorted())
    }

    /// A choice in comparison form, with word breaks kept (`Tu Pac` is not `Tupac`); a choice
    /// of punctuation only keeps its trimmed text.
    static func choiceForm(_ text: String) -> String {
        let normalized = QualityText.normalized(text, keepingWordBreaks: true)
        return normalized.isEmpty ? text.trimmingCharacters(in: .whitespacesAndNewlines) : normalized
    }
}

/// Disjoint sets over 0..<count (union by size, path halving).
struct UnionFind {
    private var parent: [Int]
    private var size: [Int]

    init(count: Int) {
        parent = Array(0..<count)
        size = [Int](repeating: 1, count: count)
    }

    mutating func find(_ element: Int) -> Int {
        var element = element
        while parent[element] != element {
            parent[element] = parent[parent[element]]
            element = parent[element]
        }
        return element
    }

    mutating func union(_ a: Int, _ b: Int) {
        var a = find(a), b = find(b)
        guard a != b else { return }
        if size[a] < size[b] { swap(&a, &b) }
        parent[b] = a
        size[a] += size[b]
    }
}

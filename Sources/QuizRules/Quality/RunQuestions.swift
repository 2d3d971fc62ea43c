import Foundation
import QuizBank
import QuizLint
import QuizSupport

/// The questions of a run, normalized for the duplicate rules: each question's source text in
/// comparison form, grouped by equal forms (within one source locale), in report order.
///
/// A run of a million questions keeps one entry per question, so entries are stored small: a
/// bank number, a position and an answer number (12 bytes); each distinct answer is kept once,
/// each distinct comparison form once, as UTF-8 in one buffer, and the groups' members in one
/// array. `entries` and `groups` read them as values.
struct RunQuestions {
    /// A bank of the run, with the locale of its source texts.
    struct Bank {
        var path: String
        var questions: QuestionList
        var locale: String
    }

    /// A question of the run, as the rules read it.
    struct Entry {
        var place: QuestionPlace
        var locale: String
        var answer: AnswerKey
    }

    /// What an entry is stored as: indexes into `banks`, the bank's questions and `answers`.
    struct Stored {
        var bank: Int32
        var index: Int32
        var answer: Int32
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

    /// The banks, by path.
    private(set) var banks: [Bank] = []
    /// Entries in report order (bank path, then position), without those whose text normalizes
    /// to nothing.
    private(set) var stored: [Stored] = []
    /// The distinct answers, numbered in order of first use.
    private(set) var answers: [AnswerKey] = []
    /// The members of each set of equal texts (same locale and normalized text), one set after
    /// the other, in order of their first member; every member list is in report order.
    private var members: [Int32] = []
    private var memberStarts: [Int] = [0]
    /// Each set's normalized text, as UTF-8, one after the other.
    private var forms: [UInt8] = []
    private var formStarts: [Int] = [0]

    var entries: Entries { Entries(banks: banks, stored: stored, answers: answers) }

    /// Indexes into `entries` of each set of equal texts, in order of their first member.
    var groups: Groups { Groups(members: members, starts: memberStarts) }

    init(_ banks: [LintBank]) {
        var localeNumbers: [String: Int32] = [:]
        var bankLocale: [Int32] = []
        for bank in banks.sorted(by: { $0.path < $1.path }) {
            self.banks.append(Bank(path: bank.path, questions: bank.bank.questions, locale: bank.sourceLocale))
            if localeNumbers[bank.sourceLocale] == nil { localeNumbers[bank.sourceLocale] = Int32(localeNumbers.count) }
            bankLocale.append(localeNumbers[bank.sourceLocale]!)
        }
        // Equal texts are found by hash, then compared with the set's form; answers likewise
        // by a dictionary of the distinct ones.
        var answerNumbers: [AnswerKey: Int32] = [:]
        var formIndex = HashIndex(capacity: 1024)
        var groupLocale: [Int32] = []
        var groupOfEntry: [Int32] = []
        var groupSizes: [Int32] = []
        for (bankNumber, bank) in self.banks.enumerated() {
            let locale = bankLocale[bankNumber]
            for (index, question) in bank.questions.enumerated() {
                let normalized = QualityText.normalized(question.text.source(bank.locale))
                guard !normalized.isEmpty, let answer = Self.answer(of: question, locale: bank.locale) else { continue }
                let answerNumber: Int32
                if let known = answerNumbers[answer] {
                    answerNumber = known
                } else {
                    answerNumber = Int32(answers.count)
                    answerNumbers[answer] = answerNumber
                    answers.append(answer)
                }
                stored.append(Stored(bank: Int32(bankNumber), index: Int32(index), answer: answerNumber))
                let next = Int32(groupSizes.count)
                let hash = HashIndex.hash(normalized) ^ (UInt64(locale) &* 0x9E37_79B9_7F4A_7C15)
                let known = formIndex.insert(next, hash: hash) { group in
                    groupLocale[Int(group)] == locale
                        && forms[formStarts[Int(group)]..<formStarts[Int(group) + 1]].elementsEqual(normalized.utf8)
                }
                if let known {
                    groupOfEntry.append(known)
                    groupSizes[Int(known)] += 1
                } else {
                    groupOfEntry.append(next)
                    groupSizes.append(1)
                    groupLocale.append(locale)
                    forms.append(contentsOf: normalized.utf8)
                    formStarts.append(forms.count)
                }
            }
        }
        memberStarts.reserveCapacity(groupSizes.count + 1)
        for size in groupSizes { memberStarts.append(memberStarts[memberStarts.count - 1] + Int(size)) }
        var filled = memberStarts.dropLast().map { $0 }
        members = [Int32](repeating: 0, count: stored.count)
        for (entry, group) in groupOfEntry.enumerated() {
            members[filled[Int(group)]] = Int32(entry)
            filled[Int(group)] += 1
        }
    }

    /// The question of an entry.
    func question(_ entry: Int) -> Question {
        let stored = stored[entry]
        return banks[Int(stored.bank)].questions[Int(stored.index)]
    }

    /// The source locale of an entry.
    func locale(_ entry: Int) -> String { banks[Int(stored[entry].bank)].locale }

    /// The source text of an entry's question.
    func text(_ entry: Int) -> String {
        let stored = stored[entry]
        let bank = banks[Int(stored.bank)]
        return bank.questions[Int(stored.index)].text.source(bank.locale)
    }

    /// The first entry of a set of equal texts.
    func firstEntry(ofGroup group: Int) -> Int { Int(members[memberStarts[group]]) }

    /// The normalized text of a set of equal texts, as UTF-8 (until `forgetForms`).
    func form(ofGroup group: Int) -> ArraySlice<UInt8> { forms[formStarts[group]..<formStarts[group + 1]] }

    /// Lets the normalized texts go, for a search that has read them all and makes the few it
    /// reads again from the questions; the rest reads as before.
    mutating func forgetForms() {
        forms = []
        formStarts = []
    }

    /// The bytes the normalized texts take.
    var formBytes: Int { forms.capacity + formStarts.capacity * MemoryLayout<Int>.stride }

    /// Nil for a question whose answer could not be read (an `answer` that is no boolean, no
    /// choice marked correct): the decoder reports that, and a copy compared with no answer
    /// would be a false conflict.
    static func answer(of question: Question, locale: String) -> AnswerKey? {
        if question.kind == .trueFalse { return question.answer.map { .trueFalse($0.value) } }
        let correct = question.choices.filter(\.correct).map { choiceForm($0.text.source(locale)) }
        return correct.isEmpty ? nil : .choices(correct.sorted())
    }

    /// A choice in comparison form, with word breaks kept (`Tu Pac` is not `Tupac`); a choice
    /// of punctuation only keeps its trimmed text.
    static func choiceForm(_ text: String) -> String {
        let normalized = QualityText.normalized(text, keepingWordBreaks: true)
        return normalized.isEmpty ? text.trimmingCharacters(in: .whitespacesAndNewlines) : normalized
    }

    /// The entries as values (each made when read).
    struct Entries: RandomAccessCollection {
        let banks: [Bank]
        let stored: [Stored]
        let answers: [AnswerKey]

        var startIndex: Int { 0 }
        var endIndex: Int { stored.count }

        subscript(entry: Int) -> Entry {
            let stored = stored[entry]
            let bank = banks[Int(stored.bank)]
            return Entry(place: QuestionPlace(path: bank.path, questions: bank.questions, index: Int(stored.index)), locale: bank.locale,
                         answer: answers[Int(stored.answer)])
        }
    }

    /// The sets of equal texts, each as the indexes of its entries.
    struct Groups: RandomAccessCollection {
        let members: [Int32]
        let starts: [Int]

        var startIndex: Int { 0 }
        var endIndex: Int { starts.count - 1 }

        subscript(group: Int) -> Members { Members(members: members, range: starts[group]..<starts[group + 1]) }
    }

    /// The entries of one set of equal texts, in report order.
    struct Members: RandomAccessCollection {
        let members: [Int32]
        let range: Range<Int>

        var startIndex: Int { 0 }
        var endIndex: Int { range.count }

        subscript(position: Int) -> Int { Int(members[range.lowerBound + position]) }
    }
}

/// Disjoint sets over 0..<count (union by rank, path halving), each element one 32-bit number:
/// its parent in the low 27 bits and, for a root, its rank (at most 27) in the high 5. The
/// near-duplicate search keeps three over every question of a run.
struct UnionFind {
    private var cells: [UInt32]
    private static let parentBits: UInt32 = 27
    private static let parentMask: UInt32 = 1 << parentBits - 1

    init(count: Int) {
        precondition(count <= 1 << Int(Self.parentBits), "more elements than a union-find cell numbers")
        cells = (0..<UInt32(count)).map { $0 }
    }

    @inline(__always)
    private func parent(_ element: Int) -> Int { Int(cells[element] & Self.parentMask) }

    @inline(__always)
    private func rank(_ root: Int) -> UInt32 { cells[root] >> Self.parentBits }

    mutating func find(_ element: Int) -> Int {
        var element = element
        while parent(element) != element {
            let grandparent = parent(parent(element))
            cells[element] = cells[element] & ~Self.parentMask | UInt32(grandparent)
            element = grandparent
        }
        return element
    }

    mutating func union(_ a: Int, _ b: Int) {
        var a = find(a), b = find(b)
        guard a != b else { return }
        if rank(a) < rank(b) { swap(&a, &b) }
        cells[b] = cells[b] & ~Self.parentMask | UInt32(a)
        if rank(a) == rank(b) { cells[a] += 1 << Self.parentBits }
    }
}

extension RunQuestions {
    /// A rule's hold on the questions of a run, made once for the rules that read them side by
    /// side: `duplicate-question` and `near-duplicate-question` both group every text of a
    /// run, and start together. The first to ask makes them (the other waits); one that asks
    /// while another still holds them takes the same ones, instead of normalizing every text
    /// again and holding a second copy. Once no rule holds them (`release()`, or when the claim
    /// goes), they are let go; a rule that asks after that makes them again.
    final class Claim {
        private let key: SharingKey?
        private var released = false

        fileprivate init(key: SharingKey?) {
            self.key = key
        }

        /// No more reading through this claim: the run is let go once no claim holds it.
        func release() {
            guard !released else { return }
            released = true
            if let key { RunQuestions.leave(key) }
        }

        deinit { release() }
    }

    /// The banks' paths and where their source bytes are: no two runs alive at once share it,
    /// since a shared run keeps its banks' bytes. Nil when a bank has no bytes (banks made in
    /// memory), which are not shared.
    fileprivate struct SharingKey: Hashable {
        var paths: [String]
        var sources: [Int]

        init?(_ banks: [LintBank]) {
            var sources: [Int] = []
            for bank in banks {
                guard let address = bank.source.withUnsafeBufferPointer({ $0.isEmpty ? nil : $0.baseAddress }) else { return nil }
                sources.append(Int(bitPattern: address))
            }
            paths = banks.map(\.path)
            self.sources = sources
        }
    }

    private struct Shared: @unchecked Sendable {
        var run: RunQuestions
        /// Kept so that no other run's bytes take their place while the run is shared.
        var sources: [[UInt8]]
        var readers: Int
    }

    private static let shared = Locked<[SharingKey: Shared]>([:])

    /// The questions of `banks`, made or taken from a rule that holds them, and the claim that
    /// keeps them shared until it is released (the run itself is the caller's: the claim does
    /// not hold it).
    static func claim(_ banks: [LintBank]) -> (run: RunQuestions, claim: Claim) {
        guard let key = SharingKey(banks) else { return (RunQuestions(banks), Claim(key: nil)) }
        // Made under the lock: a rule that asks meanwhile waits for them rather than making its own.
        return shared.withLock { table in
            if var entry = table[key] {
                entry.readers += 1
                table[key] = entry
                return (entry.run, Claim(key: key))
            }
            let run = RunQuestions(banks)
            table[key] = Shared(run: run, sources: banks.map(\.source), readers: 1)
            return (run, Claim(key: key))
        }
    }

    fileprivate static func leave(_ key: SharingKey) {
        // The last reader's entry is returned and dropped after the lock is let go: freeing a
        // large run takes a while.
        _ = shared.withLock { table -> Shared? in
            guard var entry = table[key] else { return nil }
            entry.readers -= 1
            if entry.readers > 0 {
                table[key] = entry
                return nil
            }
            return table.removeValue(forKey: key)
        }
    }
}

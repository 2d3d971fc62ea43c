import Dispatch
import Foundation
import QuizBank
import QuizSupport
import QuizYAML

/// What a lint that reported its findings as they were ready leaves: the findings went to the
/// caller.
public struct LintRun: Sendable {
    public var bankCount: Int
    /// The decoded banks (those the decoder could build).
    public var banks: [LintBank]
}

extension LintEngine {
    /// Lints as `lint(_:)` does, and hands the same findings in the same order to `report`, a
    /// batch at a time, as soon as nothing that is still to come can go before them, so that a
    /// report with a finding for most questions is never held whole.
    ///
    /// The bank and run rules' findings are held, packed as they are reported (they may fall
    /// anywhere in a file); the first chunks of questions run beside them, their findings kept
    /// (packed) until those are known. The question rules run over chunks of questions, a few chunks per core at a time,
    /// banks in path order: a question rule reports in its own bank, at or
    /// after the first place any node of its question is at (`Question.lowestMark`), so once
    /// the chunks before a place are done, every finding before it is known. A suppression
    /// that has suppressed nothing yet holds back what comes after it until no finding still
    /// to come can fall in its scope: to the end of its lines, or of its file for `disable-file`
    /// of a question rule.
    public func lint(_ inputs: [LintInput], reportingTo report: (_ findings: [Finding]) -> Void) -> LintRun {
        let prepared = prepare(inputs)
        let work = prepared.work
        var ledger = SuppressionLedger(inputs: inputs, banks: prepared.banks, rules: rules)

        // The chunks by path (in the order added within one path), and before each, the lowest
        // place the chunks from it on reach: where the findings still to come start.
        let chunkTasks = work.chunks.indices.sorted { a, b in
            work.chunks[a].path != work.chunks[b].path ? work.chunks[a].path < work.chunks[b].path : a < b
        }
        var aheadOf = [ReportPlace?](repeating: nil, count: chunkTasks.count + 1)
        for position in chunkTasks.indices.reversed() {
            let chunk = work.chunks[chunkTasks[position]]
            let place = ReportPlace(path: chunk.path, mark: chunk.lowest)
            aheadOf[position] = aheadOf[position + 1].map { min($0, place) } ?? place
        }

        // The bank and run rules (near-duplicate-question takes seconds on a large run) run on
        // threads of their own while windows of chunks run beside them; those chunks' findings
        // wait, packed (`PackedFindings`: a few bytes beside their texts), up to
        // `RuleWork.runAheadFindings` of them, until the bank and run rules' are known.
        let window = RuleWork.minimumChunks
        let wholeFindings = Locked<[PackedFindings]>([])
        let wholeDone = DispatchGroup()
        if !work.wholeTasks.isEmpty {
            DispatchQueue.global().async(group: wholeDone) {
                let findings = work.performWhole()
                wholeFindings.withLock { $0 = findings }
            }
        }
        var ranAhead: [PackedFindings] = [], ranAheadFindings = 0
        while !work.wholeTasks.isEmpty, ranAhead.count < chunkTasks.count, ranAheadFindings < RuleWork.runAheadFindings,
              wholeDone.wait(timeout: .now()) == .timedOut {
            let positions = Array(chunkTasks[ranAhead.count..<min(ranAhead.count + window, chunkTasks.count)])
            for findings in work.performChunks(positions) {
                ranAhead.append(PackedFindings(findings))
                ranAheadFindings += findings.count
            }
        }
        wholeDone.wait()
        let packs = [PackedFindings(prepared.findings)] + wholeFindings.withLock { found in
            defer { found = [] }
            return found
        }
        let held = HeldFindings(packs, suppressions: &ledger)

        var pending = PendingSuppressions(ledger: ledger, inputs: inputs, questionRules: work.questionRules)
        var order = ReportOrderMerge(held: held, unusedSource: work.chunkTasks.count)
        var done = 0
        while true {
            let known = aheadOf[done]
            order.add(pending.decide(ledger: ledger, before: known))
            order.hand(before: [known, pending.firstUndecided].compactMap { $0 }.min(), to: report)
            guard done < chunkTasks.count else { break }
            let positions = Array(chunkTasks[done..<min(done + window, chunkTasks.count)])
            var results: [[Finding]]
            if done < ranAhead.count {
                results = ranAhead[done..<done + positions.count].map { $0.unpacked() }
                for index in done..<done + positions.count { ranAhead[index] = PackedFindings([]) }
            } else {
                results = work.performChunks(positions)
            }
            for (task, findings) in zip(positions, results) {
                let kept = ledger.hasSuppressions ? findings.filter { ledger.keeps($0) } : findings
                assert(kept.allSatisfy { ReportPlace(path: $0.path, mark: $0.range.start) >= known! },
                       "a question rule reported before its question's first node")
                order.add(chunkFindings: kept, task: task)
            }
            done += positions.count
        }
        return LintRun(bankCount: inputs.count, banks: prepared.banks)
    }
}

/// A place in a report: a file and a position in it, in report order.
struct ReportPlace: Comparable {
    var path: String
    var mark: SourceMark

    static func < (a: ReportPlace, b: ReportPlace) -> Bool {
        a.path != b.path ? a.path < b.path : a.mark < b.mark
    }
}

/// The findings known and not yet handed over, in report order: the held ones (already sorted),
/// and those of chunks and unused suppressions, kept sorted with their origin, which orders
/// findings of one rule at one range as the sorted whole does.
struct ReportOrderMerge {
    struct Waiting {
        var finding: Finding
        /// The task that found it (or, past the tasks, the input of an unused suppression), and
        /// its place among the task's findings: its place in the unsorted whole.
        var source: Int
        var index: Int

        static func precedes(_ a: Waiting, _ b: Waiting) -> Bool {
            if Finding.reportOrder(a.finding, b.finding) { return true }
            if Finding.reportOrder(b.finding, a.finding) { return false }
            return (a.source, a.index) < (b.source, b.index)
        }
    }

    private var held: HeldFindings
    private var waiting: [Waiting] = []
    private let unusedSource: Int

    init(held: HeldFindings, unusedSource: Int) {
        self.held = held
        self.unusedSource = unusedSource
    }

    mutating func add(chunkFindings findings: [Finding], task: Int) {
        add(findings.enumerated().map { Waiting(finding: $0.element, source: task, index: $0.offset) })
    }

    /// Unused-suppression findings: each with its input and the suppression's place in it.
    mutating func add(_ unused: [(input: Int, suppression: Int, finding: Finding)]) {
        add(unused.map { Waiting(finding: $0.finding, source: unusedSource + $0.input, index: $0.suppression) })
    }

    private mutating func add(_ new: [Waiting]) {
        guard !new.isEmpty else { return }
        let sorted = new.sorted(by: Waiting.precedes)
        guard let last = waiting.last, Waiting.precedes(sorted[0], last) else {
            waiting += sorted
            return
        }
        var merged: [Waiting] = []
        merged.reserveCapacity(waiting.count + sorted.count)
        var i = 0, j = 0
        while i < waiting.count || j < sorted.count {
            if j == sorted.count || (i < waiting.count && !Waiting.precedes(sorted[j], waiting[i])) {
                merged.append(waiting[i]); i += 1
            } else {
                merged.append(sorted[j]); j += 1
            }
        }
        waiting = merged
    }

    /// Findings in one batch, at most: the held ones are made as they are handed over, and a
    /// rule that held a finding for most questions would otherwise have them all made at once
    /// at its turn (all of them at the end, when no question rule runs).
    static let batchSize = 1024

    /// Hands over every finding that starts before `limit` (all when nil), in batches of at
    /// most `batchSize`.
    mutating func hand(before limit: ReportPlace?, to report: ([Finding]) -> Void) {
        func fits(_ finding: Finding) -> Bool {
            guard let limit else { return true }
            return ReportPlace(path: finding.path, mark: finding.range.start) < limit
        }
        var batch: [Finding] = []
        var taken = 0
        while true {
            let fromHeld = held.first
            let fromWaiting = taken < waiting.count ? waiting[taken].finding : nil
            // Held findings and the others never share a rule, so never tie.
            let takeHeld: Bool
            switch (fromHeld, fromWaiting) {
            case (nil, nil): takeHeld = false
            case (.some, nil): takeHeld = true
            case (nil, .some): takeHeld = false
            case let (.some(h), .some(w)): takeHeld = !Finding.reportOrder(w, h)
            }
            guard let next = takeHeld ? fromHeld : fromWaiting, fits(next) else { break }
            batch.append(next)
            if takeHeld { held.removeFirst() } else { taken += 1 }
            if batch.count == Self.batchSize {
                report(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if taken > 0 { waiting.removeFirst(taken) }
        if !batch.isEmpty { report(batch) }
    }
}

/// The findings of the decoder and the bank and run rules, packed as they were reported, in
/// report order: each is made when its turn comes, and let go once handed over, so that a rule
/// with a finding for most questions holds their bytes and not their values until then.
struct HeldFindings {
    private var packs: [PackedFindings]
    /// In report order (a stable sort of the packs' findings in turn), each finding's pack and
    /// its index there.
    private var order: [(pack: Int, index: Int)]
    private var next = 0
    /// The next finding in report order, made.
    private(set) var first: Finding?

    /// The findings of `packs` that no suppression drops (marking the suppressions that drop one
    /// as used).
    init(_ packs: [PackedFindings], suppressions ledger: inout SuppressionLedger) {
        var entries: [(pack: Int, index: Int)] = []
        entries.reserveCapacity(packs.reduce(0) { $0 + $1.count })
        for (pack, findings) in packs.enumerated() {
            for index in 0..<findings.count where !ledger.hasSuppressions || ledger.keeps(findings.finding(at: index)) {
                entries.append((pack, index))
            }
        }
        let places = entries.map { packs[$0.pack].place(at: $0.index) }
        let sorted = Finding.reportPermutation(count: places.count, path: { places[$0].path }, range: { places[$0].range },
                                               ruleID: { places[$0].ruleID })
        self.packs = packs
        order = sorted.map { entries[$0] }
        first = order.first.map { packs[$0.pack].finding(at: $0.index) }
    }

    mutating func removeFirst() {
        next += 1
        if next < order.count {
            first = packs[order[next].pack].finding(at: order[next].index)
        } else {
            first = nil
            packs = []
            order = []
            next = 0
        }
    }
}

/// The suppressions that have suppressed nothing so far, of inputs whose configuration reports
/// them, each until no finding still to come can fall in its scope.
private struct PendingSuppressions {
    private struct Pending {
        var input: Int
        var suppression: Int
        var place: ReportPlace
        /// Decided once the findings still to come start past this line of its file; nil: at
        /// once (it can cover no finding still to come); `UInt32.max`: at the file's end.
        var lastLine: UInt32?
    }

    private var pending: [Pending] = []

    init(ledger: SuppressionLedger, inputs: [LintInput], questionRules: [String: Set<String>]) {
        for input in inputs.indices where ledger.reportsUnused(ofInput: input) {
            let path = inputs[input].path
            for (index, suppression) in ledger.suppressions(ofInput: input).enumerated() {
                var lastLine: UInt32?
                if suppression.problem == nil, questionRules[path]?.contains(suppression.rule) ?? false {
                    switch suppression.kind {
                    case .file: lastLine = .max
                    case .line, .nextLine: lastLine = suppression.targetLine
                    case .question, .field: lastLine = suppression.lines?.upperBound
                    }
                }
                pending.append(Pending(input: input, suppression: index, place: ReportPlace(path: path, mark: suppression.range.start),
                                       lastLine: lastLine))
            }
        }
    }

    /// Where the first suppression still undecided stands: nothing from there on can be handed
    /// over yet.
    var firstUndecided: ReportPlace? { pending.map(\.place).min() }

    /// Drops the suppressions used by now, and those no finding from `known` on (nil: none)
    /// can fall in; the unused-suppression findings of the latter.
    mutating func decide(ledger: SuppressionLedger, before known: ReportPlace?) -> [(input: Int, suppression: Int, finding: Finding)] {
        var decided: [(input: Int, suppression: Int, finding: Finding)] = []
        pending.removeAll { item in
            if ledger.isUsed(item.suppression, ofInput: item.input) { return true }
            if let known, let lastLine = item.lastLine, known.path <= item.place.path,
               known.path < item.place.path || lastLine == .max || known.mark.line <= lastLine {
                return false
            }
            decided.append((item.input, item.suppression, ledger.unusedFinding(item.suppression, ofInput: item.input)))
            return true
        }
        return decided
    }
}

/// Which findings the inline suppressions drop, which suppressions have dropped one, and the
/// findings for those that have not.
struct SuppressionLedger {
    private let formatRules: Set<String>
    private let knownRules: Set<String>
    private let inputPaths: [String]
    private var byPath: [String: [Suppression]] = [:]
    private var unusedSetting: [String: (Severity, RuleOptions)?] = [:]
    private var used: [String: Set<Int>] = [:]
    let hasSuppressions: Bool

    init(inputs: [LintInput], banks: [LintBank], rules: [any LintRule.Type]) {
        formatRules = Set(rules.filter { $0.description.isFormatRule }.map { $0.description.id })
        knownRules = Set(rules.map { $0.description.id })
        inputPaths = inputs.map(\.path)
        for input in inputs {
            var suppressions = Suppression.scan(input.bytes)
            if suppressions.contains(where: { $0.kind == .question || $0.kind == .field }) {
                let questions = banks.first { $0.path == input.path }?.bank.questions.map { ($0.id.value, $0.range) } ?? []
                LintEngine.resolveScopes(&suppressions, source: input.bytes, questions: questions)
            }
            byPath[input.path] = suppressions
            unusedSetting[input.path] = input.configuration.setting(for: UnusedSuppressionRule.description)
        }
        hasSuppressions = !byPath.values.allSatisfy(\.isEmpty)
    }

    /// False when a suppression drops the finding; the first that covers it is then used.
    mutating func keeps(_ finding: Finding) -> Bool {
        guard let suppressions = byPath[finding.path], !suppressions.isEmpty, !formatRules.contains(finding.ruleID),
              let index = suppressions.firstIndex(where: { $0.covers(finding) }) else { return true }
        used[finding.path, default: []].insert(index)
        return false
    }

    func suppressions(ofInput input: Int) -> [Suppression] { byPath[inputPaths[input]] ?? [] }

    func reportsUnused(ofInput input: Int) -> Bool { (unusedSetting[inputPaths[input]] ?? nil) != nil }

    func isUsed(_ suppression: Int, ofInput input: Int) -> Bool { used[inputPaths[input]]?.contains(suppression) ?? false }

    /// The unused-suppression finding of a suppression (of an input that reports them).
    func unusedFinding(_ suppression: Int, ofInput input: Int) -> Finding {
        let path = inputPaths[input]
        let setting = (unusedSetting[path] ?? nil)!
        let found = suppressions(ofInput: input)[suppression]
        var reporter = FindingReporter(ruleID: UnusedSuppressionRule.description.id, severity: setting.0, path: path)
        reporter(found.unusedMessage(formatRules: formatRules, knownRules: knownRules), at: found.range, suggestion: nil)
        return reporter.findings[0]
    }

    /// The unused-suppression findings of an input, in the order of its suppressions (none when
    /// its configuration turns them off).
    func unusedFindings(ofInput input: Int) -> [Finding] {
        guard reportsUnused(ofInput: input) else { return [] }
        return suppressions(ofInput: input).indices.filter { !isUsed($0, ofInput: input) }.map { unusedFinding($0, ofInput: input) }
    }
}

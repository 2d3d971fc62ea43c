// near-duplicates: diagnostics for the `near-duplicate-question` rule (not installed).
//
//   near-duplicates pairs [--threshold 0.6] < texts.json
//       Reads a JSON array of question texts; prints {"normalized": [...], "pairs": [[i, j,
//       similarity], ...]}: every pair NearDuplicateJoin (the rule's search) finds, for
//       Benchmarks/near_duplicates_recall.py to compare with brute force.
//   near-duplicates time [--runs 3] [--max-ratio 2.3 | --no-limit] BANK...
//       Decodes each bank (untimed), then times the rule's whole check (normalization,
//       shingles, join, classification, clusters) with its default options, in --runs rounds
//       that each time every bank once; prints the median (and best) CPU and wall time per
//       bank, and for consecutive banks the median over the rounds of the CPU time ratio
//       against the question ratio. Exits 1 when a doubling of the questions costs more than
//       --max-ratio times the CPU time (never with --no-limit, which prints the ratios only).
//   near-duplicates phases BANK...
//       CPU time of the normal form and of the all-pairs join (every pair, as `pairs` lists).
import Foundation
import QuizBank
import QuizLint
import QuizRules

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("near-duplicates: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { fail("usage: near-duplicates pairs|time ...") }
arguments.removeFirst()

/// CPU seconds of this process (the search is single-threaded), less disturbed than wall time
/// by other work on a shared machine.
func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

@MainActor func option(_ name: String, default value: Double) -> Double {
    guard let index = arguments.firstIndex(of: name) else { return value }
    guard index + 1 < arguments.count, let number = Double(arguments[index + 1]) else { fail("\(name) wants a number") }
    arguments.removeSubrange(index...(index + 1))
    return number
}

@MainActor func flag(_ name: String) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
}

switch mode {
case "pairs":
    let threshold = option("--threshold", default: 0.6)
    let input = FileHandle.standardInput.readDataToEndOfFile()
    guard let texts = try? JSONSerialization.jsonObject(with: input) as? [String] else { fail("stdin is not a JSON array of strings") }
    let normalized = texts.map { QualityText.normalized($0) }
    let pairs = NearDuplicateJoin.pairs(normalized, threshold: threshold)
    let document: [String: Any] = [
        "normalized": normalized,
        "pairs": pairs.map { [$0.first, $0.second, $0.similarity] as [Any] },
    ]
    let data = try JSONSerialization.data(withJSONObject: document)
    FileHandle.standardOutput.write(data)

case "time":
    let runs = max(1, Int(option("--runs", default: 3)))
    let maxRatio = option("--max-ratio", default: 2.3)
    let judged = !flag("--no-limit")
    guard !arguments.isEmpty else { fail("no banks") }
    guard let type = RuleRegistry.all.first(where: { $0.description.id == "near-duplicate-question" }) else { fail("no rule") }
    var options: [String: OptionValue] = [:]
    for option in type.description.options { options[option.name] = option.defaultValue }
    guard let rule = type.init(options: RuleOptions(options)) as? any RunRule else { fail("not a run rule") }
    print("near-duplicate-question: CPU seconds (the search is single-threaded; wall time on a shared machine also counts other work)")
    var banks: [(path: String, questions: Int, run: [LintBank])] = []
    for path in arguments {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        let bytes = [UInt8](data)
        guard let bank = BankDecoder().decode(bytes, path: path).bank else { fail("\(path) does not decode") }
        banks.append((path, bank.questions.count, [LintBank(path: path, source: bytes, bank: bank)]))
    }
    // Rounds in turn, each timing every bank once, so that a slow spell of a shared machine
    // falls on all sizes of a round: the ratios are taken within each round.
    var times = [[Double]](repeating: [], count: banks.count)
    var walls = [[Double]](repeating: [], count: banks.count)
    var findings = [Int](repeating: 0, count: banks.count)
    for _ in 0..<runs {
        for (index, bank) in banks.enumerated() {
            var reporter = FindingReporter(ruleID: type.description.id, severity: type.description.severity, path: bank.path)
            let start = DispatchTime.now().uptimeNanoseconds
            let cpu = cpuSeconds()
            rule.check(bank.run, report: &reporter)
            times[index].append(cpuSeconds() - cpu)
            walls[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            findings[index] = reporter.findings.count
        }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    for (index, bank) in banks.enumerated() {
        print(String(format: "near-duplicate-question: %7d questions  CPU %7.3f s (best %.3f)  wall %7.3f s (best %.3f), median of %d  %d findings  %@",
                     bank.questions, median(times[index]), times[index].min()!, median(walls[index]), walls[index].min()!,
                     runs, findings[index], bank.path))
    }
    var exceeded = false
    for index in banks.indices.dropFirst() {
        let a = banks[index - 1], b = banks[index]
        let questionRatio = Double(b.questions) / Double(a.questions)
        let roundRatios = (0..<runs).map { times[index][$0] / times[index - 1][$0] }
        let timeRatio = median(roundRatios)
        let line = String(format: "near-duplicate-question: %d -> %d questions (x%.2f): CPU time x%.2f (median of the rounds; rounds x%.2f-x%.2f)",
                          a.questions, b.questions, questionRatio, timeRatio, roundRatios.min()!, roundRatios.max()!)
        guard judged else {
            print(line)
            continue
        }
        // Allowed: max-ratio per doubling, scaled to the actual size ratio.
        let allowed = pow(maxRatio, log2(questionRatio))
        let ok = timeRatio <= allowed
        if !ok { exceeded = true }
        print(line + String(format: ", allowed x%.2f %@", allowed, ok ? "ok" : "TOO SLOW"))
    }
    exit(exceeded ? 1 : 0)

case "phases":
    // Times the parts of the search alone: normal form, then the join.
    for path in arguments {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        guard let bank = BankDecoder().decode([UInt8](data), path: path).bank else { fail("\(path) does not decode") }
        var start = cpuSeconds()
        let texts = bank.questions.map { QualityText.normalized($0.text.source(bank.header.locale.value)) }
        let normalize = cpuSeconds() - start
        start = cpuSeconds()
        let pairs = NearDuplicateJoin.pairs(texts, threshold: 0.6)
        let join = cpuSeconds() - start
        print(String(format: "%7d questions: normalize %.3f s, join %.3f s CPU (%d pairs)", texts.count, normalize, join, pairs.count))
    }

default:
    fail("unknown mode '\(mode)'; use pairs or time")
}

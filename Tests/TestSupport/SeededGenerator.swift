import Foundation
import QuizBankKit

/// The generator the random tests draw from: seeded, so that a failing run can be run again. The
/// seed is QUIZBANK_TEST_SEED when set (a decimal number), else 1; each test prints the one it
/// used. (The standard library's `randomElement(using:)` and `shuffled(using:)` are not promised
/// to stay the same between Swift versions: a seed reproduces a run on one toolchain.)
public func seededGenerator(for test: String = #function) -> SplitMix64 {
    let seed = ProcessInfo.processInfo.environment["QUIZBANK_TEST_SEED"].flatMap { UInt64($0) } ?? 1
    print("\(test): random seed \(seed) (QUIZBANK_TEST_SEED sets another)")
    return SplitMix64(seed: seed)
}

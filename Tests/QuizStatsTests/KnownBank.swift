import Foundation
import QuizBank
@testable import QuizStats

/// A bank whose every figure was worked out by hand (docs/stats.md gives the definitions; the
/// working is in the comments of `StatsJSONTests.expectedKnownBank`).
///
/// 15 questions: 10 true/false (7 true), 3 single-choice, 2 multiple-choice; topics alpha
/// (0.45), beta (0.3: needs exactly 3 of an exam of 10, a test of the rounding tolerance),
/// gamma (0.25: needs 3, has 2); a second locale `de` on a few texts; hints, images, alt
/// texts, feedback and explanations on some questions; a text with runs of whitespace and a
/// tab, texts with non-ASCII characters and tokens without letters.
let knownBank = """
quizbank: 1
id: known
title:
  en: Known bank
  de: Bekannte Bank
locale: en
locales: [en, de]
topics:
  alpha: {title: Alpha, weight: 0.45}
  beta: {title: {en: Beta, de: Beta}, weight: 0.3}
  gamma: {weight: 0.25}
exam:
  size: 10
  passing-score: 0.75
  demo-limit: 2
  shuffle-choices: false
questions:
  - id: tf1
    topic: alpha
    difficulty: 1
    tags: [space, easy]
    text: The Sun is a star.
    answer: true
    explanation: {en: It is a G-type star., de: Er ist ein G-Stern.}
    hints: [Look up.]
    image: sun.png
    image-alt: {en: The Sun, de: Die Sonne}
  - id: tf2
    topic: alpha
    difficulty: 2
    tags: [space]
    text: {en: The Moon is a planet., de: Der Mond ist ein Planet.}
    answer: false
    explanation: It is a moon.
  - id: tf3
    topic: alpha
    difficulty: 2
    text: Water boils at 100 °C at sea level.
    answer: true
  - id: tf4
    topic: beta
    text: "  Spaces   are\\tcollapsed  here . "
    answer: true
    hints: [One, {en: Two, de: Zwei}]
  - id: tf5
    topic: beta
    difficulty: 5
    text: Is 2 + 2 = 4?
    answer: true
    explanation: Yes — it is.
  - id: tf6
    tags: [animals, easy, easy]
    text: Cats are mammals.
    answer: true
  - id: tf7
    difficulty: 3
    text: Fish can fly.
    answer: false
  - id: tf8
    topic: gamma
    text: Ice is cold.
    answer: true
  - id: tf9
    topic: alpha
    text: Fire is wet.
    answer: false
    explanation: Fire is hot and dry.
  - id: tf10
    topic: alpha
    text: Snow is white.
    answer: true
  - id: c1
    topic: beta
    difficulty: 3
    tags: [space]
    text: Which planet is red?
    choices:
      - Venus
      - {text: Mars, correct: true, feedback: Yes.}
      - Jupiter
    explanation: Iron oxide makes it red.
  - id: c2
    topic: alpha
    text: Pick the longest.
    shuffle: true
    choices:
      - {text: The longest answer here, correct: true}
      - Short
      - Tiny
      - Small
  - id: c3
    topic: gamma
    text: Two or three?
    image: img/c3.png
    image-alt: Dice
    choices:
      - {text: {en: Two, de: Zwei}, correct: true}
      - {text: {en: Six, de: Sechs}}
  - id: c4
    difficulty: 4
    text: Which are even?
    shuffle: false
    choices: ["1", {text: "2", correct: true}, "3", {text: "4", correct: true}, "5"]
  - id: c5
    topic: alpha
    text: Which are warm colours?
    hints: [Think of fire.]
    choices:
      - {text: Red, correct: true}
      - {text: Orange, correct: true}
      - Blue

"""

/// A second, small bank for the figures of several banks together: one true/false question,
/// English only, no topics, no exam.
let smallBank = """
quizbank: 1
id: small
title: Small
locale: en
topics:
  alpha: {title: Alpha}
questions:
  - id: sun
    topic: alpha
    tags: [space]
    text: The Sun is a star.
    answer: true
    explanation: It is a G-type main-sequence star.

"""

func statistics(_ yaml: String, path: String) throws -> BankStatistics {
    let outcome = BankStatisticsReader().read(Array(yaml.utf8), path: path)
    guard let statistics = outcome.statistics else {
        throw StatsTestFailure(message: "\(path) did not decode: \(outcome.findings.map(\.message))")
    }
    return statistics
}

struct StatsTestFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Every difference between two parsed JSON values, with its path (`$.banks[0].kinds`).
func jsonDifferences(_ actual: Any, _ expected: Any, path: String = "$") -> [String] {
    switch (actual, expected) {
    case let (actual as [String: Any], expected as [String: Any]):
        var differences: [String] = []
        for key in Set(actual.keys).union(expected.keys).sorted() {
            switch (actual[key], expected[key]) {
            case let (a?, e?): differences += jsonDifferences(a, e, path: "\(path).\(key)")
            case (nil, _?): differences.append("\(path).\(key): missing")
            case (_?, nil): differences.append("\(path).\(key): not expected")
            case (nil, nil): break
            }
        }
        return differences
    case let (actual as [Any], expected as [Any]):
        guard actual.count == expected.count else {
            return ["\(path): \(actual.count) elements, expected \(expected.count)"]
        }
        return zip(actual, expected).enumerated().flatMap { jsonDifferences($0.element.0, $0.element.1, path: "\(path)[\($0.offset)]") }
    case let (actual as String, expected as String):
        return actual == expected ? [] : ["\(path): \(actual.debugDescription), expected \(expected.debugDescription)"]
    case let (actual as NSNumber, expected as Bool):
        // JSONSerialization reads true and false as numbers; the golden JSON pins the spelling.
        return (actual as? Bool) == expected ? [] : ["\(path): \(actual), expected \(expected)"]
    case let (actual as NSNumber, expected as Int):
        return actual.doubleValue == Double(expected) ? [] : ["\(path): \(actual), expected \(expected)"]
    case let (actual as NSNumber, expected as Double):
        return actual.doubleValue == expected ? [] : ["\(path): \(actual), expected \(expected)"]
    default:
        return ["\(path): \(actual) (\(type(of: actual))), expected \(expected) (\(type(of: expected)))"]
    }
}


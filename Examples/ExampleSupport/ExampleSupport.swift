import Foundation
import QuizBankKit

/// What the example players share: their command line, loading the bank, reading answers.
/// Exit statuses: 0 played to the end, 1 the input ended before the end, 2 usage or a bank
/// that does not load.
public struct ExampleCommandLine {
    public var file: String
    public var languages: [String] = []
    public var seed: UInt64?
    public var demo = false
    public var imageFolder: String?

    /// Parses `arguments` (without the program name); `flags` are the options this player takes.
    public init(_ arguments: [String], usage: String, flags: Set<String>) {
        var file: String?
        var remaining = arguments[...]
        func value(of option: String) -> String {
            guard let value = remaining.popFirst() else { Self.fail("\(option) needs a value\n\(usage)") }
            return value
        }
        while let argument = remaining.popFirst() {
            if argument.hasPrefix("--"), !flags.contains(argument) { Self.fail("unknown option \(argument)\n\(usage)") }
            switch argument {
            case "--help", "-h":
                print(usage)
                exit(0)
            case "--language":
                languages = value(of: argument).split(separator: ",").map(String.init)
            case "--seed":
                let text = value(of: argument)
                guard let number = UInt64(text) else { Self.fail("--seed takes a whole number, found '\(text)'") }
                seed = number
            case "--demo":
                demo = true
            case "--images":
                imageFolder = value(of: argument)
            default:
                guard file == nil else { Self.fail("one compiled bank at a time\n\(usage)") }
                file = argument
            }
        }
        guard let file else { Self.fail(usage) }
        self.file = file
    }

    /// The document at `file`, or with `--language`, the best of its bank's documents beside it
    /// (`<bank-id>.<locale>.json`) for those languages.
    public func loadBank() -> (bank: CompiledBank, url: URL) {
        let url = URL(fileURLWithPath: file)
        do {
            let bank = try CompiledBank.load(contentsOf: url)
            guard !languages.isEmpty else { return (bank, url) }
            let set = try LocalizedBank.load(bankID: bank.id, in: url.deletingLastPathComponent())
            let chosen = set.document(for: languages)
            return (chosen, set.urls[chosen.locale] ?? url)
        } catch {
            Self.fail("\(error)")
        }
    }

    public static func fail(_ message: String, status: Int32 = 2) -> Never {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        exit(status)
    }
}

/// Reads answers, one a line, saying `help` and asking again until `parse` takes the line;
/// nil at the end of input.
public func readAnswer<T>(prompt: String, help: String, parse: (String) -> T?) -> T? {
    while true {
        print(prompt, terminator: " ")
        guard let line = readLine() else {
            print()
            return nil
        }
        if let value = parse(line.trimmingCharacters(in: .whitespaces).lowercased()) { return value }
        print(help)
    }
}

/// `t`/`true` or `f`/`false` (also the Portuguese `v`/`verdadeiro` and `falso`).
public func parseTrueFalse(_ line: String) -> Bool? {
    switch line {
    case "t", "true", "v", "verdadeiro": return true
    case "f", "false", "falso": return false
    default: return nil
    }
}

public func percent(_ fraction: Double) -> String {
    "\(Int((fraction * 100).rounded()))%"
}

/// Choice numbers as shown (1-based): one for a single-choice question, one or more separated
/// by commas or spaces for a multiple-choice one; the 0-based indexes, or nil.
public func parseChoices(_ line: String, count: Int, multiple: Bool) -> Set<Int>? {
    let numbers = line.split(whereSeparator: { $0 == "," || $0 == " " }).map { Int($0) }
    guard !numbers.isEmpty, numbers.count == 1 || multiple else { return nil }
    var picked = Set<Int>()
    for number in numbers {
        guard let number, (1...count).contains(number) else { return nil }
        picked.insert(number - 1)
    }
    return picked
}

/// How a player asks for a question's answer: the prompt and the help for a wrong entry.
public func answerPrompt(for question: PresentedQuestion) -> (prompt: String, help: String) {
    switch question.question.kind {
    case .trueFalse: return ("true or false?", "Answer t (true) or f (false).")
    case .singleChoice: return ("your choice?", "Answer with one number from 1 to \(question.choices.count).")
    case .multipleChoice: return ("your choices (all that apply)?", "Answer with numbers from 1 to \(question.choices.count), separated by commas.")
    }
}

/// Parses an answer line for `question`.
public func parseResponse(_ line: String, for question: PresentedQuestion) -> Response? {
    if question.question.kind == .trueFalse { return parseTrueFalse(line).map(Response.trueFalse) }
    return parseChoices(line, count: question.choices.count, multiple: question.question.kind == .multipleChoice).map(Response.choices)
}

/// An answer as the players print it.
public func describe(_ answer: AnsweredQuestion.Answer) -> String {
    switch answer {
    case .trueFalse(let value): return value ? "true" : "false"
    case .choices(let choices): return choices.map(\.text).joined(separator: "; ")
    }
}

import QuizLint
/// Builds the larger example banks of the quality rules (balance needs a sample).
enum QualityExamples {
    struct Item {
        var text: String
        var choices: [String]
        var correct: Int
        var shuffle: Bool? = nil
    }

    /// A bank of single-choice questions; `header` lines go after `locale:`. Each question takes
    /// 4 + number of choices lines (the correct choice is written in long form). `marked` puts
    /// the example mark at the first question's id, where the balance rules report.
    static func bank(_ items: [Item], header: [String] = [], marked: Bool = false) -> String {
        var lines = ["quizbank: 1", "id: demo", "title: Demo", "locale: en"] + header + ["questions:"]
        for (index, item) in items.enumerated() {
            lines.append("  - id: \(marked && index == 0 ? "\(RuleExample.marker)" : "")q\(index + 1)")
            lines.append("    text: \(item.text)")
            lines.append("    choices:")
            for (position, choice) in item.choices.enumerated() {
                if position == item.correct {
                    lines.append("      - text: \(choice)")
                    lines.append("        correct: true")
                } else {
                    lines.append("      - \(choice)")
                }
            }
            if let shuffle = item.shuffle { lines.append("    shuffle: \(shuffle)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `count` four-choice questions whose correct choice is at `positions[i % positions.count]`.
    static func keyed(_ count: Int, positions: [Int], shuffle: Bool? = nil) -> [Item] {
        (0..<count).map { index in
            Item(text: "Question \(index + 1)?", choices: ["Alpha \(index)", "Bravo \(index)", "Charlie \(index)", "Delta \(index)"],
                 correct: positions[index % positions.count], shuffle: shuffle)
        }
    }
}

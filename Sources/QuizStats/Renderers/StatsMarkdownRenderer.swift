import Foundation
import QuizBank
import QuizLayout

/// `quizbank stats --format markdown`: GitHub-flavoured Markdown for a pull-request comment or
/// `$GITHUB_STEP_SUMMARY`. With several banks, all banks together come first and each bank
/// follows in a collapsed `<details>` block. A pure function of the report.
public struct StatsMarkdownRenderer: Sendable {
    public var barWidth = 10
    public var tagLimit = 10

    public init() {}

    public func render(_ report: StatsReport) -> String {
        var out = ""
        if report.banks.isEmpty {
            out += "No bank to show.\n"
        } else if report.banks.count == 1 {
            out += bankBlock(report.banks[0], level: 2)
        } else {
            out += bankBlock(report.total, level: 2)
            for bank in report.banks {
                let identity = bank.bank!
                out += "\n<details>\n<summary><b>\(html(identity.id))</b> · \(html(identity.path)) · "
                    + "\(StatsFormat.plural(bank.questions, "question"))</summary>\n\n"
                out += bankBlock(bank, level: 3)
                out += "\n</details>\n"
            }
        }
        if !report.skipped.isEmpty {
            out += "\n**Left out:** \(StatsFormat.plural(report.skipped.count, "bank")) with errors: "
                + report.skipped.map { "`\(code($0.path))` (\(StatsFormat.plural($0.errors, "error")))" }.joined(separator: ", ") + "\n"
        }
        return out
    }

    /// The sections of one bank, in order; nil leaves a section out. To add a section, add a
    /// function and a line here.
    func bankBlock(_ stats: BankStatistics, level: Int) -> String {
        let sections: [String?] = [
            title(stats, level: level),
            kinds(stats),
            exam(stats),
            topics(stats),
            difficulty(stats),
            tags(stats),
            trueFalse(stats),
            choice(stats),
            coverage(stats),
            translations(stats),
            lengths(stats),
            reviewScreen(stats),
            truncation(stats),
            quality(stats),
        ]
        return sections.compactMap { $0 }.joined(separator: "\n")
    }

    // MARK: Markdown

    /// A table: a header row, an alignment row (`right` columns get `--:`), then the rows.
    private func table(_ header: [String], right: Set<Int>, _ rows: [[String]]) -> String {
        var out = "| " + header.map(cell).joined(separator: " | ") + " |\n"
        out += "|" + header.indices.map { right.contains($0) ? "--:|" : "---|" }.joined() + "\n"
        for row in rows { out += "| " + row.map(cell).joined(separator: " | ") + " |\n" }
        return out
    }

    /// A table cell: one line, pipes escaped.
    private func cell(_ text: String) -> String {
        StatsFormat.oneLine(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// Text inside backticks cannot hold a backtick; it becomes an apostrophe.
    private func code(_ text: String) -> String {
        StatsFormat.oneLine(text).replacingOccurrences(of: "`", with: "'")
    }

    private func html(_ text: String) -> String {
        StatsFormat.oneLine(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Markdown-significant characters of running text escaped.
    private func escaped(_ text: String) -> String {
        var out = ""
        for character in StatsFormat.oneLine(text) {
            if "\\`*_[]<>#|~".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    private func bar(_ value: Double, _ maximum: Double) -> String {
        StatsFormat.bar(value, of: maximum, width: barWidth)
    }

    // MARK: Sections

    func title(_ stats: BankStatistics, level: Int) -> String {
        let hashes = String(repeating: "#", count: level)
        switch stats.scope {
        case .bank(let bank):
            var facts = [StatsFormat.plural(stats.questions, "question"), "locale `\(code(bank.locale))`"]
            let others = stats.locales.filter { $0 != bank.locale }
            if !others.isEmpty { facts.append("translated to " + others.map { "`\(code($0))`" }.joined(separator: ", ")) }
            return "\(hashes) \(escaped(bank.title))\n\n`\(code(bank.id))` · `\(code(bank.path))` · " + facts.joined(separator: " · ") + "\n"
        case .total(let banks):
            var facts = [StatsFormat.plural(stats.questions, "question")]
            if !stats.locales.isEmpty { facts.append("locales " + stats.locales.map { "`\(code($0))`" }.joined(separator: ", ")) }
            return "\(hashes) All \(StatsFormat.plural(banks, "bank"))\n\n" + facts.joined(separator: " · ") + "\n"
        }
    }

    func kinds(_ stats: BankStatistics) -> String {
        let maximum = Double(QuestionKindRow.all.map { stats.kinds[$0.kind] }.max() ?? 0)
        return table(["Kind", "Questions", "Share", ""], right: [1, 2], QuestionKindRow.all.map { row in
            let count = stats.kinds[row.kind]
            return [row.label, String(count), StatsFormat.percent(share(count, of: stats.questions)), bar(Double(count), maximum)]
        })
    }

    func exam(_ stats: BankStatistics) -> String? {
        guard case .bank = stats.scope else { return nil }
        guard let exam = stats.exam else { return "**Exam:** none declared\n" }
        var facts: [String] = []
        if let size = exam.size { facts.append(StatsFormat.plural(size, "question")) }
        if let score = exam.passingScore {
            facts.append("pass at " + StatsFormat.fixed(score * 100, 0) + "%" + (exam.questionsToPass.map { " (\($0) right)" } ?? ""))
        }
        if let demo = exam.demoLimit { facts.append("demo \(demo)") }
        facts.append(exam.shuffleChoices == false ? "choices in authored order" : "choices shuffled")
        return "**Exam:** " + facts.joined(separator: " · ") + "\n"
    }

    func topics(_ stats: BankStatistics) -> String? {
        let topics = stats.topics
        guard !topics.topics.isEmpty else { return "**Topics:** none declared\n" }
        let isBank = stats.bank != nil
        let withFill = isBank && topics.examSize != nil
        var header = ["Topic", "Questions"]
        if isBank { header.append("Weight") }
        if withFill { header += ["Exam needs", "Fills its share"] }
        var rows: [[String]] = topics.topics.map { topic in
            var row = ["`\(code(topic.id))`", String(topic.questions)]
            if isBank { row.append(StatsFormat.percent(topic.weight)) }
            if withFill {
                row.append(topics.needed(topic).map(String.init) ?? "–")
                switch topics.fills(topic) {
                case true?: row.append("yes")
                case false?: row.append("**no**, \(topics.needed(topic)! - topic.questions) short")
                case nil: row.append("–")
                }
            }
            return row
        }
        rows.append(["*no topic*", String(topics.withoutTopic)] + Array(repeating: "", count: header.count - 2))
        var out = table(header, right: [1, 2, 3], rows)
        if isBank, let total = topics.weightTotal { out += "\nWeights add up to \(StatsFormat.percent(total)).\n" }
        return out
    }

    func difficulty(_ stats: BankStatistics) -> String {
        let difficulty = stats.difficulty
        if difficulty.unset == stats.questions { return "**Difficulty:** not set\n" }
        let maximum = Double((difficulty.levels + [difficulty.unset]).max() ?? 0)
        var labels = ["1 (easy)", "2", "3", "4", "5 (hard)"]
        var counts = difficulty.levels
        if difficulty.unset > 0 {
            labels.append("not set")
            counts.append(difficulty.unset)
        }
        return table(["Difficulty", "Questions", "Share", ""], right: [1, 2], zip(labels, counts).map { label, count in
            [label, String(count), StatsFormat.percent(share(count, of: stats.questions)), bar(Double(count), maximum)]
        })
    }

    func tags(_ stats: BankStatistics) -> String {
        let ranked = stats.tags.ranked
        guard !ranked.isEmpty else { return "**Tags:** none\n" }
        let maximum = Double(ranked.first?.questions ?? 0)
        var out = "**Tags:** \(StatsFormat.plural(ranked.count, "distinct tag", "distinct tags")) · "
            + "\(stats.tags.untagged) of \(stats.questions) questions untagged\n\n"
        out += table(["Tag", "Questions", ""], right: [1], ranked.prefix(tagLimit).map {
            ["`\(code($0.tag))`", String($0.questions), bar(Double($0.questions), maximum)]
        })
        if ranked.count > tagLimit { out += "\n… and \(ranked.count - tagLimit) more.\n" }
        return out
    }

    func trueFalse(_ stats: BankStatistics) -> String? {
        let tf = stats.trueFalse
        guard tf.questions > 0 else { return nil }
        var out = "**True/false:** \(StatsFormat.plural(tf.questions, "question")), \(tf.trueCount) true (\(StatsFormat.percent(tf.trueShare))); "
        switch tf.verdict {
        case .tooFew:
            out += "too few to tell (under \(TrueFalseStatistics.minimumForBand) questions)."
        case .within, .outside:
            let band = tf.band!
            out += "fair band \(StatsFormat.percent(band.lowerBound))–\(StatsFormat.percent(band.upperBound)): "
                + (tf.verdict == .within ? "within band." : "**outside band**.")
        }
        return out + "\n"
    }

    func choice(_ stats: BankStatistics) -> String? {
        let choice = stats.choice
        guard choice.questions > 0 else { return nil }
        var out = "**Choice questions:** \(choice.questions) · \(StatsFormat.plural(choice.choices, "choice")), "
            + "\(StatsFormat.fixed(choice.meanChoices ?? 0, 1)) per question\n\n"
        let largest = max(2, choice.largestChoiceCount)
        let perCountMaximum = Double(choice.questionsByChoiceCount.max() ?? 0)
        out += table(["Choices", "Questions", ""], right: [1], (2...largest).map { count in
            let questions = choice.questionsByChoiceCount[count]
            return [String(count), String(questions), bar(Double(questions), perCountMaximum)]
        })
        let positionMaximum = Double(choice.correctByPosition.max() ?? 0)
        out += "\n" + table(["Correct at position", "Correct", "Share", "Expected", ""], right: [1, 2, 3], (0..<largest).map { index in
            let correct = choice.correctByPosition[index]
            return [String(index + 1), String(correct), StatsFormat.percent(share(correct, of: choice.correctChoices)),
                    StatsFormat.fixed(choice.expectedByPosition[index], 1), bar(Double(correct), positionMaximum)]
        })
        out += "\nThe correct choice is the longest in \(choice.longestIsCorrect) questions (\(StatsFormat.percent(choice.longestIsCorrectShare))); "
            + "by chance \(StatsFormat.percent(choice.longestByChanceShare))"
        out += choice.longestTied > 0 ? "; \(choice.longestTied) tied.\n" : ".\n"
        out += choice.unshuffled > 0
            ? "\(StatsFormat.plural(choice.unshuffled, "question is", "questions are")) shown in authored order.\n"
            : "All are shuffled by the engine.\n"
        return out
    }

    func coverage(_ stats: BankStatistics) -> String {
        let coverage = stats.coverage
        let rows: [(String, Int, Int)] = [
            ("Explanations", coverage.withExplanation, coverage.questions),
            ("Hints (\(coverage.hints) in all)", coverage.withHints, coverage.questions),
            ("Images", coverage.withImage, coverage.questions),
            ("Image alt texts", coverage.imagesWithAlt, coverage.withImage),
            ("Choice feedback", coverage.choicesWithFeedback, coverage.choices),
        ]
        return table(["Coverage", "Count", "Of", "Share", ""], right: [1, 2, 3], rows.filter { $0.2 > 0 }.map { label, count, total in
            [label, String(count), String(total), StatsFormat.percent(share(count, of: total)), bar(Double(count), Double(total))]
        })
    }

    func translations(_ stats: BankStatistics) -> String? {
        guard stats.translations.count > 1 else { return nil }
        let labels = ["Text", "Choices", "Feedback", "Explanations", "Hints", "Alt texts"]
        return table(["Locale", "All"] + labels, right: Set(1...labels.count + 1), stats.translations.map { locale in
            ["`\(code(locale.locale))`", StatsFormat.percent(locale.all.share)] + TextField.allCases.map { StatsFormat.percent(locale[$0].share) }
        })
    }

    func lengths(_ stats: BankStatistics) -> String {
        var rows: [[String]] = []
        for field in stats.lengths.fields where field.lengths.count > 0 {
            for (measure, values) in [("words", field.lengths.words), ("characters", field.lengths.characters)] {
                rows.append(["\(field.label.prefix(1).uppercased() + field.label.dropFirst()), \(measure)", String(values.count),
                             values.min.map(String.init) ?? "–", values.median.map(String.init) ?? "–",
                             values.p95.map(String.init) ?? "–", values.max.map(String.init) ?? "–"])
            }
        }
        return table(["Length", "Count", "Min", "Median", "P95", "Max"], right: [1, 2, 3, 4, 5], rows)
    }

    func reviewScreen(_ stats: BankStatistics) -> String? {
        guard let review = stats.reviewScreen, review.count > 0 else { return nil }
        let setting = review.setting
        var rows: [[String]] = []
        for (label, values) in [("Lines at Large", review.linesAtLarge), ("Lines at xxxLarge", review.linesAtXXXLarge)] {
            rows.append([label, String(values.count), values.min.map(String.init) ?? "–", values.median.map(String.init) ?? "–",
                         values.p95.map(String.init) ?? "–", values.max.map(String.init) ?? "–"])
        }
        return "Review screen: \(LayoutFormat.points(setting.width)) pt, \(cell(setting.device)); \(setting.style); "
            + "\(setting.maxLines) lines; measured with \(cell(setting.fontName))\n\n"
            + table(["Question texts", "Count", "Min", "Median", "P95", "Max"], right: [1, 2, 3, 4, 5], rows) + "\n"
            + table(["Cut off at"] + review.cut.map(\.displayName), right: Set(1...max(1, review.cut.count)),
                    [["Texts"] + review.cut.map { String($0.count) }])
    }

    /// Per screen profile, the texts the layout rules would report: cut at the default size,
    /// or only at larger sizes (first at which).
    func truncation(_ stats: BankStatistics) -> String? {
        guard let truncation = stats.truncation, truncation.profiles.contains(where: { $0.count > 0 }) else { return nil }
        let rows = truncation.profiles.filter { $0.count > 0 }.map { profile -> [String] in
            let larger = profile.onlyAtLargerSizes.reduce(0) { $0 + $1.count }
            let sizes = profile.onlyAtLargerSizes.map { "\($0.displayName) \($0.count)" }.joined(separator: " · ")
            return [profile.profile, String(profile.count), StatsFormat.findings(profile.atDefaultSize, profile.atDefaultSizeSeverity),
                    StatsFormat.findings(larger, profile.atLargerSizesSeverity) + (sizes.isEmpty ? "" : ": " + sizes)]
        }
        return "Truncation: \(LayoutFormat.points(truncation.width)) pt, \(cell(truncation.device)); as lint grades it\n\n"
            + table(["Texts cut", "Measured", "At \(truncation.defaultSizeName)", "Only at larger sizes (first)"], right: [1], rows)
    }

    func quality(_ stats: BankStatistics) -> String? {
        guard let quality = stats.quality else { return nil }
        let rows = [("Duplicate questions", quality.duplicates), ("Near duplicates", quality.nearDuplicates)].map { label, value in
            [label, String(value.clusters), String(value.questions)]
        }
        var out = table(["Clusters", "Count", "Questions"], right: [1, 2], rows)
        let found = quality.findingsByRule.filter { $0.findings > 0 }
        if !found.isEmpty {
            out += "\n" + table(["Rule", "Findings"], right: [1], found.map { ["`\($0.rule)`", String($0.findings)] })
        }
        return out
    }
}

import QuizBank
import QuizLayout

/// `quizbank stats` (text): each bank on about one screen of aligned tables and small bar
/// charts that fit an 80-column terminal, then all banks together when there are several.
/// Color (bold headings, green/yellow verdicts, cyan bars) only when `color` is set; the
/// caller decides (terminal, `NO_COLOR`, `--color`). A pure function of the report.
public struct StatsTextRenderer: Sendable {
    public var color: Bool
    /// Cells of the longest bar.
    public var barWidth = 20
    /// Tags listed before "… N more".
    public var tagLimit = 8
    /// Topic ids and tags are cut to this many characters.
    var nameLimit = 24

    public init(color: Bool = false) {
        self.color = color
    }

    public func render(_ report: StatsReport) -> String {
        var blocks = report.banks.map(bankBlock)
        if report.banks.count > 1 { blocks.append(bankBlock(report.total)) }
        if report.banks.isEmpty { blocks.append("No bank to show.\n") }
        if !report.skipped.isEmpty {
            let list = report.skipped.map { "  \($0.path) (\(StatsFormat.plural($0.errors, "error")))\n" }.joined()
            blocks.append(paint("Left out", .bad) + ": " + StatsFormat.plural(report.skipped.count, "bank") +
                          " with errors (listed on stderr)\n" + list)
        }
        return blocks.joined(separator: "\n" + String(repeating: "─", count: 80) + "\n\n")
    }

    /// The sections of one bank, in order; a section returns nil to be left out. To add a
    /// section (duplicate clusters, findings per rule), add a function and a line here.
    func bankBlock(_ stats: BankStatistics) -> String {
        let sections: [String?] = [
            title(stats),
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

    private func paint(_ text: String, _ style: TextStyle) -> String {
        TextStyle.paint(text, style, color: color)
    }

    private func heading(_ text: String, _ detail: String = "") -> String {
        paint(text, .heading) + (detail.isEmpty ? "" : "  " + detail) + "\n"
    }

    private func bar(_ value: Double, _ maximum: Double) -> TextTable.Cell {
        TextTable.Cell(StatsFormat.bar(value, of: maximum, width: barWidth), .bar)
    }

    private func name(_ text: String) -> String {
        StatsFormat.truncated(StatsFormat.oneLine(text), nameLimit)
    }

    // MARK: Sections

    func title(_ stats: BankStatistics) -> String {
        var out: String
        switch stats.scope {
        case .bank(let bank):
            out = paint(StatsFormat.truncated(bank.id, 40), .heading) + "  " + StatsFormat.truncatedLeading(StatsFormat.oneLine(bank.path), 78 - min(40, bank.id.count)) + "\n"
            out += StatsFormat.truncated(StatsFormat.oneLine(bank.title), 80) + "\n"
            var facts = [StatsFormat.plural(stats.questions, "question"), "locale \(bank.locale)"]
            let others = stats.locales.filter { $0 != bank.locale }
            if !others.isEmpty { facts.append("translated to " + others.joined(separator: ", ")) }
            out += StatsFormat.truncated(facts.joined(separator: " · "), 80) + "\n"
        case .total(let banks):
            out = paint("All \(StatsFormat.plural(banks, "bank"))", .heading) + "\n"
            var facts = [StatsFormat.plural(stats.questions, "question")]
            if !stats.locales.isEmpty { facts.append("locales " + stats.locales.joined(separator: ", ")) }
            out += StatsFormat.truncated(facts.joined(separator: " · "), 80) + "\n"
        }
        return out
    }

    func kinds(_ stats: BankStatistics) -> String {
        var table = TextTable([.left, .right, .right, .left])
        table.indent = 0
        table.add([TextTable.Cell("Kinds", .heading), .init("count"), .init("share")])
        let maximum = Double(QuestionKindRow.all.map { stats.kinds[$0.kind] }.max() ?? 0)
        for row in QuestionKindRow.all {
            let count = stats.kinds[row.kind]
            table.add([.init("  " + row.label), .init(String(count)), .init(StatsFormat.percent(share(count, of: stats.questions))),
                       bar(Double(count), maximum)])
        }
        return table.render(color: color)
    }

    func exam(_ stats: BankStatistics) -> String? {
        guard case .bank = stats.scope else { return nil }
        guard let exam = stats.exam else { return heading("Exam", "none declared") }
        var facts: [String] = []
        if let size = exam.size { facts.append(StatsFormat.plural(size, "question")) }
        if let score = exam.passingScore {
            let needed = exam.questionsToPass.map { " (\($0) right)" } ?? ""
            facts.append("pass at " + StatsFormat.fixed(score * 100, 0) + "%" + needed)
        }
        if let demo = exam.demoLimit { facts.append("demo \(demo)") }
        facts.append(exam.shuffleChoices == false ? "choices in authored order" : "choices shuffled")
        return heading("Exam", facts.joined(separator: " · "))
    }

    func topics(_ stats: BankStatistics) -> String? {
        let topics = stats.topics
        if topics.topics.isEmpty {
            return heading("Topics", "none declared")
        }
        let isBank = stats.bank != nil
        let withFill = isBank && topics.examSize != nil
        var table = TextTable(withFill ? [.left, .right, .right, .right, .left] : [.left, .right, .right])
        table.indent = 0
        table.add(withFill ? [.init("Topics", .heading), .init("count"), .init("weight"), .init("needs"), .init("fills")]
                  : [.init("Topics", .heading), .init("count"), isBank ? .init("weight") : .init("")])
        for topic in topics.topics {
            var row: [TextTable.Cell] = [.init("  " + name(topic.id)), .init(String(topic.questions))]
            if isBank { row.append(.init(StatsFormat.percent(topic.weight))) }
            if withFill {
                row.append(.init(topics.needed(topic).map(String.init) ?? "–"))
                switch topics.fills(topic) {
                case true?: row.append(.init("yes", .good))
                case false?: row.append(.init("no, \(topics.needed(topic)! - topic.questions) short", .bad))
                case nil: row.append(.init("–"))
                }
            }
            table.add(row)
        }
        table.add([.init("  (no topic)", .dim), .init(String(topics.withoutTopic))])
        var out = table.render(color: color)
        if isBank, let total = topics.weightTotal {
            out += "  weights add up to \(StatsFormat.percent(total))"
            if let size = topics.examSize { out += "; an exam of \(size) draws the needed count from each" }
            out += "\n"
        }
        return out
    }

    func difficulty(_ stats: BankStatistics) -> String {
        let difficulty = stats.difficulty
        if difficulty.unset == stats.questions { return heading("Difficulty", "not set") }
        var table = TextTable([.left, .right, .right, .left])
        table.indent = 0
        table.add([.init("Difficulty", .heading), .init("count"), .init("share")])
        let maximum = Double((difficulty.levels + [difficulty.unset]).max() ?? 0)
        let labels = ["1 easy", "2", "3", "4", "5 hard"]
        for (index, count) in difficulty.levels.enumerated() {
            table.add([.init("  " + labels[index]), .init(String(count)), .init(StatsFormat.percent(share(count, of: stats.questions))),
                       bar(Double(count), maximum)])
        }
        if difficulty.unset > 0 {
            table.add([.init("  not set", .dim), .init(String(difficulty.unset)),
                       .init(StatsFormat.percent(share(difficulty.unset, of: stats.questions))), bar(Double(difficulty.unset), maximum)])
        }
        return table.render(color: color)
    }

    func tags(_ stats: BankStatistics) -> String {
        let ranked = stats.tags.ranked
        let summary = "\(StatsFormat.plural(ranked.count, "distinct tag", "distinct tags")) · \(stats.tags.untagged) of \(stats.questions) questions untagged"
        guard !ranked.isEmpty else { return heading("Tags", "none") }
        var out = heading("Tags", summary)
        var table = TextTable([.left, .right, .left])
        let maximum = Double(ranked.first?.questions ?? 0)
        for tag in ranked.prefix(tagLimit) {
            table.add([.init(name(tag.tag)), .init(String(tag.questions)), bar(Double(tag.questions), maximum)])
        }
        out += table.render(color: color)
        if ranked.count > tagLimit { out += "  … \(ranked.count - tagLimit) more\n" }
        return out
    }

    func trueFalse(_ stats: BankStatistics) -> String? {
        let tf = stats.trueFalse
        guard tf.questions > 0 else { return nil }
        var out = heading("True/false", "\(StatsFormat.plural(tf.questions, "question")) · \(tf.trueCount) true (\(StatsFormat.percent(tf.trueShare)))")
        switch tf.verdict {
        case .tooFew:
            out += "  fair band: " + paint("too few to tell", .dim) + " (under \(TrueFalseStatistics.minimumForBand) questions)\n"
        case .within, .outside:
            let band = tf.band!
            out += "  fair band \(StatsFormat.percent(band.lowerBound))–\(StatsFormat.percent(band.upperBound)) (50% ± 2 standard errors): "
            out += tf.verdict == .within ? paint("within band", .good) + "\n" : paint("outside band", .bad) + "\n"
        }
        return out
    }

    func choice(_ stats: BankStatistics) -> String? {
        let choice = stats.choice
        guard choice.questions > 0 else { return nil }
        var out = heading("Choice questions", "\(choice.questions) · \(StatsFormat.plural(choice.choices, "choice")), "
                          + "\(StatsFormat.fixed(choice.meanChoices ?? 0, 1)) per question")
        let largest = max(2, choice.largestChoiceCount)
        var table = TextTable([.left, .right, .left, .right, .right, .right, .left])
        table.add([.init("choices"), .init("questions"), .init(""), .init("correct at"), .init("count"), .init("expected")])
        let perCountMaximum = Double(choice.questionsByChoiceCount.max() ?? 0)
        let positionMaximum = Double(choice.correctByPosition.max() ?? 0)
        // Two small charts side by side: questions by number of choices, correct choices by position.
        for row in 0..<largest {
            var cells: [TextTable.Cell] = []
            let count = row + 2
            if count <= largest {
                let questions = choice.questionsByChoiceCount[count]
                cells += [.init(String(count)), .init(String(questions)), .init(StatsFormat.bar(Double(questions), of: perCountMaximum, width: 10), .bar)]
            } else {
                cells += [.init(""), .init(""), .init("")]
            }
            let correct = choice.correctByPosition[row]
            cells += [.init(String(row + 1)), .init(String(correct)), .init(StatsFormat.fixed(choice.expectedByPosition[row], 1)),
                      .init(StatsFormat.bar(Double(correct), of: positionMaximum, width: 12), .bar)]
            table.add(cells)
        }
        out += table.render(color: color)
        let longest = "correct choice is the longest in \(choice.longestIsCorrect) (\(StatsFormat.percent(choice.longestIsCorrectShare)));"
            + " by chance \(StatsFormat.percent(choice.longestByChanceShare))"
        out += "  " + longest + (choice.longestTied > 0 ? "; \(choice.longestTied) tied" : "") + "\n"
        if choice.unshuffled > 0 {
            out += "  \(StatsFormat.plural(choice.unshuffled, "question")) shown in authored order (the position matters there)\n"
        } else {
            out += "  all shuffled by the engine: position matters only for authoring habits\n"
        }
        return out
    }

    func coverage(_ stats: BankStatistics) -> String {
        let coverage = stats.coverage
        var table = TextTable([.left, .right, .right, .right, .left])
        table.indent = 0
        table.add([.init("Coverage", .heading), .init("count"), .init("of"), .init("share")])
        let rows: [(String, Int, Int)] = [
            ("explanations", coverage.withExplanation, coverage.questions),
            ("hints (\(coverage.hints) in all)", coverage.withHints, coverage.questions),
            ("images", coverage.withImage, coverage.questions),
            ("image alt texts", coverage.imagesWithAlt, coverage.withImage),
            ("choice feedback", coverage.choicesWithFeedback, coverage.choices),
        ]
        for (label, count, total) in rows where total > 0 {
            let part = share(count, of: total)
            table.add([.init("  " + label), .init(String(count)), .init(String(total)), .init(StatsFormat.percent(part)),
                       TextTable.Cell(StatsFormat.bar(Double(count), of: Double(total), width: barWidth), .bar)])
        }
        return table.render(color: color)
    }

    func translations(_ stats: BankStatistics) -> String? {
        // One locale is always complete: the source texts are the texts.
        guard stats.translations.count > 1 else { return nil }
        var table = TextTable([.left] + Array(repeating: .right, count: TextField.allCases.count + 1))
        table.indent = 0
        let labels = ["text", "choice", "feedback", "explan.", "hint", "alt"]
        table.add([.init("Translations", .heading), .init("all")] + labels.map { .init($0) })
        for locale in stats.translations {
            var row: [TextTable.Cell] = [.init("  " + locale.locale), percentCell(locale.all)]
            for field in TextField.allCases { row.append(percentCell(locale[field])) }
            table.add(row)
        }
        return table.render(color: color)
    }

    private func percentCell(_ count: LocaleCoverage.Count) -> TextTable.Cell {
        guard let share = count.share else { return .init("–", .dim) }
        return .init(StatsFormat.percent(share), share < 1 ? .bad : nil)
    }

    func lengths(_ stats: BankStatistics) -> String {
        var table = TextTable([.left, .left, .right, .right, .right, .right, .right])
        table.indent = 0
        table.add([.init("Lengths", .heading), .init(""), .init("count"), .init("min"), .init("median"), .init("p95"), .init("max")])
        for field in stats.lengths.fields where field.lengths.count > 0 {
            for (index, measure) in [("words", field.lengths.words), ("chars", field.lengths.characters)].enumerated() {
                let values = measure.1
                table.add([.init(index == 0 ? "  " + field.label : ""), .init(measure.0), .init(String(values.count)),
                           .init(values.min.map(String.init) ?? "–"), .init(values.median.map(String.init) ?? "–"),
                           .init(values.p95.map(String.init) ?? "–"), .init(values.max.map(String.init) ?? "–")])
            }
        }
        return table.render(color: color)
    }
}

extension StatsTextRenderer {
    /// Lines of question texts on the answer-review screen, and how many each size cuts off.
    func reviewScreen(_ stats: BankStatistics) -> String? {
        guard let review = stats.reviewScreen, review.count > 0 else { return nil }
        let setting = review.setting
        var out = heading("Review screen", "\(LayoutFormat.points(setting.width)) pt, \(setting.device); \(setting.style); "
                          + "\(setting.maxLines) lines")
        out += "  measured with \(setting.fontName)\n"
        var table = TextTable([.left, .right, .right, .right, .right, .right])
        table.indent = 0
        table.add([.init("  lines of question texts"), .init("count"), .init("min"), .init("median"), .init("p95"), .init("max")])
        for (label, values) in [("at Large", review.linesAtLarge), ("at xxxLarge", review.linesAtXXXLarge)] {
            table.add([.init("    " + label), .init(String(values.count)), .init(values.min.map(String.init) ?? "–"),
                       .init(values.median.map(String.init) ?? "–"), .init(values.p95.map(String.init) ?? "–"),
                       .init(values.max.map(String.init) ?? "–")])
        }
        out += table.render(color: color)
        out += "  cut off (more than \(setting.maxLines) lines)  "
            + review.cut.map { "\($0.displayName) \($0.count)" }.joined(separator: " · ") + "\n"
        return out
    }
}

extension StatsTextRenderer {
    /// Per screen profile, the texts the layout rules would report, graded: cut at the default
    /// size, or only at larger sizes (first at which).
    func truncation(_ stats: BankStatistics) -> String? {
        guard let truncation = stats.truncation, truncation.profiles.contains(where: { $0.count > 0 }) else { return nil }
        var out = heading("Truncation", "\(LayoutFormat.points(truncation.width)) pt, \(truncation.device); as lint grades it")
        var table = TextTable([.left, .right, .right, .left])
        table.indent = 0
        table.add([.init("  texts cut"), .init("measured"), .init("at \(truncation.defaultSizeName)"), .init("only at larger sizes (first)")])
        for profile in truncation.profiles where profile.count > 0 {
            let larger = profile.onlyAtLargerSizes.reduce(0) { $0 + $1.count }
            let sizes = profile.onlyAtLargerSizes.map { "\($0.displayName) \($0.count)" }.joined(separator: " · ")
            table.add([.init("    " + profile.profile), .init(String(profile.count)),
                       .init(StatsFormat.findings(profile.atDefaultSize, profile.atDefaultSizeSeverity)),
                       .init(StatsFormat.findings(larger, profile.atLargerSizesSeverity) + (sizes.isEmpty ? "" : ": " + sizes))])
        }
        out += table.render(color: color)
        return out
    }
}

extension StatsTextRenderer {
    /// Duplicate clusters and the item-writing and quality rules' findings (those with any).
    func quality(_ stats: BankStatistics) -> String? {
        guard let quality = stats.quality else { return nil }
        func clusters(_ value: QualityFindingStatistics.Clusters) -> String {
            "\(value.clusters) (\(value.questions) question\(value.questions == 1 ? "" : "s"))"
        }
        var out = heading("Quality", "duplicates \(clusters(quality.duplicates)) · near duplicates \(clusters(quality.nearDuplicates))")
        let found = quality.findingsByRule.filter { $0.findings > 0 }
        guard !found.isEmpty else { return out + "  no findings from the item-writing and quality rules\n" }
        var table = TextTable([.left, .right])
        table.indent = 0
        table.add([.init("  findings by rule"), .init("count")])
        for rule in found { table.add([.init("    " + rule.rule), .init(String(rule.findings))]) }
        out += table.render(color: color)
        return out
    }
}

struct QuestionKindRow {
    var kind: QuizBank.QuestionKind
    var label: String

    static let all = [
        QuestionKindRow(kind: .trueFalse, label: "true/false"),
        QuestionKindRow(kind: .singleChoice, label: "single choice"),
        QuestionKindRow(kind: .multipleChoice, label: "multiple choice"),
    ]
}

import QuizBank
import QuizSupport
/// `quizbank stats --format json`: every figure of the report as one versioned JSON document,
/// described member by member in docs/stats.md.
///
/// Members come in a fixed order, 2-space indented, with a final newline; optional members are
/// left out when they do not apply (never `null`). Shares, weights, bands and expected counts
/// are rounded to 4 decimal places; everything else is a whole count. A pure function of the
/// report: the same statistics give the same bytes.
///
/// Version promise: within `version` 1 new members may be added (later sections: duplicate
/// clusters, findings per rule, phone line counts); removing or renaming a member or changing
/// its type or meaning raises `version`. Readers must ignore members they do not know.
public struct StatsJSONRenderer: Sendable {
    public static let formatVersion = 1

    public var toolVersion: String

    public init(toolVersion: String) {
        self.toolVersion = toolVersion
    }

    public func render(_ report: StatsReport) -> String {
        let document = JSONValue.object([
            ("version", .integer(Self.formatVersion)),
            ("tool", .object([("name", .string("quizbank")), ("version", .string(toolVersion))])),
            ("banks", .array(report.banks.map(statistics))),
            ("total", statistics(report.total)),
            ("skipped", .array(report.skipped.map { .object([("path", .string($0.path)), ("errors", .integer($0.errors))]) })),
        ])
        return document.rendered()
    }

    /// The sections of one bank's (or the total's) object, in order. To add a section, add a
    /// function and a line here.
    func statistics(_ stats: BankStatistics) -> JSONValue {
        var members: [(String, JSONValue?)] = []
        switch stats.scope {
        case .bank(let bank):
            members += [("path", .string(bank.path)), ("id", .string(bank.id)), ("title", .string(bank.title)),
                        ("locale", .string(bank.locale))]
        case .total(let banks):
            members.append(("banks", .integer(banks)))
        }
        members += [
            ("locales", .array(stats.locales.map { .string($0) })),
            ("questions", .integer(stats.questions)),
            ("kinds", kinds(stats.kinds)),
            ("exam", stats.exam.map(exam)),
            ("topics", topics(stats.topics)),
            ("difficulty", difficulty(stats.difficulty)),
            ("tags", tags(stats.tags)),
            ("trueFalse", trueFalse(stats.trueFalse)),
            ("choice", choice(stats.choice)),
            ("coverage", coverage(stats.coverage)),
            ("translations", .array(stats.translations.map(translation))),
            ("lengths", lengths(stats.lengths)),
            ("reviewScreen", stats.reviewScreen.map(reviewScreen)),
            ("quality", stats.quality.map(quality)),
        ]
        return .object(members)
    }

    func kinds(_ kinds: KindCounts) -> JSONValue {
        .object([("trueFalse", .integer(kinds.trueFalse)), ("singleChoice", .integer(kinds.singleChoice)),
                 ("multipleChoice", .integer(kinds.multipleChoice))])
    }

    func exam(_ exam: ExamSettings) -> JSONValue {
        .object([("size", exam.size.map(JSONValue.integer)), ("passingScore", exam.passingScore.map(JSONValue.number)),
                 ("questionsToPass", exam.questionsToPass.map(JSONValue.integer)),
                 ("demoLimit", exam.demoLimit.map(JSONValue.integer)), ("shuffleChoices", exam.shuffleChoices.map(JSONValue.boolean))])
    }

    func topics(_ topics: TopicStatistics) -> JSONValue {
        .object([
            ("topics", .array(topics.topics.map { topic in
                .object([("id", .string(topic.id)), ("title", topic.title.map(JSONValue.string)),
                         ("weight", topic.weight.map(JSONValue.number)), ("questions", .integer(topic.questions)),
                         ("needed", topics.needed(topic).map(JSONValue.integer)), ("fills", topics.fills(topic).map(JSONValue.boolean))])
            })),
            ("withoutTopic", .integer(topics.withoutTopic)),
            ("weightTotal", topics.weightTotal.map(JSONValue.number)),
        ])
    }

    func difficulty(_ difficulty: DifficultyCounts) -> JSONValue {
        .object([
            ("levels", .array(difficulty.levels.enumerated().map { .object([("level", .integer($0.offset + 1)), ("questions", .integer($0.element))]) })),
            ("unset", .integer(difficulty.unset)),
        ])
    }

    func tags(_ tags: TagStatistics) -> JSONValue {
        .object([
            ("distinct", .integer(tags.questionsByTag.count)),
            ("untagged", .integer(tags.untagged)),
            ("tags", .array(tags.ranked.map { .object([("tag", .string($0.tag)), ("questions", .integer($0.questions))]) })),
        ])
    }

    func trueFalse(_ stats: TrueFalseStatistics) -> JSONValue {
        .object([
            ("questions", .integer(stats.questions)), ("true", .integer(stats.trueCount)), ("false", .integer(stats.falseCount)),
            ("trueShare", stats.trueShare.map(JSONValue.number)),
            ("band", stats.band.map { .object([("low", .number($0.lowerBound)), ("high", .number($0.upperBound))]) }),
            ("verdict", .string(stats.verdict.rawValue)),
        ])
    }

    func choice(_ stats: ChoiceStatistics) -> JSONValue {
        let correct = stats.correctChoices
        return .object([
            ("questions", .integer(stats.questions)),
            ("choices", .integer(stats.choices)),
            ("meanChoices", stats.meanChoices.map(JSONValue.number)),
            ("choicesPerQuestion", .array((2...ChoiceStatistics.maximumChoices).map {
                .object([("choices", .integer($0)), ("questions", .integer(stats.questionsByChoiceCount[$0]))])
            })),
            ("correctChoices", .integer(correct)),
            ("correctPosition", .array(stats.correctByPosition.indices.map { index in
                .object([("position", .integer(index + 1)), ("correct", .integer(stats.correctByPosition[index])),
                         ("share", share(stats.correctByPosition[index], of: correct).map(JSONValue.number)),
                         ("expected", .number(stats.expectedByPosition[index]))])
            })),
            ("unshuffled", .integer(stats.unshuffled)),
            ("longest", .object([("correct", .integer(stats.longestIsCorrect)), ("tied", .integer(stats.longestTied)),
                                 ("share", stats.longestIsCorrectShare.map(JSONValue.number)),
                                 ("chance", stats.longestByChanceShare.map(JSONValue.number))])),
        ])
    }

    func coverage(_ stats: CoverageStatistics) -> JSONValue {
        func part(_ count: Int, _ of: Int, extra: [(String, JSONValue?)] = []) -> JSONValue {
            .object([("count", .integer(count)), ("of", .integer(of)), ("share", share(count, of: of).map(JSONValue.number))] + extra)
        }
        return .object([
            ("explanation", part(stats.withExplanation, stats.questions)),
            ("hints", part(stats.withHints, stats.questions, extra: [("hints", .integer(stats.hints))])),
            ("image", part(stats.withImage, stats.questions)),
            ("imageAlt", part(stats.imagesWithAlt, stats.withImage)),
            ("feedback", part(stats.choicesWithFeedback, stats.choices)),
        ])
    }

    func translation(_ locale: LocaleCoverage) -> JSONValue {
        func count(_ count: LocaleCoverage.Count) -> [(String, JSONValue?)] {
            [("translated", .integer(count.translated)), ("total", .integer(count.total)), ("share", count.share.map(JSONValue.number))]
        }
        return .object([("locale", .string(locale.locale))] + count(locale.all) + [
            ("fields", .object(TextField.allCases.map { ($0.rawValue, .object(count(locale[$0]))) })),
        ])
    }

    /// Min, median, 95th percentile and max; nil (left out) when there are no values.
    func distribution(_ values: Distribution) -> JSONValue? {
        guard let min = values.min, let median = values.median, let p95 = values.p95, let max = values.max else { return nil }
        return .object([("min", .integer(min)), ("median", .integer(median)), ("p95", .integer(p95)), ("max", .integer(max))])
    }

    func reviewScreen(_ review: ReviewScreenStatistics) -> JSONValue {
        .object([
            ("device", .string(review.setting.device)), ("width", .number(review.setting.width)),
            ("style", .string(review.setting.style)), ("maxLines", .integer(review.setting.maxLines)),
            ("font", .string(review.setting.font)), ("count", .integer(review.count)),
            ("linesAtLarge", distribution(review.linesAtLarge)), ("linesAtXXXLarge", distribution(review.linesAtXXXLarge)),
            ("cut", .array(review.cut.map { .object([("size", .string($0.size)), ("count", .integer($0.count))]) })),
        ])
    }

    func quality(_ quality: QualityFindingStatistics) -> JSONValue {
        func clusters(_ value: QualityFindingStatistics.Clusters) -> JSONValue {
            .object([("clusters", .integer(value.clusters)), ("questions", .integer(value.questions))])
        }
        return .object([
            ("duplicates", clusters(quality.duplicates)), ("nearDuplicates", clusters(quality.nearDuplicates)),
            ("findings", .array(quality.findingsByRule.map { .object([("rule", .string($0.rule)), ("count", .integer($0.findings))]) })),
        ])
    }

    func lengths(_ stats: LengthStatistics) -> JSONValue {
        .object(stats.fields.map { field in
            (field.name, .object([("count", .integer(field.lengths.count)), ("words", distribution(field.lengths.words)),
                                  ("characters", distribution(field.lengths.characters))]))
        })
    }
}

/// A JSON value with members in the order written, rendered by hand (JSONSerialization's
/// member order is not stable).
enum JSONValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    /// Rounded to 4 decimal places when rendered.
    case number(Double)
    case boolean(Bool)
    case array([JSONValue])
    /// Members whose value is nil are left out.
    case members([Member])

    struct Member: Sendable, Equatable {
        var key: String
        var value: JSONValue
    }

    static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        .members(members.compactMap { key, value in value.map { Member(key: key, value: $0) } })
    }

    func rendered() -> String {
        var out = ""
        write(to: &out, depth: 0)
        return out + "\n"
    }

    private func write(to out: inout String, depth: Int) {
        switch self {
        case .string(let value): JSONString.appendQuoted(value, to: &out)
        case .integer(let value): out += String(value)
        case .number(let value): out += StatsFormat.json(value)
        case .boolean(let value): out += value ? "true" : "false"
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += String(repeating: "  ", count: depth + 1)
                element.write(to: &out, depth: depth + 1)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: depth) + "]"
        case .members(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += String(repeating: "  ", count: depth + 1)
                JSONString.appendQuoted(member.key, to: &out)
                out += ": "
                member.value.write(to: &out, depth: depth + 1)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: depth) + "}"
        }
    }
}

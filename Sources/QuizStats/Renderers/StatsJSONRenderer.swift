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
        var json = JSONWriter()
        json.beginObject()
        json.key("version"); json.int(Self.formatVersion)
        json.key("tool")
        json.beginObject()
        json.key("name"); json.string("quizbank")
        json.key("version"); json.string(toolVersion)
        json.endObject()
        json.key("banks")
        json.beginArray()
        for bank in report.banks { statistics(bank, to: &json) }
        json.endArray()
        json.key("total"); statistics(report.total, to: &json)
        json.key("skipped")
        json.beginArray()
        for skipped in report.skipped {
            json.beginObject()
            json.key("path"); json.string(skipped.path)
            json.key("errors"); json.int(skipped.errors)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.finish()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The sections of one bank's (or the total's) object, in order. To add a section, add a
    /// function and a line here.
    func statistics(_ stats: BankStatistics, to json: inout JSONWriter) {
        json.beginObject()
        switch stats.scope {
        case .bank(let bank):
            json.key("path"); json.string(bank.path)
            json.key("id"); json.string(bank.id)
            json.key("title"); json.string(bank.title)
            json.key("locale"); json.string(bank.locale)
        case .total(let banks):
            json.key("banks"); json.int(banks)
        }
        json.key("locales"); json.stringArray(stats.locales)
        json.key("questions"); json.int(stats.questions)
        json.key("kinds"); kinds(stats.kinds, to: &json)
        if let exam = stats.exam { json.key("exam"); self.exam(exam, to: &json) }
        json.key("topics"); topics(stats.topics, to: &json)
        json.key("difficulty"); difficulty(stats.difficulty, to: &json)
        json.key("tags"); tags(stats.tags, to: &json)
        json.key("trueFalse"); trueFalse(stats.trueFalse, to: &json)
        json.key("choice"); choice(stats.choice, to: &json)
        json.key("coverage"); coverage(stats.coverage, to: &json)
        json.key("translations")
        json.beginArray()
        for locale in stats.translations { translation(locale, to: &json) }
        json.endArray()
        json.key("lengths"); lengths(stats.lengths, to: &json)
        if let review = stats.reviewScreen { json.key("reviewScreen"); reviewScreen(review, to: &json) }
        if let truncation = stats.truncation { json.key("truncation"); self.truncation(truncation, to: &json) }
        if let quality = stats.quality { json.key("quality"); self.quality(quality, to: &json) }
        json.endObject()
    }

    func kinds(_ kinds: KindCounts, to json: inout JSONWriter) {
        json.beginObject()
        json.key("trueFalse"); json.int(kinds.trueFalse)
        json.key("singleChoice"); json.int(kinds.singleChoice)
        json.key("multipleChoice"); json.int(kinds.multipleChoice)
        json.endObject()
    }

    func exam(_ exam: ExamSettings, to json: inout JSONWriter) {
        json.beginObject()
        if let size = exam.size { json.key("size"); json.int(size) }
        json.share("passingScore", exam.passingScore)
        if let count = exam.questionsToPass { json.key("questionsToPass"); json.int(count) }
        if let limit = exam.demoLimit { json.key("demoLimit"); json.int(limit) }
        if let shuffle = exam.shuffleChoices { json.key("shuffleChoices"); json.bool(shuffle) }
        json.endObject()
    }

    func topics(_ topics: TopicStatistics, to json: inout JSONWriter) {
        json.beginObject()
        json.key("topics")
        json.beginArray()
        for topic in topics.topics {
            json.beginObject()
            json.key("id"); json.string(topic.id)
            if let title = topic.title { json.key("title"); json.string(title) }
            json.share("weight", topic.weight)
            json.key("questions"); json.int(topic.questions)
            if let needed = topics.needed(topic) { json.key("needed"); json.int(needed) }
            if let fills = topics.fills(topic) { json.key("fills"); json.bool(fills) }
            json.endObject()
        }
        json.endArray()
        json.key("withoutTopic"); json.int(topics.withoutTopic)
        json.share("weightTotal", topics.weightTotal)
        json.endObject()
    }

    func difficulty(_ difficulty: DifficultyCounts, to json: inout JSONWriter) {
        json.beginObject()
        json.key("levels")
        json.beginArray()
        for (index, questions) in difficulty.levels.enumerated() {
            json.beginObject()
            json.key("level"); json.int(index + 1)
            json.key("questions"); json.int(questions)
            json.endObject()
        }
        json.endArray()
        json.key("unset"); json.int(difficulty.unset)
        json.endObject()
    }

    func tags(_ tags: TagStatistics, to json: inout JSONWriter) {
        json.beginObject()
        json.key("distinct"); json.int(tags.questionsByTag.count)
        json.key("untagged"); json.int(tags.untagged)
        json.key("tags")
        json.beginArray()
        for tag in tags.ranked {
            json.beginObject()
            json.key("tag"); json.string(tag.tag)
            json.key("questions"); json.int(tag.questions)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    func trueFalse(_ stats: TrueFalseStatistics, to json: inout JSONWriter) {
        json.beginObject()
        json.key("questions"); json.int(stats.questions)
        json.key("true"); json.int(stats.trueCount)
        json.key("false"); json.int(stats.falseCount)
        json.share("trueShare", stats.trueShare)
        if let band = stats.band {
            json.key("band")
            json.beginObject()
            json.share("low", band.lowerBound)
            json.share("high", band.upperBound)
            json.endObject()
        }
        json.key("verdict"); json.string(stats.verdict.rawValue)
        json.endObject()
    }

    func choice(_ stats: ChoiceStatistics, to json: inout JSONWriter) {
        let correct = stats.correctChoices
        json.beginObject()
        json.key("questions"); json.int(stats.questions)
        json.key("choices"); json.int(stats.choices)
        json.share("meanChoices", stats.meanChoices)
        json.key("choicesPerQuestion")
        json.beginArray()
        for choices in 2...ChoiceStatistics.maximumChoices {
            json.beginObject()
            json.key("choices"); json.int(choices)
            json.key("questions"); json.int(stats.questionsByChoiceCount[choices])
            json.endObject()
        }
        json.endArray()
        json.key("correctChoices"); json.int(correct)
        json.key("correctPosition")
        json.beginArray()
        for index in stats.correctByPosition.indices {
            json.beginObject()
            json.key("position"); json.int(index + 1)
            json.key("correct"); json.int(stats.correctByPosition[index])
            json.share("share", share(stats.correctByPosition[index], of: correct))
            json.share("expected", stats.expectedByPosition[index])
            json.endObject()
        }
        json.endArray()
        json.key("unshuffled"); json.int(stats.unshuffled)
        json.key("longest")
        json.beginObject()
        json.key("correct"); json.int(stats.longestIsCorrect)
        json.key("tied"); json.int(stats.longestTied)
        json.share("share", stats.longestIsCorrectShare)
        json.share("chance", stats.longestByChanceShare)
        json.endObject()
        json.endObject()
    }

    func coverage(_ stats: CoverageStatistics, to json: inout JSONWriter) {
        func part(_ name: StaticString, _ count: Int, _ of: Int, hints: Int? = nil) {
            json.key(name)
            json.beginObject()
            json.key("count"); json.int(count)
            json.key("of"); json.int(of)
            json.share("share", share(count, of: of))
            if let hints { json.key("hints"); json.int(hints) }
            json.endObject()
        }
        json.beginObject()
        part("explanation", stats.withExplanation, stats.questions)
        part("hints", stats.withHints, stats.questions, hints: stats.hints)
        part("image", stats.withImage, stats.questions)
        part("imageAlt", stats.imagesWithAlt, stats.withImage)
        part("feedback", stats.choicesWithFeedback, stats.choices)
        json.endObject()
    }

    func translation(_ locale: LocaleCoverage, to json: inout JSONWriter) {
        func count(_ count: LocaleCoverage.Count) {
            json.key("translated"); json.int(count.translated)
            json.key("total"); json.int(count.total)
            json.share("share", count.share)
        }
        json.beginObject()
        json.key("locale"); json.string(locale.locale)
        count(locale.all)
        json.key("fields")
        json.beginObject()
        for field in TextField.allCases {
            json.key(field.rawValue)
            json.beginObject()
            count(locale[field])
            json.endObject()
        }
        json.endObject()
        json.endObject()
    }

    /// Min, median, 95th percentile and max; left out when there are no values.
    func distribution(_ name: StaticString, _ values: Distribution, to json: inout JSONWriter) {
        guard let min = values.min, let median = values.median, let p95 = values.p95, let max = values.max else { return }
        json.key(name)
        json.beginObject()
        json.key("min"); json.int(min)
        json.key("median"); json.int(median)
        json.key("p95"); json.int(p95)
        json.key("max"); json.int(max)
        json.endObject()
    }

    func reviewScreen(_ review: ReviewScreenStatistics, to json: inout JSONWriter) {
        json.beginObject()
        json.key("device"); json.string(review.setting.device)
        json.share("width", review.setting.width)
        json.key("style"); json.string(review.setting.style)
        json.key("maxLines"); json.int(review.setting.maxLines)
        json.key("font"); json.string(review.setting.font)
        json.key("count"); json.int(review.count)
        distribution("linesAtLarge", review.linesAtLarge, to: &json)
        distribution("linesAtXXXLarge", review.linesAtXXXLarge, to: &json)
        json.key("cut")
        json.beginArray()
        for cut in review.cut {
            json.beginObject()
            json.key("size"); json.string(cut.size)
            json.key("count"); json.int(cut.count)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    func truncation(_ truncation: TruncationStatistics, to json: inout JSONWriter) {
        json.beginObject()
        json.key("device"); json.string(truncation.device)
        json.share("width", truncation.width)
        json.key("defaultSize"); json.string(truncation.defaultSize)
        json.key("profiles")
        json.beginArray()
        for profile in truncation.profiles {
            json.beginObject()
            json.key("profile"); json.string(profile.profile)
            json.key("rule"); json.string(profile.rule)
            json.key("maxLines"); json.int(profile.maxLines)
            json.key("count"); json.int(profile.count)
            json.key("atDefaultSize")
            json.beginObject()
            json.key("severity"); json.string(profile.atDefaultSizeSeverity)
            json.key("count"); json.int(profile.atDefaultSize)
            json.endObject()
            json.key("onlyAtLargerSizes")
            json.beginObject()
            json.key("severity"); json.string(profile.atLargerSizesSeverity)
            json.key("count"); json.int(profile.onlyAtLargerSizes.reduce(0) { $0 + $1.count })
            json.key("firstCutAt")
            json.beginArray()
            for size in profile.onlyAtLargerSizes {
                json.beginObject()
                json.key("size"); json.string(size.size)
                json.key("count"); json.int(size.count)
                json.endObject()
            }
            json.endArray()
            json.endObject()
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    func quality(_ quality: QualityFindingStatistics, to json: inout JSONWriter) {
        func clusters(_ name: StaticString, _ value: QualityFindingStatistics.Clusters) {
            json.key(name)
            json.beginObject()
            json.key("clusters"); json.int(value.clusters)
            json.key("questions"); json.int(value.questions)
            json.endObject()
        }
        json.beginObject()
        clusters("duplicates", quality.duplicates)
        clusters("nearDuplicates", quality.nearDuplicates)
        json.key("findings")
        json.beginArray()
        for rule in quality.findingsByRule {
            json.beginObject()
            json.key("rule"); json.string(rule.rule)
            json.key("count"); json.int(rule.findings)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    func lengths(_ stats: LengthStatistics, to json: inout JSONWriter) {
        json.beginObject()
        for field in stats.fields {
            json.key(field.name)
            json.beginObject()
            json.key("count"); json.int(field.lengths.count)
            distribution("words", field.lengths.words, to: &json)
            distribution("characters", field.lengths.characters, to: &json)
            json.endObject()
        }
        json.endObject()
    }
}

extension JSONWriter {
    /// A fraction, weight or mean of the statistics: rounded to 4 decimal places; nothing
    /// (the member left out) when there is none.
    mutating func share(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value, decimals: 4)
    }
}

import QuizBank
import QuizSupport
import QuizCompile
import QuizYAML

/// How much a change matters to what learners' progress and an item's statistics mean
/// (docs/versions.md), most first.
public enum ChangeSeverity: String, CaseIterable, Sendable, Comparable {
    /// Old answers and statistics no longer mean the same: a new answer key, another question
    /// under an old id, another kind.
    case breaking
    /// What an exam is made of: questions, choices, images, the exam's settings.
    case structural
    /// Texts that changed what a learner reads, not what is right.
    case content
    /// Equal after the compiler's normalization: nothing a learner sees changed.
    case cosmetic

    public static func < (a: ChangeSeverity, b: ChangeSeverity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Every kind of change `quizbank diff` reports (docs/versions.md lists them).
public enum ChangeKind: String, CaseIterable, Sendable {
    case bankAdded = "bank-added"
    case bankRemoved = "bank-removed"
    case examSizeChanged = "exam-size-changed"
    case passingScoreChanged = "passing-score-changed"
    case demoLimitChanged = "demo-limit-changed"
    case topicAdded = "topic-added"
    case topicRemoved = "topic-removed"
    case topicWeightChanged = "topic-weight-changed"
    case localeAdded = "locale-added"
    case localeRemoved = "locale-removed"
    case questionAdded = "question-added"
    case questionRemoved = "question-removed"
    case questionRenamed = "question-renamed"
    case idReused = "id-reused"
    case kindChanged = "kind-changed"
    case answerKeyChanged = "answer-key-changed"
    case choicesAdded = "choices-added"
    case choicesRemoved = "choices-removed"
    case choicesReordered = "choices-reordered"
    case choiceTextEdited = "choice-text-edited"
    case textEditedMajor = "text-edited-major"
    case textEditedMinor = "text-edited-minor"
    case textEditedCosmetic = "text-edited-cosmetic"
    case imageChanged = "image-changed"
    case translationAdded = "translation-added"
    case translationChanged = "translation-changed"
    case translationRemoved = "translation-removed"
    case detailsEdited = "details-edited"
    case metadataChanged = "metadata-changed"

    public var severity: ChangeSeverity {
        switch self {
        case .idReused, .kindChanged, .answerKeyChanged: return .breaking
        case .bankAdded, .bankRemoved, .examSizeChanged, .passingScoreChanged, .demoLimitChanged, .topicAdded, .topicRemoved,
             .topicWeightChanged, .localeAdded, .localeRemoved, .questionAdded, .questionRemoved, .questionRenamed,
             .choicesAdded, .choicesRemoved, .choicesReordered, .imageChanged:
            return .structural
        case .choiceTextEdited, .textEditedMajor, .textEditedMinor, .translationAdded, .translationChanged,
             .translationRemoved, .detailsEdited, .metadataChanged:
            return .content
        case .textEditedCosmetic: return .cosmetic
        }
    }
}

/// A place in one version: its file (or `REV:path`) and position.
public struct ChangePlace: Sendable, Equatable {
    public var path: String
    public var line: Int
    public var column: Int

    init(_ path: String, _ range: SourceRange) {
        self.path = path
        line = Int(range.start.line)
        column = Int(range.start.column)
    }
}

public struct Change: Sendable, Equatable {
    public var kind: ChangeKind
    public var bankID: String
    /// The question's id in the new version (in the old one for a removed question).
    public var questionID: String?
    /// For a renamed question, its old id.
    public var oldQuestionID: String?
    public var locale: String?
    public var message: String
    public var old: ChangePlace?
    public var new: ChangePlace?
    public var suggestion: String?

    public var severity: ChangeSeverity { kind.severity }
}

public struct VersionDiff: Sendable {
    /// Bank by bank (sorted by bank id): the bank's own changes, then its questions' in the new
    /// version's order, then those of removed questions in the old version's order.
    public var changes: [Change]
    /// Questions present in both versions with no change at all.
    public var unchangedQuestions: Int

    public func count(_ severity: ChangeSeverity) -> Int { changes.filter { $0.severity == severity }.count }
}

/// Compares two versions of a set of banks, matched by bank id, questions matched by id.
///
/// Text edits are measured on the compiler's normalized text: equal after normalization is
/// cosmetic; otherwise the edit distance (Unicode scalars, a swap of neighbours one edit) over
/// the longer text's length is the share changed: at most `minorShare` is a minor edit, more a
/// major one. A question whose text changed by more than `reusedShare` and whose choices are
/// mostly new (fewer than half of the old choice texts kept; any true/false question) is another
/// question under the old id.
public enum BankComparison {
    public static let minorShare = 0.2
    public static let reusedShare = 0.5

    public static func compare(old: [BankVersion], new: [BankVersion]) -> VersionDiff {
        let oldByID = Dictionary(old.map { ($0.bank.header.id.value, $0) }, uniquingKeysWith: { first, _ in first })
        let newByID = Dictionary(new.map { ($0.bank.header.id.value, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [Change] = []
        var unchanged = 0
        for id in Set(oldByID.keys).union(newByID.keys).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            switch (oldByID[id], newByID[id]) {
            case (let before?, let after?):
                var comparison = Comparison(old: before, new: after)
                comparison.run()
                changes += comparison.changes
                unchanged += comparison.unchanged
            case (let before?, nil):
                changes.append(Change(kind: .bankRemoved, bankID: id, message: "bank '\(id)' was removed, with its \(before.bank.questions.count) question\(before.bank.questions.count == 1 ? "" : "s")",
                                      old: ChangePlace(before.label, before.bank.header.id.range)))
            case (nil, let after?):
                changes.append(Change(kind: .bankAdded, bankID: id, message: "bank '\(id)' was added, with \(after.bank.questions.count) question\(after.bank.questions.count == 1 ? "" : "s")",
                                      new: ChangePlace(after.label, after.bank.header.id.range)))
            case (nil, nil):
                break
            }
        }
        return VersionDiff(changes: changes, unchangedQuestions: unchanged)
    }

    /// The share of `a` and `b` that differs: 0 for equal texts, 1 for nothing in common.
    public static func changedShare(_ a: String, _ b: String) -> Double {
        if a == b { return 0 }
        let longest = max(a.unicodeScalars.count, b.unicodeScalars.count)
        return Double(editDistance(a, b)) / Double(longest)
    }
}

/// The comparison of one bank's two versions.
private struct Comparison {
    let old: BankVersion
    let new: BankVersion
    var changes: [Change] = []
    var unchanged = 0
    private var bankID: String { new.bank.header.id.value }

    init(old: BankVersion, new: BankVersion) {
        self.old = old
        self.new = new
    }

    mutating func run() {
        compareHeaders()
        let oldQuestions = Dictionary(old.bank.questions.map { ($0.id.value, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.bank.questions.map(\.id.value))
        var added: [Question] = []
        for question in new.bank.questions {
            if let before = oldQuestions[question.id.value] {
                let count = changes.count
                compare(before, question)
                if changes.count == count { unchanged += 1 }
            } else {
                added.append(question)
            }
        }
        let removed = old.bank.questions.filter { !newIDs.contains($0.id.value) }
        // Same content under a new id: a rename, matched by the compiled fingerprint.
        var removedByContent: [String: [Question]] = [:]
        for question in removed { removedByContent[old.contentFingerprint(of: question), default: []].append(question) }
        var renamedOldIDs: Set<String> = []
        for question in added {
            let fingerprint = new.contentFingerprint(of: question)
            if var candidates = removedByContent[fingerprint], !candidates.isEmpty {
                let before = candidates.removeFirst()
                removedByContent[fingerprint] = candidates
                renamedOldIDs.insert(before.id.value)
                add(.questionRenamed, question.id.value, "question '\(before.id.value)' is now '\(question.id.value)', with the same content; learners' progress is kept by id",
                    old: before.id.range, new: question.id.range, oldQuestionID: before.id.value,
                    suggestion: "keep the id '\(before.id.value)'")
            } else {
                add(.questionAdded, question.id.value, "question '\(question.id.value)' was added", new: question.id.range)
            }
        }
        for question in removed where !renamedOldIDs.contains(question.id.value) {
            add(.questionRemoved, question.id.value, "question '\(question.id.value)' was removed", old: question.id.range)
        }
    }

    // MARK: The bank

    private mutating func compareHeaders() {
        let before = old.bank.header, after = new.bank.header
        let oldExam = before.exam, newExam = after.exam
        let where_ = (old: oldExam?.range ?? before.id.range, new: newExam?.range ?? after.id.range)
        func describe(_ size: Int?) -> String { size.map(String.init) ?? "every question" }
        if oldExam?.size?.value != newExam?.size?.value {
            addBank(.examSizeChanged, "exam size was \(describe(oldExam?.size?.value)), is now \(describe(newExam?.size?.value))",
                    old: oldExam?.size?.range ?? where_.old, new: newExam?.size?.range ?? where_.new)
        }
        if oldExam?.passingScore != newExam?.passingScore {
            addBank(.passingScoreChanged, "passing score was \(number(oldExam?.passingScore)), is now \(number(newExam?.passingScore))",
                    old: where_.old, new: where_.new)
        }
        if oldExam?.demoLimit?.value != newExam?.demoLimit?.value {
            addBank(.demoLimitChanged, "demo limit was \(oldExam?.demoLimit.map { String($0.value) } ?? "none"), is now \(newExam?.demoLimit.map { String($0.value) } ?? "none")",
                    old: oldExam?.demoLimit?.range ?? where_.old, new: newExam?.demoLimit?.range ?? where_.new)
        }
        let oldTopics = Dictionary(before.topics.map { ($0.id.value, $0) }, uniquingKeysWith: { first, _ in first })
        let newTopics = Dictionary(after.topics.map { ($0.id.value, $0) }, uniquingKeysWith: { first, _ in first })
        for topic in after.topics {
            guard let previous = oldTopics[topic.id.value] else {
                addBank(.topicAdded, "topic '\(topic.id.value)' was added\(topic.weight.map { " (weight \(number($0)))" } ?? "")", new: topic.id.range)
                continue
            }
            if previous.weight != topic.weight {
                addBank(.topicWeightChanged, "topic '\(topic.id.value)' weight was \(number(previous.weight)), is now \(number(topic.weight))",
                        old: previous.id.range, new: topic.id.range)
            }
        }
        for topic in before.topics where newTopics[topic.id.value] == nil {
            addBank(.topicRemoved, "topic '\(topic.id.value)' was removed", old: topic.id.range)
        }
        for locale in after.outputLocales where !before.outputLocales.contains(locale) {
            addBank(.localeAdded, "locale \(locale) was added", new: after.locale.range, locale: locale)
        }
        for locale in before.outputLocales where !after.outputLocales.contains(locale) {
            addBank(.localeRemoved, "locale \(locale) was removed", old: before.locale.range, locale: locale)
        }
    }

    private func number(_ value: Double?) -> String {
        guard let value else { return "none" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    // MARK: A question in both versions

    private mutating func compare(_ before: Question, _ after: Question) {
        let id = after.id.value
        let oldText = old.normalizedSource(before.text), newText = new.normalizedSource(after.text)
        let textShare = BankComparison.changedShare(oldText, newText)
        let isChoice = (before.answer == nil, after.answer == nil)
        if textShare > BankComparison.reusedShare, keptChoiceShare(before, after) < 0.5 {
            add(.idReused, id, "question '\(id)' now asks something else (\(percent(textShare)) of its text and most of its choices changed): progress and statistics kept under this id would mean another question",
                old: before.id.range, new: after.id.range, suggestion: "give the new question an id of its own")
            return
        }
        if before.kind != after.kind {
            add(.kindChanged, id, "question '\(id)' was \(before.kind.rawValue), is now \(after.kind.rawValue)", old: before.id.range, new: after.id.range)
        }
        compareText(before, after, oldText: oldText, newText: newText, share: textShare)
        switch isChoice {
        case (false, false):
            if let was = before.answer?.value, let now = after.answer?.value, was != now {
                add(.answerKeyChanged, id, "question '\(id)': the answer was \(was), is now \(now)", old: before.answer?.range ?? before.id.range,
                    new: after.answer?.range ?? after.id.range)
            }
        case (true, true):
            compareChoices(before, after)
        default:
            break
        }
        compareImage(before, after)
        compareDetails(before, after)
        compareTranslations(before, after)
    }

    /// The share of the old choices whose text is among the new ones (1 for a true/false
    /// question kept one: its answer is compared on its own; 0 when either has no choices).
    private func keptChoiceShare(_ before: Question, _ after: Question) -> Double {
        guard !before.choices.isEmpty, !after.choices.isEmpty else { return 0 }
        let newTexts = Set(after.choices.map { new.normalizedSource($0.text) })
        let kept = before.choices.filter { newTexts.contains(old.normalizedSource($0.text)) }.count
        return Double(kept) / Double(before.choices.count)
    }

    private mutating func compareText(_ before: Question, _ after: Question, oldText: String, newText: String, share: Double) {
        let id = after.id.value
        let oldRaw = before.text.source(old.sourceLocale), newRaw = after.text.source(new.sourceLocale)
        guard oldRaw != newRaw else { return }
        let range = (old: before.text.range, new: after.text.range)
        if share == 0 {
            add(.textEditedCosmetic, id, "question '\(id)': the text changed only in what the compiler normalizes (spaces, line breaks, Unicode composition)",
                old: range.old, new: range.new)
        } else if share <= BankComparison.minorShare {
            add(.textEditedMinor, id, "question '\(id)': the text was edited (\(percent(share)) changed): \"\(oldText)\" → \"\(newText)\"", old: range.old, new: range.new)
        } else {
            add(.textEditedMajor, id, "question '\(id)': the text was rewritten (\(percent(share)) changed): \"\(oldText)\" → \"\(newText)\"", old: range.old, new: range.new)
        }
    }

    private func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

    // MARK: Choices

    /// Old choice index → new choice index: by id where both have one, then by equal
    /// normalized text, then each remaining old choice with the closest remaining new one
    /// within `reusedShare` (an edited choice).
    private func matchChoices(_ before: Question, _ after: Question) -> [Int: Int] {
        var pairs: [Int: Int] = [:]
        var taken: Set<Int> = []
        func pair(_ o: Int, _ n: Int) { pairs[o] = n; taken.insert(n) }
        for (o, choice) in before.choices.enumerated() {
            guard let id = choice.id?.value, let n = after.choices.firstIndex(where: { $0.id?.value == id }) else { continue }
            pair(o, n)
        }
        let oldTexts = before.choices.map { old.normalizedSource($0.text) }
        let newTexts = after.choices.map { new.normalizedSource($0.text) }
        for o in before.choices.indices where pairs[o] == nil && before.choices[o].id == nil {
            if let n = newTexts.indices.first(where: { !taken.contains($0) && after.choices[$0].id == nil && newTexts[$0] == oldTexts[o] }) { pair(o, n) }
        }
        for o in before.choices.indices where pairs[o] == nil && before.choices[o].id == nil {
            let candidates = newTexts.indices.filter { !taken.contains($0) && after.choices[$0].id == nil }
            guard let n = candidates.min(by: { BankComparison.changedShare(oldTexts[o], newTexts[$0]) < BankComparison.changedShare(oldTexts[o], newTexts[$1]) }),
                  BankComparison.changedShare(oldTexts[o], newTexts[n]) <= BankComparison.reusedShare else { continue }
            pair(o, n)
        }
        return pairs
    }

    private mutating func compareChoices(_ before: Question, _ after: Question) {
        let id = after.id.value
        let pairs = matchChoices(before, after)
        let oldTexts = before.choices.map { old.normalizedSource($0.text) }
        let newTexts = after.choices.map { new.normalizedSource($0.text) }
        let quoted = { (texts: [String]) in texts.map { "'\($0)'" }.joined(separator: ", ") }
        let matchedNew = Set(pairs.values)
        let addedChoices = after.choices.indices.filter { !matchedNew.contains($0) }
        let removedChoices = before.choices.indices.filter { pairs[$0] == nil }
        let range = (old: before.choices.first.map { SourceRange(at: $0.range.start) } ?? before.id.range,
                     new: after.choices.first.map { SourceRange(at: $0.range.start) } ?? after.id.range)
        // The answer key: the old correct choices, followed to the new version, against the new ones.
        let oldCorrect = Set(before.choices.indices.filter { before.choices[$0].correct }.map { pairs[$0] ?? -1 - $0 })
        let newCorrect = Set(after.choices.indices.filter { after.choices[$0].correct })
        if oldCorrect != newCorrect {
            let was = before.choices.indices.filter { before.choices[$0].correct }.map { oldTexts[$0] }
            let now = after.choices.indices.filter { after.choices[$0].correct }.map { newTexts[$0] }
            add(.answerKeyChanged, id, "question '\(id)': the correct answer was \(quoted(was)), is now \(quoted(now))", old: range.old, new: range.new)
        }
        if !addedChoices.isEmpty {
            add(.choicesAdded, id, "question '\(id)': choice\(addedChoices.count == 1 ? "" : "s") \(quoted(addedChoices.map { newTexts[$0] })) added (\(before.choices.count) → \(after.choices.count) choices)",
                old: range.old, new: after.choices[addedChoices[0]].range)
        }
        if !removedChoices.isEmpty {
            add(.choicesRemoved, id, "question '\(id)': choice\(removedChoices.count == 1 ? "" : "s") \(quoted(removedChoices.map { oldTexts[$0] })) removed (\(before.choices.count) → \(after.choices.count) choices)",
                old: before.choices[removedChoices[0]].range, new: range.new)
        }
        let order = pairs.sorted { $0.key < $1.key }.map(\.value)
        if zip(order, order.dropFirst()).contains(where: { $0 > $1 }) {
            add(.choicesReordered, id, "question '\(id)': the choices were reordered; positions stored by an engine (a learner's pick, a position's statistics) point at other choices",
                old: range.old, new: range.new)
        }
        var edited: [String] = []
        for (o, n) in pairs.sorted(by: { $0.key < $1.key }) where before.choices[o].text.source(old.sourceLocale) != after.choices[n].text.source(new.sourceLocale) {
            edited.append(oldTexts[o] == newTexts[n] ? "'\(newTexts[n])' (spaces only)" : "'\(oldTexts[o])' → '\(newTexts[n])'")
        }
        if !edited.isEmpty {
            add(.choiceTextEdited, id, "question '\(id)': choice text edited: \(edited.joined(separator: ", "))", old: range.old, new: range.new)
        }
    }

    // MARK: Images, details, translations

    private mutating func compareImage(_ before: Question, _ after: Question) {
        let id = after.id.value
        switch (before.image, after.image) {
        case (nil, let image?):
            add(.imageChanged, id, "question '\(id)': image '\(image.value)' added", new: image.range)
        case (let image?, nil):
            add(.imageChanged, id, "question '\(id)': image '\(image.value)' removed", old: image.range, new: after.id.range)
        case (let was?, let now?):
            let oldHash = old.imageSHA256[was.value], newHash = new.imageSHA256[now.value]
            let same = oldHash != nil && newHash != nil ? oldHash == newHash : was.value == now.value
            if !same {
                let hashes = oldHash.flatMap { o in newHash.map { "sha256 \(o.prefix(12))… → \($0.prefix(12))…" } } ?? "path '\(was.value)' → '\(now.value)'"
                add(.imageChanged, id, "question '\(id)': the image changed (\(hashes))", old: was.range, new: now.range)
            }
        case (nil, nil):
            break
        }
    }

    /// Source-locale texts besides the question's and choices' own, and the metadata.
    private mutating func compareDetails(_ before: Question, _ after: Question) {
        let id = after.id.value
        func source(_ text: LocalizedText?, in version: BankVersion) -> String? { text.map { $0.source(version.sourceLocale) } }
        var texts: [String] = []
        if source(before.explanation, in: old) != source(after.explanation, in: new) { texts.append("explanation") }
        if before.hints.map({ $0.source(old.sourceLocale) }) != after.hints.map({ $0.source(new.sourceLocale) }) { texts.append("hints") }
        if source(before.imageAlt, in: old) != source(after.imageAlt, in: new) { texts.append("image-alt") }
        let pairs = matchChoices(before, after)
        if pairs.contains(where: { source(before.choices[$0.key].feedback, in: old) != source(after.choices[$0.value].feedback, in: new) }) {
            texts.append("feedback")
        }
        if !texts.isEmpty {
            add(.detailsEdited, id, "question '\(id)': \(texts.joined(separator: ", ")) edited", old: before.id.range, new: after.id.range)
        }
        var fields: [String] = []
        if before.topic?.value != after.topic?.value { fields.append("topic \(before.topic?.value ?? "none") → \(after.topic?.value ?? "none")") }
        if before.difficulty != after.difficulty { fields.append("difficulty \(before.difficulty.map(String.init) ?? "none") → \(after.difficulty.map(String.init) ?? "none")") }
        if before.tags != after.tags { fields.append("tags") }
        if before.shuffle != after.shuffle { fields.append("shuffle") }
        if !fields.isEmpty {
            add(.metadataChanged, id, "question '\(id)': \(fields.joined(separator: ", "))", old: before.id.range, new: after.id.range)
        }
    }

    /// Per locale other than the source: the question's translations, field by field (choices
    /// followed by `matchChoices`).
    private mutating func compareTranslations(_ before: Question, _ after: Question) {
        let id = after.id.value
        let pairs = matchChoices(before, after)
        let locales = (old.bank.header.outputLocales + new.bank.header.outputLocales).filter { $0 != new.sourceLocale && $0 != old.sourceLocale }
        var seen: Set<String> = []
        for locale in locales where seen.insert(locale).inserted {
            let was = translations(of: before, in: old, locale: locale, choiceKey: { pairs[$0].map(String.init) ?? "old\($0)" })
            let now = translations(of: after, in: new, locale: locale, choiceKey: { String($0) })
            guard was != now else { continue }
            if was.isEmpty {
                add(.translationAdded, id, "question '\(id)': translated into \(locale)", new: after.id.range, locale: locale)
            } else if now.isEmpty {
                add(.translationRemoved, id, "question '\(id)': the \(locale) translation was removed", old: before.id.range, new: after.id.range, locale: locale)
            } else {
                let fields = Set(was.keys).union(now.keys).filter { was[$0] != now[$0] }.map { $0.split(separator: "#").first.map(String.init) ?? $0 }
                add(.translationChanged, id, "question '\(id)': the \(locale) translation changed (\(Set(fields).sorted().joined(separator: ", ")))",
                    old: before.id.range, new: after.id.range, locale: locale)
            }
        }
    }

    /// The question's texts in `locale` (only where translated, normalized), keyed by field.
    private func translations(of question: Question, in version: BankVersion, locale: String, choiceKey: (Int) -> String) -> [String: String] {
        var texts: [String: String] = [:]
        question.forEachLocalizedText { text, field in
            guard case .translated = text.form, let value = text.text(for: locale, sourceLocale: version.sourceLocale) else { return }
            let key: String
            switch field {
            case .text: key = "text"
            case .choice(let index): key = "choice#\(choiceKey(index))"
            case .feedback(let index): key = "feedback#\(choiceKey(index))"
            case .explanation: key = "explanation"
            case .hint(let index): key = "hints#\(index)"
            case .imageAlt: key = "image-alt"
            }
            texts[key] = TextNormalizer.normalize(value)
        }
        return texts
    }

    // MARK: Recording

    private mutating func add(_ kind: ChangeKind, _ questionID: String, _ message: String, old oldRange: SourceRange? = nil,
                              new newRange: SourceRange? = nil, oldQuestionID: String? = nil, locale: String? = nil, suggestion: String? = nil) {
        changes.append(Change(kind: kind, bankID: bankID, questionID: questionID, oldQuestionID: oldQuestionID, locale: locale, message: message,
                              old: oldRange.map { ChangePlace(old.label, $0) }, new: newRange.map { ChangePlace(new.label, $0) },
                              suggestion: suggestion))
    }

    private mutating func addBank(_ kind: ChangeKind, _ message: String, old oldRange: SourceRange? = nil, new newRange: SourceRange? = nil, locale: String? = nil) {
        changes.append(Change(kind: kind, bankID: bankID, locale: locale, message: message,
                              old: oldRange.map { ChangePlace(old.label, $0) }, new: newRange.map { ChangePlace(new.label, $0) }))
    }
}

import Foundation
import QuizSupport
import QuizYAML

/// What decoding a bank file gave: the bank when it could be built, and every problem found.
public struct DecodeResult: Sendable {
    public var bank: Bank?
    public var findings: [Finding]
    /// Whether `questions` was the bank's last top-level key, so that a header decoded from the
    /// keys before it (`QuestionConsumer.begin`) is the whole header.
    public var questionsCameLast: Bool

    public var hasErrors: Bool { findings.contains { $0.severity == .error } }
}

/// What a caller does with a bank's questions as the decoder reads them, in order.
///
/// A consumer that can make a `successor` lets a large bank be read in two parts at once: the
/// successor is given a contiguous run of the last questions, and is then handed back to
/// `append`, which must leave this consumer as if it had been given those questions itself. A
/// successor is made after `begin`, may be used elsewhere than where it was made while its
/// maker goes on, and so must share nothing mutable with it (`StreamedItemConsumer`).
public protocol QuestionConsumer {
    /// Called once before the first question of a streamed `questions` list, with the header
    /// decoded from the keys written before it (nil when they do not make a header); its
    /// findings come with the result.
    mutating func begin(_ header: BankHeader?)
    /// Called with each question that decodes, in order.
    mutating func add(_ question: Question)
    /// A consumer for the questions after those given to this one; nil: read in one piece.
    func successor() -> Self?
    mutating func append(_ successor: consuming Self)
    /// Whether every question is kept to the end (then equal long choice texts are stored
    /// once: `SharedSpellings`); a consumer that lets questions go keeps none of them alive.
    static var keepsEveryQuestion: Bool { get }
}

extension QuestionConsumer {
    public static var keepsEveryQuestion: Bool { false }
    public mutating func begin(_ header: BankHeader?) {}
    public func successor() -> Self? { nil }
    /// Never called: without a successor there is nothing to append.
    public mutating func append(_ successor: consuming Self) {}
}

/// The questions of a bank, kept in order.
struct KeptQuestions: QuestionConsumer {
    private(set) var questions: QuestionList
    private let capacity: Int

    /// Room, in large pages, for a question every 128 bytes of a large bank, a choice every 32
    /// and half its bytes of ids and question texts (a bank of smaller ones grows the lists as
    /// usual): growing them by doubling moved the questions read so far, and faulted in every
    /// 4 KiB page of each new copy.
    public init(bankSize: Int) {
        capacity = bankSize >= 1 << 20 ? bankSize / 128 : 0
        questions = capacity > 0 ? QuestionList(reservingLarge: capacity, choices: capacity * 4, textBytes: capacity * 64) : []
    }

    public mutating func add(_ question: Question) {
        questions.append(question)
    }

    static var keepsEveryQuestion: Bool { true }

    public func successor() -> KeptQuestions? {
        KeptQuestions(bankSize: capacity * 128)
    }

    public mutating func append(_ successor: consuming KeptQuestions) {
        questions.append(contentsOf: successor.takeQuestions())
    }

    private consuming func takeQuestions() -> QuestionList {
        questions
    }
}

/// Turns a bank file into the `Bank` model, collecting every format error with its range.
public struct BankDecoder: Sendable {
    /// Reads the YAML; its limits and two-part reading apply to banks.
    public var loader = YAMLLoader()

    public init() {}

    /// Decodes `bytes`, read from `path` (used in findings, and to find images beside the bank).
    public func decode(_ bytes: [UInt8], path: String) -> DecodeResult {
        var kept = KeptQuestions(bankSize: bytes.count)
        var result = decode(bytes, path: path, to: &kept)
        result.bank?.questions = kept.questions
        return result
    }

    /// Decodes `bytes`, giving each question to `questions` instead of keeping it: the result's
    /// bank has no questions.
    public func decode<Consumer: QuestionConsumer>(_ bytes: [UInt8], path: String, to questions: inout Consumer) -> DecodeResult {
        var items = DecodingItems(path: path, context: DecodeContext(path: path, sharesChoiceTexts: Consumer.keepsEveryQuestion),
                                  questions: consume questions)
        defer { questions = items.questions }
        let root: Node?
        do {
            let loaded = try loader.load(bytes, streaming: "questions", to: &items)
            root = loaded.root
            items.context.add(loaded.problems.map { Finding($0, path: path) })
        } catch {
            return DecodeResult(bank: nil, findings: [Finding(error, path: path)], questionsCameLast: false)
        }
        let bank = items.context.bank(root, streamedCount: items.count, questions: &items.questions)
        let lastKey = root?.pairs?.last?.key.scalar
        return DecodeResult(bank: bank, findings: items.context.findings, questionsCameLast: lastKey == "questions")
    }
}

/// The items of `questions` as the loader streams them: each decoded into its question, which
/// goes to the caller's consumer. A successor decodes into a context of its own, taken over in
/// order by `append`.
struct DecodingItems<Questions: QuestionConsumer>: StreamedItemConsumer {
    let path: String
    var context: DecodeContext
    var questions: Questions
    /// Items read, also those too broken to make a question.
    var count = 0

    mutating func begin(_ pairs: [Node.Pair]) {
        // A scratch context: the header is decoded again, and reported, with the whole file.
        var scratch = DecodeContext(path: path)
        questions.begin(scratch.header(pairs, at: SourceRange(at: SourceMark(line: 1, column: 1))))
    }

    mutating func add(_ item: Node) {
        count += 1
        guard let question = context.question(item) else { return }
        questions.add(question)
    }

    func successor() -> DecodingItems? {
        questions.successor().map {
            DecodingItems(path: path, context: DecodeContext(path: path, sharesChoiceTexts: Questions.keepsEveryQuestion), questions: $0)
        }
    }

    mutating func append(_ successor: consuming DecodingItems) {
        count += successor.count
        context.adopt(successor.context)
        questions.append(successor.takeQuestions())
    }

    /// The consumer alone, with no other owner left (a copy would keep its storage shared).
    private consuming func takeQuestions() -> Questions {
        questions
    }
}

/// Decoder rule ids: every format error is a finding under one of these.
public enum FormatRule: String, CaseIterable, Sendable {
    case unknownKey = "unknown-key"
    case wrongType = "wrong-type"
    case missingField = "missing-field"
    case unsupportedVersion = "unsupported-version"
    case kindConflict = "kind-conflict"
    case choiceCount = "choice-count"
    case noCorrectChoice = "no-correct-choice"
    case duplicateID = "duplicate-id"
    case duplicateBankID = "duplicate-bank-id"
    case undeclaredTopic = "undeclared-topic"
    case examRange = "exam-range"
    case valueRange = "value-range"
    case invalidID = "invalid-id"
    case invalidLocale = "invalid-locale"
    case missingSourceLocale = "missing-source-locale"
    case undeclaredLocale = "undeclared-locale"
    case emptyText = "empty-text"
    case imagePath = "image-path"
    case emptyBank = "empty-bank"
}

/// A value passed `inout`, not a class: every field a question adds to would otherwise be
/// an exclusivity check at run time (a class's stored properties are checked dynamically).
struct DecodeContext {
    let path: String
    private(set) var findings: [Finding] = []
    /// Every question id read, also of questions too broken to decode, for the duplicate check.
    private var questionIDs: [Located<String>] = []
    /// Choices whose `correct` was neither true nor false nor a word meaning one, so far.
    private var unreadableCorrectValues = 0
    /// `HashIndex.hash` of each of `questionIDs`, and of each of `topicReferences`.
    private var questionIDHashes: [UInt64] = []
    private var topicHashes: [UInt64] = []

    init(path: String, sharesChoiceTexts: Bool = false) {
        self.path = path
        choiceTexts = sharesChoiceTexts ? SharedSpellings() : nil
    }

    static let bankKeys = ["quizbank", "id", "title", "locale", "locales", "description", "images", "topics", "exam", "questions"]
    static let questionKeys = ["id", "topic", "difficulty", "tags", "text", "answer", "explanation", "hints", "image", "image-alt", "choices", "shuffle"]
    static let choiceKeys = ["id", "text", "correct", "feedback"]
    static let topicKeys = ["title", "weight"]
    static let examKeys = ["size", "passing-score", "demo-limit", "shuffle-choices"]

    mutating func add(_ more: [Finding]) {
        findings += more
    }

    /// Takes over what a context for the questions after these found.
    mutating func adopt(_ later: DecodeContext) {
        findings += later.findings
        questionIDs += later.questionIDs
        questionIDHashes += later.questionIDHashes
        topicReferences += later.topicReferences
        topicHashes += later.topicHashes
        imageReferences += later.imageReferences
        translatedTexts += later.translatedTexts
    }

    mutating func report(_ rule: FormatRule, _ message: String, _ range: SourceRange,
                related: [Finding.Related] = [], suggestion: String? = nil, fix: Finding.Fix.Safety? = nil) {
        findings.append(Finding(ruleID: rule.rawValue, severity: .error, message: message, path: path,
                                range: range, related: related, suggestion: suggestion,
                                fix: suggestion.flatMap { text in fix.map { Finding.Fix(range: range, replacement: text, safety: $0) } }))
    }

    // MARK: Bank

    /// The bank's top-level fields other than `questions`, reporting what is wrong with them.
    mutating func header(_ pairs: [Node.Pair], at start: SourceRange) -> BankHeader? {
        var fields: [String: Node] = [:]
        for pair in pairs { if let key = pair.key.scalar { fields[key] = pair.value } }
        if let version = fields["quizbank"] {
            if let number = int(version, field: "quizbank"), number != 1 {
                report(.unsupportedVersion, "format version \(number) is not supported; this quizbank reads version 1", version.range)
            }
        } else {
            report(.missingField, "missing `quizbank: 1`, the format version", start)
        }
        let id = required(fields, "id", in: "the bank", at: start).flatMap { identifier($0, field: "id", pattern: .bank) }
        let title = required(fields, "title", in: "the bank", at: start).flatMap { localized($0, field: "title") }
        let locale = required(fields, "locale", in: "the bank", at: start).flatMap { localeTag($0, field: "locale") }
        var locales: [String] = []
        if let node = fields["locales"], let items = sequence(node, field: "locales") {
            if items.isEmpty {
                report(.valueRange, "`locales` is empty; list the bank's locales, or leave the key out", node.range)
            }
            var seen: Set<String> = []
            for item in items {
                guard let tag = localeTag(item, field: "locales") else {
                    // `pt_BR` for `pt-BR`: the translations written as meant are not reported
                    // again, one by one; the finding counts them instead.
                    if let value = item.scalar, let meant = LocaleTag.suggestion(for: value), seen.insert(meant.lowercased()).inserted {
                        locales.append(meant)
                        assumedLocales.append((meant, findings.count - 1, 0))
                    }
                    continue
                }
                // Tags do not differ by case (`en` and `EN` are one locale, whose compiled files
                // would be one file where names do not differ by case either).
                if !seen.insert(tag.value.lowercased()).inserted {
                    let first = locales.first { $0.lowercased() == tag.value.lowercased() } ?? tag.value
                    report(.valueRange, "locale \(tag.value) is listed twice in `locales`\(first == tag.value ? "" : " (as \(first): tags do not differ by case)")", item.range)
                } else {
                    locales.append(tag.value)
                }
            }
            if let locale, !locales.isEmpty, !locales.contains(locale.value) {
                report(.valueRange, "`locales` must include the source locale \(locale.value)", node.range)
            }
        }
        let description = fields["description"].flatMap { localized($0, field: "description") }
        let imageRoot = fields["images"].flatMap { string($0, field: "images") }
        if let node = fields["images"], let root = imageRoot, root.hasPrefix("/") {
            report(.imagePath, "the image root must be relative to the bank file, not absolute", node.range)
        }
        let topics = fields["topics"].map { topicList($0) } ?? []
        let exam = fields["exam"].flatMap { self.exam($0) }
        let sourceLocale = locale?.value ?? ""
        let declared = locales.isEmpty ? [sourceLocale] : locales
        // What questions are checked against, also when a missing or broken header field keeps
        // the header from being built: a bank without `id` still declares its topics.
        declaredTopicIDs = topics.map(\.id.value) + invalidTopicIDs
        declaredLocales = declared
        self.sourceLocale = sourceLocale
        for text in [title, description].compactMap({ $0 }) + topics.compactMap(\.title) {
            checkLocales(text, sourceLocale: sourceLocale, declared: declared)
        }
        guard let id, let title, let locale else { return nil }
        return BankHeader(path: path, id: id, title: title, locale: locale, locales: declared, description: description,
                          imageRoot: imageRoot, topics: topics, exam: exam)
    }


    /// The bank without its questions: those not streamed (`streamedCount` were) go to `questions`.
    mutating func bank<Questions: QuestionConsumer>(_ root: Node?, streamedCount: Int, questions: inout Questions) -> Bank? {
        guard let root else {
            report(.emptyBank, "the file holds nothing but comments and white space; a bank starts with `quizbank: 1`", SourceRange(at: SourceMark(line: 1, column: 1)))
            return nil
        }
        guard let pairs = mapping(root, what: "a bank", allowed: Self.bankKeys) else { return nil }
        let start = SourceRange(at: root.range.start)
        let header = header(pairs, at: start)
        let questionsNode = pairs.first { $0.key.scalar == "questions" }?.value

        var questionCount = streamedCount
        if let node = questionsNode {
            // `questions:` with nothing after it (every question deleted) is as empty as `[]`.
            if node.scalarType == .null, node.scalar?.isEmpty == true, streamedCount == 0 {
                report(.emptyBank, "`questions` is empty; a bank needs at least one question", node.range)
            } else if let items = sequence(node, field: "questions") {
                for item in items {
                    questionCount += 1
                    guard let question = question(item) else { continue }
                    questions.add(question)
                }
                if questionCount == 0 {
                    report(.emptyBank, "`questions` is empty; a bank needs at least one question", node.range)
                }
            }
        } else {
            report(.missingField, "missing `questions`, the list of questions", start)
        }
        checkQuestionReferences(header: header, questionCount: questionCount)
        guard let header else { return nil }
        return Bank(header: header, questions: [])
    }

    /// What questions refer to that only the header can settle, kept from each question as it is
    /// decoded so that the checks need not keep the questions (`adopt` takes each over).
    private var topicReferences: [Located<String>] = []
    /// Set by `header`: the topic ids the bank declares (also those written as invalid ids, so
    /// that a question naming one is not reported too), its locales and its source locale.
    private var declaredTopicIDs: [String] = []
    private var invalidTopicIDs: [String] = []
    private var declaredLocales: [String] = []
    private var sourceLocale = ""
    /// Locales meant by an invalid entry of `locales` (`pt-BR` for `pt_BR`): the index of the
    /// entry's finding, and how many translations use the meant locale.
    private var assumedLocales: [(locale: String, finding: Int, uses: Int)] = []
    private var imageReferences: [Located<String>] = []
    private var translatedTexts: [LocalizedText] = []
    /// The choice texts read so far that take storage of their own (`SharedSpellings`), when
    /// the questions are all kept.
    private var choiceTexts: SharedSpellings?

    private mutating func noteReferences(of question: Question) {
        noteReferences(topic: question.topic, image: question.image)
        question.forEachLocalizedText { text, _ in
            if case .translated = text.form { translatedTexts.append(text) }
        }
    }

    private mutating func noteReferences(topic: Located<String>?, image: Located<String>?) {
        if let topic {
            topicReferences.append(topic)
            topicHashes.append(HashIndex.hash(topic.value))
        }
        if let image { imageReferences.append(image) }
    }

    private mutating func checkQuestionReferences(header: BankHeader?, questionCount: Int) {
        var firstIDs = HashIndex(capacity: questionIDs.count)
        // A local copy: reading the stored array while `report` changes `findings` would be
        // overlapping accesses to self.
        let questionIDs = questionIDs
        questionIDs.withUnsafeBufferPointer { ids in
            for (index, id) in ids.enumerated() {
                guard let first = firstIDs.insert(Int32(index), hash: questionIDHashes[index], isEqual: { ids[Int($0)].value == id.value }) else { continue }
                report(.duplicateID, "question id '\(id.value)' is used twice in this bank", id.range,
                       related: [Finding.Related(path: path, range: ids[Int(first)].range, note: "first use of '\(id.value)'")])
            }
        }
        let topics = declaredTopicIDs
        var declaredTopics = HashIndex(capacity: topics.count)
        for (index, topic) in topics.enumerated() {
            _ = declaredTopics.insert(Int32(index), hash: HashIndex.hash(topic), isEqual: { topics[Int($0)] == topic })
        }
        for (topic, hash) in zip(topicReferences, topicHashes)
        where declaredTopics.find(hash: hash, isEqual: { topics[Int($0)] == topic.value }) == nil {
            let message = topics.isEmpty
                ? "topic '\(topic.value)' is not declared; the bank declares no `topics`"
                : "topic '\(topic.value)' is not declared in `topics`"
            report(.undeclaredTopic, message, topic.range, suggestion: nearest(topic.value, in: topics), fix: .unsafe)
        }
        let imageChecker = ImagePathChecker(bankPath: path, imageRoot: header?.imageRoot)
        for image in imageReferences {
            if let problem = imageChecker.problem(with: image.value) { report(.imagePath, problem, image.range) }
        }
        for text in translatedTexts {
            checkLocales(text, sourceLocale: sourceLocale, declared: declaredLocales)
        }
        for assumed in assumedLocales where assumed.uses > 0 {
            let uses = assumed.uses == 1 ? "1 translation uses" : "\(assumed.uses) translations use"
            findings[assumed.finding].message += " (\(uses) \(assumed.locale))"
        }
        guard let exam = header?.exam else { return }
        if let size = exam.size, questionCount > 0, size.value > questionCount {
            report(.examRange, "exam size \(size.value) is more than the bank's \(questionCount) questions", size.range)
        }
        if let demo = exam.demoLimit, let size = exam.size, demo.value > size.value {
            report(.examRange, "demo limit \(demo.value) is more than the exam size \(size.value)", demo.range)
        }
    }

    /// A translated text must carry the source locale and only declared locales.
    private mutating func checkLocales(_ text: LocalizedText, sourceLocale: String, declared: [String]) {
        guard case .translated(let entries) = text.form, !sourceLocale.isEmpty else { return }
        if !entries.contains(where: { $0.locale == sourceLocale }) {
            report(.missingSourceLocale, "translations must include the bank's source locale \(sourceLocale)", text.range)
        }
        for entry in entries {
            if let index = assumedLocales.firstIndex(where: { $0.locale == entry.locale }) {
                assumedLocales[index].uses += 1
                continue
            }
            guard !declared.contains(entry.locale) else { continue }
            report(.undeclaredLocale, "locale \(entry.locale) is not declared in the bank's `locales` (\(declared.joined(separator: ", ")))", entry.localeRange)
        }
    }

    private mutating func topicList(_ node: Node) -> [Topic] {
        guard let pairs = mapping(node, what: "`topics`", allowed: nil) else { return [] }
        var topics: [Topic] = []
        for pair in pairs {
            guard let id = identifier(pair.key, field: "topic id", pattern: .question) else {
                if let written = pair.key.scalar { invalidTopicIDs.append(written) }
                continue
            }
            var title: LocalizedText?
            var weight: Double?
            if pair.value.scalarType == .null {
                topics.append(Topic(id: id, title: nil, weight: nil))
                continue
            }
            guard let fields = mapping(pair.value, what: "topic '\(id.value)'", allowed: Self.topicKeys) else { continue }
            for field in fields {
                switch field.key.scalar {
                case "title": title = localized(field.value, field: "title")
                case "weight":
                    if let value = number(field.value, field: "weight") {
                        if value < 0 || value > 1 {
                            report(.valueRange, "topic weight \(field.value.scalar ?? "") is outside 0...1 (a share of the exam)", field.value.range)
                        }
                        weight = value
                    }
                default: break
                }
            }
            topics.append(Topic(id: id, title: title, weight: weight))
        }
        return topics
    }

    private mutating func exam(_ node: Node) -> Exam? {
        guard let pairs = mapping(node, what: "`exam`", allowed: Self.examKeys) else { return nil }
        var exam = Exam(size: nil, passingScore: nil, demoLimit: nil, shuffleChoices: nil, range: node.range)
        for pair in pairs {
            let value = pair.value
            switch pair.key.scalar {
            case "size":
                if let size = int(value, field: "size") {
                    if size < 1 { report(.examRange, "exam size must be at least 1", value.range) }
                    exam.size = Located(size, value.range)
                }
            case "passing-score":
                if let score = number(value, field: "passing-score") {
                    if score < 0 || score > 1 {
                        report(.examRange, "passing score \(value.scalar ?? "") is outside 0...1 (a fraction of the exam)", value.range)
                    }
                    exam.passingScore = score
                }
            case "demo-limit":
                if let limit = int(value, field: "demo-limit") {
                    if limit < 0 { report(.examRange, "demo limit must be 0 or more", value.range) }
                    exam.demoLimit = Located(limit, value.range)
                }
            case "shuffle-choices":
                exam.shuffleChoices = bool(value, field: "shuffle-choices")
            default: break
            }
        }
        return exam
    }

    // MARK: Questions

    mutating func question(_ node: Node) -> Question? {
        guard let pairs = mapping(node, what: "a question", allowed: Self.questionKeys) else { return nil }
        let unreadableCorrectBefore = unreadableCorrectValues
        var id: Located<String>?
        var topic: Located<String>?
        var difficulty: Int?
        var tags: [String] = []
        var text: LocalizedText?
        var answer: Located<Bool>?
        var choicesNode: Node?
        var choices: [Choice] = []
        var shuffle: Bool?
        var explanation: LocalizedText?
        var hints: [LocalizedText] = []
        var image: Located<String>?
        var imageAlt: LocalizedText?
        var textPresent = false

        for pair in pairs {
            let value = pair.value
            switch pair.key.scalar {
            case "id":
                id = identifier(value, field: "id", pattern: .question)
                if let id {
                    questionIDs.append(id)
                    questionIDHashes.append(HashIndex.hash(id.value))
                }
            case "topic": topic = string(value, field: "topic").map { Located($0, value.range) }
            case "difficulty":
                if let level = int(value, field: "difficulty") {
                    if !(1...5).contains(level) {
                        report(.valueRange, "difficulty \(level) is outside 1 (easy) ... 5 (hard)", value.range)
                    }
                    difficulty = level
                }
            case "tags":
                if let items = sequence(value, field: "tags") {
                    tags = items.compactMap { string($0, field: "a tag") }
                }
            case "text":
                textPresent = true
                text = localized(value, field: "text")
            case "answer": answer = bool(value, field: "answer").map { Located($0, value.range) }
            case "explanation": explanation = localized(value, field: "explanation")
            case "hints":
                if let items = sequence(value, field: "hints") {
                    hints = items.compactMap { localized($0, field: "a hint") }
                }
            case "image":
                image = string(value, field: "image").map { Located($0, value.range) }
            case "image-alt": imageAlt = localized(value, field: "image-alt")
            case "choices":
                choicesNode = value
                if let items = sequence(value, field: "choices") {
                    // Sized ahead: `compactMap` grows the array as it goes, a copy at each step.
                    choices.reserveCapacity(items.count)
                    for item in items {
                        if let choice = choice(item) { choices.append(choice) }
                    }
                    checkChoiceIDs(choices)
                }
            case "shuffle": shuffle = bool(value, field: "shuffle")
            default: break
            }
        }

        let start = SourceRange(at: node.range.start)
        let hasID = pairs.contains { $0.key.scalar == "id" }
        if !hasID { report(.missingField, "a question needs an `id`", start) }
        if !textPresent { report(.missingField, "question \(id.map { "'\($0.value)' " } ?? "")needs a `text`", start) }
        if image != nil && imageAlt == nil, let image {
            report(.missingField, "an image needs an `image-alt` text for screen readers", image.range)
        }

        let kind: QuestionKind?
        let hasAnswerKey = pairs.contains { $0.key.scalar == "answer" }
        switch (hasAnswerKey, choicesNode) {
        case (true, .some(let choicesNode)):
            report(.kindConflict, "a question has either `answer` (true/false) or `choices`, not both", choicesNode.range)
            kind = nil
        case (false, nil):
            report(.kindConflict, "a question needs `answer: true|false` or a list of `choices`", start)
            kind = nil
        case (true, nil):
            kind = .trueFalse
            if shuffle != nil, let range = pairs.first(where: { $0.key.scalar == "shuffle" })?.key.range {
                report(.kindConflict, "`shuffle` applies to choices; a true/false question has none", range)
            }
        case (false, .some(let choicesNode)):
            let count = choicesNode.items?.count ?? 0
            if choicesNode.items != nil, !(2...8).contains(count) {
                report(.choiceCount, "a choice question has 2 to 8 choices, this one has \(count)", choicesNode.range)
            }
            let correct = choices.filter(\.correct).count
            // A `correct` that could not be read is reported itself; the choice it marks may be
            // the correct one.
            if choicesNode.items != nil, correct == 0, choices.count == count, unreadableCorrectValues == unreadableCorrectBefore {
                report(.noCorrectChoice, "no choice is marked `correct: true`", choicesNode.range)
            }
            kind = correct > 1 ? .multipleChoice : .singleChoice
        }

        guard let id, let text, let kind else {
            // A question too broken to build (an invalid id, no text) still names its topic and
            // image, which are checked as any other's: fixing the id must not bring new errors.
            noteReferences(topic: topic, image: image)
            return nil
        }
        let question = Question(id: id, range: node.range, kind: kind, topic: topic, difficulty: difficulty, tags: tags,
                                text: text, answer: answer, choices: choices, shuffle: shuffle, explanation: explanation,
                                hints: hints, image: image, imageAlt: imageAlt)
        noteReferences(of: question)
        return question
    }

    /// Choice ids are unique within their question (a question has 8 choices at most).
    private mutating func checkChoiceIDs(_ choices: [Choice]) {
        for (index, choice) in choices.enumerated() {
            guard let id = choice.id,
                  let first = choices[..<index].first(where: { $0.id?.value == id.value })?.id else { continue }
            report(.duplicateID, "choice id '\(id.value)' is used twice in this question", id.range,
                   related: [Finding.Related(path: path, range: first.range, note: "first use of '\(id.value)'")])
        }
    }

    private mutating func choice(_ node: Node) -> Choice? {
        if node.scalar != nil {
            return localized(node, field: "a choice").map {
                Choice(id: nil, text: shared($0), correct: false, feedback: nil, range: node.range)
            }
        }
        guard let pairs = mapping(node, what: "a choice", allowed: Self.choiceKeys) else { return nil }
        var id: Located<String>?
        var text: LocalizedText?
        var correct = false
        var feedback: LocalizedText?
        for pair in pairs {
            switch pair.key.scalar {
            case "id": id = identifier(pair.value, field: "choice id", pattern: .question)
            case "text": text = localized(pair.value, field: "text")
            case "correct":
                if let value = bool(pair.value, field: "correct") { correct = value } else { unreadableCorrectValues += 1 }
            case "feedback": feedback = localized(pair.value, field: "feedback")
            default: break
            }
        }
        guard pairs.contains(where: { $0.key.scalar == "text" }) else {
            report(.missingField, "a choice written as a mapping needs a `text`", SourceRange(at: node.range.start))
            return nil
        }
        return text.map { Choice(id: id, text: shared($0), correct: correct, feedback: feedback, range: node.range) }
    }

    /// A choice's text, in storage shared with an equal one read before when questions are kept.
    private mutating func shared(_ text: LocalizedText) -> LocalizedText {
        choiceTexts?.shared(text) ?? text
    }

    // MARK: Typed values

    /// The pairs of a mapping, reporting keys outside `allowed` (nil: any key).
    private mutating func mapping(_ node: Node, what: String, allowed: [String]?) -> [Node.Pair]? {
        guard let pairs = node.pairs else {
            report(.wrongType, "\(what) must be a mapping, found \(node.kindDescription)", node.range)
            return nil
        }
        guard let allowed else { return pairs }
        var meant: [(index: Int, key: String)] = []
        for (index, pair) in pairs.enumerated() {
            guard let key = pair.key.scalar else {
                report(.wrongType, "keys of \(what) must be strings, found \(pair.key.kindDescription)", pair.key.range)
                continue
            }
            // Lengths first: a key of another length is told apart without a string comparison
            // (a call for every key that is not the same string in the same form).
            let length = key.utf8.count
            if !allowed.contains(where: { $0.utf8.count == length && $0 == key }) {
                // A key that is there already is the less likely meaning (`locals` beside
                // `locale` means `locales`).
                let absent = allowed.filter { name in !pairs.contains { $0.key.scalar == name } }
                let absentSuggestion = nearest(key, in: absent)
                let suggestion = absentSuggestion ?? nearest(key, in: allowed)
                // A value of another shape than the meant key takes (`hint: text` for the list
                // `hints`) needs more than the new name: the finding says what it takes, offers
                // no rename, and the key is not read as meant, which would be a second error.
                if let suggestion, let shape = Self.shapeMissing(of: suggestion, in: pair.value) {
                    report(.unknownKey, "unknown key '\(key)' in \(what); did you mean '\(suggestion)'? It takes \(shape)", pair.key.range)
                    continue
                }
                let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
                // Renaming a key is the likely intent, not a sure one: an unsafe fix.
                report(.unknownKey, "unknown key '\(key)' in \(what)\(hint)", pair.key.range, suggestion: suggestion, fix: .unsafe)
                if let absentSuggestion, !meant.contains(where: { $0.key == absentSuggestion }) {
                    meant.append((index, absentSuggestion))
                }
            }
        }
        return meant.isEmpty ? pairs : Self.readingAsMeant(pairs, meant)
    }

    /// Keys whose value is a list, a mapping, or a single value (the rest take a text or a
    /// mapping of translations).
    static let listKeys: Set = ["locales", "tags", "hints", "choices", "questions"]
    static let mappingKeys: Set = ["topics", "exam"]
    static let singleValueKeys: Set = ["quizbank", "id", "locale", "images", "topic", "difficulty", "answer", "image", "shuffle",
                                       "correct", "weight", "size", "passing-score", "demo-limit", "shuffle-choices"]

    /// What `key` takes that `value` is not ("a list", "a mapping", "a single value"); nil when
    /// the value has the key's shape.
    static func shapeMissing(of key: String, in value: Node) -> String? {
        if listKeys.contains(key) { return value.items == nil ? "a list" : nil }
        if mappingKeys.contains(key) { return value.pairs == nil ? "a mapping" : nil }
        if singleValueKeys.contains(key) { return value.scalar == nil ? "a single value" : nil }
        return value.items == nil ? nil : "a text or a mapping of translations"
    }

    /// A misspelled key (`titel`, `corect`) is read as the key it was meant to be, when that key
    /// is not there too: its unknown-key error names the fix, and nothing that follows from
    /// the misspelling (a missing `title`, no correct choice, every topic undeclared) is
    /// reported on top of it. The bank still has the error, so it does not compile.
    private static func readingAsMeant(_ pairs: [Node.Pair], _ meant: [(index: Int, key: String)]) -> [Node.Pair] {
        var pairs = pairs
        for (index, key) in meant {
            pairs[index].key.content = .scalar(key, pairs[index].key.scalarStyle ?? .plain)
        }
        return pairs
    }

    private mutating func sequence(_ node: Node, field: String) -> [Node]? {
        if let items = node.items { return items }
        report(.wrongType, "`\(field)` must be a list, found \(node.kindDescription)", node.range)
        return nil
    }

    private mutating func required(_ fields: [String: Node], _ key: String, in what: String, at range: SourceRange) -> Node? {
        if let node = fields[key] { return node }
        report(.missingField, "\(what) needs `\(key)`", range)
        return nil
    }

    /// Any scalar is a string in a text field (the format types only booleans and numbers).
    private mutating func string(_ node: Node, field: String) -> String? {
        guard let value = node.scalar else {
            report(.wrongType, "`\(field)` must be a string, found \(node.kindDescription)", node.range)
            return nil
        }
        if node.scalarType == .null && node.scalarStyle == .plain && (value.isEmpty || value == "~" || value.lowercased() == "null") {
            report(.emptyText, "`\(field)` is empty", node.range)
            return nil
        }
        if isBlank(value) {
            report(.emptyText, "`\(field)` is empty", node.range)
            return nil
        }
        return value
    }

    private mutating func bool(_ node: Node, field: String) -> Bool? {
        guard let value = node.scalar else {
            report(.wrongType, "`\(field)` must be true or false, found \(node.kindDescription)", node.range)
            return nil
        }
        if node.scalarType == .bool {
            if value == "true" { return true }
            if value == "false" { return false }
        }
        let detail: String
        switch value.lowercased() {
        case "yes", "no", "on", "off", "y", "n":
            detail = "; YAML 1.1's \(value) is not a boolean here"
        case "true", "false":
            detail = node.scalarStyle == .plain ? "; write it in lower case" : "; \(value) is quoted, so it is a string"
        default:
            detail = ""
        }
        // YAML 1.1's words and a quoted or capitalized true/false mean the boolean: writing it
        // over the scalar (quotes and all) is a safe fix. The value is read as meant, as a
        // misspelt key is, so that nothing that follows from it is reported as well ("no choice
        // is marked correct" under `correct: yes`).
        let meant: Bool? = ["yes", "on", "y", "true"].contains(value.lowercased()) ? true
            : ["no", "off", "n", "false"].contains(value.lowercased()) ? false : nil
        report(.wrongType, "`\(field)` must be true or false, found \(node.kindDescription)\(detail)", node.range,
               suggestion: meant.map { $0 ? "true" : "false" }, fix: .safe)
        return meant
    }

    private mutating func int(_ node: Node, field: String) -> Int? {
        if node.scalarType == .int, let value = node.scalar, let number = Int(value) { return number }
        if node.scalarType == .float, let value = node.scalar, let number = Double(value), number == number.rounded(), abs(number) < 1e15 {
            return Int(number)
        }
        // A whole number past what any field takes (`difficulty: 99999999999999999999999`,
        // `1e30`) is out of range, not of another type.
        if let type = node.scalarType, type == .int || type == .float, let value = node.scalar,
           let number = Double(value), number.isFinite, number == number.rounded(), abs(number) >= 1e15 {
            report(.valueRange, "`\(field)` \(value) is far outside the values it takes", node.range)
            return nil
        }
        report(.wrongType, "`\(field)` must be a whole number, found \(node.kindDescription)", node.range)
        return nil
    }

    private mutating func number(_ node: Node, field: String) -> Double? {
        if let type = node.scalarType, type == .int || type == .float, let value = node.scalar, let number = Double(value), number.isFinite {
            return number
        }
        report(.wrongType, "`\(field)` must be a number, found \(node.kindDescription)", node.range)
        return nil
    }

    private mutating func localized(_ node: Node, field: String) -> LocalizedText? {
        if node.scalar != nil {
            return string(node, field: field).map { LocalizedText($0, range: node.range) }
        }
        guard let pairs = node.pairs else {
            report(.wrongType, "`\(field)` must be a string or a mapping from locale to string, found \(node.kindDescription)", node.range)
            return nil
        }
        if pairs.isEmpty {
            report(.emptyText, "`\(field)` has no translations", node.range)
            return nil
        }
        var entries: [LocalizedText.Entry] = []
        for pair in pairs {
            guard let locale = localeTag(pair.key, field: "a locale of `\(field)`"),
                  let text = string(pair.value, field: "\(field)` in `\(locale.value)") else { continue }
            entries.append(LocalizedText.Entry(locale: locale.value, text: text, range: pair.value.range, localeRange: locale.range))
        }
        // A block mapping ends, for libyaml, where the next key starts: the text's range ends with
        // its last translation instead, so that a finding about it does not cover the next line.
        var range = node.range
        if let last = pairs.last?.value.range.end, last.line < range.end.line { range = SourceRange(start: range.start, end: last) }
        return entries.isEmpty ? nil : LocalizedText(.translated(entries), range: range)
    }

    enum IdentifierPattern {
        /// `[a-z0-9][a-z0-9-]*`
        case bank
        /// `[a-z0-9][a-z0-9._-]*`
        case question

        func matches(_ value: String) -> Bool {
            var value = value
            // In place: a loop over `utf8` checks the string's form at every byte.
            return value.withUTF8 { bytes in
                guard let first = bytes.first, isLowerAlnum(first) else { return false }
                for byte in bytes.dropFirst() {
                    switch self {
                    case .bank: guard isLowerAlnum(byte) || byte == UInt8(ascii: "-") else { return false }
                    case .question: guard isLowerAlnum(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") else { return false }
                    }
                }
                return true
            }
        }

        var description: String {
            switch self {
            case .bank: return "lower-case letters, digits and '-', starting with a letter or digit"
            case .question: return "lower-case letters, digits, '.', '_' and '-', starting with a letter or digit"
            }
        }

        private func isLowerAlnum(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
        }
    }

    private mutating func identifier(_ node: Node, field: String, pattern: IdentifierPattern) -> Located<String>? {
        guard let value = string(node, field: field) else { return nil }
        guard pattern.matches(value) else {
            // Unsafe: apps keep learners' progress by id.
            report(.invalidID, "'\(value)' is not a valid \(field): use \(pattern.description)", node.range,
                   suggestion: suggestedIdentifier(value, pattern: pattern), fix: .unsafe)
            return nil
        }
        if pattern == .bank, value.utf8.count > Self.maxBankIDLength {
            report(.invalidID, "bank id is \(value.utf8.count) characters long; at most \(Self.maxBankIDLength) fit in the compiled files' names (<id>.<locale>.json) on every file system", node.range)
        }
        return Located(value, node.range)
    }

    /// A bank id names its compiled files, `<id>.<locale>.json`, and their temporary files
    /// beside them: 128 leaves room within the 255 bytes most file systems allow a name for
    /// a locale tag of up to 64 and a temporary name up to 57 bytes longer than the final one.
    static let maxBankIDLength = 128

    private func suggestedIdentifier(_ value: String, pattern: IdentifierPattern) -> String? {
        // The smallest change first: an id is a progress key, so `Q_Three` becomes `q_three`
        // where `_` is allowed, not `q-three`.
        let lowered = value.lowercased()
        if pattern.matches(lowered) { return lowered }
        var result = ""
        for scalar in value.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return pattern.matches(result) ? result : nil
    }

    private mutating func localeTag(_ node: Node, field: String) -> Located<String>? {
        guard let value = string(node, field: field) else { return nil }
        guard LocaleTag.isValid(value) else {
            let suggestion = LocaleTag.suggestion(for: value)
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? " (such as en, pt-BR, zh-Hant)"
            report(.invalidLocale, "'\(value)' is not a BCP 47 language tag\(hint)", node.range, suggestion: suggestion, fix: .unsafe)
            return nil
        }
        return Located(value, node.range)
    }

    private func isBlank(_ value: String) -> Bool {
        // Nearly every text starts with a visible ASCII character: decide without Unicode tables.
        if let first = value.utf8.first, first > 0x20, first < 0x80 { return false }
        return value.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }
}

/// Choice texts written again and again ("Felis silvestris catus" in many questions) kept
/// once: a string of more than 15 bytes takes storage of its own, and a large bank repeats
/// its choices far more than its question texts. Texts are the same when their UTF-8 bytes
/// are (not by `String`'s canonical equivalence: a text keeps the form it was written in).
/// Held while one part of a bank is decoded.
struct SharedSpellings {
    /// The longest text a `String` holds inline, without storage of its own.
    static let inlineBytes = 15

    private var known: Set<Spelling> = []

    /// `text` with its plain string replaced by an equal one read before, if any.
    mutating func shared(_ text: LocalizedText) -> LocalizedText {
        guard case .plain(let string) = text.form, string.utf8.count > Self.inlineBytes else { return text }
        let kept = known.insert(Spelling(string)).memberAfterInsert.string
        return LocalizedText(kept, range: text.range)
    }

    /// A string that compares and hashes by its UTF-8 bytes.
    struct Spelling: Hashable {
        let string: String

        init(_ string: String) {
            self.string = string
        }

        static func == (a: Spelling, b: Spelling) -> Bool {
            var a = a.string, b = b.string
            return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
        }

        func hash(into hasher: inout Hasher) {
            var string = string
            string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}

/// BCP 47 language tags as banks use them: a 2–3 letter language, then subtags of 1–8
/// letters or digits (script, region, variant).
enum LocaleTag {
    static func isValid(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
              language.utf8.allSatisfy({ isLetter($0) }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
        }
    }

    /// The tag an invalid one was likely meant to be: `pt_BR` and `pt BR` for `pt-BR`, in
    /// BCP 47's usual case (`EN-us` for `en-US`); nil when no such tag is valid.
    static func suggestion(for tag: String) -> String? {
        let parts = tag.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " })
        guard let language = parts.first else { return nil }
        var cased = [language.lowercased()]
        for part in parts.dropFirst() {
            switch part.count {
            case 2 where part.allSatisfy(\.isLetter): cased.append(part.uppercased())
            case 4 where part.allSatisfy(\.isLetter): cased.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            default: cased.append(part.lowercased())
            }
        }
        let suggestion = cased.joined(separator: "-")
        return suggestion != tag && isValid(suggestion) ? suggestion : nil
    }

    private static func isLetter(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }
}

/// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo.
public func nearest(_ word: String, in candidates: [String]) -> String? {
    // A word cut short ("warn" for "warning") is a typo too, though far by edit distance.
    if word.count >= 3, let completion = candidates.first(where: { $0.lowercased().hasPrefix(word.lowercased()) && $0.count > word.count }) {
        return completion
    }
    var best: (String, Int)?
    for candidate in candidates {
        let distance = editDistance(word.lowercased(), candidate.lowercased())
        if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
    }
    guard let (candidate, distance) = best else { return nil }
    return distance <= max(2, candidate.count / 3) ? candidate : nil
}


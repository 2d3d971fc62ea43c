import Foundation

/// One compiled bank document: a bank in one locale, as `quizbank compile` writes it
/// (`<bank-id>.<locale>.json`, docs/compiled-format.md).
///
/// Load one with `CompiledBank.load(from:)`, which checks the format, its version, the content
/// hash and the document's consistency; decoding with a plain `JSONDecoder` checks none of that.
/// Encoding writes the same members as the compiler (absent optional members left out), though
/// not its byte layout: re-encoded documents are the same JSON value, not the same bytes.
public struct CompiledBank: Codable, Sendable, Hashable {
    /// The value of `format` in every compiled document.
    public static let formatName = "quizbank-compiled"
    /// The major format version this library reads; documents of another major version are
    /// refused (`LoadError.Reason.unsupportedFormatVersion`).
    public static let formatVersion = 1
    /// The newest minor format version this library knows. A newer minor version only adds
    /// optional members, which are ignored, so such documents load.
    public static let formatMinorVersion = 1

    public var format: String
    /// The major format version.
    public var formatVersion: Int
    /// The minor format version; nil in documents of format 1.0, which did not write it.
    public var formatMinorVersion: Int?
    /// The bank id.
    public var id: String
    /// The locale of this document's texts.
    public var locale: String
    /// The bank's source locale: where a translation is missing, texts are in this locale.
    public var sourceLocale: String
    /// Every locale the bank compiles to: the source locale first, then the declared ones.
    public var locales: [String]
    public var title: String
    public var description: String?
    /// Declared topics in authored order; empty when the bank declares none.
    public var topics: [Topic]
    /// How a test is drawn from this bank; nil when the bank has no exam block.
    public var exam: ExamSettings?
    /// The questions in authored order.
    public var questions: [Question]
    /// SHA-256 (lowercase hex) of the document's bytes before the `sha256` line.
    public var sha256: String

    public init(id: String, locale: String, sourceLocale: String, locales: [String], title: String,
                description: String? = nil, topics: [Topic] = [], exam: ExamSettings? = nil,
                questions: [Question], sha256: String,
                formatVersion: Int = CompiledBank.formatVersion, formatMinorVersion: Int? = CompiledBank.formatMinorVersion) {
        self.format = Self.formatName
        self.formatVersion = formatVersion
        self.formatMinorVersion = formatMinorVersion
        self.id = id
        self.locale = locale
        self.sourceLocale = sourceLocale
        self.locales = locales
        self.title = title
        self.description = description
        self.topics = topics
        self.exam = exam
        self.questions = questions
        self.sha256 = sha256
    }

    /// Whether this document is the bank in its source locale (the one whose question
    /// fingerprints can be recomputed from its texts).
    public var isSourceLocale: Bool { locale == sourceLocale }

    /// The topic with this id.
    public func topic(_ id: String) -> Topic? { topics.first { $0.id == id } }

    enum CodingKeys: String, CodingKey {
        case format, formatVersion, formatMinorVersion, id, locale, sourceLocale, locales, title, description,
             topics, exam, questions, sha256
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        formatMinorVersion = try container.decodeIfPresent(Int.self, forKey: .formatMinorVersion)
        id = try container.decode(String.self, forKey: .id)
        locale = try container.decode(String.self, forKey: .locale)
        sourceLocale = try container.decode(String.self, forKey: .sourceLocale)
        locales = try container.decode([String].self, forKey: .locales)
        title = try container.decode(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        topics = try container.decodeIfPresent([Topic].self, forKey: .topics) ?? []
        exam = try container.decodeIfPresent(ExamSettings.self, forKey: .exam)
        questions = try container.decode([Question].self, forKey: .questions)
        sha256 = try container.decode(String.self, forKey: .sha256)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encodeIfPresent(formatMinorVersion, forKey: .formatMinorVersion)
        try container.encode(id, forKey: .id)
        try container.encode(locale, forKey: .locale)
        try container.encode(sourceLocale, forKey: .sourceLocale)
        try container.encode(locales, forKey: .locales)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        if !topics.isEmpty { try container.encode(topics, forKey: .topics) }
        try container.encodeIfPresent(exam, forKey: .exam)
        try container.encode(questions, forKey: .questions)
        try container.encode(sha256, forKey: .sha256)
    }
}

/// A topic the bank declares.
public struct Topic: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    /// In the document's locale; the id when the bank gives no title.
    public var title: String
    /// The topic's share of an exam, 0...1; nil when the bank gives none.
    public var weight: Double?

    public init(id: String, title: String, weight: Double? = nil) {
        self.id = id
        self.title = title
        self.weight = weight
    }
}

/// The bank's exam block: how an engine draws a test.
public struct ExamSettings: Codable, Sendable, Hashable {
    /// Questions per test; nil means every question of the bank.
    public var size: Int?
    /// Fraction of the test's questions to get right to pass, 0...1.
    public var passingScore: Double?
    /// Questions a free (demo) user may answer.
    public var demoLimit: Int?
    /// The bank's default for shuffling choices (each choice question carries its own `shuffle`).
    public var shuffleChoices: Bool

    public init(size: Int? = nil, passingScore: Double? = nil, demoLimit: Int? = nil, shuffleChoices: Bool = true) {
        self.size = size
        self.passingScore = passingScore
        self.demoLimit = demoLimit
        self.shuffleChoices = shuffleChoices
    }
}

/// A compiled question.
public struct Question: Codable, Sendable, Hashable, Identifiable {
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        case trueFalse = "true-false"
        case singleChoice = "single-choice"
        case multipleChoice = "multiple-choice"
    }

    /// What the learner answers, by kind.
    public enum Content: Sendable, Hashable {
        /// A statement that is true or false.
        case trueFalse(answer: Bool)
        /// Choices, one correct (single-choice) or several (multiple-choice: select all that apply).
        case choices(ChoiceSet)
    }

    /// Unique in the bank; the key an engine stores progress under.
    public var id: String
    public var topic: String?
    /// 1 (easy) ... 5 (hard).
    public var difficulty: Int?
    public var tags: [String]
    public var text: String
    public var content: Content
    /// Why the answer is right; shown after the answer.
    public var explanation: String?
    public var hints: [String]
    public var image: Image?
    /// A fingerprint of what the question asks and its answer, the same in every locale's
    /// document (docs/compiled-format.md, "Question fingerprints"): a stored fingerprint that
    /// differs from this one means the question changed. Nil in documents of format 1.0.
    public var fingerprint: String?

    public init(id: String, topic: String? = nil, difficulty: Int? = nil, tags: [String] = [], text: String,
                content: Content, explanation: String? = nil, hints: [String] = [], image: Image? = nil,
                fingerprint: String? = nil) {
        self.id = id
        self.topic = topic
        self.difficulty = difficulty
        self.tags = tags
        self.text = text
        self.content = content
        self.explanation = explanation
        self.hints = hints
        self.image = image
        self.fingerprint = fingerprint
    }

    public var kind: Kind {
        switch content {
        case .trueFalse: return .trueFalse
        case .choices(let set): return set.correct.count == 1 ? .singleChoice : .multipleChoice
        }
    }

    /// The answer of a true/false question; nil for a choice question.
    public var trueFalseAnswer: Bool? {
        if case .trueFalse(let answer) = content { return answer }
        return nil
    }

    /// The choices of a choice question; nil for a true/false question.
    public var choiceSet: ChoiceSet? {
        if case .choices(let set) = content { return set }
        return nil
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, topic, difficulty, tags, text, answer, choices, correct, shuffle, explanation, hints, image, fingerprint
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        let kind = try container.decode(Kind.self, forKey: .kind)
        topic = try container.decodeIfPresent(String.self, forKey: .topic)
        difficulty = try container.decodeIfPresent(Int.self, forKey: .difficulty)
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        text = try container.decode(String.self, forKey: .text)
        switch kind {
        case .trueFalse:
            for key in [CodingKeys.choices, .correct, .shuffle] where container.contains(key) {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "a true-false question has no `\(key.stringValue)`")
            }
            content = .trueFalse(answer: try container.decode(Bool.self, forKey: .answer))
        case .singleChoice, .multipleChoice:
            if container.contains(.answer) {
                throw DecodingError.dataCorruptedError(forKey: .answer, in: container, debugDescription: "a choice question has no `answer`")
            }
            let set = ChoiceSet(choices: try container.decode([Choice].self, forKey: .choices),
                                correct: try container.decode([Int].self, forKey: .correct),
                                shuffle: try container.decode(Bool.self, forKey: .shuffle))
            if let problem = set.problem(for: kind) {
                throw DecodingError.dataCorruptedError(forKey: .correct, in: container, debugDescription: problem)
            }
            content = .choices(set)
        }
        explanation = try container.decodeIfPresent(String.self, forKey: .explanation)
        hints = try container.decodeIfPresent([String].self, forKey: .hints) ?? []
        image = try container.decodeIfPresent(Image.self, forKey: .image)
        fingerprint = try container.decodeIfPresent(String.self, forKey: .fingerprint)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(topic, forKey: .topic)
        try container.encodeIfPresent(difficulty, forKey: .difficulty)
        if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
        try container.encode(text, forKey: .text)
        switch content {
        case .trueFalse(let answer):
            try container.encode(answer, forKey: .answer)
        case .choices(let set):
            try container.encode(set.choices, forKey: .choices)
            try container.encode(set.correct, forKey: .correct)
            try container.encode(set.shuffle, forKey: .shuffle)
        }
        try container.encodeIfPresent(explanation, forKey: .explanation)
        if !hints.isEmpty { try container.encode(hints, forKey: .hints) }
        try container.encodeIfPresent(image, forKey: .image)
        try container.encodeIfPresent(fingerprint, forKey: .fingerprint)
    }
}

/// The choices of a choice question and which are correct.
public struct ChoiceSet: Sendable, Hashable {
    /// In authored order.
    public var choices: [Choice]
    /// 0-based indexes into `choices` of the correct ones, ascending: one for a single-choice
    /// question, two or more for a multiple-choice one.
    public var correct: [Int]
    /// Whether an engine shuffles the choices when it presents the question.
    public var shuffle: Bool

    public init(choices: [Choice], correct: [Int], shuffle: Bool) {
        self.choices = choices
        self.correct = correct
        self.shuffle = shuffle
    }

    /// What makes these choices unfit for a question of `kind`, if anything.
    func problem(for kind: Question.Kind) -> String? {
        if choices.count < 2 { return "a choice question needs at least 2 choices, found \(choices.count)" }
        if let index = correct.first(where: { $0 < 0 || $0 >= choices.count }) {
            return "correct index \(index) is out of range for \(choices.count) choices"
        }
        if zip(correct, correct.dropFirst()).contains(where: { $0 >= $1 }) {
            return "correct indexes must be ascending and unique, found \(correct)"
        }
        let ids = choices.compactMap(\.id)
        if Set(ids).count != ids.count { return "a choice id is used twice in this question: \(ids)" }
        switch kind {
        case .singleChoice where correct.count != 1:
            return "a single-choice question has exactly one correct index, found \(correct.count)"
        case .multipleChoice where correct.count < 2:
            return "a multiple-choice question has at least two correct indexes, found \(correct.count)"
        default:
            return nil
        }
    }
}

/// A choice of a choice question.
public struct Choice: Codable, Sendable, Hashable {
    /// The author's id for the choice, when the bank gives one: unique within the question,
    /// it stays with the choice when choices are reordered or edited.
    public var id: String?
    public var text: String
    /// Shown when the learner picks this choice.
    public var feedback: String?

    public init(id: String? = nil, text: String, feedback: String? = nil) {
        self.id = id
        self.text = text
        self.feedback = feedback
    }
}

/// A question's image, with what an engine needs to lay it out before loading it.
public struct Image: Codable, Sendable, Hashable {
    /// Relative path of the image file (resolve it with `CompiledBank.imageURL(for:documentURL:)`).
    public var path: String
    /// Pixel size, read from the file's header.
    public var width: Int
    public var height: Int
    /// SHA-256 (lowercase hex) of the file's bytes.
    public var sha256: String
    /// Text alternative (VoiceOver reads it).
    public var alt: String

    public init(path: String, width: Int, height: Int, sha256: String, alt: String) {
        self.path = path
        self.width = width
        self.height = height
        self.sha256 = sha256
        self.alt = alt
    }
}

import QuizYAML

/// A value and where it was written.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var range: SourceRange

    public init(_ value: Value, _ range: SourceRange) {
        self.value = value
        self.range = range
    }
}

extension Located: Equatable where Value: Equatable {}

/// A string in the bank's source locale, or translations keyed by locale tag.
public struct LocalizedText: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var locale: String
        public var text: String
        public var range: SourceRange
        /// Where the locale key is written (the text's own range for the plain form).
        public var localeRange: SourceRange

        public init(locale: String, text: String, range: SourceRange, localeRange: SourceRange) {
            self.locale = locale
            self.text = text
            self.range = range
            self.localeRange = localeRange
        }
    }

    public enum Form: Sendable, Equatable {
        /// `text: ...`: one string in the bank's source locale.
        case plain(String)
        /// `text: {en: ..., pt-BR: ...}`: translations in authored order.
        case translated([Entry])
    }

    public var form: Form
    public var range: SourceRange

    public init(_ form: Form, range: SourceRange) {
        self.form = form
        self.range = range
    }

    public init(_ text: String, range: SourceRange) {
        self.init(.plain(text), range: range)
    }

    /// The text for `locale`, or nil when the bank has no such translation.
    public func text(for locale: String, sourceLocale: String) -> String? {
        switch form {
        case .plain(let text):
            return locale == sourceLocale ? text : nil
        case .translated(let entries):
            return entries.first { $0.locale == locale }?.text
        }
    }

    /// The text in the source locale (decoding guarantees it exists in a valid bank).
    public func source(_ sourceLocale: String) -> String {
        switch form {
        case .plain(let text): return text
        case .translated(let entries): return (entries.first { $0.locale == sourceLocale } ?? entries.first)?.text ?? ""
        }
    }

    /// The text for `locale`, falling back to the source text as the format says.
    public func resolved(for locale: String, sourceLocale: String) -> String {
        text(for: locale, sourceLocale: sourceLocale) ?? source(sourceLocale)
    }

    /// Every authored string with its locale and range (the source locale for the plain form).
    public func entries(sourceLocale: String) -> [Entry] {
        switch form {
        case .plain(let text): return [Entry(locale: sourceLocale, text: text, range: range, localeRange: range)]
        case .translated(let entries): return entries
        }
    }
}

public enum QuestionKind: String, Sendable, CaseIterable {
    case trueFalse = "true-false"
    case singleChoice = "single-choice"
    case multipleChoice = "multiple-choice"
}

public struct Choice: Sendable, Equatable {
    public var text: LocalizedText
    public var correct: Bool
    public var range: SourceRange
    /// The id and the feedback, which most choices have neither of, in a box of their own
    /// (never changed: a new box replaces it): a choice then takes 64 bytes, and a large bank
    /// holds millions of them.
    private var rare: Rare?

    /// The author's id for the choice, unique within its question, so that a reorder or an
    /// edit of the choice keeps its identity (docs/versions.md).
    public var id: Located<String>? {
        get { rare?.id }
        set { rare = Rare.holding(id: newValue, feedback: rare?.feedback) }
    }
    public var feedback: LocalizedText? {
        get { rare?.feedback }
        set { rare = Rare.holding(id: rare?.id, feedback: newValue) }
    }

    private final class Rare: Sendable {
        let id: Located<String>?
        let feedback: LocalizedText?

        private init(id: Located<String>?, feedback: LocalizedText?) {
            self.id = id
            self.feedback = feedback
        }

        /// No box for a choice without these fields. Checked before allocating: a failable
        /// class initializer allocates first and frees again when it fails.
        static func holding(id: Located<String>?, feedback: LocalizedText?) -> Rare? {
            id == nil && feedback == nil ? nil : Rare(id: id, feedback: feedback)
        }
    }

    public init(id: Located<String>?, text: LocalizedText, correct: Bool, feedback: LocalizedText?, range: SourceRange) {
        self.text = text
        self.correct = correct
        self.range = range
        rare = Rare.holding(id: id, feedback: feedback)
    }

    public static func == (a: Choice, b: Choice) -> Bool {
        a.text == b.text && a.correct == b.correct && a.range == b.range && a.id == b.id && a.feedback == b.feedback
    }
}

public struct Question: Sendable, Equatable {
    public var id: Located<String>
    public var range: SourceRange
    public var kind: QuestionKind
    public var text: LocalizedText
    public var answer: Located<Bool>?
    public var choices: [Choice]
    /// The fields a question may leave out, in a box of their own (nil when it has none of
    /// them): a question without them then takes 128 bytes instead of 304, and a large bank
    /// holds a million questions. `QuestionList` keeps the box as it is.
    private(set) var extras: Extras?

    public var topic: Located<String>? {
        get { extras?.fields.topic }
        set { changeExtras { $0.topic = newValue } }
    }
    public var difficulty: Int? {
        get { extras?.fields.difficulty }
        set { changeExtras { $0.difficulty = newValue } }
    }
    public var tags: [String] {
        get { extras?.fields.tags ?? [] }
        set { changeExtras { $0.tags = newValue } }
    }
    public var shuffle: Bool? {
        get { extras?.fields.shuffle }
        set { changeExtras { $0.shuffle = newValue } }
    }
    public var explanation: LocalizedText? {
        get { extras?.fields.explanation }
        set { changeExtras { $0.explanation = newValue } }
    }
    public var hints: [LocalizedText] {
        get { extras?.fields.hints ?? [] }
        set { changeExtras { $0.hints = newValue } }
    }
    public var image: Located<String>? {
        get { extras?.fields.image }
        set { changeExtras { $0.image = newValue } }
    }
    public var imageAlt: LocalizedText? {
        get { extras?.fields.imageAlt }
        set { changeExtras { $0.imageAlt = newValue } }
    }

    fileprivate struct ExtraFields: Sendable, Equatable {
        var topic: Located<String>?
        var difficulty: Int?
        var tags: [String] = []
        var shuffle: Bool?
        var explanation: LocalizedText?
        var hints: [LocalizedText] = []
        var image: Located<String>?
        var imageAlt: LocalizedText?

        var isEmpty: Bool {
            topic == nil && difficulty == nil && tags.isEmpty && shuffle == nil && explanation == nil && hints.isEmpty
                && image == nil && imageAlt == nil
        }
    }

    /// Never changed: a new box replaces it, so that copies of a question share it freely.
    final class Extras: Sendable {
        fileprivate let fields: ExtraFields

        private init(_ fields: ExtraFields) {
            self.fields = fields
        }

        /// No box for a question without these fields (checked before allocating, as `Choice.Rare`).
        fileprivate static func holding(_ fields: ExtraFields) -> Extras? {
            fields.isEmpty ? nil : Extras(fields)
        }
    }

    public static func == (a: Question, b: Question) -> Bool {
        a.id == b.id && a.range == b.range && a.kind == b.kind && a.text == b.text && a.answer == b.answer && a.choices == b.choices
            && a.extras?.fields == b.extras?.fields
    }

    private mutating func changeExtras(_ change: (inout ExtraFields) -> Void) {
        var fields = extras?.fields ?? ExtraFields()
        change(&fields)
        extras = Extras.holding(fields)
    }

    public init(id: Located<String>, range: SourceRange, kind: QuestionKind, topic: Located<String>?, difficulty: Int?,
                tags: [String], text: LocalizedText, answer: Located<Bool>?, choices: [Choice], shuffle: Bool?,
                explanation: LocalizedText?, hints: [LocalizedText], image: Located<String>?, imageAlt: LocalizedText?) {
        self.init(id: id, range: range, kind: kind, text: text, answer: answer, choices: choices,
                  extras: Extras.holding(ExtraFields(topic: topic, difficulty: difficulty, tags: tags, shuffle: shuffle,
                                                     explanation: explanation, hints: hints, image: image, imageAlt: imageAlt)))
    }

    /// A question of the given fields with its rarer ones in `extras`, as `QuestionList` kept them.
    init(id: Located<String>, range: SourceRange, kind: QuestionKind, text: LocalizedText, answer: Located<Bool>?, choices: [Choice],
         extras: Extras?) {
        self.id = id
        self.range = range
        self.kind = kind
        self.text = text
        self.answer = answer
        self.choices = choices
        self.extras = extras
    }

    /// Indexes of the correct choices, in authored order.
    public var correctIndexes: [Int] {
        choices.indices.filter { choices[$0].correct }
    }

    /// Every localizable text of the question, for checks that treat them alike.
    public var localizedTexts: [LocalizedText] {
        var all: [LocalizedText] = []
        forEachLocalizedText { text, _ in all.append(text) }
        return all
    }

    /// Visits every localizable text of the question with its field, in authored order: text,
    /// then each choice and its feedback, explanation, hints, image-alt. The one walk over a
    /// question's texts (the decoder's checks, the lint rules' fields, `localizedTexts`).
    @inlinable
    public func forEachLocalizedText(_ visit: (LocalizedText, QuestionTextField) -> Void) {
        visit(text, .text)
        // By index: binding each `Choice` copied all of it.
        for index in choices.indices {
            visit(choices[index].text, .choice(index))
            if let feedback = choices[index].feedback { visit(feedback, .feedback(index)) }
        }
        if let explanation { visit(explanation, .explanation) }
        let hints = hints
        for index in hints.indices { visit(hints[index], .hint(index)) }
        if let imageAlt { visit(imageAlt, .imageAlt) }
    }
}

extension Question {
    /// The first place in the file of the question or any of its nodes (an alias can put a
    /// field before the question): a question rule reports nothing before it.
    public var lowestMark: SourceMark {
        var lowest = range.start
        func see(_ range: SourceRange) { lowest = min(lowest, range.start) }
        func see(_ text: LocalizedText?) {
            guard let text else { return }
            see(text.range)
            if case .translated(let entries) = text.form {
                for entry in entries { see(entry.range); see(entry.localeRange) }
            }
        }
        see(id.range)
        see(text)
        if let answer { see(answer.range) }
        for choice in choices {
            see(choice.range)
            see(choice.text)
            if let id = choice.id { see(id.range) }
            see(choice.feedback)
        }
        if let topic { see(topic.range) }
        see(explanation)
        for hint in hints { see(hint) }
        if let image { see(image.range) }
        see(imageAlt)
        return lowest
    }
}

/// Which of a question's fields a localizable text is (choices and hints by index).
public enum QuestionTextField: Sendable, Equatable {
    case text, choice(Int), feedback(Int), explanation, hint(Int), imageAlt
}

public struct Topic: Sendable {
    public var id: Located<String>
    public var title: LocalizedText?
    public var weight: Double?
}

public struct Exam: Sendable {
    public var size: Located<Int>?
    public var passingScore: Double?
    public var demoLimit: Located<Int>?
    public var shuffleChoices: Bool?
    public var range: SourceRange
}

/// A bank's top-level fields: everything but its questions.
public struct BankHeader: Sendable {
    public var path: String
    public var id: Located<String>
    public var title: LocalizedText
    public var locale: Located<String>
    /// Declared locales; when the bank declares none, just its source locale.
    public var locales: [String]
    public var description: LocalizedText?
    /// The image root as written (relative to the bank file), nil for the bank's own folder.
    public var imageRoot: String?
    public var topics: [Topic]
    public var exam: Exam?

    /// The source locale first, then the other declared locales in their order.
    public var outputLocales: [String] {
        [locale.value] + locales.filter { $0 != locale.value }
    }
}

/// A decoded bank. Only a bank whose decoding found no errors is fit to compile.
@dynamicMemberLookup
public struct Bank: Sendable {
    public var header: BankHeader
    public var questions: QuestionList

    public init(header: BankHeader, questions: QuestionList) {
        self.header = header
        self.questions = questions
    }

    public subscript<Value>(dynamicMember field: KeyPath<BankHeader, Value>) -> Value {
        header[keyPath: field]
    }
}

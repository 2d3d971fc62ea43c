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
    /// The author's id for the choice, unique within its question, so that a reorder or an
    /// edit of the choice keeps its identity (docs/versions.md).
    public var id: Located<String>?
    public var text: LocalizedText
    public var correct: Bool
    public var feedback: LocalizedText?
    public var range: SourceRange
}

public struct Question: Sendable {
    public var id: Located<String>
    public var range: SourceRange
    public var kind: QuestionKind
    public var topic: Located<String>?
    public var difficulty: Int?
    public var tags: [String]
    public var text: LocalizedText
    public var answer: Located<Bool>?
    public var choices: [Choice]
    public var shuffle: Bool?
    public var explanation: LocalizedText?
    public var hints: [LocalizedText]
    public var image: Located<String>?
    public var imageAlt: LocalizedText?

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
        for index in hints.indices { visit(hints[index], .hint(index)) }
        if let imageAlt { visit(imageAlt, .imageAlt) }
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
    public var questions: [Question]

    public init(header: BankHeader, questions: [Question]) {
        self.header = header
        self.questions = questions
    }

    public subscript<Value>(dynamicMember field: KeyPath<BankHeader, Value>) -> Value {
        header[keyPath: field]
    }
}

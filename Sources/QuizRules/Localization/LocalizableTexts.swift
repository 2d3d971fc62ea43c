import QuizBank

/// Where a localizable text is in a bank, for messages.
enum TextPlace: CustomStringConvertible {
    case bankTitle
    case bankDescription
    case topicTitle(String)
    case questionText(String)
    case choice(String, Int)
    case feedback(String, Int)
    case explanation(String)
    case hint(String, Int)
    case imageAlt(String)

    var description: String {
        switch self {
        case .bankTitle: return "the bank's title"
        case .bankDescription: return "the bank's description"
        case .topicTitle(let topic): return "the title of topic '\(topic)'"
        case .questionText(let id): return "the text of question '\(id)'"
        case .choice(let id, let index): return "choice \(index + 1) of question '\(id)'"
        case .feedback(let id, let index): return "the feedback of choice \(index + 1) of question '\(id)'"
        case .explanation(let id): return "the explanation of question '\(id)'"
        case .hint(let id, let index): return "hint \(index + 1) of question '\(id)'"
        case .imageAlt(let id): return "the image-alt of question '\(id)'"
        }
    }
}

enum LocalizableTexts {
    /// Calls `body` with every localizable text of `bank` and its place, in file order of the
    /// header, then question by question.
    static func forEach(in bank: Bank, _ body: (LocalizedText, TextPlace) -> Void) {
        body(bank.title, .bankTitle)
        if let description = bank.header.description { body(description, .bankDescription) }
        for topic in bank.topics {
            if let title = topic.title { body(title, .topicTitle(topic.id.value)) }
        }
        for question in bank.questions {
            question.forEachField { text, _, place in body(text, place()) }
        }
    }

    /// The language subtag of a locale tag, lower-cased: `pt` for `pt-BR`.
    static func language(of locale: String) -> String {
        String(locale.split(separator: "-", maxSplits: 1).first ?? Substring(locale)).lowercased()
    }
}

/// What the parser handed over last before an error: enough to tell what the author wrote
/// (a key followed by a text with `: ` in it, a quote that ran on, an indentation that matches
/// no line around it). Updated for every event, so kept to a few stores.
struct RecentEvents {
    struct Collection {
        var start: SourceMark
        var isMapping: Bool
    }

    enum Last {
        case none, scalar, quotedScalar, collectionStart, collectionEnd, other
    }

    private(set) var last = Last.none
    /// The last event's range.
    private(set) var range = SourceRange(at: SourceMark(line: 1, column: 1))
    /// The collections open, outermost first.
    private(set) var open: [Collection] = []
    /// When the last events closed collections: those, innermost first.
    private(set) var justClosed: [Collection] = []

    mutating func note(_ kind: Last, isMapping: Bool = false, range: SourceRange) {
        switch kind {
        case .collectionStart:
            open.append(Collection(start: range.start, isMapping: isMapping))
        case .collectionEnd:
            if last != .collectionEnd { justClosed.removeAll(keepingCapacity: true) }
            if let closed = open.popLast() { justClosed.append(closed) }
        default:
            break
        }
        last = kind
        self.range = range
    }
}

/// Explains libyaml's syntax errors in terms of what the author wrote, keeping libyaml's words
/// at the end of the message.
struct SyntaxExplanation {
    /// libyaml's problem (`mapping values are not allowed in this context`).
    let problem: String
    /// libyaml's context (`while scanning a quoted scalar`), when it gives one.
    let context: String?
    let problemMark: SourceMark
    let contextMark: SourceMark?
    let recent: RecentEvents
    /// The scalars of a 1-based line of the file, without its line break.
    let line: (Int) -> [Unicode.Scalar]?

    private var libyamlWords: String { context.map { "\(problem) \($0)" } ?? problem }

    private func explained(_ explanation: String) -> String {
        "\(explanation) (libyaml: \(libyamlWords))"
    }

    var yamlProblem: YAMLProblem {
        if let known = runOnQuote ?? quoteNeverClosed ?? documentMarker ?? tabIndentation ?? colonInText {
            return known
        }
        if let known = reservedStart ?? misindentedLine ?? missingColon ?? unknownEscape ?? unclosedBracket ?? indicatorStart {
            return known
        }
        guard let contextMark else { return YAMLProblem(.syntax, libyamlWords, at: SourceRange(at: problemMark)) }
        return YAMLProblem(.syntax, libyamlWords, at: SourceRange(at: problemMark),
                           related: contextMark == problemMark ? [] : [RelatedLocation("it started here", at: SourceRange(at: contextMark))])
    }

    // MARK: Quotes

    /// A quoted text was closed by a later quote (the next text's opening one, or a quote
    /// inside the text), and what follows that quote is not YAML.
    private var runOnQuote: YAMLProblem? {
        let scalar = recent.range
        guard recent.last == .quotedScalar, problemMark.line == scalar.end.line, problemMark >= scalar.end,
              scalar.end.column > 1 else { return nil }
        let opening = oneScalar(at: scalar.start)
        let closing = SourceMark(line: Int(scalar.end.line), column: Int(scalar.end.column) - 1)
        if scalar.start.line == scalar.end.line {
            return YAMLProblem(.syntax, explained("the quoted text that opens here ends at the quote in column \(closing.column), and more follows it; a quote inside a text is written \\\" between double quotes and '' between single quotes, or the text is quoted with the other kind"),
                               at: opening, related: [RelatedLocation("the quote that ends the text", at: oneScalar(at: closing))])
        }
        return YAMLProblem(.syntax, explained("the quoted text that opens here runs on to line \(closing.line), where the next quote ends it; its closing quote is missing (or a quote inside it is not escaped)"),
                           at: opening, related: [RelatedLocation("the quote that ends the text", at: oneScalar(at: closing))])
    }

    private var quoteNeverClosed: YAMLProblem? {
        guard let contextMark, context?.contains("quoted scalar") == true, problem.contains("end of stream") else { return nil }
        return YAMLProblem(.syntax, explained("the quote that opens here is never closed"), at: oneScalar(at: contextMark),
                           related: [RelatedLocation("the file ends here", at: SourceRange(at: problemMark))])
    }

    private var unknownEscape: YAMLProblem? {
        guard problem.contains("unknown escape character"), let text = line(Int(problemMark.line)) else { return nil }
        let index = Int(problemMark.column) - 1
        guard index + 1 < text.count, text[index] == "\\" else { return nil }
        let escape = "\\" + String(Character(text[index + 1]))
        return YAMLProblem(.syntax, explained("`\(escape)` is not an escape between double quotes; write `\\\\` for a backslash, or quote the text with single quotes"),
                           at: SourceRange(start: problemMark, end: SourceMark(line: Int(problemMark.line), column: Int(problemMark.column) + 2)),
                           related: contextRelated("the quoted text opens here"))
    }

    /// `tags: [a, b` with the `]` left out: reported at the bracket, as a quote is.
    private var unclosedBracket: YAMLProblem? {
        guard let contextMark, problem == "did not find expected ',' or ']'" || problem == "did not find expected ',' or '}'" else { return nil }
        let (open, close, what) = problem.hasSuffix("']'") ? ("[", "]", "list") : ("{", "}", "mapping")
        return YAMLProblem(.syntax, explained("the \(what) that opens with `\(open)` here is not closed where YAML expects it: a `\(close)` is missing, or a ',' between its entries"),
                           at: oneScalar(at: contextMark),
                           related: [RelatedLocation("a ',' or `\(close)` was expected here", at: SourceRange(at: problemMark))])
    }

    // MARK: Document markers

    /// `---` or `...` at the start of a line, where libyaml did not expect a document to end.
    private var documentMarker: YAMLProblem? {
        guard problemMark.column == 1, let text = line(Int(problemMark.line)), text.count >= 3,
              let marker = ["---", "..."].first(where: { text.starts(with: $0.unicodeScalars) }),
              text.count == 3 || text[3] == " " || text[3] == "\t" else { return nil }
        return YAMLProblem(.syntax, explained("a line that starts with `\(marker)` ends the YAML document, and a bank is one document; remove the line, or indent it if it belongs to a text"),
                           at: SourceRange(start: problemMark, end: SourceMark(line: Int(problemMark.line), column: 4)),
                           related: contextRelated("it started here"))
    }

    // MARK: Indentation

    private var tabIndentation: YAMLProblem? {
        guard let text = line(Int(problemMark.line)) else { return nil }
        let indentation = text.prefix { $0 == " " || $0 == "\t" }
        guard Int(problemMark.column) <= indentation.count + 1, let tab = indentation.firstIndex(of: "\t") else { return nil }
        return YAMLProblem(.syntax, explained("a tab indents this line, and YAML indents with spaces only; replace the tab with spaces"),
                           at: oneScalar(at: SourceMark(line: Int(problemMark.line), column: tab + 1)))
    }

    /// A line that starts at a column no line around it starts at: libyaml ends the collection
    /// the line was meant for and finds the line where the outer one cannot have it.
    private var misindentedLine: YAMLProblem? {
        guard problem == "did not find expected key" || problem == "did not find expected '-' indicator",
              let text = line(Int(problemMark.line)) else { return nil }
        let index = Int(problemMark.column) - 1
        guard index < text.count, text.prefix(index).allSatisfy({ $0 == " " }) else { return nil }
        let isItem = text[index] == "-" && (index + 1 == text.count || text[index + 1] == " ")
        var candidates = recent.last == .collectionEnd ? recent.justClosed : []
        if let open = recent.open.last { candidates.append(open) }
        guard let sibling = candidates.first(where: { $0.isMapping != isItem }), sibling.start.column != problemMark.column else { return nil }
        let what = isItem ? "item" : "line"
        let siblings = isItem ? "the items before it start" : "the keys before it start"
        return YAMLProblem(.syntax, explained("this \(what) starts at column \(problemMark.column), but \(siblings) at column \(sibling.start.column); start it at column \(sibling.start.column)"),
                           at: SourceRange(at: problemMark),
                           related: [RelatedLocation(isItem ? "the first of those items" : "the first of those keys", at: SourceRange(at: sibling.start))])
    }

    // MARK: Keys and texts

    /// `text: Note: the Sun is a star.`: libyaml has read the text up to the second `: `,
    /// which it takes for a key where none may start. Or a line indented more than the keys
    /// above it, read as more of the text before it.
    private var colonInText: YAMLProblem? {
        guard problem == "mapping values are not allowed in this context", recent.last == .scalar else { return nil }
        let text = recent.range
        if text.start.line == problemMark.line {
            guard let quoted = quotedLine(Int(text.start.line), valueAt: Int(text.start.column) - 1) else { return nil }
            return YAMLProblem(.syntax, explained("the text contains ': ', which YAML reads as the start of a key; quote the text"),
                               at: quoted.range, related: [RelatedLocation("': ' here", at: oneScalar(at: problemMark))],
                               suggestion: quoted.line)
        }
        guard let mapping = recent.open.last, mapping.isMapping, let continued = line(Int(problemMark.line)) else { return nil }
        let indentation = continued.prefix { $0 == " " }.count
        guard indentation + 1 > Int(mapping.start.column), indentation < continued.count else { return nil }
        return YAMLProblem(.syntax, explained("this line is indented more than the keys above it (column \(mapping.start.column)), so YAML reads it as more of the text on line \(text.start.line), and finds ': ' in it; start the line at column \(mapping.start.column) if it holds a key, or quote the text if the line goes on with it"),
                           at: SourceRange(at: SourceMark(line: Int(problemMark.line), column: indentation + 1)),
                           related: [RelatedLocation("the text it is read as part of", at: SourceRange(at: text.start))])
    }

    /// `text: @user`: a plain text cannot start with `@` or a backtick (YAML keeps them).
    private var reservedStart: YAMLProblem? {
        guard problem == "found character that cannot start any token", recent.last == .scalar || recent.last == .quotedScalar,
              recent.range.end.line == problemMark.line, let text = line(Int(problemMark.line)) else { return nil }
        let index = Int(problemMark.column) - 1
        guard index < text.count, text[index] == "@" || text[index] == "`",
              let quoted = quotedLine(Int(problemMark.line), valueAt: index) else { return nil }
        return YAMLProblem(.syntax, explained("a text that starts with '\(text[index])' must be quoted; quote the text"),
                           at: quoted.range, suggestion: quoted.line)
    }

    /// What YAML reads a plain value starting with each indicator as.
    private static let indicatorMeanings: [Unicode.Scalar: String] = [
        "[": "a list", "{": "a mapping", "*": "an alias", "&": "an anchor", "!": "a tag", "|": "a block text",
        ">": "a block text", "%": "a directive", "-": "a list item",
    ]

    /// `text: [Bonus] Which planet?`, `text: *Bold* question`, `text: > Which one?`: a text
    /// that starts with a character YAML reads as the start of something else, and goes on
    /// as a sentence, so that libyaml gives up somewhere in it. Looked for on the line of the
    /// problem, then of its context.
    private var indicatorStart: YAMLProblem? {
        for number in [Int(problemMark.line)] + (contextMark.map { [Int($0.line)] } ?? []) {
            guard let text = line(number) else { continue }
            var index = text.prefix { $0 == " " }.count
            if index + 1 < text.count, text[index] == "-", text[index + 1] == " " { index += 2 }
            // The value after the line's first `key: `.
            guard let colon = (index..<text.count).first(where: { text[$0] == ":" && $0 + 1 < text.count && text[$0 + 1] == " " })
            else { continue }
            var valueStart = colon + 1
            while valueStart < text.count, text[valueStart] == " " { valueStart += 1 }
            guard valueStart + 1 < text.count, let meaning = Self.indicatorMeanings[text[valueStart]],
                  text[valueStart] != "-" || text[valueStart + 1] == " ",
                  text[(valueStart + 1)...].contains(where: { $0.properties.isAlphabetic }),
                  let quoted = quotedLine(number, valueAt: valueStart) else { continue }
            return YAMLProblem(.syntax, explained("a text that starts with '\(text[valueStart])' must be quoted: YAML reads it as the start of \(meaning); quote the text"),
                               at: quoted.range, suggestion: quoted.line)
        }
        return nil
    }

    /// A key on a line of its own without `: ` after it (`text The Sun`, `text:The Sun`).
    private var missingColon: YAMLProblem? {
        guard problem == "could not find expected ':'", let contextMark, let text = line(Int(contextMark.line)) else { return nil }
        let start = Int(contextMark.column) - 1
        guard start < text.count else { return nil }
        let rest = text[start...]
        if let colon = rest.indices.first(where: { rest[$0] == ":" && $0 + 1 < text.count && text[$0 + 1] != " " && text[$0 + 1] != "\t" }),
           !rest[..<colon].contains(" ") {
            return YAMLProblem(.syntax, explained("a key ends with ': ', a colon and a space; write a space after the ':' in column \(colon + 1)"),
                               at: oneScalar(at: SourceMark(line: Int(contextMark.line), column: colon + 1)))
        }
        return YAMLProblem(.syntax, explained("this line is neither `key: value` nor more of a text above it; is the ': ' after its key missing?"),
                           at: SourceRange(at: contextMark))
    }

    /// Line `number` with the text from `valueAt` (a 0-based scalar index) on quoted: the range
    /// from the line's first character to the text's end (before a comment), and what to
    /// write there. Nil when no `key: ` comes before the text.
    private func quotedLine(_ number: Int, valueAt valueStart: Int) -> (range: SourceRange, line: String)? {
        guard let text = line(number), valueStart < text.count else { return nil }
        var keyEnd = valueStart
        while keyEnd > 0, text[keyEnd - 1] == " " || text[keyEnd - 1] == "\t" { keyEnd -= 1 }
        guard keyEnd > 0, keyEnd < valueStart, text[keyEnd - 1] == ":" else { return nil }
        let contentStart = text.prefix { $0 == " " }.count
        var end = valueStart
        while end < text.count, !(text[end] == "#" && (text[end - 1] == " " || text[end - 1] == "\t")) { end += 1 }
        while end > valueStart, text[end - 1] == " " || text[end - 1] == "\t" { end -= 1 }
        guard end > valueStart, contentStart < keyEnd else { return nil }
        let written = String(String.UnicodeScalarView(text[contentStart..<valueStart])) + Self.quoted(text[valueStart..<end])
        return (SourceRange(start: SourceMark(line: number, column: contentStart + 1), end: SourceMark(line: number, column: end + 1)), written)
    }

    /// Double quotes when nothing in the text would be read as an escape or an end; else single
    /// quotes, which escape nothing but themselves.
    static func quoted(_ value: ArraySlice<Unicode.Scalar>) -> String {
        var scalars = String.UnicodeScalarView()
        if !value.contains("\"") && !value.contains("\\") {
            scalars.append("\"")
            scalars.append(contentsOf: value)
            scalars.append("\"")
            return String(scalars)
        }
        scalars.append("'")
        for scalar in value {
            scalars.append(scalar)
            if scalar == "'" { scalars.append("'") }
        }
        scalars.append("'")
        return String(scalars)
    }

    private func oneScalar(at mark: SourceMark) -> SourceRange {
        SourceRange(start: mark, end: SourceMark(line: Int(mark.line), column: Int(mark.column) + 1))
    }

    private func contextRelated(_ note: String) -> [RelatedLocation] {
        guard let contextMark, contextMark != problemMark else { return [] }
        return [RelatedLocation(note, at: SourceRange(at: contextMark))]
    }
}

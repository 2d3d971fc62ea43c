import Foundation
import TestSupport
import Testing

/// A bank's header and `questions:`, lines 1 to 5, then `questions` (from line 6).
private func bank(_ questions: String) -> String {
    "quizbank: 1\nid: demo\ntitle: Demo\nlocale: en\nquestions:\n" + questions
}

/// Lints `text` written as `bank.yaml` with the source shown.
private func lint(_ text: String, format: String = "text") throws -> Run {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.write("bank.yaml", text)
    return try Run(["lint", "--source", "always", "--format", format, "bank.yaml"], in: scratch.url)
}

/// The findings of a JSON report.
private func findings(_ run: Run) throws -> [[String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    return try #require(object["findings"] as? [[String: Any]])
}

/// YAML syntax errors explained in terms of what the author wrote, libyaml's words kept.
@Suite(.serialized) struct YAMLSyntaxCLITests {
    @Test func aTextWithColonSpaceIsToBeQuotedAndTheQuotedLineIsSuggested() throws {
        let text = bank("  - id: sun\n    text: Note: the Sun is a star.  # a comment\n    answer: true\n")
        let run = try lint(text)
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("""
            bank.yaml:7:5: error: the text contains ': ', which YAML reads as the start of a key; quote the text \
            (libyaml: mapping values are not allowed in this context) [yaml-syntax]
                    text: Note: the Sun is a star.  # a comment
                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                help: write 'text: "Note: the Sun is a star."'
            bank.yaml:7:15: note: ': ' here
            """))
        let json = try findings(try lint(text, format: "json"))
        #expect(json.count == 1)
        #expect(json.first?["suggestion"] as? String == "text: \"Note: the Sun is a star.\"")
        #expect(json.first?["endColumn"] as? Int == 35)
    }

    @Test func aTextWithQuotesOrBackslashesIsSuggestedInSingleQuotes() throws {
        let json = try findings(try lint(bank("  - id: sun\n    text: Say \"hi\": it's C:\\ here\n    answer: true\n"), format: "json"))
        #expect(json.first?["suggestion"] as? String == "text: 'Say \"hi\": it''s C:\\ here'")
    }

    @Test func aTextStartingWithAtIsToBeQuoted() throws {
        let text = bank("  - id: sun\n    text: The Sun\n    choices:\n      - text: @sun\n      - b\n")
        let run = try lint(text)
        #expect(run.status == 1)
        #expect(run.stdout.contains("bank.yaml:9:7: error: a text that starts with '@' must be quoted; quote the text (libyaml: found character that cannot start any token while scanning for the next token) [yaml-syntax]"))
        #expect(try findings(try lint(text, format: "json")).first?["suggestion"] as? String == "- text: \"@sun\"")
    }

    /// A text that starts with a character YAML reads as the start of something else, and goes
    /// on as a sentence: quote it, whatever libyaml's words were.
    @Test func aTextStartingWithAYAMLIndicatorIsToBeQuoted() throws {
        let cases: [(String, String, String)] = [
            ("[Bonus] Which planet is red?", "[", "a list"),
            ("*Bold* question?", "*", "an alias"),
            ("{x} is a set?", "{", "a mapping"),
            ("- Which is it?", "-", "a list item"),
            ("> Which one?", ">", "a block text"),
        ]
        for (value, indicator, meaning) in cases {
            let text = bank("  - id: sun\n    text: \(value)\n    answer: true\n")
            let run = try lint(text)
            #expect(run.status == 1)
            #expect(run.stdout.contains("bank.yaml:7:5: error: a text that starts with '\(indicator)' must be quoted: YAML reads it as the start of \(meaning); quote the text (libyaml: "), "\(run.stdout)")
            #expect(try findings(try lint(text, format: "json")).first?["suggestion"] as? String == "text: \"\(value)\"")
        }
    }

    /// A text written as a block mapping of translations ends with its last translation, not
    /// where libyaml ends the mapping (the next key's line): a finding on it covers its own lines.
    @Test func aTranslatedTextEndsWithItsLastTranslation() throws {
        let text = "quizbank: 1\nid: demo\ntitle: {en: Demo, es: Demo}\nlocale: en\nlocales: [en, es]\nquestions:\n"
            + "  - id: sun\n    text:\n      en: The Sun is a star.\n    answer: true\n    explanation: {en: It is., es: Lo es.}\n"
        let found = try findings(try lint(text, format: "json")).filter { $0["rule"] as? String == "missing-translation" }
        #expect(found.count == 1)
        #expect(found.first?["line"] as? Int == 9 && found.first?["endLine"] as? Int == 9, "\(found)")
        #expect(found.first?["endColumn"] as? Int == 29, "\(found)")
    }

    @Test func aLineIndentedMoreThanItsKeysIsReadAsText() throws {
        let run = try lint(bank("  - id: sun\n    text: The Sun is a star.\n     answer: true\n"))
        #expect(run.status == 1)
        #expect(run.stdout.contains("""
            bank.yaml:8:6: error: this line is indented more than the keys above it (column 5), so YAML reads it as more of the text \
            on line 7, and finds ': ' in it; start the line at column 5 if it holds a key, or quote the text if the line goes on \
            with it (libyaml: mapping values are not allowed in this context) [yaml-syntax]
            """))
    }

    @Test func aTabInTheIndentationIsNamed() throws {
        let run = try lint(bank("  - id: sun\n    text: The Sun\n  \t  answer: true\n"))
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("""
            bank.yaml:8:3: error: a tab indents this line, and YAML indents with spaces only; replace the tab with spaces \
            (libyaml: found a tab character that violates indentation while scanning a plain scalar) [yaml-syntax]
            """))
        let atLineStart = try lint(bank("\t- id: sun\n    text: The Sun\n"))
        #expect(atLineStart.stdout.contains("bank.yaml:6:1: error: a tab indents this line, and YAML indents with spaces only; replace the tab with spaces (libyaml: found character that cannot start any token while scanning for the next token) [yaml-syntax]"))
    }

    @Test func anItemIndentedOtherThanItsSiblingsNamesTheirColumn() throws {
        let deeper = try lint(bank("  - id: sun\n    text: The Sun\n    answer: true\n   - id: moon\n    text: The Moon\n"))
        #expect(deeper.status == 1)
        #expect(deeper.stdout.contains("""
            bank.yaml:9:4: error: this item starts at column 4, but the items before it start at column 3; start it at column 3 \
            (libyaml: did not find expected '-' indicator while parsing a block collection) [yaml-syntax]
                   - id: moon
                   ^
            bank.yaml:6:3: note: the first of those items
            """))
        let shallower = try lint(bank("  - id: sun\n    text: The Sun\n    answer: true\n - id: moon\n   text: The Moon\n"))
        #expect(shallower.stdout.contains("""
            bank.yaml:9:2: error: this item starts at column 2, but the items before it start at column 3; start it at column 3 \
            (libyaml: did not find expected key while parsing a block mapping) [yaml-syntax]
            """))
        let key = try lint(bank("  - id: sun\n   text: The Sun\n    answer: true\n"))
        #expect(key.stdout.contains("""
            bank.yaml:7:4: error: this line starts at column 4, but the keys before it start at column 5; start it at column 5 \
            (libyaml: did not find expected '-' indicator while parsing a block collection) [yaml-syntax]
            """))
        #expect(key.stdout.contains("bank.yaml:6:5: note: the first of those keys"))
    }

    /// The quote is closed by the next text's opening quote, many lines on: the error is the
    /// quote that opened, not the place libyaml gave up nor the mapping around it.
    @Test func anUnclosedQuoteIsReportedWhereItOpens() throws {
        var questions = "  - id: sun\n    text: \"The Sun is a star.\n    answer: true\n"
        for index in 1...20 { questions += "  - id: q\(index)\n    text: Question \(index)\n    answer: true\n" }
        questions += "  - id: moon\n    text: \"The Moon.\"\n    answer: false\n"
        let run = try lint(bank(questions))
        #expect(run.status == 1)
        #expect(run.stdout.contains("""
            bank.yaml:7:11: error: the quoted text that opens here runs on to line 70, where the next quote ends it; its closing \
            quote is missing (or a quote inside it is not escaped) (libyaml: did not find expected key while parsing a block mapping) [yaml-syntax]
                    text: "The Sun is a star.
                          ^
            bank.yaml:70:11: note: the quote that ends the text
            """))
        #expect(!run.stdout.contains("it started here"))
    }

    @Test func aQuoteInsideAQuotedTextIsNamed() throws {
        let run = try lint(bank("  - id: sun\n    text: \"Say \"hi\" to me\"\n    answer: true\n"))
        #expect(run.stdout.contains("""
            bank.yaml:7:11: error: the quoted text that opens here ends at the quote in column 16, and more follows it; a quote \
            inside a text is written \\" between double quotes and '' between single quotes, or the text is quoted with the other \
            kind (libyaml: did not find expected key while parsing a block mapping) [yaml-syntax]
            """))
    }

    @Test func aQuoteNeverClosedIsReportedWhereItOpensAndTheEndWhereTheFileEnds() throws {
        let run = try lint(bank("  - id: sun\n    text: 'The Sun is a star.\n    answer: true\n"))
        #expect(run.status == 1)
        #expect(run.stdout.contains("""
            bank.yaml:7:11: error: the quote that opens here is never closed (libyaml: found unexpected end of stream while scanning a quoted scalar) [yaml-syntax]
                    text: 'The Sun is a star.
                          ^
            bank.yaml:9:1: note: the file ends here
            """))
    }

    /// libyaml's context for a key without `:` is where the key starts, and the input does not end there.
    @Test func aMissingColonIsNamedWithoutAnEndOfInputInTheMiddle() throws {
        let run = try lint(bank("  - id: sun\n    text The Sun is a star.\n    answer: true\n    explanation: It is.\n"))
        #expect(run.status == 1)
        #expect(run.stdout.contains("bank.yaml:7:5: error: this line is neither `key: value` nor more of a text above it; is the ': ' after its key missing? (libyaml: could not find expected ':' while scanning a simple key) [yaml-syntax]"))
        #expect(!run.stdout.contains("the input ends here"))
        let noSpace = try lint(bank("  - id: sun\n    text:The Sun\n    answer: true\n"))
        #expect(noSpace.stdout.contains("bank.yaml:7:9: error: a key ends with ': ', a colon and a space; write a space after the ':' in column 9 (libyaml: could not find expected ':' while scanning a simple key) [yaml-syntax]"))
    }

    @Test func documentMarkersInsideTheFileAreExplained() throws {
        let second = try lint(bank("  - id: sun\n    text: The Sun\n    answer: true\n---\n  - id: moon\n"))
        #expect(second.status == 1)
        #expect(second.stdout.contains("""
            bank.yaml:9:1: error: a bank is one YAML document, but this `---` starts a second one; remove the line, or indent it \
            if it belongs to a text [multiple-documents]
            """))
        let inText = try lint(bank("  - id: sun\n    text: \"The Sun\n---\n    is a star.\"\n    answer: true\n"))
        #expect(inText.stdout.contains("""
            bank.yaml:8:1: error: a line that starts with `---` ends the YAML document, and a bank is one document; remove the \
            line, or indent it if it belongs to a text (libyaml: found unexpected document indicator while scanning a quoted scalar) [yaml-syntax]
            """))
        let end = try lint(bank("  - id: sun\n    text: The Sun\n    answer: true\n...\n  - id: moon\n"))
        #expect(end.stdout.contains("bank.yaml:10:3: error: did not find expected <document start> [yaml-syntax]"))
    }

    @Test func anUnclosedBracketIsReportedWhereItOpens() throws {
        let run = try lint(bank("  - id: sun\n    tags: [a, b\n    text: The Sun\n    answer: true\n"))
        #expect(run.status == 1)
        #expect(run.stdout.contains("""
            bank.yaml:7:11: error: the list that opens with `[` here is not closed where YAML expects it: a `]` is missing, or a \
            ',' between its entries (libyaml: did not find expected ',' or ']' while parsing a flow sequence) [yaml-syntax]
                    tags: [a, b
                          ^
            bank.yaml:8:9: note: a ',' or `]` was expected here
            """))
    }

    @Test func anUnknownEscapeIsNamed() throws {
        let run = try lint(bank("  - id: sun\n    text: \"C:\\Windows\"\n    answer: true\n"))
        #expect(run.stdout.contains("bank.yaml:7:14: error: `\\W` is not an escape between double quotes; write `\\\\` for a backslash, or quote the text with single quotes (libyaml: found unknown escape character while parsing a quoted scalar) [yaml-syntax]"))
        #expect(run.stdout.contains("bank.yaml:7:11: note: the quoted text opens here"))
    }
}

/// Lines counted one way everywhere: libyaml's (LF, CR, CR LF, NEL, LS, PS).
@Suite(.serialized) struct LineNumberingCLITests {
    private static let lines = [
        "quizbank: 1", "id: demo", "title: Demo", "locale: en", "questions:",
        "  - id: sun", "    text: The Sun is a star.", "    answer: true",
        "  # quizbank: disable-next-line missing-explanation",
        "  - id: moon", "    text: The Moon is a star.", "    answer: false",
        "  - id: mars", "    text: Mars is a star.", "    answer: false", "",
    ]

    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}", "\r", "\r\n"])
    func suppressionsExcerptsAndFindingsAgree(_ lineBreak: String) throws {
        let run = try lint(Self.lines.joined(separator: lineBreak))
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == """
            bank.yaml:6:9: warning: question 'sun' has no explanation [missing-explanation]
                  - id: sun
                        ^~~
            bank.yaml:13:9: warning: question 'mars' has no explanation [missing-explanation]
                  - id: mars
                        ^~~~
            0 errors, 2 warnings in 1 bank

            """)
    }

    @Test(arguments: ["\u{85}", "\u{2028}"])
    func anEncodingErrorIsOnItsLine(_ lineBreak: String) throws {
        var lines = Self.lines
        lines[6] = "    text: The Sun is a star.\u{07}"
        let run = try lint(lines.joined(separator: lineBreak))
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("""
            bank.yaml:7:29: error: control character U+0007 is not allowed [yaml-encoding]
                    text: The Sun is a star.\u{07}
                                            ^

            """))
    }
}

/// A configuration's mistakes, all of them in one run.
@Suite(.serialized) struct ConfigurationErrorsCLITests {
    @Test func everyConfigurationErrorIsReportedAtOnce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bank.yaml", warningBank)
        try scratch.write(".quizbank.yml", """
            rules:
              missing-explanaton: off
              text-length:
                severity: warn
                question-max-characters: many
            ignore: drafts
            layout:
              profiles:
                review: {max-lines: 0}
            rules: {}

            """)
        let run = try Run(["lint", "--config", ".quizbank.yml", "bank.yaml"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == """
            quizbank lint: 6 errors in .quizbank.yml
            .quizbank.yml:2:3: error: unknown rule 'missing-explanaton'; did you mean 'missing-explanation'?
            .quizbank.yml:4:15: error: 'warn' is not off, error, warning or info; did you mean 'warning'?
            .quizbank.yml:5:30: error: option 'question-max-characters' takes a whole number, not a string
            .quizbank.yml:6:9: error: `ignore` must be a list of globs
            .quizbank.yml:9:25: error: `max-lines` takes a whole number in 1...100, not the number 0
            .quizbank.yml:10:1: error: duplicate key 'rules'; it is first defined at line 1

            """)
    }

    @Test func oneConfigurationErrorIsOneLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("bank.yaml", warningBank)
        try scratch.write(".quizbank.yml", "rules:\n  missing-explanation: warn\n")
        let run = try Run(["lint", "--config", ".quizbank.yml", "bank.yaml"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "quizbank lint: .quizbank.yml:2:24: error: 'warn' is not off, error, warning or info; did you mean 'warning'?\n")
    }
}

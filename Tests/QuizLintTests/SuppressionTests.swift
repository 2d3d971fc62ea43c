import Foundation
import Testing
import QuizBank
import QuizYAML
@testable import QuizLint
@testable import QuizRules

@Suite struct YAMLCommentTests {
    private func comments(_ text: String) -> [String] {
        YAMLComments.scan(Array(text.utf8)).map { "\($0.range.start.line):\($0.range.start.column)\($0.text)" }
    }

    @Test func findsLineAndTrailingComments() {
        #expect(comments("# head\nkey: value # tail\n  # indented\n") == ["1:1 head", "2:12 tail", "3:3 indented"])
    }

    @Test func hashInsideScalarsIsNotAComment() {
        let text = """
        a: "quoted # not"
        b: 'single # not ''still'' # not'
        c: plain#not
        d: "multi
          line # not
          end" # yes
        e: |
          block # not
          # not either
        f: >-
          folded # not

          # nor this
        g: value # yes
        """
        #expect(comments(text) == ["6:8 yes", "14:10 yes"])
    }

    @Test func blockScalarEndsAtTheKeysIndentation() {
        let text = """
        questions:
          - text: |
              one # not
            answer: true # yes
          - |
            item # not
          # yes, back at the list
        """
        #expect(comments(text) == ["4:18 yes", "7:3 yes, back at the list"])
    }

    @Test func escapedQuotesDoNotEndDoubleQuotedScalars() {
        #expect(comments("a: \"say \\\" # not\" # yes\n") == ["1:19 yes"])
    }

    @Test func apostropheInPlainScalarDoesNotOpenAQuote() {
        #expect(comments("a: it's fine # yes\nb: x # also\n") == ["1:14 yes", "2:6 also"])
    }

    @Test func commentsBeforeTheFirstKeyAreMarked() {
        let scanned = YAMLComments.scan(Array("# one\n\n# two\nquizbank: 1 # three\n# four\n".utf8))
        #expect(scanned.map(\.beforeContent) == [true, true, false, false])
    }
}

@Suite struct SuppressionTests {
    private let bank = """
    # quizbank: disable-file missing-explanation -- a glossary, explained elsewhere
    quizbank: 1
    id: demo
    title: Demo
    locale: en
    questions:
      - id: sun
        text: The Sun is a star.
        answer: true
    """

    private func lint(_ text: String) -> [Finding] {
        LintEngine().lint([LintInput(path: "demo.yaml", bytes: Array(text.utf8))]).findings
    }

    @Test func theQuickCheckFindsEveryDirectiveAndSkipsFilesWithout() {
        for padding in 0..<9 {
            let lead = String(repeating: "x", count: padding)
            #expect(Suppression.mayHaveDirective(Array("\(lead)#quizbank:".utf8)))
            #expect(Suppression.mayHaveDirective(Array("a: 1\n\(lead) # \t quizbank: disable-line x\n".utf8)))
            #expect(!Suppression.mayHaveDirective(Array("quizbank: 1\n\(lead)# a comment\ntext: \"#1 quizbank\"\n#quizbank".utf8)))
        }
        #expect(!Suppression.mayHaveDirective([]))
    }

    @Test func directivesAreRead() {
        let suppressions = Suppression.scan(Array("# quizbank: disable-next-line a,b -- why not\nx: 1 # quizbank: disable-line c\n".utf8))
        #expect(suppressions.map(\.rule) == ["a", "b", "c"])
        #expect(suppressions.map(\.kind) == [.nextLine, .nextLine, .line])
        #expect(suppressions.map(\.targetLine) == [2, 2, 2])
        #expect(suppressions[0].reason == "why not")
    }

    @Test func disableFileSilencesTheRuleEverywhere() {
        #expect(lint(bank).isEmpty)
        let without = bank.replacingOccurrences(of: "# quizbank: disable-file missing-explanation -- a glossary, explained elsewhere\n", with: "")
        #expect(lint(without).map(\.ruleID) == ["missing-explanation"])
    }

    @Test func disableNextLineAndDisableLine() {
        let next = bank.replacingOccurrences(of: "# quizbank: disable-file missing-explanation -- a glossary, explained elsewhere\n", with: "")
            .replacingOccurrences(of: "  - id: sun", with: "  # quizbank: disable-next-line missing-explanation\n  - id: sun")
        #expect(lint(next).isEmpty)
        let same = bank.replacingOccurrences(of: "# quizbank: disable-file missing-explanation -- a glossary, explained elsewhere\n", with: "")
            .replacingOccurrences(of: "  - id: sun", with: "  - id: sun # quizbank: disable-line missing-explanation")
        #expect(lint(same).isEmpty)
    }

    @Test func unusedUnknownAndFormatSuppressionsAreReported() {
        let text = bank + "\n    explanation: A star.\n" + "  # quizbank: disable-next-line missing-explanaton\n  - id: moon\n    text: x\n    answer: false\n    explanation: y\n    # quizbank: disable-line unknown-key\n"
        let findings = lint(text)
        #expect(findings.map(\.ruleID) == ["unused-suppression", "unused-suppression", "unused-suppression"])
        #expect(findings.map(\.range.start.line) == [1, 11, 16])
        #expect(findings[1].message == "'missing-explanaton' is not a rule; did you mean 'missing-explanation'?")
        // At the misspelt name, where it is to be fixed, not at the comment's `#`.
        #expect(findings[1].range == SourceRange(start: SourceMark(line: 11, column: 33), end: SourceMark(line: 11, column: 51)))
        #expect(findings[2].message.contains("format rule"))
    }

    @Test func formatErrorsCannotBeSuppressed() {
        let text = bank.replacingOccurrences(of: "    answer: true", with: "    answer: yes # quizbank: disable-line wrong-type")
        #expect(lint(text).map(\.ruleID).sorted() == ["unused-suppression", "wrong-type"])
    }

    @Test func misplacedDisableFileIsReported() {
        let text = bank.replacingOccurrences(of: "# quizbank: disable-file missing-explanation -- a glossary, explained elsewhere\n", with: "")
            + "\n# quizbank: disable-file missing-explanation\n"
        let findings = lint(text)
        #expect(findings.map(\.ruleID).sorted() == ["missing-explanation", "unused-suppression"])
        #expect(findings.contains { $0.message.contains("before the bank's first key") })
    }
}

import Testing
import QuizBank
@testable import QuizLint
@testable import QuizRules

/// Cases that issue 22 lists rule by rule ("Misses and misfires seen") and that no rule example
/// pins down in the issue's own terms; the rest are rule examples (docs/rules.md).
@Suite struct IssueListedCasesTests {
    /// near-duplicate-question: a generic answer such as "All of the above" is no evidence of a
    /// duplicate, while a shared specific answer is.
    @Test func aGenericAnswerIsNoEvidenceOfADuplicate() {
        func pair(answer: String) -> String {
            NearDuplicateTests.choice("mammals", "Which of these sea animals are mammals?", answer: answer, wrong: "Shark")
                + NearDuplicateTests.choice("mammals-2", "Which of these sea animals are classed as mammals?", answer: answer, wrong: "Tuna")
        }
        let generic = QualityRuleTests.lint([("a.yaml", NearDuplicateTests.bank(pair(answer: "All of the above")))],
                                            rule: "near-duplicate-question")
        #expect(generic.isEmpty, "\(generic.map(\.message))")
        let specific = QualityRuleTests.lint([("a.yaml", NearDuplicateTests.bank(pair(answer: "Whale")))],
                                             rule: "near-duplicate-question")
        #expect(specific.count == 1, "\(specific.map(\.message))")
    }

    /// none-of-the-above and all-of-the-above: a stem that mentions a number or a proportion
    /// does not ask how many unless it asks for that amount.
    @Test(arguments: [
        ("Which particle determines the atomic number?", false), ("Which of these changes the proportion of salt in sea water?", false),
        ("Which gas raises the number of sunspots?", false), ("The number of moons of Mars is", true),
        ("What is the proportion of oxygen in air?", true), ("Roughly what share of voters stayed home?", true),
        ("Estimate the number of bones in a hand.", true),
    ])
    func mentioningAnAmountIsNotAskingHowMany(_ stem: String, _ asksHowMany: Bool) {
        #expect(AggregateChoice.isCountQuestion(stem) == asksHowMany)
    }

    /// absolute-terms: "all", "only", "every", "must" and "cannot" are in the default term list,
    /// so a true/false statement built on one is reported without any option.
    @Test(arguments: [
        "All snakes are venomous.", "Only birds lay eggs.", "Every desert is hot.", "A pilot must be over 30.",
        "Penguins cannot swim.",
    ])
    func absoluteTermsOfTheDefaultListInStatements(_ statement: String) {
        let findings = ItemWritingRuleTests.lint("""
              - id: claim
                text: \(statement)
                answer: false
            """, rule: "absolute-terms")
        #expect(findings.count == 1, "\(findings.map(\.message))")
    }

    /// blank-not-at-end: a blank joined to the letter it starts with ("a______") is a blank.
    @Test func aBlankJoinedToItsFirstLetterIsABlank() {
        let findings = ItemWritingRuleTests.lint("""
              - id: artery
                text: The a______ is the largest artery of the body.
                choices:
                  - text: aorta
                    correct: true
                  - vena cava
            """, rule: "blank-not-at-end")
        #expect(findings.count == 1, "\(findings.map(\.message))")
    }
}

/// The byte-level quick look of `article-cue`'s blank check agrees with the blanks it reads.
@Suite struct ArticleCueBlankQuickLookTests {
    @Test(arguments: [
        ("make a __ out of", true), ("looking for a ...", true), ("or a \u{2026}", true), ("a _ b", false),
        ("a .. b", false), ("a \u{2019}quote\u{2019}", false), ("", false),
    ])
    func quickLookFindsBlankMarks(_ text: String, _ expected: Bool) {
        #expect(ArticleCueRule.mayHoldBlank(text) == expected)
    }
}

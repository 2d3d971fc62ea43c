import Testing
import QuizYAML
@testable import QuizLint
@testable import QuizRules

@Suite struct ConfigurationProblemsTests {
    /// Each key is checked on its own, down to a reserve entry's keys: one wrong key does not
    /// hide the next.
    @Test func everyProblemIsThrownInTheOrderOfTheFile() {
        let text = """
            layout:
              tracking: wide
              profiles:
                choice:
                  reserve:
                    - {width: -1, when: never}
                    - {name: icon}
                hint: {insets: [1, 2, 3], colour: red}
            ignore: ['', drafts/**]

            """
        do {
            _ = try Configuration.parse(Array(text.utf8), path: "/repo/.quizbank.yml", rules: RuleRegistry.descriptions)
            Issue.record("accepted")
        } catch {
            #expect(error.problems.map { "\($0.range.start) \($0.message.prefix(40))" } == [
                "2:13 `tracking` is system (the HIG table) or ",
                "6:19 `width` takes a number of points (0 or m",
                "6:29 `when` is always or image, not a string",
                "7:11 a `reserve` entry needs a `width` in poi",
                "8:20 `insets` is one number (each side) or [l",
                "8:31 profile 'hint' has no key 'colour' (keys",
                "9:10 an `ignore` entry must be a glob string",
            ])
            #expect(error.range.start == SourceMark(line: 2, column: 13))
        }
    }
}

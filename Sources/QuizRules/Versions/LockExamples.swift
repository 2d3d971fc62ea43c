import QuizLint
/// The questions the lock rules' examples lock (after `RuleExample.header`), before the edit
/// each example makes.
enum LockExamples {
    static let locked = """
          - id: sun
            text: The Sun is a star.
            answer: true
          - id: largest
            text: Which is the largest planet?
            choices:
              - Mars
              - {text: Jupiter, correct: true}
              - Venus
        """

    static let lock: [String: ExampleFile] = ["quizbank.lock": LockComparison.exampleLock(of: RuleExample.header + locked)]
}

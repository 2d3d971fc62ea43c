/// The bank the lock rules' examples lock, before the edit each example makes.
enum LockExamples {
    static let locked = """
        quizbank: 1
        id: demo
        title: Demo
        locale: en
        questions:
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

    static let lock: [String: ExampleFile] = ["quizbank.lock": LockComparison.exampleLock(of: locked)]
}

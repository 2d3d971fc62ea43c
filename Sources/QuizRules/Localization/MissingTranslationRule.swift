import QuizBank
import QuizLint

struct MissingTranslationRule: BankRule {
    static let description = RuleDescription(
        id: "missing-translation",
        summary: "A localizable text without a translation into one of the bank's declared `locales`.",
        rationale: """
            A bank that declares `locales` promises each of them. A text left out is shown in the \
            source language instead (the compiled output falls back to it), so a learner who \
            chose English meets a question in Portuguese in the middle of a test. Every \
            localizable text is checked: the bank's title and description, topic titles, and each \
            question's text, choices, feedback, explanation, hints and image-alt. A plain string \
            in a bank with several locales is in the source locale only, so it lacks all the \
            others. One finding per text names every missing locale. Banks that declare no other \
            locale than their own are not checked.
            """,
        severity: .warning,
        scope: .bank,
        examples: [
            .triggering("""
                quizbank: 1
                id: demo
                title: {pt-BR: Astronomia, en: Astronomy, es: Astronomía}
                locale: pt-BR
                locales: [pt-BR, en, es]
                questions:
                  - id: sun
                    text:
                      ↓pt-BR: O Sol é uma estrela.
                      en: The Sun is a star.
                    answer: true
                    explanation: ↓É uma anã amarela.
                """),
            .triggering("""
                quizbank: 1
                id: demo
                title: ↓Astronomia
                locale: pt-BR
                locales: [pt-BR, en]
                topics:
                  stars: {title: ↓{pt-BR: Estrelas}}
                questions:
                  - id: sun
                    topic: stars
                    text: {pt-BR: O Sol é uma estrela., en: The Sun is a star.}
                    answer: true
                    explanation: {pt-BR: É uma anã amarela., en: It is a yellow dwarf.}
                """),
            .passing("""
                quizbank: 1
                id: demo
                title: {pt-BR: Astronomia, en: Astronomy}
                locale: pt-BR
                locales: [pt-BR, en]
                questions:
                  - id: sun
                    text:
                      pt-BR: O Sol é uma estrela.
                      en: The Sun is a star.
                    answer: true
                    explanation: {pt-BR: É uma anã amarela., en: It is a yellow dwarf.}
                """),
            // Without `locales`, plain strings are all a bank needs.
            .passing("""
                quizbank: 1
                id: demo
                title: Astronomia
                locale: pt-BR
                questions:
                  - id: sun
                    text: O Sol é uma estrela.
                    answer: true
                    explanation: É uma anã amarela.
                """),
        ])

    init(options: RuleOptions) {}

    func check(_ bank: LintBank, report: inout FindingReporter) {
        let locales = bank.bank.outputLocales
        guard locales.count > 1 else { return }
        let source = bank.sourceLocale
        LocalizableTexts.forEach(in: bank.bank) { text, place in
            let missing: [String]
            switch text.form {
            case .plain:
                missing = Array(locales.dropFirst())
            case .translated(let entries):
                missing = locales.filter { locale in !entries.contains { $0.locale == locale } && locale != source }
            }
            guard !missing.isEmpty else { return }
            let what = isPlain(text) ? " (a plain string is in '\(source)' only)" : ""
            report("\(place) has no translation into \(missing.map { "'\($0)'" }.joined(separator: ", "))\(what)",
                   at: text.range)
        }
    }

    private func isPlain(_ text: LocalizedText) -> Bool {
        if case .plain = text.form { return true }
        return false
    }
}

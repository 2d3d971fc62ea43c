import Foundation
import TestSupport
import Testing

/// `quizbank diff` and `quizbank lock` on a history of the real banks: a git repository made in
/// a scratch folder from `Banks/`, with one commit for each kind of change.
@Suite(.serialized) struct VersionsCLITests {
    /// A git repository holding a copy of `Banks/`, its first commit tagged `base`.
    struct History {
        let scratch: Scratch
        var root: URL { scratch.url }

        init() throws {
            scratch = try Scratch()
            try FileManager.default.copyItem(at: Run.repository.appendingPathComponent("Banks"), to: root.appendingPathComponent("Banks"))
            try git("init", "-q")
            try commit("base")
            try git("tag", "base")
        }

        @discardableResult
        func git(_ arguments: String...) throws -> String {
            let run = try ProcessRun(URL(fileURLWithPath: "/usr/bin/env"),
                                     ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments,
                                     in: root)
            #expect(run.status == 0, "git \(arguments): \(run.stderr)")
            return run.stdout
        }

        func commit(_ message: String) throws {
            try git("add", "-A")
            try git("commit", "-q", "--allow-empty", "-m", message)
        }

        func edit(_ file: String, _ old: String, _ new: String) throws {
            let url = root.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old), "\(file) has no \(old)")
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
        }

        /// The kinds of change `diff --git REV --format json` reports, and its exit status.
        func changes(since revision: String = "HEAD", _ extra: [String] = []) throws -> (kinds: Set<String>, status: Int32, run: Run) {
            let run = try Run(["diff", "--git", revision, "--format", "json"] + extra + ["Banks"], in: root)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
            let changes = try #require(object["changes"] as? [[String: Any]])
            return (Set(changes.compactMap { $0["change"] as? String }), run.status, run)
        }
    }

    static let astronomy = "Banks/astronomy/astronomy.yaml"
    static let driving = "Banks/driving/driving.yaml"

    /// One commit: the edits and the kinds of change they must be classified as.
    struct Step {
        var name: String
        var file: String
        var edits: [(String, String)]
        var expected: Set<String>
    }

    static let steps: [Step] = [
        Step(name: "spaces", file: astronomy, edits: [("pt-BR: O Sol é uma estrela.", "pt-BR: O Sol   é uma estrela.")], expected: ["text-edited-cosmetic"]),
        Step(name: "a word", file: astronomy, edits: [("Mais da metade da massa do Sol é hidrogênio.", "Mais da metade da massa do Sol é de hidrogênio.")], expected: ["text-edited-minor"]),
        Step(name: "rewritten", file: astronomy, edits: [("A luz do Sol leva cerca de oito minutos para chegar à Terra.", "A luz do Sol demora uns oito minutos até alcançar a Terra.")],
             expected: ["text-edited-major"]),
        Step(name: "answer", file: astronomy, edits: [("pela fissão de núcleos pesados, como os de urânio.\n      en: The Sun produces its energy by splitting heavy nuclei such as uranium.\n    answer: false",
                                                        "pela fissão de núcleos pesados, como os de urânio.\n      en: The Sun produces its energy by splitting heavy nuclei such as uranium.\n    answer: true")],
             expected: ["answer-key-changed"]),
        Step(name: "translation", file: astronomy, edits: [("en: The Sun is a star.", "en: The Sun is a star indeed.")], expected: ["translation-changed"]),
        Step(name: "rename", file: astronomy, edits: [("- id: sun-mass-share", "- id: share-of-mass")], expected: ["question-renamed"]),
        Step(name: "add", file: driving, edits: [("questions:\n", "questions:\n  - id: horn\n    text: A horn warns other road users.\n    answer: true\n    topic: safety\n\n")],
             expected: ["question-added"]),
        Step(name: "remove", file: driving, edits: [("  - id: horn\n    text: A horn warns other road users.\n    answer: true\n    topic: safety\n\n", "")], expected: ["question-removed"]),
        Step(name: "reuse", file: astronomy, edits: [("pt-BR: O Sol   é uma estrela.\n      en: The Sun is a star indeed.", "pt-BR: Marte tem dois satélites naturais.\n      en: Mars has two moons.")],
             expected: ["id-reused"]),
        Step(name: "reorder", file: driving, edits: [("      - Pentagon\n      - Diamond\n", "      - Diamond\n      - Pentagon\n")], expected: ["choices-reordered"]),
        Step(name: "add a choice", file: driving, edits: [("      - Circle\n", "      - Circle\n      - Triangle\n")], expected: ["choices-added"]),
        Step(name: "remove a choice", file: driving, edits: [("      - Circle\n      - Triangle\n", "      - Circle\n")], expected: ["choices-removed"]),
        Step(name: "edit a choice", file: driving, edits: [("      - Diamond\n", "      - Diamonds\n")], expected: ["choice-text-edited"]),
        Step(name: "kind", file: driving, edits: [("      - Circle\n", "      - text: Circle\n        correct: true\n")], expected: ["kind-changed", "answer-key-changed"]),
        Step(name: "exam size", file: driving, edits: [("  size: 20", "  size: 18")], expected: ["exam-size-changed"]),
        Step(name: "passing score", file: driving, edits: [("passing-score: 0.8", "passing-score: 0.75")], expected: ["passing-score-changed"]),
        Step(name: "demo limit", file: driving, edits: [("demo-limit: 5", "demo-limit: 4")], expected: ["demo-limit-changed"]),
        Step(name: "weights", file: driving, edits: [("weight: 0.35", "weight: 0.3"), ("weight: 0.25", "weight: 0.3")], expected: ["topic-weight-changed"]),
        Step(name: "a locale", file: driving, edits: [("locale: en\n", "locale: en\nlocales: [en, es]\n"),
                                                      ("text: Which sign shape is reserved for the stop sign?", "text: {en: Which sign shape is reserved for the stop sign?, es: ¿Qué forma se reserva para la señal de alto?}")],
             expected: ["locale-added", "translation-added"]),
    ]

    @Test func eachCommitOfTheHistoryIsClassified() throws {
        let history = try History()
        defer { history.scratch.remove() }
        #expect(try history.changes().kinds.isEmpty)
        for step in Self.steps {
            for (old, new) in step.edits { try history.edit(step.file, old, new) }
            let found = try history.changes()
            #expect(found.kinds == step.expected, "\(step.name): \(found.run.stdout)")
            // The default, --fail-on breaking: 1 only for a breaking change.
            let breaking = step.expected.contains { ["answer-key-changed", "id-reused", "kind-changed"].contains($0) }
            #expect(found.status == (breaking ? 1 : 0), "\(step.name): \(found.run.stderr)")
            #expect(try history.changes(["--fail-on", "any"]).status == 1, "\(step.name)")
            try history.commit(step.name)
        }
        // An image changed by its bytes, under the same name.
        try FileManager.default.removeItem(at: history.root.appendingPathComponent("Banks/driving/signs/stop.png"))
        try FileManager.default.copyItem(at: history.root.appendingPathComponent("Banks/driving/signs/yield.png"),
                                         to: history.root.appendingPathComponent("Banks/driving/signs/stop.png"))
        let image = try history.changes()
        #expect(image.kinds == ["image-changed"], "\(image.run.stdout)")
        #expect(try history.changes(["--fail-on", "structural"]).status == 1)
        #expect(try history.changes(["--fail-on", "content"]).status == 1)
        try history.commit("image")
        // The whole history at once, from the base.
        let all = try history.changes(since: "base")
        #expect(all.kinds.isSuperset(of: ["answer-key-changed", "question-renamed", "id-reused", "image-changed", "choice-text-edited"]), "\(all.run.stdout)")
        #expect(!all.kinds.contains("question-added"))
    }

    @Test func formatsAndOldNewPaths() throws {
        let history = try History()
        defer { history.scratch.remove() }
        try FileManager.default.copyItem(at: history.root.appendingPathComponent("Banks"), to: history.root.appendingPathComponent("Old"))
        try history.edit(Self.driving, "passing-score: 0.8", "passing-score: 0.75")
        let text = try Run(["diff", "Old", "Banks"], in: history.root)
        #expect(text.status == 0)
        #expect(text.stdout.contains("structural (1):\n  Banks/driving/driving.yaml:28:3: passing-score-changed: passing score was 0.8, is now 0.75\n"), "\(text.stdout)")
        let markdown = try Run(["diff", "--format", "markdown", "--fail-on", "structural", "Old", "Banks"], in: history.root)
        #expect(markdown.status == 1)
        #expect(markdown.stdout.hasPrefix("### quizbank diff\n\n`Old` → `Banks`: 0 breaking, 1 structural"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("| passing-score-changed | driving-test |  | Banks/driving/driving.yaml:28:3 |"))
    }

    @Test func badInputEndsWithStatusTwo() throws {
        let history = try History()
        defer { history.scratch.remove() }
        let revision = try Run(["diff", "--git", "no-such-branch", "Banks"], in: history.root)
        #expect(revision.status == 2)
        #expect(revision.stderr.hasPrefix("quizbank diff: unknown git revision 'no-such-branch'"), "\(revision.stderr)")
        try history.edit(Self.astronomy, "exam:\n", "exam: [\n")
        let yaml = try Run(["diff", "--git", "HEAD", "Banks"], in: history.root)
        #expect(yaml.status == 2)
        #expect(yaml.stderr.contains("Banks/astronomy/astronomy.yaml:"), "\(yaml.stderr)")
        #expect(yaml.stderr.contains("quizbank diff: cannot compare: 1 bank has errors (above)"), "\(yaml.stderr)")
        // The same error in the old version names it by revision.
        try history.commit("broken")
        try history.edit(Self.astronomy, "exam: [\n", "exam:\n")
        let old = try Run(["diff", "--git", "HEAD", "Banks"], in: history.root)
        #expect(old.status == 2)
        #expect(old.stderr.contains("HEAD:Banks/astronomy/astronomy.yaml:"), "\(old.stderr)")
        let usage = try Run(["diff", "--fail-on", "sometimes", "Banks", "Banks"], in: history.root)
        #expect(usage.status == 2 && usage.stderr.contains("--fail-on takes breaking, structural, content or any"))
        #expect(try Run(["diff", "Banks"], in: history.root).status == 2)
    }

    @Test func lockAcceptsWhatLintThenGuards() throws {
        let history = try History()
        defer { history.scratch.remove() }
        let lock = try Run(["lock", "Banks"], in: history.root)
        #expect(lock.status == 0, "\(lock.stderr)")
        #expect(lock.stderr == "quizbank lock: wrote Banks/quizbank.lock (2 banks, 110 questions)\n", "\(lock.stderr)")
        let lockText = try String(contentsOf: history.root.appendingPathComponent("Banks/quizbank.lock"), encoding: .utf8)
        #expect(lockText.contains("\nbank astronomy\n  andromeda-naked-eye true-false content="), "\(lockText.prefix(400))")
        #expect(try Run(["lock", "Banks"], in: history.root).stderr.contains("is up to date"))
        #expect(try Run(["lint", "--select", "lock-id-reused", "Banks"], in: history.root).status == 0)

        try history.edit(Self.astronomy, "pela fissão de núcleos pesados, como os de urânio.\n      en: The Sun produces its energy by splitting heavy nuclei such as uranium.\n    answer: false",
                         "pela fissão de núcleos pesados, como os de urânio.\n      en: The Sun produces its energy by splitting heavy nuclei such as uranium.\n    answer: true")
        try history.edit(Self.astronomy, "- id: sun-mass-share", "- id: share-of-mass")
        try history.edit(Self.driving, "      - Circle\n", "      - text: Circle\n        correct: true\n")
        try history.edit(Self.astronomy, "pt-BR: O Sol é uma estrela.\n      en: The Sun is a star.\n    answer: true", "pt-BR: Marte tem três satélites naturais.\n      en: Mars has three moons.\n    answer: false")
        let lint = try Run(["lint", "Banks"], in: history.root)
        #expect(lint.status == 1)
        for expected in [
            "Banks/astronomy/astronomy.yaml:35:9: error: question 'sun-is-a-star' has another text and another answer than Banks/quizbank.lock records for this id",
            "Banks/astronomy/astronomy.yaml:68:9: error: the answer key of question 'sun-powered-by-fission' differs from the one Banks/quizbank.lock records",
            "Banks/astronomy/astronomy.yaml:32:1: warning: question 'sun-mass-share' of Banks/quizbank.lock is no longer in the bank",
            "Banks/driving/driving.yaml:55:9: error: question 'octagon-shape' is multiple-choice, but Banks/quizbank.lock records it as single-choice",
        ] {
            #expect(lint.stdout.contains(expected), "\(expected)\n\(lint.stdout)")
        }
        // Configured off, a rule reports nothing.
        try history.edit("Banks/astronomy/.quizbank.yml", "  hint-truncation: off", "  hint-truncation: off\n  lock-question-removed: off")
        #expect(!(try Run(["lint", "Banks"], in: history.root)).stdout.contains("lock-question-removed"))
        // `lock` after review accepts the changes.
        #expect(try Run(["lock", "Banks"], in: history.root).status == 0)
        let accepted = try Run(["lint", "Banks"], in: history.root)
        #expect(!accepted.stdout.contains("lock-"), "\(accepted.stdout)")
        // A damaged lock is reported at its line.
        try history.edit("Banks/quizbank.lock", "quizbank-lock 1", "quizbank-lock 9")
        let damaged = try Run(["lint", "Banks"], in: history.root)
        #expect(damaged.status == 1)
        #expect(damaged.stdout.contains("Banks/quizbank.lock:3:1: error: Banks/quizbank.lock is not a lock file quizbank can read"), "\(damaged.stdout)")
    }

    @Test func lockWritesNothingForABankWithErrors() throws {
        let history = try History()
        defer { history.scratch.remove() }
        try history.edit(Self.astronomy, "exam:\n", "exam: [\n")
        let lock = try Run(["lock", "Banks"], in: history.root)
        #expect(lock.status == 1)
        #expect(lock.stderr.contains("Banks/astronomy/astronomy.yaml:"))
        #expect(lock.stderr.hasSuffix("quizbank lock: nothing written\n"))
        #expect(!FileManager.default.fileExists(atPath: history.root.appendingPathComponent("Banks/quizbank.lock").path))
    }
}

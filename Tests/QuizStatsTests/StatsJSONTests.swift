import Foundation
import Testing
import QuizBank
@testable import QuizStats
import QuizSupport

/// Every member of the JSON document for `knownBank`, worked out by hand. Shares and expected
/// counts are rounded to 4 decimal places, as docs/stats.md says.
@Suite struct StatsJSONTests {
    static var expectedKnownBank: [String: Any] { [
        "path": "known.yaml", "id": "known", "title": "Known bank", "locale": "en",
        "locales": ["en", "de"],
        "questions": 15,
        // tf1-tf10 are true/false; c1-c3 have one correct choice, c4 and c5 two.
        "kinds": ["trueFalse": 10, "singleChoice": 3, "multipleChoice": 2],
        // ⌈0.75 · 10⌉ = 8 right answers to pass.
        "exam": ["size": 10, "passingScore": 0.75, "questionsToPass": 8, "demoLimit": 2, "shuffleChoices": false],
        "topics": [
            // alpha: tf1 tf2 tf3 tf9 tf10 c2 c5; needs ⌈0.45 · 10⌉ = ⌈4.5⌉ = 5.
            // beta: tf4 tf5 c1; needs ⌈0.3 · 10⌉ = 3 (0.3 · 10 is 3.0000000000000004 in binary).
            // gamma: tf8 c3; needs ⌈0.25 · 10⌉ = ⌈2.5⌉ = 3, has 2.
            "topics": [
                ["id": "alpha", "title": "Alpha", "weight": 0.45, "questions": 7, "needed": 5, "fills": true],
                ["id": "beta", "title": "Beta", "weight": 0.3, "questions": 3, "needed": 3, "fills": true],
                ["id": "gamma", "weight": 0.25, "questions": 2, "needed": 3, "fills": false],
            ],
            // tf6 tf7 c4.
            "withoutTopic": 3,
            "weightTotal": 1,
        ],
        // tf1: 1; tf2, tf3: 2; tf7, c1: 3; c4: 4; tf5: 5; the other 8 unset.
        "difficulty": [
            "levels": [["level": 1, "questions": 1], ["level": 2, "questions": 2], ["level": 3, "questions": 2],
                       ["level": 4, "questions": 1], ["level": 5, "questions": 1]],
            "unset": 8,
        ],
        // space: tf1 tf2 c1; easy: tf1 tf6 (twice on tf6, counted once); animals: tf6.
        "tags": ["distinct": 3, "untagged": 11,
                 "tags": [["tag": "space", "questions": 3], ["tag": "easy", "questions": 2], ["tag": "animals", "questions": 1]]],
        // 7 of 10 true; band 0.5 ± 2·√(0.25/10) = 0.5 ± 0.316228.
        "trueFalse": ["questions": 10, "true": 7, "false": 3, "trueShare": 0.7,
                      "band": ["low": 0.1838, "high": 0.8162], "verdict": "within"],
        "choice": [
            "questions": 5,
            // 3 + 4 + 2 + 5 + 3.
            "choices": 17,
            "meanChoices": 3.4,
            "choicesPerQuestion": [["choices": 2, "questions": 1], ["choices": 3, "questions": 2], ["choices": 4, "questions": 1],
                                   ["choices": 5, "questions": 1], ["choices": 6, "questions": 0], ["choices": 7, "questions": 0],
                                   ["choices": 8, "questions": 0]],
            "correctChoices": 7,
            // Correct at: c1 2; c2 1; c3 1; c4 2 and 4; c5 1 and 2.
            // Expected (c/k over questions with more than p-1 choices): c1 1/3, c2 1/4, c3 1/2,
            // c4 2/5, c5 2/3. Position 1 and 2: 129/60 = 2.15; 3: 99/60 = 1.65 (no c3);
            // 4: 1/4 + 2/5 = 0.65; 5: 2/5.
            "correctPosition": [
                ["position": 1, "correct": 3, "share": 0.4286, "expected": 2.15],
                ["position": 2, "correct": 3, "share": 0.4286, "expected": 2.15],
                ["position": 3, "correct": 0, "share": 0, "expected": 1.65],
                ["position": 4, "correct": 1, "share": 0.1429, "expected": 0.65],
                ["position": 5, "correct": 0, "share": 0, "expected": 0.4],
                ["position": 6, "correct": 0, "share": 0, "expected": 0],
                ["position": 7, "correct": 0, "share": 0, "expected": 0],
                ["position": 8, "correct": 0, "share": 0, "expected": 0],
            ],
            // c1, c3, c5 follow the exam (shuffle-choices: false); c4 says false; c2 says true.
            "unshuffled": 4,
            // c2 (23 characters) and c5 (Orange, 6) have a correct strictly longest choice;
            // c1's is Jupiter (wrong); c3 (Two, Six) and c4 (1 ... 5) tie. Chance: 2.15 / 5.
            "longest": ["correct": 2, "tied": 2, "share": 0.4, "chance": 0.43],
        ],
        "coverage": [
            // tf1 tf2 tf5 tf9 c1.
            "explanation": ["count": 5, "of": 15, "share": 0.3333],
            // tf1 (1), tf4 (2), c5 (1).
            "hints": ["count": 3, "of": 15, "share": 0.2, "hints": 4],
            // tf1, c3; both with alt text.
            "image": ["count": 2, "of": 15, "share": 0.1333],
            "imageAlt": ["count": 2, "of": 2, "share": 1],
            // Mars, of 17 choices.
            "feedback": ["count": 1, "of": 17, "share": 0.0588],
        ],
        // de: the text of tf2, the choices of c3, the explanation of tf1, one hint of tf4, the
        // alt text of tf1. 44 texts in all: 15 + 17 + 1 + 5 + 4 + 2.
        "translations": [
            ["locale": "en", "translated": 44, "total": 44, "share": 1, "fields": [
                "text": ["translated": 15, "total": 15, "share": 1], "choice": ["translated": 17, "total": 17, "share": 1],
                "feedback": ["translated": 1, "total": 1, "share": 1], "explanation": ["translated": 5, "total": 5, "share": 1],
                "hint": ["translated": 4, "total": 4, "share": 1], "imageAlt": ["translated": 2, "total": 2, "share": 1],
            ]],
            ["locale": "de", "translated": 6, "total": 44, "share": 0.1364, "fields": [
                "text": ["translated": 1, "total": 15, "share": 0.0667], "choice": ["translated": 2, "total": 17, "share": 0.1176],
                "feedback": ["translated": 0, "total": 1, "share": 0], "explanation": ["translated": 1, "total": 5, "share": 0.2],
                "hint": ["translated": 1, "total": 4, "share": 0.25], "imageAlt": ["translated": 1, "total": 2, "share": 0.5],
            ]],
        ],
        "lengths": [
            // Words: eight texts of 3, four of 4 (tf4's "." is no word; tf5: Is 2 2 4?), tf1 and
            // tf2 5, tf3 8 ("°C" has a letter). Characters sorted: 12 12 13 13 13 14 15 17 17 18
            // 20 21 23 27 35 (tf4 collapses to "Spaces are collapsed here ."). Median: rank
            // ⌈15/2⌉ = 8; p95: rank ⌈14.25⌉ = 15.
            "questionText": ["count": 15, "words": ["min": 3, "median": 3, "p95": 8, "max": 8],
                             "characters": ["min": 12, "median": 17, "p95": 35, "max": 35]],
            // 16 one-word choices and "The longest answer here" (4 words, 23 characters).
            // Characters: 1 1 1 1 1 3 3 3 4 4 4 5 5 5 6 7 23; median rank 9, p95 rank ⌈16.15⌉ = 17.
            "choice": ["count": 17, "words": ["min": 1, "median": 1, "p95": 4, "max": 4],
                       "characters": ["min": 1, "median": 4, "p95": 23, "max": 23]],
            // Words 3 4 5 5 5 ("—" is no word); characters 12 13 20 20 24 (English of tf1).
            "explanation": ["count": 5, "words": ["min": 3, "median": 5, "p95": 5, "max": 5],
                            "characters": ["min": 12, "median": 20, "p95": 24, "max": 24]],
        ],
    ] }

    static func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func everyFigureOfTheKnownBank() throws {
        let report = StatsReport(banks: [try statistics(knownBank, path: "known.yaml")])
        let document = try Self.parse(StatsJSONRenderer(toolVersion: "9.9.9").render(report))
        let banks = try #require(document["banks"] as? [Any])
        #expect(banks.count == 1)
        let differences = jsonDifferences(banks[0], Self.expectedKnownBank)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test func theDocumentIsVersionedAndNamesTheTool() throws {
        let report = StatsReport(banks: [try statistics(knownBank, path: "known.yaml")], skipped: [.init(path: "bad.yaml", errors: 2)])
        let document = try Self.parse(StatsJSONRenderer(toolVersion: "9.9.9").render(report))
        let differences = jsonDifferences(document["version"]!, 1) + jsonDifferences(document["tool"]!, ["name": "quizbank", "version": "9.9.9"])
            + jsonDifferences(document["skipped"]!, [["path": "bad.yaml", "errors": 2]])
        #expect(differences.isEmpty, "\(differences)")
        #expect(Set(document.keys) == ["version", "tool", "banks", "total", "skipped"])
    }

    /// The total of one bank is that bank's figures, without what belongs to a bank alone.
    @Test func theTotalOfOneBankIsTheBank() throws {
        let report = StatsReport(banks: [try statistics(knownBank, path: "known.yaml")])
        let document = try Self.parse(StatsJSONRenderer(toolVersion: "9.9.9").render(report))
        var expected = Self.expectedKnownBank
        for key in ["path", "id", "title", "locale", "exam"] { expected.removeValue(forKey: key) }
        expected["banks"] = 1
        expected["topics"] = [
            "topics": [["id": "alpha", "questions": 7], ["id": "beta", "questions": 3], ["id": "gamma", "questions": 2]],
            "withoutTopic": 3,
        ]
        // Whether a question is shown unshuffled was settled per bank, so it carries over.
        let differences = jsonDifferences(document["total"]!, expected)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test func theTotalOfTwoBanksAddsThemUp() throws {
        let report = StatsReport(banks: [try statistics(knownBank, path: "known.yaml"), try statistics(smallBank, path: "small.yaml")])
        let document = try Self.parse(StatsJSONRenderer(toolVersion: "9.9.9").render(report))
        let total = try #require(document["total"] as? [String: Any])
        var differences: [String] = []
        func check(_ key: String, _ expected: Any) { differences += jsonDifferences(total[key] as Any, expected, path: "$.total.\(key)") }
        check("banks", 2)
        check("questions", 16)
        check("locales", ["en", "de"])
        check("kinds", ["trueFalse": 11, "singleChoice": 3, "multipleChoice": 2])
        check("topics", ["topics": [["id": "alpha", "questions": 8], ["id": "beta", "questions": 3], ["id": "gamma", "questions": 2]],
                         "withoutTopic": 3])
        check("tags", ["distinct": 3, "untagged": 11,
                       "tags": [["tag": "space", "questions": 4], ["tag": "easy", "questions": 2], ["tag": "animals", "questions": 1]]])
        // 8 of 11; band 0.5 ± 2·√(0.25/11) = 0.5 ± 0.301511.
        check("trueFalse", ["questions": 11, "true": 8, "false": 3, "trueShare": 0.7273,
                            "band": ["low": 0.1985, "high": 0.8015], "verdict": "within"])
        check("coverage", ["explanation": ["count": 6, "of": 16, "share": 0.375],
                           "hints": ["count": 3, "of": 16, "share": 0.1875, "hints": 4],
                           "image": ["count": 2, "of": 16, "share": 0.125],
                           "imageAlt": ["count": 2, "of": 2, "share": 1],
                           "feedback": ["count": 1, "of": 17, "share": 0.0588]])
        // en: both banks (44 + a text and an explanation); de: only the bank that declares it.
        let translations = try #require(total["translations"] as? [[String: Any]])
        differences += jsonDifferences(translations.map { [$0["locale"]!, $0["translated"]!, $0["total"]!] },
                                       [["en", 46, 46], ["de", 6, 44]], path: "$.total.translations")
        // The small bank's text (5 words, 18 characters) and explanation (6 words: It is a
        // G-type main-sequence star.; 34 characters) join the distributions: question words
        // 3×8 4×4 5×3 8 -> median rank 8 = 3; explanation words 3 4 5 5 5 6 -> p95 rank 6 = 6.
        let lengths = try #require(total["lengths"] as? [String: Any])
        differences += jsonDifferences(lengths["questionText"]!, ["count": 16, "words": ["min": 3, "median": 3, "p95": 8, "max": 8],
                                                                  "characters": ["min": 12, "median": 17, "p95": 35, "max": 35]],
                                       path: "$.total.lengths.questionText")
        differences += jsonDifferences(lengths["explanation"]!, ["count": 6, "words": ["min": 3, "median": 5, "p95": 6, "max": 6],
                                                                 "characters": ["min": 12, "median": 20, "p95": 34, "max": 34]],
                                       path: "$.total.lengths.explanation")
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(total["exam"] == nil)
    }

    @Test func numbersAreRoundedToFourPlacesInTheirShortestForm() {
        func written(_ value: Double) -> String {
            var json = JSONWriter()
            json.share("n", value)
            return String(decoding: json.bytes, as: UTF8.self)
        }
        #expect(written(0.5) == "\"n\": 0.5")
        #expect(written(1) == "\"n\": 1")
        #expect(written(0) == "\"n\": 0")
        #expect(written(2.0 / 3.0) == "\"n\": 0.6667")
        #expect(written(0.3 * 10) == "\"n\": 3")
        #expect(written(0.00004) == "\"n\": 0")
        #expect(written(0.00005) == "\"n\": 0.0001")
        #expect(written(25000.25) == "\"n\": 25000.25")
    }

    @Test func stringsAreEscaped() {
        var out = ""
        JSONString.appendQuoted("a\"b\\c\nd\u{1}\u{2028}é", to: &out)
        #expect(out == #""a\"b\\c\nd\u0001\u2028é""#)
    }
}

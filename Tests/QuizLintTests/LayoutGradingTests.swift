import Testing
import QuizBank
import QuizLayout
import TestSupport
@testable import QuizLint
@testable import QuizRules

/// The layout rules grade a cut by how many readers see it: at the default text size with the
/// rule's severity, only at larger sizes with `larger-sizes`; the message says where.
@Suite struct LayoutGradingTests {
    /// Needs 5 lines at Large on the default device (cut for most readers).
    static let cutAtLarge = """
        A driver who approaches an intersection with a flashing yellow signal, while a pedestrian waits at the \
        corner and a cyclist comes up on the right, must do what before going on, according to the rules shared by all states?
        """
    /// 3 lines at Large, 4 from xLarge on, on the default device.
    static let cutAtXLarge = "What must you do when a school bus stops ahead with its red lights flashing and its stop arm extended on a two-lane road?"

    static func bank(_ texts: [String]) -> String {
        RuleExample.header + texts.enumerated().map { index, text in
            "  - id: q\(index + 1)\n    text: \(text)\n    answer: true\n    explanation: Because.\n"
        }.joined()
    }

    static func findings(_ bank: String, configuration: Configuration = Configuration()) -> [Finding] {
        LintEngine().lint([LintInput(path: "bank.yaml", bytes: Array(bank.utf8), configuration: configuration)])
            .findings.filter { $0.ruleID == "review-truncation" }
    }

    @Test func aCutAtLargeWarnsAndACutOnlyAtLargerSizesInforms() throws {
        let found = Self.findings(Self.bank([Self.cutAtLarge, Self.cutAtXLarge]))
        #expect(found.map(\.severity) == [.warning, .info])
        #expect(found.map(\.range.start.line) == [7, 11])
        #expect(found.first?.message.hasPrefix("question 'q1' needs 5 lines at Large on iPhone SE (3rd generation); the review shows 3, cut after '") == true)
        #expect(found.last?.message == "question 'q2' fits at Large but needs 4 lines at xLarge on iPhone SE (3rd generation); the review shows 3, cut after 'a two-lane'")
        // The measure in JSON names the device and its width.
        #expect(found.first?.measure?.deviceName == "iPhone SE (3rd generation)")
        #expect(found.first?.measure?.deviceWidth == 375)
    }

    @Test func bothSeveritiesAreConfigurable() throws {
        var configuration = Configuration()
        configuration.rules["review-truncation"] = .init(severity: .error, options: ["larger-sizes": .string("warning")])
        #expect(Self.findings(Self.bank([Self.cutAtLarge, Self.cutAtXLarge]), configuration: configuration).map(\.severity) == [.error, .warning])
        configuration.rules["review-truncation"] = .init(options: ["larger-sizes": .string("off")])
        #expect(Self.findings(Self.bank([Self.cutAtLarge, Self.cutAtXLarge]), configuration: configuration).map(\.severity) == [.warning])
    }

    /// An app that supports nothing below xLarge shows its text at xLarge by default.
    @Test func theDefaultSizeIsTheLowestSupportedOneWhenLargeIsNot() throws {
        var configuration = Configuration()
        configuration.layout.supportedSizes = SizeCategory.xLarge...SizeCategory.ax2
        #expect(configuration.layout.defaultSize == .xLarge)
        let found = Self.findings(Self.bank([Self.cutAtXLarge]), configuration: configuration)
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message == "question 'q1' needs 4 lines at xLarge on iPhone SE (3rd generation); the review shows 3, cut after 'a two-lane'")
    }

    /// Another device is chosen by configuration; the message names it.
    @Test func anotherDeviceIsNamed() throws {
        var configuration = Configuration()
        configuration.layout.devices = [try #require(Devices.named("iPhone SE (1st generation)"))]
        let found = Self.findings(Self.bank([Self.cutAtXLarge]), configuration: configuration)
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains(" at Large on iPhone SE (1st generation); the review shows 3, cut after '") == true)
    }

    @Test func theLastWordsShownAreAtMostTwoAndShort() {
        #expect(LayoutRuleSupport.lastWords(of: "one two three four", before: 14) == "two three")
        #expect(LayoutRuleSupport.lastWords(of: "one two three four", before: 8) == "one two")
        #expect(LayoutRuleSupport.lastWords(of: "supercalifragilistic expialidocious words", before: 36) == "…agilistic expialidocious")
        #expect(LayoutRuleSupport.lastWords(of: "anything", before: 0) == "")
    }

    /// `lastWords` reads from the cut backwards; the plain reading splits the whole shown part.
    @Test func theLastWordsAreThoseOfSplittingTheShownPart() {
        var generator = seededGenerator()
        let pieces = ["a", "word", "Ünïcode", " ", "  ", "\n", "\r\n", "\t", "\u{A0}", "\u{3000}", "e\u{301}", "\u{1F1EB}\u{1F1F7}",
                      "\u{1F469}\u{200D}\u{1F4BB}", "-", "supercalifragilistic"]
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<12, from: pieces, using: &generator)
            let offset = Int.random(in: 0...text.count, using: &generator)
            let words = text.prefix(offset).split(whereSeparator: \.isWhitespace).suffix(2).joined(separator: " ")
            let plain = words.count > 24 ? "…" + words.suffix(24) : words
            #expect(LayoutRuleSupport.lastWords(of: text, before: offset) == plain, "\(text.debugDescription) before \(offset)")
        }
    }

    /// Read as bytes, the last words of a text of one-byte Characters are those read as
    /// Characters; a text with CR LF or beyond ASCII is left to the Character reading.
    @Test func theLastWordsAsBytesAreThoseAsCharacters() {
        var generator = seededGenerator()
        let pieces = ["a", "word", " ", "  ", "\n", "\t", "\u{0B}", "\u{0C}", "\u{1C}", "-", "supercalifragilistic", "x.", "\r\n", "\r", "é"]
        var asBytes = 0
        for _ in 0..<20_000 {
            let text = randomText(pieceCount: 0..<12, from: pieces, using: &generator)
            let offset = Int.random(in: 0...text.count + 2, using: &generator)
            let plain = LayoutRuleSupport.plainLastWords(of: text, before: offset)
            if let bytes = LayoutRuleSupport.asciiLastWords(of: text, before: offset) {
                asBytes += 1
                #expect(bytes == plain, "\(text.debugDescription) before \(offset)")
            } else {
                #expect(text.utf8.contains { $0 >= 0x80 || $0 == 0x0D }, "\(text.debugDescription)")
            }
        }
        #expect(asBytes > 2_000 && asBytes < 18_000, "\(asBytes) read as bytes")
    }

    /// A caller's buffers remember what they measured: what they give is what measuring the
    /// text again gives, for repeated and new texts, with and without an image, and after the
    /// settings change.
    @Test func rememberedMeasuresAreThoseOfMeasuringAgain() throws {
        var generator = seededGenerator()
        let pieces = ["True", "Paris", "1945", " ", "the", "intersection", "Ünïcode", "\n", "a\u{301}", "pedestrians,",
                      "supercalifragilisticexpialidocious", "\u{4E2D}\u{6587}"]
        var narrow = LayoutSettings.standard
        narrow.devices = [Device(width: 200, height: 400, models: ["Narrow"])]
        var buffers = LayoutRuleSupport.Buffers()
        var plainBuffers = MeasureScratch()
        var cut = 0, repeated = 0
        var seen: Set<String> = []
        for round in 0..<6_000 {
            let settings = round < 3_000 ? LayoutSettings.standard : narrow
            let profile = try #require(settings.profiles[round / 1_500 % 2 == 0 ? "choice" : "review"])
            let measurer = try #require(LayoutRuleSupport.measurer(for: settings))
            let text = randomText(pieceCount: 1..<(round % 3 == 0 ? 3 : 30), from: pieces, using: &generator)
            let hasImage = Bool.random(using: &generator)
            if !seen.insert(text).inserted { repeated += 1 }
            let remembered = buffers.measured(text, profile: profile, settings: settings, hasImage: hasImage)
            let plain = LayoutRuleSupport.measure(text, profile: profile, settings: settings, hasImage: hasImage, measurer: measurer,
                                                  reusing: &plainBuffers)
            if plain.truncation != nil { cut += 1 }
            #expect(remembered == plain, "\(text.debugDescription)")
        }
        #expect(cut > 500 && cut < 5_500 && repeated > 500, "cut \(cut), repeated \(repeated) of 6000")
    }

    /// Buffers with room for few texts (and few words) start over many times, never hold more
    /// texts than their capacity, and give what measuring the text again gives: texts that fit
    /// (kept as one number) and texts that are cut (kept whole).
    @Test func boundedBuffersGiveWhatMeasuringAgainGives() throws {
        var generator = seededGenerator()
        let pieces = ["True", "Paris", "1945", " ", "the ", "Ünïcode", "\n", "a\u{301}", "pedestrians, ", "\u{4E2D}\u{6587}", "-"]
        var narrow = LayoutSettings.standard
        narrow.devices = [Device(width: 150, height: 400, models: ["Narrow"])]
        let measurer = try #require(LayoutRuleSupport.measurer(for: narrow))
        let capacity = 50
        var buffers = LayoutRuleSupport.Buffers(capacity: capacity, scratchCapacity: 40)
        var plainBuffers = MeasureScratch()
        var startedOver = 0, found = 0, cut = 0
        for round in 0..<6_000 {
            let profile = try #require(narrow.profiles[["choice", "review", "hint"][round % 3]])
            let text = randomText(pieceCount: 1..<5, from: pieces, using: &generator)
            let hasImage = Bool.random(using: &generator)
            let before = buffers.known.count
            let remembered = buffers.measured(text, profile: profile, settings: narrow, hasImage: hasImage)
            if buffers.known.count < before { startedOver += 1 }
            if buffers.known.count == before && text.utf8.count <= LayoutRuleSupport.Buffers.longestRemembered { found += 1 }
            #expect(buffers.known.count <= capacity)
            let plain = LayoutRuleSupport.measure(text, profile: profile, settings: narrow, hasImage: hasImage, measurer: measurer,
                                                  reusing: &plainBuffers)
            if plain.truncation != nil { cut += 1 }
            #expect(remembered == plain, "\(text.debugDescription)")
        }
        #expect(startedOver > 20 && found > 100 && cut > 300, "started over \(startedOver), found \(found), cut \(cut)")
    }

    /// The engine runs the layout rules with their words learned a chunk at a time ahead
    /// (`QuestionRule.prepare`); what they report is what checking each question alone, with
    /// nothing learned ahead, reports: on a bank of several chunks with long and short texts,
    /// repeated choices, hints, images and two locales, on a narrow screen so that many are cut.
    @Test func preparedChunksGiveTheFindingsOfCheckingAlone() throws {
        var generator = seededGenerator()
        let pieces = ["True", "Paris", "1945", "the", "intersection", "Ünïcode", "pedestrians,", "well-known", "a\u{301}",
                      "supercalifragilisticexpialidocious", "\u{4E2D}\u{6587}", "(see", "below)", "x-ray", "5%", "«Très»"]
        func text(_ words: Range<Int>) -> String {
            (0..<Int.random(in: words, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: " ")
        }
        func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        var source = RuleExample.header.replacingOccurrences(of: "locale: en\n", with: "locale: en\nlocales: [en, fr]\n")
        for index in 0..<1_300 {
            source += "  - id: q\(index)\n"
            if index % 7 == 0 { source += "    image: q\(index).png\n    image-alt: A picture.\n" }
            if index % 5 == 0 {
                source += "    text:\n      en: \(quoted(text(1..<40)))\n      fr: \(quoted(text(1..<40)))\n"
            } else {
                source += "    text: \(quoted(text(1..<40)))\n"
            }
            source += "    choices:\n      - text: \(quoted(text(1..<(index % 3 == 0 ? 3 : 12))))\n        correct: true\n"
            for _ in 0..<Int.random(in: 1..<4, using: &generator) { source += "      - \(quoted(text(1..<3)))\n" }
            if index % 4 == 0 { source += "    hints:\n      - \(quoted(text(1..<25)))\n" }
            source += "    explanation: Because.\n"
        }
        var configuration = Configuration()
        configuration.layout.devices = [Device(width: 240, height: 400, models: ["Narrow"])]
        let bytes = Array(source.utf8)
        let layoutRules: [any QuestionRule.Type] = [ReviewTruncationRule.self, ChoiceTruncationRule.self, HintTruncationRule.self]
        let ids = Set(layoutRules.map { $0.description.id })
        let result = LintEngine().lint([LintInput(path: "bank.yaml", bytes: bytes, configuration: configuration)])
        let engine = result.findings.filter { ids.contains($0.ruleID) }
        let decoded = BankDecoder().decode(bytes, path: "bank.yaml")
        #expect(decoded.findings.isEmpty, "\(decoded.findings.first.map { "\($0.ruleID): \($0.message)" } ?? "")")
        let bank = LintBank(path: "bank.yaml", source: bytes, bank: try #require(decoded.bank), layout: configuration.layout)
        #expect(bank.bank.questions.count > RuleWork.chunkQuestions)
        var alone: [Finding] = []
        for type in layoutRules {
            let rule = type.init(options: RuleOptions([:]))
            var reporter = FindingReporter(ruleID: type.description.id, severity: type.description.severity, path: "bank.yaml")
            for question in bank.bank.questions { rule.check(question, in: bank, report: &reporter) }
            alone += reporter.findings
        }
        alone.sortForReport()
        #expect(engine.count == alone.count)
        #expect(engine == alone)
        for id in ids { #expect(engine.filter { $0.ruleID == id }.count > 50, "\(id)") }
    }
}

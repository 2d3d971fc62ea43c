import Testing
import QuizBank
import QuizLayout
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
}

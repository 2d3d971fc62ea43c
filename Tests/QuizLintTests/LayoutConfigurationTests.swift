import Foundation
import Testing
import QuizBank
import QuizLayout
import QuizYAML
@testable import QuizLint
@testable import QuizRules

/// The `layout:` section of `.quizbank.yml`, and layout findings in the JSON report.
@Suite struct LayoutConfigurationTests {
    private func parse(_ text: String) throws(ConfigurationError) -> Configuration {
        try Configuration.parse(Array(text.utf8), path: "/repo/.quizbank.yml", rules: RuleRegistry.descriptions)
    }

    @Test func defaultsReproduceTheReviewScreen() throws {
        let layout = try parse("rules: {}\n").layout
        #expect(layout == LayoutSettings.standard)
        let review = try #require(layout.profiles["review"])
        #expect(review.style == .body)
        #expect(review.maxLines == 3)
        #expect(review.sizes == SizeCategory.through(.xSmall, .xxxLarge))
        #expect(layout.supportedSizes == SizeCategory.large...SizeCategory.ax2)
        #expect(layout.devices == [Devices.standard])
        #expect(layout.devices.first?.name == "iPhone SE (3rd generation)")
        #expect(layout.devices.first?.width == 375)
        #expect(layout.defaultSize == .large)
    }

    @Test func devicesTakeAllSupportedOrAList() throws {
        #expect(try parse("layout:\n  devices: all\n").layout.devices.first?.width == 320)
        let supported = try parse("layout:\n  devices: supported\n").layout.devices
        #expect(supported == Devices.supported)
        #expect(supported.map(\.width) == [375, 390, 393, 402, 414, 420, 428, 430, 440])
        // Every device stays selectable, the ones the current iOS no longer runs on too.
        #expect(try parse("layout:\n  devices: [iPhone SE (1st generation)]\n").layout.devices.map(\.width) == [320])
    }

    /// Both grades of the layout rules are configured per rule: `severity` for a cut at the
    /// default size, `larger-sizes` for a cut only at larger sizes.
    @Test func theGradesAreConfiguredPerRule() throws {
        let configuration = try parse("""
            rules:
              review-truncation: {severity: error, larger-sizes: warning}
              choice-truncation: {larger-sizes: off}
            """)
        let rules = RuleRegistry.descriptions
        let review = try #require(rules.first { $0.id == "review-truncation" })
        let choice = try #require(rules.first { $0.id == "choice-truncation" })
        let hint = try #require(rules.first { $0.id == "hint-truncation" })
        let reviewSetting = try #require(configuration.setting(for: review))
        #expect(reviewSetting.severity == .error)
        #expect(reviewSetting.options.values["larger-sizes"] == .string("warning"))
        let choiceSetting = try #require(configuration.setting(for: choice))
        #expect(choiceSetting.severity == .warning)
        #expect(choiceSetting.options.values["larger-sizes"] == .string("off"))
        #expect(configuration.setting(for: hint)?.options.values["larger-sizes"] == .string("info"))
        do {
            _ = try parse("rules:\n  hint-truncation: {larger-sizes: loud}\n")
            Issue.record("accepted larger-sizes: loud")
        } catch {
            #expect(error.message == "option 'larger-sizes' takes one of error, warning, info, off, not a string")
            #expect(error.range.start == SourceMark(line: 2, column: 35))
        }
    }

    @Test func everyKeyIsRead() throws {
        let layout = try parse("""
            layout:
              tracking: 0
              devices: [375, iPhone 16 Pro]
              supported-sizes: xsmall...ax5
              profiles:
                review:
                  max-lines: 2
                  sizes: [large, xlarge]
                  insets: [20, 8]
                  reserve:
                    - {name: badge, width: 30, scales-with: caption1, up-to: xxxl, spacing: 4, when: image}
                hint:
                  style: footnote
            """).layout
        #expect(layout.tracking == .fixed(0))
        #expect(layout.devices.map(\.width) == [375, 402])
        #expect(layout.supportedSizes == SizeCategory.xSmall...SizeCategory.ax5)
        let review = try #require(layout.profiles["review"])
        #expect(review.maxLines == 2)
        #expect(review.style == .body)   // unchanged keys keep the default
        #expect(review.sizes == [.large, .xLarge])
        #expect(review.leadingInset == 20 && review.trailingInset == 8)
        #expect(review.reserves == [Reserve(name: "badge", width: 30, scalesWith: .caption1, upTo: .xxxLarge, spacing: 4, when: .image)])
        #expect(layout.profiles["hint"]?.style == .footnote)
        #expect(layout.profiles["choice"] == LayoutSettings.standard.profiles["choice"])
    }

    @Test func aFontIsResolvedAgainstTheConfigurationsFolderAndChecked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quizbank-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("bad.otf"))
        let path = folder.appendingPathComponent(".quizbank.yml").path
        do {
            _ = try Configuration.parse(Array("layout:\n  font: bad.otf\n".utf8), path: path, rules: RuleRegistry.descriptions)
            Issue.record("accepted a file that is not a font")
        } catch {
            #expect(error.message.hasPrefix("cannot use font 'bad.otf': "))
            #expect(error.range.start == SourceMark(line: 2, column: 9))
        }
        let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
        if FileManager.default.fileExists(atPath: inter) {
            let layout = try Configuration.parse(Array("layout:\n  font: \(inter)\n".utf8), path: path, rules: RuleRegistry.descriptions).layout
            #expect(layout.fontPath == inter)
            #expect(layout.fontChoice(environment: [:]).widthScale == 1)
        }
    }

    @Test(arguments: [
        ("layout:\n  fnt: x.otf\n", 2, 3, "unknown key 'layout.fnt'; did you mean 'font'?"),
        ("layout:\n  profiles:\n    reveiw: {max-lines: 2}\n", 3, 5, "unknown profile 'reveiw'; did you mean 'review'? (profiles: review, choice, hint)"),
        ("layout:\n  profiles:\n    review: {max-line: 2}\n", 3, 14, "profile 'review' has no key 'max-line'; did you mean 'max-lines'? (keys: style, max-lines, sizes, insets, reserve)"),
        ("layout:\n  profiles:\n    review: {max-lines: two}\n", 3, 25, "`max-lines` takes a whole number in 1...100, not a string"),
        ("layout:\n  profiles:\n    review: {style: bodyy}\n", 3, 21, "unknown text style 'bodyy'; did you mean 'body'? (styles: large-title, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2)"),
        ("layout:\n  profiles:\n    review: {sizes: large...axx2}\n", 3, 21, "unknown size 'axx2'; did you mean 'ax2'? (sizes: xsmall, small, medium, large, xlarge, xxlarge, xxxlarge, ax1, ax2, ax3, ax4, ax5)"),
        ("layout:\n  supported-sizes: ax2...large\n", 2, 20, "`supported-sizes` goes from the smaller size to the larger (large...ax2)"),
        ("layout:\n  profiles:\n    review: {insets: [1, 2, 3]}\n", 3, 22, "`insets` is one number (each side) or [leading, trailing]"),
        ("layout:\n  profiles:\n    review:\n      reserve:\n        - {name: icon, spacing: 8}\n", 5, 11, "a `reserve` entry needs a `width` in points"),
        ("layout:\n  devices: [Pixel 8]\n", 2, 13, "unknown device 'Pixel 8' (a width in points such as 320, or an iPhone model such as 'iPhone 13 mini')"),
        ("layout:\n  tracking: loose\n", 2, 13, "`tracking` is system (the HIG table) or a number of em between -1 and 1, not a string"),
        ("layout: [a]\n", 1, 9, "`layout` must be a mapping (keys: font, tracking, devices, supported-sizes, profiles)"),
    ])
    func errorsNameThePlace(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.message == message)
            #expect(error.range.start == SourceMark(line: line, column: column))
        }
    }

    @Test func jsonFindingsCarryTheMeasure() throws {
        let measure = Finding.Measure(
            profile: "review", locale: "en", style: "body", maxLines: 3, deviceName: "iPhone SE (1st generation)", deviceWidth: 320,
            sizes: [.init(size: "large", points: 17, width: 192, lines: 3), .init(size: "xxxlarge", points: 23, width: 173.125, lines: 4)],
            font: "Inter-Regular.otf")
        let finding = Finding(ruleID: "review-truncation", severity: .warning, message: "needs 4 lines at xxxLarge on 320 pt (review shows 3)",
                              path: "b.yaml", range: SourceRange(start: SourceMark(line: 7, column: 11), end: SourceMark(line: 7, column: 20)),
                              measure: measure)
        let output = JSONReporter(toolVersion: "0").report([finding], bankCount: 1, rules: RuleRegistry.descriptions)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let object = try #require(findings.first?["measure"] as? [String: Any])
        #expect(object["profile"] as? String == "review")
        #expect(object["maxLines"] as? Int == 3)
        #expect((object["device"] as? [String: Any])?["width"] as? Int == 320)
        let sizes = try #require(object["sizes"] as? [[String: Any]])
        #expect(sizes.map { $0["lines"] as? Int } == [3, 4])
        #expect(output.contains("\"width\": 173.13"))
        // `measure` comes after `suggestion`'s place, last in the finding.
        let keys = output.components(separatedBy: "\n").filter { $0.hasPrefix("      \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys.last == "measure")
    }
}

import Foundation
import QuizBank
import QuizLayout
import QuizYAML
import Testing
@testable import QuizPreview

/// The renderer's pages, built from small banks measured with the built-in widths (no font
/// file, the same on every machine).
@Suite struct PreviewRendererTests {
    static let longText = "A driver who approaches an intersection with a flashing yellow signal, while a pedestrian waits at the corner and a cyclist comes up on the right, must do what before going on?"

    static let bank = """
        quizbank: 1
        id: signs
        title: {en: Signs & <Signals>, pt-BR: Placas}
        locale: en
        locales: [en, pt-BR]
        questions:
          - id: stop
            image: stop.png
            image-alt: {en: A red "octagon" & a <stop> sign, pt-BR: Uma placa vermelha}
            text: {en: "What does <b>this</b> & 'that' mean?", pt-BR: O que significa esta placa?}
            choices:
              - text: {en: Stop, pt-BR: Pare}
              - text: {en: Go, pt-BR: Siga}
                correct: true
            hints:
              - {en: Look at the shape., pt-BR: Veja a forma.}
          - id: long
            text: \(longText)
            answer: false
        """

    static func site(findings: [Finding] = [], images: [String: PreviewImage] = [:]) throws -> (PreviewSite, Bank) {
        let decoded = BankDecoder().decode(Array(bank.utf8), path: "signs.yaml")
        let bank = try #require(decoded.bank, "\(decoded.findings.map(\.message))")
        let preview = PreviewBuilder.bank(bank, path: "signs.yaml", findings: findings, settings: .standard, measurer: TextMeasurer(),
                                          font: nil, images: images)
        return (PreviewSite(banks: [preview], fonts: []), bank)
    }

    static func file(_ files: [PreviewFile], _ name: String) throws -> String {
        try #require(files.first { $0.name == name }, "no \(name) in \(files.map(\.name))").text
    }

    @Test func writesAnIndexAssetsAndAPagePerQuestionAndLocale() throws {
        let files = PreviewRenderer.render(try Self.site().0)
        #expect(Set(files.map(\.name)) == ["index.html", "preview.css", "preview.js", "signs.stop.en.html", "signs.stop.pt-BR.html",
                                           "signs.long.en.html", "signs.long.pt-BR.html"])
        let index = try Self.file(files, "index.html")
        #expect(index.contains("href=\"signs.stop.en.html\""))
        #expect(index.contains("<script src=\"preview.js\"></script>"))
        // Nothing the site loads is outside it.
        for file in files { #expect(!file.text.contains("http://") && !file.text.contains("https://"), "\(file.name)") }
    }

    @Test func escapesWhatTheBankWrites() throws {
        let files = PreviewRenderer.render(try Self.site(images: ["stop.png": PreviewImage(sitePath: "images/signs/stop.png", width: 4, height: 3)]).0)
        let page = try Self.file(files, "signs.stop.en.html")
        #expect(!page.contains("<b>this</b>"))
        #expect(page.contains("&lt;b&gt;this&lt;/b&gt;"))
        #expect(page.contains("&amp; &#39;that&#39;"))
        #expect(page.contains("alt=\"A red &quot;octagon&quot; &amp; a &lt;stop&gt; sign\""))
        let index = try Self.file(files, "index.html")
        #expect(index.contains("Signs &amp; &lt;Signals&gt;"))
        #expect(!index.contains("<Signals>"))
    }

    @Test func eachLocaleHasItsPageAndASwitch() throws {
        let files = PreviewRenderer.render(try Self.site().0)
        let portuguese = try Self.file(files, "signs.stop.pt-BR.html")
        #expect(portuguese.contains("lang=\"pt-BR\""))
        #expect(portuguese.contains("O que significa esta placa?".split(separator: " ").first!))
        #expect(portuguese.contains("Pare") && portuguese.contains("Siga") && portuguese.contains("Veja a forma."))
        #expect(!portuguese.contains("What does"))
        #expect(portuguese.contains("<a aria-current=\"page\" href=\"signs.stop.pt-BR.html\""))
        #expect(portuguese.contains("<a href=\"signs.stop.en.html\" hreflang=\"en\""))
    }

    @Test func imagesKeepTheirAspectAndAlt() throws {
        let files = PreviewRenderer.render(try Self.site(images: ["stop.png": PreviewImage(sitePath: "images/signs/a #1.png", width: 640, height: 480)]).0)
        let page = try Self.file(files, "signs.stop.en.html")
        #expect(page.contains("<img src=\"images/signs/a%20%231.png\" width=\"640\" height=\"480\""))
        #expect(page.contains("aspect-ratio:640/480"))
        // An image the command could not read: its alt text in a box, named as an image.
        let missing = try Self.file(PreviewRenderer.render(try Self.site().0), "signs.stop.en.html")
        #expect(!missing.contains("<img"))
        #expect(missing.contains("role=\"img\" aria-label=\"A red &quot;octagon&quot; &amp; a &lt;stop&gt; sign\""))
    }

    @Test func theIndexRowsCarryWhatTheFiltersNeed() throws {
        let (_, bank) = try Self.site()
        let inside = bank.questions[0].range.start
        let finding = Finding(ruleID: "stem-clue", severity: .warning, message: "a <clue>", path: "signs.yaml",
                              range: SourceRange(start: SourceMark(line: Int(inside.line) + 1, column: 5), end: SourceMark(line: Int(inside.line) + 1, column: 9)))
        let header = Finding(ruleID: "bank-description", severity: .info, message: "no description", path: "signs.yaml",
                             range: SourceRange(start: SourceMark(line: 2, column: 1), end: SourceMark(line: 2, column: 3)))
        let (site, _) = try Self.site(findings: [finding, header])
        #expect(site.banks[0].questions[0].findings == [finding])
        #expect(site.banks[0].findings == [header])
        let index = try Self.file(PreviewRenderer.render(site), "index.html")
        #expect(index.contains("<tr data-findings=\"1\" data-rules=\"stem-clue\" data-sizes=\"\">"))
        // The long text is cut at Large and xxxLarge with built-in widths on the 320 pt default.
        #expect(index.contains("<tr data-findings=\"0\" data-rules=\"\" data-sizes=\"large xxxlarge\">"))
        #expect(index.contains("<option value=\"stem-clue\">") && index.contains("<option value=\"bank-description\">"))
        #expect(index.contains("a &lt;clue&gt;"))
    }

    @Test func theLinesAreTheMeasuredOnesAndTheCutIsMarked() throws {
        let (site, _) = try Self.site()
        let measurer = TextMeasurer()
        let long = site.banks[0].questions[1].locales[0]
        for screens in long.screens {
            let review = screens.review
            let measured = measurer.measure(Self.longText, pointSize: review.pointSize, trackingEm: review.trackingEm, width: review.width)
            #expect(review.lineCount == measured.lineCount)
            #expect(review.lines.count == measured.lineCount)
            #expect(review.lines.joined(separator: " ") == Self.longText)
            // Three lines below AX1, the whole text from AX1 (the review profile's sizes).
            #expect(review.shown == (screens.size < .ax1 ? 3 : measured.lineCount), "\(screens.size)")
        }
        let page = try Self.file(PreviewRenderer.render(site), "signs.long.en.html")
        let large = try #require(long.screens.first { $0.size == .large }?.review)
        #expect(page.contains("data-lines=\"\(large.lineCount)\" data-shown=\"3\""))
        let lastShown = large.lines[2].split(separator: " ").suffix(3).joined(separator: " ")
        #expect(page.contains("Cut after “\(lastShown)”: the app shows 3 of \(large.lineCount) lines"))
        #expect(page.components(separatedBy: "class=\"line cut-off\"").count - 1 >= large.lineCount - 3)
    }

    @Test func linesAreSplitAtTheMeasuredStartsWithoutTrailingSpaces() {
        #expect(PreviewBuilder.lines(of: "one two three", starts: [4, 8]) == ["one", "two", "three"])
        #expect(PreviewBuilder.lines(of: "a\n\nb", starts: [2, 3]) == ["a", "", "b"])
        #expect(PreviewBuilder.lines(of: "", starts: []) == [])
        #expect(PreviewBuilder.lines(of: "né e👩‍👩‍👧 x", starts: [6]) == ["né e👩‍👩‍👧", "x"])
    }

    @Test func fileNamesAreSafeAndDistinct() {
        #expect(PreviewNames.bankParts(["signs", "signs", "Bad/Id"]) == ["signs", "signs-2", "bank-3"])
        #expect(PreviewNames.image(bank: "signs", path: "./a/../b/stop.png") == "images/signs/b/stop.png")
        #expect(PreviewNames.image(bank: "signs", path: "..") == nil)
        #expect(PreviewNames.localePart("pt-BR") == "pt-BR")
        #expect(PreviewNames.localePart("x/y") == "x_y")
        #expect(PreviewNames.fonts(["/a/Inter.otf", "/b/Inter.otf"]) == ["Inter.otf", "2-Inter.otf"])
        #expect(HTML.escape("<&\"'>") == "&lt;&amp;&quot;&#39;&gt;")
    }
}

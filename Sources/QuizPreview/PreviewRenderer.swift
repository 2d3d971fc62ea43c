import QuizBank
import QuizLayout

/// A file of the site: its name (relative to the output folder) and its text.
public struct PreviewFile: Sendable, Equatable {
    public var name: String
    public var text: String
}

/// Turns a measured site into its pages: pure functions of the model, nothing read or
/// measured here. Every measured line is a block of its own that does not wrap, so the browser
/// breaks the text where quizbank did; each text block carries what was measured
/// (`data-lines`, `data-shown`, `data-width`), which the browser test compares with what the
/// page shows.
public enum PreviewRenderer {
    public static func render(_ site: PreviewSite) -> [PreviewFile] {
        let parts = PreviewNames.bankParts(site.banks.map(\.id))
        var files = [PreviewFile(name: PreviewNames.index, text: index(site, parts: parts)),
                     PreviewFile(name: PreviewNames.styleSheet, text: PreviewAssets.styleSheet + fontFaces(site.fonts)),
                     PreviewFile(name: PreviewNames.script, text: PreviewAssets.script)]
        for (bank, part) in zip(site.banks, parts) {
            for (position, question) in bank.questions.enumerated() {
                for (localeIndex, locale) in bank.locales.enumerated() {
                    let neighbours = (previous: position > 0 ? PreviewNames.page(bank: part, question: bank.questions[position - 1], locale: locale) : nil,
                                      next: position + 1 < bank.questions.count ? PreviewNames.page(bank: part, question: bank.questions[position + 1], locale: locale) : nil)
                    files.append(PreviewFile(name: PreviewNames.page(bank: part, question: question, locale: locale),
                                             text: page(question, localeIndex: localeIndex, bank: bank, part: part, fonts: site.fonts, neighbours: neighbours)))
                }
            }
        }
        return files
    }

    // MARK: The index

    static func index(_ site: PreviewSite, parts: [String]) -> String {
        let questionCount = site.banks.reduce(0) { $0 + $1.questions.count }
        let findings = site.banks.flatMap { $0.findings + $0.questions.flatMap(\.findings) }
        let rules = Set(findings.map(\.ruleID)).sorted()
        var out = head(title: "quizbank preview", locale: "en")
        out += "<header class=\"site\"><p class=\"brand\">quizbank preview</p></header>\n<main id=\"main\">\n<h1>Banks and questions</h1>\n"
        out += "<p>\(site.banks.count) bank\(plural(site.banks.count)), \(questionCount) question\(plural(questionCount)), \(findings.count) finding\(plural(findings.count)). "
        out += "Each question opens on its screens at Large, xxxLarge and AX2, with the lines quizbank measured.</p>\n"
        // The filters work through the page's script; without it the form stays hidden and
        // every question is listed.
        out += "<form class=\"filters\" id=\"filters\" hidden aria-label=\"Filter the questions\">\n"
        out += "<label><input type=\"checkbox\" id=\"filter-findings\"> Only questions with findings</label>\n"
        out += "<label>Rule <select id=\"filter-rule\"><option value=\"\">any rule</option>"
        for rule in rules { out += "<option value=\"\(HTML.escape(rule))\">\(HTML.escape(rule))</option>" }
        out += "</select></label>\n<label>Cut at <select id=\"filter-size\"><option value=\"\">any size</option>"
        for size in PreviewSizes.frames { out += "<option value=\"\(size.name)\">\(size.displayName)</option>" }
        out += "</select></label>\n<output id=\"filter-count\" aria-live=\"polite\"></output>\n</form>\n"
        for (bankIndex, (bank, part)) in zip(site.banks, parts).enumerated() {
            let heading = "bank-\(bankIndex + 1)"
            out += "<section class=\"bank\" aria-labelledby=\"\(heading)\">\n<h2 id=\"\(heading)\">\(HTML.escape(bank.titles.first ?? bank.id)) <span class=\"path\">\(HTML.escape(bank.path))</span></h2>\n"
            out += "<p>\(bank.questions.count) question\(plural(bank.questions.count)); locales \(bank.locales.map(HTML.escape).joined(separator: ", ")); "
            out += "frames \(HTML.number(bank.device.width)) pt wide (\(HTML.escape(bank.device.name))); \(fontNote(bank, fonts: site.fonts)).</p>\n"
            if !bank.findings.isEmpty { out += findingList(bank.findings) }
            out += "<table class=\"questions\">\n<caption>Questions of \(HTML.escape(bank.titles.first ?? bank.id))</caption>\n"
            out += "<thead><tr><th scope=\"col\">#</th><th scope=\"col\">Question</th><th scope=\"col\">Text</th><th scope=\"col\">Findings</th><th scope=\"col\">Cut at</th></tr></thead>\n<tbody>\n"
            for question in bank.questions {
                let cut = question.cutSizes
                out += "<tr data-findings=\"\(question.findings.count)\" data-rules=\"\(HTML.escape(Set(question.findings.map(\.ruleID)).sorted().joined(separator: " ")))\" data-sizes=\"\(cut.map(\.name).joined(separator: " "))\">"
                out += "<td>\(question.number)</td>"
                out += "<th scope=\"row\"><a href=\"\(HTML.url(PreviewNames.page(bank: part, question: question, locale: bank.locales[0])))\">\(HTML.escape(question.id))</a></th>"
                out += "<td lang=\"\(HTML.escape(bank.locales[0]))\">\(HTML.escape(question.locales.first?.text ?? ""))</td>"
                out += "<td>" + (question.findings.isEmpty ? "none" : findingList(question.findings)) + "</td>"
                out += "<td>\(cut.isEmpty ? "none" : cut.map(\.displayName).joined(separator: ", "))</td></tr>\n"
            }
            out += "</tbody>\n</table>\n</section>\n"
        }
        out += "</main>\n" + tail()
        return out
    }

    // MARK: A question's page

    static func page(_ question: PreviewQuestion, localeIndex: Int, bank: PreviewBank, part: String, fonts: [PreviewFont],
                     neighbours: (previous: String?, next: String?)) -> String {
        let locale = question.locales[localeIndex]
        let title = bank.titles[localeIndex]
        var out = head(title: "\(question.id) · \(bank.titles.first ?? bank.id) · quizbank preview", locale: "en")
        out += "<header class=\"site\"><nav aria-label=\"Breadcrumb\"><a href=\"\(PreviewNames.index)\">All banks</a> › \(HTML.escape(bank.titles.first ?? bank.id))</nav>\n"
        out += "<nav aria-label=\"Questions\" class=\"pager\">"
        out += neighbours.previous.map { "<a href=\"\(HTML.url($0))\" rel=\"prev\">Previous question</a>" } ?? ""
        out += neighbours.next.map { "<a href=\"\(HTML.url($0))\" rel=\"next\">Next question</a>" } ?? ""
        out += "</nav></header>\n<main id=\"main\">\n"
        out += "<h1>Question \(question.number): \(HTML.escape(question.id))</h1>\n"
        out += "<p class=\"meta\">\(HTML.escape(bank.path)):\(question.line) · \(question.kind.rawValue) · frames \(HTML.number(bank.device.width)) pt wide (\(HTML.escape(bank.device.name))) · \(fontNote(bank, fonts: fonts))</p>\n"
        if bank.locales.count > 1 {
            out += "<nav aria-label=\"Locale\" class=\"locales\"><span id=\"locale-label\">Locale:</span> "
            for (index, other) in bank.locales.enumerated() {
                let name = HTML.escape(other)
                if index == localeIndex {
                    out += "<a aria-current=\"page\" href=\"\(HTML.url(PreviewNames.page(bank: part, question: question, locale: other)))\" lang=\"\(name)\">\(name)</a> "
                } else {
                    out += "<a href=\"\(HTML.url(PreviewNames.page(bank: part, question: question, locale: other)))\" hreflang=\"\(name)\" lang=\"\(name)\">\(name)</a> "
                }
            }
            out += "</nav>\n"
        }
        out += "<section aria-labelledby=\"findings\"><h2 id=\"findings\">Findings</h2>\n"
        out += question.findings.isEmpty ? "<p>No findings.</p>\n" : findingList(question.findings)
        out += "</section>\n"
        let scale = bank.font.map { fonts[$0].widthScale } ?? 1
        let family = bank.font.map { "qb-font-\($0)" }
        let frameStyle = "--s:\(HTML.number(scale));--device-width:\(HTML.number(bank.device.width));--device-height:\(HTML.number(deviceHeight(bank.device)))"
            + (family.map { ";--font:'\($0)'" } ?? "")
        let lang = HTML.escape(locale.locale)
        if !bank.layoutRulesOff.isEmpty {
            out += "<p class=\"note\">\(bank.layoutRulesOff.map { "<code>\(HTML.escape($0))</code>" }.joined(separator: ", ")) "
            out += "\(bank.layoutRulesOff.count == 1 ? "is" : "are") off in this bank's configuration: the cuts marked below are the screen profiles', and lint does not report them.</p>\n"
        }
        out += "<section class=\"screens\" aria-labelledby=\"question-screens\"><h2 id=\"question-screens\">Question screen</h2>\n"
        out += "<div class=\"frames\" style=\"\(frameStyle)\">\n"
        for screens in locale.screens {
            out += frame(screens, kind: "question", title: title, lang: lang) { questionScreen(screens, question: question, locale: locale, lang: lang) }
        }
        out += "</div>\n</section>\n"
        out += "<section class=\"screens\" aria-labelledby=\"review-screens\"><h2 id=\"review-screens\">Answer review</h2>\n"
        out += "<div class=\"frames\" style=\"\(frameStyle)\">\n"
        for screens in locale.screens {
            out += frame(screens, kind: "review", title: title, lang: lang) { reviewScreen(screens, question: question, locale: locale, lang: lang) }
        }
        out += "</div>\n</section>\n</main>\n" + tail()
        return out
    }

    /// An iPhone-sized frame: a caption with the size and the enlarge button, a fixed bar at
    /// the top and the bottom, and the content between them, which scrolls.
    static func frame(_ screens: PreviewScreens, kind: String, title: String, lang: String, content: () -> String) -> String {
        let size = screens.size.displayName
        let shownAs = screens.displayed == screens.size ? "" : " (the app shows \(screens.displayed.displayName))"
        let screenName = kind == "review" ? "Answer review" : "Question"
        var out = "<figure class=\"frame\" data-size=\"\(screens.size.name)\">\n"
        out += "<figcaption><span>\(size)\(shownAs)</span> <button type=\"button\" class=\"enlarge\" aria-pressed=\"false\">Enlarge<span class=\"visually-hidden\"> the \(size) frame</span></button></figcaption>\n"
        out += "<div class=\"phone\">\n<div class=\"bar top\" lang=\"\(lang)\">\(kind == "review" ? "Review" : HTML.escape(title))</div>\n"
        out += "<div class=\"content\" tabindex=\"0\" role=\"region\" aria-label=\"\(screenName) at \(size), scrolls\">\n" + content() + "</div>\n"
        out += "<div class=\"bar bottom\"><span class=\"app-button\">\(kind == "review" ? "Done" : "Check answer")</span></div>\n</div>\n</figure>\n"
        return out
    }

    static func questionScreen(_ screens: PreviewScreens, question: PreviewQuestion, locale: PreviewLocale, lang: String) -> String {
        var out = ""
        if let name = question.imageName {
            out += "<div class=\"question-image\" style=\"\(insets(screens.reviewInsets))\">" + image(question.image, name: name, alt: locale.imageAlt) + "</div>\n"
        }
        out += "<div class=\"row\" style=\"\(insets(screens.reviewInsets))\">" + text(screens.question, lang: lang, role: "question") + "</div>\n"
        if question.kind == .trueFalse {
            out += "<ul class=\"choices\" role=\"list\"><li class=\"choice static\">True</li><li class=\"choice static\">False</li></ul>\n"
        } else {
            out += "<ul class=\"choices\" role=\"list\">\n"
            for choice in screens.choices {
                out += "<li class=\"choice\" style=\"\(insets(screens.choiceInsets))\">" + reserves(screens.choiceReserves, image: nil)
                out += text(choice.text, lang: lang, role: "choice") + (choice.correct ? "<span class=\"visually-hidden\"> (correct)</span>" : "") + "</li>\n"
            }
            out += "</ul>\n"
        }
        for hint in screens.hints {
            out += "<div class=\"hint row\" style=\"\(insets(screens.hintInsets))\">" + reserves(screens.hintReserves, image: nil) + text(hint, lang: lang, role: "hint") + "</div>\n"
        }
        return out
    }

    static func reviewScreen(_ screens: PreviewScreens, question: PreviewQuestion, locale: PreviewLocale, lang: String) -> String {
        let leading = screens.reviewReserves.filter { !$0.isImage }, trailing = screens.reviewReserves.filter(\.isImage)
        var out = "<div class=\"review-cell row\" style=\"\(insets(screens.reviewInsets))\">" + reserves(leading, image: nil)
        out += text(screens.review, lang: lang, role: "review")
        if let name = question.imageName {
            out += reserves(trailing, image: image(question.image, name: name, alt: locale.imageAlt))
        }
        out += "</div>\n"
        return out
    }

    /// The boxes beside a text (icons; the thumbnail holds the image), each as wide as measured.
    static func reserves(_ reserves: [MeasuredReserve], image: String?) -> String {
        reserves.map { reserve in
            let style = "width:\(HTML.number(reserve.width))px;margin-inline-end:\(HTML.number(reserve.spacing))px"
            if reserve.isImage, let image {
                return "<span class=\"reserve thumbnail\" style=\"\(style);margin-inline-end:0;margin-inline-start:\(HTML.number(reserve.spacing))px\">\(image)</span>"
            }
            return "<span class=\"reserve\" style=\"\(style)\" aria-hidden=\"true\" title=\"\(HTML.escape(reserve.name))\"></span>"
        }.joined()
    }

    static func image(_ image: PreviewImage?, name: String, alt: String?) -> String {
        let altText = HTML.escape(alt ?? "")
        guard let image else {
            return "<span class=\"missing-image\" role=\"img\" aria-label=\"\(altText)\">image \(HTML.escape(name)) could not be read</span>"
        }
        return "<img src=\"\(HTML.url(image.sitePath))\" width=\"\(image.width)\" height=\"\(image.height)\" alt=\"\(altText)\" "
            + "style=\"aspect-ratio:\(image.width)/\(image.height)\">"
    }

    /// A measured text: each line a block that does not wrap; after the last line the app
    /// shows, a mark naming the cut, and the lines it cuts off, dimmed.
    static func text(_ measured: MeasuredText, lang: String, role: String) -> String {
        var out = "<div class=\"text \(role)-text\" lang=\"\(lang)\" data-lines=\"\(measured.lineCount)\" data-shown=\"\(measured.shown)\" "
        out += "data-width=\"\(HTML.number(measured.width))\" style=\"--pt:\(HTML.number(measured.pointSize));--lead:\(HTML.number(measured.leading));"
        out += "--w:\(HTML.number(measured.width));--tr:\(HTML.number(measured.trackingEm))\">"
        for (index, line) in measured.lines.enumerated() {
            if index == measured.shown {
                let words = measured.lines[index - 1].split(separator: " ").suffix(3).joined(separator: " ")
                out += "<span class=\"cut-mark\" role=\"note\">Cut after “\(HTML.escape(words))”: the app shows \(measured.shown) of \(measured.lineCount) lines</span>"
            }
            // An empty line (two line feeds in a row) still takes a line.
            out += "<span class=\"line\(index >= measured.shown ? " cut-off" : "")\">\(line.isEmpty ? "\u{00A0}" : HTML.escape(line))</span>"
        }
        out += "</div>"
        return out
    }

    static func findingList(_ findings: [Finding]) -> String {
        var out = "<ul class=\"findings\">"
        for finding in findings {
            out += "<li class=\"\(finding.severity.rawValue)\"><span class=\"severity\">\(finding.severity.rawValue)</span> "
            out += "<code>\(HTML.escape(finding.ruleID))</code> \(HTML.escape(finding.message)) "
            out += "<span class=\"place\">\(HTML.escape(finding.path)):\(finding.range.start.line):\(finding.range.start.column)</span></li>"
        }
        return out + "</ul>\n"
    }

    // MARK: Pieces

    static func head(title: String, locale: String) -> String {
        """
        <!doctype html>
        <html lang="\(HTML.escape(locale))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <link rel="stylesheet" href="\(PreviewNames.styleSheet)">
        </head>
        <body>
        <a class="skip" href="#main">Skip to the content</a>

        """
    }

    static func tail() -> String {
        "<script src=\"\(PreviewNames.script)\"></script>\n</body>\n</html>\n"
    }

    static func fontFaces(_ fonts: [PreviewFont]) -> String {
        fonts.enumerated().map { index, font in
            "@font-face { font-family: \"qb-font-\(index)\"; src: url(\"fonts/\(HTML.url(font.fileName))\"); font-display: block; }\n"
        }.joined()
    }

    static func fontNote(_ bank: PreviewBank, fonts: [PreviewFont]) -> String {
        guard let index = bank.font else { return "measured with built-in approximate widths (no font file): the lines are quizbank's, the glyphs the browser's" }
        let font = fonts[index]
        let name = HTML.escape(font.fileName)
        return font.widthScale == 1 ? "font \(name)" : "font \(name), narrowed to \(HTML.number(font.widthScale)) of its width as measured"
    }

    static func insets(_ insets: (leading: Double, trailing: Double)) -> String {
        "padding-inline:\(HTML.number(insets.leading))px \(HTML.number(insets.trailing))px"
    }

    /// A frame's height: the device's, or a 19.5:9 screen's for a width without a model.
    static func deviceHeight(_ device: Device) -> Double {
        device.height > 0 ? device.height : (device.width * 19.5 / 9).rounded()
    }

    static func plural(_ count: Int) -> String { count == 1 ? "" : "s" }
}

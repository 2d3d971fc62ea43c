import QuizBank
import QuizLayout

/// Measures a bank's texts for the preview with the measurer and settings lint uses, through
/// `QuizLayout`'s public API only (`PreparedText.layout` gives the line starts), so that the
/// pages show the lines lint counted.
public enum PreviewBuilder {
    /// A bank's questions, each text measured in each locale at each frame size on the
    /// narrowest configured device; `findings` are the bank's (any order), `images` the
    /// question images the site holds, by the path the bank writes.
    public static func bank(_ bank: Bank, path: String, findings: [Finding], settings: LayoutSettings, measurer: TextMeasurer,
                            font: Int?, images: [String: PreviewImage]) -> PreviewBank {
        let device = settings.devices.min(by: { $0.width < $1.width }) ?? Devices.widths[0]
        let locales = bank.header.outputLocales
        let source = bank.locale.value
        var byQuestion = [[Finding]](repeating: [], count: bank.questions.count)
        var outside: [Finding] = []
        for finding in findings {
            if let index = questionIndex(containing: finding, in: bank.questions) {
                byQuestion[index].append(finding)
            } else {
                outside.append(finding)
            }
        }
        let measure = Measure(settings: settings, screenWidth: device.width)
        let questions = bank.questions.enumerated().map { index, question in
            let hasImage = question.image != nil
            let previewLocales = locales.map { locale -> PreviewLocale in
                func text(_ localized: LocalizedText) -> String {
                    TextNormalizer.normalize(localized.resolved(for: locale, sourceLocale: source))
                }
                let questionText = text(question.text)
                // Each text split and shaped once, then laid out at every size.
                let prepared = Prepared(questionText, measurer)
                let choices = question.choices.map { (Prepared(text($0.text), measurer), $0.correct) }
                let hints = question.hints.map { Prepared(text($0), measurer) }
                let screens = PreviewSizes.frames.map { size in
                    measure.screens(size: size, question: prepared, choices: choices, hints: hints, hasImage: hasImage)
                }
                return PreviewLocale(locale: locale, text: questionText, imageAlt: question.imageAlt.map(text), screens: screens)
            }
            return PreviewQuestion(id: question.id.value, number: index + 1, line: Int(question.range.start.line), kind: question.kind,
                                   image: question.image.flatMap { images[$0.value] }, imageName: question.image?.value,
                                   findings: byQuestion[index], locales: previewLocales)
        }
        return PreviewBank(path: path, id: bank.id.value, titles: locales.map { bank.title.resolved(for: $0, sourceLocale: source) },
                           locales: locales, device: device, font: font, questions: questions, findings: outside)
    }

    /// The question whose source range holds the finding's start (questions are in source order).
    static func questionIndex(containing finding: Finding, in questions: QuestionList) -> Int? {
        var low = 0, high = questions.count
        while low < high {
            let middle = (low + high) / 2
            if questions.range(at: middle).start <= finding.range.start { low = middle + 1 } else { high = middle }
        }
        guard low > 0, finding.range.start <= questions.range(at: low - 1).end else { return nil }
        return low - 1
    }

    /// The lines of `text` from the character offsets where lines 2... start; each line
    /// without its trailing spaces and line feeds.
    public static func lines(of text: String, starts: [Int]) -> [String] {
        guard !text.isEmpty else { return [] }
        let characters = Array(text)
        var lines: [String] = []
        var start = 0
        for end in starts + [characters.count] {
            var line = characters[start..<max(start, end)]
            while let last = line.last, last == " " || last == "\n" || last == "\r\n" { line = line.dropLast() }
            lines.append(String(line))
            start = end
        }
        return lines
    }

    /// A text and its split, for laying it out at several sizes.
    struct Prepared {
        var text: String
        var prepared: PreparedText

        init(_ text: String, _ measurer: TextMeasurer) {
            self.text = text
            prepared = measurer.prepare(text)
        }
    }

    struct Measure {
        var settings: LayoutSettings
        var screenWidth: Double

        func profile(_ name: String) -> ScreenProfile {
            settings.profiles[name] ?? LayoutSettings.standardProfiles[name]
                ?? ScreenProfile(name: name, shownIn: name, style: .body, maxLines: 3, sizes: [], leadingInset: 16, trailingInset: 16, reserves: [])
        }

        func screens(size: SizeCategory, question: Prepared, choices: [(Prepared, correct: Bool)], hints: [Prepared],
                     hasImage: Bool) -> PreviewScreens {
            let displayed = settings.displayedSize(size)
            let review = profile("review"), choice = profile("choice"), hint = profile("hint")
            // The question screen shows the whole question text at the review row's style and
            // insets, with nothing beside it.
            let screenText = ScreenProfile(name: "question", shownIn: "question", style: review.style, maxLines: Int.max, sizes: [],
                                           leadingInset: review.leadingInset, trailingInset: review.trailingInset, reserves: [])
            return PreviewScreens(
                size: size, displayed: displayed,
                question: measure(question, screenText, displayed, hasImage: hasImage),
                choices: choices.map { MeasuredChoice(text: measure($0.0, choice, displayed, hasImage: hasImage), correct: $0.correct) },
                hints: hints.map { measure($0, hint, displayed, hasImage: hasImage) },
                review: measure(question, review, displayed, hasImage: hasImage),
                reviewReserves: reserves(review, displayed, hasImage: hasImage),
                reviewInsets: (review.leadingInset, review.trailingInset),
                choiceInsets: (choice.leadingInset, choice.trailingInset), choiceReserves: reserves(choice, displayed, hasImage: hasImage),
                hintInsets: (hint.leadingInset, hint.trailingInset), hintReserves: reserves(hint, displayed, hasImage: hasImage))
        }

        func measure(_ text: Prepared, _ profile: ScreenProfile, _ displayed: SizeCategory, hasImage: Bool) -> MeasuredText {
            let points = DynamicTypeTable.pointSize(profile.style, displayed)
            let tracking = settings.trackingEm(atPoints: points)
            let width = profile.textWidth(screenWidth: screenWidth, size: displayed, hasImage: hasImage)
            let layout = text.prepared.layout(pointSize: points, trackingEm: tracking, width: width)
            let lines = PreviewBuilder.lines(of: text.text, starts: layout.lineStarts)
            let limited = LayoutCheck.displayedSizes(profile, settings: settings).contains(displayed)
            return MeasuredText(lines: lines, lineCount: layout.lineCount, shown: limited ? min(layout.lineCount, profile.maxLines) : layout.lineCount, pointSize: points,
                                trackingEm: tracking, width: width, leading: DynamicTypeTable.leading(profile.style, displayed))
        }

        func reserves(_ profile: ScreenProfile, _ size: SizeCategory, hasImage: Bool) -> [MeasuredReserve] {
            profile.reserves.filter { $0.when == .always || hasImage }.map {
                MeasuredReserve(name: $0.name, width: $0.taken(at: size) - $0.spacing, spacing: $0.spacing, isImage: $0.when == .image)
            }
        }
    }
}

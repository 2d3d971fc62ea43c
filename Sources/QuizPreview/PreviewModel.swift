import QuizBank
import QuizLayout

/// What the preview shows, measured: every text as the lines quizbank broke it into, at each
/// size of the frames, on the device width of the bank's configuration. `PreviewBuilder` makes
/// it from banks, findings and a measurer; `PreviewRenderer` turns it into files.
public struct PreviewSite: Sendable {
    public var banks: [PreviewBank]
    /// The font files the pages load, one per distinct font the banks were measured with.
    public var fonts: [PreviewFont]

    public init(banks: [PreviewBank], fonts: [PreviewFont]) {
        self.banks = banks
        self.fonts = fonts
    }
}

/// A font file the measure used, copied into the site at `fileName`.
public struct PreviewFont: Sendable, Equatable {
    /// The file's name in the site's `fonts/` folder.
    public var fileName: String
    /// What the measure multiplies the font's advances by (`TextMeasurer.Source`): the page
    /// narrows each line by as much, so that it is as wide as measured.
    public var widthScale: Double
    /// Where the measure read it, from which the command copies it.
    public var sourcePath: String

    public init(fileName: String, widthScale: Double, sourcePath: String) {
        self.fileName = fileName
        self.widthScale = widthScale
        self.sourcePath = sourcePath
    }
}

/// The Dynamic Type sizes the frames show, in order.
public enum PreviewSizes {
    public static let frames: [SizeCategory] = [.large, .xxxLarge, .ax2]
}

public struct PreviewBank: Sendable {
    public var path: String
    public var id: String
    /// The title in each locale of `locales`.
    public var titles: [String]
    /// The source locale first, then the other declared locales.
    public var locales: [String]
    /// The device whose width the frames have (the narrowest of the configuration's).
    public var device: Device
    /// Index in `PreviewSite.fonts`; nil: measured with built-in widths (no font file).
    public var font: Int?
    public var questions: [PreviewQuestion]
    /// Findings of the bank outside every question.
    public var findings: [Finding]
    /// The layout rules the bank's configuration turns off: the pages still mark where the
    /// screen profiles cut a text, and say that lint does not report it.
    public var layoutRulesOff: [String] = []

    public init(path: String, id: String, titles: [String], locales: [String], device: Device, font: Int?,
                questions: [PreviewQuestion], findings: [Finding]) {
        self.path = path
        self.id = id
        self.titles = titles
        self.locales = locales
        self.device = device
        self.font = font
        self.questions = questions
        self.findings = findings
    }
}

/// An image as the site has it: its path in the site and its pixel size (nil when the file
/// could not be read; the page then shows the alt text in a box).
public struct PreviewImage: Sendable, Equatable {
    public var sitePath: String
    public var width: Int
    public var height: Int

    public init(sitePath: String, width: Int, height: Int) {
        self.sitePath = sitePath
        self.width = width
        self.height = height
    }
}

public struct PreviewQuestion: Sendable {
    public var id: String
    /// 1-based position in the bank.
    public var number: Int
    public var line: Int
    public var kind: QuestionKind
    public var image: PreviewImage?
    /// The image path as the bank writes it (also when the file could not be read).
    public var imageName: String?
    /// Findings whose place is inside the question.
    public var findings: [Finding]
    /// One entry per locale of the bank, in `PreviewBank.locales` order.
    public var locales: [PreviewLocale]

    public init(id: String, number: Int, line: Int, kind: QuestionKind, image: PreviewImage?, imageName: String?,
                findings: [Finding], locales: [PreviewLocale]) {
        self.id = id
        self.number = number
        self.line = line
        self.kind = kind
        self.image = image
        self.imageName = imageName
        self.findings = findings
        self.locales = locales
    }

    /// The sizes at which some text of the question is cut, in any locale.
    public var cutSizes: [SizeCategory] {
        PreviewSizes.frames.filter { size in locales.contains { $0.screens.contains { $0.size == size && $0.isCut } } }
    }
}

/// The question's texts in one locale, at every frame size.
public struct PreviewLocale: Sendable {
    public var locale: String
    public var text: String
    public var imageAlt: String?
    public var screens: [PreviewScreens]

    public init(locale: String, text: String, imageAlt: String?, screens: [PreviewScreens]) {
        self.locale = locale
        self.text = text
        self.imageAlt = imageAlt
        self.screens = screens
    }
}

/// The question screen and the review cell at one size.
public struct PreviewScreens: Sendable {
    /// The size the user chose.
    public var size: SizeCategory
    /// The size the app shows it at (the nearest supported size).
    public var displayed: SizeCategory
    public var question: MeasuredText
    public var choices: [MeasuredChoice]
    public var hints: [MeasuredText]
    public var review: MeasuredText
    /// Reserves of the review row at this size (icons, thumbnail): name, width and spacing.
    public var reviewReserves: [MeasuredReserve]
    public var reviewInsets: (leading: Double, trailing: Double)
    public var choiceInsets: (leading: Double, trailing: Double)
    public var choiceReserves: [MeasuredReserve]
    public var hintInsets: (leading: Double, trailing: Double)
    public var hintReserves: [MeasuredReserve]

    public init(size: SizeCategory, displayed: SizeCategory, question: MeasuredText, choices: [MeasuredChoice], hints: [MeasuredText],
                review: MeasuredText, reviewReserves: [MeasuredReserve], reviewInsets: (leading: Double, trailing: Double),
                choiceInsets: (leading: Double, trailing: Double), choiceReserves: [MeasuredReserve],
                hintInsets: (leading: Double, trailing: Double), hintReserves: [MeasuredReserve]) {
        self.size = size
        self.displayed = displayed
        self.question = question
        self.choices = choices
        self.hints = hints
        self.review = review
        self.reviewReserves = reviewReserves
        self.reviewInsets = reviewInsets
        self.choiceInsets = choiceInsets
        self.choiceReserves = choiceReserves
        self.hintInsets = hintInsets
        self.hintReserves = hintReserves
    }

    /// Whether the app cuts any of these texts at this size.
    public var isCut: Bool {
        review.isCut || choices.contains { $0.text.isCut } || hints.contains { $0.isCut }
    }
}

public struct MeasuredChoice: Sendable {
    public var text: MeasuredText
    public var correct: Bool

    public init(text: MeasuredText, correct: Bool) {
        self.text = text
        self.correct = correct
    }
}

/// Something beside a text in its row, at one size: how wide it is and the gap after it.
public struct MeasuredReserve: Sendable, Equatable {
    public var name: String
    public var width: Double
    public var spacing: Double
    /// Whether it is the image's thumbnail (a reserve taken only when the question has one).
    public var isImage: Bool

    public init(name: String, width: Double, spacing: Double, isImage: Bool) {
        self.name = name
        self.width = width
        self.spacing = spacing
        self.isImage = isImage
    }
}

/// A text as quizbank measured it at one size and width: its lines, and how many of them the
/// app shows.
public struct MeasuredText: Sendable, Equatable {
    /// Each line's text, trailing spaces and line feeds left out.
    public var lines: [String]
    /// Lines the measure counted (`LineMeasure.lineCount`); the page writes it beside the lines.
    public var lineCount: Int
    /// Lines the app shows: all, or the profile's limit when the text needs more.
    public var shown: Int
    public var pointSize: Double
    public var trackingEm: Double
    /// The line's width in points.
    public var width: Double
    /// Line height in points (the style's leading at the size).
    public var leading: Double

    public init(lines: [String], lineCount: Int, shown: Int, pointSize: Double, trackingEm: Double, width: Double, leading: Double) {
        self.lines = lines
        self.lineCount = lineCount
        self.shown = shown
        self.pointSize = pointSize
        self.trackingEm = trackingEm
        self.width = width
        self.leading = leading
    }

    public var isCut: Bool { shown < lineCount }
}

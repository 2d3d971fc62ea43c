/// Something beside a text that takes part of the row's width: an icon, a thumbnail.
public struct Reserve: Sendable, Equatable {
    /// When it is there.
    public enum Condition: String, Sendable, CaseIterable {
        /// Always.
        case always
        /// Only when the question has an image.
        case image
    }

    public var name: String
    /// Its width in points at the Large size.
    public var width: Double
    /// The text style it grows with (UIFontMetrics scaling); nil: a fixed width.
    public var scalesWith: TextStyle?
    /// It stops growing at this size; nil: it grows at every size.
    public var upTo: SizeCategory?
    /// The gap between it and the text, in points (fixed).
    public var spacing: Double
    public var when: Condition

    public init(name: String, width: Double, scalesWith: TextStyle? = nil, upTo: SizeCategory? = nil, spacing: Double = 0,
                when: Condition = .always) {
        self.name = name
        self.width = width
        self.scalesWith = scalesWith
        self.upTo = upTo
        self.spacing = spacing
        self.when = when
    }

    /// Width plus spacing at a size.
    public func taken(at size: SizeCategory) -> Double {
        let capped = upTo.map { min(size, $0) } ?? size
        let scaled = scalesWith.map { DynamicTypeTable.scaled(width, by: $0, at: capped) } ?? width
        return scaled + spacing
    }
}

/// How one kind of text is shown on a screen: its style, how many lines it may take at which
/// sizes, and what else shares its row.
public struct ScreenProfile: Sendable, Equatable {
    public var name: String
    /// How messages name where the text is shown: `review` → "(review shows 3)".
    public var shownIn: String
    public var style: TextStyle
    /// Lines shown before the text is truncated.
    public var maxLines: Int
    /// The size categories (as the user sets them) at which the limit applies; at the others
    /// the whole text is shown.
    public var sizes: [SizeCategory]
    /// Leading and trailing insets of the row, in points.
    public var leadingInset: Double
    public var trailingInset: Double
    public var reserves: [Reserve]

    public init(name: String, shownIn: String, style: TextStyle, maxLines: Int, sizes: [SizeCategory],
                leadingInset: Double, trailingInset: Double, reserves: [Reserve]) {
        self.name = name
        self.shownIn = shownIn
        self.style = style
        self.maxLines = maxLines
        self.sizes = sizes
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
        self.reserves = reserves
    }

    /// The width left for the text on a screen `screenWidth` points wide at `size`.
    public func textWidth(screenWidth: Double, size: SizeCategory, hasImage: Bool) -> Double {
        var width = screenWidth - leadingInset - trailingInset
        for reserve in reserves where reserve.when == .always || (reserve.when == .image && hasImage) {
            width -= reserve.taken(at: size)
        }
        return width
    }
}

/// Everything the layout rules and `quizbank measure` need: the font, tracking, devices, the
/// sizes the app supports, and the screen profiles. `.quizbank.yml`'s `layout:` section sets
/// it; `LayoutSettings.standard` is the driving-test app's answer-review screen.
public struct LayoutSettings: Sendable, Equatable {
    public enum Tracking: Sendable, Equatable {
        /// The system font's size-specific tracking (`SystemTracking`, from the HIG).
        case system
        /// A fixed tracking in em at every size (0: none).
        case fixed(Double)
    }

    /// A font file (absolute path) to measure with exactly; nil: the default (Inter,
    /// calibrated, or built-in widths).
    public var fontPath: String?
    public var tracking: Tracking
    /// The screen widths checked, narrowest first.
    public var devices: [Device]
    /// The Dynamic Type sizes the app supports: a user setting outside them shows as the
    /// nearest one (SwiftUI's `.dynamicTypeSize(range)`, UIKit's minimum and maximum content
    /// size categories).
    public var supportedSizes: ClosedRange<SizeCategory>
    public var profiles: [String: ScreenProfile]

    public init(fontPath: String? = nil, tracking: Tracking = .system, devices: [Device] = [Devices.standard],
                supportedSizes: ClosedRange<SizeCategory> = SizeCategory.large...SizeCategory.ax2,
                profiles: [String: ScreenProfile] = LayoutSettings.standardProfiles) {
        self.fontPath = fontPath
        self.tracking = tracking
        self.devices = devices
        self.supportedSizes = supportedSizes
        self.profiles = profiles
    }

    public static let standard = LayoutSettings()

    /// The profile names the rules use.
    public static let profileNames = ["review", "choice", "hint"]

    /// The answer-review screen of the driving-test app and its question screen (see
    /// docs/layout.md for the drawing and where each number comes from).
    public static let standardProfiles: [String: ScreenProfile] = [
        "review": ScreenProfile(
            name: "review", shownIn: "review", style: .body, maxLines: 3,
            sizes: SizeCategory.through(.xSmall, .xxxLarge), leadingInset: 16, trailingInset: 16,
            reserves: [
                Reserve(name: "status-icon", width: 20, scalesWith: .body, spacing: 8),
                Reserve(name: "thumbnail", width: 56, scalesWith: .title2, upTo: .ax1, spacing: 12, when: .image),
            ]),
        "choice": ScreenProfile(
            name: "choice", shownIn: "answer buttons", style: .body, maxLines: 2,
            sizes: SizeCategory.through(.xSmall, .xxxLarge), leadingInset: 32, trailingInset: 32,
            reserves: [
                Reserve(name: "choice-marker", width: 20, scalesWith: .body, spacing: 8),
            ]),
        "hint": ScreenProfile(
            name: "hint", shownIn: "hint line", style: .subheadline, maxLines: 2,
            sizes: SizeCategory.through(.xSmall, .xxxLarge), leadingInset: 16, trailingInset: 16,
            reserves: [
                Reserve(name: "hint-icon", width: 17, scalesWith: .subheadline, spacing: 6),
            ]),
    ]

    /// Tracking in em at a point size.
    public func trackingEm(atPoints points: Double) -> Double {
        switch tracking {
        case .system: return SystemTracking.em(atPoints: points)
        case .fixed(let em): return em
        }
    }

    /// The size a user setting shows at, given the sizes the app supports.
    public func displayedSize(_ size: SizeCategory) -> SizeCategory {
        min(max(size, supportedSizes.lowerBound), supportedSizes.upperBound)
    }

    /// The size most readers see: Large, iOS's default text size, as the app shows it (the
    /// lowest supported size when the app supports none below it). A cut here is graded
    /// above a cut only at other sizes.
    public var defaultSize: SizeCategory { displayedSize(.large) }

    /// The font to measure with.
    public func fontChoice(environment: [String: String]? = nil) -> FontChoice {
        if let environment { return LayoutFonts.resolve(explicit: fontPath, environment: environment) }
        return LayoutFonts.resolve(explicit: fontPath)
    }
}

/// Lines of a text at one size, on one screen width.
public struct SizeMeasure: Sendable, Equatable {
    public var size: SizeCategory
    public var pointSize: Double
    public var textWidth: Double
    public var lines: Int
}

/// Where a text is cut, graded by how many readers see it.
public struct Truncation: Sendable, Equatable {
    /// The default text size when the text is cut there; otherwise the first displayed size at
    /// which it needs more lines than the profile shows.
    public var size: SizeCategory
    /// Whether `size` is the default text size (`LayoutSettings.defaultSize`): most readers
    /// see the cut.
    public var isAtDefaultSize: Bool
    /// The narrowest device checked (where it fails first: fewer points, more lines).
    public var device: Device
    /// Lines it needs there.
    public var lines: Int
    /// Lines at every displayed size where the limit applies, on that device.
    public var measures: [SizeMeasure]
    /// Characters of the text shown at `size` before the cut (where its first hidden line starts).
    public var shownCharacters: Int
}

public enum LayoutCheck {
    /// The displayed sizes where a profile's limit applies, smallest first, without repeats.
    public static func displayedSizes(_ profile: ScreenProfile, settings: LayoutSettings) -> [SizeCategory] {
        var result: [SizeCategory] = []
        for size in profile.sizes.sorted() {
            let shown = settings.displayedSize(size)
            if !result.contains(shown) { result.append(shown) }
        }
        return result
    }

    /// Lines at each displayed size where the limit applies, on one device.
    public static func measures(_ text: PreparedText, profile: ScreenProfile, settings: LayoutSettings, device: Device,
                                hasImage: Bool) -> [SizeMeasure] {
        displayedSizes(profile, settings: settings).map { measure(text, profile: profile, settings: settings, device: device, size: $0, hasImage: hasImage) }
    }

    /// Lines at one size on one device, with the point size and the width they were taken at;
    /// counting stops once it passes `limit`.
    public static func measure(_ text: PreparedText, profile: ScreenProfile, settings: LayoutSettings, device: Device,
                               size: SizeCategory, hasImage: Bool, limit: Int = Int.max) -> SizeMeasure {
        let points = DynamicTypeTable.pointSize(profile.style, size)
        let width = profile.textWidth(screenWidth: device.width, size: size, hasImage: hasImage)
        let lines = text.lineCount(pointSize: points, trackingEm: settings.trackingEm(atPoints: points), width: width, limit: limit)
        return SizeMeasure(size: size, pointSize: points, textWidth: width, lines: lines)
    }

    /// The narrowest device checked: line counts only grow as the width shrinks, so a text is
    /// cut there first.
    public static func narrowestDevice(_ settings: LayoutSettings) -> Device? {
        settings.devices.min(by: { $0.width < $1.width })
    }

    /// Where a text is cut on the narrowest device, graded: the default text size when it is
    /// cut there, otherwise the first size where the limit applies that cuts it; nil when it
    /// always fits. Counts lines only up to one past the limit.
    public static func grade(_ text: PreparedText, profile: ScreenProfile, settings: LayoutSettings, device: Device,
                             hasImage: Bool) -> (size: SizeCategory, isAtDefaultSize: Bool)? {
        guard !text.isEmpty else { return nil }
        let sizes = displayedSizes(profile, settings: settings)
        func isCut(_ size: SizeCategory) -> Bool {
            measure(text, profile: profile, settings: settings, device: device, size: size, hasImage: hasImage,
                    limit: profile.maxLines).lines > profile.maxLines
        }
        let defaultSize = settings.defaultSize
        if sizes.contains(defaultSize), isCut(defaultSize) { return (defaultSize, true) }
        return sizes.first { $0 != defaultSize && isCut($0) }.map { ($0, false) }
    }

    /// The graded cut of a text (`grade`) with its line counts at every size where the limit
    /// applies and where the cut falls; nil when it always fits.
    public static func firstTruncation(_ text: PreparedText, profile: ScreenProfile, settings: LayoutSettings,
                                       hasImage: Bool) -> Truncation? {
        guard let device = narrowestDevice(settings),
              let (size, isAtDefaultSize) = grade(text, profile: profile, settings: settings, device: device, hasImage: hasImage)
        else { return nil }
        let all = measures(text, profile: profile, settings: settings, device: device, hasImage: hasImage)
        let points = DynamicTypeTable.pointSize(profile.style, size)
        let layout = text.layout(pointSize: points, trackingEm: settings.trackingEm(atPoints: points),
                                 width: profile.textWidth(screenWidth: device.width, size: size, hasImage: hasImage))
        let needed = all.first { $0.size == size }?.lines ?? layout.lineCount
        // lineStarts holds the starts of lines 2...; the first hidden line is line maxLines + 1.
        let shown = layout.lineStarts.count >= profile.maxLines ? layout.lineStarts[profile.maxLines - 1] : 0
        return Truncation(size: size, isAtDefaultSize: isAtDefaultSize, device: device, lines: needed, measures: all,
                          shownCharacters: shown)
    }
}

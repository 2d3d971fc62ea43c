/// iOS text styles (UIFont.TextStyle), in the order the Human Interface Guidelines list them.
public enum TextStyle: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The name used in `.quizbank.yml` and on the command line.
    public var name: String {
        switch self {
        case .largeTitle: return "large-title"
        case .title1: return "title1"
        case .title2: return "title2"
        case .title3: return "title3"
        case .headline: return "headline"
        case .body: return "body"
        case .callout: return "callout"
        case .subheadline: return "subheadline"
        case .footnote: return "footnote"
        case .caption1: return "caption1"
        case .caption2: return "caption2"
        }
    }

    /// The name the Human Interface Guidelines use.
    public var displayName: String {
        switch self {
        case .largeTitle: return "Large Title"
        case .title1: return "Title 1"
        case .title2: return "Title 2"
        case .title3: return "Title 3"
        case .headline: return "Headline"
        case .body: return "Body"
        case .callout: return "Callout"
        case .subheadline: return "Subheadline"
        case .footnote: return "Footnote"
        case .caption1: return "Caption 1"
        case .caption2: return "Caption 2"
        }
    }

    public var description: String { name }

    /// A style from its name, forgiving case, spaces, `-` and `_` (`Title 2`, `title-2`, `subhead`).
    public init?(name: String) {
        let key = LayoutNames.key(name)
        let aliases: [String: TextStyle] = ["largetitle": .largeTitle, "title0": .largeTitle, "title": .title1, "subhead": .subheadline,
                                           "caption": .caption1]
        if let style = aliases[key] ?? TextStyle.allCases.first(where: { LayoutNames.key($0.name) == key }) {
            self = style
        } else {
            return nil
        }
    }

    public static func < (a: TextStyle, b: TextStyle) -> Bool { a.rawValue < b.rawValue }
}

/// The Dynamic Type size categories of iOS (UIContentSizeCategory), smallest first: the seven
/// standard sizes and the five larger accessibility sizes.
public enum SizeCategory: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, ax1, ax2, ax3, ax4, ax5

    /// The name used in `.quizbank.yml` and on the command line.
    public var name: String {
        switch self {
        case .xSmall: return "xsmall"
        case .small: return "small"
        case .medium: return "medium"
        case .large: return "large"
        case .xLarge: return "xlarge"
        case .xxLarge: return "xxlarge"
        case .xxxLarge: return "xxxlarge"
        case .ax1: return "ax1"
        case .ax2: return "ax2"
        case .ax3: return "ax3"
        case .ax4: return "ax4"
        case .ax5: return "ax5"
        }
    }

    /// The name the Human Interface Guidelines use (`xxxLarge`, `AX1`).
    public var displayName: String {
        switch self {
        case .xSmall: return "xSmall"
        case .small: return "Small"
        case .medium: return "Medium"
        case .large: return "Large"
        case .xLarge: return "xLarge"
        case .xxLarge: return "xxLarge"
        case .xxxLarge: return "xxxLarge"
        case .ax1: return "AX1"
        case .ax2: return "AX2"
        case .ax3: return "AX3"
        case .ax4: return "AX4"
        case .ax5: return "AX5"
        }
    }

    public var description: String { name }

    /// The sizes from `first` to `last`, both included.
    public static func through(_ first: SizeCategory, _ last: SizeCategory) -> [SizeCategory] {
        allCases.filter { $0 >= first && $0 <= last }
    }

    /// A size from its name: `xsmall`/`xs`, `small`/`s`, `medium`/`m`, `large`/`l`, `xlarge`/`xl`,
    /// `xxlarge`/`xxl`, `xxxlarge`/`xxxl`, `ax1`...`ax5`, and UIKit's long names
    /// (`extraExtraExtraLarge`, `accessibilityMedium`...), forgiving case, spaces, `-` and `_`.
    public init?(name: String) {
        let key = LayoutNames.key(name)
        let aliases: [String: SizeCategory] = [
            "xs": .xSmall, "extrasmall": .xSmall, "s": .small, "m": .medium, "l": .large, "default": .large,
            "xl": .xLarge, "extralarge": .xLarge, "xxl": .xxLarge, "extraextralarge": .xxLarge,
            "xxxl": .xxxLarge, "extraextraextralarge": .xxxLarge,
            "accessibilitymedium": .ax1, "accessibilitylarge": .ax2, "accessibilityextralarge": .ax3,
            "accessibilityextraextralarge": .ax4, "accessibilityextraextraextralarge": .ax5,
        ]
        if let size = aliases[key] ?? SizeCategory.allCases.first(where: { $0.name == key }) {
            self = size
        } else {
            return nil
        }
    }

    public static func < (a: SizeCategory, b: SizeCategory) -> Bool { a.rawValue < b.rawValue }
}

/// Point size and leading of every text style at every size category.
///
/// Source: Apple Human Interface Guidelines, Typography > Specifications > iOS, iPadOS Dynamic
/// Type sizes (one table per size category: style, weight, size, leading, in points). The point
/// sizes agree with what `UIFont.preferredFont(forTextStyle:compatibleWith:)` returns in the iOS
/// simulator for every style and category. Leading is informational here: line counts do not
/// depend on it.
public enum DynamicTypeTable {
    /// `[style][category]` point sizes; rows in `TextStyle` order, columns in `SizeCategory` order.
    static let pointSizes: [[Double]] = [
        //  xS   S   M   L  xL xxL xxxL AX1 AX2 AX3 AX4 AX5
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60], // Large Title
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58], // Title 1
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56], // Title 2
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55], // Title 3
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53], // Headline (semibold)
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53], // Body
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51], // Callout
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49], // Subheadline
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44], // Footnote
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43], // Caption 1
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41], // Caption 2
    ]

    /// `[style][category]` leading (line height) in points, same layout as `pointSizes`.
    static let leadings: [[Double]] = [
        [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70], // Large Title
        [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68], // Title 1
        [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66], // Title 2
        [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65], // Title 3
        [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62], // Headline
        [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62], // Body
        [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60], // Callout
        [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58], // Subheadline
        [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 45, 52], // Footnote
        [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51], // Caption 1
        [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 49], // Caption 2
    ]

    public static func pointSize(_ style: TextStyle, _ size: SizeCategory) -> Double {
        pointSizes[style.rawValue][size.rawValue]
    }

    public static func leading(_ style: TextStyle, _ size: SizeCategory) -> Double {
        leadings[style.rawValue][size.rawValue]
    }

    /// What `UIFontMetrics(forTextStyle: style).scaledValue(for: value, compatibleWith:)` gives:
    /// a length designed at the Large size, scaled as the style's point size scales.
    public static func scaled(_ value: Double, by style: TextStyle, at size: SizeCategory) -> Double {
        value * pointSize(style, size) / pointSize(style, .large)
    }
}

/// The system font's size-specific tracking.
///
/// Source: Apple Human Interface Guidelines, Typography > Specifications > Tracking values, SF Pro
/// (tracking in 1/1000 em for each point size from 6 to 80; iOS applies it to the system font by
/// itself). The table lists some sizes only above 28 pt; a size between two listed sizes takes
/// the value of the one below, as the HIG rows do (29 and 30 pt are +14 like 28 pt).
/// Non-integer sizes interpolate linearly between the integer sizes around them; below 6 pt the
/// 6 pt value applies, above 80 pt none.
public enum SystemTracking {
    /// Point size → tracking in 1/1000 em, at the sizes where the value changes.
    static let steps: [(points: Int, thousandths: Int)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16), (16, -20),
        (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3), (25, 6), (26, 8),
        (27, 11), (28, 14), (31, 13), (33, 12), (35, 11), (36, 10), (41, 9), (44, 8), (49, 7), (52, 6), (58, 5),
        (60, 4), (66, 3), (68, 2), (76, 1), (80, 0),
    ]

    /// Tracking in 1/1000 em at each whole point size from 0 to 80.
    static let dense: [Int] = {
        var values = [Int](repeating: 41, count: 81)
        var current = 41
        var next = 0
        for points in 0...80 {
            while next < steps.count && steps[next].points <= points {
                current = steps[next].thousandths
                next += 1
            }
            values[points] = points < 6 ? 41 : current
        }
        return values
    }()

    /// Tracking at a whole point size, in 1/1000 em (the HIG's unit).
    public static func thousandths(atPoints points: Int) -> Int {
        if points >= 80 { return 0 }
        return dense[max(0, points)]
    }

    /// Tracking in em (added after every glyph as `em × pointSize` points).
    public static func em(atPoints points: Double) -> Double {
        guard points.isFinite else { return 0 }
        if points >= 80 { return 0 }
        if points <= 6 { return 0.041 }
        let lower = Int(points.rounded(.down))
        let fraction = points - Double(lower)
        let a = Double(thousandths(atPoints: lower))
        let b = Double(thousandths(atPoints: lower + 1))
        return (a + (b - a) * fraction) / 1000
    }
}

enum LayoutNames {
    /// Lowercased, with spaces, `-`, `_` and `.` removed: how names are compared.
    static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !" -_.()".unicodeScalars.contains($0) }.map(Character.init))
    }
}

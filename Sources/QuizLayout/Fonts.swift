import Foundation
import QuizSupport

/// Which font measures texts, and how.
public struct FontChoice: Sendable, Equatable, Hashable {
    /// The font file; nil for the built-in approximate widths.
    public var path: String?
    /// Multiplies the font's advances: 1 for a font used exactly, `LayoutFonts.interToSF` for
    /// the default Inter standing in for SF Pro.
    public var widthScale: Double
    /// What to tell the user when the measure is approximate for want of a font file.
    public var warning: String?

    public init(path: String?, widthScale: Double, warning: String? = nil) {
        self.path = path
        self.widthScale = widthScale
        self.warning = warning
    }

    public var summary: String {
        guard let path else { return "built-in approximate widths (no font file)" }
        return widthScale == 1 ? path : "\(path), widths × \(String(format: "%.4f", widthScale)) toward SF Pro"
    }
}

/// Finding a font: the one configured (`layout.font`, `--font`), else Inter from Debian's
/// `fonts-inter` calibrated toward SF Pro, else built-in widths with a warning.
public enum LayoutFonts {
    /// Inter Regular's advances × this ≈ SF Pro's. capsize's published frequency-weighted
    /// average character widths (its `xWidthAvg` metric): the Apple system font 853/2048 =
    /// 0.4165 em, Inter Regular 0.474 em; 0.4165 / 0.474 = 0.8787. Inter is about 14% wider.
    public static let interToSF = 0.4165 / 0.474

    /// Where Inter Regular is looked for, in order: Debian/Ubuntu `fonts-inter`, other Linux
    /// layouts, Homebrew and the user's fonts on macOS.
    static let defaultCandidates = [
        "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
        "/usr/share/fonts/truetype/inter/Inter-Regular.ttf",
        "/usr/share/fonts/inter/Inter-Regular.otf",
        "/usr/local/share/fonts/Inter-Regular.otf",
        "/opt/homebrew/share/fonts/Inter-Regular.otf",
        "~/Library/Fonts/Inter-Regular.otf",
        "/Library/Fonts/Inter-Regular.otf",
    ]

    /// The environment variable that replaces `defaultCandidates` (paths separated by `:`;
    /// empty: no default font, as on a machine without Inter).
    public static let candidatesVariable = "QUIZBANK_DEFAULT_FONTS"

    /// The font to measure with. `explicit` (already resolved to a path) is used exactly.
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> FontChoice {
        if let explicit { return FontChoice(path: explicit, widthScale: 1) }
        let candidates = environment[candidatesVariable].map { $0.split(separator: ":").map(String.init) } ?? defaultCandidates
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        for candidate in candidates {
            let path = candidate.hasPrefix("~/") ? home + candidate.dropFirst() : candidate
            if FileManager.default.isReadableFile(atPath: path) {
                return FontChoice(path: path, widthScale: interToSF)
            }
        }
        return FontChoice(path: nil, widthScale: 1, warning: """
            no font file for measuring text (Inter, from the fonts-inter package, was not found); \
            line counts use built-in approximate widths. Install fonts-inter, or set layout.font \
            in .quizbank.yml or --font to a font file
            """)
    }

    private static let registry = Registry()

    /// `resolve(explicit:)` with this process's environment, remembered: the file system is
    /// searched once per explicit path.
    public static func cachedChoice(explicit: String?) -> FontChoice {
        registry.choice(explicit: explicit) { resolve(explicit: explicit) }
    }

    /// One measurer per font, shared by every caller so that each word is shaped once per run.
    public static func measurer(for choice: FontChoice) throws -> TextMeasurer {
        try registry.measurer(for: choice)
    }

    private final class Registry: Sendable {
        private let measurers = Locked<[FontChoice: TextMeasurer]>([:])
        private let choices = Locked<[String: FontChoice]>([:])

        func choice(explicit: String?, _ make: () -> FontChoice) -> FontChoice {
            let key = explicit ?? ""
            return choices.withLock { choices in
                if let known = choices[key] { return known }
                let choice = make()
                choices[key] = choice
                return choice
            }
        }

        func measurer(for choice: FontChoice) throws -> TextMeasurer {
            var key = choice
            key.warning = nil
            return try measurers.withLock { measurers in
                if let known = measurers[key] { return known }
                let measurer: TextMeasurer
                if let path = choice.path {
                    measurer = try TextMeasurer(fontPath: path, widthScale: choice.widthScale)
                } else {
                    measurer = TextMeasurer()
                }
                measurers[key] = measurer
                return measurer
            }
        }
    }
}

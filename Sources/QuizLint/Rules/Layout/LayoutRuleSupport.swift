import Foundation
import QuizBank
import QuizLayout
import QuizSupport
import QuizYAML

/// What the three layout rules share: measuring a bank's texts (every locale, as the app shows
/// them after compiling) against a screen profile, and reporting the first size at which one
/// is cut.
enum LayoutRuleSupport {
    /// Checks each authored string of a localized text; reports the first truncation of each.
    static func check(_ text: LocalizedText, profile name: String, hasImage: Bool, in bank: LintBank,
                      scratch: Scratch, report: inout FindingReporter) {
        guard let profile = bank.layout.profiles[name], let measurer = measurer(for: bank.layout) else { return }
        let entries = text.entries(sourceLocale: bank.sourceLocale)
        var buffers = scratch.take()
        defer { scratch.give(buffers) }
        for entry in entries {
            let shown = TextNormalizer.normalize(entry.text)
            let prepared = measurer.prepare(shown, reusing: &buffers)
            let locale: String
            if case .translated = text.form { locale = " in \(entry.locale)" } else { locale = "" }
            // Only the first part of an overlong word is measured: the count is a lower bound.
            let clipped = prepared.isClipped
                ? "; the text is too long to measure fully (a word of more than \(TextMeasurer.maximumWordBytes) bytes, measured that far)"
                : ""
            guard let truncation = LayoutCheck.firstTruncation(prepared, profile: profile, settings: bank.layout, hasImage: hasImage) else {
                if prepared.isClipped { report("the text\(locale) is too long to measure fully (a word of more than \(TextMeasurer.maximumWordBytes) bytes); its measured part fits", at: entry.range) }
                continue
            }
            let message = "needs \(prepared.isClipped ? "at least " : "")\(truncation.lines) lines at \(truncation.size.displayName) on \(LayoutFormat.points(truncation.device.width)) pt "
                + "(\(profile.shownIn) \(profile.shownIn.hasSuffix("s") ? "show" : "shows") \(profile.maxLines))\(locale)\(clipped)"
            let measure = Finding.Measure(
                profile: profile.name, locale: entry.locale, style: profile.style.name, maxLines: profile.maxLines,
                deviceName: truncation.device.name, deviceWidth: truncation.device.width,
                sizes: truncation.measures.map { Finding.Measure.Size(size: $0.size.name, points: $0.pointSize, width: $0.textWidth, lines: $0.lines) },
                font: measurer.sourceDescription)
            report(message, at: entry.range, measure: measure)
        }
    }

    /// Buffers a rule reuses from one text to the next. The engine runs a rule on several
    /// chunks of questions at once, so each caller takes a set of its own and gives it back.
    final class Scratch: Sendable {
        private let idle = Locked<[MeasureScratch]>([])

        func take() -> MeasureScratch {
            idle.withLock { $0.popLast() } ?? MeasureScratch()
        }

        func give(_ buffers: MeasureScratch) {
            idle.withLock { $0.append(buffers) }
        }
    }

    /// The shared measurer for a bank's settings; nil only if a configured font cannot be
    /// loaded any more (the configuration checked it when it was read).
    static func measurer(for settings: LayoutSettings) -> TextMeasurer? {
        try? LayoutFonts.measurer(for: LayoutFonts.cachedChoice(explicit: settings.fontPath))
    }

}

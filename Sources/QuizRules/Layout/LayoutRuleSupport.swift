import Foundation
import QuizBank
import QuizLayout
import QuizLint
import QuizSupport
import QuizYAML

/// What the three layout rules share: measuring a bank's texts (every locale, as the app shows
/// them after compiling) against a screen profile, and reporting where each is cut, graded by
/// how many readers see the cut: at the default text size with the rule's severity, only at
/// other sizes with `larger-sizes`'.
enum LayoutRuleSupport {
    /// Checks each authored string of a localized text; reports its graded cut. `subject`
    /// names the text in messages ("question 'bus-stop'"), made only for a finding.
    static func check(_ text: LocalizedText, profile name: String, hasImage: Bool, in bank: LintBank, options: Options,
                      subject: () -> String, scratch: Scratch, report: inout FindingReporter) {
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
            let severity: Severity
            if truncation.isAtDefaultSize {
                severity = report.severity
            } else {
                guard let configured = options.largerSizes.severity else { continue }
                severity = configured
            }
            let fits = truncation.isAtDefaultSize ? "" : " fits at \(bank.layout.defaultSize.displayName) but"
            let shows = profile.shownIn.hasSuffix("s") ? "show" : "shows"
            let excerpt = lastWords(of: shown, before: truncation.shownCharacters)
            let cut = excerpt.isEmpty ? "" : ", cut after '\(excerpt)'"
            let message = "\(subject())\(locale)\(fits) needs \(prepared.isClipped ? "at least " : "")\(truncation.lines) lines at "
                + "\(truncation.size.displayName) on \(truncation.device.name); the \(profile.shownIn) \(shows) \(profile.maxLines)\(cut)\(clipped)"
            let measure = Finding.Measure(
                profile: profile.name, locale: entry.locale, style: profile.style.name, maxLines: profile.maxLines,
                deviceName: truncation.device.name, deviceWidth: truncation.device.width,
                sizes: truncation.measures.map { Finding.Measure.Size(size: $0.size.name, points: $0.pointSize, width: $0.textWidth, lines: $0.lines) },
                font: measurer.sourceDescription)
            report(message, at: entry.range, measure: measure, severity: severity)
        }
    }

    /// The last words shown before the cut (at most two, and at most 24 characters), for
    /// messages: what a reader sees last before the ellipsis.
    static func lastWords(of text: String, before offset: Int) -> String {
        let shown = text.prefix(offset).split(whereSeparator: \.isWhitespace).suffix(2).joined(separator: " ")
        return shown.count > 24 ? "…" + shown.suffix(24) : shown
    }

    /// The options the three rules share.
    struct Options: RuleOptionSet {
        /// The severity of a text cut only at other sizes than the default one.
        enum LargerSizes: String, CaseIterable, Sendable {
            case error, warning, info, off

            var severity: Severity? {
                switch self {
                case .error: return .error
                case .warning: return .warning
                case .info: return .info
                case .off: return nil
                }
            }
        }

        var largerSizes = LargerSizes.info

        static let elements: [RuleOptionElement<Self>] = [
            .choice("larger-sizes", \.largerSizes,
                    "severity of a text that fits at the default text size (Large) and is cut only at larger ones; the rule's severity is that of a cut at Large"),
        ]
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

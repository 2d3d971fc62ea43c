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
                      subject: () -> String, report: inout FindingReporter) {
        guard let profile = bank.layout.profiles[name] else { return }
        for entry in text.entries(sourceLocale: bank.sourceLocale) {
            guard let measured = withThreadBuffers({ $0.measuredAhead(entry.text, profile: profile, settings: bank.layout, hasImage: hasImage) })
            else { return }
            let locale: String
            if case .translated = text.form { locale = " in \(entry.locale)" } else { locale = "" }
            // Only the first part of an overlong word is measured: the count is a lower bound.
            let clipped = measured.isClipped
                ? "; the text is too long to measure fully (a word of more than \(TextMeasurer.maximumWordBytes) bytes, measured that far)"
                : ""
            guard let truncation = measured.truncation else {
                if measured.isClipped { report("the text\(locale) is too long to measure fully (a word of more than \(TextMeasurer.maximumWordBytes) bytes); its measured part fits", at: entry.range) }
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
            let cut = measured.lastWords.isEmpty ? "" : ", cut after '\(measured.lastWords)'"
            let message = "\(subject())\(locale)\(fits) needs \(measured.isClipped ? "at least " : "")\(truncation.lines) lines at "
                + "\(truncation.size.displayName) on \(truncation.device.name); the \(profile.shownIn) \(shows) \(profile.maxLines)\(cut)\(clipped)"
            let measure = Finding.Measure(
                profile: profile.name, locale: entry.locale, style: profile.style.name, maxLines: profile.maxLines,
                deviceName: truncation.device.name, deviceWidth: truncation.device.width,
                sizes: truncation.measures.map { Finding.Measure.Size(size: $0.size.name, points: $0.pointSize, width: $0.textWidth, lines: $0.lines) },
                font: measured.font)
            report(message, at: entry.range, measure: measure, severity: severity)
        }
    }

    /// Measures ahead the texts a rule is about to check, in the order it will check them
    /// (every locale, as `check` goes through them), with their new words learned a batch at a
    /// time (`TextMeasurer.prepareEach`); `check` then takes each measure from this thread's
    /// buffers as long as the texts come as announced, and measures the text itself otherwise.
    /// What `check` reports does not depend on it.
    static func prepare<Texts: Sequence<(text: LocalizedText, hasImage: Bool)>>(_ texts: Texts, profile name: String, in bank: LintBank) {
        guard let profile = bank.layout.profiles[name] else { return }
        var authored: [(text: String, hasImage: Bool)] = []
        for (text, hasImage) in texts {
            for entry in text.entries(sourceLocale: bank.sourceLocale) { authored.append((entry.text, hasImage)) }
        }
        withThreadBuffers { $0.measureAhead(authored, profile: profile, settings: bank.layout) }
    }

    /// What measuring one authored string against a profile finds: whether and where the text
    /// as shown (normalized) is cut, and the last words before the cut.
    struct MeasuredText: Equatable {
        /// Whether a word was too long to measure fully (see `PreparedText.isClipped`).
        var isClipped: Bool
        var truncation: Truncation?
        /// `lastWords` before the cut; empty when the text fits.
        var lastWords: String
        /// The measurer's `sourceDescription`.
        var font: String
    }

    /// Measures an authored string: the plain reading that `Buffers.measured` remembers.
    static func measure(_ authored: String, profile: ScreenProfile, settings: LayoutSettings, hasImage: Bool, measurer: TextMeasurer,
                        reusing buffers: inout MeasureScratch) -> MeasuredText {
        let shown = TextNormalizer.normalize(authored)
        return measured(measurer.prepare(shown, reusing: &buffers), shown: shown, profile: profile, settings: settings,
                        hasImage: hasImage, font: measurer.sourceDescription)
    }

    /// `measure` of a text once normalized (`shown`) and prepared.
    static func measured(_ prepared: PreparedText, shown: String, profile: ScreenProfile, settings: LayoutSettings, hasImage: Bool,
                         font: String) -> MeasuredText {
        let truncation = LayoutCheck.firstTruncation(prepared, profile: profile, settings: settings, hasImage: hasImage)
        return MeasuredText(isClipped: prepared.isClipped, truncation: truncation,
                            lastWords: truncation.map { lastWords(of: shown, before: $0.shownCharacters) } ?? "", font: font)
    }

    /// The last words shown before the cut (at most two, and at most 24 characters), for
    /// messages: what a reader sees last before the ellipsis. The words are those of splitting
    /// the shown part at whitespace, found from its end so that only the two are looked at;
    /// read as bytes when each Character is one (`asciiLastWords`), otherwise as Characters
    /// (`plainLastWords`).
    static func lastWords(of text: String, before offset: Int) -> String {
        asciiLastWords(of: text, before: offset) ?? plainLastWords(of: text, before: offset)
    }

    /// `lastWords` of a text whose Characters are each one byte (`PreparedText.charactersAreBytes`),
    /// read as bytes (ASCII whitespace is HT, LF, VT, FF, CR and space); nil for another text.
    static func asciiLastWords(of text: String, before offset: Int) -> String? {
        guard PreparedText.charactersAreBytes(text) else { return nil }
        let shownPart = Array(text.utf8.prefix(max(0, offset)))
        var words: [ArraySlice<UInt8>] = []
        var end = shownPart.count
        while words.count < 2 {
            while end > 0, shownPart[end - 1].isASCIIWhitespace { end -= 1 }
            guard end > 0 else { break }
            var start = end
            while start > 0, !shownPart[start - 1].isASCIIWhitespace { start -= 1 }
            words.append(shownPart[start..<end])
            end = start
        }
        let shown = Array(words.reversed().joined(separator: [0x20]))
        return shown.count > 24 ? "…" + String(decoding: shown.suffix(24), as: UTF8.self) : String(decoding: shown, as: UTF8.self)
    }

    /// `lastWords` read as Characters.
    static func plainLastWords(of text: String, before offset: Int) -> String {
        let shownPart = text.prefix(offset)
        var words: [Substring] = []
        var end = shownPart.endIndex
        while words.count < 2 {
            while end > shownPart.startIndex, shownPart[shownPart.index(before: end)].isWhitespace { shownPart.formIndex(before: &end) }
            guard end > shownPart.startIndex else { break }
            var start = end
            while start > shownPart.startIndex, !shownPart[shownPart.index(before: start)].isWhitespace { shownPart.formIndex(before: &start) }
            words.append(shownPart[start..<end])
            end = start
        }
        let shown = words.reversed().joined(separator: " ")
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

    /// Runs `body` on this thread's own buffers. The engine runs the rules on several chunks of
    /// questions at once, a chunk on one thread: so each thread keeps a set, which the three
    /// rules share (the words a set's tables learn, see `MeasureScratch`, are learned once a
    /// set, not once a rule), and a chunk's measures made ahead (`prepare`) are there for the
    /// chunk's checks, with no lock. A set lives as long as its thread.
    static func withThreadBuffers<Result>(_ body: (inout Buffers) -> Result) -> Result {
        body(&buffersBoxes.current.buffers)
    }

    private final class BuffersBox {
        var buffers = Buffers()
    }

    /// Each thread's `BuffersBox`, released when the thread ends.
    private static let buffersBoxes = ThreadOwnObject(for: "the layout rules' buffers") { BuffersBox() }

    /// One caller's measuring buffers, and what it has measured: short texts repeat ("True",
    /// "Paris", "1945" among a bank's choices), and one met again is not measured again.
    struct Buffers {
        private var measuring: MeasureScratch
        /// What `known` was measured under (a change empties it).
        private var settings: LayoutSettings?
        private var measurer: TextMeasurer?
        private(set) var known = RememberedMeasures()
        /// By profile: the texts `measureAhead` was given, their measures, and the next to be
        /// asked for.
        private var ahead: [String: Ahead] = [:]

        private struct Ahead {
            var texts: [(text: String, hasImage: Bool)]
            var results: [MeasuredText]
            var next = 0
        }

        /// The longest text remembered, in UTF-8 bytes: short choices and hints repeat, a
        /// question's text seldom does (most choices of the bench bank are this short, and one
        /// in five of those is distinct).
        static let longestRemembered = 32
        /// The most texts remembered by default; then they are forgotten, to bound the memory.
        static let defaultCapacity = 1 << 16
        let capacity: Int

        /// `capacity` texts remembered at most, `scratchCapacity` words and chunks kept (see
        /// `MeasureScratch`).
        init(capacity: Int = Buffers.defaultCapacity, scratchCapacity: Int = MeasureScratch.defaultCapacity) {
            self.capacity = capacity
            measuring = MeasureScratch(capacity: scratchCapacity)
        }

        /// The measurer for `settings`; what is remembered is forgotten when they change.
        private mutating func measurer(for settings: LayoutSettings) -> TextMeasurer? {
            if settings != self.settings {
                self.settings = settings
                measurer = LayoutRuleSupport.measurer(for: settings)
                known.removeAll()
                ahead.removeAll()
            }
            return measurer
        }

        /// Measures ahead, for one profile, texts about to be checked (see
        /// `LayoutRuleSupport.prepare`), each as `measured` would, their new words learned a
        /// batch at a time; replaces what was measured ahead for the profile before.
        mutating func measureAhead(_ texts: [(text: String, hasImage: Bool)], profile: ScreenProfile, settings: LayoutSettings) {
            ahead[profile.name] = nil
            guard let measurer = measurer(for: settings) else { return }
            let font = measurer.sourceDescription
            var results = [MeasuredText?](repeating: nil, count: texts.count)
            var shown: [String] = [], positions: [Int] = []
            for (index, entry) in texts.enumerated() {
                if entry.text.utf8.count <= Self.longestRemembered {
                    let hash = RememberedMeasures.hash(entry.text, profile: profile.name, hasImage: entry.hasImage)
                    if let measured = known.find(entry.text, profile: profile.name, hasImage: entry.hasImage, hash: hash, font: font) {
                        results[index] = measured
                        continue
                    }
                }
                shown.append(TextNormalizer.normalize(entry.text))
                positions.append(index)
            }
            measurer.prepareEach(shown, reusing: &measuring) { position, prepared in
                results[positions[position]] = LayoutRuleSupport.measured(prepared, shown: shown[position], profile: profile, settings: settings,
                                                                          hasImage: texts[positions[position]].hasImage, font: font)
            }
            for index in positions where texts[index].text.utf8.count <= Self.longestRemembered {
                let text = texts[index].text, hasImage = texts[index].hasImage
                let hash = RememberedMeasures.hash(text, profile: profile.name, hasImage: hasImage)
                // A short text may come twice in a chunk.
                guard known.find(text, profile: profile.name, hasImage: hasImage, hash: hash, font: font) == nil else { continue }
                if known.count >= capacity { known.removeAll() }
                known.insert(results[index]!, for: text, profile: profile.name, hasImage: hasImage, hash: hash)
            }
            ahead[profile.name] = Ahead(texts: texts, results: results.map { $0! })
        }

        /// The next measure made ahead for the profile when it is this text's (`measured`'s),
        /// otherwise `measured`, and the measures made ahead for the profile are dropped.
        mutating func measuredAhead(_ authored: String, profile: ScreenProfile, settings: LayoutSettings, hasImage: Bool) -> MeasuredText? {
            if let next = ahead[profile.name]?.next {
                let run = ahead[profile.name]!
                if settings == self.settings, next < run.texts.count, run.texts[next].hasImage == hasImage, run.texts[next].text == authored {
                    ahead[profile.name]!.next += 1
                    return run.results[next]
                }
                ahead[profile.name] = nil
            }
            return measured(authored, profile: profile, settings: settings, hasImage: hasImage)
        }

        /// `LayoutRuleSupport.measure` of an authored string against one of `settings`'
        /// profiles, remembered when short; nil when the settings' font cannot be loaded.
        mutating func measured(_ authored: String, profile: ScreenProfile, settings: LayoutSettings, hasImage: Bool) -> MeasuredText? {
            guard let measurer = measurer(for: settings) else { return nil }
            guard authored.utf8.count <= Self.longestRemembered else {
                return LayoutRuleSupport.measure(authored, profile: profile, settings: settings, hasImage: hasImage, measurer: measurer,
                                                 reusing: &measuring)
            }
            let hash = RememberedMeasures.hash(authored, profile: profile.name, hasImage: hasImage)
            if let measured = known.find(authored, profile: profile.name, hasImage: hasImage, hash: hash, font: measurer.sourceDescription) {
                return measured
            }
            let measured = LayoutRuleSupport.measure(authored, profile: profile, settings: settings, hasImage: hasImage, measurer: measurer,
                                                     reusing: &measuring)
            if known.count >= capacity { known.removeAll() }
            known.insert(measured, for: authored, profile: profile.name, hasImage: hasImage, hash: hash)
            return measured
        }
    }

    /// The measures `Buffers` remembers, kept small: each key (the text's UTF-8, a 0xFF byte,
    /// which UTF-8 never has, the profile's name and the image flag) in one byte buffer, found
    /// again by a seeded hash, and only the measures of texts that do not fit whole; a text
    /// that fits, unclipped (most short texts), is one number.
    // Unchecked: `HashIndex`, a value type of arrays, is not marked Sendable; every stored
    // property is a value owned by this struct.
    struct RememberedMeasures: @unchecked Sendable {
        private var index = HashIndex(capacity: 1 << 10)
        private var keys: [UInt8] = []
        /// Where each entry's key ends in `keys`.
        private var keyEnds: [UInt32] = []
        /// Per entry: its measure in `notFitting`, or -1 for a text that fits, unclipped.
        private var results: [Int32] = []
        private var notFitting: [MeasuredText] = []
        private var key: [UInt8] = []

        var count: Int { results.count }

        static func hash(_ authored: String, profile: String, hasImage: Bool) -> UInt64 {
            let hash = HashIndex.hash(authored) ^ (HashIndex.hash(profile) &* 0x9E37_79B9_7F4A_7C15) ^ (hasImage ? 0xD6E8_FEB8_6659_FD93 : 0)
            return (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9
        }

        /// The remembered measure, if any; a text that fits is given with the measurer's `font`.
        mutating func find(_ authored: String, profile: String, hasImage: Bool, hash: UInt64, font: String) -> MeasuredText? {
            makeKey(authored, profile: profile, hasImage: hasImage)
            guard let entry = index.find(hash: hash, isEqual: isKey) else { return nil }
            let result = results[Int(entry)]
            return result < 0 ? MeasuredText(isClipped: false, truncation: nil, lastWords: "", font: font) : notFitting[Int(result)]
        }

        /// Adds a measure (the caller has checked it is absent).
        mutating func insert(_ measured: MeasuredText, for authored: String, profile: String, hasImage: Bool, hash: UInt64) {
            makeKey(authored, profile: profile, hasImage: hasImage)
            let entry = Int32(results.count)
            keys.append(contentsOf: key)
            keyEnds.append(UInt32(keys.count))
            if measured.truncation == nil && !measured.isClipped && measured.lastWords.isEmpty {
                results.append(-1)
            } else {
                results.append(Int32(notFitting.count))
                notFitting.append(measured)
            }
            _ = index.insert(entry, hash: hash) { _ in false }
        }

        mutating func removeAll() {
            self = RememberedMeasures()
        }

        private mutating func makeKey(_ authored: String, profile: String, hasImage: Bool) {
            key.removeAll(keepingCapacity: true)
            key.append(contentsOf: authored.utf8)
            key.append(0xFF)
            key.append(contentsOf: profile.utf8)
            key.append(hasImage ? 1 : 0)
        }

        private func isKey(_ entry: Int32) -> Bool {
            let start = entry == 0 ? 0 : Int(keyEnds[Int(entry) - 1]), end = Int(keyEnds[Int(entry)])
            return end - start == key.count && keys[start..<end].elementsEqual(key)
        }
    }

    /// The shared measurer for a bank's settings; nil only if a configured font cannot be
    /// loaded any more (the configuration checked it when it was read).
    static func measurer(for settings: LayoutSettings) -> TextMeasurer? {
        try? LayoutFonts.measurer(for: LayoutFonts.cachedChoice(explicit: settings.fontPath))
    }

}

import QuizLayout

/// How the layout rules would grade a bank's texts (source locale), per screen profile: cut at
/// the default text size (Large) or only at other sizes, first at which one. `stats --layout`
/// shows it beside the review-screen figures.
public struct TruncationStatistics: Sendable, Equatable {
    public struct Profile: Sendable, Equatable {
        /// `review`, `choice`, `hint`.
        public var profile: String
        /// The rule that measures it, and the severities it reports with (its configuration):
        /// a cut at the default size, a cut only at other sizes (`off`: not reported).
        public var rule: String
        public var atDefaultSizeSeverity: String
        public var atLargerSizesSeverity: String
        public var maxLines: Int
        /// Texts measured.
        public var count = 0
        /// Texts cut at the default size.
        public var atDefaultSize = 0
        /// Per other size where the limit applies, smallest first: the texts that fit at the
        /// default size and are cut first at that one.
        public var onlyAtLargerSizes: [ReviewScreenStatistics.SizeCount]
    }

    public var device: String
    public var width: Double
    /// The default text size (configuration name, and as shown).
    public var defaultSize: String
    public var defaultSizeName: String
    public var profiles: [Profile]

    /// Both banks' figures together, when they were graded alike; nil otherwise.
    func merged(with other: TruncationStatistics) -> TruncationStatistics? {
        guard device == other.device, width == other.width, defaultSize == other.defaultSize,
              profiles.map({ [$0.profile, $0.atDefaultSizeSeverity, $0.atLargerSizesSeverity] + $0.onlyAtLargerSizes.map(\.size) })
                == other.profiles.map({ [$0.profile, $0.atDefaultSizeSeverity, $0.atLargerSizesSeverity] + $0.onlyAtLargerSizes.map(\.size) })
        else { return nil }
        var result = self
        for index in result.profiles.indices {
            result.profiles[index].count += other.profiles[index].count
            result.profiles[index].atDefaultSize += other.profiles[index].atDefaultSize
            for size in result.profiles[index].onlyAtLargerSizes.indices {
                result.profiles[index].onlyAtLargerSizes[size].count += other.profiles[index].onlyAtLargerSizes[size].count
            }
        }
        return result
    }
}

/// What `TruncationStatistics` is measured with: the layout settings' profiles on the
/// narrowest device, and each rule's configured severities.
public struct TruncationGrading: Sendable {
    /// The severities one layout rule reports with.
    public struct Severities: Sendable, Equatable {
        public var atDefaultSize: String
        public var atLargerSizes: String

        public init(atDefaultSize: String, atLargerSizes: String) {
            self.atDefaultSize = atDefaultSize
            self.atLargerSizes = atLargerSizes
        }

        /// The rules' defaults.
        public static let standard = Severities(atDefaultSize: "warning", atLargerSizes: "info")
    }

    /// Profile name → the rule that measures it.
    public static let rules = [("review", "review-truncation"), ("choice", "choice-truncation"), ("hint", "hint-truncation")]

    let profiles: [(name: String, profile: ScreenProfile, otherSizes: [SizeCategory])]
    let device: Device
    let settings: LayoutSettings
    let empty: TruncationStatistics

    /// `severities` by rule id; a rule not given has the defaults.
    public init?(settings: LayoutSettings, severities: [String: Severities] = [:]) {
        guard let device = LayoutCheck.narrowestDevice(settings) else { return nil }
        self.device = device
        self.settings = settings
        var profiles: [(name: String, profile: ScreenProfile, otherSizes: [SizeCategory])] = []
        var figures: [TruncationStatistics.Profile] = []
        for (name, rule) in Self.rules {
            guard let profile = settings.profiles[name] else { continue }
            let others = LayoutCheck.displayedSizes(profile, settings: settings).filter { $0 != settings.defaultSize }
            profiles.append((name, profile, others))
            let graded = severities[rule] ?? .standard
            figures.append(.init(profile: name, rule: rule, atDefaultSizeSeverity: graded.atDefaultSize,
                                 atLargerSizesSeverity: graded.atLargerSizes, maxLines: profile.maxLines,
                                 onlyAtLargerSizes: others.map { .init(size: $0.name, displayName: $0.displayName, count: 0) }))
        }
        self.profiles = profiles
        empty = TruncationStatistics(device: device.name, width: device.width, defaultSize: settings.defaultSize.name,
                                     defaultSizeName: settings.defaultSize.displayName, profiles: figures)
    }

    /// Grades one text (as the app shows it: normalized, then prepared) on profile `index`
    /// into `statistics`.
    func add(_ prepared: PreparedText, profile index: Int, hasImage: Bool, to statistics: inout TruncationStatistics) {
        let entry = profiles[index]
        statistics.profiles[index].count += 1
        guard let (size, isAtDefaultSize) = LayoutCheck.grade(prepared, profile: entry.profile, settings: settings, device: device,
                                                              hasImage: hasImage) else { return }
        if isAtDefaultSize {
            statistics.profiles[index].atDefaultSize += 1
        } else if let slot = entry.otherSizes.firstIndex(of: size) {
            statistics.profiles[index].onlyAtLargerSizes[slot].count += 1
        }
    }

    /// The index of a profile by name, when the settings have it.
    func index(of name: String) -> Int? { profiles.firstIndex { $0.name == name } }
}

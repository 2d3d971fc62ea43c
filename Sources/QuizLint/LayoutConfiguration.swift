import Foundation
import QuizBank
import QuizLayout
import QuizYAML

/// The `layout:` section of `.quizbank.yml`: what the layout rules (`review-truncation`,
/// `choice-truncation`, `hint-truncation`) measure with. Every key is optional; a profile's
/// keys change only what they name (a `reserve` list replaces the profile's list).
///
/// ```yaml
/// layout:
///   font: fonts/SF-Pro-Text-Regular.otf   # relative to this file; used exactly (no calibration)
///   tracking: system                      # the HIG tracking table, or a number in em (0: none)
///   devices: [iPhone SE (3rd generation)] # the default; all, supported (by the current iOS), or a list of widths / models
///   supported-sizes: large...ax2          # the Dynamic Type sizes the app supports
///   profiles:
///     review:
///       style: body
///       max-lines: 3
///       sizes: xsmall...xxxlarge          # where the limit applies
///       insets: 16                        # each side, or [leading, trailing]
///       reserve:
///         - {name: status-icon, width: 20, scales-with: body, spacing: 8}
///         - {name: thumbnail, width: 56, scales-with: title2, up-to: ax1, spacing: 12, when: image}
/// ```
enum LayoutConfiguration {
    static let keys = ["font", "tracking", "devices", "supported-sizes", "profiles"]
    static let profileKeys = ["style", "max-lines", "sizes", "insets", "reserve"]
    static let reserveKeys = ["name", "width", "scales-with", "up-to", "spacing", "when"]

    /// The section's settings; a wrong key is kept in `problems` and the others are still read.
    static func parse(_ node: Node, path: String, directory: String, problems: ConfigurationProblems) throws(ConfigurationError) -> LayoutSettings {
        var settings = LayoutSettings.standard
        if node.scalarType == .null { return settings }
        guard let pairs = node.pairs else {
            throw ConfigurationError(path: path, range: node.range, message: "`layout` must be a mapping (keys: \(keys.joined(separator: ", ")))")
        }
        for pair in pairs {
            problems.check { () throws(ConfigurationError) in try read(pair, into: &settings, path: path, directory: directory, problems: problems) }
        }
        return settings
    }

    private static func read(_ pair: Node.Pair, into settings: inout LayoutSettings, path: String, directory: String,
                             problems: ConfigurationProblems) throws(ConfigurationError) {
        let key = pair.key.scalar ?? ""
        let value = pair.value
        switch key {
        case "font":
            guard let file = value.scalar, value.scalarType == .string, !file.isEmpty else {
                throw ConfigurationError(path: path, range: value.range, message: "`font` takes the path of an OpenType or TrueType file, not \(value.kindDescription)")
            }
            let resolved = file.hasPrefix("/") ? file : FilePath.join(directory, file)
            do {
                _ = try LayoutFonts.measurer(for: FontChoice(path: resolved, widthScale: 1))
            } catch {
                let reason = (error as? FontError)?.reason ?? "\(error)"
                throw ConfigurationError(path: path, range: value.range, message: "cannot use font '\(file)': \(reason)")
            }
            settings.fontPath = resolved
        case "tracking":
            if value.scalar == "system" {
                settings.tracking = .system
            } else if value.scalarType == .int || value.scalarType == .float, let em = Double(value.scalar ?? ""), abs(em) < 1 {
                settings.tracking = .fixed(em)
            } else {
                throw ConfigurationError(path: path, range: value.range, message: "`tracking` is system (the HIG table) or a number of em between -1 and 1, not \(value.kindDescription)")
            }
        case "devices":
            settings.devices = try devices(value, path: path)
        case "supported-sizes":
            let sizes = try sizeList(value, path: path, key: "supported-sizes")
            settings.supportedSizes = sizes.min()!...sizes.max()!
        case "profiles":
            guard let profilePairs = value.pairs else {
                throw ConfigurationError(path: path, range: value.range, message: "`profiles` must be a mapping from profile name (\(LayoutSettings.profileNames.joined(separator: ", "))) to its settings")
            }
            for profilePair in profilePairs {
                let name = profilePair.key.scalar ?? ""
                guard let base = settings.profiles[name] else {
                    let hint = nearest(name, in: LayoutSettings.profileNames).map { "; did you mean '\($0)'?" } ?? ""
                    problems.add(profilePair.key.range, "unknown profile '\(name)'\(hint) (profiles: \(LayoutSettings.profileNames.joined(separator: ", ")))")
                    continue
                }
                if let read = problems.check({ () throws(ConfigurationError) in try profile(profilePair.value, base: base, path: path, problems: problems) }) {
                    settings.profiles[name] = read
                }
            }
        default:
            let hint = nearest(key, in: keys).map { "; did you mean '\($0)'?" } ?? ""
            throw ConfigurationError(path: path, range: pair.key.range, message: "unknown key 'layout.\(key)'\(hint)")
        }
    }

    private static func profile(_ node: Node, base: ScreenProfile, path: String, problems: ConfigurationProblems) throws(ConfigurationError) -> ScreenProfile {
        guard let pairs = node.pairs else {
            throw ConfigurationError(path: path, range: node.range, message: "a profile is a mapping (keys: \(profileKeys.joined(separator: ", ")))")
        }
        var profile = base
        for pair in pairs {
            problems.check { () throws(ConfigurationError) in try read(pair, into: &profile, path: path, problems: problems) }
        }
        return profile
    }

    private static func read(_ pair: Node.Pair, into profile: inout ScreenProfile, path: String, problems: ConfigurationProblems) throws(ConfigurationError) {
        let key = pair.key.scalar ?? ""
        let value = pair.value
        switch key {
        case "style":
            profile.style = try style(value, path: path)
        case "max-lines":
            profile.maxLines = try integer(value, path: path, key: key, in: 1...100)
        case "sizes":
            profile.sizes = try sizeList(value, path: path, key: key)
        case "insets":
            if let items = value.items {
                guard items.count == 2 else {
                    throw ConfigurationError(path: path, range: value.range, message: "`insets` is one number (each side) or [leading, trailing]")
                }
                profile.leadingInset = try number(items[0], path: path, key: key)
                profile.trailingInset = try number(items[1], path: path, key: key)
            } else {
                let each = try number(value, path: path, key: key)
                profile.leadingInset = each
                profile.trailingInset = each
            }
        case "reserve":
            guard let items = value.items else {
                if value.scalarType == .null {
                    profile.reserves = []
                    return
                }
                throw ConfigurationError(path: path, range: value.range, message: "`reserve` is a list of what shares the text's row (icons, images)")
            }
            var reserves: [Reserve] = []
            for item in items {
                if let read = problems.check({ () throws(ConfigurationError) in try reserve(item, path: path, problems: problems) }) {
                    reserves.append(read)
                }
            }
            profile.reserves = reserves
        default:
            let hint = nearest(key, in: profileKeys).map { "; did you mean '\($0)'?" } ?? ""
            throw ConfigurationError(path: path, range: pair.key.range, message: "profile '\(profile.name)' has no key '\(key)'\(hint) (keys: \(profileKeys.joined(separator: ", ")))")
        }
    }

    private static func reserve(_ node: Node, path: String, problems: ConfigurationProblems) throws(ConfigurationError) -> Reserve {
        guard let pairs = node.pairs else {
            throw ConfigurationError(path: path, range: node.range, message: "a `reserve` entry is a mapping (keys: \(reserveKeys.joined(separator: ", ")))")
        }
        var reserve = Reserve(name: "", width: 0)
        var hasWidth = false
        for pair in pairs {
            problems.check { () throws(ConfigurationError) in
                let key = pair.key.scalar ?? ""
                let value = pair.value
                switch key {
                case "name":
                    reserve.name = value.scalar ?? ""
                case "width":
                    reserve.width = try number(value, path: path, key: key)
                    hasWidth = true
                case "scales-with":
                    if value.scalar == "none" {
                        reserve.scalesWith = nil
                    } else {
                        reserve.scalesWith = try style(value, path: path)
                    }
                case "up-to":
                    reserve.upTo = try size(value, path: path)
                case "spacing":
                    reserve.spacing = try number(value, path: path, key: key)
                case "when":
                    guard let word = value.scalar, let condition = Reserve.Condition(rawValue: word) else {
                        throw ConfigurationError(path: path, range: value.range, message: "`when` is always or image, not \(value.kindDescription)")
                    }
                    reserve.when = condition
                default:
                    let hint = nearest(key, in: reserveKeys).map { "; did you mean '\($0)'?" } ?? ""
                    throw ConfigurationError(path: path, range: pair.key.range, message: "a `reserve` entry has no key '\(key)'\(hint) (keys: \(reserveKeys.joined(separator: ", ")))")
                }
            }
        }
        guard hasWidth || pairs.contains(where: { $0.key.scalar == "width" }) else {
            throw ConfigurationError(path: path, range: node.range, message: "a `reserve` entry needs a `width` in points")
        }
        return reserve
    }

    private static func devices(_ node: Node, path: String) throws(ConfigurationError) -> [Device] {
        if node.scalar == "all" { return Devices.widths }
        if node.scalar == "supported" { return Devices.supported }
        guard let items = node.items, !items.isEmpty else {
            throw ConfigurationError(path: path, range: node.range, message: "`devices` is all, supported or a list of screen widths and iPhone models, not \(node.kindDescription)")
        }
        var devices: [Device] = []
        for item in items {
            let name = item.scalar ?? ""
            if let width = Double(name), item.scalarType == .int || item.scalarType == .float {
                guard width >= 100 && width <= 2000 else {
                    throw ConfigurationError(path: path, range: item.range, message: "a device width is in points, 100...2000, not \(name)")
                }
                devices.append(Devices.named(name) ?? Device(width: width, height: 0, models: ["\(name) pt screen"]))
                continue
            }
            guard let device = Devices.named(name) else {
                let hint = nearest(name, in: Devices.modelNames).map { "; did you mean '\($0)'?" } ?? ""
                throw ConfigurationError(path: path, range: item.range,
                                         message: "unknown device '\(name)'\(hint) (a width in points such as 320, or an iPhone model such as 'iPhone 13 mini')")
            }
            devices.append(device)
        }
        return devices.sorted { $0.width < $1.width }
    }

    /// `large...ax2`, a single size, or a list of sizes.
    private static func sizeList(_ node: Node, path: String, key: String) throws(ConfigurationError) -> [SizeCategory] {
        if let items = node.items, !items.isEmpty {
            var sizes: [SizeCategory] = []
            for item in items { sizes.append(try size(item, path: path)) }
            return sizes.sorted()
        }
        guard let text = node.scalar, node.scalarType == .string else {
            throw ConfigurationError(path: path, range: node.range, message: "`\(key)` is a range of sizes (large...ax2) or a list of sizes, not \(node.kindDescription)")
        }
        let bounds = text.components(separatedBy: "...")
        guard bounds.count <= 2 else {
            throw ConfigurationError(path: path, range: node.range, message: "`\(key)` is a range of sizes (large...ax2) or a list of sizes")
        }
        var sizes: [SizeCategory] = []
        for bound in bounds {
            guard let size = SizeCategory(name: bound.trimmingCharacters(in: .whitespaces)) else {
                throw ConfigurationError(path: path, range: node.range, message: unknownSize(bound.trimmingCharacters(in: .whitespaces)))
            }
            sizes.append(size)
        }
        guard sizes[0] <= sizes[sizes.count - 1] else {
            throw ConfigurationError(path: path, range: node.range, message: "`\(key)` goes from the smaller size to the larger (\(sizes[1].name)...\(sizes[0].name))")
        }
        return SizeCategory.through(sizes[0], sizes[sizes.count - 1])
    }

    private static func size(_ node: Node, path: String) throws(ConfigurationError) -> SizeCategory {
        guard let word = node.scalar, let size = SizeCategory(name: word) else {
            throw ConfigurationError(path: path, range: node.range, message: unknownSize(node.scalar ?? node.kindDescription))
        }
        return size
    }

    static func unknownSize(_ word: String) -> String {
        let names = SizeCategory.allCases.map(\.name)
        let hint = nearest(word.lowercased(), in: names).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown size '\(word)'\(hint) (sizes: \(names.joined(separator: ", ")))"
    }

    private static func style(_ node: Node, path: String) throws(ConfigurationError) -> TextStyle {
        guard let word = node.scalar, let style = TextStyle(name: word) else {
            let names = TextStyle.allCases.map(\.name)
            let word = node.scalar ?? ""
            let hint = nearest(word.lowercased(), in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw ConfigurationError(path: path, range: node.range, message: "unknown text style '\(word)'\(hint) (styles: \(names.joined(separator: ", ")))")
        }
        return style
    }

    private static func number(_ node: Node, path: String, key: String) throws(ConfigurationError) -> Double {
        guard node.scalarType == .int || node.scalarType == .float, let value = Double(node.scalar ?? ""), value >= 0, value < 10_000 else {
            throw ConfigurationError(path: path, range: node.range, message: "`\(key)` takes a number of points (0 or more), not \(node.kindDescription)")
        }
        return value
    }

    private static func integer(_ node: Node, path: String, key: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard node.scalarType == .int, let value = Int(node.scalar ?? ""), range.contains(value) else {
            throw ConfigurationError(path: path, range: node.range, message: "`\(key)` takes a whole number in \(range.lowerBound)...\(range.upperBound), not \(node.kindDescription)")
        }
        return value
    }
}

/// iPhone screen widths in portrait, in points.
///
/// Source: Apple Human Interface Guidelines, Layout > Specifications > iOS, iPadOS device screen
/// dimensions (portrait width × height in points, per model). Only the width matters for line
/// breaking; models that share a width share an entry.
public struct Device: Sendable, Equatable, CustomStringConvertible {
    /// Portrait width in points.
    public var width: Double
    /// Portrait height in points (informational).
    public var height: Double
    /// The models with this screen width; the first one names the width in messages.
    public var models: [String]

    public init(width: Double, height: Double, models: [String]) {
        self.width = width
        self.height = height
        self.models = models
    }

    /// The model that names this width in messages, e.g. `iPhone SE (1st generation)` for 320 pt.
    public var name: String { models.first ?? "\(LayoutFormat.points(width)) pt" }

    public var description: String { "\(LayoutFormat.points(width)) pt (\(models.joined(separator: ", ")))" }
}

public enum Devices {
    /// Every iPhone width, narrowest first.
    public static let all: [Device] = [
        Device(width: 320, height: 568, models: ["iPhone SE (1st generation)", "iPod touch (7th generation)"]),
        Device(width: 375, height: 667, models: ["iPhone SE (3rd generation)", "iPhone SE (2nd generation)", "iPhone 8", "iPhone 7", "iPhone 6s"]),
        Device(width: 375, height: 812, models: ["iPhone X", "iPhone XS", "iPhone 11 Pro", "iPhone 12 mini", "iPhone 13 mini"]),
        Device(width: 390, height: 844, models: ["iPhone 12", "iPhone 12 Pro", "iPhone 13", "iPhone 13 Pro", "iPhone 14", "iPhone 16e"]),
        Device(width: 393, height: 852, models: ["iPhone 14 Pro", "iPhone 15", "iPhone 15 Pro", "iPhone 16"]),
        Device(width: 402, height: 874, models: ["iPhone 16 Pro", "iPhone 17", "iPhone 17 Pro"]),
        Device(width: 414, height: 896, models: ["iPhone XR", "iPhone XS Max", "iPhone 11", "iPhone 11 Pro Max"]),
        Device(width: 414, height: 736, models: ["iPhone 6s Plus", "iPhone 7 Plus", "iPhone 8 Plus"]),
        Device(width: 420, height: 912, models: ["iPhone Air"]),
        Device(width: 428, height: 926, models: ["iPhone 12 Pro Max", "iPhone 13 Pro Max", "iPhone 14 Plus"]),
        Device(width: 430, height: 932, models: ["iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 15 Pro Max", "iPhone 16 Plus"]),
        Device(width: 440, height: 956, models: ["iPhone 16 Pro Max", "iPhone 17 Pro Max"]),
    ]

    /// The iOS release whose iPhones the defaults follow: the newest one released. Update it
    /// (and the table in docs/layout.md) when a new release comes out; `standard` follows.
    public static let currentRelease = IOSRelease(
        name: "iOS 27",
        source: "Apple's WWDC 2026 announcement, as reported (June 2026): iOS 27 runs on every iPhone that runs "
            + "iOS 26 (Apple, iOS 26 compatible devices: iPhone 11 and later, iPhone SE (2nd generation) and later)",
        // Newest first, so that the model naming a width is the newest of that width.
        supportedModels: [
            "iPhone 17 Pro Max", "iPhone 17 Pro", "iPhone 17", "iPhone Air",
            "iPhone 16 Pro Max", "iPhone 16 Pro", "iPhone 16 Plus", "iPhone 16", "iPhone 16e",
            "iPhone 15 Pro Max", "iPhone 15 Pro", "iPhone 15 Plus", "iPhone 15",
            "iPhone 14 Pro Max", "iPhone 14 Pro", "iPhone 14 Plus", "iPhone 14",
            "iPhone SE (3rd generation)",
            "iPhone 13 Pro Max", "iPhone 13 Pro", "iPhone 13", "iPhone 13 mini",
            "iPhone 12 Pro Max", "iPhone 12 Pro", "iPhone 12", "iPhone 12 mini",
            "iPhone SE (2nd generation)",
            "iPhone 11 Pro Max", "iPhone 11 Pro", "iPhone 11",
        ])

    /// The widths `currentRelease` runs on, narrowest first, each with the models of that width
    /// it supports (newest first).
    public static let supported: [Device] = {
        var merged: [Device] = []
        for model in currentRelease.supportedModels {
            guard let device = all.first(where: { $0.models.contains(model) }) else { continue }
            if let index = merged.firstIndex(where: { $0.width == device.width }) {
                merged[index].models.append(model)
            } else {
                merged.append(Device(width: device.width, height: device.height, models: [model]))
            }
        }
        return merged.sorted { $0.width < $1.width }
    }()

    /// The default device: the narrowest iPhone `currentRelease` supports (named by its newest
    /// model of that width), where a text is cut first among the phones people can update.
    public static var standard: Device { supported[0] }

    /// The distinct widths, narrowest first, each with every model that has it.
    public static let widths: [Device] = {
        var merged: [Device] = []
        for device in all {
            if let index = merged.firstIndex(where: { $0.width == device.width }) {
                merged[index].models += device.models
            } else {
                merged.append(device)
            }
        }
        return merged
    }()

    /// The device for a name: a model (`iPhone SE (1st generation)`, `iphone-16-pro`, `16 pro`,
    /// forgiving case and punctuation), or a width in points (`320`).
    public static func named(_ name: String) -> Device? {
        if let width = Double(name), let device = widths.first(where: { $0.width == width }) {
            return device
        }
        let key = LayoutNames.key(name)
        guard !key.isEmpty else { return nil }
        for device in widths {
            for model in device.models {
                let modelKey = LayoutNames.key(model)
                if modelKey == key || modelKey == "iphone" + key || shortKey(model) == key {
                    var found = device
                    found.models = [model]
                    return found
                }
            }
        }
        return nil
    }

    /// `se1` for `iPhone SE (1st generation)`, `se3` for the 3rd.
    private static func shortKey(_ model: String) -> String {
        let key = LayoutNames.key(model)
        guard key.hasPrefix("iphonese"), let digit = key.dropFirst("iphonese".count).first else { return key }
        return "se" + String(digit)
    }

    /// Every accepted model name, for help and error messages.
    public static var modelNames: [String] { widths.flatMap { $0.models } }
}

/// An iOS release and the iPhones it runs on, with where that list comes from.
public struct IOSRelease: Sendable, Equatable {
    public var name: String
    public var source: String
    /// Model names as `Devices.all` spells them.
    public var supportedModels: [String]
}

public enum LayoutFormat {
    /// `320`, `196.4`: points with at most one decimal.
    public static func points(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

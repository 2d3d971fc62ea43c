import Dispatch
import QuizSupport
import Foundation
import QuizBank
import QuizLayout
import QuizLint

/// `quizbank measure`: how many lines texts take at a Dynamic Type size on a width, wrapped as
/// UILabel wraps them. Texts come from stdin, one per line; or, with bank paths, every text of
/// those banks is measured and summarized.
enum MeasureCommand: Command {
    static let name = "measure"
    static let summary = "Count the lines texts take at a Dynamic Type size and width (stdin, one text a line, or banks)."
    static let usage = "quizbank measure [--style S] [--size S|--points PT] [--width PT|--device NAME] [options] [PATH...] < texts"
    static let options = [
        OptionSpec(name: "style", short: nil, takesValue: true, valueName: "STYLE",
                   help: "text style: \(TextStyle.allCases.map(\.name).joined(separator: ", ")) (default: body, or the profile's)"),
        OptionSpec(name: "size", short: nil, takesValue: true, valueName: "SIZE[,SIZE...]|all",
                   help: "Dynamic Type size: xsmall, small, medium, large, xlarge, xxlarge (xxl), xxxlarge (xxxl), ax1...ax5 (default: large)"),
        OptionSpec(name: "points", short: nil, takesValue: true, valueName: "PT",
                   help: "a point size instead of a style and size"),
        OptionSpec(name: "width", short: nil, takesValue: true, valueName: "PT[,PT...]",
                   help: "line width in points"),
        OptionSpec(name: "device", short: nil, takesValue: true, valueName: "NAME[,NAME...]|all|supported",
                   help: "an iPhone model or screen width (375), all widths, or those the current iOS supports: the line is the whole screen width, less the profile's insets and icons with --profile (default: iPhone SE (3rd generation))"),
        OptionSpec(name: "profile", short: nil, takesValue: true, valueName: "review|choice|hint",
                   help: "a screen profile from the configuration's layout section: its style, insets and icons"),
        OptionSpec(name: "image", short: nil, takesValue: false, help: "with --profile: the question has an image (its thumbnail takes width)"),
        OptionSpec(name: "font", short: nil, takesValue: true, valueName: "FILE",
                   help: "an OpenType/TrueType font to measure with, exactly (default: layout.font, else Inter calibrated toward SF Pro)"),
        OptionSpec(name: "tracking", short: nil, takesValue: true, valueName: "EM|system",
                   help: "tracking in em after every character (0: none; default: system, the HIG table for the point size)"),
        OptionSpec(name: "format", short: "f", takesValue: true, valueName: "text|json",
                   help: "text: line counts; json: one object per text and size with lines, widest line and line starts"),
        OptionSpec(name: "escapes", short: nil, takesValue: false, help: "read \\n, \\t, \\\\ and \\u{...} in stdin lines as the characters they name"),
        OptionSpec(name: "config", short: "c", takesValue: true, valueName: "FILE",
                   help: "the configuration whose layout section applies (default: the nearest .quizbank.yml)"),
        OptionSpec(name: "summary", short: nil, takesValue: false,
                   help: "with texts from stdin: print a summary of line counts per size and width, as for banks"),
        OptionSpec(name: "print-texts", short: nil, takesValue: false,
                   help: "with banks: print every text, one a line as --escapes reads it, instead of measuring"),
        OptionSpec(name: "timing", short: nil, takesValue: false,
                   help: "with banks or --summary: print how long measuring alone took (wall and CPU) on stderr"),
    ]

    struct Target {
        var size: SizeCategory?
        var points: Double
        var tracking: Double
        var width: Double
        var device: Device?
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if arguments.has("print-texts") {
            guard !arguments.positional.isEmpty else { throw UsageError(message: "--print-texts needs bank paths") }
            printTexts(try bankTexts(arguments.positional))
            return ExitStatus.success
        }
        let format = arguments.value("format") ?? "text"
        guard format == "text" || format == "json" else {
            throw UsageError(message: "--format takes text or json, not '\(format)'")
        }
        let finder = try ConfigurationFinder(explicitPath: arguments.value("config"))
        let settings = try finder.configuration(for: "./-").layout

        var profile: ScreenProfile?
        if let name = arguments.value("profile") {
            guard let found = settings.profiles[name] else {
                throw UsageError(message: "--profile takes \(LayoutSettings.profileNames.joined(separator: ", ")), not '\(name)'")
            }
            profile = found
        }
        if arguments.has("image") && profile == nil {
            throw UsageError(message: "--image needs --profile")
        }
        var style = profile?.style ?? .body
        if let name = arguments.value("style") {
            guard let found = TextStyle(name: name) else {
                throw UsageError(message: "unknown style '\(name)'" + hint(name, TextStyle.allCases.map(\.name)))
            }
            style = found
        }

        var tracking = settings.tracking
        if let text = arguments.value("tracking") {
            if text == "system" {
                tracking = .system
            } else if let em = Double(text), em.isFinite, abs(em) < 1 {
                tracking = .fixed(em)
            } else {
                throw UsageError(message: "--tracking takes a number of em (such as -0.026 or 0) or system, not '\(text)'")
            }
        }
        var trackingSettings = settings
        trackingSettings.tracking = tracking

        // Sizes: a point size, or Dynamic Type sizes of the style.
        var sizes: [(size: SizeCategory?, points: Double)] = []
        if let text = arguments.value("points") {
            guard let points = Double(text), points > 0, points < 1000 else {
                throw UsageError(message: "--points takes a point size, not '\(text)'")
            }
            if arguments.value("size") != nil { throw UsageError(message: "give --size or --points, not both") }
            sizes = [(nil, points)]
        } else {
            for size in try sizeList(arguments.value("size") ?? "large") {
                sizes.append((size, DynamicTypeTable.pointSize(style, size)))
            }
        }

        // Widths: points, or devices (less the profile's insets and reserves at each size).
        var widths: [(width: Double?, device: Device?)] = []
        if let text = arguments.value("width") {
            if arguments.value("device") != nil { throw UsageError(message: "give --width or --device, not both") }
            for part in text.split(separator: ",") {
                // Bounded, so that every width prints as a JSON number (`inf` is none, and 1e308
                // overflows to it when rounded for printing).
                guard let width = Double(part.trimmingCharacters(in: .whitespaces)), width > 0, width <= Self.maximumWidth else {
                    throw UsageError(message: "--width takes a width in points, more than 0 and at most \(Int(Self.maximumWidth)), not '\(part)'")
                }
                widths.append((width, nil))
            }
        } else if let text = arguments.value("device") {
            let devices = text == "all" ? Devices.widths : text == "supported" ? Devices.supported : try text.split(separator: ",").map { part throws(UsageError) -> Device in
                let name = part.trimmingCharacters(in: .whitespaces)
                guard let device = Devices.named(name) else {
                    throw UsageError(message: "unknown device '\(name)'" + hint(name, Devices.modelNames)
                                     + " (a width in points such as 320, or a model such as 'iPhone 13 mini')")
                }
                return device
            }
            widths = devices.map { (nil, $0) }
        } else {
            // The device the layout rules measure on by default (`layout.devices`).
            widths = [(nil, Devices.standard)]
        }

        var targets: [Target] = []
        for size in sizes {
            for width in widths {
                let lineWidth: Double
                if let device = width.device {
                    let displayed = size.size ?? .large
                    lineWidth = profile?.textWidth(screenWidth: device.width, size: displayed, hasImage: arguments.has("image")) ?? device.width
                } else {
                    lineWidth = width.width!
                }
                targets.append(Target(size: size.size, points: size.points, tracking: trackingSettings.trackingEm(atPoints: size.points),
                                      width: lineWidth, device: width.device))
            }
        }

        // The font: --font exactly, else the configuration's, else the default.
        var fontPath = settings.fontPath
        if let file = arguments.value("font") {
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw CommandFailure(message: "cannot read font file '\(file)'")
            }
            fontPath = file
        }
        let choice = LayoutFonts.resolve(explicit: fontPath)
        if let warning = choice.warning {
            Terminal.standardError.write("quizbank measure: warning: \(warning)\n")
        }
        let measurer: TextMeasurer
        do {
            measurer = try LayoutFonts.measurer(for: choice)
        } catch {
            throw CommandFailure(message: "\(error)")
        }

        if !arguments.positional.isEmpty {
            return summarize(try bankTexts(arguments.positional), measurer: measurer, targets: targets, format: format, timing: arguments.has("timing"))
        }
        let texts = standardInputLines(escapes: arguments.has("escapes"))
        if arguments.has("summary") {
            return summarize(texts, measurer: measurer, targets: targets, format: format, timing: arguments.has("timing"))
        }

        var output = ""
        var json = jsonLines()
        let wrapTargets = wrapTargets(targets)
        var scratch = MeasureScratch()
        var counts: [Int] = []
        for (index, text) in texts.enumerated() {
            if format == "text" {
                measurer.lineCounts(of: text, at: wrapTargets, into: &counts, scratch: &scratch)
                output += counts.map(String.init).joined(separator: " ") + "\n"
                if output.utf8.count > 1 << 16 {
                    Terminal.standardOutput.write(output)
                    output = ""
                }
            } else {
                let prepared = measurer.prepare(text)
                for target in targets {
                    let measure = prepared.layout(pointSize: target.points, trackingEm: target.tracking, width: target.width)
                    writeJSONLine(index: index + 1, measure: measure, target: target, style: style, to: &json)
                }
                if json.bytes.count > 1 << 16 {
                    Terminal.standardOutput.write(json.bytes)
                    json.removeBytes()
                }
            }
        }
        Terminal.standardOutput.write(format == "text" ? Array(output.utf8) : json.bytes)
        return ExitStatus.success
    }

    static func wrapTargets(_ targets: [Target]) -> [WrapTarget] {
        targets.map { WrapTarget(pointSize: $0.points, trackingEm: $0.tracking, width: $0.width) }
    }

    static func sizeList(_ text: String) throws(UsageError) -> [SizeCategory] {
        if text == "all" { return SizeCategory.allCases }
        var sizes: [SizeCategory] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let size = SizeCategory(name: name) else {
                throw UsageError(message: "unknown size '\(name)'" + hint(name, SizeCategory.allCases.map(\.name))
                                 + " (sizes: \(SizeCategory.allCases.map(\.name).joined(separator: ", ")), or all)")
            }
            sizes.append(size)
        }
        return sizes
    }

    static func hint(_ word: String, _ names: [String]) -> String {
        nearest(word.lowercased(), in: names).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// A writer of one JSON document a line, each on one line with `", "` and `": "`.
    static func jsonLines() -> JSONWriter {
        JSONWriter(linedDepth: 0, deeper: .spaced)
    }

    /// One JSON object a line: the input line, the size, and how the text wraps.
    static func writeJSONLine(index: Int, measure: LineMeasure, target: Target, style: TextStyle, to json: inout JSONWriter) {
        json.beginObject()
        json.key("line"); json.int(index)
        json.key("lines"); json.int(measure.lineCount)
        json.key("widestLine"); json.number(measure.widestLine, decimals: 2)
        json.key("lineStarts"); json.intArray(measure.lineStarts)
        if let size = target.size {
            json.key("style"); json.string(style.name)
            json.key("size"); json.string(size.name)
        }
        json.key("points"); json.number(target.points, decimals: 2)
        json.key("trackingEm"); json.number(target.tracking, decimals: 4)
        json.key("width"); json.number(target.width, decimals: 2)
        if let device = target.device {
            json.key("device"); json.string(device.name)
        }
        json.endObject()
        json.finish()
    }

    static func number(_ value: Double, digits: Int = 2) -> String {
        let scale = pow(10, Double(digits))
        let rounded = (value * scale).rounded() / scale
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    /// `\n`, `\t`, `\\` and `\u{XXXX}` (or `\uXXXX`) as the characters they name.
    static func unescape(_ line: String) -> String {
        var out = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "n": out += "\n"
            case "t": out += "\t"
            case "r": out += "\r"
            case "\\": out += "\\"
            case "u":
                var hex = ""
                var braced = false
                while let digit = scalars.next() {
                    if digit == "{" && hex.isEmpty && !braced { braced = true; continue }
                    if digit == "}" && braced { break }
                    hex.unicodeScalars.append(digit)
                    if !braced && hex.count == 4 { break }
                }
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                    out.unicodeScalars.append(decoded)
                } else {
                    out += "\\u" + hex
                }
            default:
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(next)
            }
        }
        return out
    }

    /// Every text of the banks, each locale, as compiled.
    static func bankTexts(_ paths: [String]) throws -> [String] {
        let search = try BankFiles.findBanks(paths, command: name)
        if let unreadable = search.unreadable.first { throw CommandFailure(message: unreadable) }
        let files = search.banks
        var texts: [String] = []
        let decoder = BankDecoder()
        for file in files {
            let bytes = try BankFiles.read(file)
            let decoded = decoder.decode(bytes, path: file)
            guard let bank = decoded.bank else {
                throw CommandFailure(message: "\(file) has errors; run quizbank lint \(file)")
            }
            let sourceLocale = bank.locale.value
            for question in bank.questions {
                for text in question.localizedTexts {
                    for entry in text.entries(sourceLocale: sourceLocale) {
                        texts.append(TextNormalizer.normalize(entry.text))
                    }
                }
            }
        }
        return texts
    }

    /// Every text at every target: a summary of line counts per target. With `timing`, how
    /// long the measuring alone took (not reading the texts) goes to stderr.
    static func summarize(_ texts: [String], measurer: TextMeasurer, targets: [Target], format: String, timing: Bool) -> Int32 {
        let histogramSize = 6
        let wrapTargets = wrapTargets(targets)
        let workers = min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))
        let startCPU = clock()
        let start = DispatchTime.now()
        let summaries = measurer.summarize(texts, at: wrapTargets, buckets: histogramSize, workers: workers)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        // The process's CPU time, all threads.
        let cpuSeconds = Double(clock() - startCPU) / Double(CLOCKS_PER_SEC)

        if format == "json" {
            var json = jsonLines()
            json.beginObject()
            json.key("texts"); json.int(texts.count)
            json.key("words"); json.int(measurer.cachedWordCount)
            json.key("targets")
            json.beginArray(.lined)
            for (t, target) in targets.enumerated() {
                json.beginObject()
                json.key("size"); json.string(target.size?.name ?? "-")
                json.key("points"); json.number(target.points, decimals: 2)
                json.key("width"); json.number(target.width, decimals: 2)
                json.key("linesHistogram"); json.intArray(summaries[t].histogram)
                json.key("most"); json.int(summaries[t].most)
                json.endObject()
            }
            json.endArray()
            json.endObject()
            json.finish()
            Terminal.standardOutput.write(json.bytes)
        } else {
            var output = "size      points  width  texts  0 lines  1 line  2 lines  3 lines  4 lines  5+ lines  most\n"
            for (t, target) in targets.enumerated() {
                let histogram = summaries[t].histogram, most = summaries[t].most
                let cells = [(target.size?.name ?? "-").padding(toLength: 9, withPad: " ", startingAt: 0), pad(number(target.points), 6), pad(number(target.width), 6),
                             pad(String(texts.count), 6)] + histogram.enumerated().map { pad(String($1), [7, 6, 7, 7, 7, 8][$0]) } + [pad(String(most), 4)]
                output += cells.joined(separator: "  ") + "\n"
            }
            Terminal.standardOutput.write(output)
        }
        if timing {
            Terminal.standardError.write("quizbank measure: \(texts.count) texts (\(measurer.cachedWordCount) distinct words) at "
                                         + "\(targets.count) sizes and widths in \(number(seconds, digits: 3)) s (CPU \(number(cpuSeconds, digits: 3)) s; \(measurer.source))\n")
        }
        return ExitStatus.success
    }

    /// Texts one a line, as `--escapes` reads them back: backslashes, line feeds and carriage
    /// returns written as `\\`, `\n` and `\r`.
    static func printTexts(_ texts: [String]) {
        var output = ""
        for text in texts {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                default: output.unicodeScalars.append(scalar)
                }
            }
            output += "\n"
            if output.utf8.count > 1 << 16 {
                Terminal.standardOutput.write(output)
                output = ""
            }
        }
        Terminal.standardOutput.write(output)
    }

    /// Standard input's lines, without their line feed or a carriage return before it, with
    /// `escapes` read. Split on bytes, so that a carriage return and line feed are not read as
    /// one character; only a line with a backslash has escapes to read.
    static func standardInputLines(escapes: Bool) -> [String] {
        let input = FileHandle.standardInput.readDataToEndOfFile()
        var lines: [String] = []
        input.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                var end = start
                var backslash = false
                while end < bytes.count && bytes[end] != 0x0A {
                    if bytes[end] == 0x5C { backslash = true }
                    end += 1
                }
                var lineEnd = end
                if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]), as: UTF8.self)
                lines.append(escapes && backslash ? unescape(line) : line)
                start = end + 1
            }
        }
        return lines
    }

    /// The widest line `--width` takes, far beyond any screen.
    static let maximumWidth = 100_000.0

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

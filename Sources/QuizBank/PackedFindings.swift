import QuizYAML

/// Findings kept as bytes while they wait to be reported: a streamed lint's question chunks
/// that run beside the bank and run rules, and the bank and run rules' findings, packed as
/// they are reported and held until their place in the report comes. A finding takes its
/// texts' UTF-8 and about 30 bytes, instead of its box, its strings' own allocations and, for
/// a layout finding, the boxes of its measurement (and, for a near-duplicate finding, a string
/// for each related location's note). The strings findings repeat (rule ids, paths, a
/// measurement's names) are kept once. `unpacked()` gives findings equal to those packed, in
/// order; `finding(at:)` one of them.
public struct PackedFindings: Sendable {
    private var writer = Writer()
    /// Where each finding's bytes start.
    private var starts: [Int] = []
    /// The repeated strings, by number.
    private var strings: [String] = []
    private var numbers: [String: UInt32] = [:]

    public var count: Int { starts.count }

    /// None yet: `append(_:)` adds them.
    public init() {}

    public init(_ findings: [Finding]) {
        starts.reserveCapacity(findings.count)
        for finding in findings { append(finding) }
        // Kept at its size: the room it grew into would be held too.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(writer.bytes.count)
        bytes.append(contentsOf: writer.bytes)
        writer.bytes = bytes
    }

    public mutating func append(_ finding: Finding) {
        starts.append(writer.bytes.count)
        writer.byte(Self.code(finding.severity))
        writer.range(finding.range)
        writer.number(number(finding.ruleID))
        writer.number(number(finding.path))
        writer.text(finding.message)
        let related = finding.related, suggestion = finding.suggestion, measure = finding.measure, fix = finding.fix
        writer.byte((related.isEmpty ? 0 : 1) | (suggestion == nil ? 0 : 2) | (measure == nil ? 0 : 4) | (fix == nil ? 0 : 8))
        if !related.isEmpty {
            writer.number(UInt32(related.count))
            for item in related {
                writer.number(number(item.path))
                writer.range(item.range)
                writer.text(item.note)
            }
        }
        if let suggestion { writer.text(suggestion) }
        if let measure {
            for name in [measure.profile, measure.locale, measure.style, measure.deviceName, measure.font] {
                writer.number(number(name))
            }
            writer.word(UInt64(bitPattern: Int64(measure.maxLines)))
            writer.word(measure.deviceWidth.bitPattern)
            writer.number(UInt32(measure.sizes.count))
            for size in measure.sizes {
                writer.number(number(size.size))
                writer.word(size.points.bitPattern)
                writer.word(size.width.bitPattern)
                writer.word(UInt64(bitPattern: Int64(size.lines)))
            }
        }
        if let fix {
            writer.range(fix.range)
            writer.text(fix.replacement)
            writer.byte(fix.safety == .safe ? 0 : 1)
            switch fix.target {
            case .source: writer.byte(0)
            case .text(let text): writer.byte(1); writer.text(text)
            case .scalar(let text): writer.byte(2); writer.text(text)
            }
        }
    }

    private mutating func number(_ string: String) -> UInt32 {
        if let known = numbers[string] { return known }
        let next = UInt32(strings.count)
        numbers[string] = next
        strings.append(string)
        return next
    }

    /// Where a finding goes in report order (its file, range and rule), read without making it.
    public func place(at index: Int) -> (path: String, range: SourceRange, ruleID: String) {
        writer.bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer, offset: starts[index] + 1)
            let range = reader.range()
            let ruleID = strings[reader.index()]
            return (strings[reader.index()], range, ruleID)
        }
    }

    /// The findings, as they were packed.
    public func unpacked() -> [Finding] {
        (0..<count).map(finding(at:))
    }

    /// The finding packed `index`th.
    public func finding(at index: Int) -> Finding {
        writer.bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer, offset: starts[index])
            let severity = Self.severity(reader.byte())
            let range = reader.range()
            let ruleID = strings[reader.index()], path = strings[reader.index()]
            let message = reader.text()
            let present = reader.byte()
            var related: [Finding.Related] = []
            if present & 1 != 0 {
                let items = reader.index()
                related.reserveCapacity(items)
                for _ in 0..<items {
                    let path = strings[reader.index()]
                    let range = reader.range()
                    related.append(Finding.Related(path: path, range: range, note: reader.text()))
                }
            }
            let suggestion = present & 2 != 0 ? reader.text() : nil
            var measure: Finding.Measure?
            if present & 4 != 0 {
                let profile = strings[reader.index()], locale = strings[reader.index()], style = strings[reader.index()]
                let deviceName = strings[reader.index()], font = strings[reader.index()]
                let maxLines = Int(Int64(bitPattern: reader.word()))
                let deviceWidth = Double(bitPattern: reader.word())
                let sizeCount = reader.index()
                var sizes: [Finding.Measure.Size] = []
                sizes.reserveCapacity(sizeCount)
                for _ in 0..<sizeCount {
                    let name = strings[reader.index()]
                    let points = Double(bitPattern: reader.word()), width = Double(bitPattern: reader.word())
                    sizes.append(Finding.Measure.Size(size: name, points: points, width: width, lines: Int(Int64(bitPattern: reader.word()))))
                }
                measure = Finding.Measure(profile: profile, locale: locale, style: style, maxLines: maxLines, deviceName: deviceName,
                                          deviceWidth: deviceWidth, sizes: sizes, font: font)
            }
            var fix: Finding.Fix?
            if present & 8 != 0 {
                let range = reader.range()
                let replacement = reader.text()
                let safety: Finding.Fix.Safety = reader.byte() == 0 ? .safe : .unsafe
                let target: Finding.Fix.Target
                switch reader.byte() {
                case 0: target = .source
                case 1: target = .text(reader.text())
                default: target = .scalar(reader.text())
                }
                fix = Finding.Fix(range: range, replacement: replacement, safety: safety, target: target)
            }
            return Finding(ruleID: ruleID, severity: severity, message: message, path: path, range: range,
                           related: related, suggestion: suggestion, measure: measure, fix: fix)
        }
    }

    /// The bytes kept, the repeated strings and the findings' starts aside.
    public var byteCount: Int { writer.bytes.capacity }

    private static func code(_ severity: Severity) -> UInt8 {
        switch severity {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    private static func severity(_ code: UInt8) -> Severity {
        code == 0 ? .info : code == 1 ? .warning : .error
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func byte(_ value: UInt8) { bytes.append(value) }

        /// Seven bits a byte, low first: most numbers here take one or two.
        mutating func number(_ value: UInt32) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        mutating func word(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }

        mutating func range(_ range: SourceRange) {
            number(range.start.line)
            number(range.start.column)
            number(range.end.line)
            number(range.end.column)
        }

        mutating func text(_ text: String) {
            number(UInt32(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func number() -> UInt32 {
            var value: UInt32 = 0, shift: UInt32 = 0
            while true {
                let next = byte()
                value |= UInt32(next & 0x7F) << shift
                guard next >= 0x80 else { return value }
                shift += 7
            }
        }

        mutating func index() -> Int { Int(number()) }

        mutating func word() -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
            return value
        }

        mutating func range() -> SourceRange {
            let startLine = number(), startColumn = number(), endLine = number(), endColumn = number()
            var range = SourceRange(at: SourceMark(line: 0, column: 0))
            range.start.line = startLine
            range.start.column = startColumn
            range.end.line = endLine
            range.end.column = endColumn
            return range
        }

        mutating func text() -> String {
            let length = index()
            defer { offset += length }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
        }
    }
}

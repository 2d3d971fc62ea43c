/// Number formatting and bars shared by the renderers, so that every view shows a figure the
/// same way. No Foundation formatting: the output must not depend on the machine's locale.
enum StatsFormat {
    /// `x` with `decimals` digits after the point, rounded half away from zero.
    static func fixed(_ x: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        let whole = Int(scaled / scale)
        var text = (x < 0 && scaled > 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(Int(scaled - Double(whole) * scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// "55.0%"; "–" when there is no share.
    static func percent(_ share: Double?) -> String {
        guard let share else { return "–" }
        return fixed(share * 100, 1) + "%"
    }

    /// A horizontal bar of `width` cells at most for `value / maximum`, in eighths of a cell.
    /// `3 warnings`, `1 info`, `2, not reported` (severity `off`): texts a layout rule would
    /// report, for the truncation figures.
    static func findings(_ count: Int, _ severity: String) -> String {
        severity == "off" ? "\(count), not reported" : "\(count) \(severity)\(count == 1 ? "" : "s")"
    }

    static func bar(_ value: Double, of maximum: Double, width: Int) -> String {
        guard maximum > 0, value > 0 else { return "" }
        let eighths = max(1, Int((value / maximum * Double(width * 8)).rounded()))
        let blocks: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8)
        if eighths % 8 > 0 { bar.append(blocks[eighths % 8 - 1]) }
        return bar
    }

    static func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }

    /// `text` cut to `limit` Characters, ending in "…" when cut.
    static func truncated(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(0, limit - 1))) + "…"
    }

    /// `text` cut to its last `limit` Characters, starting with "…" when cut (for paths, whose
    /// end names the file).
    static func truncatedLeading(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : "…" + String(text.suffix(max(0, limit - 1)))
    }

    /// A text on one line: line breaks and tabs as spaces.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}

/// Rows of cells laid out in aligned columns for a terminal: two spaces between columns, no
/// trailing spaces. Widths count Characters (East Asian wide characters count one).
struct TextTable {
    enum Alignment { case left, right }

    struct Cell {
        var text: String
        var style: TextStyle?

        init(_ text: String, _ style: TextStyle? = nil) {
            self.text = text
            self.style = style
        }
    }

    var alignments: [Alignment]
    var rows: [[Cell]] = []
    var indent = 2

    init(_ alignments: [Alignment]) {
        self.alignments = alignments
    }

    mutating func add(_ cells: [Cell]) { rows.append(cells) }
    mutating func add(_ texts: String...) { rows.append(texts.map { Cell($0) }) }

    func render(color: Bool) -> String {
        var widths = [Int](repeating: 0, count: alignments.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.text.count)
            }
        }
        var out = ""
        for row in rows {
            var line = String(repeating: " ", count: indent)
            var pendingSpaces = 0
            for (index, cell) in row.enumerated() {
                let width = index < widths.count ? widths[index] : cell.text.count
                let padding = max(0, width - cell.text.count)
                let alignment = index < alignments.count ? alignments[index] : .left
                if index > 0 { pendingSpaces += 2 }
                if alignment == .right { pendingSpaces += padding }
                if !cell.text.isEmpty {
                    line += String(repeating: " ", count: pendingSpaces)
                    pendingSpaces = 0
                    line += TextStyle.paint(cell.text, cell.style, color: color)
                }
                if alignment == .left { pendingSpaces += padding }
            }
            out += line + "\n"
        }
        return out
    }
}

/// The few styles of the text view; plain text when color is off.
enum TextStyle {
    case heading, good, bad, bar, dim

    var code: String {
        switch self {
        case .heading: return "1"
        case .good: return "32"
        case .bad: return "33"
        case .bar: return "36"
        case .dim: return "2"
        }
    }

    static func paint(_ text: String, _ style: TextStyle?, color: Bool) -> String {
        guard color, let style, !text.isEmpty else { return text }
        return "\u{1B}[\(style.code)m\(text)\u{1B}[0m"
    }
}

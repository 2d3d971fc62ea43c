/// Writes JSON into a byte buffer in the order of the calls, keys in the order written, so that
/// the same calls always give the same bytes: every JSON document quizbank writes (compiled
/// banks, lint reports, statistics, measurements) goes through it, with `JSONString`'s escaping.
///
/// Each container has a layout, given when it is opened or else by its depth (`linedDepth`).
/// A large document is written out as it grows: take `bytes` and `removeBytes()` between
/// members (the layout state stays), so that the whole never sits in memory.
public struct JSONWriter: Sendable {
    public enum Layout: Sendable {
        /// Each member on a line of its own, indented two spaces for each lined container it is
        /// in; `": "` after a key. The closing bracket on a line of its own.
        case lined
        /// Members on one line, `", "` between them and `": "` after a key.
        case spaced
        /// Members on one line, `,` between them and `:` after a key.
        case compact
    }

    public private(set) var bytes: [UInt8] = []
    /// Containers opened without a layout up to this depth (the document's own members are at
    /// depth 1) are lined; deeper ones take `deeperLayout`.
    private let linedDepth: Int
    private let deeperLayout: Layout
    private var containers: [Container] = [Container(layout: .lined, hasMember: false, linedLevel: 0)]
    private var valueFollowsKey = false

    private struct Container: Sendable {
        var layout: Layout
        /// Whether it has a member already (a comma goes before the next).
        var hasMember: Bool
        /// How many lined containers hold its members, itself included: their indentation.
        var linedLevel: Int
    }

    /// - Parameters:
    ///   - linedDepth: containers at this depth or less are lined unless opened with a layout;
    ///     the default lines every container (2-space indented, one member a line).
    ///   - capacity: room for this many bytes, in 2 MiB pages (`LargeBuffer`) when large.
    public init(linedDepth: Int = .max, deeper: Layout = .compact, capacity: Int = 0) {
        self.linedDepth = linedDepth
        deeperLayout = deeper
        if capacity > 0 { bytes = LargeBuffer.bytes(capacity: capacity) }
    }

    /// A writer for one member of a container `depth` levels down that already has members, so
    /// that what it writes can be made apart (on another thread) and placed after this writer's
    /// bytes with `memberWrittenApart`. The containers on the way are opened by their depth.
    public init(laterMemberAtDepth depth: Int, linedDepth: Int, deeper: Layout = .compact, capacity: Int) {
        self.linedDepth = linedDepth
        deeperLayout = deeper
        bytes.reserveCapacity(capacity)
        for level in stride(from: 1, through: depth, by: 1) {
            let layout = level <= linedDepth ? Layout.lined : deeper
            containers.append(Container(layout: layout, hasMember: true,
                                        linedLevel: containers[level - 1].linedLevel + (layout == .lined ? 1 : 0)))
        }
    }

    /// What a `laterMemberAtDepth` writer for the current container wrote, to go right after
    /// `bytes` (kept apart by the caller): without its leading comma when it is the
    /// container's first member. Members written after it get their comma.
    public mutating func memberWrittenApart(_ member: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        if containers[containers.count - 1].hasMember { return member }
        containers[containers.count - 1].hasMember = true
        return member.dropFirst()
    }

    /// Empties the buffer, keeping its room (the layout state stays: what was written was
    /// handed over).
    public mutating func removeBytes() {
        bytes.removeAll(keepingCapacity: true)
    }

    public mutating func beginObject(_ layout: Layout? = nil) { open(UInt8(ascii: "{"), layout) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray(_ layout: Layout? = nil) { open(UInt8(ascii: "["), layout) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    public mutating func key(_ name: StaticString) {
        newMember()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        afterKey()
    }

    /// A key that is not known when the program is written (a field or locale name).
    /// Disfavoured, so that a literal key takes the `StaticString` overload and is copied as it
    /// is rather than escaped byte by byte (a string literal would otherwise choose `String`).
    @_disfavoredOverload
    public mutating func key(_ name: String) {
        newMember()
        JSONString.appendQuoted(name, to: &bytes)
        afterKey()
    }

    public mutating func string(_ value: String) {
        element()
        JSONString.appendQuoted(value, to: &bytes)
    }

    /// A string whose literal, quotes and all, `literal` appends (a text escaped and checked
    /// in one pass: `JSONString.appendQuoted(_:to:gate:otherwise:)`).
    public mutating func string(literal: (inout [UInt8]) -> Void) {
        element()
        literal(&bytes)
    }

    public mutating func bool(_ value: Bool) {
        element()
        let literal: StaticString = value ? "true" : "false"
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func int(_ value: Int) {
        element()
        DecimalText.append(value, to: &bytes)
    }

    /// Integral values as integers; others in Swift's shortest round-tripping form.
    public mutating func number(_ value: Double) {
        if value == value.rounded(), abs(value) < 1e15 {
            int(Int(value))
        } else {
            element()
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// `value` rounded to `decimals` places (half away from zero), then as `number` writes it:
    /// `196.4`, `17`.
    public mutating func number(_ value: Double, decimals: Int) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        number((value * scale).rounded() / scale)
    }

    public mutating func stringArray(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    public mutating func intArray(_ values: [Int]) {
        beginArray()
        for value in values { int(value) }
        endArray()
    }

    /// Ends a document with a newline (another may follow: one document a line).
    public mutating func finish() {
        bytes.append(0x0A)
    }

    // MARK: Layout

    private mutating func element() {
        if valueFollowsKey {
            valueFollowsKey = false
        } else {
            newMember()
        }
    }

    private mutating func afterKey() {
        bytes.append(UInt8(ascii: ":"))
        if containers[containers.count - 1].layout != .compact { bytes.append(0x20) }
        valueFollowsKey = true
    }

    private mutating func newMember() {
        let index = containers.count - 1
        guard index > 0 else { return }
        let container = containers[index]
        if container.hasMember { bytes.append(UInt8(ascii: ",")) }
        containers[index].hasMember = true
        switch container.layout {
        case .lined:
            bytes.append(0x0A)
            indent(container.linedLevel)
        case .spaced:
            if container.hasMember { bytes.append(0x20) }
        case .compact:
            break
        }
    }

    private mutating func open(_ bracket: UInt8, _ layout: Layout?) {
        element()
        bytes.append(bracket)
        let depth = containers.count
        let chosen = layout ?? (depth <= linedDepth ? .lined : deeperLayout)
        containers.append(Container(layout: chosen, hasMember: false,
                                    linedLevel: containers[depth - 1].linedLevel + (chosen == .lined ? 1 : 0)))
    }

    private mutating func close(_ bracket: UInt8) {
        let container = containers.removeLast()
        if container.hasMember && container.layout == .lined {
            bytes.append(0x0A)
            indent(containers[containers.count - 1].linedLevel)
        }
        bytes.append(bracket)
    }

    private mutating func indent(_ level: Int) {
        for _ in 0..<level { bytes.append(0x20); bytes.append(0x20) }
    }
}

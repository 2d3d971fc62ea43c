/// A multiset of small non-negative whole numbers (lengths), kept as a count per value so that
/// it takes little memory however many values it has, merges by addition, and gives exact
/// percentiles.
///
/// Percentiles are **nearest-rank**: the p-th percentile of n values sorted ascending is the
/// value at rank ⌈p·n/100⌉ (1-based, at least 1). The median is the 50th percentile, so of an
/// even number of values it is the lower of the two middle ones; it is always a value that
/// occurs. Empty: every figure is nil.
public struct Distribution: Sendable, Equatable {
    /// `counts[v]`: how many values equal v.
    public private(set) var counts: [Int] = []
    public private(set) var count = 0

    public init() {}

    public init<Values: Sequence>(_ values: Values) where Values.Element == Int {
        for value in values { add(value) }
    }

    public mutating func add(_ value: Int) {
        let value = Swift.max(0, value)
        if value >= counts.count {
            counts.append(contentsOf: repeatElement(0, count: value - counts.count + 1))
        }
        counts[value] += 1
        count += 1
    }

    public mutating func merge(_ other: Distribution) {
        if other.counts.count > counts.count {
            counts.append(contentsOf: repeatElement(0, count: other.counts.count - counts.count))
        }
        for (value, n) in other.counts.enumerated() where n > 0 { counts[value] += n }
        count += other.count
    }

    public var min: Int? { counts.firstIndex { $0 > 0 } }
    public var max: Int? { counts.lastIndex { $0 > 0 } }
    public var median: Int? { percentile(50) }
    public var p95: Int? { percentile(95) }

    /// The nearest-rank percentile, `percent` in 1...100.
    public func percentile(_ percent: Int) -> Int? {
        guard count > 0 else { return nil }
        let rank = Swift.max(1, (percent * count + 99) / 100)
        var seen = 0
        for (value, n) in counts.enumerated() {
            seen += n
            if seen >= rank { return value }
        }
        return max
    }
}

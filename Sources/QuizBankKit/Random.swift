/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a tiny seeded generator, so that an exam drawn with the same seed is the same
/// exam on every platform and Swift version. Not for anything secret.
///
/// Each `next()` adds 0x9E3779B97F4A7C15 to the state and returns the state mixed:
/// `z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB; z ^ (z >> 31)`.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The draws an exam makes, spelt out rather than left to the standard library (whose
/// algorithms may change between versions), so that a seed gives the same exam everywhere.
enum Draw {
    /// A uniform integer in 0..<bound (bound > 0): the generator's next value modulo `bound`,
    /// drawing again while the value falls in the incomplete last stretch (2^64 mod bound values
    /// at the top), which would favour small results.
    static func below<G: RandomNumberGenerator>(_ bound: Int, using generator: inout G) -> Int {
        let bound = UInt64(bound)
        let limit = UInt64.max - (UInt64.max % bound + 1) % bound
        while true {
            let value = generator.next()
            if value <= limit { return Int(value % bound) }
        }
    }

    /// Fisher–Yates from the end: for i from count-1 down to 1, swap element i with element
    /// `below(i + 1)`.
    static func shuffle<T, G: RandomNumberGenerator>(_ elements: inout [T], using generator: inout G) {
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count - 1, through: 1, by: -1) {
            elements.swapAt(index, below(index + 1, using: &generator))
        }
    }

    /// `count` elements of `elements` chosen uniformly, in the order chosen: the first `count`
    /// steps of a Fisher–Yates from the start (step i swaps element i with element
    /// i + `below(n - i)`).
    static func sample<T, G: RandomNumberGenerator>(_ count: Int, from elements: [T], using generator: inout G) -> [T] {
        var pool = elements
        let count = min(count, pool.count)
        for index in 0..<count {
            pool.swapAt(index, index + below(pool.count - index, using: &generator))
        }
        return Array(pool.prefix(count))
    }
}

/// SplitMix64 (Steele, Lea and Flood): a small, fast, seedable random number generator.
///
/// The one generator the demo, the benchmarks and the tests share, so the demo's shop and the
/// benchmark's data are the same on every run, and a failing random test case can be replayed
/// from the seed it prints. Not for anything that needs unpredictability.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state.
    private var state: UInt64

    /// Creates a generator whose sequence is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (`bound` > 0), by reducing the next value modulo `bound`: slightly
    /// biased for bounds that are not powers of two, and stable, which is what reproducible data
    /// needs (`Int.random(in:using:)` may draw a varying number of values).
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next() % UInt64(bound))
    }
}

import Foundation

/// Wall-clock timing helpers for the benchmark.
enum Timing {
    /// Seconds taken by one call of `body`.
    static func once(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return (ContinuousClock.now - start).microseconds / 1e6
    }

    /// The fastest of `runs` calls of `body`, in seconds (the least disturbed measurement).
    static func best(of runs: Int, _ body: () -> Void) -> Double {
        (0..<runs).map { _ in once(body) }.min()!
    }
}

/// Keeps a computed value alive so the optimizer cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// A small deterministic random number generator (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    /// Creates the generator from a seed.
    init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Duration {
    /// The duration in microseconds.
    var microseconds: Double {
        Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
    }
}

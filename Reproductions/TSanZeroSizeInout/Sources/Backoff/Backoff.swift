import Foundation

/// The smallest shape of Waterfall's `RetryPolicy.delay(beforeRetry:using:)` that still crashes:
/// a `pow` call, then the generator passed on `inout` to `Double.random(in:using:)`.
public struct Backoff {
    /// The ceiling of the first delay.
    public var base: Duration

    /// Creates a backoff starting at `base`.
    public init(base: Duration) {
        self.base = base
    }

    /// A random fraction of `base · 2^retry`, drawn with `random`.
    public func delay(_ retry: Int, using random: inout some RandomNumberGenerator) -> Duration {
        let ceiling = base * pow(2, Double(retry))
        return ceiling * Double.random(in: 0...1, using: &random)
    }
}

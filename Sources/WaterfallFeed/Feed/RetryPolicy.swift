import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How often and how patiently transient failures are retried: exponential backoff with full
/// jitter (each wait is a random fraction of `baseDelay · multiplier^attempt`, capped at
/// `maximumDelay`), so many clients recovering from one outage do not retry in lockstep.
public struct RetryPolicy: Sendable, Hashable {
    /// The total number of attempts, including the first (1 disables retrying).
    public var maximumAttempts: Int
    /// The backoff ceiling of the first retry.
    public var baseDelay: Duration
    /// The factor the ceiling grows by per retry.
    public var multiplier: Double
    /// The largest wait between two attempts.
    public var maximumDelay: Duration

    /// Four attempts, waiting up to 0.5 s, 1 s and 2 s between them.
    public static let `default` = RetryPolicy(maximumAttempts: 4, baseDelay: .milliseconds(500),
                                              multiplier: 2, maximumDelay: .seconds(8))

    /// Creates a policy.
    public init(maximumAttempts: Int, baseDelay: Duration, multiplier: Double = 2, maximumDelay: Duration) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
    }

    /// The wait before retry number `retry` (0 for the first retry), drawn with `random`.
    public func delay(beforeRetry retry: Int, using random: inout some RandomNumberGenerator) -> Duration {
        ceiling(beforeRetry: retry) * Double.random(in: 0...1, using: &random)
    }

    /// The longest wait before retry number `retry` (0 for the first retry): the backoff
    /// without jitter.
    public func ceiling(beforeRetry retry: Int) -> Duration {
        min(baseDelay * pow(multiplier, Double(min(retry, 62))), maximumDelay)
    }
}

import Synchronization
import WaterfallFeed

/// A monotonic clock that moves only when a test says so (`ImagePipeline.Configuration.now`).
final class ManualClock: Sendable {
    private let time = Mutex(Duration.zero)

    /// The current time, as a closure for a configuration.
    var now: @Sendable () -> Duration {
        { self.time.withLock { $0 } }
    }

    func advance(by duration: Duration) {
        time.withLock { $0 += duration }
    }
}

extension RetryPolicy {
    /// One attempt: transient failures are not retried within a load; the negative cache holds
    /// them for 1 s, then 2 s, … (up to 8 s).
    static let once = RetryPolicy(maximumAttempts: 1, baseDelay: .seconds(1), maximumDelay: .seconds(8))
}

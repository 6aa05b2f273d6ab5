/// How often scrolling toward the end retries a failed load-more: a failing server is not
/// asked again at the frame rate, and less often the longer it keeps failing.
///
/// After the first failure the first retry may come at once, each further one
/// ``baseInterval`` after the previous retry; every further consecutive failure multiplies that
/// interval by ``multiplier``, up to ``maximumInterval`` (2, 4, 8, 16, 16… seconds by
/// default). A page that arrives forgets the failures. Times are seconds on a monotonic clock
/// the host passes in (GLib's `g_get_monotonic_time`, a frame time), so tests step it by hand.
///
/// Explicit retries (a Retry button, ``WaterfallViewModel/retryLoadingMore()``) are not
/// throttled; ``WaterfallViewModel/retryLoadingMoreIfDue(at:)`` is.
public struct LoadMoreRetryThrottle: Equatable, Sendable {
    /// The least time between two retries after one failure, in seconds (default 2).
    public var baseInterval: Double
    /// The factor the interval grows by with each further consecutive failure (default 2).
    public var multiplier: Double
    /// The longest interval, in seconds (default 16).
    public var maximumInterval: Double

    /// How many requests failed in a row since the last page arrived.
    public private(set) var consecutiveFailures = 0
    /// When the last throttled retry was let through, since the last page arrived.
    private var lastRetry: Double?

    /// Creates a throttle; invalid values (negative, NaN; a multiplier below 1) fall back to
    /// the defaults.
    public init(baseInterval: Double = 2, multiplier: Double = 2, maximumInterval: Double = 16) {
        self.baseInterval = baseInterval >= 0 && baseInterval.isFinite ? baseInterval : 2
        self.multiplier = multiplier >= 1 && multiplier.isFinite ? multiplier : 2
        self.maximumInterval = maximumInterval >= 0 && !maximumInterval.isNaN ? maximumInterval : 16
    }

    /// The least time between two retries now: 0 without failures, else
    /// `baseInterval · multiplier^(failures − 1)`, at most ``maximumInterval``.
    /// - Complexity: O(1).
    public var interval: Double {
        guard consecutiveFailures > 0 else { return 0 }
        var grown = baseInterval
        for _ in 1..<min(consecutiveFailures, 65) where grown < maximumInterval { grown *= multiplier }
        return min(grown.isNaN ? maximumInterval : grown, maximumInterval)
    }

    /// A request failed.
    public mutating func recordFailure() {
        consecutiveFailures += 1
    }

    /// A page arrived (or the items were reloaded): the failures are forgotten.
    public mutating func recordSuccess() {
        consecutiveFailures = 0
        lastRetry = nil
    }

    /// Whether a retry may go out at `now`: after a failure, when no retry went out yet or the
    /// last one was at least ``interval`` ago. A non-finite `now` never is.
    /// - Complexity: O(1).
    public func isDue(at now: Double) -> Bool {
        guard consecutiveFailures > 0, now.isFinite else { return false }
        guard let last = lastRetry else { return true }
        return now - last >= interval
    }

    /// Takes over `other`'s settings, keeping the history.
    mutating func adoptSettings(of other: LoadMoreRetryThrottle) {
        (baseInterval, multiplier, maximumInterval) = (other.baseInterval, other.multiplier, other.maximumInterval)
    }

    /// Lets a retry through when one ``isDue(at:)``, noting its time.
    /// - Returns: whether the caller should retry now.
    /// - Complexity: O(1).
    public mutating func takeRetry(at now: Double) -> Bool {
        guard isDue(at: now) else { return false }
        lastRetry = now
        return true
    }
}

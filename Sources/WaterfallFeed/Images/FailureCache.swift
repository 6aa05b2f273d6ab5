import FoundationEssentials

/// The pipeline's negative cache: URLs whose last load failed, and until when a new request is
/// answered with that failure instead of being sent again (SDWebImage's failed-URL list).
///
/// A permanent failure (404, 410 and other 4xx, a missing file, empty or undecodable data) holds
/// for `retryInterval`; a transient one (timeouts, 5xx, dropped connections) for a backoff that
/// doubles with each consecutive failure of the URL, from `transientBackoff.baseDelay` up to
/// `transientBackoff.maximumDelay`. A success or `removeAll()` (a refresh) forgets the URL.
struct FailureCache {
    struct Entry {
        var error: ImagePipelineError
        var consecutiveFailures: Int
        var retryAt: Duration
    }

    /// How long a permanent failure is remembered.
    var retryInterval: Duration
    /// The backoff of transient failures (its ceilings, without jitter).
    var transientBackoff: RetryPolicy
    private(set) var entries: [URL: Entry] = [:]

    init(retryInterval: Duration, transientBackoff: RetryPolicy) {
        self.retryInterval = retryInterval
        self.transientBackoff = transientBackoff
    }

    /// Whether `error` is worth remembering as permanent: trying again soon would fail the
    /// same way.
    static func isPermanent(_ error: ImagePipelineError) -> Bool {
        switch error {
        case .cancelled: return false
        case .loadFailed(let failure): return !failure.isTransient && failure.kind != .cancelled
        case .emptyData, .decodingFailed: return true
        }
    }

    /// The remembered failure of `url`, if its retry time has not come.
    ///
    /// - Complexity: O(1).
    func failure(for url: URL, at now: Duration) -> ImagePipelineError? {
        guard let entry = entries[url], now < entry.retryAt else { return nil }
        return entry.error
    }

    /// Remembers a failed load of `url` (cancellations are not failures).
    ///
    /// - Complexity: O(1) amortized.
    mutating func record(_ error: ImagePipelineError, for url: URL, at now: Duration) {
        if case .cancelled = error { return }
        let consecutive = (entries[url]?.consecutiveFailures ?? 0) + 1
        let wait = Self.isPermanent(error) ? retryInterval : transientBackoff.ceiling(beforeRetry: consecutive - 1)
        entries[url] = Entry(error: error, consecutiveFailures: consecutive, retryAt: now + wait)
    }

    /// Forgets `url` (after it loaded).
    mutating func removeValue(for url: URL) {
        entries[url] = nil
    }

    /// Forgets every failure (a refresh).
    mutating func removeAll() {
        entries.removeAll()
    }
}

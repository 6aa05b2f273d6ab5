import FoundationEssentials

/// Everything that can go wrong while loading a feed, with enough context to show the user.
public enum FeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The feed URL (template) is not a valid URL.
    case invalidURL(String)
    /// Fetching a page failed (network, HTTP status, truncated body, a missed deadline, a
    /// certificate that did not verify, a redirect or next page an origin rule refuses).
    case load(DataLoadFailure)
    /// A page was fetched but its document is not a valid feed page.
    ///
    /// - Parameters:
    ///   - url: the page URL.
    ///   - location: where in the document, e.g. `item 3: key 'w'` (item indexes are 0-based,
    ///     like the array index in the document) or `line 4, column 7`; empty when unknown.
    ///   - reason: what is wrong there.
    case malformed(url: URL, location: String, reason: String)
    /// A page broke one of the decoding limits (``FeedPageLimits``) and was not decoded: it is
    /// too large, or nests deeper than the decoders can take without overflowing the stack.
    case limitExceeded(url: URL, FeedPageLimits.Violation)
    /// A folder feed's directory cannot be listed.
    case unreadableFolder(URL, reason: String)
    /// The load was cancelled (`FeedLoader.cancel()` or task cancellation); not a failure.
    case cancelled

    /// Whether retrying later may succeed (see `DataLoadFailure.isTransient`); malformed
    /// documents, invalid URLs, unreadable folders and cancellation are not.
    public var isTransient: Bool {
        if case .load(let failure) = self { return failure.isTransient }
        return false
    }

    /// Whether the loader retries the error at once, with backoff: a transient failure other
    /// than a missed deadline (see `DataLoadFailure.isRetriedWithinLoad`), so a page from a
    /// server that trickles ends in the error banner after one deadline, not after several.
    public var isRetriedAutomatically: Bool {
        if case .load(let failure) = self { return failure.isRetriedWithinLoad }
        return false
    }

    /// Whether the error is a cancellation rather than a failure.
    public var isCancellation: Bool {
        self == .cancelled
    }

    /// A readable one-line explanation.
    public var description: String {
        switch self {
        case .invalidURL(let text):
            return "'\(text)' is not a valid feed URL"
        case .load(let failure):
            return "Could not load \(failure)"
        case .malformed(let url, let location, let reason):
            let place = location.isEmpty ? "" : location + ": "
            return "Malformed feed page \(url.absoluteString): \(place)\(reason)"
        case .limitExceeded(let url, let violation):
            return "Refused feed page \(url.absoluteString): \(violation)"
        case .unreadableFolder(let url, let reason):
            return "Cannot read folder \(url.path): \(reason)"
        case .cancelled:
            return "Loading the feed was cancelled"
        }
    }
}

/// Where load-more (the footer that asks for the next page near the content's end) stands.
public enum LoadMoreState: Equatable, Sendable {
    /// Waiting for the reader to come near the end.
    case idle
    /// A page was requested; no other request fires until it ends.
    case loading
    /// The last request failed; nothing fires until ``WaterfallViewModel/retryLoadingMore()``.
    case failed
    /// The data source said there is no more; nothing fires until the next reload.
    case exhausted
}

/// The load-more rules, free of any view: fire once per page when near the end, never twice
/// for the same item count (so a page that brings nothing cannot start a loop), never while
/// loading, failed or exhausted.
struct LoadMoreStateMachine: Equatable, Sendable {
    /// The current state.
    private(set) var state: LoadMoreState = .idle
    /// The item count when the last request fired; a new request needs a different count.
    private var countAtLastRequest: Int?
    /// How often scrolling retries after failures; counts them.
    var retryThrottle = LoadMoreRetryThrottle()
    /// How close to the end the viewport's end must come (``WaterfallViewModel/loadMoreDistance``).
    var distance: Double = 600

    /// Fires (moving to `.loading`) when idle, within `triggerDistance` of the end, and the
    /// item count changed since the last request.
    /// - Returns: whether the caller should request a page.
    mutating func check(remainingDistance: Double, triggerDistance: Double, itemCount: Int) -> Bool {
        guard state == .idle, remainingDistance <= triggerDistance, itemCount != countAtLastRequest else {
            return false
        }
        return retry(itemCount: itemCount)   // which starts the request from idle
    }

    /// A request ended: back to idle, or exhausted when there is no more.
    mutating func finish(hasMore: Bool) {
        guard state == .loading else { return }
        state = hasMore ? .idle : .exhausted
        retryThrottle.recordSuccess()
    }

    /// A request failed.
    mutating func fail() {
        guard state == .loading else { return }
        state = .failed
        retryThrottle.recordFailure()
    }

    /// Forces a request after a failure, or after a page that brought nothing.
    /// - Returns: whether the caller should request a page.
    mutating func retry(itemCount: Int) -> Bool {
        guard state == .failed || state == .idle else { return false }
        state = .loading
        countAtLastRequest = itemCount
        return true
    }

    /// Forgets everything but the throttle's settings (after a reload).
    mutating func reset() {
        (state, countAtLastRequest) = (.idle, nil)
        retryThrottle.recordSuccess()
    }
}

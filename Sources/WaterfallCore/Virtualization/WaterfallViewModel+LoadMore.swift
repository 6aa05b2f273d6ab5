extension WaterfallViewModel {
    /// The load-more state, for the host's footer.
    public var loadMoreState: LoadMoreState { loadMore.state }

    /// The distance from the viewport's end to the content's end along the scroll axis.
    var remainingScrollDistance: Double {
        guard scrollAxis != .none else { return .infinity }
        return scrollAxis.length(of: contentSize) - scrollAxis.position(of: contentOffset) - scrollAxis.length(of: viewportSize)
    }

    /// Fires load-more when enabled, idle, within ``loadMoreDistance`` of the end, and the
    /// item count changed since the last request: at most once per page, never in a loop.
    /// Runs at the end of every scroll step, layout slice and change (see ``notify(afterChange:)``).
    func checkLoadMore() {
        guard isLoadMoreEnabled, host != nil, !needsReload else { return }
        guard loadMore.check(remainingDistance: Double(remainingScrollDistance),
                             triggerDistance: Double(loadMore.distance),
                             itemCount: layout.itemCount) else { return }
        requestMore()
    }

    /// Announces `.loading` and asks the delegate for a page.
    private func requestMore() {
        host?.loadMoreStateDidChange(loadMore.state)
        delegate?.waterfallViewDidRequestMore(self)
    }

    /// The page arrived: appends `count` items (asking the delegate for their sizes; nothing
    /// on screen moves) and goes back to idle, or to exhausted when `hasMore` is false.
    /// - Complexity: O(count · log c) for the waterfall, plus a live-set update.
    public func endLoadingMore(appending count: Int, hasMore: Bool) {
        if count > 0 {
            let end = layout.itemCount
            performBatchUpdates([.insert(end..<end + count)])
        }
        loadMore.finish(hasMore: hasMore)
        host?.loadMoreStateDidChange(loadMore.state)
        notify()
    }

    /// The page request failed: load-more waits for ``retryLoadingMore()``.
    public func failLoadingMore() {
        loadMore.fail()
        host?.loadMoreStateDidChange(loadMore.state)
    }

    /// Requests a page again after a failure (or after a page that brought no items), e.g.
    /// from the footer's retry button. Does nothing while loading or exhausted.
    public func retryLoadingMore() {
        guard loadMore.retry(itemCount: layout.itemCount) else { return }
        requestMore()
    }

    /// How often ``retryLoadingMoreIfDue(at:)`` lets a retry through after failures (2 s,
    /// doubling with each further failure up to 16 s, by default). Setting it keeps the count
    /// of failures so far.
    public var loadMoreRetryThrottle: LoadMoreRetryThrottle {
        get { loadMore.retryThrottle }
        set { loadMore.retryThrottle.adoptSettings(of: newValue) }
    }

    /// Retries a failed load-more when ``loadMoreRetryThrottle`` lets it at `now` (seconds on
    /// a monotonic clock): what a host does when the reader scrolls on toward the end after a
    /// failure, so that a failing server is not asked at the frame rate.
    /// - Returns: whether a page was requested.
    /// - Complexity: O(1).
    @discardableResult
    public func retryLoadingMoreIfDue(at now: Double) -> Bool {
        guard loadMore.state == .failed, loadMore.retryThrottle.takeRetry(at: now) else { return false }
        retryLoadingMore()
        return true
    }
}

import Foundation

extension WaterfallViewModel {
    /// The load-more state, for the host's footer.
    public var loadMoreState: LoadMoreState { loadMore.state }

    /// The distance from the viewport's end to the content's end along the scroll axis.
    var remainingScrollDistance: CGFloat {
        let size = layout.contentSize
        switch layout.scrollAxis {
        case .vertical: return size.height - (contentOffset.y + viewportSize.height)
        case .horizontal: return size.width - (contentOffset.x + viewportSize.width)
        case .none: return .infinity
        }
    }

    /// Fires load-more when enabled, idle, within ``loadMoreDistance`` of the end, and the
    /// item count changed since the last request: at most once per page, never in a loop.
    /// Runs after every scroll step and layout change.
    func checkLoadMore() {
        guard isLoadMoreEnabled, host != nil, !needsReload else { return }
        guard loadMore.check(remainingDistance: Double(remainingScrollDistance),
                             triggerDistance: Double(loadMoreDistance),
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
        checkLoadMore()
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
}

extension WaterfallViewModel {
    /// The pull-to-refresh state, for the host's header.
    public var refreshState: RefreshState { refresh.state }

    /// The content was pulled past its start (`atEnd` false) or its end along the scroll axis
    /// (a touch or kinetic overshoot), at `time` (seconds, a monotonic clock): past the top of
    /// a vertical layout it refreshes when ``isRefreshEnabled``; past the end a failed
    /// load-more retries (see ``retryLoadingMoreIfDue(at:)``).
    public func overshot(atEnd: Bool, time: Double) {
        if atEnd {
            retryLoadingMoreIfDue(at: time)
        } else if scrollAxis == .vertical, isRefreshEnabled {
            beginRefreshing()
        }
    }

    /// Starts a refresh without a gesture (F5, Ctrl+R, a refresh button). Does nothing while
    /// one is running.
    public func beginRefreshing() {
        if transitionRefresh({ $0.begin() }) { delegate?.waterfallViewDidRequestRefresh(self) }
    }

    /// The refresh finished (after the app inserted the new items, which keeps the reader's
    /// place): the state becomes done until the next user event.
    public func endRefreshing() {
        transitionRefresh { $0.end() }
    }

    /// Applies a transition and tells the host when the state changed.
    /// - Returns: what the transition returns (whether a refresh starts).
    @discardableResult
    func transitionRefresh<Result>(_ change: (inout RefreshStateMachine) -> Result) -> Result {
        let before = refresh.state
        let result = change(&refresh)
        if refresh.state != before { host?.refreshStateDidChange(refresh.state) }
        return result
    }
}

extension WaterfallViewModel {
    /// The pull-to-refresh state, for the host's header.
    public var refreshState: RefreshState { refresh.state }

    /// The content is pulled `distance` points past its start (0 when not overscrolled), e.g.
    /// from GTK's `edge-overshot`/kinetic overshoot. Moves idle → pulling → armed and back.
    /// Ignored unless ``isRefreshEnabled``.
    public func overscroll(_ distance: Double) {
        guard isRefreshEnabled else { return }
        let threshold = refresh.threshold
        transitionRefresh { $0.pull(distance: distance, threshold: threshold) }
    }

    /// The user let go of the overscrolled content: an armed pull starts a refresh (the
    /// delegate's ``WaterfallDelegate/waterfallViewDidRequestRefresh(_:)``); a shorter one
    /// springs back to idle.
    public func endOverscroll() {
        guard isRefreshEnabled, transitionRefresh({ $0.release() }) else { return }
        delegate?.waterfallViewDidRequestRefresh(self)
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

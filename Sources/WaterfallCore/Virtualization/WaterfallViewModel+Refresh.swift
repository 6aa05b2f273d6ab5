import Foundation

extension WaterfallViewModel {
    /// The pull-to-refresh state, for the host's header.
    public var refreshState: RefreshState { refresh.state }

    /// The content is pulled `distance` points past its start (0 when not overscrolled), e.g.
    /// from GTK's `edge-overshot`/kinetic overshoot. Moves idle → pulling → armed and back.
    /// Ignored unless ``isRefreshEnabled``.
    public func overscroll(_ distance: CGFloat) {
        guard isRefreshEnabled else { return }
        transitionRefresh { $0.pull(distance: distance, threshold: refreshThreshold) }
    }

    /// The user let go of the overscrolled content: an armed pull starts a refresh (the
    /// delegate's ``WaterfallDelegate/waterfallViewDidRequestRefresh(_:)``); a shorter one
    /// springs back to idle.
    public func endOverscroll() {
        guard isRefreshEnabled else { return }
        var starts = false
        transitionRefresh { starts = $0.release() }
        if starts { delegate?.waterfallViewDidRequestRefresh(self) }
    }

    /// Starts a refresh without a gesture (F5, Ctrl+R, a refresh button). Does nothing while
    /// one is running.
    public func beginRefreshing() {
        var starts = false
        transitionRefresh { starts = $0.begin() }
        if starts { delegate?.waterfallViewDidRequestRefresh(self) }
    }

    /// The refresh finished (after the app inserted the new items, which keeps the reader's
    /// place): the state becomes done until the next user event.
    public func endRefreshing() {
        transitionRefresh { $0.end() }
    }

    /// Applies a transition and tells the host when the state changed.
    func transitionRefresh(_ change: (inout RefreshStateMachine) -> Void) {
        let before = refresh.state
        change(&refresh)
        if refresh.state != before { host?.refreshStateDidChange(refresh.state) }
    }
}

/// Where pull-to-refresh (the header that a pull past the content's start shows) stands.
public enum RefreshState: Equatable, Sendable {
    /// Nothing is happening.
    case idle
    /// A refresh is running; pulls are ignored until ``WaterfallViewModel/endRefreshing()``.
    case refreshing
    /// The refresh ended; the next user event returns to idle (the header may show
    /// "updated" meanwhile).
    case done
}

/// The pull-to-refresh rules, free of any view: idle → refreshing (a pull past the top, a key,
/// the app) → done → idle.
struct RefreshStateMachine: Equatable, Sendable {
    /// The current state.
    private(set) var state: RefreshState = .idle

    /// The user scrolled normally: a finished refresh goes back to idle.
    mutating func scrolled() {
        if state == .done { state = .idle }
    }

    /// A pull past the top or an explicit command (key, button, or the app itself).
    /// - Returns: whether a refresh starts (not when one is already running).
    mutating func begin() -> Bool {
        guard state != .refreshing else { return false }
        state = .refreshing
        return true
    }

    /// The refresh finished.
    mutating func end() {
        if state == .refreshing { state = .done }
    }
}

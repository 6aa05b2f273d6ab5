/// Where pull-to-refresh (the header that a pull past the content's start arms) stands.
public enum RefreshState: Equatable, Sendable {
    /// Nothing is happening.
    case idle
    /// The content is pulled down, `progress` (0…1) of the way to the threshold.
    case pulling(progress: Double)
    /// Pulled past the threshold: releasing starts a refresh.
    case armed
    /// A refresh is running; pulls are ignored until ``WaterfallViewModel/endRefreshing()``.
    case refreshing
    /// The refresh ended; the next user event returns to idle (the header may show
    /// "updated" meanwhile).
    case done
}

/// The pull-to-refresh rules, free of any view: idle → pulling → armed → (release) refreshing
/// → done → idle, or straight to refreshing on an explicit command.
struct RefreshStateMachine: Equatable, Sendable {
    /// The current state.
    private(set) var state: RefreshState = .idle
    /// How far a pull must go to arm (``WaterfallViewModel/refreshThreshold``).
    var threshold: Double = 64

    /// The overscroll is now `distance` (≥ 0 pulls down past the top).
    mutating func pull(distance: Double, threshold: Double) {
        guard state != .refreshing else { return }
        if !(distance > 0) {
            state = .idle
        } else if distance >= threshold {
            state = .armed
        } else {
            state = .pulling(progress: threshold > 0 ? distance / threshold : 1)
        }
    }

    /// The user let go.
    /// - Returns: whether a refresh starts.
    mutating func release() -> Bool {
        switch state {
        case .armed:
            state = .refreshing
            return true
        case .pulling, .done:
            state = .idle
            return false
        case .idle, .refreshing:
            return false
        }
    }

    /// The user scrolled normally: a finished refresh goes back to idle.
    mutating func scrolled() {
        if state == .done { state = .idle }
    }

    /// An explicit command (key, button, or the app itself).
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

/// Timing curves for animated transitions: map linear progress in 0...1 to eased progress.
public enum Easing: Equatable, Sendable {
    /// Constant speed.
    case linear
    /// Slow start, fast middle, slow end (cubic), the usual curve for layout changes.
    case easeInOut
    /// Fast start, slow end (cubic), for items settling into place.
    case easeOut

    /// The eased progress for linear progress `t` (clamped to 0...1; NaN counts as 1, so a
    /// broken clock finishes an animation rather than freezing it).
    public func callAsFunction(_ t: Double) -> Double {
        let t = t.isNaN ? 1 : min(max(t, 0), 1)
        switch self {
        case .linear:
            return t
        case .easeInOut:
            let rest = 2 - 2 * t
            return t < 0.5 ? 4 * t * t * t : 1 - rest * rest * rest / 2
        case .easeOut:
            let rest = 1 - t
            return 1 - rest * rest * rest
        }
    }
}

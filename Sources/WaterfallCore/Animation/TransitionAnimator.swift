/// Drives animated transitions at the frame clock: given, per item, where it is and where it
/// must go, it answers what to draw at each frame time, eased over a fixed duration.
///
/// Items are keyed by an identity the host chooses (a cell's identity, or an index). An
/// animation interrupted by another lands cleanly: ``animate(_:now:)`` starts each item from
/// what is on screen at `now` — its interpolated attributes if it was moving — never jumping
/// back to an old `from`. When the duration has passed, every item is exactly at its target.
public struct TransitionAnimator<Key: Hashable & Sendable>: Sendable {
    /// One item's animation.
    private struct Track: Sendable {
        var from: LayoutAttributes
        var to: LayoutAttributes
        var start: Double
    }

    /// How long a transition takes, in seconds (seed 003's animated layout change: ~0.3 s).
    public var duration: Double
    /// The timing curve.
    public var easing: Easing
    /// The items in flight.
    private var tracks: [Key: Track] = [:]

    /// Creates an idle animator.
    public init(duration: Double = 0.3, easing: Easing = .easeInOut) {
        self.duration = duration
        self.easing = easing
    }

    /// Whether any item is still moving at `now`.
    public func isAnimating(at now: Double) -> Bool {
        tracks.values.contains { now - $0.start < duration }
    }

    /// Starts moving items: for each key, from its current on-screen attributes if it is already
    /// moving (the `from` given is then ignored), else from `from`, to `to`, starting at `now`.
    /// - Complexity: O(k) for k items.
    public mutating func animate<S: Sequence>(_ moves: S, now: Double)
    where S.Element == (key: Key, from: LayoutAttributes, to: LayoutAttributes) {
        for move in moves {
            let start = attributes(for: move.key, at: now) ?? move.from
            tracks[move.key] = Track(from: start, to: move.to, start: now)
        }
    }

    /// What to draw for an item at `now`, or `nil` if it is not animating. Exactly `to` once
    /// the duration has passed.
    /// - Complexity: O(1).
    public func attributes(for key: Key, at now: Double) -> LayoutAttributes? {
        guard let track = tracks[key] else { return nil }
        let elapsed = now - track.start
        guard duration > 0, elapsed < duration else { return track.to }
        return track.from.interpolated(to: track.to, fraction: Double(easing(elapsed / duration)))
    }

    /// Forgets the items whose animation has finished at `now` and returns their keys with
    /// their final attributes, so the host can place them for good (and recycle the ones that
    /// faded out).
    /// - Complexity: O(k) for k items in flight.
    public mutating func removeFinished(at now: Double) -> [(key: Key, attributes: LayoutAttributes)] {
        let finished = tracks.filter { now - $0.value.start >= duration || duration <= 0 }
        for key in finished.keys { tracks[key] = nil }
        return finished.map { ($0.key, $0.value.to) }
    }

    /// Sends an item in flight to a new target without restarting it: it keeps its start, its
    /// timing and where it came from, and lands on `target` when the duration has passed (the
    /// layout moved the target under a running animation, e.g. a resize or a scroll step).
    /// - Returns: whether the item was in flight.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func retarget(_ key: Key, to target: LayoutAttributes) -> Bool {
        guard tracks[key] != nil else { return false }
        tracks[key]?.to = target
        return true
    }

    /// Stops animating an item (e.g. its cell was recycled).
    public mutating func cancel(_ key: Key) {
        tracks[key] = nil
    }
}

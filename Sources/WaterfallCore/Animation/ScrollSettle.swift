/// An animated scroll to a resting offset — the settle of a snapping layout (seed 003's
/// carousel centring an item after a drag or a fling). It eases the content offset from where
/// scrolling stopped to where the layout wants it, and ends exactly there.
public struct ScrollSettle: Equatable, Sendable {
    /// The offset the settle starts from.
    public var from: Point
    /// The offset it ends on.
    public var to: Point
    /// When it starts, in seconds on the host's clock.
    public var start: Double
    /// How long it takes, in seconds.
    public var duration: Double
    /// The timing curve (by default fast start, slow end, as a fling decelerates).
    public var easing: Easing

    /// Creates a settle from `from` to `to` starting at `start`.
    public init(from: Point, to: Point, start: Double, duration: Double = 0.3, easing: Easing = .easeOut) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.easing = easing
    }

    /// A settle from `from` to `to` starting at `start` that takes longer the further it goes
    /// (``duration(forDistance:)`` of the distance between them), as the view's snapping does.
    public static func paced(from: Point, to: Point, start: Double, easing: Easing = .easeOut) -> ScrollSettle {
        let distance = Double(abs(to.x - from.x) + abs(to.y - from.y))
        return ScrollSettle(from: from, to: to, start: start, duration: duration(forDistance: distance), easing: easing)
    }

    /// How long a settle over `distance` points takes: 1 second per 2,000 points, at least 0.2
    /// and at most 0.5 seconds (a non-finite distance takes the longest).
    /// - Complexity: O(1).
    public static func duration(forDistance distance: Double) -> Double {
        guard !distance.isNaN else { return 0.5 }
        return min(0.5, max(0.2, distance / 2000))
    }

    /// The offset to show at `now`: `from` before the start, exactly `to` once the duration
    /// has passed.
    /// - Complexity: O(1).
    public func offset(at now: Double) -> Point {
        guard duration > 0, now - start < duration else { return to }
        let fraction = Double(easing((now - start) / duration))
        return Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
    }

    /// Whether the settle has reached `to` at `now`.
    public func isFinished(at now: Double) -> Bool {
        duration <= 0 || now - start >= duration
    }
}

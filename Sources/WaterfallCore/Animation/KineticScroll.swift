import Foundation

/// The deceleration of a fling (kinetic scrolling) along one axis: the velocity decays
/// exponentially, as GTK's own kinetic scrolling does, until it drops below ``stopSpeed`` or
/// the scroll position reaches an end of its range.
///
/// A host starts one with the velocity the platform measured when the fingers left the
/// touchpad (GTK's `GtkEventControllerScroll::decelerate`) and calls
/// ``step(at:from:within:)`` once per frame with the frame's time:
///
/// ```swift
/// var fling = KineticScroll(velocity: 2400)
/// // each frame:
/// if let offset = fling.step(at: frameTime, from: currentOffset, within: 0...maximumOffset) {
///     scroll(to: offset)
/// } else {
///     // the fling is over
/// }
/// ```
///
/// The distance of each step is the exact integral of the velocity over the frame's time, so
/// the path does not depend on the frame rate; a whole fling travels
/// `velocity / friction` (see ``ScrollSettle/projectedOffset(from:velocity:friction:)``).
public struct KineticScroll: Equatable, Sendable {
    /// How fast velocity decays: it is multiplied by `exp(-friction · t)` after `t` seconds.
    public static let friction = 4.0
    /// The speed (points per second) below which a fling stops.
    public static let stopSpeed = 20.0
    /// The longest time one step advances, in seconds: after a stalled frame, the fling goes
    /// on from where it was instead of jumping by the whole stall.
    public static let maximumStep = 0.1

    /// The current velocity in points per second (positive scrolls toward the end); 0 once
    /// the fling has hit an end of its range.
    public private(set) var velocity: Double
    /// The time of the previous step, in seconds; `nil` before the first.
    private var lastTime: Double?

    /// Starts a fling at `velocity` points per second (positive scrolls toward the end). A
    /// non-finite velocity counts as 0 (the fling is over at once).
    public init(velocity: Double) {
        self.velocity = velocity.isFinite ? velocity : 0
    }

    /// Whether the fling has stopped: slower than ``stopSpeed``, or stopped at an end.
    public var isFinished: Bool { abs(velocity) < Self.stopSpeed }

    /// Advances the fling to `time` (seconds on a monotonic clock, usually the frame time)
    /// from the scroll position `offset`, which must stay within `bounds`.
    ///
    /// The first step only notes the time and returns `offset` (clamped). Later steps move by
    /// the distance travelled since the previous one (the time between them is taken as at
    /// most ``maximumStep``; a clock that goes back counts as no time). A step that reaches an
    /// end of `bounds` stops there and ends the fling.
    /// - Returns: the new scroll position, or `nil` when the fling is over (the position
    ///   stays where it is). A non-finite `time` or `offset` ends the fling.
    /// - Complexity: O(1).
    public mutating func step(at time: Double, from offset: Double, within bounds: ClosedRange<Double>) -> Double? {
        guard !isFinished, time.isFinite, offset.isFinite else {
            velocity = 0
            return nil
        }
        let start = min(max(offset, bounds.lowerBound), bounds.upperBound)
        guard let last = lastTime else {
            lastTime = time
            return start
        }
        let elapsed = min(max(time - last, 0), Self.maximumStep)
        lastTime = time
        let decay = exp(-Self.friction * elapsed)
        // The distance is the integral of v·e^(−f·t) over the elapsed time.
        let target = start + velocity * (1 - decay) / Self.friction
        velocity *= decay
        let clamped = min(max(target, bounds.lowerBound), bounds.upperBound)
        if clamped != target { velocity = 0 }
        return clamped
    }
}

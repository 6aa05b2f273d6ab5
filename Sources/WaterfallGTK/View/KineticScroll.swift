import Foundation

/// The deceleration of a fling: velocity decays exponentially, as GTK's own kinetic scrolling
/// does, until it drops below a stopping speed.
struct KineticScroll {
    /// Fraction of velocity lost per second is `1 - exp(-friction)`.
    static let friction = 4.0
    /// Below this speed (px/s) the fling stops.
    static let stopSpeed = 20.0

    private(set) var velocity: Double
    private var lastTime: Double?

    /// Starts a fling at `velocity` px/s (positive scrolls toward the end).
    init(velocity: Double) {
        self.velocity = velocity
    }

    /// Advances to `time` (seconds, monotonic) and returns the distance travelled since the
    /// previous step, or `nil` when the fling has stopped.
    mutating func step(at time: Double) -> Double? {
        guard abs(velocity) >= Self.stopSpeed else { return nil }
        guard let last = lastTime else {
            lastTime = time
            return 0
        }
        let dt = max(0, min(time - last, 0.1))
        lastTime = time
        let decay = exp(-Self.friction * dt)
        // Distance is the integral of v·e^(−f·t) over dt.
        let distance = velocity * (1 - decay) / Self.friction
        velocity *= decay
        return distance
    }
}

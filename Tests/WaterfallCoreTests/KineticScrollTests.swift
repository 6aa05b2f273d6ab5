import Foundation
import SeededRandom
import Testing
import WaterfallCore

/// The fling's deceleration against the closed form of exponential decay, at explicit frame
/// times (irregular, stalled and backwards ones included): no wall clock.
@Suite("Kinetic scroll")
struct KineticScrollTests {
    /// The reference: after an effective time τ a fling from `start` at `velocity` has moved
    /// v/f · (1 − e^(−f·τ)) and slowed to |v| · e^(−f·τ).
    private struct ClosedForm {
        let start: Double, velocity: Double
        func offset(after tau: Double) -> Double {
            start + velocity / KineticScroll.friction * (1 - exp(-KineticScroll.friction * tau))
        }
        func speed(after tau: Double) -> Double { abs(velocity) * exp(-KineticScroll.friction * tau) }
    }

    /// A frame interval: mostly 20–250 Hz, sometimes a stall longer than a step may take, a
    /// repeated frame time, or a clock that went back.
    private static func interval(_ rng: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: return Double.random(in: 0.1...2, using: &rng)
        case 1: return 0
        case 2: return -Double.random(in: 0...0.05, using: &rng)
        default: return Double.random(in: 0.004...0.05, using: &rng)
        }
    }

    /// Runs a fling from `start` within `bounds` at random frame times against the closed form
    /// (clamped to the bounds, where it ends); returns the frames it moved.
    private static func expectFollowsClosedForm(velocity: Double, start: Double, bounds: ClosedRange<Double>,
                                                seed: UInt64, rng: inout SplitMix64) -> Int {
        let reference = ClosedForm(start: start, velocity: velocity)
        var fling = KineticScroll(velocity: velocity)
        var time = Double.random(in: 0...1e6, using: &rng)
        #expect(fling.step(at: time, from: start, within: bounds) == start, "seed \(seed): the first step only notes the time")
        var offset = start, tau = 0.0, frames = 0, reachedEdge = false
        while frames < 100_000 {
            let dt = interval(&rng)
            let speedBefore = reference.speed(after: tau)
            time += dt
            tau += min(max(dt, 0), KineticScroll.maximumStep)
            guard let next = fling.step(at: time, from: offset, within: bounds) else {
                #expect(reachedEdge || speedBefore < KineticScroll.stopSpeed * (1 + 1e-9),
                        "seed \(seed), frame \(frames): stopped at \(speedBefore) px/s, away from the edges")
                break
            }
            #expect(!reachedEdge, "seed \(seed): went on after reaching an edge")
            #expect(speedBefore >= KineticScroll.stopSpeed * (1 - 1e-9), "seed \(seed): went on below the stopping speed")
            let free = reference.offset(after: tau)
            let expected = min(max(free, bounds.lowerBound), bounds.upperBound)
            reachedEdge = expected != free
            guard abs(next - expected) <= 1e-6 * max(1, abs(expected)) else {
                Issue.record("seed \(seed), frame \(frames): \(next), closed form \(expected)")
                return frames
            }
            offset = next
            frames += 1
        }
        #expect(fling.isFinished, "seed \(seed): not finished after \(frames) frames")
        #expect(abs(offset - start) <= abs(velocity) / KineticScroll.friction + 1e-6, "seed \(seed): went further than v/f")
        return frames
    }

    @Test("a free fling follows the closed form frame by frame and stops below the stopping speed",
          arguments: 0..<200 as Range<UInt64>)
    func freeFlingFollowsTheClosedForm(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let velocity = Double.random(in: 30...9000, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
        let start = Double.random(in: -1e7...1e7, using: &rng)
        let frames = Self.expectFollowsClosedForm(velocity: velocity, start: start, bounds: -1e9...1e9, seed: seed, rng: &rng)
        #expect(frames > 0, "seed \(seed): a fling of \(velocity) px/s never moved")
    }

    @Test("a fling never leaves its bounds and ends on the edge it reaches", arguments: 0..<200 as Range<UInt64>)
    func boundedFlingEndsOnTheEdge(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let length = Double.random(in: 0...3000, using: &rng)
        let bounds = 0...length
        let velocity = Double.random(in: 30...9000, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
        let start = Double.random(in: bounds, using: &rng)
        _ = Self.expectFollowsClosedForm(velocity: velocity, start: start, bounds: bounds, seed: seed, rng: &rng)
    }

    @Test("hitting an edge stops the fling there; the next frame ends it")
    func edgeStopsTheFling() {
        var fling = KineticScroll(velocity: 4000)
        #expect(fling.step(at: 10, from: 990, within: 0...1000) == 990)
        #expect(fling.step(at: 10.05, from: 990, within: 0...1000) == 1000)
        #expect(fling.velocity == 0 && fling.isFinished)
        #expect(fling.step(at: 10.1, from: 1000, within: 0...1000) == nil)
        // Starting outside the range clamps into it first.
        var outside = KineticScroll(velocity: -500)
        #expect(outside.step(at: 0, from: 1500, within: 0...1000) == 1000)
    }

    @Test("bad input ends the fling instead of moving by NaN")
    func badInputEndsTheFling() {
        #expect(KineticScroll(velocity: .nan).isFinished)
        #expect(KineticScroll(velocity: .infinity).isFinished)
        var slow = KineticScroll(velocity: KineticScroll.stopSpeed / 2)
        #expect(slow.step(at: 0, from: 5, within: 0...10) == nil)
        var timeless = KineticScroll(velocity: 1000)
        #expect(timeless.step(at: 0, from: 5, within: 0...100) == 5)
        #expect(timeless.step(at: .nan, from: 5, within: 0...100) == nil)
        #expect(timeless.step(at: 1, from: 5, within: 0...100) == nil, "stays over once ended")
        var lost = KineticScroll(velocity: 1000)
        #expect(lost.step(at: 0, from: .infinity, within: 0...100) == nil)
    }
}

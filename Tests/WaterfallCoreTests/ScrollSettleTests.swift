import Foundation
import Testing
@testable import WaterfallCore

/// The carousel's animated settle and fling projection, and retargeting a running transition.
@Suite struct ScrollSettleTests {
    @Test func aSettleEasesFromItsStartAndEndsExactlyOnTarget() {
        let settle = ScrollSettle(from: Point(x: 100, y: 0), to: Point(x: 420, y: 0), start: 5, duration: 0.25)
        #expect(settle.offset(at: 4) == Point(x: 100, y: 0))
        #expect(settle.offset(at: 5) == Point(x: 100, y: 0))
        let middle = settle.offset(at: 5.125).x
        // Ease-out: past the half-way point at half time.
        #expect(middle > 260 && middle < 420)
        #expect(!settle.isFinished(at: 5.24))
        #expect(settle.isFinished(at: 5.25))
        #expect(settle.offset(at: 5.25) == Point(x: 420, y: 0))
        #expect(settle.offset(at: 99) == Point(x: 420, y: 0))
        #expect(ScrollSettle(from: .zero, to: Point(x: 9, y: 0), start: 0, duration: 0).offset(at: 0).x == 9)
    }

    @Test func aPacedSettleTakesLongerTheFurtherItGoes() {
        #expect(ScrollSettle.duration(forDistance: 0) == 0.2)
        #expect(ScrollSettle.duration(forDistance: 400) == 0.2)
        #expect(ScrollSettle.duration(forDistance: 600) == 0.3)
        #expect(ScrollSettle.duration(forDistance: 1000) == 0.5)
        #expect(ScrollSettle.duration(forDistance: .infinity) == 0.5)
        #expect(ScrollSettle.duration(forDistance: .nan) == 0.5)
        let settle = ScrollSettle.paced(from: Point(x: 100, y: 0), to: Point(x: 400, y: 400), start: 2)
        #expect(settle.duration == 0.35 && settle.start == 2 && settle.easing == .easeOut)
        #expect(settle.offset(at: 2.35) == Point(x: 400, y: 400))
    }

    @Test func aSettleFromAnyProposedOffsetCentresAnItem() {
        var carousel = CarouselLayout()
        carousel.replaceItems(in: 0..<0, with: Array(repeating: ItemSize.height(130), count: 20))
        carousel.prepare(for: Size(width: 800, height: 300))
        carousel.invalidate(forBoundsChange: Rect(x: 0, y: 0, width: 800, height: 300))
        for velocity in stride(from: -3000.0, through: 3000, by: 250) {
            let proposed = Point(x: 700 + velocity / 4, y: 0)
            let target = carousel.targetContentOffset(forProposed: proposed, velocity: Point(x: velocity, y: 0))
            let settle = ScrollSettle(from: Point(x: 700, y: 0), to: target, start: 0)
            let centre = settle.offset(at: 1).x + 400
            let item = carousel.nearestItem(toCenterX: centre)!
            #expect(abs(carousel.frame(at: item).midX - centre) < 1e-9, "velocity \(velocity)")
        }
    }

    @Test func retargetingKeepsTheTimingAndLandsOnTheNewTarget() {
        let a = LayoutAttributes(index: 0, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = LayoutAttributes(index: 0, frame: Rect(x: 100, y: 0, width: 10, height: 10))
        let c = LayoutAttributes(index: 0, frame: Rect(x: 100, y: 40, width: 20, height: 20), scale: 0.5)
        var animator = TransitionAnimator<Int>(duration: 0.3, easing: .linear)
        let idle = animator.retarget(1, to: c)
        #expect(!idle)
        animator.animate([(key: 1, from: a, to: b)], now: 0)
        let inFlight = animator.retarget(1, to: c)
        #expect(inFlight)
        let half = animator.attributes(for: 1, at: 0.15)!
        #expect(abs(half.frame.minX - 50) < 1e-9 && abs(half.frame.minY - 20) < 1e-9)
        #expect(animator.isAnimating(at: 0.29))
        #expect(animator.attributes(for: 1, at: 0.3) == c)
    }
}

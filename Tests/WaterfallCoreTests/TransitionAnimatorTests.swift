import Foundation
import Testing
@testable import WaterfallCore

/// Eased, interruptible transitions.
@Suite struct TransitionAnimatorTests {
    private let a = LayoutAttributes(index: 0, frame: Rect(x: 0, y: 0, width: 100, height: 100))
    private let b = LayoutAttributes(index: 0, frame: Rect(x: 300, y: 50, width: 50, height: 50), scale: 0.5, alpha: 0)

    @Test func easingCurvesStartAndEndExactly() {
        for easing in [Easing.linear, .easeInOut, .easeOut] {
            #expect(easing(0) == 0 && easing(1) == 1)
            #expect(easing(-3) == 0 && easing(7) == 1 && easing(.nan) == 1)
            var previous = 0.0
            for step in 1...100 {
                let value = easing(Double(step) / 100)
                #expect(value >= previous)
                previous = value
            }
        }
        #expect(Easing.easeInOut(0.5) == 0.5)
    }

    @Test func aTransitionEndsOnExactlyTheTarget() {
        var animator = TransitionAnimator<Int>(duration: 0.3)
        animator.animate([(key: 1, from: a, to: b)], now: 10)
        #expect(animator.attributes(for: 1, at: 10) == a)
        let middle = animator.attributes(for: 1, at: 10.15)!
        #expect(middle.frame.minX > 0 && middle.frame.minX < 300)
        #expect(animator.isAnimating(at: 10.29))
        #expect(animator.attributes(for: 1, at: 10.3) == b)
        #expect(!animator.isAnimating(at: 10.3))
        let finished = animator.removeFinished(at: 10.3)
        #expect(finished.count == 1 && finished[0].attributes == b)
        #expect(animator.attributes(for: 1, at: 11) == nil)
    }

    @Test func anInterruptedAnimationContinuesFromWhereTheItemIs() {
        var animator = TransitionAnimator<Int>(duration: 0.3, easing: .linear)
        animator.animate([(key: 7, from: a, to: b)], now: 0)
        let onScreen = animator.attributes(for: 7, at: 0.1)!
        // The new `from` is ignored: the item is moving, so it starts where it is.
        animator.animate([(key: 7, from: b, to: a)], now: 0.1)
        #expect(animator.attributes(for: 7, at: 0.1) == onScreen)
        #expect(animator.attributes(for: 7, at: 0.4) == a)
        animator.cancel(7)
        #expect(animator.attributes(for: 7, at: 0.2) == nil)
    }
}

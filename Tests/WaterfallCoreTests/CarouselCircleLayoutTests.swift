import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// Seed 003's carousel and circle layouts.
@Suite struct CarouselCircleLayoutTests {
    /// A prepared carousel of `count` items in a 390×200 viewport scrolled to `offset`.
    private func carousel(count: Int, offset: Double = 0) -> CarouselLayout {
        var layout = CarouselLayout()
        layout.prepare(for: Size(width: 390, height: 200))
        layout.replaceItems(in: 0..<0, with: Array(repeating: ItemSize.height(0), count: count))
        layout.invalidate(forBoundsChange: Rect(x: offset, y: 0, width: 390, height: 200))
        return layout
    }

    @Test func firstAndLastItemsCanReachTheCentre() {
        let layout = carousel(count: 20)
        #expect(layout.frame(at: 0).midX == 195)
        #expect(layout.frame(at: 0).midY == 100)
        let last = layout.frame(at: 19)
        #expect(layout.contentSize.width - last.midX == 195)
    }

    @Test func scaleFollowsTheSeedsCurve() {
        let layout = carousel(count: 20, offset: 0)
        #expect(layout.layoutAttributes(at: 0).scale == 1)
        let second = layout.layoutAttributes(at: 1)
        #expect(abs(second.scale - (1 - 140 / 390)) < 1e-12)
        #expect(second.zIndex < layout.layoutAttributes(at: 0).zIndex)
        #expect(layout.layoutAttributes(at: 19).scale == layout.minimumScale)
        var custom = layout
        custom.scaleCurve = { 1 / (1 + $0) }
        #expect(abs(custom.layoutAttributes(at: 1).scale - 1 / (1 + 140 / 390)) < 1e-12)
    }

    @Test func snappingPicksTheNearestCentreForRandomOffsets() {
        for seed in UInt64(0)..<500 {
            var rng = SplitMix64(seed: seed)
            let count = Int.random(in: 1...40, using: &rng)
            let layout = carousel(count: count, offset: Double.random(in: 0...Double(count) * 140, using: &rng))
            let proposed = Point(x: Double.random(in: -300...(layout.contentSize.width + 300), using: &rng), y: 0)
            let slow = Point(x: Double.random(in: -299...299, using: &rng), y: 0)
            let target = layout.targetContentOffset(forProposed: proposed, velocity: slow)
            let centre = proposed.x + 195
            let nearest = (0..<count).min { abs(layout.frame(at: $0).midX - centre) < abs(layout.frame(at: $1).midX - centre) }!
            #expect(abs(target.x + 195 - layout.frame(at: nearest).midX) < 1e-9, "seed \(seed)")
        }
    }

    @Test func aFastFlingMovesAtLeastOneItem() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            let current = Int.random(in: 1...18, using: &rng)
            let layout = carousel(count: 20, offset: Double(current) * 140)
            let direction: Double = Bool.random(using: &rng) ? 1 : -1
            // A small drag with a fast fling: the proposed offset would stay on `current`.
            let proposed = Point(x: Double(current) * 140 + direction * 20, y: 0)
            let target = layout.targetContentOffset(forProposed: proposed, velocity: Point(x: direction * 1200, y: 0))
            let landed = layout.nearestItem(toCenterX: target.x + 195)!
            #expect(landed == current + Int(direction), "seed \(seed)")
        }
        let end = carousel(count: 3, offset: 280)
        #expect(end.targetContentOffset(forProposed: Point(x: 290, y: 0), velocity: Point(x: 5000, y: 0)).x == 280)
    }

    @Test func carouselQueriesEqualBruteForce() {
        for seed in UInt64(0)..<200 {
            var rng = SplitMix64(seed: seed)
            let layout = carousel(count: Int.random(in: 0...60, using: &rng))
            let rect = Rect(x: Double.random(in: -200...9000, using: &rng), y: Double.random(in: -50...150, using: &rng),
                              width: Double.random(in: 0...800, using: &rng), height: Double.random(in: 0...300, using: &rng))
            var found: [Int] = []
            layout.forEachIndex(in: rect) { found.append($0) }
            #expect(found == (0..<layout.itemCount).filter { layout.frame(at: $0).overlaps(rect) }, "seed \(seed)")
        }
    }

    @Test func circlePositionsAreExact() {
        var layout = CircleLayout()
        layout.prepare(for: Size(width: 390, height: 200))
        layout.replaceItems(in: 0..<0, with: [ItemSize.height(0)])
        #expect(layout.frame(at: 0) == Rect(x: 170, y: 75, width: 50, height: 50))
        layout.replaceItems(in: 1..<1, with: Array(repeating: ItemSize.height(0), count: 3))
        #expect(layout.itemCount == 4)
        let expected = [Point(x: 195, y: 170), Point(x: 265, y: 100), Point(x: 195, y: 30), Point(x: 125, y: 100)]
        for (index, point) in expected.enumerated() {
            let center = layout.center(of: index)
            #expect(abs(center.x - point.x) < 1e-9 && abs(center.y - point.y) < 1e-9, "item \(index)")
            #expect(layout.frame(at: index).size == Size(width: 50, height: 50))
        }
        for count in 2...30 {
            var ring = CircleLayout()
            ring.prepare(for: Size(width: 390, height: 200))
            ring.replaceItems(in: 0..<0, with: Array(repeating: ItemSize.height(0), count: count))
            for index in 0..<count {
                let c = ring.center(of: index)
                #expect(abs(hypot(c.x - 195, c.y - 100) - 70) < 1e-9)
            }
        }
        layout.replaceItems(in: 0..<4, with: [ItemSize]())
        #expect(layout.itemCount == 0)
    }

    @Test func badSizesDoNotProduceNonFiniteFrames() {
        var layout = CarouselLayout(itemSize: Size(width: Double.nan, height: -4), spacing: .infinity)
        layout.prepare(for: Size(width: Double.nan, height: 100))
        layout.replaceItems(in: 0..<0, with: Array(repeating: ItemSize.height(0), count: 5))
        for index in 0..<5 {
            let frame = layout.frame(at: index)
            #expect(frame.minX.isFinite && frame.minY.isFinite && frame.width >= 0 && frame.height >= 0)
        }
        #expect(layout.targetContentOffset(forProposed: Point(x: Double.nan, y: 0), velocity: .zero).x.isFinite)
    }
}

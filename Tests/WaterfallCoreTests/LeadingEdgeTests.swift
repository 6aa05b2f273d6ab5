import Foundation
import SeededRandom
import Testing
import WaterfallCore

@Suite("Layouts: the leading edge of a range of items")
struct LeadingEdgeTests {
    /// The reference: the lowest edge along the scroll axis over every frame in `range`.
    private func bruteForceLeadingEdge(_ layout: some CollectionLayout, _ range: Range<Int>) -> Double {
        range.map { index in
            let frame = layout.frame(at: index)
            return layout.scrollAxis == .horizontal ? frame.minX : frame.minY
        }.min() ?? .infinity
    }

    @Test("the waterfall's leading edge is the lowest frame edge along its axis, columns and rows, either direction")
    func waterfallMatchesFrames() {
        var checked = 0
        for seed in UInt64(0)..<300 {
            var rng = SplitMix64(seed: 0x1EAD_0000 + seed)
            var engine = RandomLayouts.layout(&rng)
            engine.axis = Bool.random(using: &rng) ? .vertical : .horizontal
            engine.append(contentsOf: RandomLayouts.items(&rng, count: Int.random(in: 1...300, using: &rng)))
            let layout = WaterfallCollectionLayout(engine)
            for _ in 0..<8 {
                let low = Int.random(in: 0...layout.itemCount, using: &rng)
                let range = low..<Int.random(in: low...layout.itemCount, using: &rng)
                let edge = layout.leadingEdge(ofItemsIn: range)
                let expected = bruteForceLeadingEdge(layout, range)
                #expect(edge == expected, "seed \(seed), \(engine.axis), \(engine.direction), range \(range): \(edge), expected \(expected)")
                if !range.isEmpty { checked += 1 }
            }
        }
        #expect(checked > 1_000, "most ranges were not empty")
    }

    @Test("carousels and circles are not incremental: every item is placed and `incrementally` does nothing")
    func nonIncrementalLayouts() {
        var carousel = CarouselLayout()
        carousel.prepare(for: Size(width: 600, height: 300))
        carousel.replaceItems(in: 0..<0, with: Array(repeating: ItemSize.height(100), count: 20))
        var circle = CircleLayout()
        circle.replaceItems(in: 0..<0, with: Array(repeating: ItemSize.height(50), count: 7))
        #expect(carousel.incrementally { $0.placedCount } == nil && carousel.placedItemCount == 20)
        #expect(circle.incrementally { $0.placedCount } == nil && circle.placedItemCount == 7)
    }

    @Test("`incrementally` changes the waterfall in place: the edit is the engine's")
    func incrementalWaterfallInPlace() {
        var engine = WaterfallLayout(columns: .fixed(3), containerWidth: 300)
        engine.append(contentsOf: Array(repeating: ItemSize.height(40), count: 30))
        var layout: any CollectionLayout = WaterfallCollectionLayout(engine)
        #expect(layout.incrementally { $0.startBlock(at: 12) } != nil)
        #expect((layout as? WaterfallCollectionLayout)?.engine.blockStarts == [12])
        #expect(layout.incrementally { $0.leadingEdge(ofItemsIn: 3..<6) } == engine.leadingEdge(ofItemsIn: 3..<6))
    }
}

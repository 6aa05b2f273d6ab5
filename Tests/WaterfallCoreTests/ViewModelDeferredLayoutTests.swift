import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// A width or column change lays out only what the screen needs; idle slices do the rest.
@MainActor
@Suite("View model: deferred layout after a resize")
struct ViewModelDeferredLayoutTests {
    @Test("a width change at 1,000,000 items lays out only about the viewport before returning")
    func widthChangeAtAMillionPlacesAboutTheViewport() {
        let fixture = Fixture(sizes: (0..<1_000_000).map { .height(Double(100 + $0 % 13 * 20)) }, columns: 4,
                              viewport: Size(width: 1000, height: 800))
        #expect(fixture.model.placedItemCount == 1_000_000 && !fixture.model.isLayoutPending)
        #expect(fixture.model.eagerLayoutLimit < 1_000_000, "the default defers at this size")
        fixture.model.setViewportSize(Size(width: 1300, height: 800))
        // Viewport 800 + overscan 2 × 200 + prefetch 2 × 800 = 2,800 pt of items ~220 pt tall
        // in 4 columns: about 50; the cap leaves room for the chunks placement grows in.
        #expect(fixture.model.isLayoutPending)
        #expect(fixture.model.placedItemCount < 500, "laid out \(fixture.model.placedItemCount) items at once")
        fixture.expectConsistent("right after the width change")
        var slices = 0
        while !fixture.model.continueLayout(itemBudget: 250_000) { slices += 1 }
        #expect(slices == 3, "the rest took four slices")
        #expect(fixture.host.contentSize == fixture.model.contentSize, "the host has the settled height")
        fixture.expectConsistent("after the idle slices")
    }

    @Test("any interleaving of resizes, slices, scrolling and appends keeps the live set exact and ends in a fresh layout (seams aside)",
          arguments: [71, 72, 73, 74] as [UInt64])
    func interleavingsEndInAFreshLayout(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(3_000, using: &generator), columns: 3)
        fixture.model.eagerLayoutLimit = 0
        for step in 0..<40 {
            let context = "seed \(seed), step \(step)"
            let count = fixture.source.sizes.count
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                fixture.model.setViewportSize(Size(width: Double.random(in: 300...1400, using: &generator).rounded(),
                                                     height: 800))
            case 1:
                fixture.source.columns = Int.random(in: 2...6, using: &generator)
                fixture.model.invalidateLayout()
            case 2: fixture.model.continueLayout(itemBudget: Int.random(in: 1...400, using: &generator))
            case 3:
                let y = Double.random(in: 0...max(0, fixture.model.contentSize.height - 800), using: &generator)
                fixture.model.setContentOffset(Point(x: 0, y: y))
            case 4:
                let page = randomSizes(Int.random(in: 1...60, using: &generator), using: &generator)
                fixture.source.sizes += page
                fixture.model.performBatchUpdates([.insert(count..<count + page.count)])
            default:
                fixture.model.scrollToItem(at: Int.random(in: 0..<count, using: &generator), position: .center)
            }
            fixture.expectConsistent(context)
        }
        while !fixture.model.continueLayout(itemBudget: 1_000) {}
        fixture.expectConsistent("seed \(seed), finished")
        // Deep in the feed the last relayout laid out an island, which leaves a seam: at most one.
        let seams = (fixture.model.layout as? WaterfallCollectionLayout)?.engine.blockStarts ?? []
        #expect(seams.count <= 1, "seed \(seed): seams \(seams)")
        let frames = (0..<fixture.model.numberOfItems).map { fixture.model.layout.frame(at: $0) }
        let fresh = fixture.freshFramesWithSeams()
        #expect(Fixture.areClose(frames, fresh.frames), "seed \(seed): the finished layout is a fresh one, seams aside")
        #expect(abs(fixture.model.contentSize.height - fresh.height) <= 1e-6 * fresh.height, "seed \(seed)")
    }
}

import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// Size corrections: items laid out at an estimate get their real size later.
@Suite("View model: size changes")
@MainActor
struct ViewModelSizeChangeTests {
    /// 300 square estimates in 3 columns, scrolled to `offset`.
    func fixture(offset: Double) -> Fixture {
        let fixture = Fixture(sizes: Array(repeating: .aspectRatio(width: 1, height: 1), count: 300))
        fixture.model.setContentOffset(Point(x: 0, y: offset))
        return fixture
    }

    /// The first visible item and its frame on screen.
    func firstVisible(_ fixture: Fixture) throws -> (index: Int, frame: Rect) {
        let index = try #require(fixture.model.visibleIndices.first)
        return (index, try #require(fixture.model.placedAttributes(at: index)).frame)
    }

    /// The engine's frames from scratch for the data source's current sizes.
    func referenceFrames(_ fixture: Fixture) -> [Rect] {
        guard let layout = fixture.model.layout as? WaterfallCollectionLayout else { return [] }
        return ReferenceMasonry(layout.engine).layout(of: fixture.source.sizes).frames
    }

    /// Requires the items before the first block to be laid out from scratch: corrections
    /// above the viewport make the visible items a block of their own, which only moves (see
    /// `WaterfallLayout.startBlock(at:)`), so only the items before it match a fresh layout.
    func expectFromScratchUpToTheFirstBlock(_ fixture: Fixture, _ context: String,
                                            sourceLocation: SourceLocation = #_sourceLocation) {
        guard let engine = (fixture.model.layout as? WaterfallCollectionLayout)?.engine else {
            Issue.record("not a waterfall", sourceLocation: sourceLocation)
            return
        }
        let end = engine.blockStarts.first ?? engine.count
        let reference = ReferenceMasonry(engine).layout(of: Array(fixture.source.sizes[..<end])).frames
        #expect((0..<end).map(engine.frame(at:)) == reference, "\(context): blocks \(engine.blockStarts)",
                sourceLocation: sourceLocation)
    }

    @Test("corrections above the viewport keep the first visible item where it is on screen, to the pixel")
    func aboveTheViewport() throws {
        for seed in UInt64(1)...20 {
            var generator = SplitMix64(seed: seed)
            let fixture = fixture(offset: Double.random(in: 3000...6000, using: &generator).rounded())
            let before = try firstVisible(fixture)
            let changed = (0..<8).map { _ in Int.random(in: 0..<max(1, before.index - 12), using: &generator) }
            for index in changed {
                fixture.source.sizes[index] = .aspectRatio(width: 100, height: Double.random(in: 30...400, using: &generator))
            }
            fixture.model.invalidateSizes(at: changed)
            #expect(fixture.model.placedAttributes(at: before.index)?.frame == before.frame, "nothing moves before the flush")
            fixture.model.applyPendingSizeChanges()
            let after = try #require(fixture.model.placedAttributes(at: before.index), "seed \(seed)")
            #expect(abs(after.frame.minY - before.frame.minY) < 1e-6, "seed \(seed): the first visible item moved on screen")
            #expect(fixture.model.layout.frame(at: 0) == referenceFrames(fixture)[0])
            expectFromScratchUpToTheFirstBlock(fixture, "seed \(seed)")
            fixture.expectConsistent("seed \(seed)")
            #expect(fixture.model.sizeChangeStatistics.relayouts == 1)
        }
    }

    @Test("corrections inside the viewport move visible cells, animated, keeping their identity")
    func insideTheViewport() throws {
        let fixture = fixture(offset: 2000)
        let visible = fixture.model.visibleIndices
        let target = try #require(visible.dropFirst(2).first)
        let cell = try #require(fixture.model.cell(at: target))
        fixture.source.sizes[target] = .aspectRatio(width: 100, height: 300)
        fixture.model.invalidateSize(at: target)
        let transitions = fixture.model.applyPendingSizeChanges()
        #expect(fixture.model.cell(at: target) === cell, "the cell is kept, not reloaded")
        let move = try #require(transitions.first { $0.newIndex == target })
        #expect(move.kind == .move)
        #expect(move.to.frame.height == 3 * move.from.frame.height)
        #expect(transitions.allSatisfy { $0.kind == .move || $0.kind == .insert })
        fixture.expectConsistent("inside")
    }

    @Test("corrections below the viewport change nothing on screen")
    func belowTheViewport() throws {
        let fixture = fixture(offset: 1000)
        let live = Set(fixture.model.liveIndices)
        let placed = fixture.model.liveIndices.map { fixture.model.placedAttributes(at: $0) }
        let below = (250..<300).filter { !live.contains($0) }
        try #require(!below.isEmpty)
        for index in below { fixture.source.sizes[index] = .aspectRatio(width: 100, height: 250) }
        fixture.model.invalidateSizes(at: below)
        let transitions = fixture.model.applyPendingSizeChanges()
        #expect(fixture.model.liveIndices.map { fixture.model.placedAttributes(at: $0) } == placed)
        #expect(transitions.allSatisfy { $0.from == $0.to })
        #expect((0..<300).map(fixture.model.layout.frame(at:)) == referenceFrames(fixture))
    }

    @Test("50 corrections in one frame cost one relayout and one host notification")
    func manyCorrectionsInOneFrame() throws {
        var generator = SplitMix64(seed: 50)
        let fixture = fixture(offset: 4000)
        let before = try firstVisible(fixture)
        for _ in 0..<50 {
            let index = Int.random(in: 0..<300, using: &generator)
            fixture.source.sizes[index] = .aspectRatio(width: 100, height: Double.random(in: 50...300, using: &generator))
            fixture.model.invalidateSize(at: index)
        }
        #expect(fixture.host.sizeChangeNotifications == 1)
        fixture.model.applyPendingSizeChanges()
        #expect(fixture.model.sizeChangeStatistics.relayouts == 1)
        #expect(fixture.model.sizeChangeStatistics.itemsResized > 40, "distinct items among 50 draws")
        #expect(!fixture.model.hasPendingSizeChanges)
        expectFromScratchUpToTheFirstBlock(fixture, "50 corrections")
        if let anchor = fixture.model.placedAttributes(at: before.index) {
            #expect(abs(anchor.frame.minY - before.frame.minY) < 1e-6)
        } else {
            Issue.record("the first visible item left the screen")
        }
        // A frame with nothing pending costs nothing.
        fixture.model.applyPendingSizeChanges()
        #expect(fixture.model.sizeChangeStatistics.relayouts == 1)
    }

    @Test("corrections racing a prepend follow their items")
    func racingAPrepend() throws {
        let fixture = fixture(offset: 3000)
        let before = try firstVisible(fixture)
        // A correction is recorded for item 10, then 5 items are prepended before the frame.
        fixture.source.sizes[10] = .aspectRatio(width: 100, height: 400)
        fixture.model.invalidateSize(at: 10)
        fixture.source.sizes.insert(contentsOf: Array(repeating: .aspectRatio(width: 1, height: 1), count: 5), at: 0)
        fixture.model.performBatchUpdates([.insert(0..<5)])
        let shifted = try #require(fixture.model.placedAttributes(at: before.index + 5))
        #expect(abs(shifted.frame.minY - before.frame.minY) < 1e-6, "the prepend kept the reader's place")
        let beforeFlush = try firstVisible(fixture)
        fixture.model.applyPendingSizeChanges()
        #expect(fixture.model.layout.frame(at: 15).height == 4 * fixture.model.layout.frame(at: 14).height,
                "the correction applied to the item it was for, now at 15")
        let afterFlush = try #require(fixture.model.placedAttributes(at: beforeFlush.index))
        #expect(abs(afterFlush.frame.minY - beforeFlush.frame.minY) < 1e-6)
        expectFromScratchUpToTheFirstBlock(fixture, "after the prepend and the correction")
        // A correction for an item deleted before the frame is dropped.
        fixture.model.invalidateSize(at: 20)
        fixture.source.sizes.remove(at: 20)
        fixture.model.performBatchUpdates([.delete(20..<21)])
        #expect(!fixture.model.hasPendingSizeChanges)
        #expect(fixture.model.sizeChangeStatistics.discarded == 1)
        fixture.model.invalidateSizes(at: [-1, 10_000])
        #expect(!fixture.model.hasPendingSizeChanges, "out-of-range indices are ignored")
    }

    /// The on-screen frames of the items at `indices`, `nil` for one not live.
    func shownFrames(_ fixture: Fixture, _ indices: [Int]) -> [Rect?] {
        indices.map { fixture.model.placedAttributes(at: $0)?.frame }
    }

    /// Whether two lists of on-screen frames agree (y to float rounding).
    func sameFrames(_ a: [Rect?], _ b: [Rect?]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { a, b in
            guard let a, let b else { return false }
            return abs(a.minY - b.minY) < 1e-6 && a.minX == b.minX && a.size == b.size
        }
    }

    @Test("after a correction above the screen held the visible items apart, a lazily read prepend moves nothing on screen, the held block included")
    func correctionThenLazyPrepend() throws {
        let fixture = Fixture(sizes: [], columns: 3)
        fixture.source.readsSizesLazily = true
        fixture.source.sizes = Array(repeating: .aspectRatio(width: 1, height: 2), count: 300)
        fixture.model.performBatchUpdates([.insert(0..<300)])
        while !fixture.model.continueLayout(itemBudget: 1_000) {}
        // Deep in the wall, an image header corrects item 5: the items from the first visible
        // one on become a block (a segment of their own).
        fixture.model.scrollToItem(at: 150)
        fixture.source.sizes[5] = .aspectRatio(width: 2, height: 3)
        fixture.model.invalidateSize(at: 5)
        fixture.model.applyPendingSizeChanges()
        let engine = try #require((fixture.model.layout as? WaterfallCollectionLayout)?.engine)
        let block = try #require(engine.blockStarts.first)
        // The reader scrolls back up a little: items before the block and the block's first rows are on screen.
        fixture.model.setContentOffset(Point(x: 0, y: fixture.model.layout.frame(at: block).minY - 300))
        let shown = fixture.model.visibleIndices
        #expect(shown.contains(block) && (shown.first ?? block) < block, "shown \(shown), block at \(block)")
        let before = shownFrames(fixture, shown)
        // A refresh prepends 4 items, their sizes read lazily: the old items wait at an estimated place.
        fixture.source.sizes.insert(contentsOf: Array(repeating: .aspectRatio(width: 1, height: 2), count: 4), at: 0)
        fixture.model.performBatchUpdates([.insert(0..<4)])
        #expect(sameFrames(shownFrames(fixture, shown.map { $0 + 4 }), before), "the prepend moved the screen")
        fixture.expectConsistent("after the prepend")
        while !fixture.model.continueLayout(itemBudget: 1_000) {}
        #expect(sameFrames(shownFrames(fixture, shown.map { $0 + 4 }), before), "settling moved the screen")
        fixture.expectConsistent("after the slices")
    }

    @Test("the default resize of other layouts relayouts per change and stays correct")
    func otherLayouts() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 20), layout: CarouselLayout())
        fixture.source.sizes[3] = .height(50)
        fixture.model.invalidateSize(at: 3)
        fixture.model.applyPendingSizeChanges()
        #expect(fixture.model.sizeChangeStatistics.relayouts == 1)
        #expect(fixture.model.liveIndices == fixture.bruteForceIndices(in: fixture.model.visibleBounds.insetBy(dx: -fixture.model.overscan, dy: 0)))
    }
}

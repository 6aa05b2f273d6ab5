import SeededRandom
import Testing
@testable import WaterfallCore

/// The sizes a lazy reader answers from, shared with its `@Sendable` closure; tests use it on
/// one thread only.
private final class ReadableSizes: @unchecked Sendable {
    var sizes: [ItemSize]
    /// How many sizes the reader was asked for.
    var asked = 0
    init(_ sizes: [ItemSize]) { self.sizes = sizes }

    var reader: ItemSizeReader {
        ItemSizeReader { [self] range, _ in
            asked += range.count
            return Array(sizes[range])
        }
    }
}

/// Sizes read lazily (issue 41): items go in unread and are read right before placement.
@MainActor
@Suite("Lazily read sizes")
struct LazySizeTests {
    @Test("any interleaving of unread inserts, deletes, covering placement and slices reads only placed items and ends in the eager layout",
          arguments: [4101, 4102, 4103, 4104, 4105] as [UInt64])
    func interleavingsEndInTheEagerLayout(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let model = ReadableSizes([])
        var layout = WaterfallLayout(columns: .fixed(Int.random(in: 1...6, using: &generator)), containerWidth: 900)
        layout.sizeReader = model.reader
        for step in 0..<60 {
            let context = "seed \(seed), step \(step)"
            let count = model.sizes.count
            switch Int.random(in: 0..<5, using: &generator) {
            case 0, 1:
                let at = Int.random(in: 0...count, using: &generator)
                let new = randomSizes(Int.random(in: 1...3_000, using: &generator), using: &generator)
                model.sizes.insert(contentsOf: new, at: at)
                layout.replaceSubrange(at..<at, withUnreadCount: new.count)
            case 2 where count > 0:
                let lower = Int.random(in: 0..<count, using: &generator)
                let upper = Swift.min(count, lower + Int.random(in: 1...500, using: &generator))
                model.sizes.removeSubrange(lower..<upper)
                layout.removeSubrange(lower..<upper)
            case 3:
                let y = Double.random(in: 0...Swift.max(0, layout.contentSize.height), using: &generator)
                let asked = model.asked, placed = layout.placedCount
                layout.place(covering: Rect(x: 0, y: y, width: 900, height: 800))
                #expect(model.asked - asked <= Swift.max(0, layout.placedCount - placed), "read beyond placement (\(context))")
            default:
                layout.continueLayout(itemBudget: Int.random(in: 1...2_000, using: &generator))
            }
            #expect(layout.count == model.sizes.count, "\(context)")
            #expect(layout.countUnread(in: 0..<layout.placedCount) == 0, "a placed item is unread (\(context))")
        }
        while !layout.continueLayout(itemBudget: 5_000) {}
        #expect(layout.unreadCount == 0, "seed \(seed)")
        var eager = WaterfallLayout(columns: layout.columns, containerWidth: 900)
        eager.append(contentsOf: model.sizes)
        let frames = (0..<layout.count).map(layout.frame(at:)), expected = (0..<eager.count).map(eager.frame(at:))
        #expect(Fixture.areClose(frames, expected), "seed \(seed): the lazily read layout is the eager one")
        #expect(layout.contentSize == eager.contentSize, "seed \(seed)")
    }

    @Test("a splice of 1,000,000 items into a lazy view reads about the viewport's sizes; idle slices read the rest and end in a fresh layout")
    func millionItemSpliceReadsTheViewport() {
        var generator = SplitMix64(seed: 4141)
        let fixture = Fixture(sizes: [], columns: 4, viewport: Size(width: 1000, height: 800))
        fixture.source.readsSizesLazily = true
        fixture.source.sizes = randomSizes(1_000_000, using: &generator, fullSpan: false)
        fixture.model.performBatchUpdates([.insert(0..<1_000_000)])
        #expect(fixture.source.sizesAsked < 2_000, "asked \(fixture.source.sizesAsked) sizes before the first frame")
        #expect(fixture.model.isLayoutPending)
        #expect(fixture.host.contentSize.height > 1_000_000, "the estimate counts the unread items")
        fixture.expectConsistent("right after the splice")
        let shown = fixture.model.liveIndices.map { fixture.model.layout.frame(at: $0) }
        var slices = 0
        while !fixture.model.continueLayout(within: .seconds(1), clock: SliceClock(), sliceItems: 100_000) { slices += 1 }
        let sliceItems = WaterfallViewModel<HeadlessCell>.lazySliceItems
        #expect(slices > 1_000_000 / sliceItems - 10, "\(slices) slices: each reads at most \(sliceItems) sizes")
        #expect(fixture.source.sizesAsked == 1_000_000, "every size read once")
        #expect(fixture.model.liveIndices.map { fixture.model.layout.frame(at: $0) } == shown, "nothing on screen moved")
        fixture.expectConsistent("after the slices")
        let fresh = fixture.freshFramesWithSeams()
        let frames = (0..<fixture.model.numberOfItems).map { fixture.model.layout.frame(at: $0) }
        #expect(Fixture.areClose(frames, fresh.frames), "the finished layout is the eager one")
    }

    @Test("a splice in the middle of a huge lazy model at the top reads only what the screen needs")
    func spliceInTheMiddleReadsOnlyTheScreen() {
        var generator = SplitMix64(seed: 4142)
        let fixture = Fixture(sizes: [], columns: 3)
        fixture.source.readsSizesLazily = true
        fixture.source.sizes = randomSizes(200_000, using: &generator)
        fixture.model.performBatchUpdates([.insert(0..<200_000)])
        let asked = fixture.source.sizesAsked
        fixture.source.sizes.insert(contentsOf: randomSizes(500_000, using: &generator), at: 100_000)
        fixture.model.performBatchUpdates([.insert(100_000..<600_000)])
        #expect(fixture.source.sizesAsked - asked < 1_000, "asked \(fixture.source.sizesAsked - asked) sizes for the splice")
        fixture.expectConsistent("after the splice")
        while !fixture.model.continueLayout(itemBudget: 50_000) {}
        #expect(fixture.source.sizesAsked <= 700_000 + asked, "every size read at most once after the splice")
        let fresh = fixture.freshFramesWithSeams()
        let frames = (0..<fixture.model.numberOfItems).map { fixture.model.layout.frame(at: $0) }
        #expect(Fixture.areClose(frames, fresh.frames), "the finished layout is the eager one")
    }

    @Test("a splice above the screen of a lazy model reads none of its items: the items shown get an estimated place, which settles without moving the screen",
          arguments: [4143, 4144] as [UInt64])
    func spliceAboveTheScreenReadsNothing(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: [], columns: 3)
        fixture.model.eagerLayoutLimit = 1_000_000
        fixture.source.readsSizesLazily = true
        fixture.source.sizes = randomSizes(100_000, using: &generator)
        fixture.model.performBatchUpdates([.insert(0..<100_000)])
        while !fixture.model.continueLayout(itemBudget: 50_000) {}
        fixture.model.scrollToItem(at: 60_000)
        let before = fixture.model.visibleIndices.map { fixture.model.placedAttributes(at: $0)?.frame }
        let asked = fixture.source.sizesAsked
        let at = Int.random(in: 1_000..<50_000, using: &generator)
        fixture.source.sizes.insert(contentsOf: randomSizes(400_000, using: &generator), at: at)
        fixture.model.performBatchUpdates([.insert(at..<at + 400_000)])
        #expect(fixture.source.sizesAsked - asked < 1_000, "seed \(seed): asked \(fixture.source.sizesAsked - asked) sizes for the splice")
        let shown = fixture.model.visibleIndices
        let same = { (frames: [Rect?]) in
            frames.count == before.count && zip(frames, before).allSatisfy { a, b in
                guard let a, let b else { return false }
                return abs(a.minY - b.minY) < 1e-6 && a.minX == b.minX && a.size == b.size
            }
        }
        #expect(same(shown.map { fixture.model.placedAttributes(at: $0)?.frame }), "seed \(seed): the screen moved")
        fixture.expectConsistent("seed \(seed), after the splice")
        while !fixture.model.continueLayout(itemBudget: 10_000) {}
        #expect(fixture.source.sizesAsked - asked <= 400_000 + 60_000 - at + 1_000, "seed \(seed): each size read at most once")
        #expect(same(shown.map { fixture.model.placedAttributes(at: $0)?.frame }), "seed \(seed): settling moved the screen")
        fixture.expectConsistent("seed \(seed), after the slices")
        let engine = (fixture.model.layout as? WaterfallCollectionLayout)?.engine ?? WaterfallLayout()
        #expect(engine.unreadCount == 0, "seed \(seed): every size read")
        // The block held apart keeps the profile it had (as after an eager edit above the
        // screen); the items before it are the eager layout of the read sizes.
        let block = engine.blockStarts.first ?? fixture.model.numberOfItems
        #expect(block > at + 400_000 && block <= shown.first ?? 0, "seed \(seed): the block starts at \(block)")
        var eager = WaterfallLayout(columns: engine.columns, insets: engine.insets, columnSpacing: engine.columnSpacing,
                                    rowSpacing: engine.rowSpacing, placement: engine.placement,
                                    direction: engine.direction, containerWidth: engine.containerWidth)
        eager.append(contentsOf: fixture.source.sizes[..<block])
        let frames = (0..<block).map { fixture.model.layout.frame(at: $0) }
        #expect(Fixture.areClose(frames, (0..<block).map(eager.frame(at:))), "seed \(seed): the items before the block are the eager layout")
    }
}

/// A clock whose every reading lies past any deadline: each `continueLayout(within:)` runs one
/// slice.
private struct SliceClock: Clock {
    struct Instant: InstantProtocol {
        var ticks: Int
        func advanced(by duration: Duration) -> Instant { Instant(ticks: ticks) }
        func duration(to other: Instant) -> Duration { .zero }
        static func < (a: Instant, b: Instant) -> Bool { a.ticks < b.ticks }
    }
    var now: Instant { Instant(ticks: 0) }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}

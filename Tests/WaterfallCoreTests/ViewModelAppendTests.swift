import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

@MainActor
@Suite("View model: appending a page at the end")
struct ViewModelAppendTests {
    /// A view model on a waterfall (the fast append path) and its reference: the same
    /// waterfall behind ``CountingLayout``, which does not claim that appending keeps frames,
    /// so its appends re-derive the live set the general way.
    @MainActor
    private struct Pair {
        let fast: Fixture
        let reference: Fixture

        init(sizes: [ItemSize], columns: Int, viewport: Size, axis: LayoutAxis, headers: Bool, loadMore: Bool) {
            let engine = WaterfallLayout(axis: axis)
            fast = Fixture(sizes: sizes, columns: columns, viewport: viewport, layout: WaterfallCollectionLayout(engine))
            reference = Fixture(sizes: sizes, columns: columns, viewport: viewport,
                                layout: CountingLayout(base: WaterfallCollectionLayout(engine)))
            for fixture in [fast, reference] {
                if headers {
                    let source = fixture.source
                    source.isSectionHeader = { [unowned source] in source.sizes[$0].isFullSpan }
                    fixture.model.reloadData()
                }
                fixture.model.isLoadMoreEnabled = loadMore
            }
        }

        /// Scrolls both to `offset`, arriving from the given side (which sets the direction the
        /// prefetch window extends in).
        func scroll(to offset: Point, fromAbove: Bool) {
            for fixture in [fast, reference] {
                let step: Double = fromAbove ? -40 : 40
                fixture.model.setContentOffset(Point(x: offset.x == 0 ? 0 : max(0, offset.x + step),
                                                       y: offset.y == 0 ? 0 : max(0, offset.y + step)))
                fixture.model.setContentOffset(offset)
            }
        }
    }

    @Test("an append below, inside or across the live window matches the general path (seeded)")
    func appendMatchesGeneralPath() {
        var pagesRealized = 0, pagesBelow = 0
        for seed in UInt64(0)..<150 {
            var rng = SplitMix64(seed: 0xA99E_0000 + seed)
            let axis: LayoutAxis = Int.random(in: 0..<4, using: &rng) == 0 ? .horizontal : .vertical
            let pair = Pair(sizes: randomSizes(Int.random(in: 1...400, using: &rng), using: &rng),
                            columns: Int.random(in: 1...5, using: &rng),
                            viewport: Size(width: Double.random(in: 200...900, using: &rng).rounded(),
                                             height: Double.random(in: 200...900, using: &rng).rounded()),
                            axis: axis, headers: Bool.random(using: &rng), loadMore: Bool.random(using: &rng))
            let model = pair.fast.model
            for page in 0..<Int.random(in: 1...4, using: &rng) {
                let content = axis == .vertical ? model.contentSize.height : model.contentSize.width
                let viewport = axis == .vertical ? model.viewportSize.height : model.viewportSize.width
                let end = max(0, content - viewport)
                let along = [end, max(0, end - Double.random(in: 0...600, using: &rng)),
                             Double.random(in: 0...end, using: &rng)].randomElement(using: &rng)!.rounded(.down)
                pair.scroll(to: axis == .vertical ? Point(x: 0, y: along) : Point(x: along, y: 0),
                            fromAbove: Bool.random(using: &rng))
                let context = "seed \(seed), page \(page), \(axis), offset \(along) of \(end)"
                #expect(model.contentOffset == pair.reference.model.contentOffset, "\(context): same offset")
                let pageSizes = randomSizes(Int.random(in: 1...80, using: &rng), using: &rng)
                let count = model.numberOfItems
                let hintsBefore = pair.fast.source.prefetchCount
                var transitions: [[ItemTransition]] = []
                for fixture in [pair.fast, pair.reference] {
                    fixture.source.sizes += pageSizes
                    transitions.append(fixture.model.performBatchUpdates([.insert(count..<count + pageSizes.count)]))
                }
                if transitions[0].contains(where: { $0.kind == .insert }) { pagesRealized += 1 } else { pagesBelow += 1 }
                expectSame(pair, transitions: transitions, context)
                let fixture = pair.fast
                let window = axis == .vertical ? model.visibleBounds.insetBy(dx: 0, dy: -model.overscan)
                    : model.visibleBounds.insetBy(dx: -model.overscan, dy: 0)
                #expect(model.liveIndices == fixture.expectedLiveIndices(in: window), "\(context): live set is exact")
                // The general path announces its whole prefetch window again; the append only
                // the new items in it.
                let prefetch = model.prefetch.window ?? .null
                let hinted = (count..<model.placedItemCount).filter { model.layout.frame(at: $0).overlaps(prefetch) }
                #expect(fixture.source.prefetchCount - hintsBefore == hinted.count, "\(context): prefetch hints")
            }
        }
        #expect(pagesRealized > 20 && pagesBelow > 20, "pages landed both in and beyond the live window: \(pagesRealized), \(pagesBelow)")
    }

    /// Checks that both view models show, report and announce the same.
    private func expectSame(_ pair: Pair, transitions: [[ItemTransition]], _ context: String) {
        let (fast, reference) = (pair.fast, pair.reference)
        #expect(transitions[0] == transitions[1], "\(context): transitions")
        #expect(fast.model.liveIndices == reference.model.liveIndices, "\(context): live set")
        for index in fast.model.liveIndices {
            #expect(fast.model.cell(at: index)?.attributes == reference.model.cell(at: index)?.attributes,
                    "\(context): item \(index) placed alike")
        }
        #expect(fast.model.contentOffset == reference.model.contentOffset, "\(context): offset")
        #expect(fast.model.pinnedHeader == reference.model.pinnedHeader, "\(context): pinned header")
        #expect(fast.model.newItemsAbove == reference.model.newItemsAbove, "\(context): new items above")
        #expect(fast.host.contentSize == reference.host.contentSize, "\(context): content size announced")
        #expect(fast.host.loadMoreStates == reference.host.loadMoreStates, "\(context): load-more states")
        #expect(fast.host.offsetChanges == reference.host.offsetChanges, "\(context): offset changes")
        #expect(fast.host.insertCount == reference.host.insertCount, "\(context): cells inserted")
        #expect(fast.host.removeCount == reference.host.removeCount, "\(context): cells removed")
        #expect(fast.source.moreRequests == reference.source.moreRequests, "\(context): load-more requests")
        #expect(fast.source.cancelCount == reference.source.cancelCount, "\(context): prefetch cancels")
    }
}

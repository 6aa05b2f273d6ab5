import Foundation
import SeededRandom
import Testing
import WaterfallCore

/// Every public operation is safe while a width or column change leaves the layout pending:
/// none reads the frame of an item that is not laid out yet, and the finished layout is a
/// fresh one.
@MainActor
@Suite("View model: public operations while the layout is pending")
struct ViewModelPendingLayoutTests {
    @Test("random operations right after a resize never trap, keep the live set exact and end in a fresh layout (seams aside)",
          arguments: [401, 402, 403, 404, 405, 406] as [UInt64])
    func randomOperationsWhilePending(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(3_000, using: &generator), columns: 3)
        let source = fixture.source, model = fixture.model
        source.allowsMoving = true
        source.isSectionHeader = { [unowned source] in source.sizes[$0].isFullSpan }
        model.eagerLayoutLimit = 50
        model.reloadData()
        var pendingSteps = 0, comparedSteps = 0
        for step in 0..<80 {
            let context = "seed \(seed), step \(step)"
            if !model.isLayoutPending || Int.random(in: 0..<4, using: &generator) == 0 {
                leaveLayoutPending(fixture, using: &generator)
            }
            if model.isLayoutPending { pendingSteps += 1 }
            let operation = performRandomOperation(on: fixture, using: &generator)
            fixture.expectConsistent("\(context), \(operation)")
            // Edits above the screen may start blocks (kept in place), and size changes wait to
            // be applied: otherwise the laid-out prefix is a fresh layout's.
            if blockStarts(of: model).isEmpty, !model.hasPendingSizeChanges {
                comparedSteps += 1
                expectFreshLayout(of: fixture, items: 0..<model.placedItemCount, "\(context), \(operation)")
            }
        }
        #expect(pendingSteps >= 20, "seed \(seed): most operations ran while the layout was pending")
        #expect(comparedSteps >= 20, "seed \(seed): most steps were compared with a fresh layout")
        model.applyPendingSizeChanges()
        if !blockStarts(of: model).isEmpty { leaveLayoutPending(fixture, using: &generator) }
        while !model.continueLayout(itemBudget: 500) {}
        fixture.expectConsistent("seed \(seed), finished")
        // An island the last relayout laid out deep in the feed leaves a seam.
        let frames = (0..<model.numberOfItems).map { model.layout.frame(at: $0) }
        let fresh = fixture.freshFramesWithSeams()
        #expect(blockStarts(of: model).count <= 1, "seed \(seed): seams \(blockStarts(of: model))")
        #expect(Fixture.areClose(frames, fresh.frames), "seed \(seed): the finished layout is a fresh one, seams aside")
        #expect(abs(model.contentSize.height - fresh.height) <= 1e-6 * fresh.height, "seed \(seed)")
    }

    /// The layout's block starts (empty for a layout laid out as one block).
    private func blockStarts(of model: WaterfallViewModel<HeadlessCell>) -> [Int] {
        (model.layout as? WaterfallCollectionLayout)?.engine.blockStarts ?? []
    }

    /// Checks that the frames of `items` and the content size (once laid out) are those of a
    /// view model that laid out the same sizes at once.
    private func expectFreshLayout(of fixture: Fixture, items: Range<Int>, _ context: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        let model = fixture.model
        let fresh = Fixture(sizes: fixture.source.sizes, columns: fixture.source.columns, viewport: model.viewportSize)
        #expect(!fresh.model.isLayoutPending, "the reference lays out at once", sourceLocation: sourceLocation)
        let first = items.first { model.layout.frame(at: $0) != fresh.model.layout.frame(at: $0) }
        #expect(first == nil, "item \(first ?? -1) differs from a fresh layout (\(context))", sourceLocation: sourceLocation)
        if !model.isLayoutPending {
            #expect(model.contentSize == fresh.model.contentSize, "\(context)", sourceLocation: sourceLocation)
        }
    }

    @Test("left-to-right rows defer like columns: an island deep in the feed, a still screen through the join, a fresh layout before the seam",
          arguments: [413, 414, 415] as [UInt64])
    func leftToRightRowsDefer(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(3_000, using: &generator, fullSpan: false), columns: 3,
                              viewport: Size(width: 800, height: 400),
                              layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
        let model = fixture.model
        model.eagerLayoutLimit = 50
        let deep = seed != 413
        let end = model.contentSize.width - model.viewportSize.width
        model.setContentOffset(Point(x: deep ? (end * Double.random(in: 0.4...0.9, using: &generator)).rounded() : 0, y: 0))
        model.setViewportSize(Size(width: 800, height: Double.random(in: 500...900, using: &generator).rounded()))
        #expect(model.isLayoutPending, "seed \(seed): rows wait for the idle slices too")
        let island = (model.layout as? WaterfallCollectionLayout)?.engine.islandRange
        #expect((island != nil) == deep, "seed \(seed): an island only deep in the feed")
        func liveSetIsExact(_ context: String) {
            let window = model.visibleBounds.insetBy(dx: -model.overscan, dy: 0)
            #expect(model.liveIndices == fixture.expectedLiveIndices(in: window), "seed \(seed), \(context)")
        }
        liveSetIsExact("right after the resize")
        func shown() -> [Int: Rect] {
            Dictionary(uniqueKeysWithValues: model.visibleIndices.map { ($0, model.placedAttributes(at: $0)?.frame ?? .null) })
        }
        var steps = 0
        while model.isLayoutPending {
            let before = shown()
            model.continueLayout(itemBudget: Int.random(in: 30...400, using: &generator))
            let after = shown()
            let moved = before.first { index, frame in after[index].map { !Fixture.areClose([$0], [frame]) } ?? false }
            #expect(moved == nil, "seed \(seed), slice \(steps): item \(moved?.key ?? -1) moved on screen")
            liveSetIsExact("slice \(steps)")
            steps += 1
        }
        let seams = (model.layout as? WaterfallCollectionLayout)?.engine.blockStarts ?? []
        #expect(seams == (island.map { [$0.lowerBound] } ?? []), "seed \(seed): the seam is the island's start")
        let fresh = Fixture(sizes: fixture.source.sizes, columns: 3, viewport: model.viewportSize,
                            layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
        let differing = (0..<(seams.first ?? 3_000)).first { model.layout.frame(at: $0) != fresh.model.layout.frame(at: $0) }
        #expect(differing == nil, "seed \(seed): item \(differing ?? -1) before the seam differs from a fresh layout")
    }

    /// A width or a column change: with more items than the eager limit, the layout is pending.
    private func leaveLayoutPending(_ fixture: Fixture, using generator: inout SplitMix64) {
        if Bool.random(using: &generator) {
            let width = Double.random(in: 300...1400, using: &generator).rounded()
            fixture.model.setViewportSize(Size(width: width, height: 800))
        } else {
            fixture.source.columns = fixture.source.columns % 5 + 2
            fixture.model.invalidateLayout()
        }
    }

    /// One public operation, with indices anywhere: inside the laid-out prefix or far past it.
    /// - Returns: the operation and its index, for failure messages.
    private func performRandomOperation(on fixture: Fixture, using generator: inout SplitMix64) -> String {
        let model = fixture.model, source = fixture.source
        let count = model.numberOfItems
        let far = Int.random(in: min(count - 1, model.placedItemCount)..<count, using: &generator)
        let any = Int.random(in: 0..<count, using: &generator)
        let index = Bool.random(using: &generator) ? far : any
        let operation = Int.random(in: 0..<17, using: &generator)
        switch operation {
        case 0:
            let directions: [FocusDirection] = [.up, .down, .left, .right]
            model.focusedIndex = model.focusTarget(from: index, moving: directions.randomElement(using: &generator)!)
        case 1:
            let distance = Double.random(in: -1600...1600, using: &generator)
            model.focusedIndex = model.focusTarget(afterPaging: distance, from: Bool.random(using: &generator) ? index : nil)
        case 2:
            // End: focus the last item and bring it on screen.
            model.focusedIndex = count - 1
            model.scrollToItem(at: count - 1, position: .end)
        case 3:
            let positions: [ScrollPosition] = [.start, .center, .end, .nearest]
            model.scrollToItem(at: index, position: positions.randomElement(using: &generator)!)
        case 4:
            model.selectedIndex = index
            _ = model.click(at: Point(x: Double.random(in: 0..<400, using: &generator),
                                        y: Double.random(in: 0..<800, using: &generator)))
        case 5:
            _ = model.index(at: Point(x: Double.random(in: -50...450, using: &generator),
                                        y: Double.random(in: -50...850, using: &generator)))
        case 6:
            model.moveItem(at: index, by: Int.random(in: -3000...3000, using: &generator))
        case 7:
            reorderDrag(on: fixture, using: &generator)
        case 8:
            let page = randomSizes(Int.random(in: 1...20, using: &generator), using: &generator)
            source.sizes.insert(contentsOf: page, at: index)
            model.performBatchUpdates([.insert(index..<index + page.count)])
        case 9:
            let end = min(count, index + Int.random(in: 1...20, using: &generator))
            guard count - (end - index) > 100 else { return "no delete (too few items)" }
            source.sizes.removeSubrange(index..<end)
            model.performBatchUpdates([.delete(index..<end)])
        case 10:
            source.sizes.insert(source.sizes.remove(at: index), at: any)
            model.performBatchUpdates([.move(from: index, to: any)])
        case 11:
            source.sizes[index] = randomSizes(1, using: &generator)[0]
            model.performBatchUpdates([.reload(index..<index + 1)])
        case 12:
            source.sizes[index] = randomSizes(1, using: &generator, fullSpan: false)[0]
            source.sizes[any] = randomSizes(1, using: &generator, fullSpan: false)[0]
            model.invalidateSize(at: index)
            model.invalidateSize(at: any)
            if Bool.random(using: &generator) { model.applyPendingSizeChanges() }
        case 13:
            let maxY = max(0, model.contentSize.height - model.viewportSize.height)
            let y = Bool.random(using: &generator) ? maxY : Double.random(in: 0...maxY, using: &generator)
            model.setContentOffset(Point(x: 0, y: y))
        case 14:
            model.continueLayout(itemBudget: Int.random(in: 1...300, using: &generator))
        case 15:
            let attributes = model.contentAttributes(ofItemAt: index)
            // An item of an island gets its frame there: nothing before the island is placed.
            let island = (model.layout as? WaterfallCollectionLayout)?.engine.islandRange
            #expect((index < model.placedItemCount || island?.contains(index) == true) && attributes?.frame == model.layout.frame(at: index),
                    "the item's place is laid out and returned")
            #expect(model.contentAttributes(ofItemAt: count) == nil, "no item past the end")
        default:
            model.setLayout(WaterfallCollectionLayout())
        }
        return "operation \(operation) at \(index)"
    }

    /// Lifts a live item, drags it over random points (some far down, scrolling there first)
    /// and drops or cancels it.
    private func reorderDrag(on fixture: Fixture, using generator: inout SplitMix64) {
        let model = fixture.model
        func randomPoint(_ generator: inout SplitMix64) -> Point {
            Point(x: Double.random(in: 0..<400, using: &generator), y: Double.random(in: 0..<800, using: &generator))
        }
        guard model.beginReorder(at: randomPoint(&generator)) else { return }
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            model.moveReorder(to: randomPoint(&generator))
            if Bool.random(using: &generator) {
                model.moveReorder(to: Point(x: 200, y: 799))
                model.stepReorderAutoScroll(seconds: 0.1)
            }
            if Bool.random(using: &generator) { model.continueLayout(itemBudget: 100) }
        }
        if Int.random(in: 0..<4, using: &generator) == 0 { model.cancelReorder() } else { model.endReorder() }
        #expect(!model.isReordering)
    }
}

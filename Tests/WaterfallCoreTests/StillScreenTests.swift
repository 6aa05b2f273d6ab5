import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// Refreshes, deletions and size corrections above the viewport: every visible item keeps
/// its cell and its frame on screen; the "N new items" pill follows the new items.
@MainActor
@Suite("View model: nothing on screen moves across edits above it")
struct StillScreenTests {
    /// A random wall: 2–6 columns, any placement strategy, a random viewport, random sizes
    /// (full-span banners included), scrolled to a random offset (sometimes the top).
    private func randomWall(_ generator: inout SplitMix64, minimumOffset: Double = 0) -> Fixture {
        let placement: PlacementStrategy
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: placement = .shortestColumn
        case 1: placement = .sequential
        default: placement = .shortestWithTolerance(Double(Int.random(in: 1...80, using: &generator)))
        }
        let layout = WaterfallCollectionLayout(WaterfallLayout(placement: placement))
        let viewport = Size(width: Double(Int.random(in: 300...1400, using: &generator)),
                              height: Double(Int.random(in: 400...1000, using: &generator)))
        let fixture = Fixture(sizes: randomSizes(Int.random(in: 300...2000, using: &generator), using: &generator),
                              columns: Int.random(in: 2...6, using: &generator), viewport: viewport, layout: layout)
        let atTop = minimumOffset == 0 && Int.random(in: 0..<5, using: &generator) == 0
        let offset = atTop ? 0 : Double.random(in: minimumOffset...fixture.maxOffset, using: &generator)
        fixture.model.setContentOffset(Point(x: 0, y: offset))
        return fixture
    }

    /// Every visible item's cell and on-screen frame.
    private func visibleScreen(_ fixture: Fixture) -> [(index: Int, cell: HeadlessCell, frame: Rect)] {
        fixture.model.visibleIndices.map { ($0, fixture.model.cell(at: $0)!, fixture.model.placedAttributes(at: $0)!.frame) }
    }

    /// Requires every item of `before` to be shown at `index + shift` by the same cell at the
    /// same on-screen frame (y within float rounding: far below a device pixel).
    private func expectStill(_ before: [(index: Int, cell: HeadlessCell, frame: Rect)], _ fixture: Fixture,
                             shift: Int, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!before.isEmpty, "\(context): nothing was visible", sourceLocation: sourceLocation)
        for (index, cell, frame) in before {
            let now = fixture.model.placedAttributes(at: index + shift)?.frame
            guard let now, now.minX == frame.minX, now.size == frame.size, abs(now.minY - frame.minY) <= 1e-6,
                  fixture.model.cell(at: index + shift) === cell else {
                Issue.record("\(context): item \(index) was at \(frame), now \(String(describing: now))",
                             sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test func refreshesKeepEveryVisibleItemStillAndAWidthChangeReflowsIntoOneBlock() {
        for seed in UInt64(0)..<60 {
            var generator = SplitMix64(seed: seed)
            let fixture = randomWall(&generator)
            var expectedNew = 0
            for refresh in 0..<2 {
                let before = visibleScreen(fixture)
                let count = Int.random(in: 1...100, using: &generator)
                fixture.source.sizes.insert(contentsOf: randomSizes(count, using: &generator), at: 0)
                fixture.model.performBatchUpdates([.insert(0..<count)])
                expectedNew += count
                let context = "seed \(seed), refresh \(refresh) of \(count)"
                expectStill(before, fixture, shift: count, context)
                #expect(fixture.model.newItemsAbove == expectedNew && fixture.model.showsNewItemsPill, "\(context)")
                fixture.expectConsistent(context)
            }
            let engine = { (fixture.model.layout as! WaterfallCollectionLayout).engine }
            #expect(engine().blockStarts.count == 2, "seed \(seed): blocks \(engine().blockStarts)")
            // A width change lays everything out again as one block, the first visible item kept.
            let first = fixture.model.visibleIndices[0]
            let y = fixture.model.placedAttributes(at: first)!.frame.minY
            fixture.model.setViewportSize(Size(width: fixture.model.viewportSize.width + 37,
                                                 height: fixture.model.viewportSize.height))
            #expect(engine().blockStarts.isEmpty, "seed \(seed)")
            while !fixture.model.continueLayout(itemBudget: 97) {}   // the rest, in idle slices
            var alone = WaterfallLayout(columns: .fixed(fixture.source.columns), placement: engine().placement,
                                        containerWidth: fixture.model.viewportSize.width)
            alone.append(contentsOf: fixture.source.sizes)
            #expect((0..<alone.count).allSatisfy { alone.frame(at: $0) == engine().frame(at: $0) }, "seed \(seed): not one block")
            let after = fixture.model.placedAttributes(at: first)?.frame.minY
            #expect(after != nil && abs(after! - y) <= 1e-6 || fixture.model.contentOffset.y == fixture.maxOffset,
                    "seed \(seed): item \(first) was at \(y), now \(String(describing: after))")
            fixture.expectConsistent("seed \(seed), after the width change")
        }
    }

    @Test func deletionsMovesAndSizeChangesAboveTheViewportMoveNothingOnScreen() {
        for seed in UInt64(100)..<160 {
            var generator = SplitMix64(seed: seed)
            let fixture = randomWall(&generator, minimumOffset: 3_000)
            for edit in 0..<3 {
                let before = visibleScreen(fixture)
                let first = before[0].index
                let lower = Int.random(in: 0..<first, using: &generator)
                let kind = Int.random(in: 0..<5, using: &generator)
                let context = "seed \(seed), edit \(edit) (kind \(kind)) at \(lower), first visible \(first)"
                var shift = 0
                switch kind {
                case 0:
                    let upper = min(first, lower + Int.random(in: 1...8, using: &generator))
                    fixture.source.sizes.removeSubrange(lower..<upper)
                    fixture.model.performBatchUpdates([.delete(lower..<upper)])
                    shift = lower - upper
                case 1:
                    fixture.source.sizes[lower] = randomSizes(1, using: &generator)[0]
                    fixture.model.performBatchUpdates([.reload(lower..<lower + 1)])
                case 2:
                    let to = Int.random(in: 0..<first, using: &generator)
                    fixture.source.sizes.insert(fixture.source.sizes.remove(at: lower), at: to)
                    fixture.model.performBatchUpdates([.move(from: lower, to: to)])
                case 3:
                    // Sizes that became known (an image's header), applied as one relayout.
                    let other = Int.random(in: 0..<first, using: &generator)
                    for index in [lower, other] { fixture.source.sizes[index] = randomSizes(1, using: &generator)[0] }
                    fixture.model.invalidateSizes(at: [lower, other])
                    fixture.model.applyPendingSizeChanges()
                default:
                    // A size correction that keeps the cell (the step the feeds' corrections use).
                    let corrected = randomSizes(1, using: &generator)[0]
                    fixture.source.sizes[lower] = corrected
                    fixture.model.performChange(.sizes(lowestIndex: lower)) {
                        fixture.model.layout.replaceItems(in: lower..<lower + 1, with: [corrected])
                    }
                }
                expectStill(before, fixture, shift: shift, context)
                fixture.expectConsistent(context)
                #expect(!fixture.model.showsNewItemsPill, "\(context)")
            }
        }
    }

    @Test("seeded: deleting every item before the screen (the held part included or not) leaves the reference's layout of the rest, columns and right-to-left rows")
    func deletingEveryItemBeforeTheScreenLeavesTheReferenceLayout() {
        for seed in UInt64(200)..<260 {
            var generator = SplitMix64(seed: seed)
            let rows = seed % 2 == 1
            let fixture: Fixture
            if rows {
                let viewport = Size(width: Double.random(in: 300...1200, using: &generator).rounded(),
                                      height: Double.random(in: 250...900, using: &generator).rounded())
                fixture = Fixture(sizes: randomSizes(Int.random(in: 100...600, using: &generator), using: &generator, fullSpan: false),
                                  columns: Int.random(in: 1...4, using: &generator), viewport: viewport,
                                  layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
                fixture.model.layoutDirection = .rightToLeft
                let end = max(0, fixture.model.contentSize.width - viewport.width)
                fixture.model.setContentOffset(Point(x: Double.random(in: min(end, 800)...end, using: &generator), y: 0))
            } else {
                fixture = randomWall(&generator, minimumOffset: 1_000)
            }
            guard let first = fixture.model.visibleIndices.first, first > 0 else { continue }
            // Up to the first visible item, or a few items into what the view model holds still.
            let upper = min(fixture.source.sizes.count, first + Int.random(in: 0...3, using: &generator))
            let context = "seed \(seed) (\(rows ? "right-to-left rows" : "columns")): delete 0..<\(upper), first visible \(first)"
            fixture.source.sizes.removeSubrange(0..<upper)
            fixture.model.performBatchUpdates([.delete(0..<upper)])
            while !fixture.model.continueLayout(itemBudget: 10_000) {}
            let engine = (fixture.model.layout as! WaterfallCollectionLayout).engine
            let sizes = fixture.source.sizes
            let frames: [Rect], size: Size
            if rows {
                (frames, size) = HorizontalLayoutTests.reference(engine, sizes)
            } else {
                let reference = ReferenceMasonry(engine).layout(of: sizes)
                (frames, size) = (reference.frames, Size(width: fixture.model.viewportSize.width, height: reference.contentHeight))
            }
            #expect(Rect(origin: .zero, size: fixture.model.contentSize).isClose(to: Rect(origin: .zero, size: size)), "\(context): content \(fixture.model.contentSize), reference \(size)")
            let wrong = sizes.indices.first { !engine.frame(at: $0).isClose(to: frames[$0]) }
            #expect(wrong == nil, "\(context): item \(wrong ?? -1) at \(wrong.map { engine.frame(at: $0) } ?? .null), reference \(wrong.map { frames[$0] } ?? .null)")
            if !rows { fixture.expectConsistent(context) }
        }
    }

    @Test func thePillCountsNewItemsUntilTheReaderIsBackAtTheTop() {
        let fixture = Fixture(sizes: Array(repeating: .height(200), count: 300))
        #expect(!fixture.model.showsNewItemsPill)
        // A refresh at the top keeps the screen still, so the new items are above: pill.
        fixture.source.sizes.insert(contentsOf: Array(repeating: .height(100), count: 12), at: 0)
        fixture.model.performBatchUpdates([.insert(0..<12)])
        #expect(fixture.model.contentOffset.y > 0)
        #expect(fixture.model.newItemsAbove == 12 && fixture.model.newItemsPillText == "12 new items")
        // Deleting some of them counts down; scrolling (not to the top) keeps the pill.
        fixture.source.sizes.removeSubrange(0..<11)
        fixture.model.performBatchUpdates([.delete(0..<11)])
        #expect(fixture.model.newItemsAbove == 1 && fixture.model.newItemsPillText == "1 new item")
        fixture.model.setContentOffset(Point(x: 0, y: fixture.model.contentOffset.y + 50))
        #expect(fixture.model.showsNewItemsPill)
        // Reaching the top hides it.
        fixture.model.setContentOffset(.zero)
        #expect(!fixture.model.showsNewItemsPill)
        #expect(fixture.host.newItemsAboveCounts == [12, 1, 0])
        // Activating the pill scrolls to the top and hides it.
        fixture.source.sizes.insert(contentsOf: Array(repeating: .height(100), count: 5), at: 0)
        fixture.model.performBatchUpdates([.insert(0..<5)])
        #expect(fixture.model.newItemsAbove == 5)
        fixture.model.revealNewItems()
        #expect(fixture.model.contentOffset == .zero && fixture.model.newItemsAbove == 0)
        // Appends at the bottom are not new items above; a reload forgets them.
        fixture.source.sizes.insert(contentsOf: Array(repeating: .height(100), count: 3), at: 0)
        fixture.model.performBatchUpdates([.insert(0..<3)])
        fixture.source.sizes.append(.height(50))
        fixture.model.performBatchUpdates([.insert(fixture.source.sizes.count - 1..<fixture.source.sizes.count)])
        #expect(fixture.model.newItemsAbove == 3)
        fixture.model.reloadData()
        #expect(fixture.model.newItemsAbove == 0)
    }
}

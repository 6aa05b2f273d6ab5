import Foundation
import SeededRandom
import Testing
import WaterfallCore

@MainActor
@Suite("View model: right to left")
struct ViewModelRightToLeftTests {
    @Test("a right-to-left wall shows the mirror image of the left-to-right one, and clicks follow it")
    func mirroredCellsAndClicks() {
        var generator = SplitMix64(seed: 44)
        let sizes = randomSizes(600, using: &generator)
        let width: Double = 400
        let ltr = Fixture(sizes: sizes)
        let rtl = Fixture(sizes: sizes)
        rtl.model.layoutDirection = .rightToLeft
        for step in 0..<20 {
            let offset = Double.random(in: 0...ltr.maxOffset, using: &generator)
            ltr.model.setContentOffset(Point(x: 0, y: offset))
            rtl.model.setContentOffset(Point(x: 0, y: offset))
            #expect(!rtl.model.liveIndices.isEmpty && rtl.model.liveIndices == ltr.model.liveIndices, "step \(step)")
            for index in ltr.model.liveIndices {
                let left = ltr.model.cell(at: index)?.attributes?.frame ?? .null
                let right = rtl.model.cell(at: index)?.attributes?.frame ?? .null
                #expect(abs(right.minX - (width - left.maxX)) < 1e-9 && right.minY == left.minY && right.size == left.size,
                        "step \(step): item \(index) at \(right), mirror of \(left)")
            }
            rtl.expectConsistent("step \(step)")
        }
        // Item 0 sits at the right, the left inset (8, the seeds' default margin) leading.
        rtl.model.setContentOffset(.zero)
        ltr.model.setContentOffset(.zero)
        #expect(rtl.model.layout.frame(at: 0).maxX == width - 8)
        // A click on the mirrored point of an item selects that item.
        for index in ltr.model.visibleIndices.prefix(6) {
            let frame = ltr.model.layout.frame(at: index)
            #expect(rtl.model.click(at: Point(x: width - frame.midX, y: frame.midY)) == index)
        }
        #expect(rtl.source.selections.count == 6)
    }

    @Test("right-to-left rows: an appended page keeps every frame and the offset, as left to right; nothing on screen moves")
    func rightToLeftRowsAppend() {
        for seed in UInt64(1)...5 {
            var generator = SplitMix64(seed: seed)
            let fixture = Fixture(sizes: randomSizes(300, using: &generator, fullSpan: false), viewport: Size(width: 800, height: 400),
                                  layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
            fixture.model.layoutDirection = .rightToLeft
            let width = fixture.model.contentSize.width
            fixture.model.setContentOffset(Point(x: Double.random(in: 0...(width - 800), using: &generator), y: 0))
            let count = fixture.model.numberOfItems
            let onScreen = fixture.model.visibleIndices.map { ($0, fixture.model.cell(at: $0)?.attributes?.frame) }
            let offset = fixture.model.contentOffset
            fixture.source.sizes += randomSizes(50, using: &generator, fullSpan: false)
            fixture.model.performBatchUpdates([.insert(count..<count + 50)])
            for (index, before) in onScreen {
                let after = fixture.model.cell(at: index)?.attributes?.frame ?? .null
                #expect(abs(after.minX - (before?.minX ?? .nan)) < 1e-6 && after.minY == before?.minY,
                        "seed \(seed): item \(index) moved on screen, \(String(describing: before)) → \(after)")
            }
            #expect(fixture.model.contentSize.width > width, "seed \(seed): the rows grew")
            #expect(fixture.model.contentOffset == offset, "seed \(seed): the offset moved")
            #expect(!fixture.model.liveIndices.isEmpty, "seed \(seed)")
            for index in fixture.model.liveIndices {
                let content = fixture.model.layout.frame(at: index)
                let frame = Rect(x: 800 - (content.maxX - fixture.model.contentOffset.x), y: content.minY,
                                   width: content.width, height: content.height)
                #expect(fixture.model.cell(at: index)?.attributes?.frame.isClose(to: frame) == true, "seed \(seed): item \(index) misplaced")
            }
        }
    }
}

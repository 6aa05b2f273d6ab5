import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// Right-to-left rows (a horizontal waterfall), the carousel and the circle through the view
/// model, against a simple reference: the left-to-right layout mirrored in the viewport's width.
/// For rows the reference is the left-to-right twin under the same operations, and
/// `ReferenceMasonry`'s columns transposed (``HorizontalLayoutTests/reference(_:_:)``) while the
/// engine holds one segment. Every failure names its seed.
@MainActor
@Suite("Right to left: rows, carousel and circle as the mirror of left to right")
struct RightToLeftRowsTests {
    /// Where a content frame is shown at scroll offset `x` in a viewport `width` wide, mirrored.
    private static func mirrored(_ frame: Rect, offset x: Double, width: Double) -> Rect {
        Rect(x: width - (frame.maxX - x), y: frame.minY, width: frame.width, height: frame.height)
    }

    /// Open intersection, as the layouts define visibility.
    private static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.maxX > b.minX && a.minX < b.maxX && a.maxY > b.minY && a.minY < b.maxY
    }

    /// Right-to-left rows and their left-to-right twin, of the same random items in the same
    /// random viewport.
    private static func rowsAndTwin(_ rng: inout SplitMix64, count: Int) -> (rtl: Fixture, ltr: Fixture) {
        let viewport = Size(width: Double.random(in: 300...1200, using: &rng).rounded(),
                              height: Double.random(in: 250...900, using: &rng).rounded())
        let sizes = randomSizes(count, using: &rng, fullSpan: Bool.random(using: &rng))
        let columns = Int.random(in: 1...4, using: &rng), limit = Bool.random(using: &rng) ? 40 : nil
        let pair = [LayoutDirection.rightToLeft, .leftToRight].map { direction in
            let fixture = Fixture(sizes: sizes, columns: columns, viewport: viewport,
                                  layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
            fixture.model.layoutDirection = direction
            if let limit { fixture.model.eagerLayoutLimit = limit }   // placement may wait
            return fixture
        }
        return (pair[0], pair[1])
    }

    /// Checks right-to-left rows against the reference: the mirror image of the left-to-right
    /// twin's screen (live set, every cell's place, offset, content size, new items, load-more
    /// requests) and, while the engine holds one segment, of `ReferenceMasonry`'s rows; a click on
    /// a mirrored point hits its item, offset 0 shows item 0 at the right edge.
    /// Horizontal rows of `count` random items (seeded) in an 800 × 400 viewport.
    private static func rightToLeftRows(seed: UInt64, count: Int) -> Fixture {
        var rng = SplitMix64(seed: seed)
        return Fixture(sizes: randomSizes(count, using: &rng, fullSpan: false), viewport: Size(width: 800, height: 400),
                       layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
    }

    private static func expectMirror(_ rtl: Fixture, of ltr: Fixture, _ rng: inout SplitMix64, _ context: String) {
        let model = rtl.model, twin = ltr.model
        while !model.continueLayout(itemBudget: 10_000) {}
        while !twin.continueLayout(itemBudget: 10_000) {}
        let width = model.viewportSize.width, offset = model.contentOffset.x
        #expect(model.contentOffset == twin.contentOffset && model.contentSize == twin.contentSize,
                "\(context): offset \(model.contentOffset) in \(model.contentSize), left to right \(twin.contentOffset) in \(twin.contentSize)")
        #expect(model.liveIndices == twin.liveIndices, "\(context): live \(model.liveIndices), left to right \(twin.liveIndices)")
        #expect(model.newItemsAbove == twin.newItemsAbove && rtl.source.moreRequests == ltr.source.moreRequests,
                "\(context): new items \(model.newItemsAbove) / \(twin.newItemsAbove), requests \(rtl.source.moreRequests) / \(ltr.source.moreRequests)")
        for index in model.liveIndices {
            let shown = model.cell(at: index)?.attributes?.frame ?? .null
            let left = twin.cell(at: index)?.attributes?.frame ?? .null
            let mirror = Rect(x: width - left.maxX, y: left.minY, width: left.width, height: left.height)
            #expect(shown.isClose(to: mirror), "\(context): item \(index) shown at \(shown), mirror of \(left)")
        }
        if let engine = (twin.layout as? WaterfallCollectionLayout)?.engine, engine.segments.count == 1 {
            let (frames, size) = HorizontalLayoutTests.reference(engine, ltr.source.sizes)
            #expect(Rect(origin: .zero, size: model.contentSize).isClose(to: Rect(origin: .zero, size: size)),
                    "\(context): content \(model.contentSize), reference \(size)")
            let window = Rect(x: offset - model.overscan, y: 0, width: width + 2 * model.overscan, height: model.viewportSize.height)
            let expected = frames.indices.filter { overlaps(frames[$0], window) }
            #expect(model.liveIndices == expected, "\(context): live \(model.liveIndices), reference \(expected)")
            for index in model.liveIndices where index < frames.count {
                let shown = model.cell(at: index)?.attributes?.frame ?? .null
                let reference = mirrored(frames[index], offset: offset, width: width)
                #expect(shown.isClose(to: reference), "\(context): item \(index) shown at \(shown), reference \(reference)")
            }
        }
        if let index = model.visibleIndices.randomElement(using: &rng), let shown = model.cell(at: index)?.attributes?.frame,
           shown.width > 2, shown.height > 2 {
            #expect(model.index(at: Point(x: shown.midX, y: shown.midY)) == index, "\(context): a click on item \(index)")
        }
        if offset <= 0, model.liveIndices.first == 0, let shown = model.cell(at: 0)?.attributes?.frame, shown.width > 0 {
            #expect(abs(shown.maxX - (width - rtl.source.margin)) < 1e-6,
                    "\(context): item 0 at \(shown), not at the right edge (offset 0 shows the first items)")
        }
    }

    @Test("seeded: scrolls, pages, edits, inserts at the front and resizes of right-to-left rows; the screen is the mirror of left to right's and of the reference's")
    func rowsMatchTheMirroredReference() {
        for seed in UInt64(0)..<60 {
            var rng = SplitMix64(seed: seed)
            let (rtl, ltr) = Self.rowsAndTwin(&rng, count: Int.random(in: 0...400, using: &rng))
            for fixture in [rtl, ltr] { fixture.model.isLoadMoreEnabled = true }
            Self.expectMirror(rtl, of: ltr, &rng, "seed \(seed) start")
            for step in 0..<10 {
                let op = Int.random(in: 0..<6, using: &rng), count = rtl.source.sizes.count
                let context = "seed \(seed) step \(step) op \(op)"
                let end = max(0, rtl.model.contentSize.width - rtl.model.viewportSize.width)
                let offset = Point(x: Double.random(in: 0...end, using: &rng), y: 0)
                let page = randomSizes(Int.random(in: 1...40, using: &rng), using: &rng, fullSpan: false)
                let lower = Int.random(in: 0...max(0, count - 1), using: &rng)
                let upper = min(count, lower + Int.random(in: 1...8, using: &rng))
                let height = Double.random(in: 250...900, using: &rng).rounded()
                for fixture in [rtl, ltr] {
                    let model = fixture.model
                    switch op {
                    case 0: model.setContentOffset(offset)
                    case 1:
                        fixture.source.sizes += page
                        model.performBatchUpdates([.insert(count..<count + page.count)])
                    case 2 where count > 0:
                        fixture.source.sizes.removeSubrange(lower..<upper)
                        model.performBatchUpdates([.delete(lower..<upper)])
                    case 3:
                        let before = model.newItemsAbove, scrolled = model.contentOffset.x > 0
                        fixture.source.sizes.insert(contentsOf: page, at: 0)
                        model.performBatchUpdates([.insert(0..<page.count)])
                        if scrolled {
                            #expect(model.newItemsAbove == before + page.count, "\(context): new items above the reader")
                        }
                    case 4: model.setViewportSize(Size(width: model.viewportSize.width, height: height))
                    default: model.setContentOffset(.zero)
                    }
                    if model.loadMoreState == .loading { model.endLoadingMore(appending: 0, hasMore: true) }
                }
                Self.expectMirror(rtl, of: ltr, &rng, context)
            }
        }
    }

    @Test("right-to-left rows: offset 0 shows item 0 at the right edge; load-more fires at the far (left) end only")
    func firstItemsAtTheRightAndLoadMoreAtTheLeft() throws {
        let fixture = Self.rightToLeftRows(seed: 25, count: 300)
        let model = fixture.model
        model.layoutDirection = .rightToLeft
        model.isLoadMoreEnabled = true
        #expect(model.contentOffset == .zero && model.contentSize.width > 4_000)
        #expect(model.visibleIndices.first == 0)
        let first = try #require(model.placedAttributes(at: 0)).frame
        #expect(abs(first.maxX - (800 - 8)) < 1e-9, "item 0 at \(first)")
        #expect(fixture.source.moreRequests == 0, "load-more measured toward the first items")
        model.setContentOffset(Point(x: model.contentSize.width - 800, y: 0))
        #expect(fixture.source.moreRequests == 1, "the far end asks for more")
        let last = try #require(model.visibleIndices.last)
        #expect(last >= 290)
        let leftmost = model.visibleIndices.compactMap { model.placedAttributes(at: $0)?.frame.minX }.min() ?? .nan
        #expect(abs(leftmost - 8) < 1e-6, "the end's inset at the left, \(leftmost)")
    }

    @Test("right-to-left rows: a drag lifts the item drawn under the pointer, follows it, and lands on the item drawn under it")
    func reorderFollowsTheMirror() throws {
        let fixture = Self.rightToLeftRows(seed: 26, count: 200)
        let model = fixture.model
        fixture.source.allowsMoving = true
        model.layoutDirection = .rightToLeft
        let visible = model.visibleIndices
        try #require(visible.count > 8)
        let (target, other) = (visible[2], visible[7])
        let shown = try #require(model.placedAttributes(at: target)).frame
        #expect(model.beginReorder(at: Point(x: shown.midX, y: shown.midY)))
        let lifted = try #require(model.liftedAttributes)
        #expect(lifted.index == target && lifted.frame.isClose(to: shown), "lifted \(lifted.frame), drawn at \(shown)")
        let place = try #require(model.placedAttributes(at: other)).frame
        model.moveReorder(to: Point(x: place.midX, y: place.midY))
        #expect(model.liftedAttributes?.frame.midX == place.midX, "the lifted item follows the pointer")
        model.endReorder()
        #expect(fixture.source.moves.last?.from == target && fixture.source.moves.last?.to == other,
                "moves \(fixture.source.moves)")
    }

    @Test("right-to-left rows lay out lazily like left-to-right ones: the same pending placement, the screen its mirror",
          arguments: [411, 412, 413] as [UInt64])
    func rowsDeferLikeLeftToRight(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let sizes = randomSizes(3_000, using: &rng, fullSpan: false)
        let height = Double.random(in: 500...900, using: &rng).rounded()
        let deep = Double.random(in: 0...0.8, using: &rng)
        let pair = [LayoutDirection.leftToRight, .rightToLeft].map { direction in
            let fixture = Fixture(sizes: sizes, viewport: Size(width: 800, height: 400),
                                  layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
            fixture.model.layoutDirection = direction
            fixture.model.eagerLayoutLimit = 50
            fixture.model.setContentOffset(Point(x: (deep * fixture.model.contentSize.width).rounded(), y: 0))
            fixture.model.setViewportSize(Size(width: 800, height: height))
            return fixture.model
        }
        let (ltr, rtl) = (pair[0], pair[1])
        #expect(rtl.isLayoutPending && rtl.placedItemCount < 3_000, "seed \(seed): right-to-left rows placed \(rtl.placedItemCount) at once")
        #expect(rtl.placedItemCount == ltr.placedItemCount && rtl.contentOffset == ltr.contentOffset, "seed \(seed)")
        #expect(!rtl.liveIndices.isEmpty && rtl.liveIndices == ltr.liveIndices, "seed \(seed)")
        for index in rtl.liveIndices {
            let left = ltr.placedAttributes(at: index)?.frame ?? .null
            let right = rtl.placedAttributes(at: index)?.frame ?? .null
            #expect(right.isClose(to: Rect(x: 800 - left.maxX, y: left.minY, width: left.width, height: left.height)),
                    "seed \(seed): item \(index) at \(right), mirror of \(left)")
        }
    }

    @Test("the carousel and the circle follow the text direction: right to left they are the mirror image, clicks included",
          arguments: [0, 1, 2, 3] as [UInt64])
    func carouselAndCircleMirror(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let layout: any CollectionLayout = seed % 2 == 0 ? CarouselLayout() : CircleLayout()
        let sizes = Array(repeating: ItemSize.height(130), count: Int.random(in: 3...40, using: &rng))
        let viewport = Size(width: Double.random(in: 400...1200, using: &rng).rounded(), height: 600)
        let ltr = Fixture(sizes: sizes, viewport: viewport, layout: layout)
        let rtl = Fixture(sizes: sizes, viewport: viewport, layout: layout)
        rtl.model.layoutDirection = .rightToLeft
        for step in 0..<5 {
            let end = max(0, ltr.model.contentSize.width - viewport.width)
            let offset = Point(x: Double.random(in: 0...max(end, 0), using: &rng), y: 0)
            ltr.model.setContentOffset(offset)
            rtl.model.setContentOffset(offset)
            #expect(!rtl.model.liveIndices.isEmpty && rtl.model.liveIndices == ltr.model.liveIndices, "seed \(seed) step \(step)")
            for index in ltr.model.liveIndices {
                let left = ltr.model.placedAttributes(at: index) ?? LayoutAttributes(index: index, frame: .null)
                let right = rtl.model.placedAttributes(at: index) ?? LayoutAttributes(index: index, frame: .null)
                let mirror = Rect(x: viewport.width - left.frame.maxX, y: left.frame.minY,
                                    width: left.frame.width, height: left.frame.height)
                #expect(right.frame.isClose(to: mirror) && right.scale == left.scale && right.zIndex == left.zIndex,
                        "seed \(seed) step \(step): item \(index) at \(right.frame), mirror of \(left.frame)")
            }
            if let index = ltr.model.visibleIndices.randomElement(using: &rng),
               let frame = ltr.model.placedAttributes(at: index)?.frame,
               let hit = ltr.model.index(at: Point(x: frame.midX, y: frame.midY)) {
                #expect(rtl.model.index(at: Point(x: viewport.width - frame.midX, y: frame.midY)) == hit,
                        "seed \(seed) step \(step): a click on the mirrored point")
            }
        }
    }
}

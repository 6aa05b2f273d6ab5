import Foundation
import SeededRandom
import Testing
import WaterfallCore

/// A width or column change with the reader deep in the feed: the view model lays out an
/// island around the first visible item (see `WaterfallLayout.place(around:clearance:itemBudget:)`)
/// and, when placement reaches it, follows its move in the scroll offset — nothing on screen
/// moves, whether the idle slices, a scroll up past the island or an edit reach it.
@MainActor
@Suite("View model: a deep resize lays out an island and keeps the screen still when it joins")
struct ViewModelIslandTests {
    /// The visible items and where the host shows them.
    private func screen(of fixture: Fixture) -> [Int: Rect] {
        var shown: [Int: Rect] = [:]
        for index in fixture.model.visibleIndices { shown[index] = fixture.model.cell(at: index)?.attributes?.frame }
        return shown
    }

    /// The engine's island, if there is one.
    private func island(of fixture: Fixture) -> Range<Int>? {
        (fixture.model.layout as? WaterfallCollectionLayout)?.engine.islandRange
    }

    /// A wall of `itemCount` random items, 3 columns in a 600 × 800 viewport, an eager limit of
    /// 100, scrolled to `fraction` of its length, then resized to a random width.
    private func resized(itemCount: Int, readerAt fraction: Double, using generator: inout SplitMix64) -> Fixture {
        let fixture = Fixture(sizes: randomSizes(itemCount, using: &generator), columns: 3, viewport: Size(width: 600, height: 800))
        fixture.model.eagerLayoutLimit = 100
        fixture.model.setContentOffset(Point(x: 0, y: (fixture.maxOffset * fraction).rounded()))
        fixture.model.setViewportSize(Size(width: Double.random(in: 500...1_000, using: &generator).rounded(), height: 800))
        return fixture
    }

    /// Requires every item visible both before and after to be shown where it was, moved by
    /// `scrolled` (how far the reader scrolled toward the end in between).
    /// - Returns: how many items were compared.
    private func expectStill(_ before: [Int: Rect], _ after: [Int: Rect], scrolled: Double, _ context: String,
                             sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var compared = 0
        for (index, frame) in before {
            guard let now = after[index] else { continue }
            compared += 1
            // To float rounding: content and offset both move by the island's distance.
            if !Fixture.areClose([now], [frame.offsetBy(dx: 0, dy: -scrolled)]) {
                Issue.record("\(context): item \(index) was shown at \(frame), now at \(now) (scrolled \(scrolled))",
                             sourceLocation: sourceLocation)
                return compared
            }
        }
        return compared
    }

    @Test("slices, scrolls and edits while an island is laid out never move what is on screen",
          arguments: [901, 902, 903, 904, 905, 906, 907, 908] as [UInt64])
    func theScreenStaysStillThroughTheJoin(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(4_000, using: &generator), columns: 3,
                              viewport: Size(width: 600, height: 800))
        let model = fixture.model
        model.eagerLayoutLimit = Int.random(in: 20...200, using: &generator)
        model.setContentOffset(Point(x: 0, y: (fixture.maxOffset * Double.random(in: 0.4...0.95, using: &generator)).rounded()))
        var shown = screen(of: fixture)
        if Bool.random(using: &generator) {
            model.setViewportSize(Size(width: Double.random(in: 500...1_400, using: &generator).rounded(), height: 800))
        } else {
            fixture.source.columns = Int.random(in: 4...6, using: &generator)
            model.invalidateLayout()
        }
        let islandItems = try #require(island(of: fixture), "seed \(seed): the resize laid out an island")
        #expect(model.placedItemCount + islandItems.count <= model.eagerLayoutLimit + 8 * 6 + islandItems.count,
                "seed \(seed): about the budget placed before the island")
        fixture.expectConsistent("seed \(seed), right after the resize")
        let first = try #require(model.visibleIndices.first)
        #expect(islandItems.contains(first), "seed \(seed): the first visible item is an island item")
        shown = screen(of: fixture)
        var joins = 0, compared = 0, edited = false
        for step in 0..<400 where model.isLayoutPending {
            let context = "seed \(seed), step \(step)"
            let hadIsland = island(of: fixture) != nil
            let offset = model.contentOffset.y
            var scrolled: Double = 0
            switch Int.random(in: 0..<8, using: &generator) {
            case 0, 1, 2:
                // A small scroll, or one far enough up to leave the island.
                scrolled = Int.random(in: 0..<4, using: &generator) == 0
                    ? -Double.random(in: 800...3_000, using: &generator).rounded()
                    : Double.random(in: -150...150, using: &generator).rounded()
                model.setContentOffset(Point(x: 0, y: max(0, offset + scrolled)))
                scrolled = max(0, offset + scrolled) - offset
            case 3 where !edited:
                // Items inserted well above the screen: the first visible item keeps its place.
                let index = Int.random(in: 0..<max(1, first / 2), using: &generator)
                let page = randomSizes(Int.random(in: 1...5, using: &generator), using: &generator)
                fixture.source.sizes.insert(contentsOf: page, at: index)
                model.performBatchUpdates([.insert(index..<index + page.count)])
                edited = true
                shown = Dictionary(uniqueKeysWithValues: shown.map { ($0.key >= index ? $0.key + page.count : $0.key, $0.value) })
            default:
                model.continueLayout(itemBudget: Int.random(in: 20...300, using: &generator))
            }
            if hadIsland && island(of: fixture) == nil { joins += 1 }
            let now = screen(of: fixture)
            compared += expectStill(shown, now, scrolled: scrolled, context)
            fixture.expectConsistent(context)
            shown = now
        }
        #expect(!model.isLayoutPending, "seed \(seed): the layout finished")
        #expect(joins == 1, "seed \(seed): the island joined once")
        #expect(compared >= 50, "seed \(seed): items stayed on screen across most steps")
        guard !edited else { return }
        let frames = (0..<model.numberOfItems).map { model.layout.frame(at: $0) }
        #expect(Fixture.areClose(frames, fixture.freshFramesWithSeams().frames), "seed \(seed): a fresh layout, seam aside")
    }

    @Test("the idle slice that reaches the island moves the scroll offset by the island's move, and the host follows")
    func theJoiningSliceMovesTheOffset() throws {
        let fixture = Fixture(sizes: (0..<50_000).map { .height(Double(100 + $0 % 11 * 23)) }, columns: 3,
                              viewport: Size(width: 600, height: 800))
        let model = fixture.model
        model.setContentOffset(Point(x: 0, y: fixture.maxOffset / 2))
        fixture.source.columns = 5
        model.invalidateLayout()
        let islandItems = try #require(island(of: fixture))
        let first = try #require(model.visibleIndices.first)
        let placed = model.placedAttributes(at: first)
        let before = model.contentOffset.y
        let frameBefore = model.layout.frame(at: first)
        while island(of: fixture) != nil { model.continueLayout(itemBudget: 5_000) }
        let moved = model.layout.frame(at: first).minY - frameBefore.minY
        #expect(moved != 0, "the estimate was off: the island moved")
        #expect(model.contentOffset.y == before + moved, "the offset moved with it")
        #expect(fixture.host.offsetChanges.last == model.contentOffset, "the host was told")
        #expect(model.placedAttributes(at: first) == placed, "the first visible item stayed put")
        #expect(islandItems.lowerBound == (model.layout as? WaterfallCollectionLayout)?.engine.blockStarts.first,
                "the island's start is the seam")
    }

    @Test("while the screen shows an island, only its section headers pin; after the join the pinned header is the last one above the line",
          arguments: [921, 922, 923] as [UInt64])
    func headersPinFromTheIsland(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        var sizes = randomSizes(3_000, using: &generator, fullSpan: false)
        for index in stride(from: Int.random(in: 0..<40, using: &generator), to: sizes.count, by: 37) {
            sizes[index] = .fullSpan(height: 40)
        }
        let fixture = Fixture(sizes: sizes, columns: 3, viewport: Size(width: 600, height: 800))
        fixture.source.isSectionHeader = { [unowned fixture] in fixture.source.sizes[$0].isFullSpan }
        let model = fixture.model
        model.reloadData()
        model.eagerLayoutLimit = 100
        model.setContentOffset(Point(x: 0, y: (fixture.maxOffset * Double.random(in: 0.4...0.9, using: &generator)).rounded()))
        model.setViewportSize(Size(width: Double.random(in: 700...1_200, using: &generator).rounded(), height: 800))
        let first = try #require(self.island(of: fixture), "seed \(seed): an island")
        /// The last header among `candidates` whose top is at or above the pin line.
        func lastHeaderAbove(in candidates: Range<Int>) -> Int? {
            candidates.last { fixture.source.sizes[$0].isFullSpan && model.layout.frame(at: $0).minY <= model.contentOffset.y }
        }
        var checked = 0
        while model.isLayoutPending {
            if let current = self.island(of: fixture) {
                #expect(model.pinnedHeader?.index == lastHeaderAbove(in: current), "seed \(seed): an island header or none")
                checked += 1
            }
            model.setContentOffset(Point(x: 0, y: model.contentOffset.y + Double.random(in: -60...60, using: &generator).rounded()))
            model.continueLayout(itemBudget: 150)
        }
        #expect(checked >= 3 && !first.isEmpty, "seed \(seed): checked during the island")
        #expect(model.pinnedHeader?.index == lastHeaderAbove(in: 0..<model.numberOfItems), "seed \(seed): after the join")
    }

    @Test("a page appended while an island reaches the last item shows at once",
          arguments: [931, 932, 933] as [UInt64])
    func anAppendAtTheIslandsEndShows(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let fixture = resized(itemCount: 3_000, readerAt: 1, using: &generator), model = fixture.model
        // At the end: the island holds the last item, and the reader sees it.
        #expect(self.island(of: fixture)?.upperBound == model.numberOfItems, "seed \(seed): the island reaches the end")
        model.setContentOffset(Point(x: 0, y: fixture.maxOffset))
        let count = model.numberOfItems
        let page = randomSizes(Int.random(in: 1...8, using: &generator), using: &generator, fullSpan: false)
        fixture.source.sizes += page
        model.performBatchUpdates([.insert(count..<count + page.count)])
        fixture.expectConsistent("seed \(seed), after the append")
        #expect(model.liveIndices.contains(count), "seed \(seed): the first new item is live")
        while !model.continueLayout(itemBudget: 500) {}
        fixture.expectConsistent("seed \(seed), finished")
    }

    @Test("scrolling to an item deep in a pending layout lays out an island there instead of every item before it",
          arguments: [941, 942, 943] as [UInt64])
    func scrollingDeepLaysOutAnIsland(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let fixture = resized(itemCount: 5_000, readerAt: 0, using: &generator)
        let model = fixture.model
        #expect(model.isLayoutPending && self.island(of: fixture) == nil, "seed \(seed): pending, reader at the top")
        let target = Int.random(in: 2_000..<4_500, using: &generator)
        model.scrollToItem(at: target, position: .center)
        let island = try #require(self.island(of: fixture), "seed \(seed): an island around the target")
        #expect(island.contains(target) && model.placedItemCount < 1_000, "seed \(seed): \(model.placedItemCount) laid out")
        #expect(model.visibleIndices.contains(target), "seed \(seed): the target is on screen")
        fixture.expectConsistent("seed \(seed), after the scroll")
        let shown = model.placedAttributes(at: target)
        while !model.continueLayout(itemBudget: 400) {}
        #expect(Fixture.areClose([model.placedAttributes(at: target)?.frame ?? .null], [shown?.frame ?? .zero]),
                "seed \(seed): the target stayed put through the join")
        fixture.expectConsistent("seed \(seed), finished")
    }
}

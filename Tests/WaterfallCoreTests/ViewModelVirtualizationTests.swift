import Foundation
import SeededRandom
import Testing
import WaterfallCore

@MainActor
@Suite("View model: visible set, reuse, hit testing")
struct ViewModelVirtualizationTests {
    @Test("visible set equals brute force over random scroll sequences", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func visibleSetMatchesBruteForce(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(2_000, using: &generator),
                              columns: Int.random(in: 1...6, using: &generator))
        fixture.expectConsistent("seed \(seed), initial")
        for step in 0..<300 {
            let current = fixture.model.contentOffset.y
            let target: Double
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: target = Double.random(in: 0...fixture.maxOffset, using: &generator)   // jump
            case 1: target = current - Double.random(in: 0...400, using: &generator)       // back up
            default: target = current + Double.random(in: 0...120, using: &generator)      // read on
            }
            fixture.model.setContentOffset(Point(x: 0, y: min(max(target, 0), fixture.maxOffset)))
            fixture.expectConsistent("seed \(seed), step \(step), offset \(fixture.model.contentOffset.y)")
        }
    }

    @Test("hit testing equals brute force", arguments: [11, 12, 13] as [UInt64])
    func hitTestMatchesBruteForce(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(3_000, using: &generator), columns: 4)
        for probe in 0..<400 {
            if probe % 20 == 0 {
                fixture.model.setContentOffset(Point(x: 0, y: Double.random(in: 0...fixture.maxOffset, using: &generator)))
            }
            let point = Point(x: Double.random(in: -4...404, using: &generator),
                                y: Double.random(in: 0...800, using: &generator))
            let content = Point(x: point.x, y: point.y + fixture.model.contentOffset.y)
            let expected = (0..<fixture.model.numberOfItems).first { fixture.model.layout.frame(at: $0).contains(content) }
            #expect(fixture.model.index(at: point) == expected, "seed \(seed), probe \(probe), point \(point)")
        }
    }

    @Test("a click selects the item under it and tells the delegate")
    func clickSelects() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 30))
        // Column 0 starts at x 8, row 0 at y 8; the item of index 0 is there.
        #expect(fixture.model.click(at: Point(x: 20, y: 20)) == 0)
        #expect(fixture.model.selectedIndex == 0)
        #expect(fixture.source.selections == [0])
        #expect(fixture.model.click(at: Point(x: 2, y: 2)) == nil, "a margin selects nothing")
        #expect(fixture.source.selections == [0])
    }

    @Test("scrolled-out cells are reused by identity")
    func reuseByIdentity() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 600))
        fixture.model.setContentOffset(Point(x: 0, y: 1_000))
        let first = fixture.model.liveIndices.compactMap { fixture.model.cell(at: $0) }
        let created = fixture.source.cellsCreated
        fixture.model.setContentOffset(Point(x: 0, y: 1_000 + 40 * 108))   // 40 rows on: same alignment
        let later = fixture.model.liveIndices.compactMap { fixture.model.cell(at: $0) }
        #expect(!first.isEmpty && later.count == first.count, "the same number of cells is live at both offsets")
        #expect(fixture.source.cellsCreated == created, "a jump of many screens creates no cell")
        #expect(later.allSatisfy { cell in first.contains { $0 === cell } }, "every cell now live was live before")
        #expect(later.allSatisfy { $0.reuseCount >= 1 })
    }

    @Test("dequeue honours identifiers")
    func dequeueHonoursIdentifiers() {
        let fixture = Fixture(sizes: Array(repeating: .height(90), count: 3_000),
                              identifier: { $0 % 3 == 0 ? "banner" : "photo" })
        for step in 1...200 {
            fixture.model.setContentOffset(Point(x: 0, y: Double(step) * 97))
            fixture.expectConsistent("step \(step)")
        }
        fixture.model.setViewportSize(Size(width: 400, height: 100))   // sends cells to the pool
        #expect(fixture.model.dequeueReusableCell(withIdentifier: "unknown") == nil)
        #expect(fixture.model.dequeueReusableCell(withIdentifier: "photo")?.reuseIdentifier == "photo")
        #expect(fixture.model.dequeueReusableCell(withIdentifier: "banner")?.reuseIdentifier == "banner")
    }

    @Test("live cells never exceed visible + overscan + pool, and cells created do not grow with n")
    func liveCellsAreBounded() {
        /// Scrolls top to bottom; returns the cells created and the largest live count, and
        /// checks live + pooled against the brute-force window when `checkBound`.
        func scrollThrough(count: Int, checkBound: Bool) -> (created: Int, maxLive: Int) {
            let fixture = Fixture(sizes: Array(repeating: .height(120), count: count), columns: 4)
            var maxLive = 0
            var offset: Double = 0
            while offset < fixture.maxOffset {
                offset = min(offset + 53, fixture.maxOffset)
                fixture.model.setContentOffset(Point(x: 0, y: offset))
                maxLive = max(maxLive, fixture.model.liveCellCount)
                if checkBound {
                    let window = fixture.bruteForceIndices(in: fixture.window).count
                    #expect(fixture.model.liveCellCount <= window)
                    #expect(fixture.model.liveCellCount + fixture.model.pooledCellCount
                            <= window + fixture.model.reusePoolCapacity)
                }
            }
            return (fixture.source.cellsCreated, maxLive)
        }
        let small = scrollThrough(count: 1_000, checkBound: true)
        let large = scrollThrough(count: 50_000, checkBound: false)
        #expect(small.created == large.created, "\(small.created) cells for 1,000 items, \(large.created) for 50,000")
        #expect(large.created <= large.maxLive + 4, "created \(large.created), at most \(large.maxLive) live")
    }

    @Test("a bounded pool discards the surplus")
    func poolIsBounded() {
        let fixture = Fixture(sizes: Array(repeating: .height(50), count: 500))
        fixture.model.reusePoolCapacity = 2
        fixture.model.setViewportSize(Size(width: 400, height: 100))
        #expect(fixture.model.pooledCellCount <= 2)
        #expect(fixture.host.discardCount > 0)
        fixture.expectConsistent("after shrinking the viewport")
    }

    @Test("prefetch hints run ahead of the scroll direction")
    func prefetchRunsAhead() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 1_000))
        let initial = fixture.source.prefetchCount
        #expect(initial > fixture.model.liveCellCount, "the window ahead is announced on load")
        fixture.model.setContentOffset(Point(x: 0, y: 300))
        #expect(fixture.source.prefetchCount > initial)
        #expect(fixture.source.cancelCount == 0, "moving on cancels nothing ahead")
        fixture.model.setContentOffset(Point(x: 0, y: 250))
        #expect(fixture.source.cancelCount > 0, "turning back cancels what was ahead")
    }

    @Test("frames given to the host stay small at 1,000,000 items")
    func viewportRelativeFrames() {
        let fixture = Fixture(sizes: Array(repeating: .height(250), count: 1_000_000), columns: 4)
        fixture.model.setContentOffset(Point(x: 0, y: fixture.maxOffset))
        #expect(fixture.model.contentSize.height > 60_000_000)
        #expect(fixture.model.liveIndices.count >= 4, "cells are live at the end of the content")
        for index in fixture.model.liveIndices {
            let frame = fixture.model.cell(at: index)?.attributes?.frame ?? .null
            #expect(abs(frame.minY) < 2_000)
        }
    }

    @Test("the seeds' defaults apply without a delegate")
    func seedDefaults() {
        let host = HeadlessHost()
        let source = HeadlessDataSource(sizes: Array(repeating: .height(1), count: 10))
        let model = WaterfallViewModel<HeadlessCell>()
        model.dataSource = source
        model.setViewportSize(Size(width: 320, height: 480))
        model.attach(to: host)
        let expectedWidth = Double(320 - 8 - 8 - 2 * 8) / 3
        #expect(model.cellWidth == expectedWidth)
        #expect(model.layout.frame(at: 0) == Rect(x: 8, y: 8, width: model.cellWidth, height: 70))
        let secondRow: Double = 8 + 70 + 8
        #expect(model.layout.frame(at: 3).minY == secondRow)
    }

    @Test("the first load waits for the viewport size, as attaching to a superview does")
    func firstLoadWaitsForSize() {
        let host = HeadlessHost()
        let source = HeadlessDataSource(sizes: Array(repeating: .height(100), count: 50))
        let model = WaterfallViewModel<HeadlessCell>()
        model.dataSource = source
        model.delegate = source
        model.attach(to: host)
        #expect(model.numberOfItems == 0 && model.liveCellCount == 0)
        model.setViewportSize(Size(width: 400, height: 600))
        #expect(model.numberOfItems == 50 && model.liveCellCount > 0)
    }

    @Test("scroll to index shows the item")
    func scrollToIndex() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 3_000))
        fixture.model.scrollToItem(at: 1_500)
        let frame = fixture.model.layout.frame(at: 1_500)
        #expect(fixture.model.contentOffset.y == frame.minY)
        #expect(fixture.model.visibleIndices.contains(1_500))
        #expect(fixture.host.offsetChanges.last == fixture.model.contentOffset)
        fixture.model.scrollToItem(at: 10, position: .center)
        #expect(abs(fixture.model.layout.frame(at: 10).midY - fixture.model.contentOffset.y - 400) < 0.5
                || fixture.model.contentOffset.y == 0)
        fixture.model.scrollToItem(at: 2_999, position: .end)
        #expect(fixture.model.contentOffset.y == fixture.model.layout.frame(at: 2_999).maxY - 800)
        fixture.expectConsistent("after scrolling to the end")
    }
}

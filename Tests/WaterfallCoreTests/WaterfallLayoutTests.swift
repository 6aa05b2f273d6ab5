import Foundation
import SeededRandom
#if compiler(>=6.2)
import Testing
#else
@_spi(Experimental) import Testing   // #expect(exitsWith:), the exit tests of Swift 6.0
#endif
@testable import WaterfallCore

/// The engine against the seeds' rule and the simple reference.
@Suite struct WaterfallLayoutTests {
    /// Checks `layout` against a from-scratch reference layout of `items`. Frames may differ by
    /// rounding only (the reference mirrors in the width the layout occupies, the engine in its
    /// own formula for it); columns, ties and tolerances are compared exactly through them.
    private func expectMatchesReference(_ layout: WaterfallLayout, _ items: [ItemSize], seed: UInt64,
                                        sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = ReferenceMasonry(layout).layout(of: items)
        #expect(layout.count == items.count, "seed \(seed)", sourceLocation: sourceLocation)
        #expect(layout.columnCount == reference.columnCount, "seed \(seed)", sourceLocation: sourceLocation)
        #expect(Double(layout.columnWidth) == reference.columnWidth, "seed \(seed)", sourceLocation: sourceLocation)
        #expect(Double(layout.contentSize.height) == reference.contentHeight, "seed \(seed)", sourceLocation: sourceLocation)
        let frames = layout.allFrames
        if let mismatch = frames.indices.first(where: { !Self.isClose(frames[$0], reference.frames[$0]) }) {
            Issue.record("seed \(seed): item \(mismatch) at \(frames[mismatch]), reference \(reference.frames[mismatch])",
                         sourceLocation: sourceLocation)
        }
    }

    /// Whether two frames are equal up to rounding errors.
    private static func isClose(_ a: Rect, _ b: Rect) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        return close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
    }

    @Test func matchesTheSeedsAlgorithmExactly() {
        // The seed's own loop (HMWaterflowView reloadData), literally: maxY == 0 means first row.
        for seed in UInt64(0)..<300 {
            var rng = SplitMix64(seed: seed)
            let columns = Int.random(in: 1...8, using: &rng)
            let width = Double(Int.random(in: 200...1400, using: &rng))
            let heights = (0..<Int.random(in: 0...400, using: &rng)).map { _ in Double.random(in: 1...400, using: &rng) }
            var layout = WaterfallLayout(columns: .fixed(columns), containerWidth: width)
            layout.append(contentsOf: heights.map { .height($0) })
            let cellW = (width - 8 - 8 - Double(columns - 1) * 8) / Double(columns)
            var maxYOfColumns = [Double](repeating: 0, count: columns)
            for (index, height) in heights.enumerated() {
                var cellColumn = 0
                var maxYOfCellColumn = maxYOfColumns[0]
                for j in 1..<columns where maxYOfColumns[j] < maxYOfCellColumn {
                    cellColumn = j
                    maxYOfCellColumn = maxYOfColumns[j]
                }
                let cellY = maxYOfCellColumn == 0 ? 8 : maxYOfCellColumn + 8
                let expected = Rect(x: 8 + Double(cellColumn) * (cellW + 8), y: cellY, width: cellW, height: height)
                guard layout.frame(at: index) == expected else {
                    Issue.record("seed \(seed): item \(index) at \(layout.frame(at: index)), seed algorithm \(expected)")
                    break
                }
                maxYOfColumns[cellColumn] = expected.maxY
            }
            #expect(layout.columnWidth == cellW, "seed \(seed)")
        }
    }

    @Test func agreesWithReferenceOnRandomConfigurations() {
        for seed in UInt64(0)..<3000 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            let items = RandomLayouts.items(&rng, count: Int.random(in: 0...120, using: &rng))
            layout.append(contentsOf: items)
            expectMatchesReference(layout, items, seed: seed)
        }
    }

    @Test func upToFourColumnsWithManyTiesMatchReference() {
        // The shortest-column rule for 1–4 columns runs on sorted register lanes; ties (equal
        // bottoms, empty columns, zero heights and spacings) must still go to the leftmost
        // column, across paged appends, edits in the middle and full-span items.
        let heights: [Double] = [0, 5, 10, 10, 10.5, 20]
        for seed in UInt64(0)..<1500 {
            var rng = SplitMix64(seed: seed)
            var layout = WaterfallLayout(columns: .fixed(Int.random(in: 1...4, using: &rng)),
                                         insets: EdgeInsets(all: [0, 8].randomElement(using: &rng)!),
                                         columnSpacing: 8, rowSpacing: [0, 8].randomElement(using: &rng)!,
                                         containerWidth: 390)
            func item() -> ItemSize {
                Int.random(in: 0..<30, using: &rng) == 0
                    ? .fullSpan(height: heights.randomElement(using: &rng)!)
                    : .height(heights.randomElement(using: &rng)!)
            }
            var items: [ItemSize] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let page = (0..<Int.random(in: 0...30, using: &rng)).map { _ in item() }
                layout.append(contentsOf: page)
                items += page
                expectMatchesReference(layout, items, seed: seed)
            }
            let lower = Int.random(in: 0...items.count, using: &rng)
            let replacement = (0..<Int.random(in: 0...5, using: &rng)).map { _ in item() }
            layout.replaceSubrange(lower..<min(items.count, lower + 3), with: replacement)
            items.replaceSubrange(lower..<min(items.count, lower + 3), with: replacement)
            expectMatchesReference(layout, items, seed: seed)
        }
    }

    @Test func pagedAppendsEqualOneShotLayout() {
        for seed in UInt64(0)..<400 {
            var rng = SplitMix64(seed: seed)
            var paged = RandomLayouts.layout(&rng)
            var oneShot = paged
            let items = RandomLayouts.items(&rng, count: Int.random(in: 0...300, using: &rng))
            var start = 0
            while start < items.count {
                let end = min(items.count, start + Int.random(in: 1...60, using: &rng))
                if Bool.random(using: &rng) {
                    paged.append(contentsOf: items[start..<end])
                } else {
                    for item in items[start..<end] { paged.append(item) }
                }
                start = end
            }
            oneShot.append(contentsOf: items)
            #expect(paged.allFrames == oneShot.allFrames, "seed \(seed)")
            #expect(paged.contentSize == oneShot.contentSize, "seed \(seed)")
            expectMatchesReference(paged, items, seed: seed)
        }
    }

    @Test func editsEqualAFreshLayoutOfTheEditedList() {
        for seed in UInt64(0)..<400 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            var items = RandomLayouts.items(&rng, count: Int.random(in: 0...150, using: &rng))
            layout.append(contentsOf: items)
            for _ in 0..<8 {
                let lower = Int.random(in: 0...items.count, using: &rng)
                let upper = Int.random(in: lower...min(items.count, lower + 20), using: &rng)
                let replacement = RandomLayouts.items(&rng, count: Int.random(in: 0...20, using: &rng))
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: layout.insert(contentsOf: replacement, at: lower); items.insert(contentsOf: replacement, at: lower)
                case 1 where lower < items.count: layout.remove(at: lower); items.remove(at: lower)
                case 2: layout.removeSubrange(lower..<upper); items.removeSubrange(lower..<upper)
                default: layout.replaceSubrange(lower..<upper, with: replacement); items.replaceSubrange(lower..<upper, with: replacement)
                }
                expectMatchesReference(layout, items, seed: seed)
            }
            layout.removeAll()
            expectMatchesReference(layout, [], seed: seed)
        }
    }

    @Test func configurationChangesEqualAFreshLayout() {
        for seed in UInt64(0)..<300 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            let items = RandomLayouts.items(&rng, count: Int.random(in: 0...200, using: &rng))
            layout.append(contentsOf: items)
            let other = RandomLayouts.layout(&rng)
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: layout.containerWidth = other.containerWidth
            case 1: layout.columns = other.columns
            case 2: layout.insets = other.insets
            case 3: layout.columnSpacing = other.columnSpacing
            case 4: layout.rowSpacing = other.rowSpacing
            case 5: layout.placement = other.placement
            default: layout.direction = other.direction
            }
            expectMatchesReference(layout, items, seed: seed)
        }
    }

    @Test func visibleQueriesEqualBruteForce() {
        for seed in UInt64(0)..<400 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            layout.append(contentsOf: RandomLayouts.items(&rng, count: Int.random(in: 0...400, using: &rng)))
            let frames = layout.allFrames
            let height = Double(layout.contentSize.height)
            for _ in 0..<30 {
                let top = Double.random(in: -100...(height + 100), using: &rng)
                let rect = Rect(x: 0, y: top, width: 10, height: Double.random(in: 0...900, using: &rng))
                let expected = frames.indices.filter { frames[$0].maxY > rect.minY && frames[$0].minY < rect.maxY }
                #expect(layout.indices(in: rect) == expected, "seed \(seed) rect \(rect)")
                var unordered: [Int] = []
                layout.forEachIndex(in: rect) { unordered.append($0) }
                #expect(unordered.sorted() == expected, "seed \(seed) rect \(rect)")
            }
        }
    }

    @Test func hitTestingEqualsBruteForce() {
        for seed in UInt64(0)..<300 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            layout.append(contentsOf: RandomLayouts.items(&rng, count: Int.random(in: 0...300, using: &rng)))
            let frames = layout.allFrames
            let size = layout.contentSize
            for _ in 0..<60 {
                let point: Point
                if !frames.isEmpty, Bool.random(using: &rng) {
                    // Aim at an item's edges and inside, where rounding matters.
                    let frame = frames.randomElement(using: &rng)!
                    point = Point(x: [frame.minX, frame.midX, frame.maxX].randomElement(using: &rng)!,
                                    y: [frame.minY, frame.midY, frame.maxY].randomElement(using: &rng)!)
                } else {
                    point = Point(x: Double.random(in: -10...(size.width + 10), using: &rng),
                                    y: Double.random(in: -10...(size.height + 10), using: &rng))
                }
                // Neighbouring frames can overlap by a rounding error, so any containing item is right.
                let containing = frames.indices.filter { frames[$0].contains(point) }
                if let hit = layout.index(at: point) {
                    #expect(containing.contains(hit), "seed \(seed) point \(point): \(hit) does not contain it")
                } else {
                    #expect(containing.isEmpty, "seed \(seed) point \(point): missed \(containing)")
                }
            }
        }
    }

    @Test func sequentialPlacementIsRoundRobinAndRestartsAfterFullSpan() {
        var layout = WaterfallLayout(columns: .fixed(3), placement: .sequential, containerWidth: 320)
        layout.append(contentsOf: [.height(300), .height(10), .height(10), .height(10), .fullSpan(height: 40), .height(5), .height(5)])
        #expect((0..<4).map { layout.columnRange(at: $0) } == [0..<1, 1..<2, 2..<3, 0..<1])
        #expect(layout.columnRange(at: 4) == 0..<3)
        #expect(layout.columnRange(at: 5) == 0..<1 && layout.columnRange(at: 6) == 1..<2)
        // The fourth item goes under the tall first one although column 1 is shorter.
        #expect(layout.frame(at: 3).minY == Double(8 + 300 + 8))
    }

    @Test func toleranceKeepsReadingOrderUntilColumnsReallyDiffer() {
        var strict = WaterfallLayout(columns: .fixed(3), containerWidth: 320)
        var tolerant = WaterfallLayout(columns: .fixed(3), placement: .shortestWithTolerance(10), containerWidth: 320)
        let items: [ItemSize] = [.height(100), .height(98), .height(99), .height(50)]
        strict.append(contentsOf: items)
        tolerant.append(contentsOf: items)
        #expect(strict.columnRange(at: 3) == 1..<2)   // strictly shortest
        #expect(tolerant.columnRange(at: 3) == 0..<1) // leftmost within 10 pt of the shortest
        tolerant.append(.height(10))         // column 0 is now 52 pt taller: goes to 1
        #expect(tolerant.columnRange(at: 4) == 1..<2)
    }

    @Test func fullSpanItemsSitBelowEveryColumnAcrossTheWidth() {
        var layout = WaterfallLayout(columns: .fixed(2), containerWidth: 200)
        layout.append(contentsOf: [.height(50), .height(120), .fullSpan(height: 30), .height(10), .fullSpanAspectRatio(width: 368, height: 92)])
        let banner = layout.frame(at: 2)
        #expect(banner == Rect(x: 8, y: 8 + 120 + 8, width: 184, height: 30))
        #expect(layout.frame(at: 3).minY == banner.maxY + 8)
        #expect(layout.frame(at: 3).minX == 8)
        #expect(layout.frame(at: 4).height == 46)
        #expect(layout.frame(at: 4).minY == layout.frame(at: 3).maxY + 8)
    }

    @Test func rightToLeftIsTheMirrorImage() {
        for seed in UInt64(0)..<100 {
            var rng = SplitMix64(seed: seed)
            var ltr = WaterfallLayout(columns: .fixed(Int.random(in: 1...6, using: &rng)),
                                      insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 20), containerWidth: 600)
            var rtl = ltr
            rtl.direction = .rightToLeft
            let items = (0..<50).map { _ in ItemSize.height(Double.random(in: 1...200, using: &rng)) }
            ltr.append(contentsOf: items)
            rtl.append(contentsOf: items)
            for index in items.indices {
                let left = ltr.frame(at: index), right = rtl.frame(at: index)
                #expect(right.minY == left.minY && right.size == left.size, "seed \(seed)")
                #expect(abs((600 - right.maxX) - left.minX) < 1e-9, "seed \(seed)")
            }
            #expect(rtl.frame(at: 0).maxX == Double(600 - 10))   // column 0 on the right, left inset leading
        }
    }

    @Test func aspectRatioFollowsTheColumnWidth() {
        var layout = WaterfallLayout(columns: .fixed(3), containerWidth: 390)
        layout.append(.aspectRatio(width: 300, height: 400))
        #expect(abs(layout.frame(at: 0).height - layout.columnWidth * 400 / 300) < 1e-9)
        layout.columns = .adaptive(minimumWidth: 160)
        #expect(layout.columnCount == 2)
        #expect(abs(layout.frame(at: 0).height - layout.columnWidth * 400 / 300) < 1e-9)
    }

    @Test("sizes beyond any screen (1e308, ratios of 1e300 and 1e-300) keep every frame and the content finite, in columns and rows")
    func hugeFiniteSizesStayFinite() {
        let huge: [ItemSize] = [.height(1e308), .aspectRatio(width: 1, height: 1e300), .aspectRatio(width: 1, height: 1e-300),
                                .fullSpan(height: .greatestFiniteMagnitude), .spanningAspectRatio(2, width: 1e-300, height: 1e300)]
        for axis in [LayoutAxis.vertical, .horizontal] {
            var layout = WaterfallLayout(columns: .fixed(3), axis: axis, containerWidth: 600)
            layout.append(contentsOf: Array(repeating: huge, count: 200).flatMap { $0 })
            #expect(layout.allFrames.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite && $0.width.isFinite && $0.height.isFinite })
            #expect(layout.contentSize.width.isFinite && layout.contentSize.height.isFinite)
            #expect(layout.frame(at: 0).height == .maximumLayoutLength || axis == .horizontal)
        }
    }

    @Test func badInputFallsBackWithoutCrashing() {
        var layout = WaterfallLayout(columns: .fixed(0), insets: EdgeInsets(top: .nan, left: -5, bottom: .infinity, right: 8),
                                     columnSpacing: -3, rowSpacing: .nan, containerWidth: .nan)
        #expect(layout.columnCount == 1)
        #expect(layout.columnWidth == 0)
        layout.append(contentsOf: [.height(.nan), .height(-10), .height(.infinity), .aspectRatio(width: 0, height: 10),
                                   .aspectRatio(width: .nan, height: 1), .aspectRatio(width: 10, height: -1), .fullSpan(height: .nan)])
        for frame in layout.allFrames {
            #expect(frame.origin.x.isFinite && frame.origin.y.isFinite && frame.width.isFinite && frame.height.isFinite)
            #expect(frame.minX >= 0 && frame.minY >= 0 && frame.width >= 0 && frame.height == 0)
        }
        layout.containerWidth = 5   // narrower than the insets
        layout.columns = .fixed(-4)
        #expect(layout.columnCount == 1 && layout.columnWidth == 0)
        layout.columns = .adaptive(minimumWidth: .nan)
        #expect(layout.columnCount == 1)
        layout.columns = .fixed(Int.max)
        #expect(layout.columnCount == 1)   // no column fits one point wide
        layout.containerWidth = 1e9
        #expect(layout.columnCount == WaterfallLayout.maximumColumnCount)
        layout.containerWidth = 5
        layout.direction = .rightToLeft
        #expect(layout.allFrames.allSatisfy { $0.minX >= 0 && $0.minX.isFinite })
        #expect(layout.contentSize.height.isFinite && layout.contentSize.width == 5)
        #expect(layout.indices(in: Rect(x: 0, y: Double.nan, width: 1, height: 1)).isEmpty)
        #expect(layout.index(at: Point(x: Double.nan, y: 0)) == nil)
    }

    /// `--columns 100000` gave zero-width columns and content 16 points tall: a fixed count is
    /// clamped to what the width holds, one point per column.
    @Test func absurdFixedCountsAreClampedToWhatTheWidthHolds() {
        var layout = WaterfallLayout(columns: .fixed(100_000), containerWidth: 916)   // 900 between the insets
        #expect(layout.columnCount == 100)   // 100 columns of 1 point and 99 gaps of 8 points: 892 ≤ 900 < 901
        #expect(layout.columnWidth >= WaterfallLayout.minimumColumnWidth)
        layout.append(contentsOf: (0..<200).map { _ in .aspectRatio(width: 1, height: 2) })
        #expect(layout.allFrames.allSatisfy { $0.width >= 1 && $0.height >= 2 })
        layout.columns = .fixed(3)
        #expect(layout.columnCount == 3)
        layout.containerWidth = 0
        #expect(layout.columnCount == 1)
    }

    @Test func outOfRangeIndicesTrapAsWithArray() async {
        // Each body runs in a child process, which must die.
        #if compiler(>=6.2)
        await #expect(processExitsWith: .failure) {
            var layout = WaterfallLayout(containerWidth: 300)
            layout.append(contentsOf: [.height(10), .height(20)])
            _ = layout.frame(at: 2)
        }
        await #expect(processExitsWith: .failure) {
            var layout = WaterfallLayout(containerWidth: 300)
            layout.append(.height(10))
            _ = layout.frame(at: -1)
        }
        await #expect(processExitsWith: .failure) {
            var layout = WaterfallLayout(containerWidth: 300)
            layout.append(.height(10))
            layout.remove(at: 1)
        }
        await #expect(processExitsWith: .failure) {
            var layout = WaterfallLayout(containerWidth: 300)
            layout.insert(contentsOf: [.height(10)], at: 1)
        }
        await #expect(processExitsWith: .failure) {
            var layout = WaterfallLayout(containerWidth: 300)
            layout.append(.height(10))
            layout.replaceSubrange(0..<2, with: [.height(5)])
        }
        #else
        // Swift 6.0's Testing has exit tests as experimental SPI, spelled `exitsWith:`.
        await #expect(exitsWith: .failure) {
            var layout = WaterfallLayout(containerWidth: 300)
            layout.append(contentsOf: [.height(10), .height(20)])
            _ = layout.frame(at: 2)
        }
        await #expect(exitsWith: .failure) {
            var layout = WaterfallLayout(containerWidth: 300)
            layout.append(.height(10))
            _ = layout.frame(at: -1)
        }
        await #expect(exitsWith: .failure) {
            var layout = WaterfallLayout(containerWidth: 300)
            layout.append(.height(10))
            layout.remove(at: 1)
        }
        await #expect(exitsWith: .failure) {
            var layout = WaterfallLayout(containerWidth: 300)
            layout.insert(contentsOf: [.height(10)], at: 1)
        }
        await #expect(exitsWith: .failure) {
            var layout = WaterfallLayout(containerWidth: 300)
            layout.append(.height(10))
            layout.replaceSubrange(0..<2, with: [.height(5)])
        }
        #endif
        // The same calls in range do not trap (so the bodies above die of their index alone).
        var layout = WaterfallLayout(containerWidth: 300)
        layout.append(contentsOf: [.height(10), .height(20)])
        #expect(layout.frame(at: 1).height == 20)
        layout.insert(contentsOf: [.height(10)], at: 2)
        layout.replaceSubrange(0..<3, with: [.height(5)])
        layout.remove(at: 0)
        #expect(layout.count == 0)
    }

    @Test func emptyLayoutHasInsetsOnlyContent() {
        let layout = WaterfallLayout(insets: EdgeInsets(top: 3, left: 0, bottom: 5, right: 0), containerWidth: 100)
        #expect(layout.contentSize == Size(width: 100, height: 8))
        #expect(layout.indices(in: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
    }

    @Test func copiesAreIndependent() {
        var original = WaterfallLayout(containerWidth: 300)
        original.append(contentsOf: (0..<100).map { .height(Double($0 % 7 * 10 + 20)) })
        let snapshot = original.allFrames
        var copy = original
        copy.replaceSubrange(0..<10, with: [.height(500)])
        copy.append(.height(1))
        #expect(original.allFrames == snapshot)
        let band = Rect(x: 0, y: 0, width: 300, height: 200)
        let inBand = snapshot.indices.filter { snapshot[$0].maxY > band.minY && snapshot[$0].minY < band.maxY }
        #expect(!inBand.isEmpty)
        #expect(original.indices(in: band) == inBand, "queries of the original see its own frames, not the copy's")
        #expect(copy.count == 92)
        var widened = original
        widened.containerWidth = 500
        widened.columns = .fixed(4)
        #expect(original.allFrames == snapshot)
        #expect(widened.columnCount == 4)
    }

    @Test func storageStaysWithinTwentyFourBytesPerItem() {
        // Measured with the allocator, not taken from `memoryFootprint`: the heap bytes in use
        // after a million items are appended, minus those before (the items come from a lazy
        // map, so no array of them is allocated). `scripts/test.sh` runs tests one at a time,
        // so no other test allocates meanwhile; a million items keep the allocator's own
        // bookkeeping small against the 24 MB bound.
        let count = 1_000_000
        let before = HeapBytes.inUse
        var layout = WaterfallLayout(columns: .fixed(4), containerWidth: 390)
        layout.append(contentsOf: (0..<count).lazy.map { .height(Double($0 % 13 * 17 + 60)) })
        let measured = HeapBytes.inUse - before
        #expect(layout.count == count)
        #expect(measured > 20 * count, "the storage is on the heap: \(measured) bytes")
        #expect(measured <= 24 * count, "\(Double(measured) / Double(count)) bytes per item")
        #expect(abs(measured - layout.memoryFootprint) <= layout.memoryFootprint / 50,
                "memoryFootprint \(layout.memoryFootprint) reports what is allocated, \(measured)")
    }
}

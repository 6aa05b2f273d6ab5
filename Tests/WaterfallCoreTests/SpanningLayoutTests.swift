import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// Items across k of n columns: the README's rule by hand, and the engine against the reference
/// through appends, edits, prepends, configuration changes, queries and hit tests.
@Suite struct SpanningLayoutTests {
    /// Checks every frame and the content height against the reference, and the queries and hit
    /// tests against a scan of the frames.
    private func expectExact(_ layout: WaterfallLayout, _ items: [ItemSize], _ rng: inout SplitMix64, _ context: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = ReferenceMasonry(layout).layout(of: items)
        let frames = layout.allFrames
        #expect(frames.count == items.count, "\(context)", sourceLocation: sourceLocation)
        if let mismatch = frames.indices.first(where: { !frames[$0].isClose(to: reference.frames[$0]) }) {
            Issue.record("\(context): item \(mismatch) (\(items[mismatch])) at \(frames[mismatch]), reference \(reference.frames[mismatch])",
                         sourceLocation: sourceLocation)
        }
        #expect(Double(layout.contentSize.height) == reference.contentHeight, "\(context)", sourceLocation: sourceLocation)
        let height = Double(layout.contentSize.height), width = Double(layout.contentSize.width)
        for _ in 0..<6 {
            let rect = Rect(x: 0, y: Double.random(in: -50...(height + 50), using: &rng), width: 1,
                              height: Double.random(in: 0...300, using: &rng))
            let expected = frames.indices.filter { frames[$0].maxY > rect.minY && frames[$0].minY < rect.maxY }
            #expect(layout.indices(in: rect) == expected, "\(context): query \(rect)", sourceLocation: sourceLocation)
            let point: Point
            if let frame = frames.randomElement(using: &rng), Bool.random(using: &rng) {
                point = Point(x: [frame.minX, frame.midX].randomElement(using: &rng)!,
                                y: [frame.minY, frame.midY].randomElement(using: &rng)!)
            } else {
                point = Point(x: Double.random(in: 0...max(width, 1), using: &rng), y: Double.random(in: 0...max(height, 1), using: &rng))
            }
            let containing = frames.indices.filter { frames[$0].contains(point) }
            if let hit = layout.index(at: point) {
                #expect(containing.contains(hit), "\(context): point \(point) hit \(hit)", sourceLocation: sourceLocation)
            } else {
                #expect(containing.isEmpty, "\(context): point \(point) missed \(containing)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Items with many ties (a few whole heights, zeros), spans of 0–5 columns and full spans.
    private func tiedItems(_ rng: inout SplitMix64, count: Int) -> [ItemSize] {
        let heights: [Double] = [0, 10, 10, 20, 30, 30.5, .nan, -5]
        return (0..<count).map { _ in
            let height = heights.randomElement(using: &rng)!
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1, 2: return .spanning(Int.random(in: 0...5, using: &rng), height: height)
            case 3: return .spanningAspectRatio(Int.random(in: 2...4, using: &rng), width: 100, height: 50)
            case 4 where Int.random(in: 0..<4, using: &rng) == 0: return .fullSpan(height: height)
            default: return .height(height)
            }
        }
    }

    @Test func spansInUpToSixColumnsMatchReferenceThroughEveryChange() {
        // 1–4 columns run on the sorted register lanes, 5–6 on the linear scan.
        for seed in UInt64(0)..<600 {
            var rng = SplitMix64(seed: seed)
            let placement: PlacementStrategy = [.shortestColumn, .sequential, .shortestWithTolerance(10)].randomElement(using: &rng)!
            var layout = WaterfallLayout(columns: .fixed(Int.random(in: 1...6, using: &rng)),
                                         insets: EdgeInsets(all: [0, 8].randomElement(using: &rng)!),
                                         columnSpacing: [0, 8].randomElement(using: &rng)!,
                                         rowSpacing: [0, 8].randomElement(using: &rng)!,
                                         placement: placement,
                                         direction: Bool.random(using: &rng) ? .leftToRight : .rightToLeft,
                                         containerWidth: Double(Int.random(in: 100...900, using: &rng)))
            var items: [ItemSize] = []
            for step in 0..<8 {
                let context = "seed \(seed) step \(step)"
                switch Int.random(in: 0..<6, using: &rng) {
                case 0, 1:
                    let page = tiedItems(&rng, count: Int.random(in: 1...40, using: &rng))
                    layout.append(contentsOf: page)
                    items += page
                case 2:
                    let lower = Int.random(in: 0...items.count, using: &rng)
                    let upper = Int.random(in: lower...min(items.count, lower + 8), using: &rng)
                    let replacement = tiedItems(&rng, count: Int.random(in: 0...8, using: &rng))
                    layout.replaceSubrange(lower..<upper, with: replacement)
                    items.replaceSubrange(lower..<upper, with: replacement)
                case 3:
                    guard !items.isEmpty else { continue }
                    let index = Int.random(in: 0..<items.count, using: &rng)
                    let size = tiedItems(&rng, count: 1)[0]
                    layout.resizeItems([(index: index, size: size)])
                    items[index] = size
                case 4:
                    layout.columns = .fixed(Int.random(in: 1...6, using: &rng))
                default:
                    layout.containerWidth = Double(Int.random(in: 100...900, using: &rng))
                }
                expectExact(layout, items, &rng, context)
            }
        }
    }

    @Test func spansSurviveBlocksAndPrepends() {
        // An edit before a block moves the block, spans included, by one constant; a prepend is
        // laid out alone; the queries stay exact.
        for seed in UInt64(0)..<300 {
            var rng = SplitMix64(seed: seed)
            var layout = WaterfallLayout(columns: .fixed(Int.random(in: 2...6, using: &rng)), containerWidth: 700)
            let old = tiedItems(&rng, count: Int.random(in: 1...60, using: &rng))
            layout.append(contentsOf: old)
            let before = layout.allFrames
            let columnsBefore = old.indices.map { layout.columnRange(at: $0) }
            let fresh = tiedItems(&rng, count: Int.random(in: 1...30, using: &rng))
            layout.prepend(contentsOf: fresh)
            let after = layout.allFrames
            let delta = after[fresh.count].minY - before[0].minY
            for (index, frame) in before.enumerated() {
                let moved = after[fresh.count + index]
                #expect(moved.offsetBy(dx: 0, dy: -delta).isClose(to: frame), "seed \(seed): old item \(index) \(frame) → \(moved)")
                #expect(layout.columnRange(at: fresh.count + index) == columnsBefore[index], "seed \(seed): old item \(index)")
            }
            let alone = ReferenceMasonry(layout).layout(of: fresh).frames
            #expect(zip(after, alone).allSatisfy { $0.isClose(to: $1) }, "seed \(seed): the prepended block")
            // An edit inside the new block moves the old items by one constant again.
            let edited = layout.allFrames
            layout.replaceSubrange(0..<1, with: tiedItems(&rng, count: 2))
            let shift = layout.frame(at: fresh.count + 1).minY - edited[fresh.count].minY
            for index in old.indices {
                #expect(layout.frame(at: fresh.count + 1 + index).offsetBy(dx: 0, dy: -shift).isClose(to: edited[fresh.count + index]),
                        "seed \(seed): old item \(index) after an edit above it")
            }
            var queries = SplitMix64(seed: seed)
            let frames = layout.allFrames
            for _ in 0..<10 {
                let rect = Rect(x: 0, y: Double.random(in: 0...Double(layout.contentSize.height), using: &queries), width: 1, height: 200)
                #expect(layout.indices(in: rect) == frames.indices.filter { frames[$0].maxY > rect.minY && frames[$0].minY < rect.maxY },
                        "seed \(seed): query \(rect)")
            }
        }
    }

    @Test func theLowestRunWinsLeftmostOnTies() {
        // 4 columns of 100 (no insets or spacing): bottoms 100, 50, 80, 60.
        var layout = WaterfallLayout(columns: .fixed(4), insets: EdgeInsets(all: 0), columnSpacing: 0, rowSpacing: 0,
                                     containerWidth: 400)
        layout.append(contentsOf: [.height(100), .height(50), .height(80), .height(60)])
        // Runs of 2: max(100, 50) = 100, max(50, 80) = 80, max(80, 60) = 80 → the leftmost 80.
        layout.append(.spanning(2, height: 10))
        #expect(layout.frame(at: 4) == Rect(x: 100, y: 80, width: 200, height: 10))
        #expect(layout.columnRange(at: 4) == 1..<3)
        // Bottoms 100, 90, 90, 60; runs of 3: 100, 90 → columns 1–3 at 90.
        layout.append(.spanning(3, height: 5))
        #expect(layout.frame(at: 5) == Rect(x: 100, y: 90, width: 300, height: 5))
        // Bottoms 100, 95, 95, 95: a plain item goes to the shortest (leftmost) column 1.
        layout.append(.height(1))
        #expect(layout.columnRange(at: 6) == 1..<2)
        #expect(layout.contentSize.height == 100)
        // Right to left: the mirror image.
        layout.direction = .rightToLeft
        #expect(layout.frame(at: 4) == Rect(x: 100, y: 80, width: 200, height: 10))
        #expect(layout.frame(at: 5) == Rect(x: 0, y: 90, width: 300, height: 5))
    }

    @Test func aSpanIsItsColumnsAndTheSpacingsBetweenThem() {
        // 3 columns of 100 with 10 between them: 2 columns are 210 wide, and an aspect ratio of
        // 2:1 across them is 105 tall.
        var layout = WaterfallLayout(columns: .fixed(3), insets: EdgeInsets(all: 0), columnSpacing: 10, rowSpacing: 10,
                                     containerWidth: 320)
        layout.append(contentsOf: [.spanningAspectRatio(2, width: 2, height: 1), .height(40), .spanning(2, height: 20)])
        #expect(layout.frame(at: 0) == Rect(x: 0, y: 0, width: 210, height: 105))
        #expect(layout.frame(at: 1) == Rect(x: 220, y: 0, width: 100, height: 40))
        // Runs: max(105, 105) = 105, max(105, 40) = 105 → the leftmost, below both.
        #expect(layout.frame(at: 2) == Rect(x: 0, y: 115, width: 210, height: 20))
        #expect(layout.itemSize(at: 0) == .spanningAspectRatio(2, width: 1, height: 0.5))
        #expect(layout.itemSize(at: 2) == .spanning(2, height: 20))
    }

    @Test func spansOfAtLeastTheColumnCountAreFullSpanAndBelowOneArePlain() {
        var layout = WaterfallLayout(columns: .fixed(3), containerWidth: 400)
        layout.append(contentsOf: [.height(50), .spanning(3, height: 20), .spanning(Int.max, height: 20),
                                   .spanning(0, height: 30), .spanning(-7, height: 30), .spanning(1, height: 30)])
        var reference = WaterfallLayout(columns: .fixed(3), containerWidth: 400)
        reference.append(contentsOf: [.height(50), .fullSpan(height: 20), .fullSpan(height: 20),
                                      .height(30), .height(30), .height(30)])
        #expect(layout.allFrames == reference.allFrames)
        #expect(layout.columnRange(at: 1) == 0..<3)
        #expect(layout.itemSize(at: 2) == .fullSpan(height: 20))   // clamped to 16,383 columns: every column
        #expect(layout.itemSize(at: 3) == .height(30))
        // The same item spans 2 of 4 columns, and every column of 2.
        layout.replaceSubrange(0..<layout.count, with: [.height(50), .spanning(2, height: 20)])
        layout.columns = .fixed(4)
        #expect(layout.columnRange(at: 1) == 1..<3)
        layout.columns = .fixed(2)
        #expect(layout.columnRange(at: 1) == 0..<2 && layout.frame(at: 1).width == layout.contentSize.width - 16)
    }

    @Test func sequentialSpansWrapToTheNextRowAndToleranceTakesTheLeftmostRunWithinIt() {
        var sequential = WaterfallLayout(columns: .fixed(3), placement: .sequential, containerWidth: 400)
        // Columns 0, 1, then a span of 2 does not fit from column 2: it starts again at 0;
        // round robin continues after it, at column 2.
        sequential.append(contentsOf: [.height(10), .height(10), .spanning(2, height: 10), .height(10), .height(10)])
        #expect((0..<5).map { sequential.columnRange(at: $0) } == [0..<1, 1..<2, 0..<2, 2..<3, 0..<1])
        // Bottoms 100, 95, 30, 0; runs of 2: 100, 95, 30; within 65 of 30 the leftmost is 95.
        var tolerant = WaterfallLayout(columns: .fixed(4), insets: EdgeInsets(all: 0), columnSpacing: 0, rowSpacing: 0,
                                       placement: .shortestWithTolerance(65), containerWidth: 400)
        tolerant.append(contentsOf: [.height(100), .height(95), .height(30), .height(0)])
        #expect(tolerant.columnRange(at: 3) == 3..<4)
        tolerant.append(.spanning(2, height: 10))
        #expect(tolerant.columnRange(at: 4) == 1..<3)
        tolerant.placement = .shortestWithTolerance(60)
        #expect(tolerant.columnRange(at: 4) == 2..<4)
    }
}

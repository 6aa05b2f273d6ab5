import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// Blocks: prepends laid out above the old items, and edits before a block start, move the
/// items after the start by one constant and nothing else.
@Suite struct BlockLayoutTests {
    /// Whether two lengths agree to float rounding (the reference computes x and heights with
    /// its own formulas).
    private func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

    /// Whether two lists of frames agree to float rounding.
    private func areClose(_ a: [Rect], _ b: [Rect]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy {
            isClose($0.minX, $1.minX) && isClose($0.minY, $1.minY) && isClose($0.width, $1.width) && isClose($0.height, $1.height)
        }
    }

    /// Requires `after` to be `before` moved down by one constant (within rounding) and returns
    /// that constant; x, width and height must agree to float rounding.
    @discardableResult
    private func expectTranslated(_ before: [Rect], _ after: [Rect], _ context: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) -> Double? {
        #expect(before.count == after.count, "\(context)", sourceLocation: sourceLocation)
        guard let first = before.indices.first else { return nil }
        let delta = after[first].minY - before[first].minY
        for index in before.indices {
            let old = before[index], new = after[index]
            let tolerance = 1e-6 * max(1, abs(old.minY), abs(new.minY))
            guard isClose(old.minX, new.minX), isClose(old.width, new.width), isClose(old.height, new.height),
                  abs(new.minY - old.minY - delta) <= tolerance else {
                Issue.record("\(context): item \(index) was \(old), now \(new) (moved by \(delta) elsewhere)",
                             sourceLocation: sourceLocation)
                return nil
            }
        }
        return delta
    }

    /// Requires the engine's queries to agree with a scan of every frame, and no two items that
    /// share a column (full-span and spanning items included) to overlap.
    private func expectConsistent(_ layout: WaterfallLayout, _ rng: inout SplitMix64, _ context: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        let frames = layout.allFrames
        let height = Double(layout.contentSize.height)
        for _ in 0..<8 {
            let top = Double.random(in: -20...(height + 20), using: &rng)
            let rect = Rect(x: 0, y: top, width: 10, height: Double.random(in: 0...400, using: &rng))
            let expected = frames.indices.filter { frames[$0].maxY > rect.minY && frames[$0].minY < rect.maxY }
            #expect(layout.indices(in: rect) == expected, "\(context): query \(rect)", sourceLocation: sourceLocation)
        }
        var bottoms = [Double](repeating: -.infinity, count: layout.columnCount)
        for index in frames.indices {
            let columns = layout.columnRange(at: index), frame = frames[index]
            let floor = bottoms[columns].max()!
            if frame.minY < floor - 1e-6 * Swift.max(1, abs(floor)) {
                Issue.record("\(context): item \(index) at \(frame) overlaps the item above it (bottom \(floor))",
                             sourceLocation: sourceLocation)
                return
            }
            for column in columns { bottoms[column] = Swift.max(bottoms[column], frame.maxY) }
        }
        let lowest = frames.map(\.maxY).max().map { Double($0) + Double(layout.insets.bottom.isFinite ? Swift.max(0, layout.insets.bottom) : 0) }
        if let lowest { #expect(abs(height - lowest) <= 1e-6 * Swift.max(1, height), "\(context): content height", sourceLocation: sourceLocation) }
    }

    @Test func prependsKeepTheOldItemsStillAndLayTheNewOnesOutAlone() {
        for seed in UInt64(0)..<250 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            var all = RandomLayouts.items(&rng, count: Int.random(in: 1...150, using: &rng))
            layout.append(contentsOf: all)
            for round in 0..<3 {
                let before = layout.allFrames
                let fresh = RandomLayouts.items(&rng, count: Int.random(in: 1...100, using: &rng))
                layout.prepend(contentsOf: fresh)
                all.insert(contentsOf: fresh, at: 0)
                let context = "seed \(seed), prepend \(round) of \(fresh.count)"
                let after = layout.allFrames
                let delta = expectTranslated(before, Array(after[fresh.count...]), context)
                let alone = ReferenceMasonry(layout).layout(of: fresh).frames
                #expect(areClose(Array(after[..<fresh.count]), alone), "\(context): the new block is not laid out alone")
                // The old items start level, one row spacing below the new block's tallest column.
                let spacing = layout.rowSpacing.isFinite ? Swift.max(0, layout.rowSpacing) : 0
                let top = layout.insets.top.isFinite ? Swift.max(0, layout.insets.top) : 0
                if let delta, let tallest = alone.map(\.maxY).max() {
                    #expect(abs(delta - (tallest + spacing - top)) <= 1e-6 * Swift.max(1, tallest), "\(context): shift \(delta)")
                }
                #expect(layout.blockStarts.first == fresh.count, "\(context): blocks \(layout.blockStarts)")
                expectConsistent(layout, &rng, context)
            }
            #expect(layout.blockStarts.count == 3, "seed \(seed): blocks \(layout.blockStarts)")
            // A configuration change lays everything out again as one block.
            layout.containerWidth += 40
            #expect(layout.blockStarts.isEmpty, "seed \(seed)")
            #expect(areClose(layout.allFrames, ReferenceMasonry(layout).layout(of: all).frames), "seed \(seed): after a width change")
        }
    }

    @Test func editsBeforeABlockOnlyMoveIt() {
        for seed in UInt64(0)..<250 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            layout.append(contentsOf: RandomLayouts.items(&rng, count: Int.random(in: 2...200, using: &rng)))
            let start = Int.random(in: 1..<layout.count, using: &rng)
            let unfrozen = layout.allFrames
            layout.startBlock(at: start)
            #expect(layout.allFrames == unfrozen, "seed \(seed): starting a block moved something")
            #expect(layout.blockStarts == [start], "seed \(seed)")
            for round in 0..<4 {
                let blockStart = layout.blockStarts.last!
                let before = Array(layout.allFrames[blockStart...])
                let lower = Int.random(in: 0..<blockStart, using: &rng)
                let upper = Int.random(in: lower...blockStart, using: &rng)
                let replacement = RandomLayouts.items(&rng, count: Int.random(in: 0...(lower == upper ? 6 : 3), using: &rng))
                guard lower > 0 || upper < blockStart || !replacement.isEmpty else { continue }
                layout.replaceSubrange(lower..<upper, with: replacement)
                let context = "seed \(seed), edit \(round): \(lower)..<\(upper) with \(replacement.count)"
                let moved = blockStart + replacement.count - (upper - lower)
                #expect(layout.blockStarts.last == moved, "\(context): blocks \(layout.blockStarts)")
                expectTranslated(before, Array(layout.allFrames[moved...]), context)
                expectConsistent(layout, &rng, context)
            }
        }
    }

    /// Items whose heights are whole or half points (or bad values), so that sums are exact and
    /// a block placed again after moving breaks ties exactly as the block laid out alone.
    private func exactItems(_ rng: inout SplitMix64, count: Int) -> [ItemSize] {
        (0..<count).map { _ in
            let height = RandomLayouts.length(&rng, upTo: 300)
            return Int.random(in: 0..<12, using: &rng) == 0 ? .fullSpan(height: height) : .height(height)
        }
    }

    @Test func editsInsideABlockPlaceItAgainFromTheEdit() {
        for seed in UInt64(0)..<300 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            var all = exactItems(&rng, count: Int.random(in: 1...80, using: &rng))
            layout.append(contentsOf: all)
            let fresh = exactItems(&rng, count: Int.random(in: 1...40, using: &rng))
            layout.prepend(contentsOf: fresh)
            all.insert(contentsOf: fresh, at: 0)
            // Edit inside the old block: the new block is untouched, the old one is placed again
            // from its level start, as if laid out alone below the new block.
            let index = Int.random(in: fresh.count..<all.count, using: &rng)
            let size = exactItems(&rng, count: 1)[0]
            layout.replaceSubrange(index..<index + 1, with: [size])
            all[index] = size
            let context = "seed \(seed), item \(index) of \(all.count) resized"
            let oldBlock = ReferenceMasonry(layout).layout(of: Array(all[fresh.count...])).frames
            expectTranslated(oldBlock, Array(layout.allFrames[fresh.count...]), context)
            #expect(areClose(Array(layout.allFrames[..<fresh.count]), ReferenceMasonry(layout).layout(of: fresh).frames), "\(context)")
            expectConsistent(layout, &rng, context)
            // Removing every new item leaves the old block at the top, as laid out alone.
            layout.removeSubrange(0..<fresh.count)
            all.removeSubrange(0..<fresh.count)
            #expect(layout.blockStarts.isEmpty, "\(context): blocks \(layout.blockStarts)")
            expectTranslated(ReferenceMasonry(layout).layout(of: all).frames, layout.allFrames, "\(context), new block removed")
            expectConsistent(layout, &rng, "\(context), new block removed")
        }
    }

    @Test func resizesAcrossBlocksPlaceEachBlockFromItsChangeAndMoveTheRest() {
        for seed in UInt64(0)..<250 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            layout.append(contentsOf: RandomLayouts.items(&rng, count: Int.random(in: 4...150, using: &rng)))
            let fresh = RandomLayouts.items(&rng, count: Int.random(in: 1...30, using: &rng))
            layout.prepend(contentsOf: fresh)
            let start = Int.random(in: fresh.count + 1..<layout.count, using: &rng)
            layout.startBlock(at: start)
            let before = Array(layout.allFrames[start...])
            // Changes in the first two blocks only (any order, repeats): the last block only moves.
            let changes = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                (index: Int.random(in: 0..<start, using: &rng), size: RandomLayouts.item(&rng))
            }
            layout.resizeItems(changes)
            let context = "seed \(seed), changes at \(changes.map(\.index)), block at \(start)"
            #expect(layout.blockStarts == [fresh.count, start], "\(context): blocks \(layout.blockStarts)")
            expectTranslated(before, Array(layout.allFrames[start...]), context)
            expectConsistent(layout, &rng, context)
            // A change inside the last block too keeps every block and a consistent layout.
            layout.resizeItems([(index: Int.random(in: start..<layout.count, using: &rng), size: RandomLayouts.item(&rng)),
                                (index: Int.random(in: 0..<start, using: &rng), size: RandomLayouts.item(&rng))])
            #expect(layout.blockStarts == [fresh.count, start], "\(context), then inside the last block")
            expectConsistent(layout, &rng, "\(context), then inside the last block")
        }
    }

    @Test func aPrependToALargeWallMovesEveryOldItemByOneConstant() {
        var layout = WaterfallLayout(columns: .fixed(4), containerWidth: 390)
        var rng = SplitMix64(seed: 13)
        layout.append(contentsOf: (0..<200_000).lazy.map { _ in ItemSize.height(Double(120 + Int.random(in: 0...260, using: &rng))) })
        let probes = [0, 1, 2, 3, 100_000, 199_999]
        let before = probes.map { layout.frame(at: $0) }
        layout.prepend(contentsOf: (0..<50).map { _ in ItemSize.aspectRatio(width: 3, height: Double(Int.random(in: 2...6, using: &rng))) })
        expectTranslated(before, probes.map { layout.frame(at: $0 + 50) }, "200k")
        let rect = Rect(x: 0, y: layout.frame(at: 100_050).minY, width: 390, height: 844)
        #expect(layout.indices(in: rect).contains(100_050))
    }
}

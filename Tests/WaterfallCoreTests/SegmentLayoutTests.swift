import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// The segment model (``Segment``): edits inside or before a segment at an estimated place
/// place nothing before it, prepends on a layout still waiting for placement, and the
/// estimate that puts a deep segment close to where it settles. Frames are checked against
/// ``ReferenceMasonry`` with a level restart at each segment's start (see
/// ``IslandLayoutTests/reference(_:_:levelAt:)``); every failure names its seed.
@Suite("Engine: segments")
struct SegmentLayoutTests {
    @Test("edits, size changes and moves inside or before an estimated segment place nothing before it")
    func editsNearAnEstimatedSegmentPlaceNothingBeforeIt() {
        var checked = 0
        for seed in UInt64(300)..<380 {
            var rng = SplitMix64(seed: seed)
            var items = IslandLayoutTests.wholePointItems(&rng, count: Int.random(in: 1_000...2_500, using: &rng))
            var (layout, _, _) = IslandLayoutTests.deepResize(&rng, items: items)
            guard var start = layout.island?.start else { continue }
            checked += 1
            for step in 0..<10 {
                let placed = layout.placedCount
                let context = "seed \(seed) step \(step)"
                // Somewhere after the placed prefix: among the waiting items or in the segment.
                let end = layout.island.map(\.range.upperBound) ?? items.count
                let lower = Int.random(in: placed..<end, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    let size = IslandLayoutTests.wholePointItems(&rng, count: 1)[0]
                    layout.resizeItems([(index: lower, size: size)])
                    items[lower] = size
                case 1 where lower >= start && lower + 1 < items.count:
                    let destination = Int.random(in: start..<min(items.count, lower + 20), using: &rng)
                    layout.moveItem(from: lower, to: destination)
                    items.insert(items.remove(at: lower), at: destination)
                default:
                    let upper = Int.random(in: lower...min(items.count, lower + 4), using: &rng)
                    let fresh = IslandLayoutTests.wholePointItems(&rng, count: Int.random(in: 0...4, using: &rng))
                    layout.replaceSubrange(lower..<upper, with: fresh)
                    items.replaceSubrange(lower..<upper, with: fresh)
                    if start >= upper { start += fresh.count - (upper - lower) } else if start >= lower { start = lower }
                }
                guard let island = layout.island else {
                    // Only deleting every waiting item before it settles the segment.
                    #expect(start == placed, "\(context): the segment settled without placement reaching it")
                    break
                }
                #expect(layout.placedCount <= placed, "\(context): the edit placed items before the segment")
                #expect(island.start == start, "\(context): the segment starts at \(island.start), expected \(start)")
                IslandLayoutTests.expectFramesMatch(layout, IslandLayoutTests.reference(layout, items, levelAt: start), context)
            }
            while !layout.continueLayout(itemBudget: 700) {}
            #expect(IslandLayoutTests.same(layout.allFrames, IslandLayoutTests.reference(layout, items, levelAt: start).frames),
                    "seed \(seed): final frames")
        }
        #expect(checked >= 30, "most seeds laid out an estimated segment")
    }

    @Test("a prepend while placement waits renumbers nothing and ends in the reference with a level restart")
    func prependsWhilePending() {
        for seed in UInt64(400)..<520 {
            var rng = SplitMix64(seed: seed)
            var layout = IslandLayoutTests.wholePointLayout(&rng)
            var items = IslandLayoutTests.wholePointItems(&rng, count: Int.random(in: 1...400, using: &rng))
            layout.append(contentsOf: items)
            let other = IslandLayoutTests.wholePointLayout(&rng)
            layout.configureDeferringLayout { $0.containerWidth = other.containerWidth }
            layout.continueLayout(itemBudget: Int.random(in: 1...items.count, using: &rng))
            var starts: [Int] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let fresh = IslandLayoutTests.wholePointItems(&rng, count: Int.random(in: 1...60, using: &rng))
                let placed = layout.placedCount
                layout.prepend(contentsOf: fresh)
                items.insert(contentsOf: fresh, at: 0)
                starts = [fresh.count] + starts.map { $0 + fresh.count }
                #expect(layout.placedCount >= fresh.count && layout.placedCount <= fresh.count + placed,
                        "seed \(seed): placed \(layout.placedCount) after a prepend of \(fresh.count) to \(placed)")
                #expect(layout.blockStarts == starts, "seed \(seed): starts \(layout.blockStarts), expected \(starts)")
            }
            while !layout.continueLayout(itemBudget: 97) {}
            // Each prepended run was laid out alone; the next one starts level below it.
            var reference = ReferenceMasonry(layout)
            var frames: [Rect] = []
            for (lower, upper) in zip([0] + starts, starts + [items.count]) {
                let run = reference.layout(of: Array(items[lower..<upper]))
                frames += run.frames
                if let bottom = frames.map(\.maxY).max() { reference.insets.top = bottom + layout.rowSpacing }
            }
            #expect(IslandLayoutTests.same(layout.allFrames, frames), "seed \(seed): frames after the slices")
        }
    }

    @Test("an estimated segment deep in the items sits within a few items' lengths of where it settles")
    func theEstimateLandsClose() throws {
        for seed in UInt64(600)..<620 {
            var rng = SplitMix64(seed: seed)
            let items = (0..<60_000).map { _ in ItemSize.height(Double(Int.random(in: 120...380, using: &rng))) }
            var layout = WaterfallLayout(columns: .fixed(4), containerWidth: 1000)
            layout.append(contentsOf: items)
            layout.configureDeferringLayout { $0.containerWidth = 1200; $0.columns = .fixed(5) }
            layout.place(around: Int.random(in: 30_000..<60_000, using: &rng), clearance: 2_000, itemBudget: 2_000)
            let island = try #require(layout.island, "seed \(seed): an estimated segment")
            while !layout.continueLayout(itemBudget: 5_000) {}
            let reported = layout.takeLayoutShift()
            let shift = try #require(reported, "seed \(seed): the settling is reported")
            #expect(shift.level == Double(island.base))
            #expect(abs(shift.distance) <= 2 * 388, "seed \(seed): the segment moved by \(shift.distance) when it settled")
        }
    }
}

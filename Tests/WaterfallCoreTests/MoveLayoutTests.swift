import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// The engine's move of one item (drag to reorder): against the reference masonry of the moved
/// list, and the drag preview against the move itself.
@Suite struct MoveLayoutTests {
    @Test func movesEqualTheReferenceLayoutOfTheMovedList() {
        for seed in UInt64(0)..<300 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            var items = RandomLayouts.items(&rng, count: Int.random(in: 1...120, using: &rng))
            layout.append(contentsOf: items)
            for step in 0..<6 {
                let source = Int.random(in: 0..<items.count, using: &rng)
                let destination = Int.random(in: 0..<items.count, using: &rng)
                layout.moveItem(from: source, to: destination)
                items = items.moving(from: source, to: destination)
                let reference = ReferenceMasonry(layout).layout(of: items)
                let frames = layout.allFrames
                let context = "seed \(seed), step \(step): move \(source) → \(destination)"
                if let bad = frames.indices.first(where: { !frames[$0].isClose(to: reference.frames[$0]) }) {
                    Issue.record("\(context): item \(bad) at \(frames[bad]), reference \(reference.frames[bad])")
                }
                #expect(Double(layout.contentSize.height) == reference.contentHeight, "\(context)")
                let rect = Rect(x: 0, y: Double.random(in: 0...max(1, layout.contentSize.height), using: &rng),
                                  width: 4000, height: 500)
                #expect(layout.indices(in: rect) == frames.indices.filter {
                    frames[$0].maxY > rect.minY && frames[$0].minY < rect.maxY
                }, "\(context): query")
            }
        }
    }

    /// A move while placement waits places nothing: the frames from the lower index on wait
    /// with the rest; placed afterwards, every frame is the reference's.
    @Test func aMoveWhilePlacementWaitsPlacesNothingAndEqualsTheReference() {
        var waitedCount = 0
        for seed in UInt64(0)..<100 {
            var rng = SplitMix64(seed: 0x3001_0000 + seed)
            var layout = RandomLayouts.layout(&rng)
            var items = RandomLayouts.items(&rng, count: Int.random(in: 2...150, using: &rng))
            layout.append(contentsOf: items)
            let other = RandomLayouts.layout(&rng)
            layout.configureDeferringLayout { $0.containerWidth = other.containerWidth }
            layout.place(upTo: Int.random(in: 0...items.count / 2, using: &rng))
            let waited = !layout.isFullyPlaced
            let source = Int.random(in: 0..<items.count, using: &rng)
            let destination = (source + Int.random(in: 1..<items.count, using: &rng)) % items.count
            let placed = layout.placedCount
            layout.moveItem(from: source, to: destination)
            items = items.moving(from: source, to: destination)
            let context = "seed \(seed): move \(source) → \(destination), placement waited: \(waited)"
            #expect(layout.isFullyPlaced || layout.placedCount == min(placed, source, destination), "\(context)")
            layout.place(upTo: layout.count)
            let reference = ReferenceMasonry(layout).layout(of: items)
            let frames = layout.allFrames
            if let bad = frames.indices.first(where: { !frames[$0].isClose(to: reference.frames[$0]) }) {
                Issue.record("\(context): item \(bad) at \(frames[bad]), reference \(reference.frames[bad])")
            }
            let rect = Rect(x: 0, y: 0, width: 4000, height: layout.contentSize.height)
            #expect(layout.indices(in: rect) == frames.indices.filter {
                frames[$0].maxY > rect.minY && frames[$0].minY < rect.maxY
            }, "\(context): query")
            if waited { waitedCount += 1 }
        }
        #expect(waitedCount > 50, "most moves came while placement waited (\(waitedCount) of 100)")
    }

    @Test func previewGivesTheMovedFramesDownToItsLimit() {
        for seed in UInt64(0)..<300 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            // Rows as well as columns: along rows the limit, the shift and the length are along x.
            let rows = Bool.random(using: &rng)
            if rows { layout.axis = .horizontal }
            func main(_ point: Point) -> Double { rows ? point.x : point.y }
            layout.append(contentsOf: RandomLayouts.items(&rng, count: Int.random(in: 1...150, using: &rng)))
            if Bool.random(using: &rng) {
                // Blocks, as a refresh and an anchored edit leave them.
                layout.prepend(contentsOf: RandomLayouts.items(&rng, count: Int.random(in: 1...20, using: &rng)))
                layout.startBlock(at: Int.random(in: 0...layout.count, using: &rng))
                layout.insert(contentsOf: RandomLayouts.items(&rng, count: 3), at: Int.random(in: 0...layout.count, using: &rng))
            }
            for step in 0..<5 {
                let source = Int.random(in: 0..<layout.count, using: &rng)
                let destination = Int.random(in: 0..<layout.count, using: &rng)
                let length = main(Point(x: layout.contentSize.width, y: layout.contentSize.height))
                let limit = Double.random(in: 0...max(1, length * 1.2), using: &rng)
                let preview = layout.previewMove(from: source, to: destination, through: limit)
                var after = layout
                after.moveItem(from: source, to: destination)
                let context = "seed \(seed), step \(step): move \(source) → \(destination), limit \(limit)"
                let lower = min(source, destination)
                #expect(preview.lowerBound == lower, "\(context)")
                for position in 0..<after.count {
                    let frame = after.frame(at: position)
                    let offset = position - lower
                    if position < lower {
                        #expect(frame == layout.frame(at: position), "\(context): \(position) before the move changed")
                    } else if offset < preview.placed.count {
                        #expect(preview.placed[offset].isClose(to: frame),
                                "\(context): position \(position) previewed at \(preview.placed[offset]), moved to \(frame)")
                    } else if let shift = preview.blockShift, position >= shift.position {
                        let old = layout.frame(at: position)
                        #expect(old.offsetBy(dx: rows ? shift.distance : 0, dy: rows ? 0 : shift.distance).isClose(to: frame),
                                "\(context): block item \(position) not shifted like the move")
                    } else {
                        // Not placed: it must lie below the limit, so no query above it misses it.
                        #expect(!preview.isComplete && main(frame.origin) >= limit - 1e-9,
                                "\(context): position \(position) unplaced but at \(frame)")
                    }
                }
                if let height = preview.contentHeight {
                    let length = main(Point(x: after.contentSize.width, y: after.contentSize.height))
                    #expect(abs(height - length) <= 1e-9 * max(1, height), "\(context): content length")
                }
                layout = after
            }
        }
    }

    @Test func movingOntoItselfChangesNothing() {
        var layout = WaterfallLayout(columns: .fixed(3), containerWidth: 400)
        layout.append(contentsOf: (0..<30).map { .height(Double(40 + $0 * 7 % 90)) })
        let before = layout.allFrames
        layout.moveItem(from: 12, to: 12)
        #expect(layout.allFrames == before)
        let preview = layout.previewMove(from: 12, to: 12, through: 10_000)
        #expect(preview.placed == Array(before[12...]))
        #expect(preview.contentHeight == layout.contentSize.height)
    }
}

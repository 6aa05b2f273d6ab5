import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// Layout islands (``WaterfallLayout/place(around:clearance:itemBudget:)``): after a deferred
/// relayout, an item deep in the feed gets its frame from a level block laid out at an
/// estimated place; placement reaching the block moves it by one constant. Every frame is
/// checked against ``ReferenceMasonry`` with a level restart at the island's start.
@Suite("Engine: layout islands")
struct IslandLayoutTests {
    /// The frames of `items` by the reference with `layout`'s configuration: the items before
    /// `start` laid out from the top, those from `start` on laid out alone from one row below
    /// every column before them (a level block); without a start, all of them from the top.
    /// - Returns: the frames, the level the block starts from (the tallest bottom before it),
    ///   and the content height.
    static func reference(_ layout: WaterfallLayout, _ items: [ItemSize], levelAt start: Int?)
    -> (frames: [Rect], level: Double, height: Double) {
        var masonry = ReferenceMasonry(layout)
        guard let start, start > 0, start < items.count else {
            let whole = masonry.layout(of: items)
            return (whole.frames, 0, whole.contentHeight)
        }
        let prefix = masonry.layout(of: Array(items[..<start])).frames
        let level = prefix.map(\.maxY).max()!
        masonry.insets.top = level + layout.rowSpacing
        let block = masonry.layout(of: Array(items[start...]))
        return (prefix + block.frames, level, Double(block.contentHeight))
    }

    /// A configuration of whole points (so that a block moved by a constant lands exactly where
    /// a block placed there would): 1–8 columns or adaptive ones, every strategy and direction.
    static func wholePointLayout(_ rng: inout SplitMix64) -> WaterfallLayout {
        let placement: PlacementStrategy
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: placement = .shortestColumn
        case 1: placement = .sequential
        default: placement = .shortestWithTolerance(Double(Int.random(in: 0...60, using: &rng)))
        }
        func whole(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) }
        return WaterfallLayout(
            columns: Bool.random(using: &rng) ? .fixed(Int.random(in: 1...8, using: &rng)) : .adaptive(minimumWidth: whole(80...300)),
            insets: EdgeInsets(top: whole(0...20), left: whole(0...20), bottom: whole(0...20), right: whole(0...20)),
            columnSpacing: whole(0...16), rowSpacing: whole(0...16), placement: placement,
            direction: Bool.random(using: &rng) ? .leftToRight : .rightToLeft, containerWidth: whole(300...2000))
    }

    /// Items of whole-point heights: mostly plain, some full-span, some across two or three columns.
    static func wholePointItems(_ rng: inout SplitMix64, count: Int) -> [ItemSize] {
        (0..<count).map { _ in
            let height = Double(Int.random(in: 0...400, using: &rng))
            switch Int.random(in: 0..<14, using: &rng) {
            case 0: return .fullSpan(height: height)
            case 1: return .spanning(Int.random(in: 2...3, using: &rng), height: height)
            default: return .height(height)
            }
        }
    }

    /// A layout of `items` with a deferred width (and sometimes column) change, and an island
    /// laid out around an item in the second half, if the engine made one.
    static func deepResize(_ rng: inout SplitMix64, items: [ItemSize]) -> (layout: WaterfallLayout, anchor: Int, clearance: Double) {
        var layout = wholePointLayout(&rng)
        layout.append(contentsOf: items)
        let other = wholePointLayout(&rng)
        layout.configureDeferringLayout {
            $0.containerWidth = other.containerWidth
            if Bool.random(using: &rng) { $0.columns = other.columns }
        }
        let anchor = Int.random(in: items.count / 2..<items.count, using: &rng)
        let clearance = Double(Int.random(in: 0...1500, using: &rng))
        layout.place(around: anchor, clearance: clearance, itemBudget: Int.random(in: 10...60, using: &rng))
        return (layout, anchor, clearance)
    }

    /// Whether two frames agree: exactly along the columns (whole points add up exactly), to
    /// float rounding across them (the reference mirrors right-to-left frames its own way).
    static func same(_ a: Rect, _ b: Rect) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        return a.minY == b.minY && a.height == b.height && close(a.minX, b.minX) && close(a.width, b.width)
    }

    /// Whether every frame agrees (see ``same(_:_:)``).
    static func same(_ a: [Rect], _ b: [Rect]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    }

    /// Checks every item with a frame against the reference: prefix items exactly, island
    /// items moved by the one constant that takes the island's level to the reference's.
    static func expectFramesMatch(_ layout: WaterfallLayout, _ reference: (frames: [Rect], level: Double, height: Double),
                                  _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let first = (0..<layout.placedCount).first(where: { !same(layout.frame(at: $0), reference.frames[$0]) }) {
            Issue.record("\(context): laid-out item \(first) is \(layout.frame(at: first)), the reference has \(reference.frames[first])",
                         sourceLocation: sourceLocation)
        }
        guard let island = layout.island else { return }
        let distance = reference.level - Double(island.base)
        if let first = island.range.first(where: { !same(layout.frame(at: $0).offsetBy(dx: 0, dy: distance), reference.frames[$0]) }) {
            Issue.record("\(context): island item \(first) is \(layout.frame(at: first)), the reference has \(reference.frames[first]) (island moved by \(distance))",
                         sourceLocation: sourceLocation)
        }
    }

    @Test("an island's frames are a level block's at s, and after the idle slices every frame is the reference's")
    func islandFramesThenEveryFrameMatchTheReference() throws {
        var islands = 0, checkedQueries = 0
        for seed in UInt64(0)..<60 {
            var rng = SplitMix64(seed: seed)
            let items = Self.wholePointItems(&rng, count: Int.random(in: 1_000...3_000, using: &rng))
            var (layout, anchor, clearance) = Self.deepResize(&rng, items: items)
            #expect(layout.islandRange?.contains(anchor) ?? (anchor < layout.placedCount), "seed \(seed): the anchor has its frame")
            guard let island = layout.island else { continue }
            islands += 1
            let reference = Self.reference(layout, items, levelAt: island.start)
            Self.expectFramesMatch(layout, reference, "seed \(seed), right after the resize")
            #expect(layout.placedCount <= 60 + 8 * layout.columnCount, "seed \(seed): placed \(layout.placedCount) before the island")
            #expect(Double(layout.frame(at: anchor).minY) - island.base >= Double(clearance) || island.start <= layout.placedCount + 4 * layout.columnCount,
                    "seed \(seed): the island reaches \(clearance) above the anchor")
            let distance = reference.level - Double(island.base)
            // Slices, interleaved with queries in the island's content, which grow it.
            while let current = layout.island {
                if Bool.random(using: &rng) {
                    let top = Double(current.base) + Double.random(in: 0...3_000, using: &rng)
                    let rect = Rect(x: 0, y: top, width: 4_000, height: Double.random(in: 0...2_000, using: &rng))
                    layout.place(covering: rect)
                    let expected = (current.start..<items.count).filter {
                        let frame = reference.frames[$0].offsetBy(dx: 0, dy: -distance)
                        return frame.maxY > rect.minY && frame.minY < rect.maxY
                    }
                    if layout.island != nil {
                        #expect(layout.indices(in: rect) == expected, "seed \(seed): query \(rect) in the island")
                        // A hit test there finds the island item whose frame holds the point.
                        let point = Point(x: Double.random(in: 0...layout.containerWidth, using: &rng),
                                            y: Double.random(in: rect.minY...rect.maxY, using: &rng))
                        let hit = expected.first { reference.frames[$0].offsetBy(dx: 0, dy: -distance).contains(point) }
                        #expect(layout.index(at: point) == hit, "seed \(seed): hit test at \(point) in the island")
                        checkedQueries += 1
                    }
                } else {
                    layout.continueLayout(itemBudget: Int.random(in: 1...600, using: &rng))
                }
                Self.expectFramesMatch(layout, reference, "seed \(seed), during the slices")
            }
            let reported = layout.takeLayoutShift()
            let shift = try #require(reported, "seed \(seed): the island's move is reported")
            #expect(shift == LayoutShift(level: Double(island.base), distance: distance), "seed \(seed)")
            let again = layout.takeLayoutShift()
            #expect(again == nil, "seed \(seed): once")
            while !layout.continueLayout(itemBudget: Int.random(in: 1...600, using: &rng)) {}
            #expect(layout.blockStarts == [island.start], "seed \(seed): the seam stays a block start")
            #expect(Self.same(layout.allFrames, reference.frames), "seed \(seed): every frame after the slices")
            #expect(layout.contentSize.height == reference.height, "seed \(seed): content height")
        }
        #expect(islands >= 30, "most seeds laid out an island")
        #expect(checkedQueries >= 50)
    }

    @Test("edits, appends and slices while an island is laid out end in the reference with the seam where the edits take it")
    func editsDuringTheIslandKeepEveryFrameRight() {
        var islands = 0
        for seed in UInt64(200)..<260 {
            var rng = SplitMix64(seed: seed)
            var items = Self.wholePointItems(&rng, count: Int.random(in: 1_000...2_500, using: &rng))
            var (layout, _, _) = Self.deepResize(&rng, items: items)
            guard let island = layout.island else { continue }
            islands += 1
            var start: Int? = island.start
            for step in 0..<12 {
                let count = items.count
                let lower = Int.random(in: 0...count, using: &rng)
                let upper = Int.random(in: lower...min(count, lower + 6), using: &rng)
                let fresh = Self.wholePointItems(&rng, count: Int.random(in: 0...5, using: &rng))
                switch Int.random(in: 0..<6, using: &rng) {
                case 0:
                    layout.continueLayout(itemBudget: Int.random(in: 1...300, using: &rng))
                case 1:
                    layout.append(contentsOf: fresh)
                    items += fresh
                case 2 where count > 0:
                    let index = Int.random(in: 0..<count, using: &rng)
                    let size = fresh.first ?? .height(7)
                    layout.resizeItems([(index: index, size: size)])
                    items[index] = size
                default:
                    layout.replaceSubrange(lower..<upper, with: fresh)
                    items.replaceSubrange(lower..<upper, with: fresh)
                    // The block start follows the edit as every block's does.
                    if let current = start {
                        if current >= upper { start = current + fresh.count - (upper - lower) }
                        else if current >= lower { start = lower }
                        if let moved = start, moved == 0 || moved >= items.count { start = nil }
                    }
                }
                if let island = layout.island { #expect(island.start == start, "seed \(seed) step \(step): the island keeps its start") }
                Self.expectFramesMatch(layout, Self.reference(layout, items, levelAt: start), "seed \(seed) step \(step)")
            }
            while !layout.continueLayout(itemBudget: 500) {}
            #expect(layout.blockStarts == (start.map { [$0] } ?? []), "seed \(seed): blocks \(layout.blockStarts), expected a seam at \(start ?? -1)")
            #expect(Self.same(layout.allFrames, Self.reference(layout, items, levelAt: start).frames), "seed \(seed): final frames")
        }
        #expect(islands >= 30, "most seeds laid out an island")
    }

    @Test("a configuration change drops the island; frames of a fresh layout follow")
    func configurationChangeDropsTheIsland() throws {
        var rng = SplitMix64(seed: 7)
        let items = Self.wholePointItems(&rng, count: 5_000)
        var layout = WaterfallLayout(columns: .fixed(4), containerWidth: 1000)
        layout.append(contentsOf: items)
        layout.configureDeferringLayout { $0.containerWidth = 1200 }
        layout.place(around: 4_000, clearance: 1_000, itemBudget: 100)
        let island = try #require(layout.islandRange)
        #expect(island.contains(4_000) && layout.placedCount <= 100)
        layout.columns = .fixed(5)
        #expect(layout.islandRange == nil && layout.isFullyPlaced && layout.blockStarts.isEmpty)
        let reported = layout.takeLayoutShift()
        #expect(reported == nil, "a dropped island moves nothing")
        #expect(Self.same(layout.allFrames, Self.reference(layout, items, levelAt: nil).frames))
    }
}

extension WaterfallLayout {
    /// The segment at an estimated place (the island), as these tests read it: its start, the
    /// items with frames from it on, and its level (content from there on is its own).
    var island: (start: Int, range: Range<Int>, base: Double)? {
        guard let position = segments.lastIndex(where: \.isEstimated), let range = islandRange else { return nil }
        return (segments[position].start, range, level(ofSegment: position))
    }
}

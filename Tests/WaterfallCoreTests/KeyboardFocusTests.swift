import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// Where the arrow keys move the focus ring: the geometric neighbour search against brute
/// force, against the columns, and against the hit-test probing the GTK view used to do.
@MainActor
@Suite("Keyboard focus")
struct KeyboardFocusTests {
    /// Brute force over every item: the nearest item crossing the centre line past the edge,
    /// within `distance`; ties to the higher z-index, then the lower index.
    private static func bruteForceNeighbour(of index: Int, below: Bool, in layout: any CollectionLayout,
                                            within distance: Double) -> Int? {
        let origin = layout.frame(at: index)
        let x = origin.midX, edge = below ? origin.maxY : origin.minY
        let candidates = (0..<layout.itemCount).compactMap { other -> (gap: Double, z: Int, index: Int)? in
            let attributes = layout.layoutAttributes(at: other)
            let frame = attributes.frame
            guard other != index, !frame.isEmpty, frame.minX <= x, x < frame.maxX else { return nil }
            guard below ? frame.maxY > edge : frame.minY < edge else { return nil }
            let gap = below ? max(frame.minY - edge, 0) : max(edge - frame.maxY, 0)
            return gap < distance ? (gap, attributes.zIndex, other) : nil
        }
        return candidates.min { a, b in
            a.gap != b.gap ? a.gap < b.gap : a.z != b.z ? a.z > b.z : a.index < b.index
        }?.index
    }

    /// What the GTK view did before the search moved here: hit tests every 4 px up to 61 px
    /// past the edge, at the item's centre.
    private static func probedNeighbour(of index: Int, below: Bool, in layout: any CollectionLayout) -> Int? {
        let frame = layout.frame(at: index)
        for distance in stride(from: 1.0, through: 64, by: 4) {
            let point = Point(x: frame.midX, y: below ? frame.maxY + distance : frame.minY - distance)
            if let hit = layout.index(at: point), hit != index { return hit }
        }
        return nil
    }

    @Test("Up and Down match brute force, and the old probing wherever it found an item",
          arguments: 0..<24 as Range<UInt64>)
    func upAndDownMatchBruteForce(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let columns = Int.random(in: 1...6, using: &rng)
        let fixture = Fixture(sizes: randomSizes(Int.random(in: 1...300, using: &rng), using: &rng), columns: columns,
                              viewport: Size(width: Double.random(in: 200...1200, using: &rng), height: 700))
        let model = fixture.model, layout = model.layout, count = model.numberOfItems
        var probedHits = 0
        // Brute force is O(n) per item: a sample of the items, both ends included.
        let sample = Set([0, count - 1] + (0..<min(count, 60)).map { _ in Int.random(in: 0..<count, using: &rng) })
        for index in sample.sorted() {
            for below in [false, true] {
                let expected = Self.bruteForceNeighbour(of: index, below: below, in: layout, within: 700)
                let found = layout.verticalNeighbour(of: index, below: below, within: 700)
                #expect(found == expected, "seed \(seed), item \(index), below \(below)")
                let target = model.focusTarget(from: index, moving: below ? .down : .up)
                #expect(target == expected ?? (below ? min(index + 1, count - 1) : max(index - 1, 0)),
                        "seed \(seed), item \(index), below \(below): no neighbour steps through the indices")
                if let probed = Self.probedNeighbour(of: index, below: below, in: layout) {
                    probedHits += 1
                    #expect(found == probed, "seed \(seed), item \(index), below \(below): the old probing found \(probed)")
                }
            }
        }
        #expect(probedHits > 0 || count <= columns, "seed \(seed): the comparison with the probing never ran")
    }

    @Test("in a waterfall without full-span items Down is the next item of the same column", arguments: 0..<20 as Range<UInt64>)
    func downIsTheNextInTheColumn(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(Int.random(in: 2...200, using: &rng), using: &rng, fullSpan: false),
                              columns: Int.random(in: 1...5, using: &rng))
        let model = fixture.model, count = model.numberOfItems
        let frames = (0..<count).map { model.layout.frame(at: $0) }
        var inColumn = 0
        for index in 0..<count {
            // The columns by their left edge, each in placement order (which is top to bottom).
            let next = (index + 1..<count).first { frames[$0].minX == frames[index].minX }
            let expected = next.flatMap { frames[$0].minY - frames[index].maxY < 800 ? $0 : nil } ?? min(index + 1, count - 1)
            if next != nil { inColumn += 1 }
            #expect(model.focusTarget(from: index, moving: .down) == expected, "seed \(seed), item \(index)")
        }
        #expect(inColumn > 0 || count <= 5, "seed \(seed): no column had two items")
    }

    @Test("Left and Right step through the indices, swapped right to left in a waterfall and a carousel; bad indices give nil")
    func leftAndRightStepThroughIndices() {
        var rng = SplitMix64(seed: 3)
        let fixture = Fixture(sizes: randomSizes(30, using: &rng))
        let model = fixture.model
        #expect(model.focusTarget(from: 4, moving: .right) == 5)
        #expect(model.focusTarget(from: 4, moving: .left) == 3)
        #expect(model.focusTarget(from: 0, moving: .left) == 0)
        #expect(model.focusTarget(from: 29, moving: .right) == 29)
        model.layoutDirection = .rightToLeft
        #expect(model.focusTarget(from: 4, moving: .right) == 3)
        #expect(model.focusTarget(from: 4, moving: .left) == 5)
        for direction in FocusDirection.allCases {
            #expect(model.focusTarget(from: 30, moving: direction) == nil)
            #expect(model.focusTarget(from: -1, moving: direction) == nil)
        }
        #expect(model.layout.verticalNeighbour(of: 4, below: true, within: .nan) == nil)
        #expect(model.layout.verticalNeighbour(of: 4, below: true, within: 0) == nil)

        let carousel = Fixture(sizes: Array(repeating: .height(130), count: 12), layout: CarouselLayout())
        carousel.model.layoutDirection = .rightToLeft
        #expect(carousel.model.focusTarget(from: 4, moving: .right) == 3, "a mirrored carousel's next item is to its left")
        #expect(carousel.model.focusTarget(from: 4, moving: .left) == 5)
        #expect(carousel.model.focusTarget(from: 4, moving: .down) == 5, "nothing below in one row: the next index")
        #expect(carousel.model.focusTarget(from: 4, moving: .up) == 3)
    }

    @Test("Page Up/Down land on the item where the focused one was, else the first visible item starting in view",
          arguments: 0..<30 as Range<UInt64>)
    func pagingMatchesBruteForce(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(Int.random(in: 50...400, using: &rng), using: &rng),
                              columns: Int.random(in: 1...6, using: &rng))
        let model = fixture.model, count = model.numberOfItems
        var landedOnTheMovedPlace = 0
        for step in 0..<40 {
            let focused: Int? = Int.random(in: 0..<8, using: &rng) == 0 ? nil : Int.random(in: 0..<count, using: &rng)
            let before = model.contentOffset.y
            let page = Double.random(in: -1.5...1.5, using: &rng) * model.viewportSize.height
            model.setContentOffset(Point(x: 0, y: min(max(before + page, 0), fixture.maxOffset)))
            let moved = model.contentOffset.y - before
            let frames = (0..<count).map { model.layout.frame(at: $0) }
            let place = focused.map { Point(x: frames[$0].midX, y: frames[$0].midY + moved) }
            let there = place.flatMap { point in frames.indices.first { frames[$0].contains(point) } }
            let viewport = model.visibleBounds
            let firstStartingInView = frames.indices.first { frames[$0].overlaps(viewport) && frames[$0].minY >= viewport.minY }
            if there != nil { landedOnTheMovedPlace += 1 }
            #expect(model.focusTarget(afterPaging: moved, from: focused) == there ?? firstStartingInView,
                    "seed \(seed), step \(step): focused \(String(describing: focused)), moved \(moved)")
        }
        #expect(landedOnTheMovedPlace > 0, "seed \(seed): the focused item's place was always a gap")
    }

    @Test("Up and Down inspect a bounded number of items: 200 times the items, no more work")
    func neighbourSearchWorkIsBounded() {
        /// The most items one search is reported by the layout's query, over 400 searches.
        func mostItemsInspected(items: Int) -> Int {
            var rng = SplitMix64(seed: 11)
            var engine = WaterfallLayout(columns: .fixed(4), containerWidth: 1000)
            engine.append(contentsOf: (0..<items).map { _ in ItemSize.height(Double(Int.random(in: 60...320, using: &rng))) })
            let layout = CountingLayout(base: WaterfallCollectionLayout(engine))
            var most = 0
            for _ in 0..<200 {
                let index = Int.random(in: 0..<items, using: &rng)
                for below in [false, true] {
                    layout.counter.reported = 0
                    _ = layout.verticalNeighbour(of: index, below: below, within: 800)
                    most = max(most, layout.counter.reported)
                }
            }
            return most
        }
        // A strip 800 high crosses at most 800 / (60 + 8) + 2 items of each of the 4 columns.
        let bound = 4 * (800 / 68 + 2)
        let few = mostItemsInspected(items: 1_000), many = mostItemsInspected(items: 200_000)
        #expect(few > 4 && few <= bound, "1,000 items: \(few) inspected")
        #expect(many > 4 && many <= bound, "200,000 items: \(many) inspected")
    }
}

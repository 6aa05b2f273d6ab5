import SeededRandom
import Testing
import WaterfallCore

/// Items that take no focus (``WaterfallDelegate/waterfallView(_:canFocusItemAt:)``: a list
/// model's section headers, laid out by ``SectionMap``) are stepped over by the arrow keys,
/// the focus start and clicks.
@MainActor
@Suite("Section headers and the keyboard focus")
struct SectionFocusTests {
    /// A wall of `count` items with one full-span header before each section that starts at
    /// `starts` (the list-model path's layout: the headers interleaved by a ``SectionMap``).
    private static func sectionedFixture(starts: [Int], count: Int, sizes: [ItemSize], columns: Int) -> (Fixture, SectionMap) {
        let map = SectionMap(starts: starts)
        var all: [ItemSize] = []
        for index in 0..<map.indexCount(itemCount: count) {
            switch map.entry(at: index) {
            case .header: all.append(.fullSpan(height: 40))
            case .item(let position): all.append(sizes[position])
            }
        }
        let fixture = Fixture(sizes: all, columns: columns, viewport: Size(width: 600, height: 800))
        fixture.source.canFocus = { map.position(at: $0) != nil }
        fixture.model.reloadData()
        return (fixture, map)
    }

    @Test("an arrow never lands on a header, and crosses into the next section", arguments: [4301, 4302, 4303] as [UInt64])
    func arrowsSkipHeaders(seed: UInt64) {
        print("SectionFocusTests seed \(seed)")
        var generator = SplitMix64(seed: seed)
        let count = Int.random(in: 20...160, using: &generator)
        var starts = [0]
        while let last = starts.last, last + 1 < count {
            starts.append(Int.random(in: last + 1...min(count - 1, last + 30), using: &generator))
        }
        let (fixture, map) = Self.sectionedFixture(starts: starts, count: count,
                                                   sizes: randomSizes(count, using: &generator, fullSpan: false),
                                                   columns: Int.random(in: 1...5, using: &generator))
        let model = fixture.model
        for index in 0..<model.numberOfItems where map.position(at: index) != nil {
            for direction in [FocusDirection.up, .down, .left, .right] {
                let target = model.arrowKeyPressed(direction, from: index, modifiers: .toggle)
                #expect(target.flatMap(map.position(at:)) != nil, "seed \(seed): \(direction) from \(index) focused a header")
            }
        }
        // Down from the last item of each section but the last reaches a later section.
        for section in 0..<map.headerCount - 1 {
            let last = map.index(ofItemAt: map.positions(ofSection: section, itemCount: count).upperBound - 1)
            var index = last
            for _ in 0..<count where map.section(containing: map.position(at: index) ?? 0) == section {
                guard let next = model.arrowKeyPressed(.down, from: index, modifiers: .toggle), next != index else { break }
                index = next
            }
            #expect(map.section(containing: map.position(at: index) ?? 0) != section,
                    "seed \(seed): Down never left section \(section)")
        }
    }

    @Test("the focus starts on the first item, not the header above it; a click on a header does nothing")
    func focusStartAndClickSkipHeaders() {
        let (fixture, map) = Self.sectionedFixture(starts: [0, 6], count: 12, sizes: Array(repeating: .height(100), count: 12),
                                                   columns: 3)
        let model = fixture.model
        #expect(map.position(at: 0) == nil)
        #expect(model.focusStartIndex == 1)
        #expect(model.arrowKeyPressed(.down, from: nil) == 1)
        #expect(model.focusableIndex(from: 0, forward: true) == 1)
        #expect(model.focusableIndex(from: 7, forward: false) == 6)
        model.focusedIndex = nil
        let selections = fixture.source.selections
        #expect(model.click(at: Point(x: 300, y: 20)) == 0)
        #expect(model.focusedIndex == nil)
        #expect(fixture.source.selections == selections)
    }
}

import Foundation
import SeededRandom
import Testing
import WaterfallCore

/// A wall whose full-span items are section headers when `headers` says so, with the pinned
/// header worked out by a linear scan over every item.
@MainActor
private final class SectionedWall {
    let fixture: Fixture
    /// Per item: whether the data source marks it as a header (in step with the sizes).
    var marks: [Bool]

    init(sizes: [ItemSize], marks: [Bool], columns: Int, viewport: Size) {
        self.marks = marks
        fixture = Fixture(sizes: sizes, columns: columns, viewport: viewport)
        fixture.source.isSectionHeader = { [unowned self] in self.marks[$0] }
        fixture.source.identifier = { [unowned self] in self.fixture.source.sizes[$0].isFullSpan ? "header" : "cell" }
        fixture.model.reloadData()
    }

    var model: WaterfallViewModel<HeadlessCell> { fixture.model }

    /// The reference: the last header (a marked full-span item) whose top is at or above the
    /// pin line, found by scanning every item; held at the line, or pushed up so its bottom
    /// meets the next header's top (the content's end after the last header).
    func expectedPinnedHeader() -> PinnedHeader? {
        let layout = model.layout
        let headers = (0..<model.numberOfItems).filter { fixture.source.sizes[$0].isFullSpan && marks[$0] }
        let line = model.contentOffset.y + model.pinnedHeaderInset
        guard let position = headers.lastIndex(where: { layout.frame(at: $0).minY <= line }) else { return nil }
        let index = headers[position]
        let frame = layout.frame(at: index)
        let end = position + 1 < headers.count ? layout.frame(at: headers[position + 1]).minY : layout.contentSize.height
        let top = max(frame.minY, min(line, end - frame.height))
        var attributes = layout.layoutAttributes(at: index)
        attributes.frame = frame.offsetBy(dx: 0, dy: top - frame.minY - model.contentOffset.y)
        attributes.zIndex = PinnedHeader.zIndex
        return PinnedHeader(index: index, attributes: attributes, pushDistance: line - top)
    }

    /// Checks the pinned header against the reference, that its cell is shown at the pinned
    /// place, that every other live cell is at its own frame, that no cell is shown twice, and
    /// that a click on the pinned header selects it.
    func expectPinnedHeader(_ context: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = expectedPinnedHeader()
        #expect(model.pinnedHeader == expected, "pinned header differs (\(context()))", sourceLocation: sourceLocation)
        #expect(model.liveIndices == fixture.expectedLiveIndices(in: fixture.window), "live set differs (\(context()))", sourceLocation: sourceLocation)
        var shown = Set<ObjectIdentifier>()
        for index in model.liveIndices {
            guard let cell = model.cell(at: index) else { continue }
            shown.insert(ObjectIdentifier(cell))
            guard index != expected?.index else { continue }
            let frame = model.layout.frame(at: index).offsetBy(dx: 0, dy: -model.contentOffset.y)
            #expect(cell.attributes?.frame == frame, "item \(index) misplaced (\(context()))", sourceLocation: sourceLocation)
        }
        guard let expected else { return }
        let cell = model.cell(at: expected.index)
        #expect(cell?.isInserted == true, "no shown cell for header \(expected.index) (\(context()))",
                sourceLocation: sourceLocation)
        #expect(cell?.attributes == expected.attributes, "header cell misplaced (\(context()))", sourceLocation: sourceLocation)
        let frame = expected.attributes.frame
        if frame.height > 1, frame.maxY > 1 {
            let point = Point(x: frame.midX, y: max(0, frame.minY) + 0.5)
            #expect(model.index(at: point) == expected.index, "a click on the header misses it (\(context()))",
                    sourceLocation: sourceLocation)
        }
    }
}

/// Random sizes with sections: a full-span header every few items, most of them marked, and
/// some items spanning 2 or 3 columns (marked too at times, which must not make them headers).
private func sectionedItems(_ count: Int, using generator: inout SplitMix64) -> (sizes: [ItemSize], marks: [Bool]) {
    var sizes: [ItemSize] = [], marks: [Bool] = []
    for _ in 0..<count {
        switch Int.random(in: 0..<12, using: &generator) {
        case 0:
            sizes.append(.fullSpan(height: Double.random(in: 24...90, using: &generator).rounded()))
            marks.append(Int.random(in: 0..<5, using: &generator) > 0)
        case 1:
            sizes.append(.spanning(Int.random(in: 2...3, using: &generator),
                                   height: Double.random(in: 40...200, using: &generator).rounded()))
            marks.append(Bool.random(using: &generator))
        default:
            sizes.append(.height(Double.random(in: 40...300, using: &generator).rounded()))
            marks.append(Int.random(in: 0..<20, using: &generator) == 0)   // ignored: not full-span
        }
    }
    return (sizes, marks)
}

@MainActor
@Suite("View model: sticky section headers")
struct StickyHeaderTests {
    @Test("the pinned header matches a linear scan at random offsets, across appends, edits, resizes and width changes",
          arguments: Array(UInt64(1)...UInt64(24)))
    func pinnedHeaderMatchesReference(seed: UInt64) {
        var generator = SplitMix64(seed: 0x5EC7_0000 + seed)
        let (sizes, marks) = sectionedItems(Int.random(in: 100...400, using: &generator), using: &generator)
        let wall = SectionedWall(sizes: sizes, marks: marks, columns: Int.random(in: 1...5, using: &generator),
                                 viewport: Size(width: Double.random(in: 300...900, using: &generator).rounded(),
                                                  height: Double.random(in: 300...800, using: &generator).rounded()))
        wall.model.pinnedHeaderInset = Bool.random(using: &generator) ? 0 : 16
        var pinnedSeen = 0
        func scrollAround(_ stage: String) {
            for step in 0..<30 {
                let maxOffset = wall.fixture.maxOffset
                let y = Double.random(in: -50...(maxOffset + 50), using: &generator).rounded()
                wall.model.setContentOffset(Point(x: 0, y: y))
                wall.expectPinnedHeader("seed \(seed), \(stage), step \(step), y \(y)")
                if wall.model.pinnedHeader != nil { pinnedSeen += 1 }
            }
        }
        scrollAround("first load")
        for round in 0..<4 {
            let count = wall.model.numberOfItems
            switch round {
            case 0:   // a page appended
                let page = sectionedItems(60, using: &generator)
                wall.fixture.source.sizes += page.sizes
                wall.marks += page.marks
                wall.model.performBatchUpdates([.insert(count..<count + 60)])
            case 1:   // inserts and deletes in the middle
                let at = Int.random(in: 0..<count / 2, using: &generator)
                let inserted = sectionedItems(15, using: &generator)
                wall.fixture.source.sizes.removeSubrange(at..<at + 10)
                wall.marks.removeSubrange(at..<at + 10)
                wall.fixture.source.sizes.insert(contentsOf: inserted.sizes, at: at + 5)
                wall.marks.insert(contentsOf: inserted.marks, at: at + 5)
                wall.model.performBatchUpdates([.delete(at..<at + 10), .insert(at + 5..<at + 20)])
            case 2:   // a header becomes an ordinary item and an item becomes a header
                let header = (0..<count).first { wall.fixture.source.sizes[$0].isFullSpan && wall.marks[$0] }
                let item = (0..<count).last { !wall.fixture.source.sizes[$0].isFullSpan }
                for index in [header, item].compactMap({ $0 }) {
                    let wasHeader = wall.fixture.source.sizes[index].isFullSpan
                    wall.fixture.source.sizes[index] = wasHeader ? .height(120) : .fullSpan(height: 50)
                    wall.marks[index] = !wasHeader
                    wall.model.invalidateSize(at: index)
                }
                wall.model.applyPendingSizeChanges()
            default:  // a width and column change
                wall.fixture.source.columns = Int.random(in: 1...6, using: &generator)
                wall.model.setViewportSize(Size(width: Double.random(in: 300...1200, using: &generator).rounded(),
                                                  height: wall.model.viewportSize.height))
            }
            scrollAround("after edit \(round)")
        }
        #expect(pinnedSeen > 0, "seed \(seed): some offsets pin a header")
    }

    @Test("moving items (keys and drags) keeps the header index in step: a moved header pins at its new place",
          arguments: Array(UInt64(1)...UInt64(8)))
    func movesKeepHeadersInStep(seed: UInt64) {
        var generator = SplitMix64(seed: 0x5EC7_3000 + seed)
        let (sizes, marks) = sectionedItems(Int.random(in: 120...300, using: &generator), using: &generator)
        let wall = SectionedWall(sizes: sizes, marks: marks, columns: Int.random(in: 2...5, using: &generator),
                                 viewport: Size(width: 700, height: 500))
        wall.fixture.source.allowsMoving = true
        var moved = 0
        for step in 0..<20 {
            let count = wall.model.numberOfItems
            let headers = (0..<count).filter { wall.fixture.source.sizes[$0].isFullSpan && wall.marks[$0] }
            // Every other step moves a header, so headers really travel.
            let index = step.isMultiple(of: 2) && !headers.isEmpty
                ? headers[Int.random(in: 0..<headers.count, using: &generator)]
                : Int.random(in: 0..<count, using: &generator)
            let offset = Int.random(in: -40...40, using: &generator)
            let y = max(0, wall.model.layout.frame(at: index).minY - 100)
            wall.model.setContentOffset(Point(x: 0, y: y))
            if Bool.random(using: &generator), let done = wall.model.moveItem(at: index, by: offset) {
                wall.marks.insert(wall.marks.remove(at: index), at: done.index)
                moved += 1
            } else {
                let from = wall.model.layout.frame(at: index)
                let point = Point(x: from.midX, y: from.midY - y)
                guard wall.model.beginReorder(at: point) else { continue }
                let target = wall.model.layout.frame(at: min(count - 1, max(0, index + offset)))
                _ = wall.model.moveReorder(to: Point(x: target.midX, y: target.midY - wall.model.contentOffset.y))
                let destination = wall.model.reorderDestination ?? index
                _ = wall.model.endReorder()
                wall.marks.insert(wall.marks.remove(at: index), at: destination)
                moved += 1
            }
            for probe in 0..<5 {
                let maxOffset = wall.fixture.maxOffset
                let offsetY = Double.random(in: 0...max(0, maxOffset), using: &generator).rounded()
                wall.model.setContentOffset(Point(x: 0, y: offsetY))
                wall.expectPinnedHeader("seed \(seed), move \(step), probe \(probe), y \(offsetY)")
            }
        }
        #expect(moved > 10, "seed \(seed): most steps moved an item")
    }

    @Test("the header's cell keeps its identity while its section scrolls by, far beyond the overscan")
    func headerCellKeepsIdentity() throws {
        var sizes: [ItemSize] = [.fullSpan(height: 40)]
        sizes += Array(repeating: .height(200), count: 90)
        sizes += [.fullSpan(height: 40)]
        sizes += Array(repeating: .height(200), count: 90)
        let marks = sizes.map(\.isFullSpan)
        let wall = SectionedWall(sizes: sizes, marks: marks, columns: 3, viewport: Size(width: 600, height: 400))
        wall.model.setContentOffset(Point(x: 0, y: 10))
        let header = try #require(wall.model.cell(at: 0))
        for y in stride(from: 20, through: 5_000, by: 97) {
            wall.model.setContentOffset(Point(x: 0, y: Double(y)))
            #expect(wall.model.pinnedHeader?.index == 0, "y \(y)")
            #expect(wall.model.cell(at: 0) === header, "y \(y): the pinned header kept its cell")
            #expect(header.attributes?.frame.minY == 0, "y \(y): pinned at the top")
        }
        #expect(!wall.fixture.bruteForceIndices(in: wall.fixture.window).contains(0) && wall.model.liveIndices.first == 0,
                "its own frame left the live window; it is live as the pinned header")
        wall.model.setContentOffset(Point(x: 0, y: 0))
        #expect(wall.model.pinnedHeader == nil && wall.model.cell(at: 0) === header,
                "back at the top it is an ordinary live item again, with the same cell")
        let second = wall.model.layout.frame(at: 91).minY
        wall.model.setContentOffset(Point(x: 0, y: second - 10))
        #expect(wall.model.pinnedHeader?.index == 0 && wall.model.pinnedHeader?.pushDistance == 30,
                "10 pt before the second header, it pushes the first up by 30")
        let secondHeader = try #require(wall.model.cell(at: 91))
        wall.model.setContentOffset(Point(x: 0, y: second + 500))
        #expect(wall.model.pinnedHeader?.index == 91)
        #expect(wall.model.cell(at: 0) == nil && wall.model.cell(at: 91) === secondHeader,
                "the first header's cell went back to the pool; the second header kept its own as it pinned")
        wall.expectPinnedHeader("inside the second section")
    }

    @Test("the new-items pill counts the items a refresh put above the reader, not their section header")
    func newItemsPillSkipsHeaders() {
        var sizes: [ItemSize] = [.fullSpan(height: 40)] + Array(repeating: .height(200), count: 60)
        let wall = SectionedWall(sizes: sizes, marks: sizes.map(\.isFullSpan), columns: 3, viewport: Size(width: 600, height: 400))
        wall.model.setContentOffset(Point(x: 0, y: 1_000))
        sizes = [.fullSpan(height: 40)] + Array(repeating: .height(200), count: 12) + sizes
        wall.fixture.source.sizes = sizes
        wall.marks = sizes.map(\.isFullSpan)
        wall.model.performBatchUpdates([.insert(0..<13)])
        #expect(wall.model.newItemsAbove == 13)
        #expect(wall.model.newItemsPillText == "12 new items")
        wall.expectPinnedHeader("after the refresh")
    }

    @Test("without marked headers nothing pins and no cell is added")
    func noHeadersNoPinning() {
        var generator = SplitMix64(seed: 77)
        let fixture = Fixture(sizes: randomSizes(500, using: &generator))
        fixture.model.setContentOffset(Point(x: 0, y: 3_000))
        #expect(fixture.model.pinnedHeader == nil)
        #expect(fixture.model.liveCellCount == fixture.host.insertCount - fixture.host.removeCount)
        fixture.expectConsistent("no headers")
    }
}

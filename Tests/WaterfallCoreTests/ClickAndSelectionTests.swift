import Foundation
import Testing
import WaterfallCore

/// A store that keeps many items, as a `GtkMultiSelection` does, and records its calls.
@MainActor
private final class MultiSelection: WaterfallSelection {
    var selected: Set<Int> = []
    var anchor: Int?
    var resets = 0

    func isSelected(_ index: Int) -> Bool { selected.contains(index) }

    func select(_ index: Int, modify: Bool, extend: Bool) {
        if extend, let anchor {
            let range = Set(min(anchor, index)...max(anchor, index))
            selected = modify ? selected.union(range) : range
            return
        }
        anchor = index
        if modify {
            if selected.remove(index) == nil { selected.insert(index) }
        } else {
            selected = [index]
        }
    }

    func selectAll(_ select: Bool) { selected = select ? Set(0..<100) : [] }
    var activationSelects: Bool { false }
    var allowsRubberband: Bool { true }
    func select(covering indices: [Int], extend: Bool) { selected = extend ? selected.union(indices) : Set(indices) }

    func renumber(_ trace: (Int) -> Int?) {
        selected = Set(selected.compactMap(trace))
        anchor = anchor.flatMap(trace)
    }

    func reset() { resets += 1 }
}

@MainActor
@Suite("Clicks, keys and the selection stores")
struct ClickAndSelectionTests {
    private func makeFixture() -> Fixture {
        Fixture(sizes: Array(repeating: .height(100), count: 100))
    }

    /// The centre of a live item, relative to the viewport.
    private func centre(of index: Int, in fixture: Fixture) throws -> Point {
        let frame = try #require(fixture.model.placedAttributes(at: index)).frame
        return Point(x: frame.midX, y: frame.midY)
    }

    @Test("a click focuses and selects; a second click on the item within the double-click time, or a count of 2, activates")
    func doubleClick() throws {
        let fixture = makeFixture()
        let model = fixture.model
        let point = try centre(of: 4, in: fixture)
        #expect(model.click(at: point, time: 1_000) == 4)
        #expect(model.focusedIndex == 4 && model.selectedIndex == 4 && fixture.source.selections == [4])
        #expect(fixture.host.activatedIndices.isEmpty)
        #expect(model.click(at: point, time: 1_300) == 4, "the press count was 1, the time says double")
        #expect(fixture.host.activatedIndices == [4])
        #expect(fixture.source.selections == [4], "a double-click activates, it does not select again")
        model.click(at: point, time: 2_000)
        #expect(fixture.host.activatedIndices == [4], "a third click is a new first click")
        model.click(at: point, time: 2_500)
        #expect(fixture.host.activatedIndices == [4], "after the double-click time")
        model.click(at: try centre(of: 5, in: fixture), count: 2, time: 2_600)
        #expect(fixture.host.activatedIndices == [4, 5], "a count of 2 activates at once")
        fixture.host.doubleClickTime = 100
        model.click(at: try centre(of: 6, in: fixture), time: 3_000)
        model.click(at: try centre(of: 6, in: fixture), time: 3_200)
        #expect(fixture.host.activatedIndices == [4, 5], "the host's double-click time counts")
    }

    @Test("with single-click activation a plain click activates without selecting; a modified one selects")
    func singleClickActivation() throws {
        let fixture = makeFixture()
        fixture.host.activatesOnSingleClick = true
        fixture.model.click(at: try centre(of: 2, in: fixture))
        #expect(fixture.host.activatedIndices == [2] && fixture.model.selectedIndex == nil)
        fixture.model.click(at: try centre(of: 3, in: fixture), modifiers: .toggle, time: 5_000)
        #expect(fixture.host.activatedIndices == [2] && fixture.model.selectedIndex == 3)
    }

    @Test("the single selection: Ctrl toggles the item, Shift selects it; Enter selects and activates, space selects")
    func singleSelection() throws {
        let fixture = makeFixture()
        let model = fixture.model
        model.click(at: try centre(of: 1, in: fixture), modifiers: .toggle)
        #expect(model.selectedIndex == 1)
        model.click(at: try centre(of: 1, in: fixture), modifiers: .toggle, time: 5_000)
        #expect(model.selectedIndex == nil && fixture.source.selections == [1], "unselecting tells no one")
        model.click(at: try centre(of: 2, in: fixture), modifiers: .extend, time: 10_000)
        #expect(model.selectedIndex == 2)
        model.keyPressed(on: 7, activate: false)
        #expect(model.selectedIndex == 7 && fixture.host.activatedIndices.isEmpty)
        model.keyPressed(on: 8, activate: true)
        #expect(model.selectedIndex == 8 && fixture.host.activatedIndices == [8])
        #expect(fixture.source.selections == [1, 2, 7, 8])
    }

    @Test("another store keeps the selection: Ctrl toggles, Shift extends from the anchor, and batch updates renumber it through their trace")
    func anotherStore() throws {
        let fixture = makeFixture()
        let model = fixture.model
        let store = MultiSelection()
        model.selection = store
        model.click(at: try centre(of: 2, in: fixture))
        model.click(at: try centre(of: 5, in: fixture), modifiers: .extend, time: 5_000)
        #expect(store.selected == [2, 3, 4, 5] && store.anchor == 2)
        model.click(at: try centre(of: 3, in: fixture), modifiers: .toggle, time: 10_000)
        #expect(store.selected == [2, 4, 5] && store.anchor == 3)
        #expect(model.selectedIndex == nil, "selectedIndex is the single selection's")
        model.keyPressed(on: 4, activate: true)
        #expect(store.selected == [2, 4, 5] && fixture.host.activatedIndices == [4],
                "Enter activates without touching a multi-selection, as in GtkGridView")
        fixture.source.sizes.removeSubrange(0..<1)
        fixture.source.sizes.insert(contentsOf: Array(repeating: .height(100), count: 3), at: 0)
        model.performBatchUpdates([.delete(0..<1), .insert(0..<3)])
        #expect(store.selected == [4, 6, 7] && store.anchor == 5, "renumbered by the trace")
        fixture.source.sizes.remove(at: 4)
        model.performBatchUpdates([.delete(4..<5)])
        #expect(store.selected == [5, 6] && store.anchor == 4)
        model.reloadData()
        #expect(store.resets == 1)
    }

    @Test("the hit test: scaled items as drawn, the higher z-index first, then the lower index; while the host animates, its presented frames")
    func hitTest() throws {
        let fixture = makeFixture()
        let model = fixture.model
        let frame = try #require(model.placedAttributes(at: 0)).frame
        #expect(model.index(at: Point(x: frame.minX + 1, y: frame.minY + 1)) == 0)
        var scaled = LayoutAttributes(index: 0, frame: frame)
        scaled.scale = 0.5
        var raised = LayoutAttributes(index: 9, frame: frame.offsetBy(dx: frame.width / 2, dy: 0))
        raised.zIndex = 1
        let below = LayoutAttributes(index: 3, frame: frame.offsetBy(dx: frame.width / 2, dy: 0))
        fixture.host.presentedAttributes = [scaled, below, raised]
        #expect(model.index(at: Point(x: frame.minX + 1, y: frame.minY + 1)) == nil, "outside the drawn half-size frame")
        #expect(model.index(at: Point(x: frame.midX - 1, y: frame.midY)) == 0)
        #expect(model.index(at: Point(x: frame.maxX - 1, y: frame.midY)) == 9, "the raised item is on top")
        fixture.host.presentedAttributes = [scaled, below, LayoutAttributes(index: 1, frame: below.frame)]
        #expect(model.index(at: Point(x: frame.maxX - 1, y: frame.midY)) == 1, "ties go to the lower index")
        fixture.host.presentedAttributes = nil
        #expect(model.index(at: Point(x: frame.minX + 1, y: frame.minY + 1)) == 0, "placed where the model put it again")
    }

    @Test("without a focus ring the keys start at the lowest visible item, or at the centred one of a horizontal layout")
    func focusStart() throws {
        let fixture = makeFixture()
        fixture.model.setContentOffset(Point(x: 0, y: 1_000))
        #expect(fixture.model.focusStartIndex == fixture.model.visibleIndices.first)
        let carousel = Fixture(sizes: Array(repeating: .height(100), count: 20), layout: CarouselLayout())
        carousel.model.setContentOffset(Point(x: 700, y: 0))
        let centre = Point(x: carousel.model.viewportSize.width / 2, y: carousel.model.viewportSize.height / 2)
        let centred = carousel.model.liveIndices.first { carousel.model.placedAttributes(at: $0)?.frame.contains(centre) == true }
        #expect(centred != nil && carousel.model.focusStartIndex == centred)
        #expect(Fixture(sizes: [], columns: 3).model.focusStartIndex == 0)
    }
}

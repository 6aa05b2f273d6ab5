import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    /// `items.insert(items.remove(at: source), at: destination)`.
    private func moved(_ items: [Int], from source: Int, to destination: Int) -> [Int] {
        var result = items
        result.insert(result.remove(at: source), at: destination)
        return result
    }

    /// Moves the pointer, button held, from `from` to `to` (viewport points) in a few motions.
    private func dragPointer(_ input: XTestInput, in view: WaterfallView<WaterfallImageCell>,
                             from: Point, to: Point) throws {
        try input.pressButton(view.widget, x: from.x, y: from.y)
        for step in 1...6 {
            let fraction = Double(step) / 6
            try input.move(to: view.widget, x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
        }
    }

    @Test("a real pointer drag lifts the item above the others and drops it where it would land; Escape cancels")
    func pointerDragReordersAndEscapeCancels() async throws {
        let wall = PhotoWall(count: 30)
        wall.allowsMoving = true
        let (view, window) = try await showPhotos(wall, layout: WaterfallCollectionLayout())
        defer { GTKHost.close(window) }
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        let first = try #require(view.model.placedAttributes(at: 0)).frame
        let fifth = try #require(view.model.placedAttributes(at: 4)).frame
        try dragPointer(input, in: view, from: Point(x: first.midX, y: first.midY), to: Point(x: fifth.midX, y: fifth.midY))
        try #require(await GTKHost.pump(until: { view.model.reorderDestination == 4 }), "the drag never reached item 4")
        let lifted = try #require(view.model.liftedCell)
        #expect(gtk_widget_has_css_class(lifted.widget, WaterfallStyle.ClassName.lifted) != 0)
        #expect(gtk_widget_get_prev_sibling(view.chrome.header.widget) == lifted.widget, "the lifted cell is drawn above the others")
        #expect(lifted.placement == view.model.liftedAttributes)
        input.releaseButton()
        try #require(await GTKHost.pump(until: { !view.model.isReordering }), "the drop never came")
        #expect(wall.ids == moved(Array(0..<30), from: 0, to: 4))
        #expect(gtk_widget_has_css_class(lifted.widget, WaterfallStyle.ClassName.lifted) == 0)
        #expect(view.lastAnnouncement == "Moved to position 5 of 30")
        #expect(view.model.selectedIndex == nil, "a drag is not a click")
        try await finishAnimations(view)
        try expectCellsWhereTheLayoutSays(view)

        let before = wall.ids
        let third = try #require(view.model.placedAttributes(at: 2)).frame
        let eighth = try #require(view.model.placedAttributes(at: 7)).frame
        try dragPointer(input, in: view, from: Point(x: third.midX, y: third.midY), to: Point(x: eighth.midX, y: eighth.midY))
        try #require(await GTKHost.pump(until: { view.model.reorderDestination == 7 }), "the second drag never reached item 7")
        input.press(Int32(GDK_KEY_Escape))
        try #require(await GTKHost.pump(until: { !view.model.isReordering }), "Escape did not cancel")
        input.releaseButton()
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(wall.ids == before)
        try await finishAnimations(view)
        try expectCellsWhereTheLayoutSays(view)

        // A reload under the drag ends it; the next pointer event takes the shadow off.
        #expect(view.beginReorder(at: Point(x: third.midX, y: third.midY)))
        let reloaded = try #require(view.model.liftedCell)
        view.model.reloadData()
        #expect(!view.model.isReordering)
        view.reorderDragEnded()
        #expect(gtk_widget_has_css_class(reloaded.widget, WaterfallStyle.ClassName.lifted) == 0)
    }

    @Test("touch lifts only after a long press; auto-scroll steps with the frames; Ctrl+Shift+Down moves the focused item")
    func touchAutoScrollAndKeyboardMove() async throws {
        let wall = PhotoWall(count: 300)
        wall.allowsMoving = true
        let (view, window) = try await showPhotos(wall, layout: WaterfallCollectionLayout())
        defer { GTKHost.close(window) }
        let frame = try #require(view.model.placedAttributes(at: 1)).frame
        let start = Point(x: frame.midX, y: frame.midY)
        // The gesture handlers, driven directly: a touch drag without a long press scrolls on.
        view.reorderDragBegan(at: start, touch: true)
        view.reorderDragMoved(by: Size(width: 0, height: 40), gesture: nil)
        #expect(!view.model.isReordering)
        #expect(view.lift(at: start), "the long press lifts")
        let height = view.model.viewportSize.height
        view.reorderDragMoved(by: Size(width: 0, height: height - 8 - start.y), gesture: nil)
        let velocity = view.model.reorderScrollVelocity
        #expect(velocity > 0 && view.isAutoScrolling)
        #expect(view.autoScrollFrame(at: 100))   // the first frame only starts the clock
        for frame in 1...30 { #expect(view.autoScrollFrame(at: 100 + Double(frame) / 60)) }
        #expect(abs(view.contentOffset - 30 * Double(velocity) / 60) < 1e-6)
        #expect(Double(view.model.contentOffset.y) == view.contentOffset)
        view.reorderDragEnded()
        #expect(!view.model.isReordering && !view.isAutoScrolling)
        #expect(wall.ids != Array(0..<300) && wall.ids.sorted() == Array(0..<300))
        try await finishAnimations(view)
        try expectCellsWhereTheLayoutSays(view)

        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        try input.move(to: view.widget, x: 10, y: 10)
        gtk_widget_grab_focus(view.widget)
        let focused = try #require(view.model.visibleIndices.first)
        view.focus(focused)
        let id = wall.ids[focused]
        input.press(Int32(GDK_KEY_Down), control: true, shift: true)
        try #require(await GTKHost.pump(until: { wall.ids[focused + 1] == id }), "Ctrl+Shift+Down did not move the item")
        #expect(view.focusedIndex == focused + 1)
        #expect(view.lastAnnouncement == "Moved to position \((focused + 2).formatted()) of 300")
        try await finishAnimations(view)
        try expectCellsWhereTheLayoutSays(view)
    }
}

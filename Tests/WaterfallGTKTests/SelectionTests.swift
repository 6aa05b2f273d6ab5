import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("a real pointer click (XTEST) selects the item under it and shows it selected")
    func clickSelectsIndex() async throws {
        let wall = TestWall(initial: 200)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let target = try #require(view.model.visibleIndices.dropFirst(4).first)
        let frame = try #require(view.model.placedAttributes(at: target)).frame

        let pointer = try #require(XTestInput(), "the X server has no XTEST extension")
        try pointer.click(view.widget, x: Double(frame.midX), y: Double(frame.midY))
        try #require(await GTKHost.pump(until: { !wall.selections.isEmpty }), "the click never arrived")
        await GTKHost.pump(frames: 1, of: view.widget)

        #expect(view.model.selectedIndex == target)
        #expect(wall.selections == [target])
        let cell = try #require(view.model.cell(at: target))
        #expect(cell.isSelected)
        #expect(gtk_widget_has_css_class(cell.widget, WaterfallStyle.ClassName.selected) != 0)
        // The selection ring is drawn: the cell's left edge, half-way down, is the ring's blue.
        let image = pixels(of: try WidgetSnapshot.texture(of: view.widget))
        #expect(close(rgb(image, Int(frame.minX) + 1, Int(frame.midY)), [0x35, 0x84, 0xE4], tolerance: 24))
        for index in view.model.liveIndices where index != target {
            #expect(view.model.cell(at: index)?.isSelected == false)
        }
        // A click in the margin above the first row selects nothing new: the click on item 0
        // after it arrives after it, and is the only new selection.
        try pointer.click(view.widget, x: 3, y: 3)
        let first = try #require(view.model.placedAttributes(at: 0)).frame
        try pointer.click(view.widget, x: Double(first.midX), y: Double(first.midY))
        try #require(await GTKHost.pump(until: { wall.selections.count == 2 }), "the clicks never arrived")
        #expect(wall.selections == [target, 0])
        #expect(view.model.selectedIndex == 0)
    }

    @Test("End, Home, arrows, Page Down/Up, Enter and space (real key presses) move the focus ring, scroll and select")
    func keyboardNavigation() async throws {
        let wall = TestWall(initial: 300)
        let (view, window, input) = try await showWithKeyboardFocus(wall)
        defer { GTKHost.close(window) }

        input.press(GDK_KEY_End)
        try #require(await GTKHost.pump(until: { view.focusedIndex == 299 }), "End never arrived")
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(abs(view.contentOffset - view.maximumContentOffset) < 1)
        #expect(view.model.visibleIndices.contains(299))
        #expect(view.model.cell(at: 299)?.isFocused == true)

        input.press(GDK_KEY_Home)
        input.press(GDK_KEY_Right)
        try #require(await GTKHost.pump(until: { !wall.selections.isEmpty }), "Right never arrived")
        #expect(wall.selections == [1], "an arrow selects, as in GtkGridView")
        input.press(GDK_KEY_Return)
        try #require(await GTKHost.pump(until: { wall.selections.count == 2 }), "Enter never arrived")
        #expect(view.contentOffset == 0)
        #expect(view.model.selectedIndex == 1)
        #expect(wall.selections == [1, 1], "Enter selects before it activates on the data-source path")
        #expect(view.model.cell(at: 1)?.isFocused == true)
        #expect(view.model.cell(at: 1)?.isSelected == true)

        // Page Down and Page Up scroll by about a page and take the focus ring along, to the
        // item drawn where the focused one was (then scrolled fully into view).
        let page = gtk_adjustment_get_page_increment(view.scrollAdjustment)
        let viewport = view.model.viewportSize.height
        #expect(page >= viewport / 2 && page <= viewport, "a page of \(page) in a viewport of \(viewport)")
        var before = (offset: view.contentOffset, focus: try #require(view.focusedIndex))
        for (key, forward) in [(GDK_KEY_Page_Down, true), (GDK_KEY_Page_Down, true), (GDK_KEY_Page_Up, false)] {
            input.press(key)
            try #require(await GTKHost.pump(until: { view.focusedIndex != before.focus }), "key \(key) never arrived")
            let focus = try #require(view.focusedIndex)
            let moved = view.contentOffset - before.offset
            #expect(forward ? moved > page / 2 : moved < -page / 2, "key \(key) scrolled \(moved) for a page of \(page)")
            #expect(forward ? focus > before.focus : focus < before.focus, "key \(key): focus \(before.focus) → \(focus)")
            #expect(view.model.visibleIndices.contains(focus))
            before = (view.contentOffset, focus)
        }

        // Ctrl+arrows only move; space selects the focused item, as Enter does.
        input.press(GDK_KEY_Home)
        input.press(GDK_KEY_Right, control: true)
        input.press(GDK_KEY_Right, control: true)
        input.press(GDK_KEY_space)
        try #require(await GTKHost.pump(until: { wall.selections.count == 3 }), "space never arrived")
        #expect(wall.selections == [1, 1, 2])
        #expect(view.model.selectedIndex == 2)
    }

    @Test("the focused item's cell holds GTK's focus (what screen readers follow); the wall takes it back while that cell is recycled and hands it on when the item returns; Page Down moves it a page; Tab leaves the cells")
    func cellsHoldTheKeyboardFocus() async throws {
        let wall = TestWall(initial: 300)
        let (view, window, input) = try await showWithKeyboardFocus(wall)
        defer { GTKHost.close(window) }

        input.press(GDK_KEY_Down)
        try #require(await GTKHost.pump(until: { view.focusedIndex == 0 }), "Down never arrived")
        #expect(gtk_widget_is_focus(try #require(view.model.cell(at: 0)).widget) != 0, "item 0's cell has the focus")

        // Scrolled far away, item 0's cell is recycled: the wall holds the focus meanwhile.
        view.scroll(to: view.maximumContentOffset)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(view.model.cell(at: 0) == nil)
        #expect(gtk_widget_is_focus(view.widget) != 0, "the wall took the focus back")
        #expect(view.focusedIndex == 0)
        #expect(view.shownCells.allSatisfy { gtk_widget_is_focus($0.widget) == 0 }, "no other item's cell has it")
        view.scroll(to: 0)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(gtk_widget_is_focus(try #require(view.model.cell(at: 0)).widget) != 0, "item 0's new cell has it again")

        // Page Down: the item now where item 0 was, a page further, or else the lowest index
        // that starts inside the viewport (reference: the layout's frames, searched directly).
        let page = gtk_adjustment_get_page_increment(view.scrollAdjustment)
        let start = view.model.layout.frame(at: 0)
        let target = Point(x: start.midX, y: start.midY + page)
        let frames = (0..<view.model.numberOfItems).map { view.model.layout.frame(at: $0) }
        let expected = frames.firstIndex { $0.contains(target) }
            ?? frames.firstIndex { $0.minY >= page && $0.minY < page + view.model.viewportSize.height }
        input.press(GDK_KEY_Page_Down)
        try #require(await GTKHost.pump(until: { view.focusedIndex != 0 }), "Page Down never arrived")
        await GTKHost.pump(frames: 1, of: view.widget)
        let paged = try #require(view.focusedIndex)
        #expect(paged == expected)
        #expect(abs(view.contentOffset - page) < 1)
        #expect(gtk_widget_is_focus(try #require(view.model.cell(at: paged)).widget) != 0)

        // As one Tab stop (ITEM; always so before GTK 4.12), Tab does not walk through the
        // cells: the wall, the only stop here, takes the focus back.
        view.tabsThroughItems = false
        input.press(GDK_KEY_Tab)
        try #require(await GTKHost.pump(until: { gtk_widget_is_focus(view.widget) != 0 }), "Tab left the focus on a cell")
        #expect(view.shownCells.allSatisfy { gtk_widget_is_focus($0.widget) == 0 })
    }

    /// `wall` in a window, the pointer over it (key events go to the window under the pointer)
    /// and the keyboard focus on it.
    private func showWithKeyboardFocus(_ wall: TestWall) async throws
        -> (view: WaterfallView<WaterfallImageCell>, window: UnsafeMutablePointer<GtkWidget>, input: XTestInput) {
        let (view, window) = try await show(wall)
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        try input.move(to: view.widget, x: 100, y: 100)
        gtk_widget_grab_focus(view.widget)
        await GTKHost.pump(frames: 1, of: view.widget)
        return (view, window, input)
    }
}

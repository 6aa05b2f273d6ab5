import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("after a refresh the 'N new items' pill shows; a real click on it scrolls smoothly to the top and hides it")
    func newItemsPillScrollsToTheTop() async throws {
        let wall = TestWall(initial: 300)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.scroll(to: 2000)
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(!view.isShowingNewItemsPill)
        let visible = view.model.visibleIndices.map { ($0, view.model.placedAttributes(at: $0)!.frame) }

        view.refresh()
        try #require(await GTKHost.pump(until: { view.model.refreshState == .done }), "the refresh never finished")
        await GTKHost.pump(frames: 2, of: view.widget)
        for (index, frame) in visible {
            let now = try #require(view.model.placedAttributes(at: index + wall.refreshBatch)).frame
            #expect(now.minX == frame.minX && abs(now.minY - frame.minY) < 1e-6, "item \(index) moved from \(frame) to \(now)")
        }
        #expect(view.isShowingNewItemsPill)
        #expect(view.chrome.newItemsPill.text == "\(wall.refreshBatch) new items")
        #expect(gtk_widget_get_focusable(view.chrome.newItemsPill.widget) != 0, "the pill is reachable by keyboard")
        var pill = graphene_rect_t()
        try #require(gtk_widget_compute_bounds(view.chrome.newItemsPill.widget, view.widget, &pill) != 0)
        #expect(pill.origin.y < 40 && pill.size.width > 40, "the pill floats at the top: \(pill)")

        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        let start = view.contentOffset
        try input.click(view.widget, x: Double(pill.origin.x + pill.size.width / 2), y: Double(pill.origin.y + pill.size.height / 2))
        try #require(await GTKHost.pump(until: { view.contentOffset < start }), "the click never arrived")
        try await expectReachesTheTop(view)

        // The keyboard: the focused pill activates (Enter, space) and gives the focus back to the wall.
        try await refreshAndWaitForThePill(view)
        gtk_widget_grab_focus(view.chrome.newItemsPill.widget)
        #expect(gtk_widget_activate(view.chrome.newItemsPill.widget) != 0)
        try await expectReachesTheTop(view)
        #expect(gtk_widget_has_focus(view.widget) != 0, "the focus went back to the wall")

        // The scroll to the top is animated: nothing moves until the frame clock runs it.
        try await refreshAndWaitForThePill(view)
        let before = view.contentOffset
        view.revealNewItems()
        #expect(view.contentOffset == before && view.snapping.settle?.to == .zero, "the scroll to the top is not animated")
        try await expectReachesTheTop(view)
    }

    @Test("real input: Tab reaches the new-items pill after the wall, Shift+Tab comes back; a hidden pill is skipped")
    func tabReachesTheNewItemsPill() async throws {
        try GTKHost.start()
        let wall = TestWall(initial: 300)
        let view = WaterfallView(dataSource: wall, delegate: wall)
        view.tabsThroughItems = false  // the wall is one Tab stop; ALL is Examples/python/test_list_api.py's
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let before = gtk_button_new_with_label("before")!, after = gtk_button_new_with_label("after")!
        gtk_box_append(gcast(box), before)
        gtk_box_append(gcast(box), view.scrolledWindow)
        gtk_box_append(gcast(box), after)
        let window = try await GTKHost.window(showing: box, width: 800, height: 600)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        view.scroll(to: 2000)
        await GTKHost.pump(frames: 1, of: view.widget)
        try await refreshAndWaitForThePill(view)
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        try input.move(to: view.widget, x: 100, y: 300)

        func press(_ keysym: Int32, shift: Bool = false, reaching widget: UnsafeMutablePointer<GtkWidget>, _ what: String) async throws {
            input.press(keysym, shift: shift)
            try #require(await GTKHost.pump(until: { gtk_widget_is_focus(widget) != 0 }), "\(what) did not get the focus")
        }
        gtk_widget_grab_focus(before)
        try await press(GDK_KEY_Tab, reaching: view.widget, "the wall, after the button before it,")
        try await press(GDK_KEY_Tab, reaching: view.chrome.newItemsPill.widget, "the pill, after the wall,")
        try await press(GDK_KEY_Tab, reaching: after, "the button after the wall")
        try await press(GDK_KEY_ISO_Left_Tab, shift: true, reaching: view.chrome.newItemsPill.widget, "the pill, by Shift+Tab from below,")
        try await press(GDK_KEY_ISO_Left_Tab, shift: true, reaching: view.widget, "the wall, by Shift+Tab from the pill,")
        try await press(GDK_KEY_ISO_Left_Tab, shift: true, reaching: before, "the button before the wall")

        // From a cell (the arrows focus it), Tab goes to the pill too; Enter on it shows the new items.
        try await press(GDK_KEY_Tab, reaching: view.widget, "the wall")
        input.press(GDK_KEY_Down)
        try #require(await GTKHost.pump(until: { view.shownCells.contains { gtk_widget_is_focus($0.widget) != 0 } }),
                     "Down focused no item")
        try await press(GDK_KEY_Tab, reaching: view.chrome.newItemsPill.widget, "the pill, from a cell,")
        input.press(GDK_KEY_Return)
        try await expectReachesTheTop(view)
        #expect(!view.isShowingNewItemsPill)

        // Hidden, the pill is no stop.
        gtk_widget_grab_focus(view.widget)
        try await press(GDK_KEY_Tab, reaching: after, "the button after the wall, with the pill hidden,")
        try await press(GDK_KEY_ISO_Left_Tab, shift: true, reaching: view.widget, "the wall, by Shift+Tab with the pill hidden,")
    }

    /// Refreshes at the top and waits until the pill shows (the screen kept still, so the new
    /// items are above the reader).
    private func refreshAndWaitForThePill(_ view: WaterfallView<WaterfallImageCell>) async throws {
        view.refresh()
        try #require(await GTKHost.pump(until: { view.model.refreshState == .done }), "the refresh never finished")
        await GTKHost.pump(frames: 1, of: view.widget)
        try #require(view.isShowingNewItemsPill && view.contentOffset > 0)
    }

    /// Pumps frames (at most 240) until the view is at the top, then requires the pill gone.
    private func expectReachesTheTop(_ view: WaterfallView<WaterfallImageCell>) async throws {
        var frames = 0
        while view.contentOffset > 0 && frames < 240 {
            await GTKHost.pump(frames: 1, of: view.widget)
            frames += 1
        }
        #expect(view.contentOffset == 0, "still at \(view.contentOffset) after \(frames) frames")
        #expect(!view.isShowingNewItemsPill)
        #expect(view.model.newItemsAbove == 0)
    }
}

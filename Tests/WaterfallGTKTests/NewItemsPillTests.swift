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
        #expect(view.newItemsPill.text == "\(wall.refreshBatch) new items")
        #expect(gtk_widget_get_focusable(view.newItemsPill.widget) != 0, "the pill is reachable by keyboard")
        var pill = graphene_rect_t()
        try #require(gtk_widget_compute_bounds(view.newItemsPill.widget, view.widget, &pill) != 0)
        #expect(pill.origin.y < 40 && pill.size.width > 40, "the pill floats at the top: \(pill)")

        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        let start = view.contentOffset
        try input.click(view.widget, x: Double(pill.origin.x + pill.size.width / 2), y: Double(pill.origin.y + pill.size.height / 2))
        try #require(await GTKHost.pump(until: { view.contentOffset < start }), "the click never arrived")
        try await expectReachesTheTop(view)

        // The keyboard: the focused pill activates (Enter, space) and gives the focus back to the wall.
        try await refreshAndWaitForThePill(view)
        gtk_widget_grab_focus(view.newItemsPill.widget)
        #expect(gtk_widget_activate(view.newItemsPill.widget) != 0)
        try await expectReachesTheTop(view)
        #expect(gtk_widget_has_focus(view.widget) != 0, "the focus went back to the wall")

        // The scroll to the top is animated: nothing moves until the frame clock runs it.
        try await refreshAndWaitForThePill(view)
        let before = view.contentOffset
        view.revealNewItems()
        #expect(view.contentOffset == before && view.settle?.to == .zero, "the scroll to the top is not animated")
        try await expectReachesTheTop(view)
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

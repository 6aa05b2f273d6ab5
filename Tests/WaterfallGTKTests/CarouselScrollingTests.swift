import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    /// The index of the item centred in a carousel, if one is (to the pixel).
    func centredItem(_ view: WaterfallView<WaterfallImageCell>) -> Int? {
        guard let carousel = view.model.layout as? CarouselLayout else { return nil }
        let centre = view.model.contentOffset.x + view.model.viewportSize.width / 2
        guard let index = carousel.nearestItem(toCenterX: centre) else { return nil }
        return abs(carousel.frame(at: index).midX - centre) < 0.5 ? index : nil
    }

    @Test("a carousel settles with an item centred after the scrollbar, the wheel (real events) and keys")
    func carouselSnapsAfterScrolling() async throws {
        let wall = PhotoWall(count: 20)
        let (view, window) = try await showPhotos(wall, layout: CarouselLayout())
        defer { GTKHost.close(window) }

        view.scroll(to: 1234)   // item 8 is 1120, item 9 is 1260: 9 is nearest
        #expect(view.snapping.timer != nil)
        try await finishAnimations(view)
        #expect(centredItem(view) == 9)
        #expect(view.contentOffset == 1260)
        try expectCellsWhereTheLayoutSays(view)

        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        try input.wheel(view.widget, x: 400, y: 200, down: true)
        try #require(await GTKHost.pump(until: { view.contentOffset != 1260 }), "the wheel event never arrived")
        try await finishAnimations(view)
        let afterWheel = try #require(centredItem(view))
        #expect(afterWheel > 9)

        gtk_widget_grab_focus(view.widget)
        #expect(view.keyPressed(UInt32(GDK_KEY_Left)))   // focuses the centred item
        #expect(view.focusedIndex == afterWheel)
        #expect(view.keyPressed(UInt32(GDK_KEY_Left)))
        try await finishAnimations(view)
        #expect(centredItem(view) == afterWheel - 1)
        #expect(view.keyPressed(UInt32(GDK_KEY_Home)))
        try await finishAnimations(view)
        #expect(centredItem(view) == 0 && view.contentOffset == 0)
        #expect(view.keyPressed(UInt32(GDK_KEY_End)))
        try await finishAnimations(view)
        #expect(centredItem(view) == 19)
        #expect(view.keyPressed(UInt32(GDK_KEY_Page_Up)))
        try await finishAnimations(view)
        let afterPage = try #require(centredItem(view))
        #expect(afterPage < 19 && afterPage > 10)
    }

    @Test("a run of adjustment moves (the scrolled window's kinetic scrolling) settles on a centred item once it pauses")
    func carouselSnapsAfterKineticScrolling() async throws {
        let wall = PhotoWall(count: 20)
        let (view, window) = try await showPhotos(wall, layout: CarouselLayout())
        defer { GTKHost.close(window) }
        let scrolled = view.scrolledWindow
        let hadjustment = try #require(gtk_scrolled_window_get_hadjustment(gcast(scrolled)))
        #expect(hadjustment == view.horizontalAdjustment, "horizontal layouts scroll with the hadjustment")
        for value in [60.0, 120, 160, 190] {
            gtk_adjustment_set_value(hadjustment, value)
            #expect(view.snapping.timer != nil && view.snapping.settle == nil, "no settle while the scrolling goes on")
        }
        #expect(view.contentOffset == 190)
        try await finishAnimations(view)
        #expect(centredItem(view) == 1)
        #expect(gtk_adjustment_get_value(hadjustment) == view.contentOffset)
        try expectCellsWhereTheLayoutSays(view)
    }

    @Test("real input: a carousel does not settle while the scrolled window's scrollbar is held, and settles at the release")
    func carouselWaitsForTheScrollbarRelease() async throws {
        let wall = PhotoWall(count: 20)
        let (view, window) = try await showPhotos(wall, layout: CarouselLayout())
        defer { GTKHost.close(window) }
        // A classic scrollbar, so the pointer can take its slider without first hovering it.
        gtk_scrolled_window_set_overlay_scrolling(gcast(view.scrolledWindow), 0)
        await GTKHost.pump(frames: 2, of: view.widget)
        let scrollbar = try #require(gtk_scrolled_window_get_hscrollbar(gcast(view.scrolledWindow)))
        let height = Double(gtk_widget_get_height(scrollbar))
        try #require(height > 0 && gtk_widget_get_width(scrollbar) > 200, "no scrollbar to drag")
        let input = try #require(XTestInput(), "the X server has no XTEST extension")

        try input.pressButton(scrollbar, x: 12, y: height / 2)
        for step in 1...8 {
            try input.move(to: scrollbar, x: 12 + Double(step) * 9, y: height / 2)
            await GTKHost.pump(frames: 1, of: view.widget)
        }
        try #require(await GTKHost.pump(until: { view.contentOffset > 0 }), "the scrollbar drag did not scroll")
        #expect(view.snapping.isPointerHeld, "the scrollbar's button is seen as held")
        // The quiet period passes with the button still down: the pending settle runs and does nothing.
        try #require(await GTKHost.pump(until: { view.snapping.timer == nil }), "the settle timer never ran")
        let held = view.contentOffset
        await GTKHost.pump(frames: 3, of: view.widget)
        #expect(view.snapping.settle == nil, "no settle while the scrollbar is held")
        #expect(view.contentOffset == held, "the carousel stays where the scrollbar put it")

        input.releaseButton()
        try #require(await GTKHost.pump(until: { !view.snapping.isPointerHeld }), "the release was not seen")
        try await finishAnimations(view)
        #expect(centredItem(view) != nil, "the carousel settled at the release on a centred item")
        try expectCellsWhereTheLayoutSays(view)
    }

    @Test("real input: a button held on the wall is seen in its scrolled window, and by the wall alone once moved out of it")
    func heldButtonIsSeenInAndOutOfTheScrolledWindow() async throws {
        let wall = PhotoWall(count: 20)
        let (view, window) = try await showPhotos(wall, layout: CarouselLayout())
        defer { GTKHost.close(window) }
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        try await expectHeldButtonSeen(view, input)

        g_object_ref(view.widget)
        gtk_scrolled_window_set_child(gcast(view.scrolledWindow), nil)
        gtk_window_set_child(gcast(window), view.widget)
        g_object_unref(view.widget)
        await GTKHost.pump(frames: 2, of: view.widget)
        try await expectHeldButtonSeen(view, input)
    }

    /// Presses the primary button on the wall and releases it, expecting both to be seen.
    private func expectHeldButtonSeen(_ view: WaterfallView<WaterfallImageCell>, _ input: XTestInput) async throws {
        try input.pressButton(view.widget, x: 400, y: 200)
        try #require(await GTKHost.pump(until: { view.snapping.isPointerHeld }), "the press was not seen")
        input.releaseButton()
        try #require(await GTKHost.pump(until: { !view.snapping.isPointerHeld }), "the release was not seen")
    }
}

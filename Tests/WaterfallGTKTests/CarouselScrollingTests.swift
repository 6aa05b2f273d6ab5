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
        #expect(view.settleTimer != nil)
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

    @Test("a touchpad swipe and fling settle on a centred item; a fast fling moves at least one item")
    func carouselSnapsAfterAFling() async throws {
        let wall = PhotoWall(count: 20)
        let (view, window) = try await showPhotos(wall, layout: CarouselLayout())
        defer { GTKHost.close(window) }
        // Touchpad events cannot be injected: enter where GTK's scroll controller would.
        view.isTouchpadScrolling = true
        #expect(view.scrolled(dx: 150, dy: 0, inWheelSteps: false))
        #expect(view.scrolled(dx: 40, dy: 5, inWheelSteps: false))
        #expect(view.contentOffset == 190)
        view.isTouchpadScrolling = false
        view.startKinetic(velocity: 0)   // a slow release: the nearest item
        try await finishAnimations(view)
        #expect(centredItem(view) == 1)

        view.startKinetic(velocity: 400)   // fast, but not far: still at least one item on
        try await finishAnimations(view)
        #expect(centredItem(view) == 2)
        view.startKinetic(velocity: 4000)   // 1000 px of deceleration: about seven items on
        try await finishAnimations(view)
        let far = try #require(centredItem(view))
        #expect(far >= 8 && far <= 10)
        try expectCellsWhereTheLayoutSays(view)
    }

    @Test("pressing the horizontal scrollbar (real pointer events) scrolls the carousel, which settles on release")
    func carouselScrollbarDrag() async throws {
        let wall = PhotoWall(count: 20)
        let (view, window) = try await showPhotos(wall, layout: CarouselLayout())
        defer { GTKHost.close(window) }
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        let y = Double(gtk_widget_get_height(view.widget)) - Double(gtk_widget_get_height(view.horizontalScrollbar)) / 2
        // A primary press on the trough warps the slider there (GTK's default).
        try input.click(view.widget, x: 500, y: y)
        try #require(await GTKHost.pump(until: { view.contentOffset > 300 }), "the drag did not scroll")
        try await finishAnimations(view)
        #expect(centredItem(view) != nil)
        #expect(!view.isPointerHeld)
        try expectCellsWhereTheLayoutSays(view)
    }
}

import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

// The wall scrolls as a GtkScrollable in a GtkScrolledWindow: the wheel gets real (XTEST)
// events; touch overshoot cannot be injected through XTEST (it has only buttons and keys), so
// the overshoot test emits the scrolled window's `edge-overshot` as GTK would.
extension WallTests {
    @Test("in a GtkScrolledWindow the wall is the direct child and a GtkScrollable; the vadjustment spans the content, moving it changes the live cells; overlay scrollbars")
    func scrollableInScrolledWindow() async throws {
        let wall = TestWall(initial: 400)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let scrolled = view.scrolledWindow
        #expect(gtk_widget_get_parent(view.widget) == scrolled)
        let child = try #require(gtk_scrolled_window_get_child(gcast(scrolled)))
        #expect(child == view.widget, "the child is the wall itself")
        #expect(g_type_check_instance_is_a(gcast(child), gtk_viewport_get_type()) == 0, "no GtkViewport")
        #expect(g_type_check_instance_is_a(gcast(child), gtk_scrollable_get_type()) != 0)
        #expect(g_type_check_instance_is_a(gcast(child), waterfall_masonry_view_get_type()) != 0)
        #expect(gtk_scrolled_window_get_overlay_scrolling(gcast(scrolled)) != 0)

        let vadjustment = try #require(gtk_scrolled_window_get_vadjustment(gcast(scrolled)))
        #expect(vadjustment == view.adjustment, "the wall scrolls with the scrolled window's adjustment")
        #expect(abs(gtk_adjustment_get_upper(vadjustment) - Double(view.model.contentSize.height)) < 1)
        #expect(gtk_adjustment_get_page_size(vadjustment) == Double(gtk_widget_get_height(view.widget)))
        #expect(Double(gtk_widget_get_width(view.widget)) == Double(gtk_widget_get_width(scrolled)),
                "overlay scrollbars take no width from the wall")

        let before = view.model.liveIndices
        gtk_adjustment_set_value(vadjustment, 3000)
        #expect(view.model.contentOffset.y == 3000)
        let after = view.model.liveIndices
        #expect(!after.isEmpty && Set(after).isDisjoint(with: before), "other cells are live")
        try #require(await GTKHost.pump(until: { gtk_widget_get_height(view.widget) > 0 }))
        await GTKHost.pump(frames: 2, of: view.widget)
        let first = try #require(view.model.visibleIndices.first)
        #expect(try #require(view.model.placedAttributes(at: first)).frame.minY <= 0,
                "cells are placed relative to the viewport")
    }

    @Test("the mouse wheel scrolls the wall through the scrolled window (real wheel events)")
    func wheelScrolling() async throws {
        let wall = TestWall(initial: 400)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let input = try #require(XTestInput(), "the X server has no XTEST extension")

        try input.wheel(view.widget, x: 200, y: 200, down: true)
        try #require(await GTKHost.pump(until: { view.contentOffset > 0 }), "the wheel event never arrived")
        try #require(await GTKHost.pump(until: { abs(Double(view.model.contentOffset.y) - view.contentOffset) < 1e-6 }))
        #expect(view.contentOffset > 20)
        let first = try #require(view.model.visibleIndices.first)
        #expect(first >= 0)
    }

    @Test("an overshoot past the top refreshes (pull-to-refresh), past the end retries a failed load-more")
    func edgeOvershotRefreshes() async throws {
        let wall = TestWall(initial: 100)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.isPullToRefreshEnabled = true
        emitEdgeOvershot(view.scrolledWindow, GTK_POS_BOTTOM)
        #expect(view.model.refreshState == .idle, "the bottom edge does not refresh")
        emitEdgeOvershot(view.scrolledWindow, GTK_POS_TOP)
        #expect(view.model.refreshState == .refreshing)
        #expect(view.chrome.header.isVisible)
        #expect(await GTKHost.pump(until: { view.model.refreshState == .done }))
        #expect(wall.refreshRequests == 1)
        #expect(view.model.numberOfItems == 100 + wall.refreshBatch)
    }

    @Test("a Swift wall's pull-to-refresh starts off; isPullToRefreshEnabled turns it on in the property and the model at once")
    func pullToRefreshIsOneSetting() async throws {
        let wall = TestWall(initial: 100)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        #expect(!view.isPullToRefreshEnabled && !view.model.isRefreshEnabled)
        emitEdgeOvershot(view.scrolledWindow, GTK_POS_TOP)
        #expect(view.model.refreshState == .idle, "a data source's wall does not refresh on a pull until the app says so")
        view.isPullToRefreshEnabled = true
        var property = GValue()
        g_value_init(&property, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))   // G_TYPE_BOOLEAN
        g_object_get_property(gcast(view.widget), "enable-pull-to-refresh", &property)
        #expect(g_value_get_boolean(&property) != 0, "the GObject property says what the wall does")
        g_value_unset(&property)
        #expect(view.model.isRefreshEnabled)
        emitEdgeOvershot(view.scrolledWindow, GTK_POS_TOP)
        #expect(view.model.refreshState == .refreshing)
        #expect(await GTKHost.pump(until: { view.model.refreshState == .done }))
    }

    /// Emits `edge-overshot` on `scrolled` as GtkScrolledWindow does after a touch overshoot.
    private func emitEdgeOvershot(_ scrolled: UnsafeMutablePointer<GtkWidget>, _ position: GtkPositionType) {
        var values = [GValue](repeating: GValue(), count: 2)
        g_value_init(&values[0], gtk_scrolled_window_get_type())
        g_value_set_object(&values[0], scrolled)
        g_value_init(&values[1], gtk_position_type_get_type())
        g_value_set_enum(&values[1], gint(position.rawValue))
        g_signal_emitv(values, g_signal_lookup("edge-overshot", gtk_scrolled_window_get_type()), 0, nil)
        g_value_unset(&values[0])
        g_value_unset(&values[1])
    }
}

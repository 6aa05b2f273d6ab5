import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

// Touchpad events cannot be injected through XTEST (it has only buttons and keys), so the
// touchpad and fling tests enter at the scroll controller's handlers with the values GTK would
// pass; the wheel and the scrollbar get real events.
extension WallTests {
    @Test("a touchpad pull past the top arms pull-to-refresh; letting go refreshes")
    func touchpadPullRefreshes() async throws {
        let wall = TestWall(initial: 100)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.model.isRefreshEnabled = true

        #expect(view.scrolled(by: -40, inWheelSteps: false))
        #expect(view.model.refreshState == .pulling(progress: 20 / view.model.refreshThreshold))
        #expect(view.header.isVisible)
        #expect(view.scrolled(by: -200, inWheelSteps: false))
        #expect(view.model.refreshState == .armed)
        #expect(view.contentOffset == 0)
        view.endPull()
        #expect(view.model.refreshState == .refreshing)
        #expect(await GTKHost.pump(until: { view.model.refreshState == .done }))
        #expect(wall.refreshRequests == 1)
        #expect(view.model.numberOfItems == 100 + wall.refreshBatch)
    }

    @Test("the mouse wheel scrolls by steps (real wheel events) and a fling decelerates to a stop")
    func wheelAndKineticScrolling() async throws {
        let wall = TestWall(initial: 400)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let input = try #require(XTestInput(), "the X server has no XTEST extension")

        try input.wheel(view.widget, x: 200, y: 200, down: true)
        try #require(await GTKHost.pump(until: { view.contentOffset > 0 }), "the wheel event never arrived")
        let step = view.contentOffset
        #expect(step > 20 && step < 200)
        #expect(abs(Double(view.model.contentOffset.y) - step) < 1e-6)

        view.startKinetic(velocity: 3000)
        #expect(await GTKHost.pump(until: { view.kinetic == nil }))
        let travelled = view.contentOffset - step
        // v / friction is the whole distance of an exponential decay.
        #expect(travelled > 300 && travelled < 3000 / KineticScroll.friction + 50)
        #expect(abs(Double(view.model.contentOffset.y) - view.contentOffset) < 1e-6)
    }

    @Test("dragging the scrollbar's slider scrolls the wall (real pointer events)")
    func scrollbarDrag() async throws {
        let wall = TestWall(initial: 400)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        let x = Double(gtk_widget_get_width(view.widget)) - Double(gtk_widget_get_width(view.scrollbar)) / 2
        try input.drag(view.widget, x: x, y: 12, toY: 300)
        try #require(await GTKHost.pump(until: { view.contentOffset > 1000 }), "the drag did not scroll")
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(abs(Double(view.model.contentOffset.y) - view.contentOffset) < 1e-6)
        let first = try #require(view.model.visibleIndices.first)
        #expect(first > 0)
    }
}

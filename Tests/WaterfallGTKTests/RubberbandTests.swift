import CWaterfallGtk
import CWaterfallGtk4
import CWaterfallTestShims
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

// The rubberband is drawn as GtkListBase draws its own: a `rubberband` CSS node the theme
// styles, following the pointer while the button is held, gone at the release.
extension WallTests {
    /// The view's child whose CSS node is `rubberband`, if it has one.
    func rubberbandChild(of view: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(view)
        while let current = child {
            if String(cString: gtk_widget_get_css_name(current)) == "rubberband" { return current }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// `widget`'s bounds in `view`'s coordinates.
    private func bounds(of widget: UnsafeMutablePointer<GtkWidget>, in view: UnsafeMutablePointer<GtkWidget>) throws -> Rect {
        var rect = graphene_rect_t()
        try #require(gtk_widget_compute_bounds(widget, view, &rect) != 0)
        return Rect(x: Double(rect.origin.x), y: Double(rect.origin.y),
                      width: Double(rect.size.width), height: Double(rect.size.height))
    }

    @Test("list model, real input: the rubberband is drawn while the button is held — a themed `rubberband` node above the cells, following the pointer — and removed at the release")
    func rubberbandIsDrawn() async throws {
        let wall = StringWall(count: 300)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.listModelSource.enableRubberband = true
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        #expect(rubberbandChild(of: view.widget) == nil, "no band before a drag")

        let start = Point(x: 30, y: 40)
        try input.pressButton(view.widget, x: start.x, y: start.y)
        var drawn: UnsafeMutablePointer<GtkWidget>?
        for (step, end) in [Point(x: 250, y: 200), Point(x: 420, y: 330)].enumerated() {
            for part in 1...6 {
                let t = Double(part) / 6
                let from = step == 0 ? start : Point(x: 250, y: 200)
                try input.move(to: view.widget, x: from.x + (end.x - from.x) * t, y: from.y + (end.y - from.y) * t)
            }
            let expected = Rect(x: start.x, y: start.y, width: end.x - start.x, height: end.y - start.y)
            try #require(await GTKHost.pump(until: {
                guard let band = self.rubberbandChild(of: view.widget), let rect = try? self.bounds(of: band, in: view.widget) else { return false }
                return abs(rect.maxX - expected.maxX) <= 1 && abs(rect.maxY - expected.maxY) <= 1
            }), "the band does not follow the pointer to \(end)")
            let band = try #require(rubberbandChild(of: view.widget))
            if let drawn { #expect(band == drawn, "one band widget for the whole drag") }
            drawn = band
            let rect = try bounds(of: band, in: view.widget)
            #expect(abs(rect.minX - expected.minX) <= 1 && abs(rect.minY - expected.minY) <= 1, "\(rect) from \(start)")
            #expect(gtk_widget_get_last_child(view.widget) == band, "the band is drawn above the cells")
            #expect(gtk_widget_get_can_target(band) == 0, "the band takes no input")
        }

        // The theme styles it: Adwaita's `rubberband` rule gives it a 1 px border of the
        // selection blue and a translucent fill of it.
        let band = try #require(drawn)
        let border = wf_test_css_border(band)
        #expect(border.left == 1 && border.top == 1, "the theme's rubberband border")
        await GTKHost.pump(frames: 2, of: view.widget)
        let during = pixels(of: try WidgetSnapshot.texture(of: view.widget))
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-rubberband.png").path
        try WidgetSnapshot.savePNG(of: view.widget, to: screenshot)
        print("rubberband screenshot: \(screenshot)")
        let edge = rgb(during, Int(start.x), 200)
        #expect(edge[2] > edge[0] + 80 && edge[2] > edge[1] + 40, "the band's left edge is the selection blue: \(edge)")

        input.releaseButton()
        try #require(await GTKHost.pump(until: { self.rubberbandChild(of: view.widget) == nil }),
                     "the band is still there after the release")
        await GTKHost.pump(frames: 2, of: view.widget)
        let after = pixels(of: try WidgetSnapshot.texture(of: view.widget))
        #expect(!close(rgb(after, Int(start.x), 200), edge, tolerance: 30), "the band's edge is no longer drawn")
        let inside = (x: 200, y: 100)
        #expect(rgb(after, inside.x, inside.y) != rgb(during, inside.x, inside.y), "the band's fill tinted what is under it")
        #expect(!wall.selected.isEmpty, "the band's selection stays after the release")
    }

    @Test("list model, real input: a rubberband held near the bottom edge of its scrolled window scrolls the content, as GtkGridView's does, and selects what the band covers then; the scrolling stops at the release")
    func rubberbandAutoScrollsAtTheEdge() async throws {
        try GTKHost.start()
        let wall = StringWall(count: 2000)
        let view = wall.makeView()
        let window = try await GTKHost.window(showing: view.scrolledWindow, width: 800, height: 600)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        view.listModelSource.enableRubberband = true
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        let height = Double(gtk_widget_get_height(view.widget))
        let start = Point(x: 30, y: 40)
        // Inside the band's margin at the bottom: 10 points from the edge.
        let held = Point(x: 400, y: height - 10)
        try input.pressButton(view.widget, x: start.x, y: start.y)
        for part in 1...8 {
            let t = Double(part) / 8
            try input.move(to: view.widget, x: start.x + (held.x - start.x) * t, y: start.y + (held.y - start.y) * t)
        }
        try #require(await GTKHost.pump(until: { gtk_adjustment_get_value(view.adjustment) > 2 * height }, timeout: .seconds(60)),
                     "the content did not scroll under the held band (value \(gtk_adjustment_get_value(view.adjustment)))")
        input.releaseButton()
        try #require(await GTKHost.pump(until: { self.rubberbandChild(of: view.widget) == nil }),
                     "the band is still there after the release")
        let stopped = gtk_adjustment_get_value(view.adjustment)
        await GTKHost.pump(frames: 5, of: view.widget)
        #expect(gtk_adjustment_get_value(view.adjustment) == stopped, "the content keeps scrolling after the release")

        // The selection is what the band covered at its last step: from where it began to the
        // pointer, in content coordinates after the scrolling.
        let end = view.model.contentPoint(atViewportPoint: held)
        let covered = Rect(x: start.x, y: start.y, width: end.x - start.x, height: end.y - start.y)
        var expected: [Int] = []
        view.model.layout.forEachIndex(in: covered) { expected.append($0) }
        #expect(wall.selected == expected.sorted(), "selected \(wall.selected.count) items, the band covers \(expected.count)")
        #expect((wall.selected.max() ?? 0) > (view.model.visibleIndices.min() ?? 0), "the band reaches items scrolled in")
    }
}

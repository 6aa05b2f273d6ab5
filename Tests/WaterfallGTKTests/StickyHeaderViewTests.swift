import CWaterfallGtk4
import CWaterfallTestShims
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    /// Whether `cell`'s widget comes after every other shown cell among the canvas' children
    /// (GTK draws later children on top).
    private func isDrawnAboveOtherCells(_ cell: WaterfallImageCell, in view: WaterfallView<WaterfallImageCell>) -> Bool {
        var seenCell = false
        var child = gtk_widget_get_first_child(view.widget)
        while let current = child {
            if current == cell.widget {
                seenCell = true
            } else if seenCell, view.shownCells.contains(where: { $0.widget == current }) {
                return false
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return seenCell
    }

    @Test("a pinned section header is drawn above the cells at the top, takes a real click (XTEST) and is pushed by the next header")
    func pinnedHeaderDrawnAndClickable() async throws {
        let wall = TestWall(initial: 300)
        wall.headerIDs = [30, 150, 270]
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }

        // Deep inside the first section: header 30's own frame is far above the live window
        // (and its cell was never live before, so nothing but its z-index puts it on top).
        #expect(view.model.cell(at: 30) == nil && view.model.pinnedHeader == nil)
        let first = view.model.layout.frame(at: 30).minY, second = view.model.layout.frame(at: 150).minY
        view.scroll(to: Double(first + second) / 2)
        try #require(await GTKHost.pump(until: { view.model.pinnedHeader?.index == 30 }), "header 30 never pinned")
        await GTKHost.pump(frames: 2, of: view.widget)
        let realized = view.model.visibleBounds.insetBy(dx: 0, dy: -view.model.overscan)
        #expect(!view.model.layout.frame(at: 30).overlaps(realized) && view.model.liveIndices.first == 30,
                "its own frame is outside the live window; it is live as the pinned header")
        let header = try #require(view.model.cell(at: 30))
        var bounds = graphene_rect_t()
        try #require(gtk_widget_compute_bounds(header.widget, view.widget, &bounds) != 0)
        #expect(bounds.origin.y == 0 && abs(Double(bounds.size.height) - Double(TestWall.headerHeight)) < 1,
                "pinned at the top: \(bounds)")
        #expect(gtk_widget_get_visible(header.widget) != 0)
        #expect(isDrawnAboveOtherCells(header, in: view), "the header is the topmost cell")
        #expect(wf_accessible_label_is(header.widget, "Item 30") != 0, "assistive technologies read the header")

        // Something else lies beneath the header; the picture there is the header's.
        let point = Point(x: 50, y: TestWall.headerHeight / 2)
        let beneath = try #require(view.model.layout.index(at: Point(x: point.x, y: point.y + view.model.contentOffset.y)))
        #expect(beneath != 30, "an item scrolls beneath the pinned header")
        let image = pixels(of: try WidgetSnapshot.texture(of: view.widget))
        #expect(close(rgb(image, Int(point.x), Int(point.y)), [0x20, 0x20, 0x20], tolerance: 16),
                "the header is drawn over item \(beneath)")

        let pointer = try #require(XTestInput(), "the X server has no XTEST extension")
        try pointer.click(view.widget, x: Double(point.x), y: Double(point.y))
        try #require(await GTKHost.pump(until: { !wall.selections.isEmpty }), "the click never arrived")
        #expect(wall.selections == [30], "the click selected the header, not item \(beneath)")
        #expect(header.isSelected)

        // 10 px before the second header reaches the top, it pushes the first one 30 px up.
        view.scroll(to: Double(second) - 10)
        try #require(await GTKHost.pump(until: { view.model.pinnedHeader?.pushDistance == 30 }), "never pushed")
        await GTKHost.pump(frames: 2, of: view.widget)
        try #require(gtk_widget_compute_bounds(header.widget, view.widget, &bounds) != 0)
        #expect(abs(Double(bounds.origin.y) + 30) < 1, "pushed up by the next header: \(bounds)")
        let next = try #require(view.model.cell(at: 150))
        try #require(gtk_widget_compute_bounds(next.widget, view.widget, &bounds) != 0)
        #expect(abs(Double(bounds.origin.y) - 10) < 1, "the next header right below it: \(bounds)")
    }
}

import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    /// A right-to-left wall of `wall`'s items with `layout`, in its scrolled window in a
    /// window, shown with cells live.
    private func showRightToLeft(_ wall: TestWall, layout: any CollectionLayout = WaterfallCollectionLayout(),
                                 height: Int = 600) async throws
        -> (view: WaterfallView<WaterfallImageCell>, window: UnsafeMutablePointer<GtkWidget>) {
        try GTKHost.start()
        let view = WaterfallView(dataSource: wall, delegate: wall, layout: layout)
        gtk_widget_set_direction(view.widget, GTK_TEXT_DIR_RTL)
        let window = try await GTKHost.window(showing: view.scrolledWindow, width: 800, height: height)
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        await GTKHost.pump(frames: 2, of: view.widget)
        return (view, window)
    }

    @Test("a right-to-left widget draws column 0 at the right, mirrored, and a real click selects the item under it")
    func rightToLeftWall() async throws {
        let wall = TestWall(initial: 200)
        let (view, window) = try await showRightToLeft(wall)
        defer { GTKHost.close(window) }
        let width = Double(view.model.viewportSize.width)
        let engine = try #require((view.model.layout as? WaterfallCollectionLayout)?.engine)
        #expect(engine.direction == .rightToLeft && engine.columnCount == 3)
        // Where GTK draws each visible cell is the mirror image of the left-to-right frame.
        var mirrored = engine
        mirrored.direction = .leftToRight
        let visible = view.model.visibleIndices
        #expect(visible.count >= 6)
        for index in visible {
            let cell = try #require(view.model.cell(at: index))
            let drawn = try drawnBounds(cell, in: view)
            let ltr = mirrored.frame(at: index)
            #expect(abs(drawn.minX - (width - ltr.maxX)) < 1 && abs(drawn.width - ltr.width) < 1, "item \(index) at \(drawn)")
        }
        let first = try drawnBounds(try #require(view.model.cell(at: 0)), in: view)
        #expect(abs(first.maxX - (width - 8)) < 1, "item 0 is in the right-hand column")

        let target = try #require(visible.dropFirst(4).first)
        let frame = try #require(view.model.placedAttributes(at: target)).frame
        let pointer = try #require(XTestInput(), "the X server has no XTEST extension")
        try pointer.click(view.widget, x: Double(frame.midX), y: Double(frame.midY))
        try #require(await GTKHost.pump(until: { !wall.selections.isEmpty }), "the click never arrived")
        #expect(wall.selections == [target])
    }

    @Test("real window: right-to-left rows in a GtkScrolledWindow start at the first item, at the right, the hadjustment flipped as GtkListBase flips it")
    func rightToLeftRowsStartAtTheFirstItem() async throws {
        let wall = TestWall(initial: 200)
        let (view, window) = try await showRightToLeft(wall, layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)),
                                                       height: 400)
        defer { GTKHost.close(window) }
        let scrolled = view.scrolledWindow
        #expect(gtk_widget_get_parent(view.widget) == scrolled, "the wall is the scrolled window's child")
        let hadjustment = try #require(gtk_scrolled_window_get_hadjustment(gcast(scrolled)))
        let upper = gtk_adjustment_get_upper(hadjustment), page = gtk_adjustment_get_page_size(hadjustment)
        try #require(upper > 2 * page + 1000, "rows wider than the window (\(upper), page \(page))")

        // At the start: the adjustment at its upper end (the scrollbar at the right), offset 0.
        #expect(gtk_adjustment_get_value(hadjustment) == upper - page)
        #expect(view.contentOffset == 0 && view.model.contentOffset == .zero)
        #expect(view.model.visibleIndices.first == 0)
        let width = Double(view.model.viewportSize.width)
        let first = try drawnBounds(try #require(view.model.cell(at: 0)), in: view)
        #expect(abs(first.maxX - (width - 8)) < 1, "item 0 drawn at \(first), not at the right edge")
        try expectCellsWhereTheLayoutSays(view)

        // Moving the adjustment toward its lower end scrolls toward the end.
        gtk_adjustment_set_value(hadjustment, upper - page - 1000)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(view.model.contentOffset.x == 1000 && view.contentOffset == 1000)
        try expectCellsWhereTheLayoutSays(view)
        gtk_adjustment_set_value(hadjustment, 0)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(view.model.contentOffset.x == view.model.contentSize.width - view.model.viewportSize.width)
        #expect(view.model.visibleIndices.contains(199), "the lower end shows the last items")
        try expectCellsWhereTheLayoutSays(view)

        // A programmatic scroll goes through the flip the other way.
        view.scroll(to: 500)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(gtk_adjustment_get_value(hadjustment) == upper - page - 500 && view.model.contentOffset.x == 500)

        // A real wheel notch down moves toward the end (the offset grows, the adjustment falls).
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        try input.wheel(view.widget, x: 400, y: 200, down: true)
        try #require(await GTKHost.pump(until: { view.model.contentOffset.x != 500 }), "the wheel never arrived")
        #expect(view.model.contentOffset.x > 500 && gtk_adjustment_get_value(hadjustment) < upper - page - 500)
        await GTKHost.pump(frames: 2, of: view.widget)

        // A real click selects the item drawn under the pointer.
        let target = try #require(view.model.visibleIndices.dropFirst(2).first)
        let bounds = try drawnBounds(try #require(view.model.cell(at: target)), in: view)
        try input.click(view.widget, x: Double(bounds.midX), y: Double(bounds.midY))
        try #require(await GTKHost.pump(until: { !wall.selections.isEmpty }), "the click never arrived")
        #expect(wall.selections == [target])
    }
}

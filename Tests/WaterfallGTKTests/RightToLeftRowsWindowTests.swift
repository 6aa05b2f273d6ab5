import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("real window: right-to-left rows in a GtkScrolledWindow start at the first item, at the right, the hadjustment flipped as GtkListBase flips it")
    func rightToLeftRowsStartAtTheFirstItem() async throws {
        let wall = TestWall(initial: 200)
        try GTKHost.start()
        let view = WaterfallView(dataSource: wall, delegate: wall,
                                 layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
        gtk_widget_set_direction(view.widget, GTK_TEXT_DIR_RTL)
        let scrolled = view.scrolledWindow
        let window = try await GTKHost.window(showing: scrolled, width: 800, height: 400)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        await GTKHost.pump(frames: 2, of: view.widget)
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

        // A real click selects the item drawn under the pointer.
        let target = try #require(view.model.visibleIndices.dropFirst(2).first)
        let bounds = try drawnBounds(try #require(view.model.cell(at: target)), in: view)
        let pointer = try #require(XTestInput(), "the X server has no XTEST extension")
        try pointer.click(view.widget, x: Double(bounds.midX), y: Double(bounds.midY))
        try #require(await GTKHost.pump(until: { !wall.selections.isEmpty }), "the click never arrived")
        #expect(wall.selections == [target])
    }
}

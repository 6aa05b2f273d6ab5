import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("a resize changes the column count and keeps the first visible item in place")
    func resizeKeepsPlace() async throws {
        let wall = TestWall(initial: 500)
        wall.columnsForWidth = { $0 < 600 ? 2 : 4 }
        let (view, window) = try await show(wall, width: 900, height: 700)
        defer { GTKHost.close(window) }
        let layout = { (view.model.layout as? WaterfallCollectionLayout)?.engine.columnCount }
        #expect(layout() == 4)

        view.scroll(to: 2345)
        await GTKHost.pump(frames: 1, of: view.widget)
        let before = try firstVisible(view)

        gtk_window_set_default_size(gcast(window), 500, 700)
        let resized = await GTKHost.pump(until: { layout() == 2 })
        try #require(resized, "the window was not resized")
        await GTKHost.pump(frames: 1, of: view.widget)

        let frame = try #require(view.model.placedAttributes(at: before.index)).frame
        #expect(view.model.visibleIndices.contains(before.index))
        #expect(abs(frame.minY - before.y) < 1, "item \(before.index) moved from y \(before.y) to \(frame.minY)")
    }
}

extension WallTests {
    @Test("after a resize of a long wall the rest is laid out in idle slices, and the scrollbar settles")
    func resizeLaysOutTheRestWhenIdle() async throws {
        let wall = TestWall(initial: 200_000)
        wall.columnsForWidth = { $0 < 600 ? 2 : 4 }
        let (view, window) = try await show(wall, width: 900, height: 700)
        defer { GTKHost.close(window) }
        gtk_window_set_default_size(gcast(window), 500, 700)
        let resized = await GTKHost.pump(until: { (view.model.layout as? WaterfallCollectionLayout)?.engine.columnCount == 2 })
        try #require(resized, "the window was not resized")
        #expect(view.model.liveCellCount > 0)
        let finished = await GTKHost.pump(until: { !view.model.isLayoutPending })
        try #require(finished, "the idle slices did not finish the layout")
        #expect(view.idleLayout.slices > 0, "the resize left the rest to idle slices")
        let upper = gtk_adjustment_get_upper(view.adjustment)
        #expect(abs(upper - Double(view.model.contentSize.height)) < 1, "the scrollbar has the settled height")
    }
}

extension WallTests {
    @Test("a resize with the reader deep in a huge wall: the island joins in idle slices, the first visible item stays on screen and the scrollbar follows")
    func deepResizeJoinsTheIslandInPlace() async throws {
        let wall = TestWall(initial: 1_000_000)
        wall.columnsForWidth = { $0 < 600 ? 2 : 4 }
        // The first 20,000 items (the sample the island's place is estimated from) are shorter
        // than the rest, so the estimate is off and the island moves when it joins.
        wall.correctedHeights = Dictionary(uniqueKeysWithValues: (0..<20_000).map { ($0, Double(60)) })
        let (view, window) = try await show(wall, width: 900, height: 700)
        defer { GTKHost.close(window) }
        let engine = { (view.model.layout as? WaterfallCollectionLayout)?.engine }
        view.scroll(to: Double(view.model.contentSize.height) / 2)
        await GTKHost.pump(frames: 1, of: view.widget)
        let before = try firstVisible(view)
        try #require(before.index > view.model.eagerLayoutLimit, "the reader is deep in the wall")

        gtk_window_set_default_size(gcast(window), 500, 700)
        let resized = await GTKHost.pump(until: { engine()?.columnCount == 2 })
        try #require(resized, "the window was not resized")
        let finished = await GTKHost.pump(until: { !view.model.isLayoutPending })
        try #require(finished, "the idle slices did not finish the layout")
        await GTKHost.pump(frames: 1, of: view.widget)

        // The island's seam: a level block start a little above the first visible item.
        let seam = try #require(engine()?.blockStarts.last, "the resize laid out an island")
        #expect(seam <= before.index && before.index - seam < 1_000, "seam at \(seam), first visible \(before.index)")
        let shown = try #require(view.model.placedAttributes(at: before.index), "item \(before.index) is still live").frame
        let laidOut = view.model.layout.frame(at: before.index).minY - view.model.contentOffset.y
        #expect(abs(shown.minY - before.y) < 1 && abs(laidOut - before.y) < 1,
                "item \(before.index) moved on screen from y \(before.y) to \(shown.minY) (its frame: \(laidOut))")
        #expect(abs(gtk_adjustment_get_value(view.adjustment) - Double(view.model.contentOffset.y)) < 1,
                "the scrollbar's value follows the join's move")
    }
}

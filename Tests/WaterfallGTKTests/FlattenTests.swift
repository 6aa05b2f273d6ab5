import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("with the cairo renderer a cell is drawn from its raster, which is redrawn when its content changes")
    func flattenedCellFollowsItsContent() async throws {
        let wall = TestWall(initial: 60)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let (index, cell, frame) = try await flattenedCellOnScreen(in: view)
        let x = Int(frame.midX), y = Int(frame.minY + 30)
        func shown() throws -> [Int] { rgb(pixels(of: try WidgetSnapshot.texture(of: view.widget)), x, y) }

        let color = TestWall.color(of: wall.ids[index])
        #expect(close(try shown(), [Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF)]))

        // A new image: the cached raster must not be shown again.
        cell.setImage(TestWall.texture(color: 0x10_E0_E0))
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(close(try shown(), [0x10, 0xE0, 0xE0]))

        // No image: the placeholder's gradient (the theme's colours), drawn from the shared raster.
        cell.setImage(nil)
        await GTKHost.pump(frames: 2, of: view.widget)
        let placeholder = try shown()
        #expect(try liesOnPlaceholderGradient(placeholder, of: view.widget), "\(placeholder) lies on the placeholder's gradient")
        #expect(wf_flatten_gradient_cache_count() > 0)

        // Selected: the ring is part of the raster too.
        cell.isSelected = true
        await GTKHost.pump(frames: 2, of: view.widget)
        let ring = rgb(pixels(of: try WidgetSnapshot.texture(of: view.widget)), x, Int(frame.minY) + 1)
        #expect(close(ring, [0x35, 0x84, 0xE4], tolerance: 40), "\(ring) is the selection ring's blue")
    }
}

extension WallTests {
    @Test("the canvas chooses flattening when it is realized: off before, on under the cairo renderer")
    func flatteningIsChosenAtRealize() async throws {
        try GTKHost.start()
        let wall = TestWall(initial: 60)
        let view = WaterfallView(dataSource: wall, delegate: wall)
        #expect(wf_flatten_applies(view.widget) == 0, "no renderer before the window is realized")
        let window = try await GTKHost.window(showing: view.scrolledWindow, width: 800, height: 600)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        #expect(wf_flatten_applies(view.widget) != 0, "the tests run with GSK_RENDERER=cairo")
    }
}

extension WallTests {
    @Test("new content is drawn from a recording the first time and from a raster of the same pixels after")
    func newContentIsRecordedThenRasterized() async throws {
        let (view, window) = try await show(TestWall(initial: 60))
        defer { GTKHost.close(window) }
        let (_, cell, frame) = try await flattenedCellOnScreen(in: view)

        // New content (the placeholder's gradient, the rounded corners and the selection ring):
        // the frame that first draws it records it; a later frame that draws the view again
        // with the cell unchanged draws the cell's raster instead.
        cell.setImage(nil)
        cell.isSelected = true
        await GTKHost.pump(frames: 2, of: view.widget)
        let recorded = pixels(of: try WidgetSnapshot.texture(of: view.widget))
        #expect(wf_flatten_is_rasterized(cell.widget) == 0, "new content is not rasterized the first time")
        // Drawn again, it is rasterized within a few frames (a frame rasterizes a few cells: the
        // others shown since the window opened may wait before it).
        gtk_widget_queue_draw(gtk_widget_get_parent(cell.widget))
        #expect(await GTKHost.pump(until: { wf_flatten_is_rasterized(cell.widget) != 0 }),
                "content drawn a second time is rasterized")
        await GTKHost.pump(frames: 1, of: view.widget)
        let rasterized = pixels(of: try WidgetSnapshot.texture(of: view.widget))

        let placeholder = rgb(recorded, Int(frame.midX), Int(frame.minY + 30))
        #expect(try liesOnPlaceholderGradient(placeholder, of: view.widget), "\(placeholder) lies on the placeholder's gradient")
        // The gradient runs from #ece8e2 at the top to #d9d3ca at the bottom (160°).
        let upper = rgb(recorded, Int(frame.midX), Int(frame.minY + frame.height * 0.25)).reduce(0, +)
        let lower = rgb(recorded, Int(frame.midX), Int(frame.minY + frame.height * 0.75)).reduce(0, +)
        #expect(upper > lower + 8, "the placeholder lightens toward the top (\(upper) above, \(lower) below)")
        var differing = 0
        for y in Int(frame.minY)..<Int(frame.maxY) {
            for x in Int(frame.minX)..<Int(frame.maxX) where rgb(recorded, x, y) != rgb(rasterized, x, y) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels of the cell differ between its recording and its raster")
    }

    @Test("a screenful of new content drawn again in place is rasterized within a frame's budget, then completely with no other draw")
    func newScreenfulIsRasterizedWithinTheBudget() async throws {
        let (view, window) = try await show(TestWall(initial: 60))
        defer { GTKHost.close(window) }
        // A budget of 0 µs: one cell a frame (the default, 1 ms, may fit them all on a fast machine).
        wf_flatten_set_raster_budget(0)
        defer { wf_flatten_set_raster_budget(1_000) }
        // New content, drawn from recordings: nothing draws the canvas a second time yet.
        await GTKHost.pump(frames: 2, of: view.widget)
        try #require(wf_flatten_applies(view.widget) != 0, "the tests run with GSK_RENDERER=cairo")
        let cells = view.model.visibleIndices.compactMap { view.model.cell(at: $0) }
        func rasterized() -> [WaterfallImageCell] { cells.filter { wf_flatten_is_rasterized($0.widget) != 0 } }
        try #require(cells.count >= 2, "\(cells.count) cells shown")
        #expect(rasterized().isEmpty, "new content is not rasterized the first time")

        // Drawn again in place: the frame rasterizes one cell, not the screenful (polled between
        // frames: the first cells seen rasterized are one frame's).
        gtk_widget_queue_draw(view.widget)
        try #require(await GTKHost.pump(until: { !rasterized().isEmpty }), "no cell was rasterized")
        #expect(rasterized().count == 1, "\(rasterized().count) of \(cells.count) cells rasterized in one frame")

        // The canvas asks for the frames that rasterize the rest.
        #expect(await GTKHost.pump(until: { rasterized().count == cells.count }), "\(rasterized().count) of \(cells.count) cells rasterized")
    }

    /// After two frames, a cell wholly on screen, flattened (the tests run with the cairo
    /// renderer), with its index and frame.
    private func flattenedCellOnScreen(in view: WaterfallView<WaterfallImageCell>) async throws
        -> (index: Int, cell: WaterfallImageCell, frame: Rect) {
        await GTKHost.pump(frames: 2, of: view.widget)
        try #require(wf_flatten_applies(view.widget) != 0, "the tests run with GSK_RENDERER=cairo")
        let index = try #require(view.model.visibleIndices.first { index in
            guard let frame = view.model.placedAttributes(at: index)?.frame else { return false }
            return frame.minY >= 0 && frame.maxY < view.model.viewportSize.height
        }, "a cell wholly on screen")
        let cell = try #require(view.model.cell(at: index))
        try #require(wf_flatten_is_marked(cell.widget) != 0)
        return (index, cell, try #require(view.model.placedAttributes(at: index)).frame)
    }
}

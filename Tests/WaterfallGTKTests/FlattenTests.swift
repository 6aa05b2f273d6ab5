import CWaterfallGtk
import CWaterfallGtk4
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("with the cairo renderer a cell is drawn from its raster, which is redrawn when its content changes")
    func flattenedCellFollowsItsContent() async throws {
        let wall = TestWall(initial: 60)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        await GTKHost.pump(frames: 2, of: view.widget)
        try #require(wf_flatten_applies(view.widget) != 0, "the tests run with GSK_RENDERER=cairo")

        let index = try #require(view.model.visibleIndices.first { index in
            guard let frame = view.model.placedAttributes(at: index)?.frame else { return false }
            return frame.minY >= 0 && frame.maxY < view.model.viewportSize.height
        }, "a cell wholly on screen")
        let cell = try #require(view.model.cell(at: index))
        try #require(wf_flatten_is_marked(cell.widget) != 0)
        let frame = try #require(view.model.placedAttributes(at: index)).frame
        let x = Int(frame.midX), y = Int(frame.minY + 30)
        func shown() throws -> [Int] { rgb(pixels(of: try WidgetSnapshot.texture(of: view.widget)), x, y) }

        let color = TestWall.color(of: wall.ids[index])
        #expect(close(try shown(), [Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF)]))

        // A new image: the cached raster must not be shown again.
        cell.setImage(TestWall.texture(color: 0x10_E0_E0))
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(close(try shown(), [0x10, 0xE0, 0xE0]))

        // No image: the placeholder's gradient (#ece8e2 → #d9d3ca), drawn from the shared raster.
        cell.setImage(nil)
        await GTKHost.pump(frames: 2, of: view.widget)
        let placeholder = try shown()
        #expect(zip(placeholder, zip([0xD9, 0xD3, 0xCA], [0xEC, 0xE8, 0xE2])).allSatisfy { $0 >= $1.0 - 2 && $0 <= $1.1 + 2 },
                "\(placeholder) lies on the placeholder's gradient")
        #expect(wf_flatten_gradient_cache_count() > 0)

        // Selected: the ring is part of the raster too.
        cell.isSelected = true
        await GTKHost.pump(frames: 2, of: view.widget)
        let ring = rgb(pixels(of: try WidgetSnapshot.texture(of: view.widget)), x, Int(frame.minY) + 1)
        #expect(close(ring, [0x35, 0x84, 0xE4], tolerance: 40), "\(ring) is the selection ring's blue")
    }
}

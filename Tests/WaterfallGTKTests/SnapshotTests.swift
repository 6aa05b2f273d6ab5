import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    /// Downloads a texture as premultiplied BGRA bytes (GDK_MEMORY_DEFAULT, little-endian).
    func pixels(of texture: GObjectRef<OpaquePointer>) -> (bytes: [UInt8], width: Int, stride: Int) {
        let width = Int(gdk_texture_get_width(texture.pointer))
        let height = Int(gdk_texture_get_height(texture.pointer))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture.pointer, $0.baseAddress, gsize(width * 4)) }
        return (bytes, width, width * 4)
    }

    /// The RGB of the pixel at (`x`, `y`).
    func rgb(_ image: (bytes: [UInt8], width: Int, stride: Int), _ x: Int, _ y: Int) -> [Int] {
        let offset = y * image.stride + x * 4
        return [Int(image.bytes[offset + 2]), Int(image.bytes[offset + 1]), Int(image.bytes[offset])]
    }

    func close(_ a: [Int], _ b: [Int], tolerance: Int = 10) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("a snapshot shows every visible cell's picture in place, and the background between them")
    func snapshotDrawsCells() async throws {
        let wall = TestWall(initial: 200)
        let (view, window) = try await show(wall)
        defer { Task { await GTKHost.close(window) } }
        await GTKHost.pump(frames: 2, of: view.widget)

        let texture = try WidgetSnapshot.texture(of: view.widget)
        let image = pixels(of: texture)
        let visible = view.model.visibleIndices
        #expect(visible.count >= 6)
        for index in visible {
            let frame = try #require(view.model.placedAttributes(at: index)).frame
            // The middle of the picture, well above the caption strip, inside the viewport.
            let x = Int(frame.midX), y = Int(min(frame.minY + 30, frame.maxY - 30))
            guard y > 0, y < Int(view.model.viewportSize.height) else { continue }
            let color = TestWall.color(of: wall.ids[index])
            let expected = [Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF)]
            #expect(close(rgb(image, x, y), expected), "item \(index) at (\(x), \(y))")
        }
        // The top-left margin shows the wall's background (#f3f1ee).
        #expect(close(rgb(image, 3, 3), [0xF3, 0xF1, 0xEE]))

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-gtk-test.png").path
        try WidgetSnapshot.savePNG(of: view.widget, to: path)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size > 1000)
    }
}

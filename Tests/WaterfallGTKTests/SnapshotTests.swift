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

    /// Saves `widget` as a PNG, reads the file back with GDK and checks it holds the same picture
    /// as `texture` (the widget's snapshot): its size and the pixels at `points`.
    func expectPNGRoundTrip(of widget: some GPointer, matching texture: GObjectRef<OpaquePointer>, name: String,
                            points: [(Int, Int)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: path)
        try WidgetSnapshot.savePNG(of: widget, to: path)
        var error: UnsafeMutablePointer<GError>?
        let loaded = try #require(gdk_texture_new_from_filename(path, &error), "the PNG reads back",
                                  sourceLocation: sourceLocation)
        let file = GObjectRef(adopting: loaded)
        #expect(gdk_texture_get_width(loaded) == gdk_texture_get_width(texture.pointer), sourceLocation: sourceLocation)
        #expect(gdk_texture_get_height(loaded) == gdk_texture_get_height(texture.pointer), sourceLocation: sourceLocation)
        let saved = pixels(of: file), drawn = pixels(of: texture)
        for (x, y) in points {
            #expect(close(rgb(saved, x, y), rgb(drawn, x, y), tolerance: 2), "pixel (\(x), \(y))", sourceLocation: sourceLocation)
        }
    }

    @Test("a snapshot shows every visible cell's picture in place, and the background between them")
    func snapshotDrawsCells() async throws {
        let wall = TestWall(initial: 200)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        await GTKHost.pump(frames: 2, of: view.widget)

        let texture = try WidgetSnapshot.texture(of: view.widget)
        let image = pixels(of: texture)
        let visible = view.model.visibleIndices
        #expect(visible.count >= 6)
        var probes: [(Int, Int)] = []
        for index in visible {
            let frame = try #require(view.model.placedAttributes(at: index)).frame
            // The middle of the picture, well above the caption strip, inside the viewport.
            let x = Int(frame.midX), y = Int(min(frame.minY + 30, frame.maxY - 30))
            guard y > 0, y < Int(view.model.viewportSize.height) else { continue }
            let color = TestWall.color(of: wall.ids[index])
            let expected = [Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF)]
            #expect(close(rgb(image, x, y), expected), "item \(index) at (\(x), \(y))")
            probes.append((x, y))
        }
        #expect(probes.count >= 6, "at least six pictures checked, not only partly visible ones")
        // The top-left margin shows the wall's background, the theme's view colour.
        #expect(close(rgb(image, 3, 3), try themeRGB("theme_base_color", of: view.widget)))

        try expectPNGRoundTrip(of: view.widget, matching: texture, name: "waterfall-gtk-test.png", points: probes + [(3, 3)])
    }
}

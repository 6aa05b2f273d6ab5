import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("a carousel snapshot: items in a row, the centred one drawn larger than its neighbours")
    func carouselSnapshot() async throws {
        let wall = PhotoWall(count: 20)
        let (view, window) = try await showPhotos(wall, layout: CarouselLayout())
        defer { GTKHost.close(window) }
        #expect(scrollRange(of: view.horizontalAdjustment) > 0, "it scrolls sideways")
        #expect(scrollRange(of: view.adjustment) == 0)
        view.scroll(to: 3 * 140)
        try await finishAnimations(view)
        #expect(view.contentOffset == 420)
        let texture = try WidgetSnapshot.texture(of: view.widget)
        let image = pixels(of: texture)

        /// How many pixels of item `index`'s colour its row shows (its drawn width).
        func drawnWidth(_ index: Int) throws -> Int {
            let frame = try #require(view.model.placedAttributes(at: index)).frame
            let y = Int(frame.minY + 20)
            let range = max(0, Int(frame.minX) - 20)..<min(image.width, Int(frame.maxX) + 20)
            return range.filter { close(rgb(image, $0, y), expectedRGB(of: index)) }.count
        }
        let centre = try drawnWidth(3)
        #expect(centre >= 128 && centre <= 131)
        #expect(try drawnWidth(2) < centre - 10)
        #expect(try drawnWidth(4) < centre - 10)
        #expect(try drawnWidth(1) < drawnWidth(2))
        #expect(try drawnWidth(5) < drawnWidth(4))
        // The centre item is drawn on top of its (overlapping) neighbours' slots, and the
        // background shows above the row.
        let middle = try #require(view.model.placedAttributes(at: 3)).frame
        #expect(close(rgb(image, Int(middle.midX), Int(middle.minY + 20)), expectedRGB(of: 3)))
        #expect(close(rgb(image, Int(middle.midX), 5), try themeRGB("theme_base_color", of: view.widget)))

        try expectPNGRoundTrip(of: view.widget, matching: texture, name: "waterfall-carousel-test.png",
                               points: [(Int(middle.midX), Int(middle.minY + 20)), (Int(middle.midX), 5)])
    }

    @Test("a circle snapshot: every item on the ring around the centre, the centre empty, nothing to scroll")
    func circleSnapshot() async throws {
        let wall = PhotoWall(count: 6)
        let (view, window) = try await showPhotos(wall, layout: CircleLayout())
        defer { GTKHost.close(window) }
        #expect(scrollRange(of: view.horizontalAdjustment) == 0 && scrollRange(of: view.adjustment) == 0)
        #expect(view.model.viewportSize == Size(width: 800, height: 400))
        let image = pixels(of: try WidgetSnapshot.texture(of: view.widget))
        #expect(view.model.liveIndices == Array(0..<6))
        for index in 0..<6 {
            let frame = try #require(view.model.placedAttributes(at: index)).frame
            let angle = 2 * Double.pi / 6 * Double(index)
            #expect(abs(frame.midX - (400 + 70 * sin(angle))) < 1e-9 && abs(frame.midY - (200 + 70 * cos(angle))) < 1e-9)
            #expect(close(rgb(image, Int(frame.midX), Int(frame.minY + 12)), expectedRGB(of: index)), "item \(index)")
        }
        #expect(close(rgb(image, 400, 200), try themeRGB("theme_base_color", of: view.widget)))
        #expect(close(rgb(image, 5, 5), try themeRGB("theme_base_color", of: view.widget)))
    }

    /// How far `adjustment` can scroll (0: the scrolled window shows no scrollbar for it).
    func scrollRange(of adjustment: UnsafeMutablePointer<GtkAdjustment>) -> Double {
        gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    }
}

import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    /// Seed 003's photos in a window, laid out by `layout` and painted.
    func showPhotos(_ wall: PhotoWall, layout: any CollectionLayout, width: Int = 800, height: Int = 400) async throws
        -> (view: WaterfallView<WaterfallImageCell>, window: UnsafeMutablePointer<GtkWidget>) {
        try GTKHost.start()
        let view = WaterfallView(dataSource: wall, delegate: wall, layout: layout)
        wall.view = view
        let window = try await GTKHost.window(showing: view.scrolledWindow, width: width, height: height)
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        await GTKHost.pump(frames: 2, of: view.widget)
        return (view, window)
    }

    /// Runs the loop until the view's transition and settle are over, then one more frame.
    func finishAnimations(_ view: WaterfallView<WaterfallImageCell>) async throws {
        try #require(await GTKHost.pump(until: { !view.isAnimatingTransition && view.snapping.settle == nil && view.snapping.timer == nil }),
                     "the animation never finished")
        await GTKHost.pump(frames: 2, of: view.widget)
    }

    /// The rectangle a cell's widget is drawn in, in the view's coordinates (its transform,
    /// scale included, applied).
    func drawnBounds(_ cell: WaterfallImageCell, in view: WaterfallView<WaterfallImageCell>) throws -> Rect {
        var bounds = graphene_rect_t()
        try #require(gtk_widget_compute_bounds(cell.widget, view.widget, &bounds) != 0)
        return Rect(x: Double(bounds.origin.x), y: Double(bounds.origin.y),
                      width: Double(bounds.size.width), height: Double(bounds.size.height))
    }

    /// Expects every live cell to be drawn exactly where the layout puts its item: the model's
    /// attributes are the layout's (relative to the viewport, mirrored in its width for a
    /// right-to-left layout that does not scroll vertically), the view presents them, and
    /// the widget's bounds are the frame scaled around its centre (to the pixel).
    func expectCellsWhereTheLayoutSays(_ view: WaterfallView<WaterfallImageCell>,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let model = view.model
        #expect(!model.liveIndices.isEmpty, sourceLocation: sourceLocation)
        for index in model.liveIndices {
            let cell = try #require(model.cell(at: index), sourceLocation: sourceLocation)
            var expected = model.layout.layoutAttributes(at: index)
                .offsetBy(dx: -model.contentOffset.x, dy: -model.contentOffset.y)
            if model.layoutDirection == .rightToLeft, model.layout.scrollAxis != .vertical {
                expected.frame.origin.x = model.viewportSize.width - expected.frame.minX - expected.frame.width   // mirrored
            }
            #expect(model.placedAttributes(at: index) == expected, "item \(index)", sourceLocation: sourceLocation)
            #expect(view.presentedAttributes(of: cell) == expected, "item \(index)", sourceLocation: sourceLocation)
            #expect(gtk_widget_get_opacity(cell.widget) == 1, "item \(index)", sourceLocation: sourceLocation)
            let frame = expected.frame
            let scaled = frame.insetBy(dx: frame.width * (1 - expected.scale) / 2, dy: frame.height * (1 - expected.scale) / 2)
            let drawn = try drawnBounds(cell, in: view)
            for (a, b) in [(drawn.minX, scaled.minX), (drawn.minY, scaled.minY), (drawn.maxX, scaled.maxX), (drawn.maxY, scaled.maxY)] {
                #expect(abs(a - b) <= 1, "item \(index): drawn \(drawn), layout \(scaled)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The colour of photo/item `id` as [r, g, b].
    func expectedRGB(of id: Int) -> [Int] {
        let color = TestWall.color(of: id)
        return [Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF)]
    }
}

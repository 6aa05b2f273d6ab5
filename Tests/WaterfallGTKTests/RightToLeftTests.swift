import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("a right-to-left widget draws column 0 at the right, mirrored, and a real click selects the item under it")
    func rightToLeftWall() async throws {
        let wall = TestWall(initial: 200)
        try GTKHost.start()
        let view = WaterfallView(dataSource: wall, delegate: wall)
        gtk_widget_set_direction(view.widget, GTK_TEXT_DIR_RTL)
        let window = try await GTKHost.window(showing: view.scrolledWindow, width: 800, height: 600)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        await GTKHost.pump(frames: 2, of: view.widget)
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
}

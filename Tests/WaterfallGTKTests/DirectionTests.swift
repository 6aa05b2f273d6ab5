import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("the view follows its widget's text direction live, and Left/Right arrows swap with it")
    func followsTextDirection() async throws {
        let wall = TestWall(initial: 60)
        let (view, window) = try await show(wall, width: 800, height: 600)
        defer { GTKHost.close(window) }
        let width = view.model.viewportSize.width
        let leftToRight = view.model.layout.frame(at: 0)
        #expect(view.model.layoutDirection == .leftToRight)

        gtk_widget_set_direction(view.widget, GTK_TEXT_DIR_RTL)
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(view.model.layoutDirection == .rightToLeft)
        let mirrored = view.model.layout.frame(at: 0)
        #expect(abs(mirrored.minX - (width - leftToRight.maxX)) < 0.5, "item 0 at \(mirrored), was \(leftToRight)")
        #expect(mirrored.minY == leftToRight.minY)

        view.focus(5)
        #expect(view.keyPressed(UInt32(GDK_KEY_Right)))
        #expect(view.focusedIndex == 4, "Right moves back in a right-to-left wall")
        #expect(view.keyPressed(UInt32(GDK_KEY_Left)))
        #expect(view.focusedIndex == 5, "Left moves forward in a right-to-left wall")

        gtk_widget_set_direction(view.widget, GTK_TEXT_DIR_LTR)
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(view.model.layout.frame(at: 0) == leftToRight)
        #expect(view.keyPressed(UInt32(GDK_KEY_Right)))
        #expect(view.focusedIndex == 6)
    }

    @Test("adaptive columns work through the view: the count follows the window's width")
    func adaptiveColumnsThroughTheView() async throws {
        let wall = TestWall(initial: 80)
        wall.columnRule = .adaptive(minimumWidth: 150)
        let (view, window) = try await show(wall, width: 900, height: 600)
        defer { GTKHost.close(window) }
        let columns = { (view.model.layout as? WaterfallCollectionLayout)?.engine.columnCount }
        // Columns of at least 150 px with 8 px insets and spacing: n·150 + (n + 1)·8 ≤ width.
        let fitting = { (width: Double) in Int((width - 8) / 158) }
        #expect(columns() == fitting(view.model.viewportSize.width))
        #expect(view.model.cellWidth >= 150)

        gtk_window_set_default_size(gcast(window), 400, 600)
        try #require(await GTKHost.pump(until: { view.model.viewportSize.width < 500 }), "the window was not resized")
        #expect(columns() == fitting(view.model.viewportSize.width))
        #expect(columns() == 2)
    }
}

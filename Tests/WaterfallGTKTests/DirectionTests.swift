import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("the view follows its widget's text direction live, and Left/Right arrows still go left and right on screen")
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

        // Item 1 heads the second column from the right: Right goes to the column on its right
        // on screen, Left back to its own.
        let frame = { (index: Int) in view.model.layout.frame(at: index) }
        view.focus(1)
        #expect(view.keyPressed(UInt32(GDK_KEY_Right)))
        let right = try #require(view.focusedIndex)
        #expect(frame(right).minX >= frame(1).maxX - 0.5, "Right moves right on screen in a right-to-left wall: \(right)")
        #expect(view.keyPressed(UInt32(GDK_KEY_Left)))
        #expect(abs(try #require(view.focusedIndex.map(frame)).minX - frame(1).minX) < 0.5, "Left comes back to item 1's column")

        gtk_widget_set_direction(view.widget, GTK_TEXT_DIR_LTR)
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(view.model.layout.frame(at: 0) == leftToRight)
        view.focus(0)
        #expect(view.keyPressed(UInt32(GDK_KEY_Right)))
        #expect(try #require(view.focusedIndex.map(frame)).minX >= frame(0).maxX - 0.5, "Right moves right left to right")
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

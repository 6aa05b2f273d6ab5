import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

/// Sizes far beyond any screen, from a Swift data source (the list-model and feed paths clamp
/// theirs, see `Examples/python/test_gtk_conventions.py`): the wall shows, scrolls and asks for
/// image pixels without trapping.
@Suite("Extreme item sizes", .serialized)
@MainActor
struct ExtremeSizeTests {
    @Test("items of 1e308 and 1e12 points show and scroll in a finite content, and their image pixel sizes are (0, 0)")
    func hugeItemsNeitherTrapNorAskForHugeImages() async throws {
        try GTKHost.start()
        let wall = TestWall(initial: 60)
        wall.correctedHeights = [1: 1e308, 4: 1e12]
        let view = WaterfallView(dataSource: wall, delegate: wall)
        let window = try await GTKHost.window(showing: view.scrolledWindow, width: 600, height: 400)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        for offset in [5_000, view.maximumContentOffset] {
            view.scroll(to: offset)
            await GTKHost.pump(frames: 2, of: view.widget)
            #expect(view.model.liveCellCount > 0)
            #expect(gtk_adjustment_get_upper(view.adjustment).isFinite, "the content stays finite (the engine's length limit)")
        }
        #expect(view.cellPixelSize(forImageWidth: 1, height: 1e300) == (0, 0))
        #expect(view.cellPixelSize(forImageWidth: 1e-300, height: 1) == (0, 0))
        let ordinary = view.cellPixelSize(forImageWidth: 100, height: 50)
        #expect(ordinary.width > 0 && abs(ordinary.height * 2 - ordinary.width) <= 1)
        // In rows the row height is fixed and the width follows the aspect ratio.
        view.setLayout(WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)), animated: false)
        await GTKHost.pump(frames: 2, of: view.widget)
        let rows = (view.model.layout as? WaterfallCollectionLayout)?.engine.columnWidth ?? 0
        let inRow = view.cellPixelSize(forImageWidth: 100, height: 50)
        #expect(rows > 0 && inRow.height == Int((rows * Double(view.scaleFactor)).rounded()))
        #expect(abs(inRow.width - inRow.height * 2) <= 1)
        #expect(view.cellPixelSize(forImageWidth: 1e300, height: 1) == (0, 0))
    }
}

import CAccessibilityTesting
import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK
@testable import waterfall_demo

extension WallTests {
    @Test("every cell of the demo's shop wall has its item's title and price as accessible label, reused cells too")
    func shopCellsAreLabelledWithTitleAndPrice() async throws {
        try GTKHost.start()
        let wall = ShopWall(feed: ShopFeed(total: 400, pageSize: 50, initiallyLoaded: 400), columns: .fixed(3),
                            networkDelay: .zero)
        let view = WaterfallView(dataSource: wall, delegate: wall)
        wall.view = view
        let window = try await GTKHost.window(showing: view.widget, width: 800, height: 600)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        var checked = 0
        for offset in [0, 5_000, 20_000] {
            view.scroll(to: Double(offset))
            await GTKHost.pump(frames: 1, of: view.widget)
            let live = view.model.liveIndices
            #expect(live.count >= 6, "offset \(offset)")
            for index in live {
                let item = wall.feed.item(at: index)
                let cell = try #require(view.model.cell(at: index))
                #expect(!item.title.isEmpty && item.price.hasPrefix("$"))
                #expect(accessibility_testing_label_is(cell.widget, "\(item.title), \(item.price)") != 0,
                        "item \(index): \(item.title), \(item.price)")
                checked += 1
            }
        }
        #expect(checked >= 18)
        #expect(wall.cellsCreated < checked, "some of the checked cells were reused")
    }
}

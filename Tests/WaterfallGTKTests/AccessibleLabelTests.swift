import CWaterfallGtk4
import CWaterfallTestShims
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("every cell of a feed wall has its item's title and price as accessible label, reused cells too")
    func feedCellsAreLabelledWithTitleAndPrice() async throws {
        // The test server's page 1 item i: title "Item 1.i", price 10 + i (even i) or "i.99".
        let per = 120
        let (wall, window) = try await showFeed("/feed/\(uniqueKey())/{page}.json?pages=1&per=\(per)")
        defer { GTKHost.close(window) }
        let view = wall.view
        try #require(await GTKHost.pump(until: { view.model.numberOfItems == per }, timeout: .seconds(10)),
                     "the page never arrived")
        var checked = 0
        for fraction in [0.0, 0.5, 1.0] {
            view.scroll(to: fraction * view.maximumContentOffset)
            await GTKHost.pump(frames: 1, of: view.widget)
            let live = view.model.liveIndices
            #expect(live.count >= 6, "at \(fraction) of the content")
            for index in live {
                let cell = try #require(view.model.cell(at: index))
                let label = "Item 1.\(index), " + (index % 2 == 0 ? "\(10 + index)" : "\(index).99")
                #expect(wf_accessible_label_is(cell.widget, label) != 0, "item \(index): \(label)")
                checked += 1
            }
        }
        #expect(checked >= 18)
        #expect(wall.cellsCreated < checked, "some of the checked cells were reused")
    }
}

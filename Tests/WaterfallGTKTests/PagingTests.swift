import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("refresh (Ctrl+R) prepends new items without moving what the reader sees")
    func refreshKeepsPlace() async throws {
        let wall = TestWall(initial: 300)
        wall.holdsResponses = true
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.isPullToRefreshEnabled = true
        view.scroll(to: 1234)
        await GTKHost.pump(frames: 1, of: view.widget)
        let before = try firstVisible(view)
        let id = wall.ids[before.index]

        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        try input.move(to: view.widget, x: 100, y: 100)
        input.press(GDK_KEY_r, control: true)
        try #require(await GTKHost.pump(until: { view.model.refreshState == .refreshing }), "Ctrl+R never arrived")
        #expect(view.chrome.header.isVisible)
        #expect(wall.heldCount == 1)
        wall.releaseHeld()
        try #require(await GTKHost.pump(until: { view.model.refreshState == .done }))
        await GTKHost.pump(frames: 1, of: view.widget)

        #expect(wall.refreshRequests == 1)
        #expect(wall.ids.count == 300 + wall.refreshBatch)
        let index = before.index + wall.refreshBatch
        #expect(wall.ids[index] == id)
        let frame = try #require(view.model.placedAttributes(at: index)).frame
        #expect(abs(frame.minY - before.y) < 1, "item \(id) moved from y \(before.y) to \(frame.minY)")
        #expect(!view.chrome.header.isVisible)
    }

    @Test("load-more asks exactly once per page, shows a spinner meanwhile, and stops at the end")
    func loadMoreOncePerPage() async throws {
        let wall = TestWall(initial: 40, total: 100, pageSize: 20)
        wall.holdsResponses = true
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.model.isLoadMoreEnabled = true

        var pages = 0
        while wall.ids.count < 100 {
            let count = wall.ids.count
            // Hammer the bottom while the page is on its way: still one request.
            for _ in 0..<5 {
                view.scroll(to: view.maximumContentOffset)
                await GTKHost.pump(frames: 1, of: view.widget)
            }
            pages += 1
            #expect(wall.moreRequests == pages, "requests after \(pages) page(s)")
            #expect(view.chrome.footer.isVisible)
            // The page is held until now, so the five frames above all ran while it was on its way.
            #expect(wall.heldCount == 1)
            wall.releaseHeld()
            let arrived = await GTKHost.pump(until: { wall.ids.count > count })
            try #require(arrived, "page \(pages) never arrived")
        }
        for _ in 0..<5 {
            view.scroll(to: view.maximumContentOffset)
            await GTKHost.pump(frames: 1, of: view.widget)
        }
        #expect(wall.moreRequests == 3)
        #expect(view.model.numberOfItems == 100)
        #expect(view.model.loadMoreState == .exhausted)
        #expect(!view.chrome.footer.isVisible)
    }
}

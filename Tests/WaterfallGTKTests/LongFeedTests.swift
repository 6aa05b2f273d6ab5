import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
import WaterfallFeed
@testable import WaterfallGTK

/// A long feed on a `FeedWall`: the items far from the viewport are compacted to their size in the
/// layout and fetched again when the reader comes back, so the items held whole stay bounded.
extension WallTests {
    /// A wall over 1,000 items of the test server holding at most `heldItems` whole, every page loaded.
    func showLongFeed(_ key: String, heldItems: Int, wrapsCaptions: Bool = false) async throws
        -> (wall: FeedWall, window: UnsafeMutablePointer<GtkWidget>) {
        try GTKHost.start()
        let server = try TestServer.get()
        let options = FeedWall.Options(columns: { _ in .fixed(3) }, loadsMore: false, wrapsCaptions: wrapsCaptions,
                                       heldItems: heldItems)
        let wall = try FeedWall(feedURL: server.urlString("/feed/\(key)/{page}.json?pages=20&per=50"),
                                pipeline: ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess)), options: options)
        let window = try await GTKHost.window(showing: wall.widget, width: 800, height: 600)
        var loaded = false
        wall.loadAll { loaded = true }
        try #require(await GTKHost.pump(until: { loaded }, timeout: .seconds(60)), "the feed never loaded")
        try #require(wall.itemCount == 1000)
        return (wall, window)
    }

    @Test("a long feed holds only the items near the viewport; far ones come back, unmoved, when the reader scrolls to them",
          arguments: [false, true])
    func farItemsAreCompactedAndFetchedAgain(wrapsCaptions: Bool) async throws {
        let (wall, window) = try await showLongFeed(uniqueKey(), heldItems: 200, wrapsCaptions: wrapsCaptions)
        defer { GTKHost.close(window) }
        let view = wall.view
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(wall.source.held.count <= 201, "\(wall.source.held.count) items held whole")
        #expect(wall.item(at: 0) != nil && wall.item(at: 900) == nil, "the far end is compacted")
        let far = 900..<960
        let framesBefore = far.map { view.model.layout.frame(at: $0) }

        view.scroll(to: view.model.layout.frame(at: 930).minY)
        let shown = await GTKHost.pump(until: {
            let visible = view.model.visibleIndices
            return !visible.isEmpty && visible.allSatisfy { index in
                guard let item = wall.item(at: index), let cell = view.model.cell(at: index) else { return false }
                return cell.captionText == wall.source.options.caption(item)
            }
        }, timeout: .seconds(20))
        #expect(shown, "the visible items came back and their cells show them")
        #expect(await wall.loader.statistics.pagesRefetched >= 1)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(far.map { view.model.layout.frame(at: $0) } == framesBefore, "no item moved")
        #expect(wall.item(at: 0) == nil, "the top, now far, is compacted")
        #expect(wall.source.held.count <= 201, "\(wall.source.held.count) items held whole")
        #expect(await wall.loader.items.isEmpty, "the loader does not keep a second copy")
    }

    @Test("an endless feed stops loading at the wall's maximum item count, as at its end")
    func loadingStopsAtTheMaximumItemCount() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        let options = FeedWall.Options(columns: { _ in .fixed(3) }, maximumItems: 120)
        let wall = try FeedWall(feedURL: server.urlString("/feed/\(uniqueKey())/{page}.json?pages=1000&per=50"),
                                pipeline: ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess)), options: options)
        let window = try await GTKHost.window(showing: wall.widget, width: 800, height: 600)
        defer { GTKHost.close(window) }
        let view = wall.view
        var scrolls = 0
        while view.model.loadMoreState != .exhausted, scrolls < 30 {
            await scrollToEnd(view)
            await GTKHost.pump(until: { view.model.loadMoreState != .loading }, timeout: .seconds(10))
            scrolls += 1
        }
        #expect(view.model.loadMoreState == .exhausted)
        #expect(wall.itemCount == 150, "three pages of 50: the third reached the maximum")
    }
}

import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
import WaterfallFeed
@testable import WaterfallGTK

/// The library's `FeedWall` against the local feed server (`Tests/feed-server`).
extension WallTests {
    /// A feed wall over `path` on the test server, in a laid-out window.
    func showFeed(_ path: String, schema: FeedSchema = .standard, wrapsCaptions: Bool = false) async throws
        -> (wall: FeedWall, window: UnsafeMutablePointer<GtkWidget>) {
        try GTKHost.start()
        let server = try TestServer.get()
        let wall = try FeedWall(feedURL: server.urlString(path), schema: schema, pipeline: ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess)),
                                options: FeedWall.Options(columns: { _ in .fixed(3) }, wrapsCaptions: wrapsCaptions))
        let window = try await GTKHost.window(showing: wall.widget, width: 800, height: 600)
        return (wall, window)
    }

    /// Scrolls to the bottom of `view` for a few frames.
    func scrollToEnd(_ view: WaterfallView<WaterfallImageCell>) async {
        for _ in 0..<3 {
            view.scroll(to: view.maximumContentOffset)
            await GTKHost.pump(frames: 1, of: view.widget)
        }
    }

    @Test("a feed wall shows the items and images of a local feed, one page at a time, to its end")
    func feedWallShowsServerItems() async throws {
        let key = uniqueKey()
        let (wall, window) = try await showFeed("/feed/\(key)/{page}.json?pages=3&per=12&end=null&real=1")
        defer { GTKHost.close(window) }
        let view = wall.view
        try #require(await GTKHost.pump(until: { view.model.numberOfItems > 0 }, timeout: .seconds(10)),
                     "the first page never arrived")
        #expect(view.model.numberOfItems == 12, "one page at a time")
        #expect(wall.item(at: 0)?.id == "1000")
        let imagesShown = await GTKHost.pump(until: {
            let visible = view.model.visibleIndices
            return !visible.isEmpty && visible.allSatisfy { view.model.cell(at: $0)?.hasImage == true }
        }, timeout: .seconds(10))
        #expect(imagesShown, "every visible cell shows its image from the server")

        var scrolls = 0
        while view.model.loadMoreState != .exhausted, scrolls < 50 {
            await scrollToEnd(view)
            await GTKHost.pump(until: { view.model.loadMoreState != .loading })
            scrolls += 1
        }
        #expect(view.model.loadMoreState == .exhausted)
        #expect(view.model.numberOfItems == 36)
        #expect(Set((0..<wall.itemCount).compactMap { wall.item(at: $0)?.deduplicationKey }).count == 36)
        #expect(!wall.banner.isVisible)
    }

    @Test("a feed wall's options choose its columns, its captions and its error message")
    func feedWallOptions() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        let key = uniqueKey()
        let options = FeedWall.Options(columns: { $0 < 500 ? .fixed(1) : .adaptive(minimumWidth: 300) },
                                       caption: { "#\($0.id ?? "?")" },
                                       errorMessage: { "Could not load: \($0)" })
        // Page 2 is not valid JSON the first time it is asked for.
        let wall = try FeedWall(feedURL: server.urlString("/feed/\(key)/{page}.json?pages=3&per=12&syntax=2:1"),
                                pipeline: ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess)), options: options)
        let window = try await GTKHost.window(showing: wall.widget, width: 800, height: 600)
        defer { GTKHost.close(window) }
        let view = wall.view
        try #require(await GTKHost.pump(until: { view.model.numberOfItems == 12 }, timeout: .seconds(10)))
        let columns = (view.model.layout as? WaterfallCollectionLayout)?.engine.columnCount
        // Columns of at least 300 px with 8 px insets and spacing: n·300 + (n + 1)·8 ≤ width.
        #expect(columns == Int((view.model.viewportSize.width - 8) / 308))
        let visible = try #require(view.model.visibleIndices.first)
        let cell = try #require(view.model.cell(at: visible))
        #expect(cell.captionText == "#\(wall.item(at: visible)?.id ?? "?")")

        await scrollToEnd(view)
        try #require(await GTKHost.pump(until: { view.footerText != nil && view.offersRetry }, timeout: .seconds(10)),
                     "the failure never showed")
        let footer = try #require(view.footerText)
        #expect(footer.hasPrefix("Could not load: "), "footer: \(footer)")
        #expect(footer.contains("/2.json"), "the message gets the error: \(footer)")
    }

    @Test("a page nested 10,000 deep shows the limit in plain words, the details in the status, not a crash; Retry loads the page")
    func deepPageShowsTheLimit() async throws {
        let (wall, window) = try await showFeed("/feed/\(uniqueKey())/{page}.json?pages=2&per=12&deep=2:1")
        defer { GTKHost.close(window) }
        let view = wall.view
        try #require(await GTKHost.pump(until: { view.model.numberOfItems == 12 }, timeout: .seconds(10)))
        await scrollToEnd(view)
        try #require(await GTKHost.pump(until: { view.footerText != nil && view.offersRetry }, timeout: .seconds(10)),
                     "the refusal never showed")
        let footer = try #require(view.footerText)
        #expect(footer.hasPrefix("The page from 127.0.0.1 is too large or too complex to read safely."), "footer: \(footer)")
        let details = view.loadFailure?.details ?? ""
        #expect(details.contains("nesting-depth limit of 64 levels"), "details: \(details)")
        #expect(details.contains("deep=2:1: line 1, column 491"), "details: \(details)")
        #expect(view.model.numberOfItems == 12, "the loaded items stay")
        gtk_widget_activate(view.chrome.footer.retryButton)
        try #require(await GTKHost.pump(until: { view.model.numberOfItems == 24 }, timeout: .seconds(10)),
                     "Retry did not load the page")
        #expect(!wall.banner.isVisible && !view.isShowingStatus && !view.offersRetry)
    }

    @Test("refresh puts the feed's new items in front without moving what the reader sees")
    func refreshPrependsKeepingPlace() async throws {
        let key = uniqueKey()
        // Each request of page 1 brings 3 more new items in front of the old ones.
        let (wall, window) = try await showFeed("/feed/\(key)/{page}.json?pages=1&per=30&grow=3")
        defer { GTKHost.close(window) }
        let view = wall.view
        try #require(await GTKHost.pump(until: { view.model.numberOfItems == 30 }, timeout: .seconds(10)))
        view.scroll(to: 400)
        await GTKHost.pump(frames: 1, of: view.widget)
        let before = try firstVisible(view)
        let item = wall.item(at: before.index)

        view.refresh()
        try #require(await GTKHost.pump(until: { view.model.numberOfItems == 33 }, timeout: .seconds(10)),
                     "the refresh brought no new items")
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect((0..<3).map { wall.item(at: $0)?.id } == ["\(key)-new-3", "\(key)-new-2", "\(key)-new-1"])
        #expect(wall.item(at: before.index + 3) == item)
        let frame = try #require(view.model.placedAttributes(at: before.index + 3)).frame
        #expect(abs(frame.minY - before.y) < 1, "the first visible item moved from \(before.y) to \(frame.minY)")
        #expect(view.model.refreshState != .refreshing)
    }

    @Test("a broken image shows the error placeholder")
    func brokenImageShowsErrorPlaceholder() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        let pipeline = ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess))
        let cell = WaterfallImageCell()
        let request = ImageRequest(url: server.url("/img/\(uniqueKey()).png?broken=1"),
                                   targetSize: ImagePixelSize(width: 100, height: 100))
        #expect(!cell.loadImage(request, from: pipeline))
        #expect(!cell.showsError, "the placeholder shows while loading")
        #expect(await GTKHost.pump(until: { cell.showsError }, timeout: .seconds(10)))
        #expect(!cell.hasImage)
        #expect(cell.errorTooltip == "The image from 127.0.0.1 is damaged or in a format that can't be shown.",
                "plain words: \(cell.errorTooltip ?? "none")")
        #expect(pipeline.statistics.imagesFailed == 1)
    }
}

import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
import WaterfallFeed
@testable import WaterfallGTK

/// One state at a time: the centred status of a first page that failed (with Retry), the
/// footer's Retry after a later page failed, and the app's empty state.
extension WallTests {
    /// Clicks the middle of `button` (inside `view`) with a real pointer (XTEST).
    func click(_ button: UnsafeMutablePointer<GtkWidget>, in view: UnsafeMutablePointer<GtkWidget>) throws {
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        var bounds = graphene_rect_t()
        try #require(gtk_widget_compute_bounds(button, view, &bounds) != 0, "the button is not laid out")
        try input.click(view, x: Double(bounds.origin.x + bounds.size.width / 2),
                        y: Double(bounds.origin.y + bounds.size.height / 2))
    }

    /// Presses Tab (Shift+Tab with `shift`) with the real keyboard (XTEST) and waits until
    /// `widget` has the focus.
    func tab(shift: Bool = false, reaching widget: UnsafeMutablePointer<GtkWidget>, _ what: String) async throws {
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        input.press(shift ? GDK_KEY_ISO_Left_Tab : GDK_KEY_Tab, shift: shift)
        try #require(await GTKHost.pump(until: { gtk_widget_is_focus(widget) != 0 }), "\(what) did not get the focus")
    }

    @Test("real keyboard: the banner's Retry over a feed wall is the Tab stop after the wall")
    func tabReachesTheBannersRetry() async throws {
        let (wall, window) = try await showFeed("/feed/\(uniqueKey())/{page}.json?pages=1&per=12")
        defer { GTKHost.close(window) }
        // The one page is in and no page is loading, so nothing hides the banner.
        try #require(await GTKHost.pump(until: { wall.view.model.numberOfItems == 12 && wall.view.model.loadMoreState != .loading },
                                        timeout: .seconds(60)))
        wall.banner.show("The feed could not be refreshed.")
        await GTKHost.pump(frames: 2, of: wall.view.widget)
        try #require(wall.banner.isVisible)
        gtk_widget_grab_focus(wall.view.widget)
        try await tab(reaching: wall.banner.retryButton, "the banner's Retry, after the wall,")
        try await tab(shift: true, reaching: wall.view.widget, "the wall, by Shift+Tab from the banner's Retry,")
    }

    @Test("a first page that fails shows the centred status with the reason and Retry; Retry loads the feed once the server answers")
    func firstPageFailureShowsStatus() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        // Page 1 answers 503 the first time, then the feed; no automatic retry.
        let loader = try FeedLoader(feedURL: server.urlString("/feed/\(uniqueKey())/{page}.json?pages=2&per=12&fail=1:503:1"),
                                    retryPolicy: RetryPolicy(maximumAttempts: 1, baseDelay: .zero, maximumDelay: .zero))
        let wall = FeedWall(loader: loader, pipeline: ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess)),
                            options: FeedWall.Options(columns: { _ in .fixed(3) }, failureTitle: "The shop could not be loaded"))
        let window = try await GTKHost.window(showing: wall.widget, width: 800, height: 600)
        defer { GTKHost.close(window) }
        let view = wall.view
        try #require(await GTKHost.pump(until: { view.isShowingStatus }, timeout: .seconds(60)), "no status page")
        let status = try #require(view.shownStatus)
        #expect(status.title == "The shop could not be loaded")
        #expect(status.description == "127.0.0.1 is busy (error 503). Try again in a moment.", "plain words: \(status)")
        #expect(status.details?.contains("HTTP 503") == true, "the technical text is under Details: \(status)")
        #expect(gtk_widget_get_visible(view.chrome.statusPage.expander) != 0)
        #expect(view.offersRetry && view.footerText == nil, "one state: the status, no footer")
        #expect(!wall.banner.isVisible, "one state: no banner")
        #expect(view.model.numberOfItems == 0)

        // Tab reaches Retry (and then the Details disclosure); Shift+Tab goes back to the wall.
        gtk_widget_grab_focus(view.widget)
        try await tab(reaching: view.chrome.statusPage.retryButton, "the status page's Retry, after the wall,")
        try await tab(shift: true, reaching: view.widget, "the wall, by Shift+Tab from Retry,")

        try click(view.chrome.statusPage.retryButton, in: view.widget)
        // A bound on waiting, not a timing claim: on a loaded machine the retried page can take a while.
        try #require(await GTKHost.pump(until: { view.model.numberOfItems == 12 }, timeout: .seconds(60)),
                     "Retry did not load the feed")
        #expect(!view.isShowingStatus && !view.offersRetry)
        #expect(wall.item(at: 0)?.id == "1000")
    }

    @Test("a later page that fails shows the footer's Retry with the reason; Retry loads it")
    func laterFailureShowsFooterRetry() async throws {
        // Page 2 is not valid JSON the first time it is asked for.
        let (wall, window) = try await showFeed("/feed/\(uniqueKey())/{page}.json?pages=3&per=12&syntax=2:1")
        defer { GTKHost.close(window) }
        let view = wall.view
        try #require(await GTKHost.pump(until: { view.model.numberOfItems == 12 }, timeout: .seconds(60)))
        let firstPage = (0..<wall.itemCount).map { wall.item(at: $0) }
        await scrollToEnd(view)
        try #require(await GTKHost.pump(until: { view.model.loadMoreState == .failed }, timeout: .seconds(60)),
                     "the failure never showed")
        let footer = try #require(view.footerText)
        #expect(footer.hasPrefix("The page from 127.0.0.1 is not a feed Waterfall can read."), "footer: \(footer)")
        #expect(view.offersRetry && !view.isShowingStatus && !wall.banner.isVisible, "one state: the footer")
        // At the end of the content there is nothing to scroll on, so the footer does not say so.
        #expect(view.contentOffset < view.maximumContentOffset - 1 || !footer.contains("Scroll"), "footer: \(footer)")
        #expect(view.loadFailure?.details?.contains("Malformed feed page") == true)
        #expect(view.model.numberOfItems == 12, "the loaded items stay")

        gtk_widget_grab_focus(view.widget)
        try await tab(reaching: view.chrome.footer.retryButton, "the footer's Retry, after the wall,")
        try await tab(shift: true, reaching: view.widget, "the wall, by Shift+Tab from Retry,")

        try click(view.chrome.footer.retryButton, in: view.widget)
        // At least page 2: at the end of the content, the wall may ask for page 3 at once.
        try #require(await GTKHost.pump(until: { view.model.numberOfItems >= 24 }, timeout: .seconds(60)),
                     "Retry did not load the page")
        #expect(!view.offersRetry && view.model.loadMoreState != .failed)
        #expect((0..<12).map { wall.item(at: $0) } == firstPage, "no item lost or moved")
    }

    @Test("a wall with no items shows the app's empty state: title, description and icon")
    func emptyWallShowsTheAppsEmptyState() async throws {
        try GTKHost.start()
        let wall = TestWall(initial: 0)
        let view = WaterfallView(dataSource: wall, delegate: wall)
        view.model.isLoadMoreEnabled = false
        let empty = WaterfallStatus(title: "No photos yet", description: "Photos you take appear here.",
                                    iconName: "camera-photo-symbolic")
        view.emptyState = empty
        let window = try await GTKHost.window(showing: view.widget, width: 600, height: 400)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.isShowingStatus }), "no empty state")
        #expect(view.shownStatus == empty)
        #expect(!view.offersRetry && view.footerText == nil)
        var bounds = graphene_rect_t()
        try #require(gtk_widget_compute_bounds(view.chrome.statusPage.widget, view.widget, &bounds) != 0)
        #expect(bounds.size.width > 100 && bounds.size.height > 50, "the page is laid out: \(bounds)")
        let width = Float(view.model.viewportSize.width)
        #expect(abs(bounds.origin.x + bounds.size.width / 2 - width / 2) < 2, "centred: \(bounds) in \(width)")

        view.emptyState = nil
        #expect(!view.isShowingStatus, "the app can take it away")
        view.emptyState = empty
        #expect(view.isShowingStatus)
    }

    @Test("a feed without items shows the feed wall's empty state")
    func emptyFeedShowsTheEmptyState() async throws {
        let (wall, window) = try await showFeed("/feed/\(uniqueKey())/{page}.json?pages=0")
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { wall.view.isShowingStatus }, timeout: .seconds(60)),
                     "no empty state")
        #expect(wall.view.shownStatus?.title == "This feed has no items")
        #expect(wall.view.model.numberOfItems == 0 && !wall.banner.isVisible && !wall.view.offersRetry)
        #expect(wall.visibleImagesReady, "a snapshot may be taken of the empty state")
    }
}

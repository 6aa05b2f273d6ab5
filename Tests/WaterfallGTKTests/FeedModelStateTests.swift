import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

/// A `WaterfallMasonryView` over a `WaterfallFeedModel` (wrapped in other list models) shows the
/// feed's state with no more code than the `load-more` and `refresh` handlers the docs show:
/// the footer's spinner while a page loads, the feed's `error-message` with Retry when it
/// fails, no more requests at the end, the status page for a first page that failed, the
/// empty state for a feed without items, and the pull header until a refresh ends. The feeds
/// come from the local feed server (`Tests/feed-server/feed_server.py`).
extension WallTests {
    /// A view made from C over `feed` (adopted) inside `wrap`'s list models, with the default
    /// factory sized by the items' `aspect-ratio`, an empty state, and the handlers of the docs; `loadMoreCalls` counts `load-more`.
    @MainActor
    final class FeedModelWall {
        let feed: OpaquePointer
        let widget: UnsafeMutablePointer<GtkWidget>
        let face: WaterfallView<WaterfallItemCell>
        var loadMoreCalls = 0

        init(uri: String, wrap: (OpaquePointer) -> OpaquePointer) throws {
            feed = try #require(waterfall_feed_model_new(uri, nil, nil))
            #expect(waterfall_feed_model_get_loading(feed) != 0, "loading from construction on")
            g_object_ref(feed.gpointer)
            widget = try #require(waterfall_masonry_view_new(wrap(feed), waterfall_feed_item_factory_new()))
            let view = OpaquePointer(widget)
            waterfall_masonry_view_set_empty_title(view, "Nothing here")
            waterfall_masonry_view_set_aspect_ratio_property(view, "aspect-ratio")
            face = try #require(MasonryViewFaceBox.face(waterfall_masonry_view_get_face(view)) as? WaterfallView<WaterfallItemCell>)
            Signal.connect(widget, "load-more") { [weak self, feed] in
                self?.loadMoreCalls += 1
                waterfall_feed_model_load_more(feed)
            }
            Signal.connect(widget, "refresh") { [feed] in waterfall_feed_model_refresh(feed) }
        }

        #if compiler(>=6.2)
        isolated deinit { g_object_unref(feed.gpointer) }
        #else
        deinit { MainActor.assumeIsolated { g_object_unref(feed.gpointer) } }   // no isolated deinit before Swift 6.2
        #endif

        var itemCount: Int { face.model.numberOfItems }
        var errorMessage: String? { waterfall_feed_model_get_error_message(feed).map { String(cString: $0) } }

        /// Shows the view in a scrolled window of 800×600.
        func show() async throws -> UnsafeMutablePointer<GtkWidget> {
            let scrolled = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_child(gcast(scrolled), widget)
            return try await GTKHost.window(showing: scrolled, width: 800, height: 600)
        }

        func scrollToEnd() async {
            for _ in 0..<3 {
                face.scroll(to: face.maximumContentOffset)
                await GTKHost.pump(frames: 1, of: widget)
            }
        }
    }

    @Test("a masonry view over a feed model (in a filter model, in a single selection) shows a page loading, a failed page's reason with Retry, the retried page, the end, and a refresh until it ends")
    func masonryViewFollowsFeedModelPages() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        // Pages 1–3 of 40 items (more than a screen: the next page waits for the reader), each
        // answered after 300 ms; page 2 is not valid JSON the first time.
        let uri = server.urlString("/feed/\(uniqueKey())/{page}.json?pages=3&per=40&end=null&syntax=2:1&delay=300")
        let wall = try FeedModelWall(uri: uri) { feed in
            gtk_single_selection_new(gcast(gtk_filter_list_model_new(gcast(feed), nil)!))
        }
        let face = wall.face
        #expect(face.listModelSource.feedModel == wall.feed, "found through the selection's and the filter's model")
        let window = try await wall.show()
        defer { GTKHost.close(window) }
        let strings = WaterfallStrings.current

        var sawSpinner = false, sawStatus = false
        try #require(await GTKHost.pump(until: {
            sawSpinner = sawSpinner || face.footerText == strings.loadingMore
            sawStatus = sawStatus || face.isShowingStatus
            return wall.itemCount == 40 && face.model.loadMoreState != .loading
        }, timeout: .seconds(20)), "the first page did not load")
        #expect(sawSpinner, "the footer's spinner while the first page loads")
        #expect(!sawStatus, "no empty state while the first page loads")

        #expect(face.model.loadMoreState == .idle, "state after page 1: \(face.model.loadMoreState)")
        await wall.scrollToEnd()
        try #require(await GTKHost.pump(until: { face.model.loadMoreState == .loading }))
        #expect(face.footerText == strings.loadingMore && waterfall_feed_model_get_loading(wall.feed) != 0,
                "the spinner while page 2 loads")
        try #require(await GTKHost.pump(until: { face.model.loadMoreState != .loading }, timeout: .seconds(20)))
        #expect(face.model.loadMoreState == .failed)
        let message = try #require(wall.errorMessage)
        #expect(face.loadFailure?.title == strings.feedFailed && face.loadFailure?.description == message)
        #expect(face.footerText?.hasPrefix(message) == true && face.offersRetry, "footer: \(face.footerText ?? "none")")
        #expect(wall.itemCount == 40 && !face.isShowingStatus, "a failed page keeps the items")

        gtk_widget_activate(face.chrome.footer.retryButton)
        try #require(await GTKHost.pump(until: { wall.itemCount == 80 && face.model.loadMoreState != .loading }, timeout: .seconds(20)),
                     "Retry did not load page 2: \(face.model.loadMoreState), \(wall.itemCount) items, loading \(waterfall_feed_model_get_loading(wall.feed)), \(wall.loadMoreCalls) load-more, error \(wall.errorMessage ?? "none")")
        #expect(face.model.loadMoreState == .idle && !face.offersRetry && wall.errorMessage == nil)

        await wall.scrollToEnd()
        try #require(await GTKHost.pump(until: { wall.itemCount == 120 && face.model.loadMoreState == .exhausted }, timeout: .seconds(20)),
                     "page 3, the last, did not end the feed")
        #expect(waterfall_feed_model_get_has_more(wall.feed) == 0)
        let calls = wall.loadMoreCalls
        await wall.scrollToEnd()
        await GTKHost.pump(frames: 5, of: wall.widget)
        #expect(wall.loadMoreCalls == calls && face.footerText == nil, "no request after the end")

        face.refresh()
        #expect(face.model.refreshState == .refreshing && waterfall_feed_model_get_loading(wall.feed) != 0)
        var endedWhileLoading = false
        try #require(await GTKHost.pump(until: {
            guard face.model.refreshState != .refreshing else { return false }
            endedWhileLoading = waterfall_feed_model_get_loading(wall.feed) != 0
            return true
        }, timeout: .seconds(20)), "the refresh did not end")
        #expect(!endedWhileLoading, "the pull header stays until the feed stops loading")
        #expect(wall.itemCount == 120 && wall.errorMessage == nil)
    }

    @Test("a masonry view over a feed model shows a failed first page as the status page with the reason and Retry, and an empty feed as its empty state")
    func masonryViewShowsFeedModelStatus() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        // Page 1 answers 403 the first time (no automatic retry for a refusal).
        let failing = try FeedModelWall(uri: server.urlString("/feed/\(uniqueKey())/{page}.json?pages=1&per=12&end=null&fail=1:403:1")) {
            gtk_multi_selection_new($0)
        }
        var window = try await failing.show()
        try #require(await GTKHost.pump(until: { failing.face.isShowingStatus }, timeout: .seconds(20)), "no status page")
        let status = try #require(failing.face.shownStatus)
        #expect(status.title == WaterfallStrings.current.feedFailed && status.description == failing.errorMessage)
        #expect(failing.face.offersRetry && failing.face.footerText == nil, "one state: the status page with Retry")
        gtk_widget_activate(failing.face.chrome.statusPage.retryButton)
        try #require(await GTKHost.pump(until: { failing.itemCount == 12 }, timeout: .seconds(20)), "Retry did not load the feed")
        #expect(!failing.face.isShowingStatus && !failing.face.offersRetry)
        GTKHost.close(window)

        let empty = try FeedModelWall(uri: server.urlString("/feed/\(uniqueKey())/{page}.json?pages=0&end=null&delay=300")) {
            gtk_no_selection_new($0)
        }
        window = try await empty.show()
        defer { GTKHost.close(window) }
        var sawEmptyWhileLoading = false
        try #require(await GTKHost.pump(until: {
            if waterfall_feed_model_get_loading(empty.feed) != 0, empty.face.isShowingStatus { sawEmptyWhileLoading = true }
            return empty.face.model.loadMoreState == .exhausted
        }, timeout: .seconds(20)), "the empty feed did not end")
        #expect(!sawEmptyWhileLoading, "no empty state while the first page loads")
        #expect(empty.face.shownStatus?.title == "Nothing here" && !empty.face.offersRetry)
    }
}

extension WallTests {
    /// Whether `feed` has a `notify::loading` handler.
    @MainActor
    func followsLoading(_ feed: OpaquePointer) -> Bool {
        g_signal_has_handler_pending(feed.gpointer, g_signal_lookup("notify", g_object_get_type()),
                                     g_quark_from_string("loading"), 0) != 0
    }

    @Test("a masonry view over a feed model announces a failed refresh (or tells onRefreshFailure) and keeps the items; it lets go of the feed when the selection shows another model and when it is disposed")
    func masonryViewFeedModelRefreshFailureAndRelease() async throws {
        try GTKHost.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-feed-state-\(uniqueKey())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("1.json")
        let items = (0..<12).map { #"{"id": "\#($0)", "img": "https://example.test/\#($0).png", "w": 100, "h": 150}"# }
        try #"{"items": [\#(items.joined(separator: ","))], "next": null}"#.write(to: page, atomically: true, encoding: .utf8)
        var selection: OpaquePointer?
        let wall = try FeedModelWall(uri: "file://\(directory.path)/{page}.json") { feed in
            selection = gtk_single_selection_new(feed)
            g_object_ref(selection!.gpointer)
            return selection!
        }
        defer { g_object_unref(selection!.gpointer) }
        let face = wall.face
        var window: UnsafeMutablePointer<GtkWidget>? = try await wall.show()
        defer { window.map(GTKHost.close) }
        try #require(await GTKHost.pump(until: { wall.itemCount == 12 && face.model.loadMoreState == .exhausted }, timeout: .seconds(20)))

        try "not a feed".write(to: page, atomically: true, encoding: .utf8)
        face.refresh()
        try #require(await GTKHost.pump(until: { face.model.refreshState != .refreshing }, timeout: .seconds(20)))
        let message = try #require(wall.errorMessage)
        #expect(face.lastAnnouncement == message, "announced: \(face.lastAnnouncement ?? "nothing")")
        #expect(wall.itemCount == 12 && !face.isShowingStatus && !face.offersRetry, "a failed refresh keeps the items")

        var heard: [String] = []
        face.listModelSource.onRefreshFailure = { heard.append($0) }
        face.refresh()
        try #require(await GTKHost.pump(until: { face.model.refreshState != .refreshing }, timeout: .seconds(20)))
        #expect(heard == [message], "the hook hears a failed refresh")

        #expect(followsLoading(wall.feed))
        let store = g_list_store_new(gtk_string_object_get_type())!
        gtk_single_selection_set_model(selection, gcast(store))
        g_object_unref(store.gpointer)
        #expect(face.listModelSource.feedModel == nil && !followsLoading(wall.feed), "the selection shows another model")
        gtk_single_selection_set_model(selection, gcast(wall.feed))
        #expect(face.listModelSource.feedModel == wall.feed && followsLoading(wall.feed), "and the feed again")

        window.map(GTKHost.close)   // disposes the view at once
        window = nil
        #expect(!followsLoading(wall.feed), "the disposed view let go of the feed")
    }
}

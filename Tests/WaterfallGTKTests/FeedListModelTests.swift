import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
import WaterfallFeed
@testable import WaterfallGTK

/// ``FeedListModel``: a `WaterfallFeedModel` over a Swift app's own loader, with its own failure
/// sentences, in a list-model wall whose columns a function chooses and whose failed first page
/// has the app's title.
extension WallTests {
    @Test("FeedListModel: a WaterfallFeedModel over the app's own loader loads, fails in the app's words under its title, loads more and refreshes; columnsFunction chooses the columns")
    func feedListModelOverOwnLoader() async throws {
        try GTKHost.start()
        let pages = ChangingPages()
        await pages.setFailing([1])
        let feed = FeedListModel(loader: FeedLoader(provider: pages)) { error in "Nothing today (\(error.isCancellation))" }
        #expect(waterfall_feed_model_get_uri(feed.model) == nil, "no URI: the app's own loader")
        let view = WaterfallView(model: gtk_no_selection_new(feed.retainedModel())!, factory: waterfall_feed_item_factory_new()!)
        view.listModelSource.aspectRatioProperty = "aspect-ratio"
        view.listModelSource.feedFailureTitle = "The shop is closed"
        view.listModelSource.columnsFunction = { width in width >= 500 ? .fixed(4) : .fixed(2) }
        Signal.connect(view.widget, "load-more") { feed.loadMore() }
        let window = try await GTKHost.window(showing: view.widget, width: 600, height: 500)
        defer { GTKHost.close(window) }

        try #require(await GTKHost.pump(until: { view.isShowingStatus && view.loadFailure != nil }), "no status page for the failed page")
        #expect(view.loadFailure?.title == "The shop is closed")
        #expect(view.loadFailure?.description == "Nothing today (false)")
        #expect(waterfall_feed_model_get_error_message(feed.model).map { String(cString: $0) } == "Nothing today (false)")

        await pages.setFailing([])
        view.model.retryLoadingMore()
        try #require(await GTKHost.pump(until: { g_list_model_get_n_items(gcast(feed.model)) == 8 }), "Retry did not load the pages")
        await GTKHost.pump(frames: 3, of: view.widget)
        let columns = Set((0..<4).map { view.model.layout.frame(at: $0).minX })
        #expect(columns.count == 4, "four columns at 600 points: \(columns.sorted())")

        await pages.setFresh(2)
        feed.refresh()
        #expect(await GTKHost.pump(until: { g_list_model_get_n_items(gcast(feed.model)) == 10 }), "the refresh's items")
        let first = try #require(g_list_model_get_item(gcast(feed.model), 0))
        defer { g_object_unref(first) }
        #expect(String(cString: waterfall_feed_item_get_id(OpaquePointer(first))) == "new0", "the refresh's items at the top")
    }
}

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
        let selection = gtk_no_selection_new(feed.retainedModel())!
        let factory = waterfall_feed_item_factory_new()!
        let view = WaterfallView(model: selection, factory: factory)   // the view takes its own references
        g_object_unref(selection.gpointer)
        g_object_unref(factory)
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
        #expect(feed.itemCount == 10)
        let item = try #require(feed.item(at: 0), "the item as a FeedItem")
        #expect(item.id == "new0" && item.imageURL.absoluteString == "https://example.test/new0.png")
        #expect(item.pixelWidth == 100 && item.pixelHeight == 200)
        #expect(feed.item(at: 10) == nil && feed.item(at: -1) == nil, "out of range")
    }

    @Test("FeedItem(feedItem:): every field of a WaterfallFeedItem, its colour as #RRGGBB; nil while compacted")
    func feedItemFromFeedItemObject() throws {
        try GTKHost.start()
        var color = GdkRGBA(red: 1, green: 0.5, blue: 0, alpha: 1)
        let object = try #require(wf_feed_item_new(7, "a1", "Lamp", "$12", "https://example.test/a1.jpg", 300, 200, 1.5,
                                                   "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "https://example.test/item/a1", &color))
        defer { g_object_unref(object.gpointer) }
        let item = try #require(FeedItem(feedItem: object))
        #expect(item == FeedItem(id: "a1", imageURL: URL(string: "https://example.test/a1.jpg")!, pixelWidth: 300, pixelHeight: 200,
                                 price: "$12", title: "Lamp", colorHex: "#FF8000", blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                                 link: URL(string: "https://example.test/item/a1")))
        wf_feed_item_compact(object)
        #expect(FeedItem(feedItem: object) == nil, "a compacted item has no image URI")
    }
}

import CHeapUsage
import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import Testing
@testable import WaterfallGTK

/// `WaterfallFeedModel` in a long feed: it keeps every item object, but lets go of the strings of
/// those nobody uses far from the ones in use (`held-items`), and gives them back — each
/// property notifying, an `items-changed` of the same items — when a compacted item is asked for
/// and still held once the main loop is idle.
extension WallTests {
    /// A file feed of `pages` pages of 50 items shaped like a photo API's in a new directory.
    func writeLongFeed(pages: Int) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-long-\(uniqueKey())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("page"), withIntermediateDirectories: true)
        for page in 1...pages {
            try longFeedPage(page).write(to: directory.appendingPathComponent("page/\(page).json"), atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// Page `number` of ``writeLongFeed(pages:)``: item *i* is `p<i>`, its image `…/<i>.jpg`.
    func longFeedPage(_ number: Int) -> String {
        let items = ((number - 1) * 50..<number * 50).map { id in
            ##"{"id": "p\##(id)", "img": "https://images.example-cdn.test/photo-1600000\##(id)-a1b2c3d4e5f6.jpg?w=400&q=80", "##
                + ##""w": 4000, "h": 6000, "title": "A quiet morning by the lake, number \##(id)", "price": "$12.99", "##
                + ##""blur_hash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "color": "#A1B2C3"}"##
        }
        return #"{"items": [\#(items.joined(separator: ","))]}"#
    }

    /// Loads pages of `model` until it has `count` items.
    func loadFeedModel(_ model: OpaquePointer, count: Int) async throws {
        while g_list_model_get_n_items(gcast(model)) < count {
            let before = g_list_model_get_n_items(gcast(model))
            waterfall_feed_model_load_more(model)
            try #require(await GTKHost.pump(until: { g_list_model_get_n_items(gcast(model)) > before }), "a page did not load")
        }
    }

    /// The image URI of the item at `position`, read without keeping the item.
    func imageURI(of model: OpaquePointer, at position: Int) -> String? {
        guard let item = g_list_model_get_item(gcast(model), guint(position)) else { return nil }
        defer { g_object_unref(item) }
        return waterfall_feed_item_get_image_uri(OpaquePointer(item)).map { String(cString: $0) }
    }

    @Test("WaterfallFeedModel: far items nobody uses are compacted, those in use never; a compacted item asked for comes back (notify, items-changed); a page that fails leaves it compacted until asked again")
    func feedModelCompactsFarItems() async throws {
        try GTKHost.start()
        let directory = try writeLongFeed(pages: 60)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try #require(waterfall_feed_model_new("file://\(directory.path)/page/{page}.json", nil, nil))
        defer { g_object_unref(model.gpointer) }
        #expect(waterfall_feed_model_get_held_items(model) == 2000)
        waterfall_feed_model_set_held_items(model, 200)
        try await loadFeedModel(model, count: 50)
        // The app holds item 10: in use, it anchors the items held whole (10 ± 100).
        let kept = try #require(g_list_model_get_item(gcast(model), 10))
        defer { g_object_unref(kept) }
        try await loadFeedModel(model, count: 3000)
        try #require(await GTKHost.pump(until: { imageURI(of: model, at: 2999) == nil }), "the far end was never compacted")

        #expect(waterfall_feed_item_get_image_uri(OpaquePointer(kept)) != nil, "an item in use is never compacted")
        #expect(imageURI(of: model, at: 0) != nil && imageURI(of: model, at: 110) != nil, "near items stay whole")
        #expect(imageURI(of: model, at: 111) == nil && imageURI(of: model, at: 1500) == nil, "far items are compacted")
        let far = try #require(g_list_model_get_item(gcast(model), 2500))
        defer { g_object_unref(far) }
        let farItem = OpaquePointer(far)
        #expect(waterfall_feed_item_get_title(farItem) == nil && waterfall_feed_item_get_id(farItem) == nil
                    && waterfall_feed_item_get_color(farItem) == nil, "a compacted item's strings read as NULL")
        #expect(waterfall_feed_item_get_width(farItem) == 4000 && waterfall_feed_item_get_aspect_ratio(farItem) == 4000.0 / 6000,
                "its sizes stay")

        // Held (as a bound cell holds it): its page is fetched again and it comes back.
        var changes: [[UInt32]] = []
        recordItemsChanged(of: model) { changes.append($0) }
        var notified: [String] = []
        for name in ["image-uri", "title", "subtitle", "blurhash", "color", "id", "link"] {
            Signal.connect(farItem, "notify::\(name)") { notified.append(name) }
        }
        try #require(await GTKHost.pump(until: { waterfall_feed_item_get_image_uri(farItem) != nil }), "never came back")
        #expect(String(cString: waterfall_feed_item_get_title(farItem)) == "A quiet morning by the lake, number 2500")
        #expect(String(cString: waterfall_feed_item_get_id(farItem)) == "p2500")
        #expect(waterfall_feed_item_get_color(farItem) != nil)
        #expect(Set(notified) == ["image-uri", "title", "subtitle", "blurhash", "color", "id"], "each string notifies once")
        #expect(notified.count == 6)
        try #require(await GTKHost.pump(until: { !changes.isEmpty }))
        #expect(changes.contains { $0[0] <= 2500 && 2500 < $0[0] + $0[1] && $0[1] == $0[2] }, "\(changes)")
        let again = try #require(g_list_model_get_item(gcast(model), 2500))
        g_object_unref(again)
        #expect(again == far, "the same object")
        // Each item in use keeps its own neighbours whole (a selection's item far above the
        // reader does not cost the items around the screen), the rest stay compacted.
        #expect(imageURI(of: model, at: 2549) != nil, "its page's other items, near it, stay whole")
        #expect(imageURI(of: model, at: 0) != nil, "the items near item 10, in use too, stay whole")
        #expect(imageURI(of: model, at: 2601) == nil && imageURI(of: model, at: 1500) == nil, "items far from both stay compacted")

        // A page that fails to load again leaves its items compacted; asked again, they come back.
        let pageFile = directory.appendingPathComponent("page/40.json")   // items 1950..<2000
        try "{".write(to: pageFile, atomically: true, encoding: .utf8)
        let failing = try #require(g_list_model_get_item(gcast(model), 1960))
        defer { g_object_unref(failing) }
        await GTKHost.pump(until: { false }, timeout: .seconds(1))
        #expect(waterfall_feed_item_get_image_uri(OpaquePointer(failing)) == nil, "still compacted")
        try longFeedPage(40).write(to: pageFile, atomically: true, encoding: .utf8)
        let askedAgain = try #require(g_list_model_get_item(gcast(model), 1960))
        g_object_unref(askedAgain)
        #expect(await GTKHost.pump(until: { waterfall_feed_item_get_image_uri(OpaquePointer(failing)) != nil }),
                "asked again, it came back")
    }

    @Test("WaterfallFeedModel under a wall of WaterfallFeedItemFactory: scrolled to the end, the top is compacted; back at the top, the cells show their items again")
    func feedModelWallScrolledToTheEndAndBack() async throws {
        try GTKHost.start()
        let directory = try writeLongFeed(pages: 60)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try #require(waterfall_feed_model_new("file://\(directory.path)/page/{page}.json", nil, nil))
        waterfall_feed_model_set_held_items(model, 200)
        try await loadFeedModel(model, count: 3000)
        let selection = gtk_no_selection_new(gcast(model))!   // takes the model
        let factory = waterfall_feed_item_factory_new()!
        let view = WaterfallView(model: gcast(selection), factory: factory)
        g_object_unref(selection.gpointer)
        g_object_unref(factory)
        waterfall_masonry_view_set_columns(view.masonryView, 3)
        waterfall_masonry_view_set_aspect_ratio_property(view.masonryView, "aspect-ratio")
        let window = try await GTKHost.window(showing: view.widget, width: 800, height: 600)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }))

        /// Whether every visible cell's picture shows an image (a compacted item has none).
        func visibleCellsShowImages() -> Bool {
            let visible = view.model.visibleIndices
            return !visible.isEmpty && visible.allSatisfy { index in
                guard let cell = view.model.cell(at: index), let root = waterfall_item_get_child(cell.item),
                      let column = gtk_widget_get_first_child(root), let frame = gtk_widget_get_first_child(column),
                      let picture = gtk_widget_get_first_child(frame) else { return false }
                return gtk_picture_get_paintable(gcast(picture)) != nil
            }
        }
        #expect(visibleCellsShowImages())
        view.scroll(to: 1e9)
        try #require(await GTKHost.pump(until: { view.model.visibleIndices.contains(2999) }), "never reached the end")
        #expect(await GTKHost.pump(until: { imageURI(of: model, at: 0) == nil }), "the top, far and unused, is compacted")
        #expect(await GTKHost.pump(until: visibleCellsShowImages), "the end's cells show their items")

        view.scroll(to: 0)
        try #require(await GTKHost.pump(until: { view.model.visibleIndices.contains(0) }))
        #expect(await GTKHost.pump(until: visibleCellsShowImages, timeout: .seconds(10)),
                "back at the top, the cells show their items again")
        #expect(imageURI(of: model, at: 0) != nil)
        #expect(await GTKHost.pump(until: { imageURI(of: model, at: 2999) == nil }), "the end is compacted")
    }

    @Test("WaterfallFeedModel: the memory of an item held whole and of a compacted one")
    func feedModelCompactedItemMemory() async throws {
        try GTKHost.start()
        let directory = try writeLongFeed(pages: 61)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try #require(waterfall_feed_model_new("file://\(directory.path)/page/{page}.json", nil, nil))
        defer { g_object_unref(model.gpointer) }
        waterfall_feed_model_set_held_items(model, guint.max)
        try await loadFeedModel(model, count: 3050)
        await GTKHost.pump(until: { false }, timeout: .milliseconds(200))
        heap_usage_serve_from_arenas()
        let held = Int(heap_usage_bytes_in_use())
        // Compacting (from the idle callback, on this thread) frees only the items' strings.
        waterfall_feed_model_set_held_items(model, 200)
        try #require(await GTKHost.pump(until: { imageURI(of: model, at: 3049) == nil }))
        let freed = (held - Int(heap_usage_bytes_in_use())) / (3050 - 101)
        // What stays of a compacted item: its object (and the model's pointer to it).
        var query = GTypeQuery()
        g_type_query(waterfall_feed_item_get_type(), &query)
        let object = Int(query.instance_size)
        print("WaterfallFeedItem: \(object + freed) bytes held whole, \(object) compacted "
              + "(its object; \(freed) bytes of strings freed per item compacted, 2,949 of 3,050 items)")
        #expect(freed > 200, "\(freed) bytes freed per item compacted")
    }

    /// Calls `record` with each `items-changed` of `model` as [position, removed, added].
    private func recordItemsChanged(of model: OpaquePointer, _ record: @escaping @MainActor ([UInt32]) -> Void) {
        let thunk: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
            let box = CallbackBox<@MainActor ([UInt32]) -> Void>.from(data)
            MainActor.assumeIsolated { box.handler([position, removed, added]) }
        }
        _ = Signal.connect(model, "items-changed", record, unsafeBitCast(thunk, to: GCallback.self))
    }
}

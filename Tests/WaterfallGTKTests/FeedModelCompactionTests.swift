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
        #expect(imageURI(of: model, at: 2501) == nil, "its page's other items, far and unused, are compacted again")

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

    @Test("WaterfallFeedModel: the memory of an item held whole and of a compacted one")
    func feedModelCompactedItemMemory() async throws {
        try GTKHost.start()
        let directory = try writeLongFeed(pages: 61)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try #require(waterfall_feed_model_new("file://\(directory.path)/page/{page}.json", nil, nil))
        defer { g_object_unref(model.gpointer) }
        waterfall_feed_model_set_held_items(model, guint.max)
        try await loadFeedModel(model, count: 50)   // warm-up: the first page and the model's own state
        await GTKHost.pump(until: { false }, timeout: .milliseconds(200))
        heap_usage_serve_from_arenas()
        let before = Int(heap_usage_bytes_in_use())
        try await loadFeedModel(model, count: 3050)
        await GTKHost.pump(until: { false }, timeout: .milliseconds(200))
        let held = (Int(heap_usage_bytes_in_use()) - before) / 3000
        waterfall_feed_model_set_held_items(model, 200)
        try #require(await GTKHost.pump(until: { imageURI(of: model, at: 3049) == nil }))
        await GTKHost.pump(until: { false }, timeout: .milliseconds(200))
        let compacted = (Int(heap_usage_bytes_in_use()) - before) / 3000
        print("WaterfallFeedModel: \(held) bytes of heap per item held whole, \(compacted) per compacted item, "
              + "\(held - compacted) freed by compacting (3,000 items)")
        #expect(held - compacted > 200, "\(compacted) bytes per compacted item, \(held) per item held")
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

import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import Testing
@testable import WaterfallGTK

/// `WaterfallFeedModel`'s side of a size correction (`wf_feed_model_resize_item`): the item's
/// `width`, `height` and `aspect-ratio` change at once, each notified once, and the model says
/// so in `items-changed` of the same items from an idle callback — the corrections of one
/// main-loop turn together, one `items-changed` per run of adjacent positions.
extension WallTests {
    @Test("WaterfallFeedModel: a turn's corrections are one items-changed of the same items per run of adjacent positions; each size notifies once")
    func feedModelCorrectionsAreBatched() async throws {
        try GTKHost.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-sizes-\(uniqueKey())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("page"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let items = (0..<60).map { #"{"id": "\#($0)", "img": "https://example.test/\#($0).png", "title": "\#($0)"}"# }
        try #"{"items": [\#(items.joined(separator: ","))]}"#
            .write(to: directory.appendingPathComponent("page/1.json"), atomically: true, encoding: .utf8)
        let model = try #require(waterfall_feed_model_new("file://\(directory.path)/page/{page}.json", nil, nil))
        defer { g_object_unref(model.gpointer) }
        try #require(await GTKHost.pump(until: { g_list_model_get_n_items(gcast(model)) == 60 }), "the page did not load")

        var changes: [[UInt32]] = []
        let thunk: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
            let box = CallbackBox<@MainActor ([UInt32]) -> Void>.from(data)
            MainActor.assumeIsolated { box.handler([position, removed, added]) }
        }
        // A typed closure, not `{ @MainActor (change: [UInt32]) in … }`: Swift 6.0 (Debian 13)
        // reads `@MainActor (` as an attribute's arguments.
        let record: @MainActor ([UInt32]) -> Void = { change in changes.append(change) }
        _ = Signal.connect(model, "items-changed", record, unsafeBitCast(thunk, to: GCallback.self))
        let item = try #require(g_list_model_get_item(gcast(model), 5))
        defer { g_object_unref(item) }
        var notified: [String] = []
        for name in ["width", "height", "aspect-ratio"] {
            Signal.connect(OpaquePointer(item), "notify::\(name)") { notified.append(name) }
        }

        for position in Array(0..<20) + [25] + Array(30..<50) + [7] {
            wf_feed_model_resize_item(model, guint(position), 300, 100, 3)
        }
        let feedItem = OpaquePointer(item)
        #expect(waterfall_feed_item_get_width(feedItem) == 300 && waterfall_feed_item_get_height(feedItem) == 100)
        #expect(waterfall_feed_item_get_aspect_ratio(feedItem) == 3)
        #expect(notified.sorted() == ["aspect-ratio", "height", "width"], "each changed property notifies once, at once")
        #expect(changes.isEmpty, "items-changed waits for the main loop")
        try #require(await GTKHost.pump(until: { !changes.isEmpty }))
        #expect(changes == [[0, 20, 20], [25, 1, 1], [30, 20, 20]])
        let same = try #require(g_list_model_get_item(gcast(model), 5))
        g_object_unref(same)
        #expect(same == item, "the same item")
    }
}

import CWaterfallGtk
import CWaterfallGtk4
import CWaterfallTestShims
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    /// The URI a test wall's item `index` is dragged out as.
    static func dragURI(_ index: Int) -> String { "file:///tmp/waterfall-item-\(index).png" }

    @Test("drag out: a drag on an item offers its file (text/uri-list) and its text; items that can move are reordered, not dragged out")
    func dragContentOfItems() async throws {
        let wall = StringWall(count: 100)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.enableDraggingItems { index in
            WaterfallDragContent.provider(uri: Self.dragURI(index), text: "item \(index)")
        }
        let source = try #require(gtk_widget_observe_controllers(view.widget).map { controllers in
            defer { g_object_unref(controllers.gpointer) }
            return (0..<g_list_model_get_n_items(controllers)).lazy.compactMap { position -> OpaquePointer? in
                let controller = g_list_model_get_item(controllers, position)!
                defer { g_object_unref(controller) }
                let isSource = g_type_check_instance_is_a(controller.assumingMemoryBound(to: GTypeInstance.self),
                                                          gtk_drag_source_get_type()) != 0
                return isSource ? OpaquePointer(controller) : nil
            }.first
        })
        let index = try #require(view.model.visibleIndices.sorted().dropFirst(3).first)
        let frame = try #require(view.model.placedAttributes(at: index)).frame
        let provider = try #require(wf_drag_source_prepare(source, frame.midX, frame.midY), "no content for an item")
        defer { g_object_unref(provider.gpointer) }
        let formats = gdk_content_provider_ref_formats(provider)!
        defer { gdk_content_formats_unref(formats) }
        #expect(gdk_content_formats_contain_gtype(formats, g_file_get_type()) != 0)
        #expect(gdk_content_formats_contain_gtype(formats, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT)) != 0, "G_TYPE_STRING")

        var value = GValue()
        g_value_init(&value, g_file_get_type())
        #expect(gdk_content_provider_get_value(provider, &value, nil) != 0)
        let uri = g_file_get_uri(OpaquePointer(g_value_get_object(&value)))!
        #expect(String(cString: uri) == Self.dragURI(index))
        g_free(uri)
        g_value_unset(&value)
        g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))
        #expect(gdk_content_provider_get_value(provider, &value, nil) != 0)
        #expect(String(cString: g_value_get_string(&value)) == "item \(index)")
        g_value_unset(&value)

        #expect(wf_drag_source_prepare(source, 2, 2) == nil, "a drag from the margin carries nothing")
    }

    @Test("drag out: an item the view reorders is not dragged out; with reorderable off, or an item that cannot move, it is")
    func dragOutOfItemsThatMove() async throws {
        let wall = PhotoWall(count: 20)
        wall.allowsMoving = true
        let (view, window) = try await showPhotos(wall, layout: WaterfallCollectionLayout())
        defer { GTKHost.close(window) }
        view.enableDraggingItems { _ in nil }
        let index = try #require(view.model.visibleIndices.sorted().dropFirst(3).first)
        let frame = try #require(view.model.placedAttributes(at: index)).frame
        let centre = Point(x: frame.midX, y: frame.midY - view.model.contentOffset.y)
        #expect(view.draggableIndex(at: centre) == nil, "a drag on a movable item reorders it")
        waterfall_masonry_view_set_reorderable(view.masonryView, 0)
        #expect(view.draggableIndex(at: centre) == index, "reordering off: the item is dragged out")
        waterfall_masonry_view_set_reorderable(view.masonryView, 1)
        wall.allowsMoving = false
        #expect(view.draggableIndex(at: centre) == index, "an item that cannot move is dragged out")
    }

    @Test("drag and drop, real input: an item dragged from one wall drops its file onto another wall that accepts files, on the item under the pointer")
    func dragBetweenWalls() async throws {
        try GTKHost.start()
        let left = StringWall(count: 60), right = StringWall(count: 60)
        let from = left.makeView(), to = right.makeView()
        from.enableDraggingItems { index in
            WaterfallDragContent.provider(uri: Self.dragURI(index), text: "item \(index)")
        }
        var dropped: [(uri: String, index: Int?)] = []
        to.acceptDrops(of: g_file_get_type()) { value, index, _ in
            guard let file = g_value_get_object(value), let uri = g_file_get_uri(OpaquePointer(file)) else { return false }
            defer { g_free(uri) }
            dropped.append((String(cString: uri), index))
            return true
        }
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        for view in [from, to] {
            gtk_widget_set_hexpand(view.widget, 1)
            gtk_box_append(gcast(box), view.widget)
        }
        let window = try await GTKHost.window(showing: box, width: 1000, height: 600)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { from.model.liveCellCount > 0 && to.model.liveCellCount > 0 }))
        await GTKHost.pump(frames: 2, of: from.widget)

        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        let source = try #require(from.model.visibleIndices.sorted().dropFirst(2).first)
        let start = try #require(from.model.placedAttributes(at: source)).frame
        let target = try #require(to.model.visibleIndices.sorted().dropFirst(1).first)
        let end = try #require(to.model.placedAttributes(at: target)).frame
        try input.pressButton(from.widget, x: start.midX, y: start.midY)
        await GTKHost.pump(frames: 1, of: from.widget)
        for step in 1...6 {
            try input.move(to: from.widget, x: start.midX + Double(step) * 4, y: start.midY)
            await GTKHost.pump(frames: 1, of: from.widget)
        }
        for step in 1...8 {
            let t = Double(step) / 8
            try input.move(to: to.widget, x: end.midX * t + (1 - t) * 10, y: end.midY)
            await GTKHost.pump(frames: 1, of: to.widget)
        }
        input.releaseButton()
        try #require(await GTKHost.pump(until: { !dropped.isEmpty }), "nothing was dropped")
        #expect(dropped.first?.uri == Self.dragURI(source))
        #expect(dropped.first?.index == target)
        #expect(left.selected.isEmpty, "dragging an item out does not rubberband or select")
    }
}

import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

/// `items-changed (position, n, n)` that re-adds the very same objects — GTK's "these items'
/// content changed" (`WaterfallFeedModel` says so when an image header corrects an item's
/// size): the cells stay bound as GtkListItemManager keeps them, the sizes are read again, and
/// what the reader sees does not move.
extension WallTests {
    @Test("list model: items-changed of the same objects keeps their cells bound, re-reads their sizes and keeps the screen still (no relayout when no size changed); another object rebinds")
    func listModelSameObjectChange() async throws {
        try GTKHost.start()
        let store = g_list_store_new(gtk_adjustment_get_type())!
        var adjustments: [UnsafeMutablePointer<GtkAdjustment>] = []
        for index in 0..<200 {
            let adjustment = gtk_adjustment_new(0.5 + Double(index % 5) * 0.4, 0, 10, 1, 1, 0)!
            g_list_store_append(store, adjustment)
            adjustments.append(adjustment)
            g_object_unref(adjustment)
        }
        let factory = waterfall_signal_item_factory_new()!
        // The binds and unbinds of each object.
        var binds: [UnsafeMutableRawPointer: Int] = [:], unbinds: [UnsafeMutableRawPointer: Int] = [:]
        Signal.connect(factory, "setup") { (item: OpaquePointer) in waterfall_item_set_child(item, gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)) }
        Signal.connect(factory, "bind") { (item: OpaquePointer) in
            if let object = waterfall_item_get_item(item) { binds[UnsafeMutableRawPointer(object), default: 0] += 1 }
        }
        Signal.connect(factory, "unbind") { (item: OpaquePointer) in
            if let object = waterfall_item_get_item(item) { unbinds[UnsafeMutableRawPointer(object), default: 0] += 1 }
        }
        let selection = gtk_no_selection_new(gcast(store))!
        let view = WaterfallView(model: gcast(selection), factory: factory)
        g_object_unref(selection.gpointer)
        g_object_unref(factory)
        waterfall_masonry_view_set_columns(view.masonryView, 3)
        waterfall_masonry_view_set_aspect_ratio_property(view.masonryView, "value")
        let window = try await GTKHost.window(showing: view.widget, width: 600, height: 500)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }))
        view.scroll(to: 1_500)
        await GTKHost.pump(frames: 3, of: view.widget)

        let visible = view.model.visibleIndices.sorted()
        let first = try #require(visible.first)
        try #require(first >= 6 && visible.count > 4, "the wall scrolled to the middle: \(visible)")
        func screenY(_ index: Int) throws -> Double {
            try #require(view.model.placedAttributes(at: index)).frame.minY - view.contentOffset
        }
        let firstY = try screenY(first)
        let changed = [first - 4, visible[2]]   // one above the screen, one on it
        let cells = changed.map { view.model.cell(at: $0) }
        let before = (binds: binds, unbinds: unbinds)
        let shown = UnsafeMutableRawPointer(adjustments[changed[1]])
        for index in changed {
            let adjustment = adjustments[index]
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) < 1 ? 2.5 : 0.4)
            g_list_model_items_changed(gcast(store), guint(index), 1, 1)
        }
        await GTKHost.pump(frames: 3, of: view.widget)
        #expect(binds[shown] == before.binds[shown] && unbinds[shown] == before.unbinds[shown],
                "the changed visible item's cell was rebound: \(binds[shown] ?? 0) binds, \(unbinds[shown] ?? 0) unbinds")
        #expect(view.model.cell(at: changed[1]) === cells[1], "the visible item keeps its cell")
        for index in changed {
            let frame = view.model.layout.frame(at: index)
            #expect(abs(frame.width / frame.height - gtk_adjustment_get_value(adjustments[index])) < 0.02,
                    "item \(index) was not laid out at its new ratio: \(frame.size)")
        }
        #expect(abs(try screenY(first) - firstY) < 0.5, "the first visible item moved on the screen")

        // A change that leaves the size as it was (a new title, a header confirming an estimate): no relayout.
        let statistics = view.model.sizeChangeStatistics
        g_list_model_items_changed(gcast(store), guint(visible[3]), 1, 1)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(view.model.sizeChangeStatistics == statistics, "an unchanged size relayouted")

        // Another object at a visible position: its cell shows it (the cells' replacement).
        let other = gtk_adjustment_new(1, 0, 10, 1, 1, 0)!
        var replacement: [gpointer?] = [other.gpointer]
        g_list_store_splice(gcast(store), guint(visible[1]), 1, &replacement, 1)
        await GTKHost.pump(frames: 2, of: view.widget)
        defer { g_object_unref(other.gpointer) }
        let cell = try #require(view.model.cell(at: visible[1]))
        #expect(cell.object.map(UnsafeMutableRawPointer.init) == UnsafeMutableRawPointer(other.gpointer))
        #expect(binds[UnsafeMutableRawPointer(other.gpointer)] == 1, "the new object was bound")
    }

    @Test("list model: items-changed of the same objects measures their live cells again when the wall measures them (content that changed height in place)")
    func listModelSameObjectChangeMeasuresAgain() async throws {
        try GTKHost.start()
        let store = g_list_store_new(gtk_adjustment_get_type())!
        var adjustments: [UnsafeMutablePointer<GtkAdjustment>] = []
        for _ in 0..<60 {
            let adjustment = gtk_adjustment_new(1, 0, 10, 1, 1, 0)!
            g_list_store_append(store, adjustment)
            adjustments.append(adjustment)
            g_object_unref(adjustment)
        }
        // Each cell is a box 100 points tall per unit of its adjustment's value, as bound.
        let factory = waterfall_signal_item_factory_new()!
        var boxes: [UnsafeMutableRawPointer: UnsafeMutablePointer<GtkWidget>] = [:]
        var binds = 0
        Signal.connect(factory, "setup") { (item: OpaquePointer) in waterfall_item_set_child(item, gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)) }
        Signal.connect(factory, "bind") { (item: OpaquePointer) in
            guard let object = waterfall_item_get_item(item), let box = waterfall_item_get_child(item) else { return }
            binds += 1
            let value = gtk_adjustment_get_value(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkAdjustment.self))
            gtk_widget_set_size_request(box, -1, gint(value * 100))
            boxes[UnsafeMutableRawPointer(object)] = box
        }
        let selection = gtk_no_selection_new(gcast(store))!
        let view = WaterfallView(model: gcast(selection), factory: factory)
        g_object_unref(selection.gpointer)
        g_object_unref(factory)
        waterfall_masonry_view_set_columns(view.masonryView, 3)
        let window = try await GTKHost.window(showing: view.widget, width: 600, height: 500)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }))
        await GTKHost.pump(frames: 3, of: view.widget)
        let index = try #require(view.model.visibleIndices.sorted().dropFirst().first)
        #expect(abs(view.model.layout.frame(at: index).height - 100) < 1, "measured at its bound height")

        // The app's cell follows its item's new value in place (as a binding to notify would),
        // and the model says the item changed.
        let adjustment = adjustments[index]
        gtk_adjustment_set_value(adjustment, 2.5)
        let box = try #require(boxes[UnsafeMutableRawPointer(adjustment)])
        gtk_widget_set_size_request(box, -1, 250)
        let bindsBefore = binds
        g_list_model_items_changed(gcast(store), guint(index), 1, 1)
        await GTKHost.pump(frames: 3, of: view.widget)
        #expect(binds == bindsBefore, "the cell stayed bound")
        #expect(abs(view.model.layout.frame(at: index).height - 250) < 1,
                "the cell was not measured again: \(view.model.layout.frame(at: index).height) points")
    }
}

import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import WaterfallCore
@testable import WaterfallGTK

/// A list-model wall for tests: a `GListStore` of `GtkStringObject`s ("0", "1", …) in a
/// selection model, shown through a signal factory that counts its four steps and makes a
/// `GtkLabel` per cell showing the item's string. Heights come from the string (80 + 40 × (n
/// mod 4)), through the source's size function.
@MainActor
final class StringWall {
    /// The store (owned).
    let store: OpaquePointer
    /// The selection model over the store (owned).
    let selection: OpaquePointer
    /// The factory (owned).
    let factory: UnsafeMutablePointer<WaterfallItemFactory>
    /// How often each factory step ran.
    var setups = 0, binds = 0, unbinds = 0, teardowns = 0
    /// How often the size function was asked.
    var sizesAsked = 0

    /// A store of `count` strings in a `GtkMultiSelection` (or the selection `makeSelection`
    /// makes from the store, which it adopts).
    init(count: Int, makeSelection: (OpaquePointer) -> OpaquePointer = { gtk_multi_selection_new($0) }) {
        store = g_list_store_new(gtk_string_object_get_type())
        for index in 0..<count {
            let object = gtk_string_object_new("\(index)")!
            g_list_store_append(gcast(store), object.gpointer)
            g_object_unref(object.gpointer)
        }
        g_object_ref(store.gpointer)
        selection = makeSelection(store)
        factory = waterfall_signal_item_factory_new()!
        // Weak: the view may tear cells down after the wall is gone.
        Signal.connect(factory, "setup") { [weak self] (item: OpaquePointer) in
            self?.setups += 1
            waterfall_item_set_child(item, gtk_label_new(nil))
        }
        Signal.connect(factory, "bind") { [weak self] (item: OpaquePointer) in
            self?.binds += 1
            let label: OpaquePointer = gcast(waterfall_item_get_child(item)!)
            gtk_label_set_text(label, Self.string(of: waterfall_item_get_item(item)))
        }
        Signal.connect(factory, "unbind") { [weak self] (_: OpaquePointer) in self?.unbinds += 1 }
        Signal.connect(factory, "teardown") { [weak self] (_: OpaquePointer) in self?.teardowns += 1 }
    }

    #if compiler(>=6.2)
    isolated deinit { release() }
    #else
    deinit { MainActor.assumeIsolated { release() } }   // no isolated deinit before Swift 6.2
    #endif

    private func release() {
        g_object_unref(selection.gpointer)
        g_object_unref(store.gpointer)
        g_object_unref(factory.gpointer)
    }

    /// A wall over the selection model with the string heights, optionally in `layout`.
    func makeView(layout: any CollectionLayout = WaterfallCollectionLayout()) -> WaterfallView<WaterfallItemCell> {
        let view = WaterfallView(model: selection, factory: factory, layout: layout)
        waterfall_masonry_view_set_columns(view.masonryView, 4)
        view.listModelSource.sizeFunction = { [weak self] object, _ in
            self?.sizesAsked += 1
            return .height(Double(80 + 40 * ((Int(Self.string(of: object)) ?? 0) % 4)))
        }
        return view
    }

    /// The string of a `GtkStringObject`.
    static func string(of object: UnsafeMutablePointer<GObject>?) -> String {
        guard let object, let text = gtk_string_object_get_string(OpaquePointer(object)) else { return "" }
        return String(cString: text)
    }

    /// The positions the selection model has selected.
    var selected: [Int] {
        let bitset = gtk_selection_model_get_selection(selection)!
        defer { gtk_bitset_unref(bitset) }
        var result: [Int] = []
        var iter = GtkBitsetIter()
        var value: guint = 0
        var more = gtk_bitset_iter_init_first(&iter, bitset, &value)
        while more != 0 {
            result.append(Int(value))
            more = gtk_bitset_iter_next(&iter, &value)
        }
        return result
    }
}

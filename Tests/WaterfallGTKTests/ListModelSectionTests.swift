import CWaterfallGtk
import CWaterfallGtk4
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    /// Sets the object property `name` of `object` to `value` (through GValue: the section
    /// properties are absent from the headers of GTK before 4.12).
    private func setObjectProperty(_ object: some GPointer, _ name: String, _ value: some GPointer) {
        var gvalue = GValue()
        g_value_init(&gvalue, g_object_get_type())
        g_value_set_object(&gvalue, value.gpointer)
        g_object_set_property(gcast(object), name, &gvalue)
        g_value_unset(&gvalue)
    }

    /// Whether `object`'s class has the property `name`.
    private func hasProperty(_ object: some GPointer, _ name: String) -> Bool {
        let instance = object.gpointer.assumingMemoryBound(to: GTypeInstance.self)
        return g_object_class_find_property(gcast(instance.pointee.g_class), name) != nil
    }

    @Test("sections (GTK 4.12+): a header before each run of equal strings of a sorted model, items at their model positions, focus and selection by position")
    func listModelSections() async throws {
        try GTKHost.start()
        let strings = ["a", "a", "a", "b", "b", "c", "c", "c", "c"]
        let store = g_list_store_new(gtk_string_object_get_type())!
        for string in strings.reversed() {
            let object = gtk_string_object_new(string)!
            g_list_store_append(store, object.gpointer)
            g_object_unref(object.gpointer)
        }
        let byString = gtk_string_sorter_new(gtk_property_expression_new(gtk_string_object_get_type(), nil, "string"))!
        g_object_ref(store.gpointer)   // the sort model takes one reference, the test keeps one
        g_object_ref(byString.gpointer)
        let sorted = gtk_sort_list_model_new(gcast(store), gcast(byString))!
        guard hasProperty(sorted, "section-sorter") else {
            g_object_unref(sorted.gpointer)
            g_object_unref(byString.gpointer)
            try skipTest("sections need GTK 4.12 or later")
        }
        setObjectProperty(sorted, "section-sorter", byString)
        g_object_unref(byString.gpointer)
        let selection = gtk_multi_selection_new(gcast(sorted))!
        let factory = waterfall_signal_item_factory_new()!
        Signal.connect(factory, "setup") { (item: OpaquePointer) in waterfall_item_set_child(item, gtk_label_new("item")) }
        let headers = waterfall_signal_item_factory_new()!
        Signal.connect(headers, "setup") { (header: OpaquePointer) in waterfall_header_set_child(header, gtk_label_new("header")) }
        let view = WaterfallView(model: gcast(selection), factory: factory)
        g_object_unref(selection.gpointer)
        g_object_unref(factory)
        setObjectProperty(view.masonryView, "header-factory", headers)
        g_object_unref(headers)
        waterfall_masonry_view_set_columns(view.masonryView, 2)
        let window = try await GTKHost.window(showing: view.widget, width: 400, height: 2000)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount == strings.count + 3 }), "not every cell became live")

        #expect(view.listModelSource.sections.starts == [0, 3, 5])
        #expect(view.model.numberOfItems == strings.count + 3)
        #expect(view.positionCount == strings.count)
        for index in 0..<view.model.numberOfItems {
            let cell = try #require(view.model.cell(at: index))
            let header = view.listModelSource.section(ofHeaderAt: index)
            #expect(cell.isHeader == (header != nil), "index \(index)")
            if let header {
                #expect(cell.position == header.lowerBound)
                #expect(Int(waterfall_header_get_n_items(cell.item)) == header.count)
                #expect(view.model.layout.layoutAttributes(at: index).frame.width > 300, "a header spans the columns")
            } else {
                #expect(cell.position == view.listModelSource.position(at: index))
            }
        }
        view.scrollTo(3, focus: true, reveal: true)
        #expect(view.focusedIndex == 5, "position 3 is index 5, after two headers")
        #expect(view.focusedPosition == 3)
        view.selectItemAction(4, modify: false, extend: false)
        #expect(gtk_selection_model_is_selected(gcast(selection), 4) != 0)
        #expect(view.model.isSelected(6))
        #expect(!view.model.isSelected(5))
        // The store is unsorted: c c c c b b a a a. A "d" at its end is a new last section; one
        // "c" less shortens a section; no "b" removes one.
        let object = gtk_string_object_new("d")!
        g_list_store_append(store, object.gpointer)
        g_object_unref(object.gpointer)
        #expect(view.listModelSource.sections.starts == [0, 3, 5, 9])
        #expect(view.model.numberOfItems == strings.count + 1 + 4)
        g_list_store_remove(store, 0)
        #expect(view.listModelSource.sections.starts == [0, 3, 5, 8])
        #expect(view.model.numberOfItems == strings.count + 4)
        g_list_store_remove(store, 3)
        g_list_store_remove(store, 3)
        #expect(view.listModelSource.sections.starts == [0, 3, 6])
        #expect(view.model.numberOfItems == strings.count - 2 + 3)
        g_object_unref(store.gpointer)
    }
}

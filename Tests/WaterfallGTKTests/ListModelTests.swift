import CWaterfallHarness
import CWaterfallGtk4
import Testing

extension WallTests {
    @Test("the lazy list model of 1,000,000 positions makes an item only when asked, and frees it")
    func lazyListModel() {
        let before = wf_list_index_alive()
        let model = wf_list_model_new(1_000_000)!
        defer { g_object_unref(UnsafeMutableRawPointer(model)) }
        #expect(g_list_model_get_n_items(model) == 1_000_000)
        #expect(g_list_model_get_item_type(model) == wf_list_index_get_type())
        #expect(wf_list_index_alive() == before, "no item exists before one is asked for")

        let last = g_list_model_get_item(model, 999_999)
        let first = g_list_model_get_item(model, 0)
        #expect(wf_list_index_get_position(last) == 999_999)
        #expect(wf_list_index_get_position(first) == 0)
        #expect(wf_list_index_alive() == before + 2)
        #expect(g_list_model_get_item(model, 1_000_000) == nil, "past the end")

        g_object_unref(last)
        g_object_unref(first)
        #expect(wf_list_index_alive() == before, "items go away when GTK lets go")
        #expect(wf_list_index_get_position(UnsafeMutableRawPointer(model)) == UInt32.max, "not an item")
    }
}

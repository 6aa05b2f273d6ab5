import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

// The GObject surface of WaterfallMasonryView: made from C alone, properties with notify,
// refused bad values, the signals, the list.* actions and the widget-scoped refresh shortcuts.
extension WallTests {
    @Test("a view made with g_object_new works with no Swift code of the app's: its logic is the library's own, properties notify and apply")
    func masonryViewFromC() async throws {
        try GTKHost.start()
        let view = try #require(waterfall_masonry_view_new(nil, nil))
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gcast(scrolled), view)
        let window = try await GTKHost.window(showing: scrolled, width: 600, height: 400)
        defer { GTKHost.close(window) }
        #expect(gtk_widget_has_css_class(view, "view") != 0)
        #expect(String(cString: gtk_widget_get_css_name(view)) == "waterfall")
        #expect(waterfall_masonry_view_get_columns(OpaquePointer(view)) == 0)
        let face = try #require(MasonryViewFaceBox.face(waterfall_masonry_view_get_face(OpaquePointer(view))) as? WaterfallView<WaterfallItemCell>)
        #expect(face.model.numberOfItems == 0)
        #expect(face.layoutOverrides == LayoutOverrides(), "at their defaults the properties leave the columns to the list-model source, whose defaults are theirs")
        #expect(face.model.layout.scrollAxis == .vertical && gtk_orientable_get_orientation(gcast(view)) == GTK_ORIENTATION_VERTICAL)

        var notified: [String] = []
        for name in ["columns", "column-spacing", "reorderable", "orientation"] {
            Signal.connect(view, "notify::\(name)") { notified.append(name) }
        }
        waterfall_masonry_view_set_columns(OpaquePointer(view), 4)
        waterfall_masonry_view_set_columns(OpaquePointer(view), 4)   // unchanged: no notify
        waterfall_masonry_view_set_column_spacing(OpaquePointer(view), 12)
        waterfall_masonry_view_set_reorderable(OpaquePointer(view), 0)
        gtk_orientable_set_orientation(gcast(view), GTK_ORIENTATION_HORIZONTAL)
        #expect(notified == ["columns", "column-spacing", "reorderable", "orientation"])
        #expect(face.layoutOverrides.columns == .fixed(4) && face.layoutOverrides.columnSpacing == 12)
        #expect(!face.layoutOverrides.allowsReordering && !face.model.canMoveItem(at: 0))
        #expect(face.model.layout.scrollAxis == .horizontal, "rows")
        #expect(gtk_orientable_get_orientation(gcast(view)) == GTK_ORIENTATION_HORIZONTAL, "the layout is the property's store")
        face.setLayout(CarouselLayout(), animated: false)
        #expect(notified.count == 4, "a carousel scrolls sideways too: no notify")
        face.setLayout(CircleLayout(), animated: false)
        #expect(notified.last == "orientation" && notified.count == 5, "a layout set from Swift notifies orientation when it changes")
        #expect(gtk_orientable_get_orientation(gcast(view)) == GTK_ORIENTATION_VERTICAL)
        notified.removeLast()

        // Bad values from C or Python: refused with a critical warning, the value kept.
        waterfall_masonry_view_set_column_spacing(OpaquePointer(view), .nan)
        waterfall_masonry_view_set_row_spacing(OpaquePointer(view), -3)
        waterfall_masonry_view_set_min_column_width(OpaquePointer(view), .infinity)
        waterfall_masonry_view_set_columns(OpaquePointer(view), 1000)
        #expect(waterfall_masonry_view_get_column_spacing(OpaquePointer(view)) == 12)
        #expect(waterfall_masonry_view_get_row_spacing(OpaquePointer(view)) == 8)
        #expect(waterfall_masonry_view_get_min_column_width(OpaquePointer(view)) == 160)
        #expect(waterfall_masonry_view_get_columns(OpaquePointer(view)) == 4)
        #expect(notified.count == 4)
    }

    @Test("one construction path: a view made from C, from Swift over a data source and from Swift over a list model has every property at its default and its face")
    func oneConstructionPath() throws {
        try GTKHost.start()
        let fromC = try #require(waterfall_masonry_view_new(nil, nil))
        let wall = TestWall(initial: 3)
        let overDataSource = WaterfallView(dataSource: wall, delegate: wall)
        let selection = gtk_no_selection_new(nil)!
        let factory = waterfall_signal_item_factory_new()!
        let overListModel = WaterfallView(model: gcast(selection), factory: factory)
        g_object_unref(selection.gpointer)
        g_object_unref(factory)
        let widgets = [fromC, overDataSource.widget, overListModel.widget]
        for widget in widgets { g_object_ref_sink(widget.gpointer) }
        defer { for widget in widgets { g_object_unref(widget.gpointer) } }
        for (widget, made) in zip(widgets, ["C", "Swift over a data source", "Swift over a list model"]) {
            let face = MasonryViewFaceBox.face(waterfall_masonry_view_get_face(OpaquePointer(widget)))
            #expect(face != nil, "made from \(made): the face box holds the view's logic")
            for property in 1..<WATERFALL_MASONRY_VIEW_N_PROPS.rawValue
            where ![WATERFALL_MASONRY_VIEW_PROP_MODEL, WATERFALL_MASONRY_VIEW_PROP_FACTORY].map(\.rawValue).contains(property) {
                #expect(waterfall_masonry_view_property_is_default(OpaquePointer(widget), WaterfallMasonryViewProp(property)) != 0,
                        "made from \(made): property \(property) at its default")
            }
        }
        #expect(MasonryViewFaceBox.face(waterfall_masonry_view_get_face(OpaquePointer(overDataSource.widget))) === overDataSource)
        #expect(!overDataSource.isPullToRefreshEnabled && !overListModel.isPullToRefreshEnabled)
    }

    @Test("the properties override a Swift data source once set; the list.* actions and the activate, refresh and load-more signals")
    func masonryViewPropertiesActionsAndSignals() async throws {
        let wall = TestWall(initial: 60, total: 200)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let widget = view.masonryView
        #expect(view.layoutOverrides == LayoutOverrides(), "the data source decides until a property is set")
        let threeColumns = view.model.cellWidth
        waterfall_masonry_view_set_columns(widget, 2)
        #expect(view.model.cellWidth > threeColumns * 1.4, "two columns")
        waterfall_masonry_view_set_columns(widget, 0)
        waterfall_masonry_view_set_min_column_width(widget, 300)
        #expect(view.layoutOverrides.columns == .adaptive(minimumWidth: 300))
        #expect(view.model.cellWidth >= 300 && view.model.cellWidth < 600)

        var activated: [UInt32] = [], refreshes = 0, loads = 0
        Signal.connect(view.widget, "activate") { (position: UInt32) in activated.append(position) }
        Signal.connect(view.widget, "refresh") { refreshes += 1 }
        Signal.connect(view.widget, "load-more") { loads += 1 }
        #expect(gtk_widget_activate_action_variant(view.widget, "list.activate-item", g_variant_new_uint32(7)) != 0)
        #expect(gtk_widget_activate_action_variant(view.widget, "list.activate-item", g_variant_new_uint32(5000)) != 0)
        #expect(activated == [7], "a position past the items activates nothing")
        let select = g_variant_new_tuple([g_variant_new_uint32(3), g_variant_new_boolean(0), g_variant_new_boolean(0)], 3)
        #expect(gtk_widget_activate_action_variant(view.widget, "list.select-item", select) != 0)
        #expect(view.model.selectedIndex == 3 && wall.selections == [3])
        // The seeds' one selected item: modify toggles it, as a GtkSingleSelection that may be
        // unselected does; extend selects (one item holds no range).
        func selectItem(_ position: UInt32, modify: Bool, extend: Bool) {
            let parameter = g_variant_new_tuple([g_variant_new_uint32(position), g_variant_new_boolean(modify ? 1 : 0),
                                                 g_variant_new_boolean(extend ? 1 : 0)], 3)
            #expect(gtk_widget_activate_action_variant(view.widget, "list.select-item", parameter) != 0)
        }
        selectItem(3, modify: true, extend: false)
        #expect(view.model.selectedIndex == nil && wall.selections == [3], "Ctrl on the selected item unselects it")
        selectItem(4, modify: true, extend: false)
        #expect(view.model.selectedIndex == 4 && wall.selections == [3, 4], "Ctrl on another item selects it")
        selectItem(6, modify: false, extend: true)
        #expect(view.model.selectedIndex == 6 && wall.selections == [3, 4, 6], "Shift selects the item")
        #expect(view.model.cell(at: 6)?.isSelected ?? true)
        #expect(!(view.model.cell(at: 4)?.isSelected ?? false))
        #expect(gtk_widget_activate_action_variant(view.widget, "list.scroll-to-item", g_variant_new_uint32(50)) != 0)
        #expect(view.focusedIndex == 50 && view.model.visibleIndices.contains(50))
        view.model.isLoadMoreEnabled = true
        view.scroll(to: view.maximumContentOffset)
        #expect(await GTKHost.pump(until: { loads == 1 && wall.moreRequests == 1 }), "load-more at the end")
        #expect(await GTKHost.pump(until: { view.model.loadMoreState != .loading }))
        #expect(gtk_widget_activate_action_variant(view.widget, "list.refresh", nil) != 0)
        #expect(refreshes == 1 && wall.refreshRequests == 1)
        #expect(await GTKHost.pump(until: { view.model.refreshState == .done }))
    }

    @Test("F5 and Ctrl+R refresh only the wall with the focus: two walls in one window (real keys)")
    func twoWallsRefreshApart() async throws {
        try GTKHost.start()
        let left = TestWall(initial: 60), right = TestWall(initial: 60)
        let leftView = WaterfallView(dataSource: left, delegate: left)
        let rightView = WaterfallView(dataSource: right, delegate: right)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_size_request(leftView.scrolledWindow, 400, -1)
        gtk_widget_set_size_request(rightView.scrolledWindow, 400, -1)
        gtk_box_append(gcast(box), leftView.scrolledWindow)
        gtk_box_append(gcast(box), rightView.scrolledWindow)
        let window = try await GTKHost.window(showing: box, width: 800, height: 500)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { leftView.model.liveCellCount > 0 && rightView.model.liveCellCount > 0 }))
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        try input.move(to: leftView.widget, x: 100, y: 100)
        try await expectRefreshApart(leftView.widget, rightView.widget, in: window, input: input) {
            (left.refreshRequests, right.refreshRequests)
        }
    }

    /// Real keys: F5 with the focus in the `left` wall refreshes it and not the `right` one, then
    /// Ctrl+R with the focus in the `right` wall refreshes it and not the `left` one again;
    /// `refreshes` counts each wall's refreshes.
    func expectRefreshApart(_ left: UnsafeMutablePointer<GtkWidget>, _ right: UnsafeMutablePointer<GtkWidget>,
                            in window: UnsafeMutablePointer<GtkWidget>, input: XTestInput,
                            refreshes: () -> (left: Int, right: Int)) async throws {
        gtk_widget_grab_focus(left)
        await GTKHost.pump(frames: 1, of: window)
        input.press(GDK_KEY_F5)
        try #require(await GTKHost.pump(until: { refreshes().left == 1 }), "F5 never refreshed the focused wall")
        await GTKHost.pump(frames: 2, of: window)
        #expect(refreshes().right == 0, "the other wall did not refresh")

        gtk_widget_grab_focus(right)
        await GTKHost.pump(frames: 1, of: window)
        input.press(GDK_KEY_r, control: true)
        try #require(await GTKHost.pump(until: { refreshes().right == 1 }), "Ctrl+R never refreshed the focused wall")
        await GTKHost.pump(frames: 2, of: window)
        #expect(refreshes().left == 1, "the first wall did not refresh again")
    }
}

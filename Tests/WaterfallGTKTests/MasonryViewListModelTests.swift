import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("a view made from C with waterfall_masonry_view_new (model, factory) shows the model through the factory; model, factory and aspect-ratio-expression notify; list.select-item and list.activate-item go through the selection model")
    func masonryViewListModelFromC() async throws {
        try GTKHost.start()
        let wall = StringWall(count: 200)
        g_object_ref(wall.selection.gpointer)
        g_object_ref(wall.factory.gpointer)
        let widget = try #require(waterfall_masonry_view_new(wall.selection, wall.factory))
        let view = OpaquePointer(widget)
        #expect(waterfall_masonry_view_get_model(view) == wall.selection)
        #expect(waterfall_masonry_view_get_factory(view) == wall.factory)
        var notified: [String] = []
        for name in ["model", "factory", "aspect-ratio-expression"] {
            Signal.connect(widget, "notify::\(name)") { notified.append(name) }
        }
        let expression = gtk_property_expression_new(gtk_adjustment_get_type(), nil, "value")!
        waterfall_masonry_view_set_aspect_ratio_expression(view, expression)
        gtk_expression_unref(expression)
        waterfall_masonry_view_set_aspect_ratio_expression(view, nil)
        #expect(notified == ["aspect-ratio-expression", "aspect-ratio-expression"])

        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gcast(scrolled), widget)
        let window = try await GTKHost.window(showing: scrolled, width: 800, height: 600)
        defer { GTKHost.close(window) }
        let face = try #require(MasonryViewFaceBox.face(waterfall_masonry_view_get_face(view)) as? WaterfallView<WaterfallItemCell>)
        try #require(await GTKHost.pump(until: { face.model.liveCellCount > 0 }), "no cells from the model")
        #expect(face.model.numberOfItems == 200)
        #expect(wall.binds == face.model.liveCellCount)
        expectCellsShowTheirItems(face, wall)

        gtk_widget_activate_action_variant(widget, "list.select-item", g_variant_new_tuple(
            [g_variant_new_uint32(3), g_variant_new_boolean(0), g_variant_new_boolean(0)], 3))
        gtk_widget_activate_action_variant(widget, "list.select-item", g_variant_new_tuple(
            [g_variant_new_uint32(7), g_variant_new_boolean(0), g_variant_new_boolean(1)], 3))
        #expect(wall.selected == Array(3...7), "select 3, then extend to 7")
        gtk_widget_activate_action_variant(widget, "list.select-item", g_variant_new_tuple(
            [g_variant_new_uint32(5), g_variant_new_boolean(1), g_variant_new_boolean(0)], 3))
        #expect(wall.selected == [3, 4, 6, 7], "modify toggles 5")
        #expect(face.model.cell(at: 4)?.isSelected == true && face.model.cell(at: 5)?.isSelected == false)

        var activated: [Int] = []
        face.listModelSource.onActivate = { activated.append($0) }
        gtk_widget_activate_action_variant(widget, "list.activate-item", g_variant_new_uint32(9))
        #expect(activated == [9])

        // Another model and another factory, from C.
        let other = StringWall(count: 20)
        waterfall_masonry_view_set_model(view, other.selection)
        waterfall_masonry_view_set_factory(view, other.factory)
        await GTKHost.pump(frames: 2, of: widget)
        #expect(notified.suffix(2) == ["model", "factory"])
        #expect(face.model.numberOfItems == 20)
        #expect(wall.teardowns == wall.setups, "the old factory's cells are torn down")
        expectCellsShowTheirItems(face, other)
    }
}

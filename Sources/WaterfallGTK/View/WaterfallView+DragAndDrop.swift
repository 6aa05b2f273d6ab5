import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

/// What a dragged item carries out of the wall.
public enum WaterfallDragContent {
    /// A `GdkContentProvider` (full reference) offering `uri` as a `GFile` — `text/uri-list`,
    /// and a path for `file://` URIs, what file managers, editors and browsers take — and
    /// `text` as `text/plain`; `nil` when both are `nil`.
    public static func provider(uri: String?, text: String?) -> UnsafeMutablePointer<GdkContentProvider>? {
        wf_drag_content_new(uri, text)
    }
}

extension WaterfallView {
    /// Lets items be dragged out of the wall: a primary-button drag that starts on an item asks
    /// `content` for the item's `GdkContentProvider` (full reference;
    /// ``WaterfallDragContent/provider(uri:text:)`` makes one), and `nil` refuses the drag. The
    /// drag's icon is a picture of the item's cell. Items the data source lets move are not
    /// dragged out: a drag on them reorders them as before. A rubberband starts only outside
    /// draggable items.
    ///
    /// The same as the widget's C surface: this sets its `enable-item-drag` property, and
    /// `content` becomes the default handler of its `prepare-drag` signal (a handler connected
    /// from C or Python that returns a provider wins). Calling it again replaces `content`.
    public func enableDraggingItems(content: @escaping @MainActor (Int) -> UnsafeMutablePointer<GdkContentProvider>?) {
        itemDrag.content = content
        waterfall_masonry_view_set_enable_item_drag(masonryView, 1)
    }

    /// The content ``enableDraggingItems(content:)`` gives the item at `position`.
    func dragContent(ofItemAt position: Int) -> UnsafeMutablePointer<GdkContentProvider>? {
        guard position < model.numberOfItems else { return nil }
        return itemDrag.content?(position)
    }

    /// Puts the `GtkDragSource` on the wall once `enable-item-drag` is first set: its
    /// `prepare` emits `prepare-drag` for the item under the pointer.
    func installDragSourceIfNeeded() {
        guard !itemDrag.hasSource, waterfall_masonry_view_get_enable_item_drag(masonryView) != 0 else { return }
        itemDrag.hasSource = true
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        Signal.connect(source, "prepare") { [weak self, source] (x: Double, y: Double) -> UnsafeMutablePointer<GdkContentProvider>? in
            guard let self, let index = self.draggableIndex(at: Point(x: x, y: y)), let position = self.position(ofIndex: index),
                  let provider = waterfall_masonry_view_emit_prepare_drag(self.masonryView, guint(position)) else { return nil }
            if let cell = self.model.cell(at: index) {
                let icon = gtk_widget_paintable_new(cell.widget)!
                gtk_drag_source_set_icon(source, icon, 0, 0)
                g_object_unref(icon.gpointer)
            }
            return provider
        }
        gtk_widget_add_controller(widget, gcast(source))
    }

    /// Accepts drops of values of `type` (e.g. `G_TYPE_FILE`, `G_TYPE_STRING`, or
    /// `gdk_file_list_get_type()`) anywhere on the wall, with the copy action (a
    /// `GtkDropTarget`). `handler` gets the value, the item under the drop point (`nil` between
    /// items) and the point relative to the viewport, and returns whether it took the drop.
    /// From C, an app adds its own `GtkDropTarget` and asks
    /// `waterfall_masonry_view_get_position_at` for the item.
    public func acceptDrops(of type: GType,
                            handler: @escaping @MainActor (UnsafePointer<GValue>, Int?, Point) -> Bool) {
        let target = gtk_drop_target_new(type, GDK_ACTION_COPY)!
        Signal.connect(target, "drop") { [weak self] (value: UnsafePointer<GValue>, x: Double, y: Double) -> Bool in
            guard let self else { return false }
            let point = Point(x: x, y: y)
            return handler(value, self.model.index(at: point), point)
        }
        gtk_widget_add_controller(widget, gcast(target))
    }

    /// The item under a viewport point that a drag there would carry out, if any: not one the
    /// view reorders (``WaterfallViewModel/canMoveItem(at:)``: `reorderable` and the data source).
    func draggableIndex(at point: Point) -> Int? {
        guard waterfall_masonry_view_get_enable_item_drag(masonryView) != 0, let index = model.index(at: point),
              !model.canMoveItem(at: index) else { return nil }
        return index
    }
}

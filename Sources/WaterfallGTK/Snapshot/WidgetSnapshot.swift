import CWaterfallGtk4

/// Renders a widget to a texture or a PNG file with its window's renderer.
///
/// GTK's widget paintable replays the render node of the widget's last paint: take snapshots
/// after a frame has been painted (the frame clock's `after-paint`), not before the first one.
@MainActor
public enum WidgetSnapshot {
    /// Why a snapshot could not be taken.
    public enum Error: Swift.Error, CustomStringConvertible {
        /// The widget has no size yet (not mapped or not laid out).
        case notLaidOut
        /// The widget is not in a realized window with a renderer.
        case noRenderer
        /// Nothing was drawn.
        case emptyRender
        /// `gdk_texture_save_to_png` failed for this path.
        case writeFailed(path: String)

        /// A readable explanation.
        public var description: String {
            switch self {
            case .notLaidOut: "the widget has no size yet; snapshot after it is mapped and laid out"
            case .noRenderer: "the widget is not in a realized window with a renderer"
            case .emptyRender: "the widget rendered no content"
            case .writeFailed(let path): "could not write PNG to \(path)"
            }
        }
    }

    /// Renders `widget` at its current size into a new texture, in device pixels (twice the
    /// logical size on a HiDPI screen).
    public static func texture(of widget: some GPointer) throws(Error) -> GObjectRef<OpaquePointer> {
        let widgetPointer: UnsafeMutablePointer<GtkWidget> = gcast(widget)
        let width = gtk_widget_get_width(widgetPointer)
        let height = gtk_widget_get_height(widgetPointer)
        guard width > 0, height > 0 else { throw .notLaidOut }
        guard let native = gtk_widget_get_native(widgetPointer),
              let renderer = gtk_native_get_renderer(native) else { throw .noRenderer }
        let paintable = GObjectRef(adopting: gtk_widget_paintable_new(widgetPointer)!)
        let scale = Float(gtk_widget_get_scale_factor(widgetPointer))
        // The paintable covers the widget's bounds, which for a window include the margins of
        // its client-side shadow: draw it at that size (unscaled, so every pixel is the one on
        // screen) and keep the widget's own box.
        var bounds = graphene_rect_t()
        if gtk_widget_compute_bounds(widgetPointer, widgetPointer, &bounds) == 0 {
            graphene_rect_init(&bounds, 0, 0, Float(width), Float(height))
        }
        let snapshot = gtk_snapshot_new()
        gtk_snapshot_scale(snapshot, scale, scale)
        gdk_paintable_snapshot(paintable.pointer, snapshot, Double(bounds.size.width), Double(bounds.size.height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw .emptyRender }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t()
        graphene_rect_init(&viewport, -bounds.origin.x * scale, -bounds.origin.y * scale,
                           Float(width) * scale, Float(height) * scale)
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { throw .emptyRender }
        return GObjectRef(adopting: texture)
    }

    /// Renders `widget` and writes the image to `path` as PNG.
    public static func savePNG(of widget: some GPointer, to path: String) throws(Error) {
        let texture = try texture(of: widget)
        guard gdk_texture_save_to_png(texture.pointer, path) != 0 else { throw .writeFailed(path: path) }
    }
}

import CWaterfallGtk4

/// Allocates a floating child (a pill over the wall) at its natural size, centred horizontally
/// in `width`, top edge at `y`; does nothing while it is hidden.
@MainActor
func allocateFloating(_ widget: UnsafeMutablePointer<GtkWidget>, centeredIn width: Int32, top y: Float) {
    guard gtk_widget_get_visible(widget) != 0 else { return }
    var natural = GtkRequisition()
    gtk_widget_get_preferred_size(widget, nil, &natural)
    var origin = graphene_point_t(x: Float(width - natural.width) / 2, y: y.rounded())
    gtk_widget_allocate(widget, natural.width, natural.height, -1, gsk_transform_translate(nil, &origin))
}

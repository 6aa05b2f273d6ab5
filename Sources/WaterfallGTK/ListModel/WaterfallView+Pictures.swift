import CWaterfallGtk
import CWaterfallGtk4

extension WaterfallView where Cell == WaterfallItemCell {
    /// Whether every visible cell's `WaterfallImage` pictures (each `GtkPicture` in the cell
    /// whose paintable is a `WaterfallImage`) draw their image or their failure state, at least
    /// one cell is visible and no size change is pending or animating — the moment to take a
    /// screenshot of a list-model wall; also `true` while the view shows its status page (an
    /// empty or failed feed). Cells without such a picture count as ready.
    /// - Complexity: O(w) for the w widgets of the visible cells.
    public var visiblePicturesReady: Bool {
        if isShowingStatus { return true }
        guard !model.hasPendingSizeChanges, !isAnimatingTransition else { return false }
        let visible = model.visibleIndices
        return !visible.isEmpty && visible.allSatisfy { index in
            model.cell(at: index).map { Self.picturesShown(in: $0.widget) } ?? false
        }
    }

    /// Whether every `WaterfallImage` picture in `widget` and its descendants is shown.
    private static func picturesShown(in widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        if g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
                                      gtk_picture_get_type()) != 0,
           let paintable = gtk_picture_get_paintable(gcast(widget)),
           g_type_check_instance_is_a(UnsafeMutableRawPointer(paintable).assumingMemoryBound(to: GTypeInstance.self),
                                      waterfall_image_get_type()) != 0,
           wf_image_is_shown(gcast(paintable)) == 0 {
            return false
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if !picturesShown(in: current) { return false }
            child = gtk_widget_get_next_sibling(current)
        }
        return true
    }
}

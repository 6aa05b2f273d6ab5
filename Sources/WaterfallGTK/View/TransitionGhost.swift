import CWaterfallGtk4
import WaterfallCore

/// A still picture of a cell that left the view during an animated change (a deleted item, or
/// one that no longer fits the new layout). The cell itself went back to the reuse pool and may
/// already show another item, so the ghost shows what the cell last drew while it fades out or
/// moves to where its item went, then disappears.
@MainActor
final class TransitionGhost {
    /// The ghost's id, its ``TransitionKey/ghost(_:)`` key.
    let id: Int
    /// The picture (a `GtkPicture`), parented by the view while the ghost lives.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// Where the cell was on screen when it left (relative to the viewport).
    let origin: LayoutAttributes
    /// Where the ghost goes; it is removed when it gets there.
    var target: LayoutAttributes

    private let picture: GObjectRef<UnsafeMutablePointer<GtkWidget>>

    /// Takes a picture of `cell` as last drawn, at `origin` on screen.
    init(id: Int, of cell: some GPointer, at origin: LayoutAttributes) {
        self.id = id
        self.origin = origin
        target = origin
        let live = GObjectRef(adopting: gtk_widget_paintable_new(gcast(cell))!)
        let still = GObjectRef(adopting: gdk_paintable_get_current_image(live.pointer)!)
        picture = GObjectRef(sinking: gtk_picture_new_for_paintable(still.pointer))
        widget = picture.pointer
        gtk_picture_set_content_fit(gcast(widget), GTK_CONTENT_FIT_FILL)
        gtk_picture_set_can_shrink(gcast(widget), 1)
        gtk_widget_set_can_target(widget, 0)
        Accessible.setHidden(widget, true)  // a still of cells the tree already has
    }

    /// Unparents the picture (the ghost is gone).
    func remove() {
        if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
    }
}

import CGtk
import WaterfallGTK

/// A message centred over the wall while the feed has ended without a single item (an empty
/// feed, a folder with no images), so an empty window says why it is empty.
@MainActor
final class EmptyStateLabel {
    /// The label, to be put in an overlay.
    let widget: UnsafeMutablePointer<GtkWidget>

    /// Creates a hidden label that will say `message`.
    init(message: String) {
        widget = gtk_label_new(message)
        gtk_widget_add_css_class(widget, "dim-label")
        gtk_widget_add_css_class(widget, "title-3")
        gtk_label_set_wrap(gcast(widget), 1)
        gtk_label_set_justify(gcast(widget), GTK_JUSTIFY_CENTER)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_visible(widget, 0)
    }

    /// Whether the label is shown.
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    /// The message.
    var text: String { String(cString: gtk_label_get_text(gcast(widget))) }

    /// Shows the label when `isShown`, hides it otherwise.
    func setShown(_ isShown: Bool) {
        gtk_widget_set_visible(widget, isShown ? 1 : 0)
    }
}

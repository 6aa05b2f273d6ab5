/// A message centred over a ``FeedWall`` while its feed has ended without a single item (an
/// empty feed, a folder with no images), so an empty window says why it is empty.
@MainActor
public final class EmptyStateLabel {
    /// The label, put in the wall's overlay.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// Creates a hidden label that will say `message`.
    public init(message: String) {
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
    public var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    /// The message.
    public var text: String { String(cString: gtk_label_get_text(gcast(widget))) }

    /// Shows the label when `isShown`, hides it otherwise.
    public func setShown(_ isShown: Bool) {
        gtk_widget_set_visible(widget, isShown ? 1 : 0)
    }
}

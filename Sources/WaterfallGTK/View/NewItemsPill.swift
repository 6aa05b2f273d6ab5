import CWaterfallGtk4

/// The "N new items" pill of a ``WaterfallView``: an on-screen-display button (GNOME style,
/// CSS classes `osd` and `waterfall-new-items`) floating at the top of the wall with an arrow
/// and the count. It is focusable (Tab reaches it), activates with a click, Enter or space, and
/// its accessible label is its text, so screen readers read the count when it appears or
/// changes.
@MainActor
final class NewItemsPill {
    /// The button, parented by the view.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: OpaquePointer

    /// Creates the hidden pill; `activate` runs when it is clicked or activated by key.
    init(activate: @escaping @MainActor () -> Void) {
        widget = gtk_button_new()
        let content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(gcast(content), gtk_image_new_from_icon_name("go-up-symbolic"))
        label = gcast(gtk_label_new(nil))
        gtk_box_append(gcast(content), gcast(label))
        gtk_button_set_child(gcast(widget), content)
        // The button's own label says the text; the arrow is decoration.
        Accessible.setHidden(content, true)
        Accessible.setDescription(widget, WaterfallStrings.current.scrollToNewItems)
        gtk_widget_add_css_class(widget, "osd")
        gtk_widget_add_css_class(widget, WaterfallStyle.ClassName.newItemsPill)
        gtk_widget_set_tooltip_text(widget, WaterfallStrings.current.scrollToNewItems)
        gtk_widget_set_visible(widget, 0)
        Signal.connect(widget, "clicked", activate)
    }

    /// Whether the pill is shown.
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    /// The text shown.
    var text: String { String(cString: gtk_label_get_text(label)) }

    /// Shows the pill saying `text`, which also becomes its accessible label.
    func show(_ text: String) {
        gtk_label_set_text(label, text)
        Accessible.setLabel(widget, text)
        gtk_widget_set_visible(widget, 1)
    }

    /// Hides the pill.
    func hide() {
        gtk_widget_set_visible(widget, 0)
    }

    /// Allocates the pill at its natural size, centred horizontally in `width`, top edge at `y`.
    func allocate(centeredIn width: Int32, top y: Float) {
        allocateFloating(widget, centeredIn: width, top: y)
    }
}

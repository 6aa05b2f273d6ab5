import CWaterfallGtk4

/// A floating pill with a spinner and a line of text: the pull-to-refresh header and the
/// load-more footer of a ``WaterfallView``.
@MainActor
final class StatusIndicator {
    /// The pill (a horizontal `GtkBox`), parented by the view.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    private let label: OpaquePointer

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        spinner = gtk_spinner_new()
        label = gcast(gtk_label_new(nil))
        gtk_widget_add_css_class(widget, WaterfallStyle.ClassName.indicator)
        gtk_widget_set_can_target(widget, 0)
        gtk_box_append(gcast(widget), spinner)
        gtk_box_append(gcast(widget), gcast(label))
        gtk_widget_set_visible(widget, 0)
    }

    /// Whether the pill is shown.
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    /// Shows the pill with `text`, spinning or not; screen readers announce the text.
    func show(_ text: String, spinning: Bool) {
        gtk_label_set_text(label, text)
        gtk_spinner_set_spinning(gcast(spinner), spinning ? 1 : 0)
        gtk_widget_set_visible(spinner, spinning ? 1 : 0)
        gtk_widget_set_visible(widget, 1)
    }

    /// Hides the pill and stops its spinner.
    func hide() {
        gtk_spinner_set_spinning(gcast(spinner), 0)
        gtk_widget_set_visible(widget, 0)
    }

    /// Allocates the pill at its natural size, centred horizontally in `width`, top edge at `y`.
    func allocate(centeredIn width: Int32, top y: Float) {
        guard isVisible else { return }
        var natural = GtkRequisition()
        gtk_widget_get_preferred_size(widget, nil, &natural)
        var origin = graphene_point_t(x: Float(width - natural.width) / 2, y: y.rounded())
        gtk_widget_allocate(widget, natural.width, natural.height, -1, gsk_transform_translate(nil, &origin))
    }

    /// The pill's natural height.
    var naturalHeight: Int32 {
        var natural = GtkRequisition()
        gtk_widget_get_preferred_size(widget, nil, &natural)
        return natural.height
    }
}

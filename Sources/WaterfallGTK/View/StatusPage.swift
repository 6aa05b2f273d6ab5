import CWaterfallGtk
import CWaterfallGtk4

/// The centred page of a ``WaterfallView`` with nothing on its wall (GNOME's status page): the
/// ``WaterfallStatus``'s icon, title and description, a Retry button after a failure, and the
/// technical text in a "Details" expander. CSS class `waterfall-status`.
@MainActor
final class StatusPage {
    /// The page (a vertical `GtkBox`), parented by the view.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The Retry button, shown for a failure.
    let retryButton: UnsafeMutablePointer<GtkWidget>
    /// The "Details" disclosure, shown when the status has details.
    let expander: UnsafeMutablePointer<GtkWidget>
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let title: OpaquePointer
    private let body: OpaquePointer
    private let details: OpaquePointer
    /// The status shown, or `nil` while hidden.
    private(set) var status: WaterfallStatus?

    /// Creates the hidden page; `retry` runs when Retry is clicked.
    init(retry: @escaping @MainActor () -> Void) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        icon = gtk_image_new()
        title = gcast(gtk_label_new(nil))
        body = gcast(gtk_label_new(nil))
        details = gcast(gtk_label_new(nil))
        retryButton = makeRetryButton(clicked: retry)
        expander = gtk_expander_new_with_mnemonic(WaterfallStrings.current.details)
        gtk_widget_add_css_class(widget, WaterfallStyle.ClassName.status)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_start(widget, 36)
        gtk_widget_set_margin_end(widget, 36)
        gtk_image_set_pixel_size(gcast(icon), 96)
        gtk_widget_add_css_class(icon, "dim-label")
        Accessible.setHidden(icon, true)
        gtk_widget_add_css_class(gcast(title), "title-1")
        for label in [title, body, details] {
            gtk_label_set_wrap(label, 1)
            gtk_label_set_max_width_chars(label, 60)
            gtk_label_set_justify(label, GTK_JUSTIFY_CENTER)
        }
        gtk_label_set_selectable(details, 1)
        gtk_widget_add_css_class(gcast(details), "monospace")
        gtk_widget_add_css_class(gcast(details), "dim-label")
        gtk_expander_set_child(gcast(expander), gcast(details))
        gtk_widget_set_halign(expander, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(retryButton, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(retryButton, "pill")
        gtk_widget_add_css_class(retryButton, "suggested-action")
        for child in [icon, gcast(title), gcast(body), retryButton, expander] {
            gtk_box_append(gcast(widget), child)
        }
        gtk_widget_set_visible(widget, 0)
    }

    /// Whether the page is shown.
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    /// Whether the Retry button is shown.
    var offersRetry: Bool { isVisible && gtk_widget_get_visible(retryButton) != 0 }

    /// Shows `status` (Retry when `retry`), or hides the page for `nil`.
    func show(_ status: WaterfallStatus?, retry: Bool) {
        guard let status else {
            self.status = nil
            gtk_widget_set_visible(widget, 0)
            return
        }
        if status != self.status {
            self.status = status
            gtk_image_set_from_icon_name(gcast(icon), status.iconName)
            gtk_widget_set_visible(icon, status.iconName == nil ? 0 : 1)
            gtk_label_set_text(title, status.title)
            gtk_label_set_text(body, status.description ?? "")
            gtk_widget_set_visible(gcast(body), status.description == nil ? 0 : 1)
            gtk_label_set_text(details, status.details ?? "")
            gtk_widget_set_visible(expander, status.details == nil ? 0 : 1)
            gtk_expander_set_expanded(gcast(expander), 0)
        }
        gtk_widget_set_visible(retryButton, retry ? 1 : 0)
        gtk_widget_set_visible(widget, 1)
    }

    /// Allocates the page over the whole viewport of `width` × `height` (it centres itself).
    func allocate(width: Int32, height: Int32) {
        guard isVisible else { return }
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, nil, nil, nil)
        gtk_widget_allocate(widget, width, height, -1, nil)
    }
}

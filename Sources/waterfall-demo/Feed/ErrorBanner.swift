import CWaterfallGtk4
import WaterfallGTK

/// A bar across the top of the wall that says why the feed failed, with a Retry button; it
/// floats over the items (GTK's `app-notification` style) and never replaces them.
@MainActor
final class ErrorBanner {
    /// The bar (a horizontal `GtkBox`), to be put in an overlay.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The Retry button.
    let retryButton: UnsafeMutablePointer<GtkWidget>
    private let label: OpaquePointer

    /// Creates a hidden banner; `retry` runs when Retry is clicked.
    init(retry: @escaping @MainActor () -> Void) {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        label = gcast(gtk_label_new(nil))
        retryButton = gtk_button_new_with_mnemonic("_Retry")
        gtk_widget_add_css_class(widget, "app-notification")
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        gtk_widget_set_margin_top(widget, 16)
        gtk_widget_set_margin_start(widget, 16)
        gtk_widget_set_margin_end(widget, 16)
        gtk_label_set_wrap(label, 1)
        gtk_label_set_max_width_chars(label, 70)
        gtk_label_set_xalign(label, 0)
        gtk_box_append(gcast(widget), gcast(label))
        gtk_box_append(gcast(widget), retryButton)
        Signal.connect(retryButton, "clicked") { retry() }
        gtk_widget_set_visible(widget, 0)
    }

    /// Whether the banner is shown.
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    /// The message shown.
    var text: String { String(cString: gtk_label_get_text(label)) }

    /// Shows `message`.
    func show(_ message: String) {
        gtk_label_set_text(label, message)
        gtk_widget_set_visible(widget, 1)
    }

    /// Hides the banner.
    func hide() {
        gtk_widget_set_visible(widget, 0)
    }
}

import CWaterfallGtk
import CWaterfallGtk4

/// A floating pill with a spinner and a line of text: the pull-to-refresh header and the
/// load-more footer of a ``WaterfallView``; after a failed page the footer also offers Retry.
///
/// For assistive technologies the pill is a status (AT-SPI "status bar") named by its text (on
/// GTK 4.14 and later, which name no status, its label says the text); it joins the
/// accessibility tree when shown and leaves it when hidden.
@MainActor
final class StatusIndicator {
    /// The pill (a horizontal `GtkBox`), parented by the view.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    private let label: OpaquePointer
    /// The Retry button, shown by ``show(_:spinning:retry:)`` with `retry`.
    let retryButton: UnsafeMutablePointer<GtkWidget>
    /// Runs when Retry is clicked.
    var onRetry: (@MainActor () -> Void)?

    init() {
        widget = Accessible.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, role: GTK_ACCESSIBLE_ROLE_STATUS)
        spinner = gtk_spinner_new()
        label = gcast(gtk_label_new(nil))
        // The status's name says the text; the parts would only repeat it. Where GTK names no
        // status (4.14 and later), the label says it.
        Accessible.setHidden(spinner, true)
        if wf_accessible_status_takes_label() != 0 { Accessible.setHidden(label, true) }
        gtk_widget_add_css_class(widget, WaterfallStyle.ClassName.indicator)
        gtk_widget_set_can_target(widget, 0)
        gtk_box_append(gcast(widget), spinner)
        gtk_box_append(gcast(widget), gcast(label))
        retryButton = makeRetryButton()
        gtk_widget_set_visible(retryButton, 0)
        gtk_box_append(gcast(widget), retryButton)
        gtk_widget_set_visible(widget, 0)
        Signal.connect(retryButton, "clicked") { [weak self] in self?.onRetry?() }
    }

    /// Whether the pill is shown.
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    /// The text shown (also the status's accessible name).
    var text: String { String(cString: gtk_label_get_text(label)) }

    /// Whether the Retry button is shown.
    var offersRetry: Bool { isVisible && gtk_widget_get_visible(retryButton) != 0 }

    /// Shows the pill with `text`, spinning or not, with the Retry button when `retry`.
    func show(_ text: String, spinning: Bool, retry: Bool = false) {
        gtk_widget_set_visible(retryButton, retry ? 1 : 0)
        // Clicks go through to the wall, except to the Retry button.
        gtk_widget_set_can_target(widget, retry ? 1 : 0)
        if text != self.text { Accessible.setLabel(widget, text) }
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
        allocateFloating(widget, centeredIn: width, top: y)
    }

    /// The pill's natural height.
    var naturalHeight: Int32 {
        var natural = GtkRequisition()
        gtk_widget_get_preferred_size(widget, nil, &natural)
        return natural.height
    }
}

/// A bar across the top of a ``FeedWall`` that says why the feed failed, with a Retry button;
/// it floats over the items (GTK's `app-notification` style) and never replaces them. For
/// assistive technologies it is an alert named by the message.
@MainActor
public final class ErrorBanner {
    /// The bar (a horizontal `GtkBox`, CSS classes `app-notification` and `waterfall-error`).
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The Retry button.
    public let retryButton: UnsafeMutablePointer<GtkWidget>
    private let label: OpaquePointer

    /// Creates a hidden banner; `retry` runs when Retry is clicked. The button's text is
    /// ``WaterfallStrings/retry``.
    public init(retry: @escaping @MainActor () -> Void) {
        widget = Accessible.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, role: GTK_ACCESSIBLE_ROLE_ALERT)
        label = gcast(gtk_label_new(nil))
        Accessible.setHidden(label, true)  // the alert's name says the message
        retryButton = makeRetryButton(clicked: retry)
        gtk_widget_add_css_class(widget, "app-notification")
        gtk_widget_add_css_class(widget, WaterfallStyle.ClassName.error)
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
        gtk_widget_set_visible(widget, 0)
    }

    /// Whether the banner is shown.
    public var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    /// The message shown.
    public var text: String { String(cString: gtk_label_get_text(label)) }

    /// Shows `message`.
    public func show(_ message: String) {
        Accessible.setLabel(widget, message)
        gtk_label_set_text(label, message)
        gtk_widget_set_visible(widget, 1)
    }

    /// Hides the banner.
    public func hide() {
        gtk_widget_set_visible(widget, 0)
    }
}

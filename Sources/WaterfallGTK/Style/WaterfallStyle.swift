import CWaterfallGtk4

/// The stylesheet of the waterfall widgets: rounded cells, the selection and focus rings, the
/// image placeholder, the price strip and the refresh/load-more indicators.
@MainActor
public enum WaterfallStyle {
    /// CSS classes used by the widgets (stable, so applications can restyle them).
    public enum ClassName {
        /// Every cell's root widget.
        public static let cell = "waterfall-cell"
        /// A cell that is selected.
        public static let selected = "selected"
        /// A cell that has the keyboard focus of its waterfall view.
        public static let focused = "focused"
        /// The ring drawn over a selected or focused cell.
        public static let ring = "waterfall-ring"
        /// The placeholder shown until a cell's image is ready.
        public static let placeholder = "waterfall-placeholder"
        /// A placeholder whose image failed to load or decode (the error placeholder).
        public static let failed = "failed"
        /// The price strip across the bottom of an image cell.
        public static let caption = "waterfall-caption"
        /// A caption wrapped below an image (``WaterfallImageCell/CaptionStyle/wrappedBelow``).
        public static let wrappedCaption = "waterfall-wrapped-caption"
        /// The load-more footer and the refresh header.
        public static let indicator = "waterfall-indicator"
        /// The centred status page of an empty or failed wall.
        public static let status = "waterfall-status"
        /// The "N new items" pill (also `osd`).
        public static let newItemsPill = "waterfall-new-items"
        /// A ``FeedWall``'s error banner (beside GTK's own `app-notification`).
        public static let error = "waterfall-error"
        /// A cell lifted by a reorder drag, following the pointer (set once when it lifts).
        public static let lifted = "lifted"
    }

    private static let css = """
    waterfall { background-color: #f3f1ee; }
    .waterfall-cell { border-radius: 10px; background-color: #e4e0da; }
    .waterfall-ring { border-radius: 10px; border: 3px solid transparent; }
    .waterfall-cell.focused .waterfall-ring { border-color: alpha(#3584e4, 0.6); }
    .waterfall-cell.selected .waterfall-ring { border-color: #3584e4; \
    box-shadow: inset 0 0 0 2px white; }
    .waterfall-cell.lifted { box-shadow: 0 12px 28px alpha(black, 0.4), 0 2px 6px alpha(black, 0.3); }
    .waterfall-placeholder { background-image: linear-gradient(160deg, #ece8e2, #d9d3ca); }
    .waterfall-placeholder.failed { background-image: linear-gradient(160deg, #f1e2df, #dcc3bd); \
    color: #8c4a40; font-weight: bold; }
    .waterfall-caption { background-color: rgba(0, 0, 0, 0.3); color: white; font-weight: bold; }
    .waterfall-wrapped-caption { padding: 6px 8px 8px 8px; background-color: white; color: #2e2a26; }
    .waterfall-indicator { padding: 8px 14px; border-radius: 16px; background-color: alpha(white, 0.92); \
    box-shadow: 0 1px 4px alpha(black, 0.25); }
    .waterfall-new-items { border-radius: 999px; padding: 6px 16px; font-weight: bold; \
    box-shadow: 0 2px 6px alpha(black, 0.3); }
    """

    /// A stylesheet added to a display.
    private struct Installation: Hashable {
        let display: UnsafeMutableRawPointer
        let css: String
    }

    private static var installed: Set<Installation> = []

    /// Installs the stylesheet on the display of `widget` once (application priority). Every
    /// ``WaterfallView`` does this when it is realized.
    public static func install(for widget: some GPointer) {
        add(css, for: widget, priority: guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// Adds an application's own `css` on the display of `widget`, once per display, one
    /// priority above the wall's stylesheet so that its rules win — the way to restyle the
    /// classes in ``ClassName`` (or the `waterfall` node) without touching the library's.
    /// - Complexity: O(1) after the first call for a display and stylesheet.
    public static func addStylesheet(_ css: String, for widget: some GPointer) {
        add(css, for: widget, priority: guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1))
    }

    private static func add(_ css: String, for widget: some GPointer, priority: guint) {
        let display = gtk_widget_get_display(gcast(widget))!
        guard installed.insert(Installation(display: UnsafeMutableRawPointer(display), css: css)).inserted else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, gcast(provider), priority)
        g_object_unref(provider)
    }
}

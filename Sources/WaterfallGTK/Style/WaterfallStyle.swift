import CWaterfallGtk
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
        public static let caption = WF_CAPTION_CLASS
        /// A caption wrapped below an image (``WaterfallImageCell/CaptionStyle/wrappedBelow``).
        public static let wrappedCaption = WF_WRAPPED_CAPTION_CLASS
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
        /// The wall while GTK's theme is a high-contrast one (`HighContrast`,
        /// `HighContrastInverse`): bordered cells, strong rings, solid captions.
        public static let highContrast = "high-contrast"
    }

    /// The library's rules, built on named colours that both GTK 4.8's own Adwaita (light,
    /// dark, HighContrast, HighContrastInverse) and libadwaita define (`theme_base_color`,
    /// `theme_fg_color`, `theme_bg_color`, `theme_selected_bg_color`, `theme_selected_fg_color`,
    /// `error_color`), so a dark or high-contrast theme recolours the wall. The wall is a
    /// `.view`, as GtkGridView is; under a high-contrast theme it also has the
    /// ``ClassName/highContrast`` class (see ``HighContrast``).
    private static let css = """
    waterfall.view { background-color: @theme_base_color; color: @theme_text_color; }
    .waterfall-cell { border-radius: 10px; background-color: mix(@theme_fg_color, @theme_base_color, 0.88); }
    .waterfall-ring { border-radius: 10px; border: 3px solid transparent; }
    .waterfall-cell.focused .waterfall-ring { border-color: alpha(@theme_selected_bg_color, 0.7); }
    .waterfall-cell.selected .waterfall-ring { border-color: @theme_selected_bg_color; \
    box-shadow: inset 0 0 0 2px @theme_selected_fg_color; }
    .waterfall-cell.lifted { box-shadow: 0 12px 28px alpha(black, 0.4), 0 2px 6px alpha(black, 0.3); }
    .waterfall-placeholder { color: @theme_fg_color; background-image: linear-gradient(160deg, \
    mix(@theme_fg_color, @theme_base_color, 0.92), mix(@theme_fg_color, @theme_base_color, 0.80)); }
    .waterfall-placeholder.failed { background-image: linear-gradient(160deg, \
    mix(@error_color, @theme_base_color, 0.88), mix(@error_color, @theme_base_color, 0.74)); \
    color: @error_color; font-weight: bold; }
    .waterfall-caption { background-color: rgba(0, 0, 0, 0.3); color: white; font-weight: bold; }
    .waterfall-wrapped-caption { padding: 6px 8px 8px 8px; background-color: @theme_bg_color; color: @theme_fg_color; }
    .waterfall-indicator { padding: 8px 14px; border-radius: 16px; background-color: alpha(@theme_bg_color, 0.94); \
    color: @theme_fg_color; box-shadow: 0 1px 4px alpha(black, 0.25); }
    .waterfall-new-items { border-radius: 999px; padding: 6px 16px; font-weight: bold; \
    box-shadow: 0 2px 6px alpha(black, 0.3); }
    waterfall.view.high-contrast .waterfall-cell { outline: 2px solid @theme_fg_color; outline-offset: -2px; }
    waterfall.view.high-contrast .waterfall-cell.focused .waterfall-ring { border: 5px solid @theme_fg_color; \
    box-shadow: inset 0 0 0 3px @theme_base_color; }
    waterfall.view.high-contrast .waterfall-cell.selected .waterfall-ring { border: 5px solid @theme_selected_bg_color; \
    box-shadow: inset 0 0 0 3px @theme_selected_fg_color; }
    waterfall.view.high-contrast .waterfall-caption { background-color: @theme_base_color; color: @theme_text_color; \
    border-top: 2px solid @theme_fg_color; }
    waterfall.view.high-contrast .waterfall-indicator { border: 2px solid @theme_fg_color; box-shadow: none; }
    waterfall.view.high-contrast .waterfall-new-items { border: 2px solid @theme_fg_color; }
    """

    /// A stylesheet added to a display.
    private struct Installation: Hashable {
        let display: UnsafeMutableRawPointer
        let css: String
    }

    private static var installed: Set<Installation> = []

    /// Installs the stylesheet on the display of `widget` once, at THEME priority (beside the
    /// theme, whose `.view` it refines): any CSS an application adds at APPLICATION priority
    /// (or above) wins. Every ``WaterfallView`` does this when it is realized.
    public static func install(for widget: some GPointer) {
        add(css, for: widget, priority: guint(GTK_STYLE_PROVIDER_PRIORITY_THEME))
    }

    /// Adds an application's own `css` on the display of `widget`, once per display, at
    /// APPLICATION priority, so that its rules win over the wall's — the way to restyle the
    /// classes in ``ClassName`` (or the `waterfall` node) without touching the library's; a
    /// `GtkCssProvider` of the app's own at that priority does the same.
    /// - Complexity: O(1) after the first call for a display and stylesheet.
    public static func addStylesheet(_ css: String, for widget: some GPointer) {
        add(css, for: widget, priority: guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    private static func add(_ css: String, for widget: some GPointer, priority: guint) {
        let display = gtk_widget_get_display(gcast(widget))!
        guard installed.insert(Installation(display: UnsafeMutableRawPointer(display), css: css)).inserted else { return }
        let provider = gtk_css_provider_new()!
        wf_css_provider_load(provider, css)
        gtk_style_context_add_provider_for_display(display, gcast(provider), priority)
        g_object_unref(provider)
    }
}

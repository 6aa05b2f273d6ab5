import CWaterfallGtk4
import WaterfallGTK

/// The look of seed 003's photo layouts: photos with a white 6 px border and 3 px corners
/// (the seed's `layer.borderWidth` and `cornerRadius`) on a dark wall.
@MainActor
enum PhotoStyle {
    /// The CSS class of a photo cell's root widget.
    static let photoClass = "waterfall-photo"
    /// The CSS class of a view while it shows photos.
    static let wallClass = "photo-wall"

    private static let css = """
    waterfall.photo-wall { background-color: #26282b; }
    .waterfall-cell.waterfall-photo { border: 6px solid white; border-radius: 3px; background-color: white; \
    box-shadow: 0 2px 6px alpha(black, 0.45); }
    .waterfall-photo .waterfall-ring { border-radius: 0; }
    .waterfall-photo .waterfall-caption { background-color: transparent; }
    """

    private static var installedDisplays: Set<UnsafeMutableRawPointer> = []

    /// Installs the stylesheet on the display of `widget` once (above the wall's own).
    static func install(for widget: some GPointer) {
        let display = gtk_widget_get_display(gcast(widget))!
        guard installedDisplays.insert(UnsafeMutableRawPointer(display)).inserted else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, gcast(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1))
        g_object_unref(provider)
    }
}

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

    /// Installs the stylesheet on the display of `widget` once (above the wall's own).
    static func install(for widget: some GPointer) {
        WaterfallStyle.addStylesheet(css, for: widget)
    }
}

import WaterfallCore
import WaterfallGTK

/// The cells of `--sections`' headers: a full-width dark bar with the category and its count
/// ("Desk Lamps · 625 items"), pinned at the top of the wall while its section scrolls by.
@MainActor
enum ShopSectionHeader {
    /// Header cells have their own reuse pool: they carry the header style.
    static let reuseIdentifier = "ShopSectionHeader"
    /// The CSS class of a header cell's root widget.
    static let headerClass = "shop-section-header"
    /// The height of a header.
    static let height: Double = 44

    private static let css = """
    .waterfall-cell.shop-section-header { background-color: #2f3640; border-radius: 8px; }
    .shop-section-header .waterfall-placeholder { background-image: none; }
    .shop-section-header .waterfall-caption { background-color: transparent; color: white; \
    font-weight: bold; font-size: 15px; min-height: 44px; }
    """

    /// A header cell showing `header`: pooled when the model has one, else new.
    static func cell(showing header: ShopSections.Header, from model: WaterfallViewModel<WaterfallImageCell>) -> WaterfallImageCell {
        let cell = model.dequeueReusableCell(withIdentifier: reuseIdentifier) ?? makeCell()
        cell.setCaption(header.text)
        cell.setAccessibleLabel("\(header.text), section header")
        return cell
    }

    private static func makeCell() -> WaterfallImageCell {
        let cell = WaterfallImageCell(reuseIdentifier: reuseIdentifier)
        WaterfallStyle.addStylesheet(css, for: cell.widget)
        gtk_widget_add_css_class(cell.widget, headerClass)
        return cell
    }
}

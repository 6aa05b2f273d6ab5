import WaterfallGTK

/// A custom cell: a coloured box with a text label. Subclass `WaterfallCell`, build the widgets
/// once, and change only their contents when the cell shows another item.
final class SwatchCell: WaterfallCell {
    static let identifier = "swatch"
    private let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    private let label = gtk_label_new(nil)!
    private var colourClass = "swatch-0"

    init() {
        super.init(reuseIdentifier: Self.identifier)
        gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(label, 1)
        gtk_box_append(gcast(box), label)
        gtk_widget_add_css_class(box, colourClass)
        setContent(box)
    }

    /// Shows `text` on the colour of CSS class `swatch-<colour>`.
    func show(_ text: String, colour: Int) {
        gtk_widget_remove_css_class(box, colourClass)
        colourClass = "swatch-\(colour)"
        gtk_widget_add_css_class(box, colourClass)
        gtk_label_set_text(gcast(label), text)
        setAccessibleLabel(text)
    }
}

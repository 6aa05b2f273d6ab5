import WaterfallCore

extension WaterfallView {
    /// Follows the widget's text direction (`gtk_widget_get_direction`: the locale's, or what
    /// the application set): a right-to-left widget mirrors the layout, now and on every
    /// `direction-changed`.
    func installDirection() {
        followDirection()
        Signal.connect(widget, "direction-changed") { [weak self] in self?.followDirection() }
    }

    /// Whether the widget lays out right to left.
    var isRightToLeft: Bool { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }

    /// Hands the widget's direction to the model, which relayouts when it changed.
    private func followDirection() {
        model.layoutDirection = isRightToLeft ? .rightToLeft : .leftToRight
    }
}

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

    /// Hands the widget's direction to the model, which relayouts when it changed; the
    /// horizontal adjustment flips with it.
    private func followDirection() {
        model.layoutDirection = isRightToLeft ? .rightToLeft : .leftToRight
        syncAdjustment(offset: model.contentOffset, contentSize: model.contentSize)
    }

    /// Converts between an adjustment's value and the content offset along it, both ways (the
    /// flip is its own inverse). GTK's convention, as GtkListBase's: a right-to-left widget's
    /// horizontal adjustment is flipped — its value is `upper − page size − offset` — so the
    /// scrollbar starts at the right, where the first items are, and the model's offset still
    /// grows from the first items toward the end. Vertical adjustments never flip.
    func flipIfRightToLeft(_ value: Double, upper: Double, pageSize: Double,
                           horizontal: Bool) -> Double {
        horizontal && isRightToLeft ? upper - pageSize - value : value
    }

    /// The content offset along the layout's axis that its adjustment shows.
    var scrollAdjustmentOffset: Double {
        let adjustment = scrollAdjustment
        return flipIfRightToLeft(gtk_adjustment_get_value(adjustment), upper: gtk_adjustment_get_upper(adjustment),
                                 pageSize: gtk_adjustment_get_page_size(adjustment),
                                 horizontal: adjustment == horizontalAdjustment)
    }

    /// Moves the adjustment of the layout's axis to show the content offset `offset`.
    func setScrollAdjustmentOffset(_ offset: Double) {
        let adjustment = scrollAdjustment
        gtk_adjustment_set_value(adjustment, flipIfRightToLeft(
            offset, upper: gtk_adjustment_get_upper(adjustment), pageSize: gtk_adjustment_get_page_size(adjustment),
            horizontal: adjustment == horizontalAdjustment))
    }
}

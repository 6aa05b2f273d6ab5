/// Where a view model's selection is kept: the view model's own single index
/// (``SingleSelection``, the default) or a toolkit's selection model (the GTK wall's
/// `GtkSelectionModel`). The view model turns clicks, keys, actions and rubberbands into
/// these calls, and renumbers the store through every batch update's trace, as it does the
/// keyboard focus.
@MainActor
public protocol WaterfallSelection: AnyObject {
    /// Whether the item at `index` is selected.
    func isSelected(_ index: Int) -> Bool
    /// Selects the item at `index` as a click does: alone; toggled with `modify` (Ctrl);
    /// with the range from the anchor (the last item selected without `extend`) with `extend`
    /// (Shift), added to the selection when `modify` is held too.
    func select(_ index: Int, modify: Bool, extend: Bool)
    /// Selects (`true`) or unselects every item (Ctrl+A, Ctrl+Shift+A).
    func selectAll(_ select: Bool)
    /// Whether Enter selects the focused item before activating it. A `GtkSelectionModel`
    /// store answers `false`, GtkGridView's rule: Enter only activates, so a multi-selection
    /// stays as it is. The view model's own ``SingleSelection`` answers `true`: a data source's
    /// delegate hears ``WaterfallDelegate/waterfallView(_:didSelectAt:)`` for Enter as for a tap.
    var activationSelects: Bool { get }
    /// Whether a drag over the items draws a rubberband that selects them.
    var allowsRubberband: Bool { get }
    /// A rubberband covers `indices`; `extend` keeps the selection from before it.
    func select(covering indices: [Int], extend: Bool)
    /// The items changed: `trace` gives an item's index after the change, `nil` when it was
    /// deleted.
    func renumber(_ trace: (Int) -> Int?)
    /// The items were reloaded: what the store remembers of the old ones is forgotten.
    func reset()
}

import CWaterfallGtk4

/// Who keeps a ``WaterfallView``'s selection when it is not the view model's one
/// `selectedIndex`: the list-model path's `GtkSelectionModel` (``WaterfallListModelSource``).
/// The view hands it clicks, keys and rubberbands; it keeps the live cells' selected states
/// itself (when a cell is bound and when the selection or the items change).
@MainActor
protocol WaterfallSelectionHandling: AnyObject {
    /// Whether the item at `index` is selected.
    func isSelected(_ index: Int) -> Bool
    /// A primary click on the item at `index`: `count` presses as GTK counted them (2 for a
    /// double-click) with the modifier keys `modifiers` held, at the event's `time` (ms).
    func clicked(_ index: Int, count: Int, modifiers: GdkModifierType, time: UInt32)
    /// Enter or space on the focused item at `index` (`activate` for Enter).
    func keyPressed(on index: Int, activate: Bool)
    /// Ctrl+A (`select` true) or Ctrl+Shift+A: selects or unselects every item.
    func selectAll(_ select: Bool)
    /// Whether a drag over the wall draws a rubberband.
    var allowsRubberband: Bool { get }
    /// A rubberband covers `indices`; `extend` keeps the selection from before it (Ctrl or
    /// Shift held). Called as the band changes, with every item under it.
    func rubberband(covering indices: [Int], extend: Bool)
}

import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// The wall's accessible label, what a screen reader calls it: ``accessibleName`` and the
    /// item count (``accessibleTotal``, or the items loaded), as in "Shop wall, 10,000 items".
    public var accessibleLabel: String {
        let strings = WaterfallStrings.current
        return WaterfallStrings.fill(strings.wallLabel, ["name": accessibleName, "items": strings.items(accessibleItemCount)])
    }

    /// The set size assistive technologies are told: ``accessibleTotal`` when the owner knows
    /// it, otherwise the items loaded.
    var accessibleItemCount: Int {
        max(accessibleTotal ?? 0, positionCount)
    }

    /// Brings the wall's label and `cell`'s position ("item 12 of 10,000") up to date, and
    /// gives the focused item's cell the GTK focus if the wall has it.
    /// - Complexity: O(1); nothing is sent to GTK when nothing changed.
    func updateAccessibility(of cell: Cell, index: Int) {
        refreshAccessibleLabel()
        if let position = position(ofIndex: index) {
            cell.setAccessiblePosition(index: position, count: accessibleItemCount, descriptions: &accessibility.itemPositionText)
        }
        if index == focusedIndex { syncKeyboardFocus() }
    }

    /// Gives the wall's widget its ``accessibleLabel`` if its name or count changed, and the
    /// shown cells their positions in the new count.
    /// - Complexity: O(1) (two comparisons, no text) when nothing changed, O(k) for k shown
    ///   cells otherwise.
    func refreshAccessibleLabel() {
        let count = accessibleItemCount
        guard accessibility.labelledAs?.name != accessibleName || accessibility.labelledAs?.count != count else { return }
        accessibility.labelledAs = (accessibleName, count)
        Accessible.setLabel(widget, accessibleLabel)
        for cell in shownCells {
            guard let index = cell.placement?.index, let position = position(ofIndex: index) else { continue }
            cell.setAccessiblePosition(index: position, count: count, descriptions: &accessibility.itemPositionText)
        }
    }

    /// Whether the window's focus widget is the wall or one of its cells.
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// Moves the GTK focus, while it is inside the wall, to the cell of the focused item
    /// (assistive technologies follow it and read the cell), or back to the wall itself when
    /// that item has no live cell (scrolled away and recycled) or nothing is focused.
    /// - Complexity: O(1).
    func syncKeyboardFocus() {
        guard containsFocus else { return }
        if let index = focusedIndex, let cell = model.cell(at: index), cell.childSlot >= 0 {
            if gtk_widget_is_focus(cell.widget) == 0 { gtk_widget_grab_focus(cell.widget) }
        } else if gtk_widget_is_focus(widget) == 0 {
            gtk_widget_grab_focus(widget)
        }
    }

    /// Before `cell` is hidden for reuse: if it has the GTK focus, the wall takes it back, so
    /// the focus never rests on a hidden widget (GTK would drop it) or moves with the cell to
    /// another item. The focused item keeps its focus ring and gets the focus again when it
    /// comes back into view.
    func releaseKeyboardFocus(from cell: Cell) {
        if gtk_widget_is_focus(cell.widget) != 0 { gtk_widget_grab_focus(widget) }
    }
}

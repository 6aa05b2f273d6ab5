import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// `list.activate-item`: emits `activate` for an item (nothing for a position past the items).
    func activateItemAction(_ position: Int) {
        guard position >= 0, position < actionItemCount else { return }
        if let source = selectionHandler as? WaterfallListModelSource {
            source.activate(position)   // the source's onActivate, then the signal
        } else {
            activate(position)
        }
    }

    /// `list.select-item`: selects the item as a click does (nothing for a position past the
    /// items): through a list model's selection model, toggling with `modify` and extending
    /// from the anchor with `extend`. The seeds' API keeps one selected item, as a
    /// `GtkSingleSelection` that may be unselected does: `modify` toggles it (the selected
    /// item is unselected, another one becomes the selection and the delegate hears of it),
    /// and `extend` selects the item, since one item cannot hold a range.
    func selectItemAction(_ position: Int, modify: Bool, extend: Bool) {
        guard position < actionItemCount else { return }
        if let source = selectionHandler as? WaterfallListModelSource {
            source.select(position, modify: modify, extend: extend)
            refreshCellStates()
        } else if modify && !extend && model.selectedIndex == position {
            selectItem(at: nil)
        } else {
            select(position)
        }
    }

    /// The items activation and `list.select-item` may name: a list model's own count (the
    /// layout has no items before the view is first laid out, and GtkListBase's actions work
    /// before it is shown), else the layout's.
    var actionItemCount: Int {
        guard let source = selectionHandler as? WaterfallListModelSource else { return model.numberOfItems }
        return source.itemCount
    }

    /// `list.scroll-to-item`: moves the keyboard focus to the item and scrolls as little as
    /// needed to show it (a snapping layout centres it); nothing for a position past the items.
    func scrollToItemAction(_ position: Int) {
        guard position < model.numberOfItems else { return }
        focus(position)
    }
}

import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// `list.activate-item`: emits `activate` for an item (nothing for a position past the items).
    func activateItemAction(_ position: Int) {
        guard position >= 0, position < actionItemCount else { return }
        model.activate(position)
    }

    /// `list.select-item`: selects the item as a click does, toggling with `modify` and
    /// extending from the anchor with `extend` (see `WaterfallViewModel.select(_:modify:extend:)`;
    /// nothing for a position past the items).
    func selectItemAction(_ position: Int, modify: Bool, extend: Bool) {
        guard position < actionItemCount else { return }
        model.select(position, modify: modify, extend: extend)
        refreshCellStates()
    }

    /// The items activation and `list.select-item` may name: a list model's own count (the
    /// layout has no items before the view is first laid out, and GtkListBase's actions work
    /// before it is shown), else the layout's.
    var actionItemCount: Int {
        guard let source = model.selection as? WaterfallListModelSource else { return model.numberOfItems }
        return source.itemCount
    }

    /// `list.scroll-to-item`: moves the keyboard focus to the item and scrolls as little as
    /// needed to show it (a snapping layout centres it); nothing for a position past the items.
    func scrollToItemAction(_ position: Int) {
        guard position < model.numberOfItems else { return }
        focus(position)
    }
}

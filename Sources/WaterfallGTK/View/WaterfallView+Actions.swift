import CWaterfallGtk4
import Foundation
import WaterfallCore

extension WaterfallView {
    /// `list.activate-item`: emits `activate` for an item (nothing for a position past the items).
    func activateItemAction(_ position: Int) {
        guard position >= 0, position < model.numberOfItems else { return }
        if let source = selectionHandler as? WaterfallListModelSource {
            source.activate(position)   // the source's onActivate, then the signal
        } else {
            activate(position)
        }
    }

    /// `list.select-item`: selects the item as a click does (nothing for a position past the
    /// items): through a list model's selection model, toggling with `modify` and extending
    /// from the anchor with `extend`; the one-item selection of the seeds' API has nothing to
    /// toggle or extend, so there `modify` and `extend` select the item too.
    func selectItemAction(_ position: Int, modify: Bool, extend: Bool) {
        guard position < model.numberOfItems else { return }
        if let source = selectionHandler as? WaterfallListModelSource {
            source.select(position, modify: modify, extend: extend)
            refreshCellStates()
        } else {
            select(position)
        }
    }

    /// `list.scroll-to-item`: moves the keyboard focus to the item and scrolls as little as
    /// needed to show it (a snapping layout centres it); nothing for a position past the items.
    func scrollToItemAction(_ position: Int) {
        guard position < model.numberOfItems else { return }
        focus(position)
    }
}

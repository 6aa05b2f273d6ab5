import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// `list.activate-item`: emits `activate` for an item (nothing for a position past the items).
    func activateItemAction(_ position: Int) {
        guard position >= 0, position < actionItemCount else { return }
        model.activate(index(ofPosition: position))
    }

    /// `list.select-item`: selects the item as a click does, toggling with `modify` and
    /// extending from the anchor with `extend` (see `WaterfallViewModel.select(_:modify:extend:)`;
    /// nothing for a position past the items).
    func selectItemAction(_ position: Int, modify: Bool, extend: Bool) {
        guard position < actionItemCount else { return }
        model.select(index(ofPosition: position), modify: modify, extend: extend)
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
        scrollTo(position, focus: true, reveal: true)
    }

    /// The items Tab moves through (the view's `tab-behavior`) and `scrollTo` reaches: the
    /// laid-out ones, section headers not counted.
    var positionCount: Int { sectionMap.itemCount(inIndices: model.numberOfItems) }

    /// The model position of the focused item, `nil` when none is.
    var focusedPosition: Int? { focusedIndex.flatMap(position(ofIndex:)) }

    /// `waterfall_masonry_view_scroll_to` (GTK 4.12+) and Tab: with `focus`, moves the focus ring
    /// to the item and the keyboard focus to its cell (to the wall until the cell is laid out),
    /// as GtkListBase's `GTK_LIST_SCROLL_FOCUS`; when
    /// `reveal`, scrolls as little as needed to show it (a snapping layout centres it). Nothing
    /// for a position past the items.
    func scrollTo(_ position: Int, focus takesFocus: Bool, reveal: Bool) {
        guard position >= 0, position < positionCount else { return }
        let index = index(ofPosition: position)
        if takesFocus {
            focus(index, reveal: reveal)
            if !containsFocus { gtk_widget_grab_focus(widget) }
            syncKeyboardFocus()
        } else if reveal {
            stopSettle()
            self.reveal(index)
        }
    }
}

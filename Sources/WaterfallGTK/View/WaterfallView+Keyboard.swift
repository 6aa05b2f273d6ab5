import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// Arrow keys move a focus ring between items and select as GtkGridView's do (Ctrl only
    /// moves, Shift extends; see `WaterfallViewModel.arrowKeyPressed(_:from:modifiers:)`),
    /// scrolling it into view (a horizontal layout centres it); Page Up/Down
    /// scroll by a page and move the ring with it, Home/End go to the first/last item and the
    /// very start/end, Enter/space select and activate the focused item. F5 and Ctrl+R refresh
    /// while the wall (or one of its cells) has the focus: the `list.refresh` action, bound by
    /// the widget's class (`waterfall-masonry-view.c`), so two walls in a window refresh apart.
    ///
    /// The focused item's cell also takes the GTK focus, so assistive technologies announce it;
    /// the wall stays one Tab stop (Tab and Shift+Tab leave it, see `waterfall-masonry-view.c`).
    func installKeyboard() {
        let keys = gtk_event_controller_key_new()!
        Signal.connect(keys, "key-pressed") { [weak self] (keyval: UInt32, _: UInt32, state: GdkModifierType) -> Bool in
            self?.keyPressed(keyval, state: state) ?? false
        }
        gtk_widget_add_controller(widget, keys)
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(focus, "notify::contains-focus") { [weak self, focus] in
            self?.focusChanged(containsFocus: gtk_event_controller_focus_contains_focus(gcast(focus)) != 0)
        }
        gtk_widget_add_controller(widget, focus)
    }

    /// Handles one key press with the modifier keys in `state`; returns whether it was used.
    func keyPressed(_ keyval: UInt32, state: GdkModifierType = GdkModifierType(0)) -> Bool {
        switch Int32(keyval) {
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down:
            guard model.numberOfItems > 0 else { return false }
            page(by: gtk_adjustment_get_page_increment(scrollAdjustment))
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up:
            guard model.numberOfItems > 0 else { return false }
            page(by: -gtk_adjustment_get_page_increment(scrollAdjustment))
        case GDK_KEY_Home, GDK_KEY_KP_Home:
            guard model.numberOfItems > 0 else { return false }
            focus(model.focusableIndex(from: 0, forward: true))
            scroll(to: 0)
        case GDK_KEY_End, GDK_KEY_KP_End:
            guard model.numberOfItems > 0 else { return false }
            focus(model.focusableIndex(from: model.numberOfItems - 1, forward: false))
            scroll(to: maximumContentOffset)
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space:
            guard let index = focusedIndex, index < model.numberOfItems else { return false }
            model.keyPressed(on: index, activate: Int32(keyval) == GDK_KEY_Return || Int32(keyval) == GDK_KEY_KP_Enter)
            refreshCellStates()
        default:
            guard let direction = Self.focusDirection(of: Int32(keyval)) else { return false }
            let modifiers = SelectionModifiers(state)
            guard let target = model.arrowKeyPressed(direction, from: focusedIndex, modifiers: modifiers) else { return false }
            focus(target)
        }
        return true
    }

    /// The direction of an arrow key, or `nil` for other keys.
    private static func focusDirection(of keyval: Int32) -> FocusDirection? {
        switch keyval {
        case GDK_KEY_Down, GDK_KEY_KP_Down: .down
        case GDK_KEY_Up, GDK_KEY_KP_Up: .up
        case GDK_KEY_Right, GDK_KEY_KP_Right: .right
        case GDK_KEY_Left, GDK_KEY_KP_Left: .left
        default: nil
        }
    }

    /// Moves the focus ring to `index` and, when `reveal` is true, scrolls as little as needed
    /// to show it (a snapping horizontal layout centres it, animated).
    func focus(_ index: Int, reveal: Bool = true) {
        stopSettle()
        focusedIndex = index
        if reveal { self.reveal(index) }
        refreshCellStates()
    }

    /// Scrolls as little as needed to show the item at `index` (a snapping horizontal layout
    /// centres it, animated).
    func reveal(_ index: Int) {
        if model.layout.scrollAxis == .horizontal {
            settle(centering: index)
        } else {
            measuringWork { model.scrollToItem(at: index, position: .nearest) }
        }
    }

    /// Scrolls by `distance` and moves the focus ring to the item now where the focused one was
    /// in the viewport; when nothing was focused or nothing is there (a gap), to the lowest
    /// index that starts inside the viewport. Without scrolling again to reveal it: a page step
    /// moves a waterfall by exactly a page (a snapping horizontal layout still centres the new
    /// item).
    private func page(by distance: Double) {
        let before = contentOffset
        scroll(to: before + distance)
        let target = model.focusTarget(afterPaging: Double(contentOffset - before), from: focusedIndex)
        // A snapping layout centres the new item; a vertical one stays where the page put it.
        focus(target ?? model.focusStartIndex, reveal: model.layout.scrollAxis == .horizontal)
    }

    /// Hides the focus ring once the keyboard focus is neither on the view nor on its cells.
    private func focusChanged(containsFocus: Bool) {
        guard !containsFocus else { return }
        focusedIndex = nil
        refreshCellStates()
    }
}

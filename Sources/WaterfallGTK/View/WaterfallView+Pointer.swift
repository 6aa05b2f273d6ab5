import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// A primary click selects the item under the pointer and takes the keyboard focus; a
    /// double click (or a single one, with `single-click-activate`) activates it.
    func installPointer() {
        let click = gtk_gesture_click_new()!
        Signal.connect(click, "released") { [weak self, click] (count: Int, x: Double, y: Double) in
            self?.clicked(at: x, y, count: count, modifiers: gtk_event_controller_get_current_event_state(gcast(click)),
                          time: gtk_event_controller_get_current_event_time(gcast(click)))
        }
        gtk_widget_add_controller(widget, gcast(click))
    }

    /// A click at (`x`, `y`) in widget coordinates, which are viewport coordinates: selects
    /// the item drawn there (through the ``selectionHandler`` when there is one, with the press
    /// `count`, the `modifiers` held and the event `time`; else a double click, or any with
    /// `single-click-activate`, also activates it), or reports a background click.
    func clicked(at x: Double, _ y: Double, count: Int = 1, modifiers: GdkModifierType = GdkModifierType(0),
                 time: UInt32 = 0) {
        gtk_widget_grab_focus(widget)
        stopSettle()
        let point = Point(x: x, y: y)
        guard let index = index(drawnAt: point) else {
            onBackgroundClick?(point)
            return
        }
        focusedIndex = index
        if let selectionHandler {
            selectionHandler.clicked(index, count: count, modifiers: modifiers, time: time)
            refreshCellStates()
        } else {
            select(index)
            if count == 2 || activatesOnSingleClick { activate(index) }
        }
    }

    /// The item drawn at a viewport point: the topmost shown cell whose frame, scaled around
    /// its centre as drawn (mid-animation too), contains the point; ties go to the lower index.
    /// - Complexity: O(k) for k shown cells.
    func index(drawnAt point: Point) -> Int? {
        var hit: LayoutAttributes?
        for cell in shownCells {
            guard let attributes = presentedAttributes(of: cell) else { continue }
            let frame = attributes.frame
            let drawn = frame.insetBy(dx: frame.width * (1 - attributes.scale) / 2,
                                      dy: frame.height * (1 - attributes.scale) / 2)
            guard drawn.contains(point) else { continue }
            if let best = hit, best.zIndex > attributes.zIndex
                || (best.zIndex == attributes.zIndex && best.index < attributes.index) { continue }
            hit = attributes
        }
        return hit?.index
    }

    /// Selects `index` as a click does: the model records it and tells the delegate.
    func select(_ index: Int) {
        selectItem(at: index)
        model.delegate?.waterfallView(model, didSelectAt: index)
    }

    /// Selects the item at `index` (or nothing) from code; the delegate is not told, as with
    /// `UICollectionView.selectItem(at:)`.
    public func selectItem(at index: Int?) {
        model.selectedIndex = index
        refreshCellStates()
    }

    /// Whether the item at `index` shows as selected: the ``selectionHandler``'s answer, else
    /// whether it is the model's `selectedIndex`.
    func isItemSelected(_ index: Int) -> Bool {
        selectionHandler?.isSelected(index) ?? (index == model.selectedIndex)
    }

    /// Re-applies the selected and focused states to every shown cell, and moves the GTK focus
    /// to the focused item's cell.
    func refreshCellStates() {
        for cell in shownCells {
            guard let index = cell.placement?.index else { continue }
            cell.isSelected = isItemSelected(index)
            cell.isFocused = index == focusedIndex
        }
        syncKeyboardFocus()
    }
}

import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// A primary click goes to the model (`WaterfallViewModel.click(at:count:modifiers:time:)`):
    /// it focuses, selects or activates the item under the pointer; a click on no item is
    /// reported to ``onBackgroundClick``.
    func installPointer() {
        let click = gtk_gesture_click_new()!
        Signal.connect(click, "released") { [weak self, click] (count: Int, x: Double, y: Double) in
            guard let self else { return }
            let modifiers = SelectionModifiers(gtk_event_controller_get_current_event_state(gcast(click)))
            gtk_widget_grab_focus(self.widget)
            self.stopSettle()
            let point = Point(x: x, y: y)
            if self.model.click(at: point, count: count, modifiers: modifiers,
                                time: gtk_event_controller_get_current_event_time(gcast(click))) == nil {
                self.onBackgroundClick?(point)
            }
            self.refreshCellStates()
        }
        gtk_widget_add_controller(widget, gcast(click))
    }

    /// Selects the item at `index` (or nothing) from code; the delegate is not told, as with
    /// `UICollectionView.selectItem(at:)`.
    public func selectItem(at index: Int?) {
        model.selectedIndex = index
        refreshCellStates()
    }

    /// Re-applies the selected and focused states to every shown cell, and moves the GTK focus
    /// to the focused item's cell.
    func refreshCellStates() {
        for cell in shownCells {
            guard let index = cell.placement?.index else { continue }
            cell.isSelected = model.isSelected(index)
            cell.isFocused = index == focusedIndex
        }
        syncKeyboardFocus()
    }

    /// Where the shown cells are drawn while a layout switch or batch update animates them
    /// (`WaterfallHosting.presentedAttributes`, for the model's hit test), else `nil`.
    public var presentedAttributes: [LayoutAttributes]? {
        guard isAnimatingTransition else { return nil }
        return shownCells.compactMap { presentedAttributes(of: $0) }
    }

    /// GTK's `gtk-double-click-time` setting, in milliseconds.
    public var doubleClickTime: UInt32 {
        var value = GValue()
        g_value_init(&value, GType(6 << G_TYPE_FUNDAMENTAL_SHIFT))   // G_TYPE_INT
        defer { g_value_unset(&value) }
        guard let settings = gtk_settings_get_default() else { return 400 }
        g_object_get_property(settings.gpointer.assumingMemoryBound(to: GObject.self), "gtk-double-click-time", &value)
        return UInt32(clamping: g_value_get_int(&value))
    }
}

extension WaterfallView {
    /// The item drawn at `point` (viewport coordinates): the model's hit test.
    func position(at point: Point) -> Int? { model.index(at: point).flatMap(position(ofIndex:)) }
}

import CWaterfallGtk4

extension WaterfallListModelSource: WaterfallSelectionHandling {
    /// Whether the selection model has the item at `index` selected.
    func isSelected(_ index: Int) -> Bool {
        selectionModel.map { gtk_selection_model_is_selected($0, guint(index)) != 0 } ?? false
    }

    /// As GtkGridView: a double-click (or a plain click with ``singleClickActivate``)
    /// activates; Shift selects the range from the anchor (Ctrl+Shift adds it to the
    /// selection), Ctrl toggles the item, a plain click selects only it.
    ///
    /// A second click on the same item within `gtk-double-click-time` of the first counts as
    /// a double-click too: the wall's click gesture reports a press count of 1 for both
    /// presses of a double-click (seen under Xvfb with XTEST input), so the count alone
    /// would miss it.
    func clicked(_ index: Int, count: Int, modifiers: GdkModifierType, time: UInt32) {
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let previous = lastClick
        lastClick = (index, time)
        let repeated = previous.map { $0.index == index && time &- $0.time <= Self.doubleClickTime } ?? false
        if (count == 2 || repeated) && !control && !shift {
            lastClick = nil
            activate(index)
            return
        }
        if singleClickActivate && !control && !shift {
            activate(index)
            return
        }
        select(index, modify: control, extend: shift)
    }

    /// Enter activates the focused item; space selects it as a plain click does.
    func keyPressed(on index: Int, activate: Bool) {
        if activate {
            self.activate(index)
        } else {
            select(index, modify: false, extend: false)
        }
    }

    /// Selects (or unselects) every item; a single selection ignores select-all.
    func selectAll(_ select: Bool) {
        guard let selectionModel else { return }
        if select {
            gtk_selection_model_select_all(selectionModel)
        } else {
            gtk_selection_model_unselect_all(selectionModel)
        }
    }

    /// A multi-selection with ``enableRubberband``.
    var allowsRubberband: Bool {
        guard let selectionModel else { return false }
        return enableRubberband && g_type_check_instance_is_a(selectionModel.gpointer.assumingMemoryBound(to: GTypeInstance.self),
                                                       gtk_multi_selection_get_type()) != 0
    }

    /// Makes the selection the items under the band (plus the earlier selection with `extend`),
    /// in one `set_selection` call.
    func rubberband(covering indices: [Int], extend: Bool) {
        guard let selectionModel else { return }
        let selected = gtk_bitset_new_empty()!
        let mask = extend ? gtk_bitset_new_empty()! : gtk_bitset_new_range(0, g_list_model_get_n_items(selectionModel))!
        defer {
            gtk_bitset_unref(selected)
            gtk_bitset_unref(mask)
        }
        for index in indices {
            gtk_bitset_add(selected, guint(index))
            gtk_bitset_add(mask, guint(index))
        }
        gtk_selection_model_set_selection(selectionModel, selected, mask)
    }

    /// The selection step of a click or key: see ``clicked(_:count:modifiers:)``.
    func select(_ index: Int, modify: Bool, extend: Bool) {
        guard let selectionModel else { return }
        if extend, let anchor {
            let first = min(anchor, index), count = abs(anchor - index) + 1
            gtk_selection_model_select_range(selectionModel, guint(first), guint(count), modify ? 0 : 1)
            return
        }
        anchor = index
        if modify {
            if isSelected(index) {
                gtk_selection_model_unselect_item(selectionModel, guint(index))
            } else {
                gtk_selection_model_select_item(selectionModel, guint(index), 0)
            }
        } else {
            gtk_selection_model_select_item(selectionModel, guint(index), 1)
        }
    }

    /// GTK's `gtk-double-click-time` setting, in milliseconds.
    static var doubleClickTime: UInt32 {
        var value = GValue()
        g_value_init(&value, GType(6 << G_TYPE_FUNDAMENTAL_SHIFT))   // G_TYPE_INT
        defer { g_value_unset(&value) }
        guard let settings = gtk_settings_get_default() else { return 400 }
        g_object_get_property(settings.gpointer.assumingMemoryBound(to: GObject.self), "gtk-double-click-time", &value)
        return UInt32(clamping: g_value_get_int(&value))
    }

    /// Tells ``onActivate`` and emits the view's `activate` signal.
    func activate(_ index: Int) {
        onActivate?(index)
        view?.activate(index)
    }
}

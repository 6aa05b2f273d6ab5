import CWaterfallGtk4
import Foundation

extension WaterfallListModelSource: WaterfallSelectionHandling {
    /// Whether the selection model has the item at `index` selected.
    func isSelected(_ index: Int) -> Bool {
        gtk_selection_model_is_selected(selectionModel, guint(index)) != 0
    }

    /// As GtkGridView: a double-click (or a plain click with ``singleClickActivate``)
    /// activates; Shift selects the range from the anchor (Ctrl+Shift adds it to the
    /// selection), Ctrl toggles the item, a plain click selects only it.
    func clicked(_ index: Int, count: Int, modifiers: GdkModifierType) {
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        if count == 2 && !control && !shift {
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
        if select {
            gtk_selection_model_select_all(selectionModel)
        } else {
            gtk_selection_model_unselect_all(selectionModel)
        }
    }

    /// A multi-selection with ``enableRubberband``.
    var allowsRubberband: Bool {
        enableRubberband && g_type_check_instance_is_a(selectionModel.gpointer.assumingMemoryBound(to: GTypeInstance.self),
                                                       gtk_multi_selection_get_type()) != 0
    }

    /// Makes the selection the items under the band (plus the earlier selection with `extend`),
    /// in one `set_selection` call.
    func rubberband(covering indices: [Int], extend: Bool) {
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

    /// Tells ``onActivate``.
    func activate(_ index: Int) {
        onActivate?(index)
    }
}

import CWaterfallGtk4
import WaterfallCore

/// The list-model path keeps its selection in the `GtkSelectionModel`, which follows its own
/// `items-changed`; the source keeps only the anchor Shift extends from. The view model names
/// items by view index; the source turns them into model positions (`sections`), and a
/// section header is never selected.
extension WaterfallListModelSource: WaterfallSelection {
    /// Whether the selection model has the item at `index` selected (a header: `false`).
    public func isSelected(_ index: Int) -> Bool {
        guard let selectionModel, let position = self.position(at: index) else { return false }
        return gtk_selection_model_is_selected(selectionModel, guint(position)) != 0
    }

    /// As GtkGridView: Shift selects the range from the anchor (Ctrl+Shift adds it to the
    /// selection), Ctrl toggles the item, a plain click selects only it.
    /// The anchor (a view index, which the view model's trace renumbers) is turned into a
    /// model position when the range is selected; a header is not selected.
    public func select(_ index: Int, modify: Bool, extend: Bool) {
        guard let selectionModel, let position = self.position(at: index) else { return }
        if extend, let anchorPosition = anchor.flatMap(self.position(at:)) {
            let first = min(anchorPosition, position), count = abs(anchorPosition - position) + 1
            gtk_selection_model_select_range(selectionModel, guint(first), guint(count), modify ? 0 : 1)
            return
        }
        anchor = index
        if modify {
            if isSelected(index) {
                gtk_selection_model_unselect_item(selectionModel, guint(position))
            } else {
                gtk_selection_model_select_item(selectionModel, guint(position), 0)
            }
        } else {
            gtk_selection_model_select_item(selectionModel, guint(position), 1)
        }
    }

    /// Selects (or unselects) every item; a single selection ignores select-all.
    public func selectAll(_ select: Bool) {
        guard let selectionModel else { return }
        if select {
            gtk_selection_model_select_all(selectionModel)
        } else {
            gtk_selection_model_unselect_all(selectionModel)
        }
    }

    /// `false`: Enter only activates, as in GtkGridView, so a multi-selection stays.
    public var activationSelects: Bool { false }

    /// A multi-selection with ``enableRubberband``.
    public var allowsRubberband: Bool {
        guard let selectionModel else { return false }
        return enableRubberband && g_type_check_instance_is_a(selectionModel.gpointer.assumingMemoryBound(to: GTypeInstance.self),
                                                       gtk_multi_selection_get_type()) != 0
    }

    /// Makes the selection the items under the band (plus the earlier selection with `extend`),
    /// in one `set_selection` call.
    public func select(covering indices: [Int], extend: Bool) {
        guard let selectionModel else { return }
        let selected = gtk_bitset_new_empty()!
        let mask = extend ? gtk_bitset_new_empty()! : gtk_bitset_new_range(0, g_list_model_get_n_items(selectionModel))!
        defer {
            gtk_bitset_unref(selected)
            gtk_bitset_unref(mask)
        }
        for index in indices {
            guard let position = self.position(at: index) else { continue }
            gtk_bitset_add(selected, guint(position))
            gtk_bitset_add(mask, guint(position))
        }
        gtk_selection_model_set_selection(selectionModel, selected, mask)
    }

    /// The selection model renumbers itself; the anchor follows its item.
    public func renumber(_ trace: (Int) -> Int?) {
        anchor = anchor.flatMap(trace)
    }

    /// Another model: no anchor.
    public func reset() {
        anchor = nil
    }

    /// Tells ``onActivate`` the item's model position (the view emits its `activate` signal
    /// next); a header is not activated.
    public func waterfallView(_ waterfallView: WaterfallViewModel<WaterfallItemCell>, didActivateAt index: Int) {
        if let position = self.position(at: index) { onActivate?(position) }
    }
}

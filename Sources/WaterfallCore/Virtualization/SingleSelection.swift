/// The view model's own selection: at most one item, as a `GtkSingleSelection` that may be
/// unselected. Ctrl toggles the item; Shift selects it, since one item holds no range.
@MainActor
public final class SingleSelection: WaterfallSelection {
    /// The selected item, if any.
    public var index: Int?

    /// An empty selection.
    public init() {}

    /// Whether `index` is the selected item.
    public func isSelected(_ index: Int) -> Bool { index == self.index }

    /// Makes `index` the selected item; with `modify` alone, unselects it when it was selected.
    public func select(_ index: Int, modify: Bool, extend: Bool) {
        self.index = modify && !extend && self.index == index ? nil : index
    }

    /// One item cannot hold every item: unselects on Ctrl+Shift+A, ignores Ctrl+A.
    public func selectAll(_ select: Bool) {
        if !select { index = nil }
    }

    /// `true`: Enter selects as a tap does, before it activates.
    public var activationSelects: Bool { true }

    /// `false`: a band covers many items.
    public var allowsRubberband: Bool { false }

    /// Does nothing (see ``allowsRubberband``).
    public func select(covering indices: [Int], extend: Bool) {}

    /// Follows the selected item, or clears the selection when it was deleted.
    public func renumber(_ trace: (Int) -> Int?) {
        index = index.flatMap(trace)
    }

    /// Clears the selection.
    public func reset() {
        index = nil
    }
}

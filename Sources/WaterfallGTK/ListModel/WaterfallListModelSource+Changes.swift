import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

extension WaterfallListModelSource {
    /// `removed` items at `position` were replaced by `added` ones: one delete and one insert
    /// in a single batch (one relayout from `position`, whatever the counts), which renumbers
    /// the live cells and the anchor.
    ///
    /// A change made by the app while the wall is calling into it (a factory's `bind`, a size
    /// function) cannot edit the layout the wall is walking: it waits until the wall's pass is
    /// over and is applied from an idle callback, the changes of one pass together.
    /// - Complexity: the view model's batch update.
    func itemsChanged(at position: Int, removed: Int, added: Int) {
        guard callOutDepth == 0, pendingChanges.isEmpty else {
            pendingChanges.append((position, removed, added))
            if pendingChangesSource == nil {
                pendingChangesSource = MainLoopSource.idle(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
                    self?.applyPendingChanges()
                }
            }
            return
        }
        applyChange(at: position, removed: removed, added: added)
    }

    /// Applies the changes that waited for a call into the app to return. One change is applied
    /// as it came; several become one splice from the first position any of them touched (the
    /// items before it are the same in every state the model went through).
    func applyPendingChanges() {
        pendingChangesSource = nil
        let changes = pendingChanges
        pendingChanges = []
        guard view != nil, let first = changes.first else { return }
        if changes.count == 1 {
            applyChange(at: first.position, removed: first.removed, added: first.added)
            return
        }
        let position = changes.map(\.position).min() ?? 0
        applyChange(at: position, removed: appliedItemCount - position, added: itemCount - position)
    }

    /// Applies one splice of the model to the view model (see ``itemsChanged(at:removed:added:)``):
    /// the sections from `position` on are read again, and the splice becomes the view
    /// indices it replaced, the headers that came, went or moved included
    /// (``SectionMap/indexChange(to:oldCount:newCount:position:removed:added:)``).
    private func applyChange(at position: Int, removed: Int, added: Int) {
        guard let view else { return }
        let old = sections, oldCount = appliedItemCount
        appliedItemCount = itemCount
        sections = readSections(from: position, keeping: old)
        let change = old.indexChange(to: sections, oldCount: oldCount, newCount: appliedItemCount,
                                     position: position, removed: removed, added: added)
        var updates: [ItemUpdate] = []
        if change.removed > 0 { updates.append(.delete(change.index..<change.index + change.removed)) }
        if change.added > 0 { updates.append(.insert(change.index..<change.index + change.added)) }
        guard !updates.isEmpty else { return }
        view.performBatchUpdates(updates, animated: false)
    }
}

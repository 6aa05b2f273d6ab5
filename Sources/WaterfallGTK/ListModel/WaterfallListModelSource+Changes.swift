import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

extension WaterfallListModelSource {
    /// `removed` items at `position` were replaced by `added` ones: one delete and one insert
    /// in a single batch (one relayout from `position`, whatever the counts), which renumbers
    /// the live cells and the anchor. When the items are the same objects as before — the GTK
    /// convention for "these items' content changed", `items-changed (position, n, n)` — their
    /// cells stay bound and only their sizes are read again (see
    /// ``sameObjectsChanged(at:count:)``).
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
        if removed == added, sections == old, sameObjectsChanged(at: position, count: removed) { return }
        let change = old.indexChange(to: sections, oldCount: oldCount, newCount: appliedItemCount,
                                     position: position, removed: removed, added: added)
        var updates: [ItemUpdate] = []
        if change.removed > 0 { updates.append(.delete(change.index..<change.index + change.removed)) }
        if change.added > 0 { updates.append(.insert(change.index..<change.index + change.added)) }
        guard !updates.isEmpty else { return }
        view.performBatchUpdates(updates, animated: false)
    }

    /// `count` items from `position` were replaced, their sections the same: when every live
    /// cell among them (and every live header of a section they start) shows the very object
    /// now at its position, as GtkListItemManager keeps such a cell bound, the cells stay bound
    /// (no unbind, no bind: a picture in one keeps loading) and the view model asks again the
    /// sizes that changed (``WaterfallViewModel/invalidateSizes(at:)``, which keeps what the
    /// reader sees in place): an item whose content changed but not its size (a new title, an
    /// image header that confirmed the estimate) costs no relayout. The live cells of measured
    /// items (no size function, expression or property sizes them) are measured again: their
    /// content may have a new height. Items without a live cell need nothing else: they are
    /// bound (and measured) to whatever object the model has when they come into view.
    /// - Returns: whether the change was applied so; `false` (nothing done) when a live cell
    ///   shows another object, which the cells' replacement then shows.
    /// - Complexity: O(l) for l live cells, plus O(count) size reads and invalidations.
    private func sameObjectsChanged(at position: Int, count: Int) -> Bool {
        guard count > 0, let view else { return false }
        let positions = position..<position + count
        for index in view.model.liveIndices {
            guard let cell = view.model.cell(at: index) else { continue }
            // A header's cell shows its section's first item.
            let shownPosition = cell.isHeader ? section(ofHeaderAt: index)?.lowerBound : sections.position(at: index)
            guard let shownPosition, positions.contains(shownPosition) else { continue }
            let object = object(atPosition: shownPosition)
            defer { if let object { g_object_unref(object) } }
            guard let shown = cell.object, UnsafeMutableRawPointer(shown) == object else { return false }
        }
        let indices = positions.map(sections.index(ofItemAt:))
        // A measured cell's content may have changed height (a caption, a picture whose item's
        // aspect ratio a header corrected): it is measured again.
        for index in indices where view.model.cell(at: index) != nil { view.measureAgain(at: index) }
        view.model.invalidateSizes(at: indices.count > Self.sizesComparedPerChange ? indices : indices.filter { !layoutHasSize(at: $0) })
        return true
    }

    /// The most items of one change whose new size is compared with the layout's
    /// (``layoutHasSize(at:)``): beyond it every size is asked again, none read now.
    static let sizesComparedPerChange = 256

    /// Whether the masonry layout already has the size the item at `index` has now (a placed
    /// item, an aspect ratio or a height): no relayout is needed for it. `false` when it cannot
    /// tell (another layout, an item not placed yet, another kind of size).
    private func layoutHasSize(at index: Int) -> Bool {
        guard let model = view?.model, let layout = model.layout as? WaterfallCollectionLayout,
              index < layout.placedItemCount else { return false }
        switch (layout.engine.itemSize(at: index), waterfallView(model, sizeAt: index)) {
        case (.aspectRatio(let oldWidth, let oldHeight), .aspectRatio(let width, let height)):
            let old = oldHeight / oldWidth, new = height / width
            return abs(old - new) <= 1e-9 * new
        case (.height(let old), .height(let new)):
            return abs(old - new) <= 1e-9 * max(1, new)
        default:
            return false
        }
    }
}

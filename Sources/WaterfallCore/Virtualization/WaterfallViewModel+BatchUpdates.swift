/// A live item before a change: its index then and where it was on screen.
struct TransitionSource {
    /// Its index before the change.
    var oldIndex: Int
    /// Its attributes relative to the viewport before the change.
    var from: LayoutAttributes
    /// Whether the change reloaded it.
    var reloaded: Bool
}

extension WaterfallViewModel {
    /// Applies inserts, deletes, moves and reloads in order (the data source must already
    /// reflect the result), relayouting only from the first changed index. Cells of items that
    /// stay live keep their identity; deleted and reloaded items' cells go to the pool; the
    /// first visible item that survives keeps its place on screen; the selection follows its
    /// item. Sizes of inserted, moved and reloaded items are asked at their final indices.
    ///
    /// Nothing on screen moves when the updates change only items above the first visible one:
    /// - Appending (`.insert(count..<count + m)`) places only the new items.
    /// - A batch that starts with an insert at 0 (a refresh) lays the new items out as a
    ///   masonry block of their own above the old ones, which start again level below it;
    ///   every old item keeps its column and moves down by one constant, which the scroll
    ///   offset absorbs. ``newItemsAbove`` counts them for the "N new items" pill.
    /// - Deletes, reloads and moves above the first visible item make the items from it on a
    ///   block of their own first, so they too move only by a constant (columns that got
    ///   shorter leave a gap above the block, off screen).
    ///
    /// Repeated refreshes stack blocks; a resize that changes the width or column count, or
    /// ``reloadData()``, lays everything out again as one block, keeping the first visible item
    /// in place.
    /// - Returns: the transitions of the items live before or after, for animation.
    /// - Complexity: the layout's edit cost (O(m log c) for an append of m, O((n − i) log c)
    ///   from the first changed index i) plus O(k · updates + k log k).
    @discardableResult
    public func performBatchUpdates(_ updates: [ItemUpdate]) -> [ItemTransition] {
        guard !needsReload else { return [] }
        return performChange(.updates(updates)) { applyToLayout(updates) }
    }

    /// Applies `updates` to the layout and the header index in order, asking the sizes of
    /// inserted, moved and reloaded items at their final indices, and checks that the result
    /// has as many items as the data source.
    /// - Complexity: the layout's edit cost plus the size queries.
    private func applyToLayout(_ updates: [ItemUpdate]) {
        var count = layout.itemCount
        for (step, update) in updates.enumerated() {
            update.validate(count: count)
            let later = updates[(step + 1)...]
            switch update {
            case .insert(let range):
                insertItems(at: range, tracingThrough: later)
            case .delete(let range):
                removeLayoutItems(in: range)
            case .move(let from, let to):
                removeLayoutItems(in: from..<from + 1)
                insertItems(at: to..<to + 1, tracingThrough: later)
            case .reload(let range):
                // One replace: the store moves nothing when the count stays.
                sectionHeaders.removeItems(in: range)
                insertItems(at: range, replacing: true, tracingThrough: later)
            }
            count += update.countChange
        }
        let expected = dataSource?.numberOfCells(in: self) ?? 0
        precondition(count == expected, "batch updates leave \(count) items but the data source has \(expected)")
    }

    /// Deletes the item at `index` (shorthand for a one-update batch).
    @discardableResult
    public func deleteItem(at index: Int) -> [ItemTransition] { performBatchUpdates([.delete(index..<index + 1)]) }

    /// The transitions of the items live now, given where the items live before the change
    /// went: kept cells move from their old on-screen attributes, others fade in.
    /// - Parameters:
    ///   - sources: the items live before, by their index after the change.
    ///   - oldIndex: an item's index before the change from its index after (`nil` if new).
    /// - Complexity: O(k).
    func transitionsOfLiveCells(from sources: [Int: TransitionSource], oldIndex: (Int) -> Int?) -> [ItemTransition] {
        let pinned = pinnedHeader
        return live.entries.map { entry in
            let to = placedAttributes(of: entry, pinned: pinned)
            if let source = sources[entry.index] {
                return ItemTransition(kind: source.reloaded ? .reload : .move, oldIndex: source.oldIndex,
                                      newIndex: entry.index, from: source.from, to: to)
            }
            var faded = to
            faded.alpha = 0
            let previous = oldIndex(entry.index)
            return ItemTransition(kind: previous == nil ? .insert : .move, oldIndex: previous,
                                  newIndex: entry.index, from: faded, to: to)
        }
    }
}

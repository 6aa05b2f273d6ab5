/// Counters of the size changes a view model applied, for diagnostics and tests.
package struct SizeChangeStatistics: Equatable, Sendable {
    /// Items whose new size was applied (an item changed twice before one flush counts once).
    package var itemsResized = 0
    /// Flushes that relayouted: each costs one relayout of the suffix from its lowest index.
    package var relayouts = 0
    /// Size changes dropped because their item was deleted (or everything reloaded) first.
    package var discarded = 0
}

extension WaterfallViewModel {
    /// Records that the delegate now answers a different size for the items at `indices` (an
    /// image's real size became known, a self-sizing cell was measured). Nothing moves yet:
    /// the changes are coalesced and applied together by ``applyPendingSizeChanges()``, which a
    /// front end calls once per frame after ``WaterfallHosting/sizeChangesDidBecomePending()``.
    /// Indices out of range are ignored. Pending changes follow their items through batch
    /// updates (an insert above renumbers them; a delete discards them).
    /// - Complexity: O(k) for k indices.
    public func invalidateSizes<S: Sequence>(at indices: S) where S.Element == Int {
        let wasEmpty = pendingSizeChanges.isEmpty
        let count = layout.itemCount
        for index in indices where index >= 0 && index < count {
            pendingSizeChanges.insert(index)
        }
        if wasEmpty, !pendingSizeChanges.isEmpty { host?.sizeChangesDidBecomePending() }
    }

    /// Records one item's size change; see ``invalidateSizes(at:)``.
    public func invalidateSize(at index: Int) {
        invalidateSizes(at: CollectionOfOne(index))
    }

    /// Whether size changes wait for ``applyPendingSizeChanges()``.
    public var hasPendingSizeChanges: Bool { !pendingSizeChanges.isEmpty }

    /// Asks the delegate for the new sizes of every item recorded by ``invalidateSizes(at:)``
    /// and relayouts once, from the lowest of them, however many there are. What the reader
    /// sees does not jump: the first visible item keeps its place on screen, and changes above
    /// it move nothing on screen at all (the visible items become a block of their own first,
    /// see ``WaterfallLayout/startBlock(at:)``); live cells keep their identity.
    /// - Returns: the transitions of the live items (`.move` from their old to their new place
    ///   on screen, `.insert` for cells that came into view), for animation.
    /// - Complexity: O(k log k) for k changes, plus the layout's one suffix relayout
    ///   (O((n − i) log c) from the lowest changed index i), plus O(c log n + l log l) for the
    ///   l live cells.
    @discardableResult
    public func applyPendingSizeChanges() -> [ItemTransition] {
        guard !needsReload, !pendingSizeChanges.isEmpty else { return [] }
        let indices = pendingSizeChanges.sorted()
        pendingSizeChanges = []
        return performChange(.sizes(lowestIndex: indices[0])) {
            let changes = indices.map { (index: $0, size: itemSize(at: $0)) }
            layout.resizeItems(changes)
            recordSectionHeaders(resized: changes)
            sizeChangeStatistics.itemsResized += indices.count
            sizeChangeStatistics.relayouts += 1
        }
    }

    /// Renumbers pending size changes through a batch of updates (deleted items' changes are
    /// discarded; reloaded and inserted items are asked their size anyway).
    /// - Complexity: O(k · updates) for k pending changes.
    func renumberPendingSizeChanges(through updates: [ItemUpdate]) {
        guard !pendingSizeChanges.isEmpty else { return }
        var renumbered: Set<Int> = []
        for index in pendingSizeChanges {
            let (final, reloaded) = updates.trace(index)
            if let final, !reloaded { renumbered.insert(final) } else { sizeChangeStatistics.discarded += 1 }
        }
        pendingSizeChanges = renumbered
    }

    /// Drops every pending size change (a reload asks every size again).
    func discardPendingSizeChanges() {
        sizeChangeStatistics.discarded += pendingSizeChanges.count
        pendingSizeChanges = []
    }
}

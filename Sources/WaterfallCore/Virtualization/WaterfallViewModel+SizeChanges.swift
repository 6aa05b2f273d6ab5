import Foundation

/// Counters of the size changes a view model applied, for diagnostics and tests.
package struct SizeChangeStatistics: Equatable, Sendable {
    /// Items whose new size was applied (an item changed twice before one flush counts once).
    package var itemsResized = 0
    /// Flushes that relayouted: each costs one relayout of the suffix from its lowest index.
    package var relayouts = 0
    /// Size changes dropped because their item was deleted (or everything reloaded) first.
    package var discarded = 0
}

/// The size changes recorded and not yet applied, and the counts of those applied so far.
struct PendingSizeChanges {
    /// The items whose size changed, by their current index.
    var indices: Set<Int> = []
    /// What ``WaterfallViewModel/applyPendingSizeChanges()`` has done so far.
    var statistics = SizeChangeStatistics()
}

extension WaterfallViewModel {
    /// What ``applyPendingSizeChanges()`` has done so far.
    package var sizeChangeStatistics: SizeChangeStatistics { sizeChanges.statistics }

    /// Records that the delegate now answers a different size for the items at `indices` (an
    /// image's real size became known, a self-sizing cell was measured). Nothing moves yet:
    /// the changes are coalesced and applied together by ``applyPendingSizeChanges()``, which a
    /// front end calls once per frame after ``WaterfallHosting/sizeChangesDidBecomePending()``.
    /// Indices out of range are ignored. Pending changes follow their items through batch
    /// updates (an insert above renumbers them; a delete discards them).
    /// - Complexity: O(k) for k indices.
    public func invalidateSizes<S: Sequence>(at indices: S) where S.Element == Int {
        let wasEmpty = sizeChanges.indices.isEmpty
        let count = layout.itemCount
        for index in indices where index >= 0 && index < count {
            sizeChanges.indices.insert(index)
        }
        if wasEmpty, !sizeChanges.indices.isEmpty { host?.sizeChangesDidBecomePending() }
    }

    /// Records one item's size change; see ``invalidateSizes(at:)``.
    public func invalidateSize(at index: Int) {
        invalidateSizes(at: CollectionOfOne(index))
    }

    /// Whether size changes wait for ``applyPendingSizeChanges()``.
    public var hasPendingSizeChanges: Bool { !sizeChanges.indices.isEmpty }

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
        guard !needsReload, !sizeChanges.indices.isEmpty else { return [] }
        let indices = sizeChanges.indices.sorted()
        sizeChanges.indices = []
        return performChange(.sizes(lowestIndex: indices[0])) {
            let changes = indices.map { (index: $0, size: itemSize(at: $0)) }
            layout.resizeItems(changes)
            recordSectionHeaders(resized: changes)
            sizeChanges.statistics.itemsResized += indices.count
            sizeChanges.statistics.relayouts += 1
        }
    }

    /// Renumbers pending size changes through a batch of updates (deleted items' changes are
    /// discarded; reloaded and inserted items are asked their size anyway).
    /// - Complexity: O(k · updates) for k pending changes.
    func renumberPendingSizeChanges(through updates: [ItemUpdate]) {
        guard !sizeChanges.indices.isEmpty else { return }
        var renumbered: Set<Int> = []
        for index in sizeChanges.indices {
            let (final, reloaded) = updates.trace(index)
            if let final, !reloaded { renumbered.insert(final) } else { sizeChanges.statistics.discarded += 1 }
        }
        sizeChanges.indices = renumbered
    }

    /// Drops every pending size change (a reload asks every size again).
    func discardPendingSizeChanges() {
        sizeChanges.statistics.discarded += sizeChanges.indices.count
        sizeChanges.indices = []
    }
}

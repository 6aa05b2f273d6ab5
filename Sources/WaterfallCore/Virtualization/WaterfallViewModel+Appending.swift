import Foundation

extension WaterfallViewModel {
    /// ``performBatchUpdates(_:)`` for a batch that only appends at the end, when the layout
    /// keeps every existing frame across an append (``CollectionLayout/appendingKeepsFrames``)
    /// and the live set is settled: only the new items are sized, placed and checked against
    /// the realized and prefetch windows, so a page costs O(page), not O(live cells) — no
    /// re-derivation of the live set, no re-placing of cells that did not move, no prefetch
    /// hints repeated for items already announced. Not while a layout island is laid out (see
    /// ``WaterfallLayout/layOut(around:clearance:itemBudget:)``): the new items wait for
    /// placement then, and the general path lays out the window they may enter.
    /// - Returns: the batch's transitions (every live item kept in place, the new live items
    ///   fading in), or `nil` when the batch is not such an append (the general path applies).
    /// - Complexity: O(m) size queries and frame checks for m new items, plus the layout's
    ///   append (O(m log c) for the waterfall) and O(k) transitions for k live cells.
    func appendKeepingFrames(_ updates: [ItemUpdate]) -> [ItemTransition]? {
        guard updates.count == 1, case .insert(let range) = updates[0], !range.isEmpty,
              range.lowerBound == layout.itemCount, range.lowerBound > 0,
              layout.appendingKeepsFrames, layout.islandRange == nil,   // an island's new items wait
              let window = liveWindow, window == realizedWindow(),
              clampedOffset(contentOffset) == contentOffset else { return nil }
        insertItems(at: range)
        let source = dataSource
        var expected = 0
        if let source { expected = source.numberOfCells(in: self) }
        precondition(layout.itemCount == expected,
                     "batch updates leave \(layout.itemCount) items but the data source has \(expected)")
        let kept = live.count
        var transitions: [ItemTransition] = []
        transitions.reserveCapacity(kept)
        for entry in live.entries {
            let attributes = toViewport(entry.attributes)
            transitions.append(ItemTransition(kind: .move, oldIndex: entry.index, newIndex: entry.index,
                                              from: attributes, to: attributes))
        }
        announceContentSize()
        let prefetch = prefetchWindow
        for index in range.clamped(to: 0..<layout.laidOutCount) {   // waiting items have no frame yet
            let frame = layout.frame(at: index)
            if frame.overlaps(window) { realizeCell(index: index) }
            if let source, let prefetch, frame.overlaps(prefetch) { source.waterfallView(self, prefetchItemAt: index) }
        }
        for position in kept..<live.count {
            let entry = live.entries[position]
            let attributes = toViewport(entry.attributes)
            host?.place(entry.cell(as: Cell.self), attributes: attributes)
            var faded = attributes
            faded.alpha = 0
            transitions.append(ItemTransition(kind: .insert, oldIndex: nil, newIndex: entry.index,
                                              from: faded, to: attributes))
        }
        countNewItemsAbove(after: updates)
        updatePinnedHeader()   // the last section's header may rest on the content's end
        checkLoadMore()
        return transitions
    }
}

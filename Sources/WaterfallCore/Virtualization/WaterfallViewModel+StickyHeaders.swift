/// Sticky section headers: the data source marks full-span items as headers
/// (``WaterfallDataSource/waterfallView(_:isSectionHeaderAt:)``); while a header's section is
/// on screen the header stays pinned at the top of the viewport, and the next section's header
/// pushes it up as it arrives.
///
/// The view model keeps the header indices sorted (``SectionHeaderIndex``) in step with every
/// reload, batch update and size change, and finds the pinned header at each scroll step with a
/// binary search over them. The pinned header stays in the live set while it is pinned, its own
/// frame in the realized window or not (see ``rederiveLiveCells(diffingFrom:)``).
extension WaterfallViewModel {
    // MARK: Keeping the header index in step

    /// Records which of the items just inserted at `range` (with these sizes) are headers:
    /// full-span items the data source marks, asked at their final index (after the `later`
    /// updates of their batch). Items that are not full-span are never asked, so a wall without
    /// full-span items pays nothing.
    /// - Complexity: O(range.count) plus one data-source call per full-span item.
    func recordSectionHeaders(insertedAt range: Range<Int>, sizes: [ItemSize], tracingThrough later: ArraySlice<ItemUpdate>) {
        var headers: [Int] = []
        var source: (any WaterfallDataSource<Cell>)?   // a weak reference, loaded at the first full-span item
        for (offset, size) in sizes.enumerated() where size.isFullSpan {
            guard let dataSource = source ?? self.dataSource else { break }
            source = dataSource
            let index = range.lowerBound + offset
            if let final = later.trace(index).index, dataSource.waterfallView(self, isSectionHeaderAt: final) {
                headers.append(index)
            }
        }
        sectionHeaders.insertItems(at: range.lowerBound, count: range.count, headers: headers)
    }

    /// Moves the item at `source` to `destination` in the header index (a reorder's drop): a
    /// header stays a header at its new index, the headers between shift by one.
    /// - Complexity: O(log h + headers after the lower index).
    func moveSectionHeader(from source: Int, to destination: Int) {
        let wasHeader = sectionHeaders.count(before: source + 1) > sectionHeaders.count(before: source)
        sectionHeaders.removeItems(in: source..<source + 1)
        sectionHeaders.insertItems(at: destination, count: 1, headers: wasHeader ? [destination] : [])
    }

    /// Re-asks whether resized items are headers (an item that stopped being full-span stops
    /// being one).
    /// - Complexity: O(k (log h + later headers)) for k changes.
    func recordSectionHeaders(resized changes: [(index: Int, size: ItemSize)]) {
        for (index, size) in changes {
            let isHeader = size.isFullSpan && (dataSource?.waterfallView(self, isSectionHeaderAt: index) ?? false)
            sectionHeaders.setHeader(isHeader, at: index)
        }
    }

    // MARK: Where the pinned header goes

    /// Finds the pinned header for the current offset and layout (see
    /// ``SectionHeaderIndex/pinned(at:inset:in:showing:framed:)``). Only layouts that scroll vertically pin
    /// headers.
    /// - Complexity: O(log h) frame look-ups for h headers.
    func updatePinnedHeader() {
        guard !sectionHeaders.isEmpty, scrollAxis == .vertical else { return pinnedHeader = nil }
        pinnedHeader = sectionHeaders.pinned(at: contentOffset.y, inset: Self.nonNegative(pinnedHeaderInset), in: layout,
                                             showing: reorder, framed: itemsFramedLikeTheScreen())
    }

    /// The items whose frames share the coordinates of the viewport: the laid-out prefix, or,
    /// while the viewport shows a layout island (it reaches the island's first item), the
    /// island's items — a header of the prefix is in other coordinates there, and the waiting
    /// headers between them have no place yet (nothing pins until an island header does).
    /// - Complexity: O(1).
    private func itemsFramedLikeTheScreen() -> Range<Int> {
        guard let layout = layout as? any IncrementalLayout else { return 0..<self.layout.itemCount }
        if let island = layout.islandRange, visibleBounds.maxY > layout.frame(at: island.lowerBound).minY {
            return island
        }
        return 0..<layout.placedCount
    }
}

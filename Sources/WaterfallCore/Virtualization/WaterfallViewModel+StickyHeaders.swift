import Foundation

/// Sticky section headers: the data source marks full-span items as headers
/// (``WaterfallDataSource/waterfallView(_:isSectionHeaderAt:)``); while a header's section is
/// on screen the header stays pinned at the top of the viewport, and the next section's header
/// pushes it up as it arrives.
///
/// The view model keeps the header indices sorted (``SectionHeaderIndex``) in step with every
/// reload, batch update and size change, and finds the pinned header at each scroll step with a
/// binary search over them. The pinned header's cell stays live while its own frame is far
/// above the realized window: it is handed over between the live set and a slot of its own, so
/// it keeps its identity as it scrolls in and out.
extension WaterfallViewModel {
    // MARK: Keeping the header index in step

    /// Records which of the items just inserted at `range` (with these sizes) are headers:
    /// full-span items the data source marks, asked at their final index. Items that are not
    /// full-span are never asked, so a wall without full-span items pays nothing.
    /// - Complexity: O(range.count) plus one data-source call per full-span item.
    func recordSectionHeaders(insertedAt range: Range<Int>, sizes: [ItemSize], finalIndex: (Int) -> Int?) {
        var headers: [Int] = []
        var source: (any WaterfallDataSource<Cell>)?   // a weak reference, loaded at the first full-span item
        for (offset, size) in sizes.enumerated() where size.isFullSpan {
            guard let dataSource = source ?? self.dataSource else { break }
            source = dataSource
            let index = range.lowerBound + offset
            if let final = finalIndex(index), dataSource.waterfallView(self, isSectionHeaderAt: final) {
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

    /// Finds the pinned header for the current offset and layout: the last header whose top
    /// has reached the pin line, held there, or pushed up so that its bottom meets the next
    /// header's top (the content's end for the last section). Only layouts that scroll
    /// vertically pin headers.
    /// - Complexity: O(log h) frame look-ups for h headers.
    func updatePinnedHeader() {
        guard !sectionHeaders.isEmpty, scrollAxis == .vertical else {
            pinnedHeader = nil
            return
        }
        let inset = pinnedHeaderInset.isFinite ? max(0, pinnedHeaderInset) : 0
        let line = contentOffset.y + inset
        let headers = sectionHeaders.indices
        // Headers not laid out yet (see ``isLayoutPending``) start below everything laid out,
        // far below the pin line; those before the shown items' frames count as above it.
        let framed = itemsFramedLikeTheScreen()
        guard let position = sectionHeaders.lastPosition(where: {
            $0 < framed.upperBound && ($0 < framed.lowerBound || layout.frame(at: $0).minY <= line)
        }), headers[position] >= framed.lowerBound else {
            pinnedHeader = nil
            return
        }
        let index = headers[position]
        var attributes = layout.layoutAttributes(at: index)
        let natural = attributes.frame.minY
        let sectionEnd = position + 1 < headers.count
            ? (headers[position + 1] < framed.upperBound ? layout.frame(at: headers[position + 1]).minY : .greatestFiniteMagnitude)
            : layout.contentSize.height
        let top = max(natural, min(line, sectionEnd - attributes.frame.height))
        attributes.frame.origin.y = top - contentOffset.y
        attributes.zIndex = PinnedHeader.zIndex
        pinnedHeader = PinnedHeader(index: index, attributes: attributes, pushDistance: max(0, line - top))
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

    // MARK: The pinned header's cell

    /// If the pinned header's cell waits in its own slot for `index`, moves it back into the
    /// live set (keeping its identity) and returns true.
    func adoptDetachedHeader(index: Int) -> Bool {
        guard var entry = detachedHeader, entry.index == index else { return false }
        detachedHeader = nil
        entry.attributes = layout.layoutAttributes(at: index)
        live.insert(entry)
        return true
    }

    /// After the live set changed: recycles the slot's cell if its header is no longer pinned,
    /// and realizes the pinned header into the slot when its frame is outside the live window
    /// (a jump straight into the middle of a section).
    func settleDetachedHeader() {
        if let entry = detachedHeader, entry.index != pinnedHeader?.index {
            detachedHeader = nil
            recycle(entry.cell(as: Cell.self))
        }
        guard let pinned = pinnedHeader, detachedHeader == nil, live.position(of: pinned.index) == nil,
              let dataSource else { return }
        let cell = dataSource.waterfallView(self, cellAt: pinned.index)
        host?.insertCell(cell)
        detachedHeader = LiveCell(index: pinned.index, object: cell, attributes: layout.layoutAttributes(at: pinned.index))
    }

    /// Renumbers the slot's cell through batch updates, recycling it when its item is deleted
    /// or reloaded.
    func renumberDetachedHeader(through updates: [ItemUpdate]) {
        guard let entry = detachedHeader else { return }
        let (final, reloaded) = updates.trace(entry.index)
        if let final, !reloaded {
            detachedHeader?.index = final
        } else {
            detachedHeader = nil
            recycle(entry.cell(as: Cell.self))
        }
    }

    /// Recycles the slot's cell, if there is one.
    func recycleDetachedHeader() {
        guard let entry = detachedHeader else { return }
        detachedHeader = nil
        recycle(entry.cell(as: Cell.self))
    }

    /// Places the slot's cell at the pinned position.
    func placeDetachedHeader() {
        guard let entry = detachedHeader, let pinned = pinnedHeader, entry.index == pinned.index else { return }
        host?.place(entry.cell(as: Cell.self), attributes: pinned.attributes)
    }

    /// The cell in the header slot for `index`, if it holds that item.
    func detachedHeaderCell(at index: Int) -> Cell? {
        detachedHeader.flatMap { $0.index == index ? $0.cell(as: Cell.self) : nil }
    }
}

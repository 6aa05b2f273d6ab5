import Foundation

/// The live set's mechanics: which items are realized, how cells enter and leave it through
/// the reuse pool, where they are placed, and the pinned section header's cell, which stays
/// shown in a slot of its own while its frame is outside the realized window.
extension WaterfallViewModel {
    /// The indices of the items overlapping the viewport, ascending (without the overscan).
    /// - Complexity: O(k).
    public var visibleIndices: [Int] {
        let bounds = visibleBounds
        return live.entries.compactMap { $0.attributes.frame.overlaps(bounds) ? $0.index : nil }
    }

    /// The indices of every live (realized) item, ascending: the visible ones plus the overscan.
    /// - Complexity: O(k).
    public var liveIndices: [Int] { live.entries.map(\.index) }

    /// The number of live cells.
    public var liveCellCount: Int { live.entries.count }

    /// The number of cells waiting in the reuse pool.
    /// - Complexity: O(identifiers).
    public var pooledCellCount: Int { live.pool.count }

    /// The cell showing `index`, if the item is live (or is the pinned header).
    /// - Complexity: O(log k).
    public func cell(at index: Int) -> Cell? {
        if let position = live.position(of: index) { return live.entries[position].cell(as: Cell.self) }
        return live.detachedHeader.flatMap { $0.index == index ? $0.cell(as: Cell.self) : nil }
    }

    /// The attributes of a live item relative to the viewport, as last placed (the pinned
    /// header's are ``PinnedHeader/attributes``).
    /// - Complexity: O(log k).
    public func placedAttributes(at index: Int) -> LayoutAttributes? {
        if let pinnedHeader, pinnedHeader.index == index { return pinnedHeader.attributes }
        return live.position(of: index).map { toViewport(live.entries[$0].attributes) }
    }

    /// The realized window for the current offset: the viewport widened by ``overscan``
    /// along the scroll axis.
    func realizedWindow() -> CGRect {
        scrollAxis.widening(visibleBounds, by: Self.nonNegative(overscan))
    }

    /// A pooled cell with exactly this identifier, prepared for reuse, or `nil` — then create
    /// one. A cell is only ever reused under the identifier it was pooled with.
    /// - Complexity: O(identifiers in the pool).
    public func dequeueReusableCell(withIdentifier identifier: String) -> Cell? {
        guard let pooled = live.pool.dequeue(identifier: identifier) else { return nil }
        let cell = unsafeDowncast(pooled, to: Cell.self)   // every pooled cell came from the data source
        cell.prepareForReuse()
        return cell
    }

    /// Brings the live set to the realized window, then updates the prefetch window and places
    /// every live cell. With the `old` window the live set is exact for (a scroll step), only
    /// the items that left or entered change; without it the live set is derived again by
    /// index: live items still in the window keep their cells and get fresh attributes, the
    /// others are recycled, missing ones are realized.
    /// - Complexity: O(c log n + changes + k) with `old`, else O(c log n + k log k).
    func rederiveLiveCells(diffingFrom old: CGRect? = nil) {
        let window = realizedWindow()
        updatePinnedHeader()
        if let old {
            layout.forEachChange(from: old, to: window, left: recycleLiveCell(index:), entered: realizeCell(index:))
        } else {
            deriveLiveCellsByIndex(in: window)
        }
        settleDetachedHeader()
        live.window = window
        updatePrefetchWindow(around: window)
        placeLiveCells()
    }

    /// Makes the live set exactly the items overlapping `window`, matching them by index.
    private func deriveLiveCellsByIndex(in window: CGRect) {
        var wanted: [Int] = []
        forEachShownIndex(in: window) { wanted.append($0) }
        wanted.sort()
        var position = 0
        var next = 0
        while position < live.entries.count {
            let index = live.entries[position].index
            while next < wanted.count && wanted[next] < index { next += 1 }
            if next < wanted.count && wanted[next] == index {
                live.entries[position].attributes = shownAttributes(at: index)
                position += 1
            } else {
                releaseLiveCell(at: position)
            }
        }
        for index in wanted where live.position(of: index) == nil {
            realizeCell(index: index)
        }
    }

    /// Asks the data source for the cell of `index`, inserts it and records it as live.
    /// Does nothing without a data source.
    func realizeCell(index: Int) {
        guard !adoptDetachedHeader(index: index), let dataSource else { return }
        let cell = dataSource.waterfallView(self, cellAt: index)
        host?.insertCell(cell)
        live.insert(LiveCell(index: index, object: cell, attributes: shownAttributes(at: index)))
    }

    /// Takes the live entry at `position` out of the live set: the pinned header's cell moves
    /// to its own slot and stays shown, any other cell is recycled.
    func releaseLiveCell(at position: Int) {
        let entry = live.entries.remove(at: position)
        if entry.index == pinnedHeader?.index, live.detachedHeader == nil {
            live.detachedHeader = entry
        } else {
            recycle(entry.cell(as: Cell.self))
        }
    }

    /// Recycles the live cell of `index`, if there is one.
    func recycleLiveCell(index: Int) {
        guard let position = live.position(of: index) else { return }
        releaseLiveCell(at: position)
    }

    /// Removes a cell from the host and pools it, discarding it when the pool is full.
    func recycle(_ cell: Cell) {
        host?.removeCell(cell)
        if let overflow = live.pool.enqueue(cell) { host?.discardCell(unsafeDowncast(overflow, to: Cell.self)) }
    }

    /// Recycles every live cell and forgets the windows.
    func recycleAllLiveCells() {
        while live.entries.count > 0 { recycle(live.entries.removeLast().cell(as: Cell.self)) }
        recycleDetachedHeader()
        live.window = nil
        prefetch.window = nil
    }

    /// Tells the host where every live cell goes, relative to the viewport (the pinned
    /// header's cell at its pinned place).
    /// - Complexity: O(k).
    func placeLiveCells() {
        guard let host else { return }
        let pinnedIndex = pinnedHeader?.index
        for entry in live.entries {
            if entry.index == pinnedIndex, let pinnedHeader {
                host.place(entry.cell(as: Cell.self), attributes: pinnedHeader.attributes)
            } else {
                host.place(entry.cell(as: Cell.self), attributes: toViewport(entry.attributes))
            }
        }
        if let entry = live.detachedHeader, let pinnedHeader, entry.index == pinnedHeader.index {
            host.place(entry.cell(as: Cell.self), attributes: pinnedHeader.attributes)
        }
    }

    // MARK: The pinned header's cell

    /// If the pinned header's cell waits in its own slot for `index`, moves it back into the
    /// live set (keeping its identity) and returns true.
    func adoptDetachedHeader(index: Int) -> Bool {
        guard var entry = live.detachedHeader, entry.index == index else { return false }
        live.detachedHeader = nil
        entry.attributes = shownAttributes(at: index)
        live.insert(entry)
        return true
    }

    /// After the live set changed: recycles the slot's cell if its header is no longer pinned,
    /// and realizes the pinned header into the slot when its frame is outside the live window
    /// (a jump straight into the middle of a section).
    func settleDetachedHeader() {
        if let entry = live.detachedHeader, entry.index != pinnedHeader?.index { recycleDetachedHeader() }
        guard let pinned = pinnedHeader, live.detachedHeader == nil, live.position(of: pinned.index) == nil,
              let dataSource else { return }
        let cell = dataSource.waterfallView(self, cellAt: pinned.index)
        host?.insertCell(cell)
        live.detachedHeader = LiveCell(index: pinned.index, object: cell, attributes: shownAttributes(at: pinned.index))
    }

    /// Renumbers the slot's cell through batch updates, recycling it when its item is deleted
    /// or reloaded.
    func renumberDetachedHeader(through updates: [ItemUpdate]) {
        guard let entry = live.detachedHeader else { return }
        let (final, reloaded) = updates.trace(entry.index)
        if let final, !reloaded { live.detachedHeader?.index = final } else { recycleDetachedHeader() }
    }

    /// Recycles the slot's cell, if there is one.
    func recycleDetachedHeader() {
        guard let entry = live.detachedHeader else { return }
        live.detachedHeader = nil
        recycle(entry.cell(as: Cell.self))
    }
}

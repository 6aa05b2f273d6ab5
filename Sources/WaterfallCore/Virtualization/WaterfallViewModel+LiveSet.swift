/// The live set's mechanics: which items are realized, how cells enter and leave it through
/// the reuse pool, and where they are placed. The pinned section header is live wherever its
/// frame is, so its cell keeps its identity while its section scrolls by.
extension WaterfallViewModel {
    /// The indices of the items overlapping the viewport, ascending (without the overscan).
    /// - Complexity: O(k).
    public var visibleIndices: [Int] {
        let bounds = visibleBounds
        return live.entries.compactMap { $0.attributes.frame.overlaps(bounds) ? $0.index : nil }
    }

    /// The indices of every live (realized) item, ascending: the visible ones plus the overscan,
    /// and the pinned header.
    /// - Complexity: O(k).
    public var liveIndices: [Int] { live.entries.map(\.index) }

    /// The number of live cells.
    public var liveCellCount: Int { live.entries.count }

    /// The number of cells waiting in the reuse pool.
    /// - Complexity: O(identifiers).
    public var pooledCellCount: Int { live.pool.count }

    /// The cell showing `index`, if the item is live.
    /// - Complexity: O(log k).
    public func cell(at index: Int) -> Cell? {
        live.position(of: index).map { live.entries[$0].cell(as: Cell.self) }
    }

    /// The attributes of a live item relative to the viewport, as last placed (the pinned
    /// header's are ``PinnedHeader/attributes``).
    /// - Complexity: O(log k).
    public func placedAttributes(at index: Int) -> LayoutAttributes? {
        live.position(of: index).map { placedAttributes(of: live.entries[$0], pinned: pinnedHeader) }
    }

    /// Where a live entry is shown, relative to the viewport: the `pinned` header (the view
    /// model's, read once by a caller that loops) at its pinned place, any other item at its frame.
    @inline(__always)
    func placedAttributes(of entry: LiveCell, pinned: PinnedHeader?) -> LayoutAttributes {
        if let pinned, pinned.index == entry.index { return pinned.attributes }
        return toViewport(entry.attributes)
    }

    /// The realized window for the current offset: the viewport widened by ``overscan``
    /// along the scroll axis.
    func realizedWindow() -> Rect {
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

    /// Brings the live set to the realized window and the pinned header, then updates the
    /// prefetch window and places every live cell. With the `old` window the live set is exact
    /// for (a scroll step), only the items that left or entered change; without it the live set
    /// is derived again by index: live items still wanted keep their cells and get fresh
    /// attributes, the others are recycled, missing ones are realized.
    /// - Complexity: O(c log n + changes + k) with `old`, else O(c log n + k log k).
    func rederiveLiveCells(diffingFrom old: Rect? = nil) {
        let window = realizedWindow()
        let wasPinned = pinnedHeader?.index
        updatePinnedHeader()
        // (A lifted header's cell follows the pointer: it is not realized again where it pins.)
        let pinned = pinnedHeader?.index == reorder?.source ? nil : pinnedHeader?.index
        if let old {
            layout.forEachChange(from: old, to: window, left: { if $0 != pinned { recycleLiveCell(index: $0) } },
                                 entered: realizeCell(index:))
            // A header kept live while pinned, its frame outside the window, leaves when unpinned.
            if let wasPinned, wasPinned != pinned, let position = live.position(of: wasPinned),
               !live.entries[position].attributes.frame.overlaps(window) {
                recycle(live.entries.remove(at: position).cell(as: Cell.self))
            }
            if let pinned { realizeCell(index: pinned) }   // a jump into the middle of a section
        } else {
            deriveLiveCellsByIndex(in: window, pinned: pinned)
        }
        live.window = window
        updatePrefetchWindow(around: window)
        placeLiveCells()
    }

    /// Makes the live set exactly the items overlapping `window` and the `pinned` header,
    /// matching them by index.
    private func deriveLiveCellsByIndex(in window: Rect, pinned: Int?) {
        var wanted: [Int] = []
        forEachShownIndex(in: window) { wanted.append($0) }
        if let pinned { wanted.append(pinned) }   // (it may be in the window too: a repeat is harmless)
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
                recycle(live.entries.remove(at: position).cell(as: Cell.self))
            }
        }
        for index in wanted {
            realizeCell(index: index)   // (does nothing for those live already)
        }
    }

    /// Asks the data source for the cell of `index`, inserts it and records it as live.
    /// Does nothing when it is live already or without a data source.
    func realizeCell(index: Int) {
        guard live.position(of: index) == nil, let dataSource else { return }
        let cell = dataSource.waterfallView(self, cellAt: index)
        host?.insertCell(cell)
        live.insert(LiveCell(index: index, object: cell, attributes: shownAttributes(at: index)))
    }

    /// Recycles the live cell of `index`, if there is one.
    func recycleLiveCell(index: Int) {
        guard let position = live.position(of: index) else { return }
        recycle(live.entries.remove(at: position).cell(as: Cell.self))
    }

    /// Removes a cell from the host and pools it, discarding it when the pool is full.
    func recycle(_ cell: Cell) {
        host?.removeCell(cell)
        if let overflow = live.pool.enqueue(cell) { host?.discardCell(unsafeDowncast(overflow, to: Cell.self)) }
    }

    /// Recycles every live cell and forgets the windows.
    func recycleAllLiveCells() {
        while live.entries.count > 0 { recycle(live.entries.removeLast().cell(as: Cell.self)) }
        live.window = nil
        prefetch.window = nil
    }

    /// Tells the host where every live cell goes, relative to the viewport (the pinned
    /// header's cell at its pinned place).
    /// - Complexity: O(k).
    func placeLiveCells() {
        guard let host else { return }
        let pinned = pinnedHeader
        for entry in live.entries { host.place(entry.cell(as: Cell.self), attributes: placedAttributes(of: entry, pinned: pinned)) }
    }
}

/// One realized item: its index, the cell showing it and its attributes in content coordinates.
///
/// Not generic over the cell type: the view model's callers live in other modules, where
/// generic internals would run unspecialized and pay a runtime metadata look-up on every use.
/// The view model, which knows the type, reads the cell back with ``cell(as:)``.
struct LiveCell {
    /// The item's index.
    var index: Int
    /// The cell showing it.
    var object: AnyObject
    /// Its attributes in content coordinates, cached so that placing needs no layout query.
    var attributes: LayoutAttributes

    /// The cell, as the view model's cell type (which every live cell has).
    @inline(__always)
    func cell<Cell: AnyObject>(as type: Cell.Type) -> Cell {
        unsafeDowncast(object, to: Cell.self)
    }
}

/// The live set: the realized items with their cells — those overlapping the window they are
/// exact for, and the pinned section header wherever its frame is — and the pool of cells that
/// left it.
///
/// The entries are kept sorted by index in one contiguous array: lookups are binary searches,
/// and visible indices come out in order without sorting. There are only visible + overscan of
/// them (a few dozen), so an insertion's shift is a short memmove.
@MainActor
struct LiveSet {
    /// The entries, kept ascending by index (insert new ones with ``insert(_:)``).
    var entries: ContiguousArray<LiveCell> = []
    /// The window, in content coordinates, the entries are exactly the items overlapping
    /// (besides the pinned header); `nil` before the first derivation and after every cell was
    /// recycled.
    var window: Rect?
    /// Cells that left the live set, for ``WaterfallViewModel/dequeueReusableCell(withIdentifier:)``.
    var pool = ReusePool()

    /// The position of the first entry whose index is ≥ `index`.
    /// - Complexity: O(log k).
    private func insertionPoint(of index: Int) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The position of the entry for `index`, if it is live.
    /// - Complexity: O(log k).
    func position(of index: Int) -> Int? {
        let position = insertionPoint(of: index)
        return position < entries.count && entries[position].index == index ? position : nil
    }

    /// Adds an entry for an index that is not live yet, keeping the order.
    /// - Complexity: O(log k + k) (the shift).
    mutating func insert(_ entry: LiveCell) {
        entries.insert(entry, at: insertionPoint(of: entry.index))
    }
}

extension WaterfallViewModel {
    /// Items per slice of ``continueLayout(within:clock:sliceItems:)`` at most while sizes are
    /// read lazily (``WaterfallDelegate/readsSizesLazily``): reading a size may cost microseconds
    /// (4–5 µs for a Python property), and the clock is read after each slice, so a budget of
    /// 2 ms ends within about 0.3 ms of its deadline (it overran by up to 1.2 ms with 256).
    static var lazySliceItems: Int { 64 }

    /// Whether the delegate reads sizes lazily and the layout can hold unread items.
    var readsSizesLazily: Bool { incrementalType != nil && delegate?.readsSizesLazily == true }

    /// When the delegate reads sizes lazily (``WaterfallDelegate/readsSizesLazily``), inserts
    /// the items at `range` (or, `replacing`, replaces the items there) unread, asking no size:
    /// the layout reads each one from the delegate right before it places it (see
    /// ``readSizes(in:cellWidth:)``) and they wait for placement — the live windows are placed
    /// by the change pipeline, the rest by the idle slices; items held apart after them (see
    /// ``holdVisibleContent(for:firstVisible:)``) get an estimated place, so nothing before them
    /// is read (see ``WaterfallLayout/replaceSubrange(_:withUnreadCount:)``). The header index grows by the
    /// items, none a header until read.
    /// - Returns: whether it inserted them (`false`: the delegate reads eagerly, or the layout
    ///   places every item at once).
    /// - Complexity: O(range.count) stores and no size query.
    func insertUnreadItems(at range: Range<Int>, replacing: Bool) -> Bool {
        guard readsSizesLazily else { return false }
        let reader = ItemSizeReader { [weak self] range, cellWidth in
            MainActor.assumeIsolated { self?.readSizes(in: range, cellWidth: cellWidth) ?? [] }
        }
        let replaced = range.lowerBound..<(replacing ? range.upperBound : range.lowerBound)
        // Items held apart below the new ones may get an estimated place (an island), which
        // moves when placement reaches it: the layout's observer follows it from now on.
        placement.islandMayJoin = true
        incrementally { $0.replaceItems(in: replaced, withUnreadCount: range.count, readingWith: reader) }
        sectionHeaders.insertItems(at: range.lowerBound, count: range.count, headers: [])
        return true
    }

    /// The delegate's sizes for the unread items in `range`, which the layout is about to place
    /// in cells `cellWidth` wide (``cellWidth`` answers with it meanwhile: the layout is
    /// being mutated); full-span items that the data source calls section headers join the
    /// header index.
    /// - Complexity: the delegate's for `range`, plus O(log h) per full-span item.
    func readSizes(in range: Range<Int>, cellWidth: Double) -> [ItemSize] {
        guard let delegate else { return [] }
        placement.sizeReadingCellWidth = cellWidth
        defer { placement.sizeReadingCellWidth = nil }
        let sizes = delegateSizes(in: range, from: delegate)
        var headers: [(index: Int, size: ItemSize)] = []
        for (offset, size) in sizes.enumerated() where size.isFullSpan { headers.append((range.lowerBound + offset, size)) }
        if !headers.isEmpty { recordSectionHeaders(resized: headers) }
        return sizes
    }
}

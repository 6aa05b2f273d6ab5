extension WaterfallViewModel {
    /// Items per slice of ``continueLayout(within:clock:sliceItems:)`` at most while sizes are
    /// read lazily (``WaterfallDelegate/readsSizesLazily``): reading a size may cost microseconds
    /// (a Python property), so a slice stays within a few milliseconds.
    static var lazySliceItems: Int { 256 }

    /// Whether the delegate reads sizes lazily and the layout can hold unread items.
    var readsSizesLazily: Bool { incrementalType != nil && delegate?.readsSizesLazily == true }

    /// When the delegate reads sizes lazily (``WaterfallDelegate/readsSizesLazily``), inserts
    /// the items at `range` (or, `replacing`, replaces the items there) unread, asking no size:
    /// the layout reads each one from the delegate right before it places it (see
    /// ``readSizes(in:columnWidth:)``) and they wait for placement — the live windows are placed
    /// by the change pipeline, the rest by the idle slices. The header index grows by the
    /// items, none a header until read.
    /// - Returns: whether it inserted them (`false`: the delegate reads eagerly, or the layout
    ///   places every item at once).
    /// - Complexity: O(range.count) stores and no size query.
    func insertUnreadItems(at range: Range<Int>, replacing: Bool) -> Bool {
        guard readsSizesLazily else { return false }
        let reader = ItemSizeReader { [weak self] range, columnWidth in
            MainActor.assumeIsolated { self?.readSizes(in: range, columnWidth: columnWidth) ?? [] }
        }
        let replaced = range.lowerBound..<(replacing ? range.upperBound : range.lowerBound)
        incrementally { $0.replaceItems(in: replaced, withUnreadCount: range.count, readingWith: reader) }
        sectionHeaders.insertItems(at: range.lowerBound, count: range.count, headers: [])
        return true
    }

    /// The delegate's sizes for the unread items in `range`, which the layout is about to place
    /// in columns `columnWidth` wide (``cellWidth`` answers with it meanwhile: the layout is
    /// being mutated); full-span items that the data source calls section headers join the
    /// header index.
    /// - Complexity: the delegate's for `range`, plus O(log h) per full-span item.
    func readSizes(in range: Range<Int>, columnWidth: Double) -> [ItemSize] {
        guard let delegate else { return [] }
        sizeReadingCellWidth = columnWidth
        defer { sizeReadingCellWidth = nil }
        let sizes = delegateSizes(in: range, from: delegate)
        var headers: [(index: Int, size: ItemSize)] = []
        for (offset, size) in sizes.enumerated() where size.isFullSpan { headers.append((range.lowerBound + offset, size)) }
        if !headers.isEmpty { recordSectionHeaders(resized: headers) }
        return sizes
    }
}

extension WaterfallLayout {
    /// The indices at which segments after the first start, ascending, leaving out those at an
    /// estimated place (see ``islandRange``): empty while the layout is one segment. See
    /// ``startBlock(at:)``.
    /// - Complexity: O(s) for s segments.
    public var blockStarts: [Int] { segments.filter { $0.start > 0 && !$0.isEstimated }.map(\.start) }

    /// The items of the segment laid out at an estimated place by
    /// ``place(around:clearance:itemBudget:)`` and of the segments after it that have frames,
    /// or `nil` when there is none. They have frames (``frame(at:)`` accepts them) though items
    /// before them wait for placement.
    /// - Complexity: O(s) for s segments.
    public var islandRange: Range<Int>? {
        guard let estimated = segments.lastIndex(where: \.isEstimated) else { return nil }
        return segments[estimated].start..<firstWaiting(from: estimated)
    }

    /// Returns, once, how content moved when a segment with an estimated place settled since
    /// the last call (see ``place(around:clearance:itemBudget:)``), or `nil` when nothing moved
    /// that way. Along the main axis: y for columns, x for left-to-right rows.
    /// - Complexity: O(1).
    public mutating func takeLayoutShift() -> LayoutShift? {
        defer { unreportedShift = nil }
        return unreportedShift
    }

    /// Inserts `items` at the front as a segment of their own, above the existing items: the new
    /// items are laid out from the top as if alone, and the existing ones start again below the
    /// new segment's tallest column, every column at the same height. The existing items keep
    /// their columns and relative positions: they all move down by one constant (so a view that
    /// adds it to its scroll offset shows them exactly where they were), and none is renumbered.
    ///
    /// Repeated prepends stack segments. Any configuration change (width, columns, insets,
    /// spacings, placement, direction) lays everything out again as one segment.
    /// - Complexity: O(c log n + k log c + s) to place k new items among s segments.
    public mutating func prepend<C: Collection>(contentsOf items: C) where C.Element == ItemSize {
        startBlock(at: 0)
        insert(contentsOf: items, at: 0)
    }

    /// Makes the items from `index` on a segment of their own, keeping their current layout:
    /// from now on, an edit before `index` (an insert, a delete, a size change) places the items
    /// up to `index` again and then moves all the items from `index` on by one constant,
    /// instead of placing them again. Their columns and relative positions survive the edit,
    /// which is how a view keeps what is on screen still across an edit above it.
    ///
    /// The segment starts from the column profile the items before `index` leave — the bottom
    /// of each column — so its own layout does not change. After an edit before it, the segment
    /// sits as high as it can without overlapping the items before it: columns that became
    /// shorter leave a gap above it, one column touches. An edit inside a segment places that
    /// segment again from the edit on. Any configuration change lays everything out again as
    /// one segment; ``prepend(contentsOf:)`` is `startBlock(at: 0)` and an insert at 0 (an
    /// empty segment in front of the items, which the insert fills).
    ///
    /// Does nothing when `index == count` or a segment already starts at `index`.
    /// - Complexity: O(c log n + s), plus O(k) to move the member lists of the k placed items
    ///   from `index` to the end of its segment.
    public mutating func startBlock(at index: Int) {
        precondition(index >= 0 && index <= count, "index \(index) out of bounds 0...\(count)")
        guard index < count else { return }
        uniqueStorage()
        if index == 0 {
            // An empty segment in front, which an insert at 0 fills; once is enough.
            guard segments.count == 1 || segments[1].start > 0 else { return }
            return segments.insert(Segment(start: 0, origin: 0, listCount: segments[0].members.listCount), at: 0)
        }
        let position = segment(holding: index)
        guard segments[position].start != index else { return }
        // The segment starts from the profile of the items before it, and its first item stays
        // where continuing placement puts it, as when every item is laid out.
        if !hasFrame(index) { placeChain(from: segment(holding: firstWaiting(from: chainHead(of: position))), upTo: index + 1) }
        split(position, at: index)
        summarize()
    }

    /// Splits the segment at `position` at `index` (after its start, with a frame): the items
    /// from `index` on become a derived segment with the column profile the items before leave,
    /// so no frame changes.
    /// - Complexity: O(c log n + k) for the k placed items moved.
    private mutating func split(_ position: Int, at index: Int) {
        let old = segments[position]
        let relative = index - old.start
        let floors = withUnsafeTemporaryAllocation(of: Double.self, capacity: geometry.columnCount) { bottoms in
            storeBottoms(ofSegment: position, before: relative, into: bottoms)
            return bottoms.map { Swift.max($0, geometry.levelFloor) }
        }
        let lists = old.members
        var segment = Segment(start: index, origin: old.origin, listCount: lists.listCount)
        segment.floors = floors
        segment.placed = old.placed - relative
        segment.members.append(membersOf: lists, from: relative, indexShift: Int32(-relative),
                               ys: UnsafePointer(items.ys + index))
        lists.truncate(before: relative)
        segments[position].placed = relative
        segments[position].tallest = lastBottom(ofSegment: position)
        segments.insert(segment, at: position + 1)
        segments[position + 1].tallest = lastBottom(ofSegment: position + 1)
    }

    /// The first segment of the chain the segment at `position` belongs to: the last one at or
    /// before it whose origin is estimated, or the first.
    func chainHead(of position: Int) -> Int {
        segments[...position].lastIndex(where: \.isEstimated) ?? 0
    }

    /// Gives the item at `index` a frame without placing every waiting item before it, for a
    /// view that keeps that item in view across a deferred relayout (see
    /// ``configureDeferringLayout(_:)``) while the reader is deep in a huge feed.
    ///
    /// When at most `itemBudget` waiting items lie before `index`, this is
    /// `place(upTo: index + 1)`. Otherwise a level segment is laid out at an *estimated* place
    /// (an island), starting a few rows above `index`, far enough up by the items' sizes that
    /// the item's top lies about `clearance` below the segment's level. Its place comes from
    /// the sizes of every item before it (see `SizeSums`): it is where the shortest-column
    /// rule puts those items on average, so it settles within about an item of it. Its items
    /// have exact frames (the segment's own layout), queries report them, and
    /// ``place(covering:)`` grows it downward as the reader scrolls; the
    /// items before it wait for ``continueLayout(itemBudget:)`` slices.
    ///
    /// When placement reaches the segment's start (slices, or a rectangle reaching above its
    /// level), it settles: its base is derived from the items before it, its items move by the
    /// difference, and ``takeLayoutShift()`` reports the move, so a view adds it to its scroll
    /// offset and nothing on screen moves. The price is a seam: the segment's start stays a
    /// level start (short columns leave a gap above it) until the next configuration change.
    /// Edits inside or before it place nothing before it (see ``replaceSubrange(_:with:)``).
    /// - Complexity: O(c log n + k log c) for the k items placed, plus the sums of the item
    ///   sizes before the segment that are not current (O(n) once after a change deep in the
    ///   items, O(4,096) otherwise); O(1) when the item has its frame already.
    public mutating func place(around index: Int, clearance: Double, itemBudget: Int) {
        checkIndex(index)
        guard index >= placedCount, !hasFrame(index) else { return }
        uniqueStorage()
        defer { summarize() }
        let prefix = segment(holding: placedCount)
        if let estimated = segments.lastIndex(where: \.isEstimated) {
            // An island exists: it grows to an item after it; an item before it is placed
            // with the items before it.
            let chain = index >= segments[estimated].start ? segment(holding: firstWaiting(from: estimated)) : prefix
            return placeChain(from: chain, upTo: index + 1)
        }
        guard index + 1 - placedCount > Swift.max(0, itemBudget) else { return placeChain(from: prefix, upTo: index + 1) }
        // The content length estimate extrapolates from a placed prefix: the budget, at least
        // a few rows.
        placeChain(from: prefix, upTo: Swift.min(index, Swift.max(placedCount, itemBudget, 8 * geometry.columnCount)))
        summarize()
        let start = islandStart(above: index, clearance: clearance.isFinite ? Swift.max(0, Double(clearance)) : 0)
        guard start > placedCount else { return placeChain(from: prefix, upTo: index + 1) }
        var position = segment(holding: start)
        if segments[position].start != start {
            position += 1
            segments.insert(Segment(start: start, origin: 0, listCount: geometry.columnCount + 1), at: position)
        }
        segments[position].isEstimated = true
        // Room for an even share of its items, as the prefix's lists have (see ``resetSegments(reusingMembers:)``).
        segments[position].members.reserve((end(ofSegment: position) - start) / geometry.columnCount * 9 / 8)
        segments[position].origin = estimatedLevel(before: start)
            - (segments[position].floors?.max() ?? geometry.levelFloor)
        placeChain(from: position, upTo: index + 1)
    }

    /// The first item of an island that shows the item at `index` with about `clearance` of
    /// content above it, never before the placed prefix: walking up from `index` until the
    /// items cover the clearance, twice the tallest of them, a row spacing (and the tolerance),
    /// and at least two rows. With the shortest-column rules a column's bottom stays within
    /// about an item (and the tolerance) of the mean — items across several columns can leave
    /// it twice that — so the items' mean advance down a column counts; with sequential
    /// placement, which fills the columns in turn, the least advance of any column.
    /// - Complexity: O(k · c) for the k items walked.
    private func islandStart(above index: Int, clearance: Double) -> Int {
        let columns = geometry.columnCount
        var covered = 0.0, tallest = 0.0
        var advances = [Double](repeating: 0, count: geometry.tolerance == nil ? columns : 0)
        var start = index
        let margin = geometry.rowSpacing + (geometry.tolerance ?? 0)
        while start > placedCount, covered < clearance + 2 * tallest + margin || index - start < 2 * columns {
            start -= 1
            let slot = items.slots[start]
            let height = geometry.height(value: items.values[start], slot: slot)
            let span = slot & ItemKind.multiColumn.rawValue == 0 ? 1 : geometry.span(requested: slot)
            tallest = Swift.max(tallest, height)
            if advances.isEmpty {
                covered += (height + geometry.rowSpacing) * Double(span) / Double(columns)
            } else {
                for column in 0..<span { advances[(index - start + column) % columns] += height + geometry.rowSpacing }
                covered = advances.min()!
            }
        }
        return start
    }

    /// The estimated level of a level segment starting at `start` (its first row one row
    /// spacing below): the placed prefix's bottom, plus the mean advance down a column of the
    /// waiting items between (their lengths and row spacings divided by the column count),
    /// plus half an item for the tallest column's lead over the mean.
    /// - Complexity: O(4,096) with current sums, else O(start).
    private mutating func estimatedLevel(before start: Int) -> Double {
        let after = sizeSums.totals(of: items, before: start)
        let before = sizeSums.totals(of: items, before: placedCount)
        // A proportional item's length is the column width times its ratio (along rows, the
        // inverse ratio).
        let ratios = geometry.isHorizontal ? after.inverseRatios - before.inverseRatios : after.ratios - before.ratios
        let count = after.count - before.count
        let length = after.heights - before.heights + ratios * geometry.columnWidth
        let columns = Double(geometry.columnCount)
        let placedBottom = placedCount > 0 ? prefixBottom : geometry.levelFloor
        return placedBottom + (length + count * geometry.rowSpacing) / columns + (count > 0 ? length / count / 2 : 0)
    }

}

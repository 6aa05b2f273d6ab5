import Foundation

extension WaterfallLayout {
    /// The items laid out ahead of the placed prefix by ``place(around:clearance:itemBudget:)``,
    /// or `nil` when there is no island. They have frames (``frame(at:)`` accepts them) though
    /// the items between ``placedCount`` and the island's start wait for placement.
    /// - Complexity: O(1).
    public var islandRange: Range<Int>? { island?.range }

    /// Returns, once, how content moved when an island joined the placed prefix since the
    /// last call (see ``place(around:clearance:itemBudget:)``), or `nil` when nothing moved
    /// that way. Along the main axis: y for columns, x for left-to-right rows.
    /// - Complexity: O(1).
    public mutating func takeLayoutShift() -> LayoutShift? {
        defer { unreportedShift = nil }
        return unreportedShift
    }

    /// Gives the item at `index` a frame without placing every waiting item before it, for a
    /// view that keeps that item in view across a deferred relayout (see
    /// ``configureDeferringLayout(_:)``) while the reader is deep in a huge feed.
    ///
    /// When at most `itemBudget` waiting items lie before `index`, this is
    /// `place(upTo: index + 1)`. Otherwise the first `itemBudget` items (at least a few rows)
    /// are placed for an estimate, and an *island* is laid out: a level block (see
    /// ``startBlock(at:)``) starting a few rows above `index`, far enough up that the item's
    /// top lies at least `clearance` below the island's level, at the position the content
    /// length estimate gives its first item — the scrollbar reads the same. Island items have
    /// exact frames (the block's own layout), queries report them, and
    /// ``place(coveringY:)``/``place(covering:)`` grow the island downward as the reader
    /// scrolls; the items before it wait for ``continueLayout(itemBudget:)`` slices.
    ///
    /// When placement reaches the island's start (slices, or anything that needs an item
    /// before it, such as a rectangle reaching above the island's level, or an edit), the
    /// block's base is derived from the items before it, the island's items all move by the
    /// difference and join the prefix; ``takeLayoutShift()`` reports the move, so a view adds
    /// it to its scroll offset and nothing on screen moves. The price is a seam: the island's
    /// start stays a level block start (short columns leave a gap above it) until the next
    /// configuration change lays everything out again as one block. Every edit (insert,
    /// delete, replace, size change, move) first places the items before the island, joining
    /// it; an append leaves the new items waiting.
    /// - Complexity: O(c log n + k log c) for the k items placed: at most about `itemBudget`
    ///   before the island plus the island's items down to `index`; O(1) when the item has its
    ///   frame already.
    public mutating func place(around index: Int, clearance: CGFloat, itemBudget: Int) {
        checkIndex(index)
        guard index >= placedCount, !(island?.range.contains(index) ?? false) else { return }
        uniqueStorage()
        if let island {
            if index >= island.start { growIsland(upTo: index + 1) } else { placePending(upTo: index + 1) }
            return
        }
        let budget = Swift.max(0, itemBudget)
        guard index + 1 - placedCount > budget else { return placePending(upTo: index + 1) }
        // The estimate needs a sample of laid-out items: the budget, at least a few rows.
        placePending(upTo: Swift.min(index, Swift.max(placedCount, budget, 8 * geometry.columnCount)))
        let clearance = clearance.isFinite ? Swift.max(0, Double(clearance)) : 0
        let perItem = estimatedLength(ofItems: 1)
        // The items that cover the clearance by the estimate, a quarter more, and two rows.
        var reach = (perItem > 0 ? Int(Swift.min(clearance / perItem * 1.25, Double(index)).rounded(.up)) : 0)
            + 2 * geometry.columnCount
        for attempt in 0..<4 {
            let start = index - Swift.min(reach, index)
            guard start > placedCount else { return placePending(upTo: index + 1) }
            let base = (geometry.top + estimatedLength(ofItems: start) - geometry.rowSpacing).rounded()
            island = PlacementIsland(start: start, base: base, listCount: members.listCount,
                                     rowSpacing: geometry.rowSpacing)
            growIsland(upTo: index + 1)
            // Too little room above the item (taller items than the estimate's): start higher.
            if items.ys[index] - base >= clearance || attempt == 3 { return }
            island = nil
            reach *= 2
        }
    }

    /// Lays out the island's items up to (not including) `target`, from its level and its
    /// own member lists, which stand in for the prefix's while it places.
    /// - Complexity: O(c log n + (target − end) · log c).
    mutating func growIsland(upTo target: Int) {
        guard var island, target > island.end else { return }
        self.island = nil
        if !isKnownUniquelyReferenced(&island.members) { island.members = island.members.copy() }
        swap(&members, &island.members)
        let prefixTallest = tallestBottom
        let columnCount = geometry.columnCount
        let top = island.base + geometry.rowSpacing
        withUnsafeTemporaryAllocation(of: Double.self, capacity: ColumnBottoms.storageSize(columns: columnCount)) { storage in
            storeBottoms(before: island.end, floorsOf: nil, into: storage)
            placeItems(from: island.end, to: target, bottoms: storage, top: top,
                       restartingSequence: island.end == island.start)
            storeBottoms(before: target, floorsOf: nil, into: storage)
            island.frontier = lowestNextTop(bottoms: storage, top: top)
        }
        island.tallestBottom = tallestBottom
        tallestBottom = prefixTallest
        swap(&members, &island.members)
        island.end = target
        self.island = island
    }

    /// Grows the island until every item whose frame starts above `y` has its frame (or the
    /// island holds the last item), in chunks that grow.
    /// - Complexity: O(c log n + k log c) for the k items placed.
    mutating func growIsland(coveringY y: Double) {
        var chunk = 4 * geometry.columnCount
        while let island, island.end < count, !(island.frontier >= y) {
            growIsland(upTo: Swift.min(count, island.end + chunk))
            chunk = Swift.min(2 * chunk, 1 << 16)
        }
    }

    /// Joins the island to the placed prefix once placement has reached its start: it becomes
    /// a level block whose base is derived from the items before it (as every block's is when
    /// placement reaches it), its items move by the difference to the estimated base, and
    /// the move is kept for ``takeLayoutShift()``.
    /// - Complexity: O(c log n + k) for the island's k items.
    mutating func joinIsland() {
        guard let island, placedCount == island.start else { return }
        self.island = nil
        let position = blocks.partitioningIndex { $0.index >= island.start }
        blocks.insert(BlockStart(index: island.start, base: island.base,
                                 offsets: Array(repeating: 0, count: geometry.columnCount)), at: position)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: geometry.columnCount) { storage in
            _ = loadBottoms(before: island.start, inBlock: position, into: storage)
        }
        let distance = blocks[position].base - island.base
        if distance != 0 {
            let ys = items.ys
            for index in island.range { ys[index] += distance }
        }
        members.appendTails(island.members.detachTails(from: island.start), indexShift: 0, ys: items.ys)
        placedCount = island.end
        tallestBottom = Swift.max(tallestBottom, island.tallestBottom + distance)
        unreportedShift = LayoutShift(level: CGFloat(island.base), distance: CGFloat(distance))
    }

    /// The length `itemCount` items take along the main axis by the estimate: the laid-out
    /// prefix's length per item (0 when nothing is laid out).
    /// - Complexity: O(1).
    func estimatedLength(ofItems itemCount: Int) -> Double {
        guard placedCount > 0, tallestBottom > -.infinity else { return 0 }
        return (tallestBottom - geometry.top) * (Double(itemCount) / Double(placedCount))
    }

    /// The lowest of every column's next top, given the column bottoms in `bottoms` (a column
    /// with none, `-infinity`, starts at `top`).
    /// - Complexity: O(c).
    func lowestNextTop(bottoms: UnsafeMutableBufferPointer<Double>, top: Double) -> Double {
        var lowest = Double.infinity
        for column in 0..<geometry.columnCount {
            let bottom = bottoms[column]
            lowest = Swift.min(lowest, bottom == -.infinity ? top : bottom + geometry.rowSpacing)
        }
        return lowest
    }
}

import Foundation

extension WaterfallLayout {
    /// Whether every item has its frame (no placement is pending).
    /// - Complexity: O(1).
    public var isFullyPlaced: Bool { placedCount == count }

    /// Traps on an index outside `0..<count`, as `Array` does, and on an item that waits for
    /// placement (see ``configureDeferringLayout(_:)``): its frame does not exist yet.
    @inline(__always)
    func checkLaidOut(_ index: Int) {
        checkIndex(index)
        precondition(index < placedCount || isIslandItem(index),
                     "item \(index) is not laid out yet (laid out: 0..<\(placedCount)); call place(upTo:) first")
    }

    /// Whether an island holds the item at `index` (out of line: every frame look-up checks
    /// the prefix first, and only a miss gets here).
    @inline(never)
    func isIslandItem(_ index: Int) -> Bool {
        island?.range.contains(index) == true
    }

    /// Places the items waiting for placement up to (not including) `index`, clamped to the
    /// item count; does nothing when they are already laid out.
    /// - Complexity: O(c log n + (index − placedCount) · log c).
    public mutating func place(upTo index: Int) {
        let target = Swift.min(Swift.max(index, 0), count)
        guard target > placedCount else { return }
        uniqueStorage()
        placePending(upTo: target)
    }

    /// Places the items waiting for placement until every item whose frame starts above `y`
    /// has its frame — after it, ``forEachIndex(in:_:)`` is exact for any rectangle that ends
    /// at or above `y`. A `y` beyond the content places every item; a `y` below an island's
    /// level joins it (see ``place(around:clearance:itemBudget:)``).
    /// - Complexity: O(c log n + k · log c) for the k items placed, which is about the items
    ///   between the laid-out prefix's lowest column and `y`.
    public mutating func place(coveringY y: CGFloat) {
        place(coveringFrom: -.infinity, to: Double(y))
    }

    /// Places the items waiting for placement that may overlap `rect` (along the main axis),
    /// so that ``forEachIndex(in:_:)`` is exact for it. With an island (see
    /// ``place(around:clearance:itemBudget:)``), a rectangle from its level on grows the
    /// island; one reaching from above its level into it joins the island first, and is then
    /// covered both where it was and moved with the island (see ``takeLayoutShift()``).
    /// - Complexity: O(c log n + k · log c) for the k items placed.
    public mutating func place(covering rect: CGRect) {
        let (low, high) = mainRange(of: rect)
        place(coveringFrom: low, to: high)
    }

    /// ``place(covering:)`` for the main-axis range `low..<high`.
    /// - Complexity: O(c log n + k · log c) for the k items placed.
    private mutating func place(coveringFrom low: Double, to high: Double) {
        var y = high
        if let island, y > island.base {
            guard low < island.base else {
                uniqueStorage()
                return growIsland(coveringY: y)
            }
            place(upTo: island.start)
            y = Swift.max(y, y + Double(unreportedShift?.distance ?? 0))
        }
        guard placedCount < count, !(placedFrontier >= y) else { return }
        uniqueStorage()
        // Chunks that grow, so a short distance costs little and a long one few frontier checks.
        var chunk = 4 * geometry.columnCount
        while placedCount < count, !(placedFrontier >= y) {
            placePending(upTo: Swift.min(count, placedCount + chunk))
            chunk = Swift.min(2 * chunk, 1 << 16)
        }
    }

    /// Places up to `itemBudget` more of the items waiting for placement (at least one).
    /// - Returns: whether every item is laid out now.
    /// - Complexity: O(c log n + itemBudget · log c).
    @discardableResult
    public mutating func continueLayout(itemBudget: Int) -> Bool {
        guard placedCount < count else { return true }
        uniqueStorage()
        placePending(upTo: Swift.min(count, placedCount + Swift.max(1, itemBudget)))
        return placedCount == count
    }

    /// Places the items from ``placedCount`` up to `target`, block by block (a block's base is
    /// derived again from the items before it when placement reaches its start), joins an
    /// island that placement reaches (``joinIsland()``: the prefix then ends at the island's
    /// end), and updates the frontier.
    /// - Complexity: O(c log n + (target − placedCount) · log c + b) for b blocks, plus O(k)
    ///   for an island of k items that joins.
    mutating func placePending(upTo target: Int) {
        let total = items.count
        if let island, target >= island.start {
            placePrefix(upTo: island.start)
            joinIsland()
        }
        placePrefix(upTo: target)
        placedFrontier = placedCount == total ? .infinity : frontier()
    }

    /// The placement loop of ``placePending(upTo:)``, up to `target`.
    ///
    /// Each segment goes through the one placement pass, ``relayout(from:)``, with the item
    /// count held at the segment's end and the later blocks set aside while it runs, so that
    /// the pass — written for a fully placed layout — neither places nor moves the items that
    /// still wait.
    /// - Complexity: O(c log n + (target − placedCount) · log c + b) for b blocks.
    private mutating func placePrefix(upTo target: Int) {
        let total = items.count
        while placedCount < target {
            let next = blocks.partitioningIndex { $0.index > placedCount }
            let end = Swift.min(target, next < blocks.count ? blocks[next].index : total)
            let later = blocks[next...]
            blocks.removeSubrange(next...)
            items.count = end
            relayout(from: placedCount)
            items.count = total
            blocks += later
            placedCount = end
        }
    }

    /// The lowest y the next item can get: the lowest of every column's next top (its bottom +
    /// row spacing, or where a column's first item goes), which no later item starts above.
    /// - Complexity: O(c) (the member lists hold only laid-out items).
    private mutating func frontier() -> Double {
        let columnCount = geometry.columnCount
        let next = blocks.partitioningIndex { $0.index > placedCount }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: columnCount) { storage in
            let (_, top) = loadBottoms(before: placedCount, inBlock: next > 0 ? next - 1 : nil, into: storage)
            return lowestNextTop(bottoms: storage, top: top)
        }
    }

    /// Drops the frames from `index` on after an edit there, when placement is pending: the
    /// laid-out prefix ends at the edit, and the items after it wait with the rest.
    /// - Complexity: O(c log n).
    mutating func shortenLaidOutPrefix(to index: Int) {
        guard index < placedCount else { return }
        members.truncate(before: index)
        placedCount = index
        tallestBottom = lastBottom()
        placedFrontier = index == 0 ? -.infinity : frontier()
    }

    /// ``replaceSubrange(_:with:)`` while placement is pending. An edit after the laid-out
    /// prefix only changes the waiting items. An edit inside it places the prefix from the edit
    /// on up to a block that follows inside the prefix, then moves the laid-out items of that
    /// block and the later ones, as a fully laid-out layout does; without such a block the
    /// prefix ends at the edit.
    /// - Complexity: O(n − range.lowerBound) to move the storage, plus, for an edit inside the
    ///   prefix with a block at b in it, O((b − range.lowerBound) · log c + (placedCount − b)).
    mutating func replaceSubrangeWhilePending<C: Collection>(_ range: Range<Int>, with items: C,
                                                            firstKept: Int, indexChange: Int)
    where C.Element == ItemSize {
        guard range.lowerBound < placedCount else {
            self.items.replaceSubrange(range, with: items, keepingTailYs: false)
            return
        }
        let placed = placedCount + indexChange
        let blockFollows = blocks.contains { $0.index >= firstKept && $0.index < placed }
        self.items.replaceSubrange(range, with: items, keepingTailYs: blockFollows)
        guard blockFollows else {
            shortenLaidOutPrefix(to: range.lowerBound)
            return
        }
        let total = self.items.count
        let later = blocks.partitioningIndex { $0.index >= placed }
        let waiting = blocks[later...]
        blocks.removeSubrange(later...)
        self.items.count = placed
        relayout(from: range.lowerBound, keptFrom: firstKept, indexChange: indexChange)
        self.items.count = total
        blocks += waiting
        placedCount = placed
        placedFrontier = frontier()
    }
}

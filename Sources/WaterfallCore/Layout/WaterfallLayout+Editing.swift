import Foundation

extension WaterfallLayout {
    /// Appends one item and places it.
    /// - Complexity: O(log c) amortized.
    public mutating func append(_ item: ItemSize) {
        append(contentsOf: CollectionOfOne(item))
    }

    /// Appends items (any sequence: arrays, slices, lazy maps) and places only them — or, while
    /// placement is pending (see ``configureDeferringLayout(_:)``), leaves them to wait with
    /// the rest.
    /// - Complexity: O(k log c) amortized for k new items.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf items: S) where S.Element == ItemSize {
        // Inlinable so the caller specializes the walk over the sequence: a lazy map over the
        // data source is encoded in one pass, with no intermediate array.
        let start = count
        uniqueStorage()
        self.items.append(contentsOf: items)
        precondition(count <= Int(Int32.max), "WaterfallLayout holds at most 2^31 - 1 items")
        placeAppended(from: start)
    }

    /// Places the items appended from `start` on, unless placement is pending.
    @usableFromInline
    mutating func placeAppended(from start: Int) {
        guard placedCount == start else { return }
        relayout(from: start)
        placedCount = count
    }

    /// Replaces the items in `range` with `items` (insert, delete or replace) and relayouts only
    /// from `range.lowerBound` on, since masonry placement of an item depends on all items
    /// before it — up to the next block start, from which the items only move by one constant
    /// (see ``startBlock(at:)``). With an island (see ``place(around:clearance:itemBudget:)``),
    /// the items before it are placed first and it joins them.
    /// - Complexity: O(c log n + (n − range.lowerBound) · log c); with a block starting at b
    ///   after the range, O(c log n + (b − range.lowerBound) · log c + (n − b)); plus the
    ///   placement of the w items waiting before an island, O(w log c).
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with items: C)
    where C.Element == ItemSize {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of bounds 0..<\(count)")
        precondition(count - range.count + items.count <= Int(Int32.max),
                     "WaterfallLayout holds at most 2^31 - 1 items")
        joinIslandBeforeEditing()
        uniqueStorage()
        let insertedCount = items.count
        let kept = range.lowerBound + insertedCount
        let change = insertedCount - range.count
        let pending = placedCount < count
        // A block whose first items the edit replaced is placed again; later ones only move.
        let replacesBlockStart = remapBlocks(replacing: range, insertedCount: insertedCount)
        let firstKept = replacesBlockStart ? Swift.max(kept, range.lowerBound + 1) : kept
        guard pending else {
            let blockFollows = blocks.last.map { $0.index >= firstKept } ?? false
            self.items.replaceSubrange(range, with: items, keepingTailYs: blockFollows)
            relayout(from: range.lowerBound, keptFrom: firstKept, indexChange: change)
            placedCount = count
            return
        }
        replaceSubrangeWhilePending(range, with: items, firstKept: firstKept, indexChange: change)
    }

    /// Inserts items before `index` (`index == count` appends).
    /// - Complexity: O(c log n + (n − index) · log c).
    public mutating func insert<C: Collection>(contentsOf items: C, at index: Int) where C.Element == ItemSize {
        replaceSubrange(index..<index, with: items)
    }

    /// Removes the item at `index`.
    /// - Complexity: O(c log n + (n − index) · log c).
    public mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "index \(index) out of bounds 0..<\(count)")
        replaceSubrange(index..<index + 1, with: EmptyCollection())
    }

    /// Removes the items in `range`.
    /// - Complexity: O(c log n + (n − range.lowerBound) · log c).
    public mutating func removeSubrange(_ range: Range<Int>) {
        replaceSubrange(range, with: EmptyCollection())
    }

    /// Removes every item, keeping the configuration.
    /// - Complexity: O(c).
    public mutating func removeAll() {
        replaceSubrange(0..<count, with: EmptyCollection())
    }

    /// Places the items waiting before an island and joins it (see
    /// ``place(around:clearance:itemBudget:)``), so that an edit meets a layout without one:
    /// the simplest rule that keeps every frame right.
    /// - Complexity: O(c log n + w log c) for the w items waiting before the island.
    mutating func joinIslandBeforeEditing() {
        if let island { place(upTo: island.start) }
    }
}

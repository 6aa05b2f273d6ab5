import Foundation

extension WaterfallLayout {
    /// Gives items new sizes (an item's image size became known, a self-sizing cell was
    /// measured) and relayouts once, from the lowest changed index: any number of changes cost
    /// one suffix relayout. Indices may repeat (the last size wins) and come in any order. With
    /// blocks (see ``startBlock(at:)``), each block holding a change is placed again from its
    /// lowest change up to the next block, and the blocks after it only move. An island (see
    /// ``place(around:clearance:itemBudget:)``) joins the prefix first.
    /// - Complexity: O(k log b + c log n + (n − i) · log c) for k changes whose lowest index is
    ///   i; with blocks, the placement stops at the next block and the rest is one O(n) pass.
    public mutating func resizeItems<C: Collection>(_ changes: C) where C.Element == (index: Int, size: ItemSize) {
        guard !changes.isEmpty else { return }
        joinIslandBeforeEditing()
        uniqueStorage()
        guard placedCount == count else {
            resizeItemsWhilePending(changes)
            return
        }
        // The lowest change in each block (-1: the first block, before any block start).
        var lowestInBlock: [Int: Int] = [:]
        for (index, size) in changes {
            checkIndex(index)
            ItemStore.write(size, at: index, values: items.values, slots: items.slots)
            let block = blocks.partitioningIndex { $0.index > index } - 1
            lowestInBlock[block] = Swift.min(lowestInBlock[block] ?? index, index)
        }
        // Last block first: a block is placed from its floors alone, and placing an earlier
        // block only moves the later ones by a constant (see ``startBlock(at:)``).
        for (block, lowest) in lowestInBlock.sorted(by: { $0.key > $1.key }) {
            relayout(from: lowest, keptFrom: block + 1 < blocks.count ? blocks[block + 1].index : count, indexChange: 0)
        }
    }

    /// ``resizeItems(_:)`` while placement is pending: the new sizes are stored, and the
    /// laid-out prefix ends at the lowest change inside it.
    /// - Complexity: O(k + c log n) for k changes.
    private mutating func resizeItemsWhilePending<C: Collection>(_ changes: C)
    where C.Element == (index: Int, size: ItemSize) {
        var lowest = placedCount
        for (index, size) in changes {
            checkIndex(index)
            ItemStore.write(size, at: index, values: items.values, slots: items.slots)
            lowest = Swift.min(lowest, index)
        }
        shortenLaidOutPrefix(to: lowest)
    }
}

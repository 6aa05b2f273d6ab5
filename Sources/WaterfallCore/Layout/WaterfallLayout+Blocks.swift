import Foundation

extension WaterfallLayout {
    /// The indices at which blocks start, ascending (empty while the layout is one block).
    /// See ``startBlock(at:)``.
    /// - Complexity: O(b) for b blocks.
    public var blockStarts: [Int] { blocks.map(\.index) }

    /// Inserts `items` at the front as their own masonry block, above the existing items:
    /// the new items are laid out from the top as if alone, and the existing ones start again
    /// below the new block's tallest column, every column at the same height. The existing
    /// items keep their columns and relative positions: they all move down by one constant
    /// (so a view that adds it to its scroll offset shows them exactly where they were).
    ///
    /// Repeated prepends stack blocks. Any configuration change (width, columns, insets,
    /// spacings, placement, direction) lays everything out again as one block.
    /// - Complexity: O(c log n + k log c) to place k new items, plus one O(n) pass that moves the
    ///   existing items' storage (no placement).
    public mutating func prepend<C: Collection>(contentsOf items: C) where C.Element == ItemSize {
        startBlock(at: 0)
        insert(contentsOf: items, at: 0)
    }

    /// Makes the items from `index` on a block of their own, keeping their current layout:
    /// from now on, an edit before `index` (an insert, a delete, a size change) places the items
    /// up to `index` again and then moves all the items from `index` on by one constant,
    /// instead of placing them again. Their columns and relative positions survive the edit,
    /// which is how a view keeps what is on screen still across an edit above it.
    ///
    /// The block starts from the column profile the items before `index` leave — the bottom
    /// of each column — so its own layout does not change. After an edit before it, the block
    /// sits as high as it can without overlapping the items before it: columns that became
    /// shorter leave a gap above the block, one column touches. An edit inside a block places
    /// that block again from the edit on. Any configuration change lays everything out again as
    /// one block; ``prepend(contentsOf:)`` is `startBlock(at: 0)` and an insert at 0.
    ///
    /// Does nothing when `index == count` or a block already starts at `index`.
    /// - Complexity: O(c log n + b) for b blocks.
    public mutating func startBlock(at index: Int) {
        precondition(index >= 0 && index <= count, "index \(index) out of bounds 0...\(count)")
        let position = blocks.partitioningIndex { $0.index >= index }
        guard index < count, position == blocks.count || blocks[position].index != index else { return }
        // The block starts from the profile of the items before it, and its first item stays
        // where continuing placement puts it, as when every item is laid out.
        place(upTo: index + 1)
        let columnCount = geometry.columnCount
        withUnsafeTemporaryAllocation(of: Double.self, capacity: columnCount) { storage in
            storeBottoms(before: index, floorsOf: position > 0 ? position - 1 : nil, into: storage)
            raiseEmptyColumns(storage)
            let base = storage.max()!
            blocks.insert(BlockStart(index: index, base: base, offsets: storage.map { $0 - base }), at: position)
        }
    }

    /// Follows the block starts through replacing `range` with `insertedCount` items: starts
    /// after the range move with their items; a start inside the range moves to its lower
    /// bound (the block then begins with what replaced its first items and is placed again);
    /// starts left at the end, and level starts left at 0, are dropped (they change nothing);
    /// of starts that meet at one index, the later one stays (its items follow it).
    /// - Returns: whether the block now starting at `range.lowerBound` lost its first items to
    ///   the edit (it is then placed again, not moved).
    /// - Complexity: O(b) for b blocks.
    mutating func remapBlocks(replacing range: Range<Int>, insertedCount: Int) -> Bool {
        guard !blocks.isEmpty else { return false }
        let change = insertedCount - range.count
        let newCount = count + change
        var remapped: [BlockStart] = []
        remapped.reserveCapacity(blocks.count)
        var hitAtLowerBound = false
        for var block in blocks {
            let hit = block.index >= range.lowerBound && block.index < range.upperBound
            if block.index >= range.upperBound {
                block.index += change
            } else if hit {
                block.index = range.lowerBound
            }
            guard block.index < newCount, block.index > 0 || !block.isLevel else { continue }
            if block.index == range.lowerBound { hitAtLowerBound = hit }
            if remapped.last?.index == block.index {
                remapped[remapped.count - 1] = block
            } else {
                remapped.append(block)
            }
        }
        blocks = remapped
        return hitAtLowerBound
    }

    /// Stores in `storage` the column bottoms placement of item `start` begins with, for the
    /// block at position `block` of ``blocks`` that `start` belongs to (if any), and returns
    /// where a column's first item goes. When that block starts at `start`, its base is derived
    /// again from the items before (they may have changed). A level block is laid out as if
    /// alone, from `base + rowSpacing`: its columns count as empty until they hold one of its
    /// items (so every placement strategy fills its first row as at the top of the page); a
    /// profiled block continues from its floors.
    /// - Returns: whether a block starts at `start`, and the y of a column's first item.
    /// - Complexity: O(c log n).
    mutating func loadBottoms(before start: Int, inBlock block: Int?,
                              into storage: UnsafeMutableBufferPointer<Double>) -> (startsBlock: Bool, top: Double) {
        guard let block else {
            storeBottoms(before: start, floorsOf: nil, into: storage)
            return (false, geometry.top)
        }
        let startsBlock = blocks[block].index == start
        if startsBlock {
            storeBottoms(before: start, floorsOf: block > 0 ? block - 1 : nil, into: storage)
            raiseEmptyColumns(storage)
            blocks[block].base = blocks[block].base(above: storage)
        }
        let (index, base, offsets) = (blocks[block].index, blocks[block].base, blocks[block].offsets)
        if blocks[block].isLevel {
            storeBottoms(before: start, since: index, floorsOf: nil, into: storage)
            return (startsBlock, base + geometry.rowSpacing)
        }
        if startsBlock {
            for (column, offset) in offsets.enumerated() { storage[column] = base + offset }
        } else {
            storeBottoms(before: start, floorsOf: block, into: storage)
        }
        return (startsBlock, geometry.top)
    }

    /// Moves the block at position `block` of ``blocks`` and every later one by one constant,
    /// so that the block fits just below `bottoms` (the column bottoms just before it).
    /// - Complexity: O(b) plus O(n − start of the block) when it moves.
    mutating func moveBlocks(from block: Int, toFit bottoms: UnsafeMutableBufferPointer<Double>) {
        raiseEmptyColumns(bottoms)
        let delta = blocks[block].base(above: bottoms) - blocks[block].base
        guard delta != 0 else { return }
        for position in block..<blocks.count { blocks[position].base += delta }
        let ys = items.ys
        for index in blocks[block].index..<items.count { ys[index] += delta }
    }

    /// Replaces the bottom of each column nothing precedes (`-infinity`) with the bottom from
    /// which an item lands at `insets.top`, so that block floors are finite.
    /// - Complexity: O(c).
    func raiseEmptyColumns(_ bottoms: UnsafeMutableBufferPointer<Double>) {
        let empty = geometry.top - geometry.rowSpacing
        for column in 0..<geometry.columnCount where bottoms[column] == -.infinity { bottoms[column] = empty }
    }

    /// The bottom of the lowest item on the page, `-infinity` when there are none: each member
    /// list's last item ends lowest in its list.
    /// - Complexity: O(c).
    func lastBottom() -> Double {
        var bottom = -Double.infinity
        for list in 0..<members.listCount {
            if let last = members.elements(of: list).last { bottom = Swift.max(bottom, maxY(of: Int(last))) }
        }
        return bottom
    }
}

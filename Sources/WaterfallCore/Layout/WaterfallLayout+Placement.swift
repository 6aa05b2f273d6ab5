import Foundation

extension WaterfallLayout {
    /// Places the appended items `start..<count` after the items before `start`, whose frames
    /// are kept.
    ///
    /// Rebuilds the column state as it was just before item `start` from the member lists (the
    /// last item of each column and the last full-span item), so no checkpoints are needed.
    /// Expects the storage to be this layout's own: every mutating entry point calls
    /// ``uniqueStorage()`` first.
    /// - Complexity: O(c log n + (count − start) · log c).
    @usableFromInline
    mutating func relayout(from start: Int) {
        relayout(from: start, keptFrom: items.count, indexChange: 0)
    }

    /// Places the items from `start` on after an edit, up to the first block that starts at or
    /// after `kept` (a block starting at `start` itself is placed again when `kept > start`),
    /// then moves that block and every later one by one constant instead of
    /// placing them again (see ``BlockStart``).
    ///
    /// - Parameters:
    ///   - start: the first changed index; the items before it keep their frames.
    ///   - kept: the first item the edit left as it was and whose block only moves (items from
    ///     here on are the old ones, with their old ys already moved to their new indices when
    ///     a block follows).
    ///   - indexChange: new index − old index for the kept items, which the member lists still
    ///     hold under their old indices.
    /// - Complexity: O(c log n + (b − start) · log c) when a block starts at b ≥ `kept`, plus
    ///   O(n − b) to move the later blocks (a pass of adds, no placement); without a block,
    ///   O(c log n + (count − start) · log c).
    mutating func relayout(from start: Int, keptFrom kept: Int, indexChange: Int) {
        let count = items.count
        let nextBlock = blocks.partitioningIndex { $0.index >= kept }
        let currentBlock = nextBlock > 0 ? nextBlock - 1 : nil
        let end = nextBlock < blocks.count ? blocks[nextBlock].index : count
        let tails = end < count ? members.detachTails(from: end - indexChange) : nil
        members.truncate(before: start)
        let columnCount = geometry.columnCount
        withUnsafeTemporaryAllocation(of: Double.self, capacity: ColumnBottoms.storageSize(columns: columnCount)) { storage in
            let (startsBlock, top) = loadBottoms(before: start, inBlock: currentBlock, into: storage)
            placeItems(from: start, to: end, bottoms: storage, top: top, restartingSequence: startsBlock)
            guard let tails else { return }
            storeBottoms(before: end, floorsOf: currentBlock, into: storage)
            moveBlocks(from: nextBlock, toFit: storage)
            members.appendTails(tails, indexShift: Int32(truncatingIfNeeded: indexChange), ys: items.ys)
            tallestBottom = lastBottom()
        }
    }

    /// Places the items `start..<end` from the column bottoms in the first c elements of
    /// `storage` (``ColumnBottoms/storageSize(columns:)`` elements in all), an empty column's
    /// first item at `top`; sequential placement restarts at column 0 when `restartingSequence`
    /// (a block's first item), else continues after item `start − 1`. Sets ``tallestBottom``.
    /// - Complexity: O((end − start) · log c), plus O(log s) to find the column after a
    ///   spanning item for sequential placement.
    mutating func placeItems(from start: Int, to end: Int, bottoms storage: UnsafeMutableBufferPointer<Double>,
                             top: Double, restartingSequence: Bool) {
        let columnCount = geometry.columnCount
        if columnCount <= 4 && geometry.tolerance == 0 {
            place(from: start, to: end, columns: SortedFourColumns(storage, columns: columnCount,
                                                                   top: top, rowSpacing: geometry.rowSpacing))
        } else {
            place(from: start, to: end,
                  columns: ColumnBottoms(storage: storage, columns: columnCount, top: top,
                                         rowSpacing: geometry.rowSpacing, tolerance: geometry.tolerance,
                                         nextSequential: restartingSequence ? 0 : sequentialColumn(before: start)))
        }
    }

    /// The placement loop of ``placeItems(from:to:bottoms:top:restartingSequence:)``, specialized for each kind of column state.
    ///
    /// An item across several columns keeps its requested span in its slot; it joins the
    /// member list of every column it covers (a full-span item: the extra list) and, unless it
    /// covers them all, the span starts.
    private mutating func place<Columns: ColumnState & ~Copyable>(from start: Int, to end: Int,
                                                                 columns: consuming Columns) {
        var columns = columns
        let geometry = self.geometry
        let multiColumnBit = ItemKind.multiColumn.rawValue
        let kindMask = ~ItemKind.columnMask
        let (values, slots, ys) = (items.values, items.slots, items.ys)
        let members = self.members
        members.withLists { lists in
            for index in start..<end {
                let slot = slots[index]
                let height = geometry.height(value: values[index], slot: slot)
                let member = Int32(truncatingIfNeeded: index)
                if slot & multiColumnBit != 0 {
                    let span = geometry.span(requested: slot)
                    if span == geometry.columnCount {
                        let y = columns.placeFullSpan(height: height)
                        ys[index] = y
                        lists[geometry.columnCount].append(member, top: y)
                    } else {
                        let (column, y) = columns.placeSpan(span, height: height)
                        ys[index] = y
                        for covered in column..<column + span { lists[covered].append(member, top: y) }
                        members.recordSpan(member, from: column)
                    }
                } else {
                    let (column, y) = columns.place(height: height)
                    slots[index] = (slot & kindMask) | UInt16(truncatingIfNeeded: column)
                    ys[index] = y
                    lists[column].append(member, top: y)
                }
            }
        }
        tallestBottom = columns.tallest
    }

    /// Stores in the first c elements of `storage` each column's bottom just before item
    /// `index` is placed: the bottom of its last item in `since..<index` or of the last
    /// full-span item there, whichever is lower on the page, raised to its floor in the block
    /// at position `block` of ``blocks`` (if any); `-infinity` for a column nothing precedes.
    /// - Complexity: O(c) when the member lists hold only indices below `index`, else
    ///   O(c log n).
    func storeBottoms(before index: Int, since lowest: Int = 0, floorsOf block: Int?,
                      into storage: UnsafeMutableBufferPointer<Double>) {
        let columnCount = geometry.columnCount
        func bottom(ofList list: Int) -> Double {
            guard let last = members.last(of: list, before: index), Int(last) >= lowest else { return -.infinity }
            return maxY(of: Int(last))
        }
        let fullSpanBottom = bottom(ofList: columnCount)
        for column in 0..<columnCount { storage[column] = Swift.max(bottom(ofList: column), fullSpanBottom) }
        guard let block else { return }
        let (base, offsets) = (blocks[block].base, blocks[block].offsets)
        for column in 0..<columnCount { storage[column] = Swift.max(storage[column], base + offsets[column]) }
    }

    /// The column sequential placement uses for item `start`: round robin after the previous
    /// item (after the last column of a spanning item), restarting at 0 at the beginning and
    /// after a full-span item.
    func sequentialColumn(before start: Int) -> Int {
        guard start > 0 else { return 0 }
        let (column, span) = placedColumns(of: start - 1)
        return (column + span) % geometry.columnCount
    }
}

extension Collection {
    /// The first index whose element satisfies `belongs`, assuming the elements that satisfy it
    /// form a suffix of the collection (binary search).
    /// - Complexity: O(log n).
    func partitioningIndex(where belongs: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var length = count
        while length > 0 {
            let half = length / 2
            let middle = index(low, offsetBy: half)
            if try belongs(self[middle]) {
                length = half
            } else {
                low = index(after: middle)
                length -= half + 1
            }
        }
        return low
    }
}

import Foundation

extension WaterfallLayout {
    /// Places the items `start..<count` after the items before `start`, whose frames are kept.
    ///
    /// Rebuilds the column state as it was just before item `start` from the member lists (the
    /// last item of each column and the last full-span item), so no checkpoints are needed.
    /// Expects the storage to be this layout's own: every mutating entry point calls
    /// ``uniqueStorage()`` first.
    /// - Complexity: O(c log n + (count − start) · log c).
    @usableFromInline
    mutating func relayout(from start: Int) {
        let count = items.count
        members.truncate(before: start)
        let columnCount = geometry.columnCount
        withUnsafeTemporaryAllocation(of: Double.self, capacity: ColumnBottoms.storageSize(columns: columnCount)) { storage in
            storeBottoms(before: start, into: storage)
            if columnCount <= 4 && geometry.tolerance == 0 {
                place(from: start, count: count, columns: SortedFourColumns(storage, columns: columnCount,
                                                                            top: geometry.top, rowSpacing: geometry.rowSpacing))
            } else {
                place(from: start, count: count,
                      columns: ColumnBottoms(storage: storage, columns: columnCount, top: geometry.top,
                                             rowSpacing: geometry.rowSpacing, tolerance: geometry.tolerance,
                                             nextSequential: sequentialColumn(before: start)))
            }
        }
    }

    /// The placement loop of ``relayout(from:)``, specialized for each kind of column state.
    private mutating func place<Columns: ColumnState & ~Copyable>(from start: Int, count: Int,
                                                                 columns: consuming Columns) {
        var columns = columns
        let geometry = self.geometry
        let fullSpanBit = ItemKind.fullSpan.rawValue
        let kindMask = ~ItemKind.columnMask
        let (values, slots, ys) = (items.values, items.slots, items.ys)
        members.withLists { lists in
            for index in start..<count {
                let slot = slots[index] & kindMask
                let height = geometry.height(value: values[index], slot: slot)
                // Full-span items go to the extra list after the columns'.
                let (list, y): (Int, Double)
                if slot & fullSpanBit != 0 {
                    (list, y) = (geometry.columnCount, columns.placeFullSpan(height: height))
                    slots[index] = slot
                } else {
                    (list, y) = columns.place(height: height)
                    slots[index] = slot | UInt16(truncatingIfNeeded: list)
                }
                ys[index] = y
                lists[list].append(Int32(truncatingIfNeeded: index), top: y)
            }
        }
        tallestBottom = columns.tallest
    }

    /// Stores each column's bottom just before item `start` is placed (`-infinity` for an
    /// empty column) in the first c elements of `storage`. Expects the member lists to hold
    /// only indices below `start`.
    /// - Complexity: O(c).
    private func storeBottoms(before start: Int, into storage: UnsafeMutableBufferPointer<Double>) {
        let columnCount = geometry.columnCount
        let fullSpanBottom = members.elements(of: columnCount).last.map { maxY(of: Int($0)) } ?? -.infinity
        for column in 0..<columnCount {
            let own = members.elements(of: column).last.map { maxY(of: Int($0)) } ?? -.infinity
            storage[column] = Swift.max(own, fullSpanBottom)
        }
    }

    /// The column sequential placement uses for item `start`: round robin after the previous
    /// item, restarting at 0 at the beginning and after a full-span item.
    private func sequentialColumn(before start: Int) -> Int {
        guard start > 0 else { return 0 }
        let slot = items.slots[start - 1]
        if slot & ItemKind.fullSpan.rawValue != 0 { return 0 }
        return (Int(slot & ItemKind.columnMask) + 1) % geometry.columnCount
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

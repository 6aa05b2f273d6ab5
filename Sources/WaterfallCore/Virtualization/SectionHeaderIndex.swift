/// The indices of the items that are section headers, ascending, in one contiguous array.
///
/// Headers are full-span items, and a full-span item is placed below every item before it, so
/// ascending indices are also ascending positions along the scroll axis: a binary search over
/// this array finds the header at any scroll position in O(log h) frame look-ups.
struct SectionHeaderIndex {
    /// The header indices, ascending.
    private(set) var indices: ContiguousArray<Int> = []

    /// Whether there is no header.
    var isEmpty: Bool { indices.isEmpty }

    /// How many headers have an index below `index`: the position of the first header whose
    /// index is ≥ `index`.
    /// - Complexity: O(log h).
    func count(before index: Int) -> Int {
        indices.partitioningIndex { $0 >= index }
    }

    /// The items in `range` were deleted: their headers go, later headers move down.
    /// - Complexity: O(log h + headers after the range).
    mutating func removeItems(in range: Range<Int>) {
        guard !range.isEmpty else { return }
        let first = count(before: range.lowerBound), last = count(before: range.upperBound)
        indices.removeSubrange(first..<last)
        for position in first..<indices.count { indices[position] -= range.count }
    }

    /// `count` items were inserted at `index`: later headers move up, and `headers` (ascending,
    /// within `index..<index + count`) are the new items that are headers.
    /// - Complexity: O(log h + headers after the insertion + new headers).
    mutating func insertItems(at index: Int, count: Int, headers: [Int]) {
        guard count > 0 else { return }
        let first = self.count(before: index)
        for position in first..<indices.count { indices[position] += count }
        indices.insert(contentsOf: headers, at: first)
    }

    /// Makes the item at `index` a header or not.
    /// - Complexity: O(log h + headers after it) when it changes.
    mutating func setHeader(_ isHeader: Bool, at index: Int) {
        let position = count(before: index)
        let present = position < indices.count && indices[position] == index
        if isHeader && !present { indices.insert(index, at: position) }
        if !isHeader && present { indices.remove(at: position) }
    }
}

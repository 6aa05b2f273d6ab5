/// Running sums of the stored item sizes, in whole blocks of ``blockSize`` items from index 0,
/// so that the length the items before an index take can be estimated without placing them:
/// with the shortest-column rule a column's bottom stays within about one item of the mean
/// column bottom, which is the sum of the items' lengths (plus one row spacing each) divided by
/// the column count. Where ``WaterfallLayout/place(around:clearance:itemBudget:)`` puts a
/// segment deep in a feed comes from it, so the segment settles close to where it was shown.
///
/// The sums are of items across one column only; items across several are left out (headers
/// are few), and so are items not read yet, which the estimate counts at the mean of the
/// others. A change at an index drops the blocks from it on, which are summed again when an
/// estimate needs them; appends extend the sums as they go when nothing was dropped.
struct SizeSums: Sendable {
    /// Items per block.
    static let blockSize = 4_096

    /// The sums over a run of items.
    struct Totals: Sendable {
        /// Stored heights of items that have one.
        var heights = 0.0
        /// Height/width ratios of proportional items.
        var ratios = 0.0
        /// Width/height ratios of proportional items, their length along rows per unit of height.
        var inverseRatios = 0.0
        /// How many single-column items the sums hold.
        var count = 0.0
        /// How many items have no size yet (see ``WaterfallLayout/unreadCount``), left out of
        /// the other sums.
        var unread = 0.0

        /// The totals of two runs together.
        static func + (a: Totals, b: Totals) -> Totals {
            Totals(heights: a.heights + b.heights, ratios: a.ratios + b.ratios,
                   inverseRatios: a.inverseRatios + b.inverseRatios, count: a.count + b.count,
                   unread: a.unread + b.unread)
        }
    }

    /// `prefix[b]`: the totals of items `0 ..< b · blockSize`.
    private var prefix = [Totals()]

    /// Bytes allocated.
    var footprint: Int { prefix.capacity * MemoryLayout<Totals>.stride }

    /// Drops the sums of every block that holds an item from `index` on.
    /// - Complexity: O(1) amortized.
    mutating func invalidate(from index: Int) {
        let kept = index / Self.blockSize + 1
        if prefix.count > kept { prefix.removeSubrange(kept...) }
    }

    /// Sums the blocks that items `0..<itemCount` fill and that are not summed yet, when at
    /// most `limit` items would be read (appends keep the sums current this way).
    /// - Complexity: O(k) for the k items summed.
    mutating func extend(over items: ItemStore, limit: Int = .max) {
        let target = items.count / Self.blockSize
        guard target >= prefix.count, (target + 1 - prefix.count) * Self.blockSize <= limit else { return }
        while prefix.count <= target {
            let start = (prefix.count - 1) * Self.blockSize
            prefix.append(Self.totals(of: items, in: start..<start + Self.blockSize) + prefix[prefix.count - 1])
        }
    }

    /// The totals of items `0..<index`.
    /// - Complexity: O(blockSize) when the blocks before `index` are summed, else O(index).
    mutating func totals(of items: ItemStore, before index: Int) -> Totals {
        extend(over: items)
        let block = Swift.min(index / Self.blockSize, prefix.count - 1)
        return prefix[block] + Self.totals(of: items, in: block * Self.blockSize..<index)
    }

    /// The totals of the items in `range`.
    /// - Complexity: O(range.count).
    private static func totals(of items: ItemStore, in range: Range<Int>) -> Totals {
        let (values, slots) = (items.values, items.slots)
        let multiColumn = ItemKind.multiColumn.rawValue, proportional = ItemKind.proportional.rawValue
        // Four scalars, not a `Totals`: the compiler keeps them in registers instead of packing
        // the struct's fields in vector registers and shuffling them at every item.
        var heights = 0.0, ratios = 0.0, inverseRatios = 0.0, count = 0, unread = 0
        for index in range where slots[index] & multiColumn == 0 {
            let value = values[index]
            guard !value.isNaN else {
                unread += 1
                continue
            }
            if slots[index] & proportional == 0 {
                heights += value
            } else {
                ratios += value
                inverseRatios += value > 0 ? 1 / value : 0
            }
            count += 1
        }
        return Totals(heights: heights, ratios: ratios, inverseRatios: inverseRatios, count: Double(count),
                      unread: Double(unread))
    }
}

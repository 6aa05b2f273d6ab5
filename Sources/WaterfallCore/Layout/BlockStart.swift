/// Where a block of a ``WaterfallLayout`` begins, and the column profile it starts from.
///
/// A block is a run of items laid out by the masonry rule on its own: its first items do not
/// continue the columns of the block before, they start from the block's *floors*, one per
/// column, at `base + offsets[column]`. An edit before the block places the items up to the
/// block again and then moves the whole block (and every later one) by one constant, so
/// that its items keep their columns and relative positions. The base is kept as low as it
/// can be without any floor rising above the last bottom of its column before the block:
/// `base = max over columns of (bottom − offset)`.
struct BlockStart: Equatable, Sendable {
    /// The index of the block's first item.
    var index: Int
    /// The level the floors are measured from (the tallest floor).
    var base: Double
    /// Per column, its floor's distance below `base` (≤ 0; all zero for a level start, where
    /// every column starts at the same height).
    var offsets: [Double]

    /// Whether every column starts at the same height.
    var isLevel: Bool { offsets.allSatisfy { $0 == 0 } }

    /// The base for which no floor rises above the given column bottoms before the block, the
    /// lowest one touching them: the maximum of `bottoms[column] − offsets[column]`.
    /// - Complexity: O(c).
    func base(above bottoms: UnsafeMutableBufferPointer<Double>) -> Double {
        var base = -Double.infinity
        for (column, offset) in offsets.enumerated() { base = Swift.max(base, bottoms[column] - offset) }
        return base
    }
}

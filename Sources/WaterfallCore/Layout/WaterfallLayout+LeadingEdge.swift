extension WaterfallLayout {
    /// The smallest coordinate along the scroll axis of the frames of the items in `range` —
    /// their lowest `minY`, or `minX` along rows — or `.infinity` for an empty range. Every
    /// item in `range` must be laid out (below ``placedCount``).
    ///
    /// An item's stored position along the columns is its frame's leading edge, so this is one
    /// pass over contiguous doubles.
    /// - Complexity: O(range.count).
    public func leadingEdge(ofItemsIn range: Range<Int>) -> Double {
        guard !range.isEmpty else { return .infinity }
        checkLaidOut(range.lowerBound)
        checkLaidOut(range.upperBound - 1)
        let ys = items.ys
        var lowest = Double.infinity
        var index = range.lowerBound
        while index < range.upperBound {
            // One segment's run at a time: its items' ys are relative to its origin.
            let position = segment(holding: index)
            let end = Swift.min(range.upperBound, end(ofSegment: position))
            var run = Double.infinity
            for item in index..<end { run = Swift.min(run, ys[item]) }
            lowest = Swift.min(lowest, run + segments[position].origin)
            index = end
        }
        return Double(lowest)
    }
}

extension CollectionLayout {
    /// Reports the items that leave and enter when a window moves from `old` to `new`: first
    /// `left` for each item overlapping `old` but not `new`, then `entered` for each item
    /// overlapping `new` but not `old`. Membership is geometric (the frames decide), so the
    /// caller needs no record of the old set.
    ///
    /// When both windows have the same extent across the scroll axis, only the strips that one
    /// window covers and the other does not are queried, so a scroll step costs the strips'
    /// items rather than the whole window's.
    /// - Complexity: O(q + changes), where q is the cost of at most four strip queries
    ///   (O(c log n) each for the waterfall); each strip also returns the ≤ c items straddling
    ///   its inner edge, which are filtered out.
    func forEachChange(from old: Rect, to new: Rect, left: (Int) -> Void, entered: (Int) -> Void) {
        guard old != new else { return }
        let leaving = Self.strips(of: old, outside: new)
        report(in: leaving.0, skippingOverlapsWith: new, left)
        report(in: leaving.1, skippingOverlapsWith: new, left)
        let entering = Self.strips(of: new, outside: old)
        report(in: entering.0, skippingOverlapsWith: old, entered)
        report(in: entering.1, skippingOverlapsWith: old, entered)
    }

    /// Calls `body` for each item in `strip` that does not overlap `other`.
    private func report(in strip: Rect?, skippingOverlapsWith other: Rect, _ body: (Int) -> Void) {
        guard let strip else { return }
        forEachIndex(in: strip) { index in
            if !frame(at: index).overlaps(other) { body(index) }
        }
    }

    /// The part of `window` that `other` does not cover, as at most two strips along the axis
    /// on which the two differ, each widened by 1 pt into `other` so that zero-size items on
    /// the boundary are not missed. Falls back to the whole window when the rectangles differ
    /// on both axes or `other` is too thin for two strips to stay apart.
    private static func strips(of window: Rect, outside other: Rect) -> (Rect?, Rect?) {
        if window.minY == other.minY, window.maxY == other.maxY, window.minX != other.minX || window.maxX != other.maxX {
            // Side by side: the same strips with the axes swapped.
            let (leading, trailing) = strips(of: window.transposed, outside: other.transposed)
            return (leading?.transposed, trailing?.transposed)
        }
        let pad: Double = 1
        guard window.minX == other.minX, window.maxX == other.maxX, other.height > 2 * pad else { return (window, nil) }
        let top = window.minY < other.minY
            ? Rect(x: window.minX, y: window.minY, width: window.width,
                     height: min(other.minY + pad, window.maxY) - window.minY)
            : nil
        let bottomStart = max(other.maxY - pad, window.minY)
        let bottom = window.maxY > other.maxY
            ? Rect(x: window.minX, y: bottomStart, width: window.width, height: window.maxY - bottomStart)
            : nil
        return (top, bottom)
    }
}

extension Rect {
    /// The rectangle with its x and y axes swapped.
    fileprivate var transposed: Rect { Rect(x: minY, y: minX, width: height, height: width) }
}

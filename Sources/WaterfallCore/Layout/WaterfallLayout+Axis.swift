extension WaterfallLayout {
    /// The content's length along the axis items stack on, in engine terms: the lowest item's
    /// bottom + the closing inset (empty: both insets); while items wait for placement, the
    /// bottom of the last placed items (those of the segment at an estimated place and its
    /// followers, when there is one) plus the waiting items after them, by the placed prefix's
    /// length per item.
    /// - Complexity: O(1) for one segment, else O(s · c) for s segments.
    var contentLength: Double {
        guard placedCount < count || segments.count > 1 else {
            return prefixBottom == -.infinity ? geometry.top + geometry.bottom : prefixBottom + geometry.bottom
        }
        guard let last = segments.lastIndex(where: { $0.placed > 0 }) else { return geometry.top + geometry.bottom }
        let head = chainHead(of: last)
        guard head > 0 else { return prefixBottom + estimatedLength(ofItems: count - placedCount) + geometry.bottom }
        let bottom = segments[head...last].reduce(-Double.infinity) { Swift.max($0, $1.tallest + $1.origin) }
        return bottom + estimatedLength(ofItems: count - segments[last].start - segments[last].placed) + geometry.bottom
    }

    /// The length `itemCount` items take along the main axis by the estimate: the placed
    /// prefix's length per item (0 when nothing is placed).
    /// - Complexity: O(1).
    func estimatedLength(ofItems itemCount: Int) -> Double {
        guard placedCount > 0, prefixBottom > -.infinity else { return 0 }
        return (prefixBottom - geometry.top) * (Double(itemCount) / Double(placedCount))
    }

    /// A frame in content coordinates from engine terms: `cross` across the columns (already
    /// mirrored for a vertical right-to-left layout), `main` and `length` along them. Along rows
    /// the two swap.
    @inline(__always)
    func contentRect(cross: (x: Double, width: Double), main: Double, length: Double) -> Rect {
        guard geometry.isHorizontal else { return Rect(x: cross.x, y: main, width: cross.width, height: length) }
        return Rect(x: main, y: cross.x, width: length, height: cross.width)
    }

    /// The range along the engine's main axis that a rectangle in content coordinates covers
    /// (its vertical extent; along rows its horizontal one).
    @inline(__always)
    func mainRange(of rect: Rect) -> (low: Double, high: Double) {
        geometry.isHorizontal ? (Double(rect.minX), Double(rect.maxX)) : (Double(rect.minY), Double(rect.maxY))
    }
}

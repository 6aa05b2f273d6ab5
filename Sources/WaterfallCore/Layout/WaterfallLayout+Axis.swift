import Foundation

extension WaterfallLayout {
    /// The content's length along the axis items stack on, in engine terms: the tallest
    /// column's bottom + the closing inset (empty: both insets); while items wait for placement,
    /// the laid-out prefix's length extrapolated to the item count; with an island (see
    /// ``place(around:clearance:itemBudget:)``), the island's end plus the items after it
    /// extrapolated the same way.
    /// - Complexity: O(1).
    var contentLength: Double {
        if let island {
            return Swift.max(island.tallestBottom, island.base) + estimatedLength(ofItems: count - island.end) + geometry.bottom
        }
        if tallestBottom == -.infinity { return geometry.top + geometry.bottom }
        guard placedCount < count, placedCount > 0 else { return tallestBottom + geometry.bottom }
        return geometry.top + estimatedLength(ofItems: count) + geometry.bottom
    }

    /// A frame in content coordinates from engine terms: `cross` across the columns (already
    /// mirrored for a vertical right-to-left layout), `main` and `length` along them. Along rows
    /// the two swap, and a right-to-left layout mirrors the main axis in the content's length.
    @inline(__always)
    func contentRect(cross: (x: Double, width: Double), main: Double, length: Double) -> CGRect {
        guard geometry.isHorizontal else { return CGRect(x: cross.x, y: main, width: cross.width, height: length) }
        let x = geometry.mirrorsMainAxis ? Swift.max(0, contentLength - main - length) : main
        return CGRect(x: x, y: cross.x, width: length, height: cross.width)
    }

    /// The range along the engine's main axis that a rectangle in content coordinates covers
    /// (its vertical extent; along rows its horizontal one, mirrored right to left).
    @inline(__always)
    func mainRange(of rect: CGRect) -> (low: Double, high: Double) {
        guard geometry.isHorizontal else { return (Double(rect.minY), Double(rect.maxY)) }
        guard geometry.mirrorsMainAxis else { return (Double(rect.minX), Double(rect.maxX)) }
        let length = contentLength
        return (length - Double(rect.maxX), length - Double(rect.minX))
    }
}

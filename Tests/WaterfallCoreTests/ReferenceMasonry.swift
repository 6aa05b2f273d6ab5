import Foundation
@testable import WaterfallCore

/// The simplest possible statement of the engine's rules — every item placed from scratch with a
/// linear scan, as the seeds do — used as the oracle for the incremental engine.
struct ReferenceMasonry {
    /// The layout configuration under test.
    var columns: ColumnCount
    var insets: EdgeInsets
    var columnSpacing: CGFloat
    var rowSpacing: CGFloat
    var placement: PlacementStrategy
    var direction: LayoutDirection
    var width: CGFloat

    /// Creates the reference with the same configuration as `layout`.
    init(_ layout: WaterfallLayout) {
        columns = layout.columns
        insets = layout.insets
        columnSpacing = layout.columnSpacing
        rowSpacing = layout.rowSpacing
        placement = layout.placement
        direction = layout.direction
        width = layout.containerWidth
    }

    /// Clamps a length to a finite, non-negative value.
    private func clean(_ value: CGFloat) -> Double { value.isFinite && value > 0 ? Double(value) : 0 }

    /// Frames of `items` and the content height.
    func frames(of items: [ItemSize]) -> (frames: [CGRect], contentHeight: Double, columnCount: Int, columnWidth: Double) {
        let width = clean(self.width)
        let top = clean(insets.top), left = clean(insets.left), bottom = clean(insets.bottom), right = clean(insets.right)
        let spacing = clean(columnSpacing), rowGap = clean(rowSpacing)
        var count: Int
        switch columns {
        case .fixed(let n):
            // At most as many columns as fit one point wide each (at least one).
            let fit = ((width - left - right + spacing) / (1 + spacing)).rounded(.down)
            let widthBound = fit.isFinite && fit >= 1 ? Int(min(fit, 1e9)) : 1
            count = min(max(n, 1), widthBound, WaterfallLayout.maximumColumnCount)
        case .adaptive(let minimum):
            if !minimum.isFinite || minimum <= 0 {
                count = 1
            } else {
                let fit = ((width - left - right + spacing) / (Double(minimum) + spacing)).rounded(.down)
                count = fit.isFinite && fit >= 1 ? min(Int(min(fit, 1e9)), WaterfallLayout.maximumColumnCount) : 1
            }
        }
        let rawWidth = (width - left - right - Double(count - 1) * spacing) / Double(count)
        let columnWidth = rawWidth.isFinite && rawWidth > 0 ? rawWidth : 0
        let contentWidth = max(width - left - right, 0)
        let mirror = max(width, left + right + Double(count - 1) * spacing)
        var bottoms = [Double?](repeating: nil, count: count)
        var next = 0
        var frames: [CGRect] = []
        for item in items {
            var x: Double, itemWidth: Double, y: Double, height: Double
            switch item {
            case .fullSpan(let h), .fullSpanAspectRatio(_, let h):
                if case .fullSpanAspectRatio(let w, _) = item {
                    height = w.isFinite && w > 0 && h.isFinite && h >= 0 ? Double(h / w) * contentWidth : 0
                } else {
                    height = clean(h)
                }
                let tallest = bottoms.compactMap { $0 }.max()
                y = tallest.map { $0 + rowGap } ?? top
                bottoms = Array(repeating: y + height, count: count)
                x = left
                itemWidth = contentWidth
                next = 0
            case .height(let h), .aspectRatio(_, let h):
                if case .aspectRatio(let w, _) = item {
                    height = w.isFinite && w > 0 && h.isFinite && h >= 0 ? Double(h / w) * columnWidth : 0
                } else {
                    height = clean(h)
                }
                let keys = bottoms.map { $0 ?? -.infinity }
                let column: Int
                switch placement {
                case .sequential:
                    column = next
                    next = (next + 1) % count
                case .shortestColumn:
                    column = keys.firstIndex(of: keys.min()!)!
                case .shortestWithTolerance(let tolerance):
                    let threshold = keys.min()! + clean(tolerance)
                    column = keys.firstIndex { $0 <= threshold }!
                }
                y = bottoms[column].map { $0 + rowGap } ?? top
                bottoms[column] = y + height
                x = left + Double(column) * (columnWidth + spacing)
                itemWidth = columnWidth
            }
            if direction == .rightToLeft { x = max(0, mirror - x - itemWidth) }
            frames.append(CGRect(x: x, y: y, width: itemWidth, height: height))
        }
        let tallest = bottoms.compactMap { $0 }.max()
        return (frames, tallest.map { $0 + bottom } ?? top + bottom, count, columnWidth)
    }
}

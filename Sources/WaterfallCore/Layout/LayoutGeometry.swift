import Foundation

/// The sanitized numbers a ``WaterfallLayout`` lays out with, resolved once per configuration.
struct LayoutGeometry: Sendable {
    /// Container width (≥ 0).
    let containerWidth: Double
    /// Sanitized insets.
    let top: Double, left: Double, bottom: Double, right: Double
    /// Sanitized spacings.
    let columnSpacing: Double, rowSpacing: Double
    /// Resolved column count (≥ 1).
    let columnCount: Int
    /// Width of one column (≥ 0).
    let columnWidth: Double
    /// Width of a full-span item: container width − left − right (≥ 0).
    let contentWidth: Double
    /// How far a column may be taller than the shortest and still be chosen; `nil` for
    /// sequential placement.
    let tolerance: Double?
    /// Whether the layout is mirrored.
    let isMirrored: Bool
    /// The width mirrored frames are reflected in: the container width, or the minimum width
    /// the insets and spacings need when the container is narrower than that.
    let mirrorWidth: Double

    /// Resolves a layout's public configuration.
    init(containerWidth: CGFloat, columns: ColumnCount, insets: EdgeInsets,
         columnSpacing: CGFloat, rowSpacing: CGFloat,
         placement: PlacementStrategy, direction: LayoutDirection) {
        let width = containerWidth.sanitizedLength
        let insets = insets.sanitized
        let spacing = columnSpacing.sanitizedLength
        let available = width - insets.left - insets.right
        let count = columns.resolved(availableWidth: available, spacing: spacing,
                                     maximum: WaterfallLayout.maximumColumnCount)
        let columnWidth = (width - insets.left - insets.right - CGFloat(count - 1) * spacing) / CGFloat(count)
        self.containerWidth = width
        self.top = insets.top
        self.left = insets.left
        self.bottom = insets.bottom
        self.right = insets.right
        self.columnSpacing = spacing
        self.rowSpacing = rowSpacing.sanitizedLength
        self.columnCount = count
        self.columnWidth = columnWidth.sanitizedLength
        self.contentWidth = available.sanitizedLength
        switch placement {
        case .shortestColumn: tolerance = 0
        case .sequential: tolerance = nil
        case .shortestWithTolerance(let value): tolerance = value.sanitizedLength
        }
        isMirrored = direction == .rightToLeft
        mirrorWidth = Swift.max(width, insets.left + insets.right + CGFloat(count - 1) * spacing)
    }

    /// The height of an item from its stored value and slot.
    @inline(__always)
    func height(value: Double, slot: UInt16) -> Double {
        if slot & ItemKind.proportional.rawValue == 0 { return value }
        return value * (slot & ItemKind.fullSpan.rawValue == 0 ? columnWidth : contentWidth)
    }

    /// The horizontal extent of an item in a column, or of a full-span item (`column == nil`),
    /// mirrored when the layout is right to left.
    @inline(__always)
    func horizontalExtent(column: Int?) -> (x: Double, width: Double) {
        let x: Double, width: Double
        if let column {
            x = left + Double(column) * (columnWidth + columnSpacing)
            width = columnWidth
        } else {
            x = left
            width = contentWidth
        }
        return isMirrored ? (Swift.max(0, mirrorWidth - x - width), width) : (x, width)
    }
}

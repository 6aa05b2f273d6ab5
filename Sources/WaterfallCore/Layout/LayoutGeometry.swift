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
    /// Whether the columns are mirrored (a vertical right-to-left layout; rows are mirrored by
    /// the view model, in the viewport).
    let isMirrored: Bool
    /// Whether the layout stacks rows (``LayoutAxis/horizontal``): the engine's y is then the
    /// content's x, its x the content's y, and an aspect ratio gives a width.
    let isHorizontal: Bool
    /// The width mirrored frames are reflected in: the container width, or the minimum width
    /// the insets and spacings need when the container is narrower than that.
    let mirrorWidth: Double

    /// Resolves a layout's public configuration.
    init(containerWidth: Double, columns: ColumnCount, insets: EdgeInsets,
         columnSpacing: Double, rowSpacing: Double,
         placement: PlacementStrategy, direction: LayoutDirection, axis: LayoutAxis) {
        let width = containerWidth.sanitizedLength
        isHorizontal = axis == .horizontal
        // Along rows the engine's top (where items start) is the leading edge and its left the
        // top edge: the insets transposed.
        let physical = insets.sanitized
        let insets = isHorizontal
            ? EdgeInsets(top: physical.left, left: physical.top, bottom: physical.right, right: physical.bottom)
            : physical
        let spacing = columnSpacing.sanitizedLength
        let available = width - insets.left - insets.right
        let count = columns.resolved(availableWidth: available, spacing: spacing,
                                     maximum: WaterfallLayout.maximumColumnCount)
        let columnWidth = (width - insets.left - insets.right - Double(count - 1) * spacing) / Double(count)
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
        isMirrored = direction == .rightToLeft && !isHorizontal
        mirrorWidth = Swift.max(width, insets.left + insets.right + Double(count - 1) * spacing)
    }

    /// Where a level segment's floors lie: one row spacing above the first row, which starts at
    /// the top inset.
    var levelFloor: Double { top - rowSpacing }

    /// The length of an item along its column (its height; along rows, its width) from its
    /// stored value and slot. An aspect ratio (stored as height / width) is applied across the
    /// item's columns; along rows it is inverted, and a ratio of 0 or one so small that the
    /// width would not be finite gives 0.
    @inline(__always)
    func height(value: Double, slot: UInt16) -> Double {
        if slot & ItemKind.proportional.rawValue == 0 { return value }
        let across = slot & ItemKind.multiColumn.rawValue == 0 ? columnWidth : width(spanning: span(requested: slot))
        guard isHorizontal else { return value * across }
        let length = across / value
        return length.isFinite ? length : 0
    }

    /// How many columns a multi-column item's slot spans here: its request, at most every column.
    @inline(__always)
    func span(requested slot: UInt16) -> Int {
        Swift.min(Int(slot & ItemKind.columnMask), columnCount)
    }

    /// The width of `span` adjacent columns plus the spacings between them: one column's width,
    /// or the content width for every column.
    @inline(__always)
    func width(spanning span: Int) -> Double {
        if span == 1 { return columnWidth }
        return span == columnCount ? contentWidth : Double(span) * columnWidth + Double(span - 1) * columnSpacing
    }

    /// The horizontal extent of an item across `span` columns from `column` (a full-span item:
    /// column 0, every column), mirrored when the layout is right to left.
    @inline(__always)
    func horizontalExtent(column: Int, span: Int) -> (x: Double, width: Double) {
        let x = left + Double(column) * (columnWidth + columnSpacing)
        let width = width(spanning: span)
        return isMirrored ? (Swift.max(0, mirrorWidth - x - width), width) : (x, width)
    }
}

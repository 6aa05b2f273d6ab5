extension WaterfallViewModel {
    /// The item an arrow key moves the keyboard focus ring to from the item at `index`.
    ///
    /// Up and Down go to the item directly above or below in the layout
    /// (``CollectionLayout/verticalNeighbour(of:below:within:)``, looking up to a viewport's
    /// height, at least 64 points, past the item's edge), or to the previous or next index
    /// where there is none (a gap, the end of a column). Left and Right go to the previous and
    /// next index — reading order, as the waterfall places items — swapped right to left
    /// (``layoutDirection``) for every layout, as GtkListBase swaps them. In rows (a horizontal
    /// ``WaterfallCollectionLayout``) Left and Right go to the item beside it in its row (the
    /// same search with the axes swapped, within a viewport's width), or to the previous or next
    /// index where there is none. The target stays within the items.
    /// - Returns: the item to focus, or `nil` for an index outside the items (the host then
    ///   starts from its own choice, such as the first visible item).
    /// - Complexity: O(c log n + k) for Up and Down in the waterfall (see
    ///   ``CollectionLayout/verticalNeighbour(of:below:within:)``), O(1) for Left and Right;
    ///   while the layout is pending (``isLayoutPending``), plus laying out the items up to
    ///   `index` and a search distance past it (O(c log n + k log c) for the k items placed).
    public func focusTarget(from index: Int, moving direction: FocusDirection) -> Int? {
        let count = layout.itemCount
        guard index >= 0, index < count else { return nil }
        let vertical = direction == .up || direction == .down
        // Right to left, what lies to the left comes after.
        let forward = direction == .down || direction == (layoutDirection == .leftToRight ? .right : .left)
        let next = forward ? min(index + 1, count - 1) : max(index - 1, 0)
        // Rows (a horizontal waterfall): Left and Right go to the neighbour along the row.
        let isRowLayout = (layout as? WaterfallCollectionLayout)?.engine.axis == .horizontal
        guard vertical || isRowLayout else { return next }
        place(through: index, reaching: max(viewportSize.width, viewportSize.height, 64))
        let distance = max(vertical ? viewportSize.height : viewportSize.width, 64)
        return layout.neighbour(of: index, forward: forward, within: distance, transposed: !vertical) ?? next
    }

    /// The item Page Up or Page Down moves the focus ring to once the content has scrolled by
    /// `distance` points along the layout's scroll axis (after the scroll): the item now at the
    /// place in the viewport where the item at `index` was — its centre moved by `distance` —
    /// or, without a focused item, for an index outside the items and where that place is a
    /// gap, the lowest visible index whose item starts inside the viewport.
    /// - Returns: that item, or `nil` when no visible item starts inside the viewport.
    /// - Complexity: the layout's hit test (O(log n) for the waterfall) plus O(v) for the v
    ///   live items; while the layout is pending (``isLayoutPending``), plus laying out the
    ///   items up to `index` and down to the place it moved to (O(c log n + k log c) for the k
    ///   items placed).
    public func focusTarget(afterPaging distance: Double, from index: Int?) -> Int? {
        // A layout that does not scroll pages as a vertical one would.
        let axis = scrollAxis == .horizontal ? ScrollAxis.horizontal : .vertical
        if let index, index >= 0, index < layout.itemCount {
            place(through: index)
            let frame = layout.frame(at: index)
            let center = Point(x: frame.midX, y: frame.midY)
            let moved = axis.moving(center, to: axis.position(of: center) + distance)
            place(coveringPoint: moved)
            if let target = layout.index(at: moved) { return target }
        }
        let start = axis.position(of: contentOffset)
        return visibleIndices.first { axis.position(of: layout.frame(at: $0).origin) >= start }
    }

    /// Where the keyboard focus starts without a focus ring: the item drawn at the viewport's
    /// centre in a horizontal layout (the carousel's centred item), else the lowest visible
    /// index, 0 when nothing is visible.
    /// - Complexity: O(k) for k live items.
    public var focusStartIndex: Int {
        if scrollAxis == .horizontal,
           let centred = index(at: Point(x: viewportSize.width / 2, y: viewportSize.height / 2)) { return centred }
        return visibleIndices.first ?? 0
    }
}

extension WaterfallViewModel {
    /// The item an arrow key moves the keyboard focus ring to from the item at `index`.
    ///
    /// In a waterfall of columns, Up and Down go to the item directly above or below in the
    /// same column (``CollectionLayout/verticalNeighbour(of:below:within:)``, looking up to a
    /// viewport's height, at least 64 points, past the item's edge), and Left and Right to the
    /// item beside it on screen: in the nearest column that way, the item nearest the
    /// horizontal line through its centre (within a viewport's width across and a viewport's
    /// height along). In rows (a horizontal ``WaterfallCollectionLayout``) the axes swap: Left
    /// and Right go along the row, Up and Down to the row beside. Where there is no such item
    /// (a gap, the end of a column, the last column, a full-width item) the key goes to the
    /// previous or next index, reading order, as the waterfall places items — swapped right to
    /// left (``layoutDirection``), as GtkListBase swaps Left and Right — the way GtkGridView
    /// wraps at the end of a row. Other layouts (the carousel, the circle) search Up and Down
    /// the same way and take Left and Right as the previous and next index. The target stays
    /// within the items.
    /// - Returns: the item to focus, or `nil` for an index outside the items (the host then
    ///   starts from its own choice, such as the first visible item).
    /// - Complexity: O(c log n + k) for the searches (see
    ///   ``CollectionLayout/verticalNeighbour(of:below:within:)``), O(1) for the index steps;
    ///   while the layout is pending (``isLayoutPending``), plus laying out the items up to
    ///   `index` and a search distance past it (O(c log n + k log c) for the k items placed).
    public func focusTarget(from index: Int, moving direction: FocusDirection) -> Int? {
        let count = layout.itemCount
        guard index >= 0, index < count else { return nil }
        let vertical = direction == .up || direction == .down
        let next = isForward(direction) ? min(index + 1, count - 1) : max(index - 1, 0)
        let isWaterfall = layout is WaterfallCollectionLayout
        let isRowLayout = (layout as? WaterfallCollectionLayout)?.engine.axis == .horizontal
        // Along a column (Up and Down) or a row (Left and Right in rows); else across them.
        let alongLine = vertical != isRowLayout
        guard alongLine || isWaterfall else { return next }
        let width = max(viewportSize.width, 64), height = max(viewportSize.height, 64)
        place(through: index, reaching: max(width, height))
        if alongLine {
            return layout.neighbour(of: index, forward: isForward(direction), within: isRowLayout ? width : height,
                                    transposed: isRowLayout) ?? next
        }
        // Across, on screen: a waterfall of columns mirrors its frames right to left, and rows
        // do not mirror up and down, so Right and Down are the larger coordinate.
        return layout.besideNeighbour(of: index, forward: direction == .right || direction == .down,
                                      across: isRowLayout ? height : width, along: isRowLayout ? width : height,
                                      transposed: isRowLayout) ?? next
    }

    /// ``focusTarget(from:moving:)``, stepping on in `direction` over the items that take no
    /// focus (``WaterfallDelegate/waterfallView(_:canFocusItemAt:)``: a list model's section
    /// headers); `index` itself when only such items lie that way.
    /// - Complexity: one ``focusTarget(from:moving:)`` per item stepped over.
    func focusableTarget(from index: Int, moving direction: FocusDirection) -> Int? {
        guard var target = focusTarget(from: index, moving: direction) else { return nil }
        while !canFocus(target) {
            guard let next = focusTarget(from: target, moving: direction), next != target else { return index }
            target = next
        }
        return target
    }

    /// Whether the item at `index` takes the keyboard focus (the delegate's answer, `true`
    /// without one).
    public func canFocus(_ index: Int) -> Bool {
        delegate?.waterfallView(self, canFocusItemAt: index) ?? true
    }

    /// The first item from `index` on (`forward`) or back that takes the focus, `index` when
    /// none does.
    /// - Complexity: O(k) for the k items stepped over.
    public func focusableIndex(from index: Int, forward: Bool) -> Int {
        var candidate = index
        while candidate >= 0, candidate < numberOfItems {
            if canFocus(candidate) { return candidate }
            candidate += forward ? 1 : -1
        }
        return index
    }

    /// Whether an arrow key steps forward in reading order (to the next index): Down, and Right —
    /// Left right to left (``layoutDirection``), as GtkListBase swaps them. Keyboard reordering
    /// moves an item one position this way.
    public func isForward(_ direction: FocusDirection) -> Bool {
        direction == .down || direction == (layoutDirection == .leftToRight ? .right : .left)
    }

    /// An arrow key pressed with the focus ring on `index` (`nil` for none yet), bound as
    /// GtkListBase binds the arrows: the ring moves to ``focusTarget(from:moving:)`` (without a
    /// ring, to ``focusStartIndex``) and, when it moved, the item there is selected as a click
    /// selects (``select(_:modify:extend:)``): a plain arrow selects it alone, Shift extends the
    /// selection from its anchor, Ctrl+Shift extends it keeping the rest, and Ctrl only moves
    /// the ring — unless the delegate says the selection does not follow the focus there
    /// (``WaterfallDelegate/waterfallView(_:selectionFollowsFocusAt:)``). Sets
    /// ``focusedIndex``; the host scrolls the item into view.
    /// - Parameters:
    ///   - direction: the arrow pressed.
    ///   - index: the item the focus ring is on, or `nil` for none yet.
    ///   - modifiers: `.toggle` for Ctrl, `.extend` for Shift.
    /// - Returns: the item the ring is on afterwards, or `nil` when there are no items.
    @discardableResult
    public func arrowKeyPressed(_ direction: FocusDirection, from index: Int?,
                                modifiers: SelectionModifiers = []) -> Int? {
        guard numberOfItems > 0 else { return nil }
        let target = index.flatMap { focusableTarget(from: $0, moving: direction) } ?? focusStartIndex
        focusedIndex = target
        let control = modifiers.contains(.toggle), shift = modifiers.contains(.extend)
        if target != index, !control || shift, delegate?.waterfallView(self, selectionFollowsFocusAt: target) ?? true {
            select(target, modify: control && shift, extend: shift)
        }
        return target
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
            if let target = layout.index(at: moved) { return focusableIndex(from: target, forward: distance >= 0) }
        }
        let start = axis.position(of: contentOffset)
        return visibleIndices.first { axis.position(of: layout.frame(at: $0).origin) >= start && canFocus($0) }
    }

    /// Where the keyboard focus starts without a focus ring: the item drawn at the viewport's
    /// centre in a horizontal layout (the carousel's centred item), else the lowest visible
    /// index, 0 when nothing is visible — or the first item after it that takes the focus.
    /// - Complexity: O(k) for k live items.
    public var focusStartIndex: Int {
        if scrollAxis == .horizontal,
           let centred = index(at: Point(x: viewportSize.width / 2, y: viewportSize.height / 2)) {
            return focusableIndex(from: centred, forward: true)
        }
        return focusableIndex(from: visibleIndices.first ?? 0, forward: true)
    }
}

extension WaterfallViewModel {
    /// Scrolls so that the item at `index` is shown at `position` (limited to the scrollable
    /// range), tells the host the new offset, and updates the live cells as a scroll step does.
    /// - Complexity: O(c log n + k) for the waterfall, plus laying out the items up to `index`
    ///   while a relayout is pending (see ``continueLayout(itemBudget:)``) — at most about
    ///   ``eagerLayoutLimit`` of them: deeper, an island around the item (see
    ///   ``WaterfallLayout/place(around:clearance:itemBudget:)``).
    public func scrollToItem(at index: Int, position: ScrollPosition = .start) {
        precondition(index >= 0 && index < layout.itemCount, "index \(index) out of range 0..<\(layout.itemCount)")
        let axis = scrollAxis
        let viewport = axis.length(of: viewportSize)
        if isLayoutPending { place(around: index, clearance: viewport) }
        let frame = layout.frame(at: index)
        let start = axis.position(of: frame.origin)
        let length = axis.length(of: frame.size)
        let current = axis.position(of: contentOffset)
        let target: Double
        switch position {
        case .start: target = start
        case .center: target = start + length / 2 - viewport / 2
        case .end: target = start + length - viewport
        case .nearest:
            // The least scroll that shows it whole, or its start when it does not fit.
            target = start < current ? start : min(start, max(current, start + length - viewport))
        }
        scrollToOffset(axis.moving(.zero, to: target))
    }

    /// Scrolls to `offset` (limited to the scrollable range) on the model's own initiative:
    /// tells the host the new offset and updates the live cells as a scroll step does.
    /// - Complexity: O(c log n + k) for the waterfall.
    public func scrollToOffset(_ offset: Point) {
        let offset = clampedOffset(offset)
        guard offset != contentOffset else { return }
        host?.contentOffsetDidChange(offset)
        setContentOffset(offset)
    }

    /// Where a fling that would stop at `proposed` (content coordinates) at `velocity` should
    /// come to rest, as the layout decides (a carousel centres an item), within the scroll range.
    public func targetContentOffset(forProposed proposed: Point, velocity: Point) -> Point {
        let target = (layout as? any SnappingLayout)?.targetContentOffset(forProposed: proposed, velocity: velocity)
        return clampedOffset(target ?? proposed)
    }
}

extension WaterfallViewModel {
    /// The item under a point given relative to the viewport (as clicks arrive), or `nil` for
    /// a gap or margin. The pinned section header is on top: a point on it hits the header,
    /// not the item scrolled beneath it.
    /// - Complexity: that of the layout's hit test, O(log n) for the waterfall.
    public func index(at viewportPoint: Point) -> Int? {
        if let pinnedHeader, pinnedHeader.attributes.frame.contains(viewportPoint) { return pinnedHeader.index }
        return layout.index(at: contentPoint(atViewportPoint: viewportPoint))
    }

    /// A click at a point relative to the viewport: selects the item under it and tells the
    /// delegate (``WaterfallDelegate/waterfallView(_:didSelectAt:)``).
    /// - Returns: the selected index, or `nil` when the click hit no item.
    /// - Complexity: O(log n) for the waterfall.
    @discardableResult
    public func click(at viewportPoint: Point) -> Int? {
        guard let index = index(at: viewportPoint) else { return nil }
        selectedIndex = index
        delegate?.waterfallView(self, didSelectAt: index)
        return index
    }
}

extension WaterfallViewModel {
    /// Replaces the layout (as `UICollectionView.setCollectionViewLayout(_:animated:)` does): the new layout is
    /// configured and filled with the data source's items, the first visible item keeps its
    /// place when the new layout scrolls the same way, and cells that stay live keep their
    /// identity.
    /// - Returns: the transitions of the items live after the switch, for animation.
    /// - Complexity: O(n) size queries plus the new layout's build cost.
    @discardableResult
    public func setLayout(_ newLayout: any CollectionLayout) -> [ItemTransition] {
        abandonReorder()
        guard !needsReload else { install(newLayout); return [] }
        let sameAxis = newLayout.scrollAxis == scrollAxis
        return performChange(.layout(sameAxis: sameAxis)) {
            install(newLayout)
            loadItems()
            if !sameAxis, contentOffset != .zero {
                contentOffset = .zero
                host?.contentOffsetDidChange(.zero)
            }
        }
    }

    /// Makes `newLayout` the layout, checking once whether it places incrementally.
    private func install(_ newLayout: any CollectionLayout) {
        incrementalType = type(of: newLayout) as? any IncrementalLayout.Type
        layout = newLayout
    }
}

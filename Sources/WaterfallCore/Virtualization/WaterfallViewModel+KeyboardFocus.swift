import Foundation

extension WaterfallViewModel {
    /// The item an arrow key moves the keyboard focus ring to from the item at `index`.
    ///
    /// Up and Down go to the item directly above or below in the layout
    /// (``CollectionLayout/verticalNeighbour(of:below:within:)``, looking up to a viewport's
    /// height, at least 64 points, past the item's edge), or to the previous or next index
    /// where there is none (a gap, the end of a column). Left and Right go to the previous and
    /// next index — reading order, as the waterfall places items — swapped when a vertical
    /// layout is mirrored right to left (``layoutDirection``; carousels and circles keep their
    /// left-to-right order). The target stays within the items.
    /// - Returns: the item to focus, or `nil` for an index outside the items (the host then
    ///   starts from its own choice, such as the first visible item).
    /// - Complexity: O(c log n + k) for Up and Down in the waterfall (see
    ///   ``CollectionLayout/verticalNeighbour(of:below:within:)``), O(1) for Left and Right.
    public func focusTarget(from index: Int, moving direction: FocusDirection) -> Int? {
        let count = layout.itemCount
        guard index >= 0, index < count else { return nil }
        let mirrored = layoutDirection == .rightToLeft && layout.scrollAxis == .vertical
        let searchDistance = max(viewportSize.height, 64)
        switch direction {
        case .up: return layout.verticalNeighbour(of: index, below: false, within: searchDistance) ?? max(index - 1, 0)
        case .down: return layout.verticalNeighbour(of: index, below: true, within: searchDistance) ?? min(index + 1, count - 1)
        case .left: return mirrored ? min(index + 1, count - 1) : max(index - 1, 0)
        case .right: return mirrored ? max(index - 1, 0) : min(index + 1, count - 1)
        }
    }
}

import Foundation

extension CollectionLayout {
    /// The item directly below (`below`) or above the item at `index`, what the Down and Up
    /// arrow keys move to: of the items that cross the vertical line through the item's centre
    /// and reach past its bottom (top) edge, the nearest one — the one that begins closest
    /// below that edge (ends closest above it) — as long as it begins less than `distance`
    /// past the edge. Ties go to the higher z-index, then to the lower index. Items with an
    /// empty frame never count.
    /// - Returns: the neighbour, or `nil` when none is within `distance`, for an index outside
    ///   the items, and for a non-positive or non-finite `distance`.
    /// - Complexity: one ``forEachIndex(in:_:)`` query of a 1 × `distance` strip plus O(k)
    ///   for the k items it reports: O(c log n + k) for the waterfall (c columns), where k is
    ///   bounded by the items that fit in the strip's height, not by n.
    public func verticalNeighbour(of index: Int, below: Bool, within distance: CGFloat) -> Int? {
        guard index >= 0, index < itemCount, distance > 0, distance.isFinite else { return nil }
        let origin = frame(at: index)
        let x = origin.midX, edge = below ? origin.maxY : origin.minY
        guard x.isFinite, edge.isFinite else { return nil }
        let strip = CGRect(x: x - 0.5, y: below ? edge : edge - distance, width: 1, height: distance)
        var best: (gap: CGFloat, attributes: LayoutAttributes)?
        forEachIndex(in: strip) { candidate in
            guard candidate != index else { return }
            let attributes = layoutAttributes(at: candidate)
            let frame = attributes.frame
            guard !frame.isEmpty, frame.minX <= x, x < frame.maxX,
                  below ? frame.maxY > edge : frame.minY < edge else { return }
            let gap = below ? max(frame.minY - edge, 0) : max(edge - frame.maxY, 0)
            guard gap < distance else { return }
            if let current = best {
                guard gap < current.gap || (gap == current.gap && (attributes.zIndex > current.attributes.zIndex
                    || (attributes.zIndex == current.attributes.zIndex && candidate < current.attributes.index)))
                else { return }
            }
            best = (gap, attributes)
        }
        return best?.attributes.index
    }
}

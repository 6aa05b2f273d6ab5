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
    public func verticalNeighbour(of index: Int, below: Bool, within distance: Double) -> Int? {
        neighbour(of: index, forward: below, within: distance, transposed: false)
    }

    /// ``verticalNeighbour(of:below:within:)``, or with x and y swapped when `transposed`: the
    /// item directly right of (`forward`) or left of the item at `index`, what the Right and
    /// Left arrow keys move to along a row layout — of the items that cross the horizontal line
    /// through the item's centre and reach past its right (left) edge, the nearest one.
    func neighbour(of index: Int, forward below: Bool, within distance: Double, transposed: Bool) -> Int? {
        // Frames and strips are read through the swap, so the search below is written once.
        func swapped(_ rect: Rect) -> Rect {
            transposed ? Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width) : rect
        }
        guard index >= 0, index < itemCount, distance > 0, distance.isFinite else { return nil }
        let origin = swapped(frame(at: index))
        let x = origin.midX, edge = below ? origin.maxY : origin.minY
        guard x.isFinite, edge.isFinite else { return nil }
        let strip = swapped(Rect(x: x - 0.5, y: below ? edge : edge - distance, width: 1, height: distance))
        // Ordered as the candidates rank: the nearest, then the higher z-index, then the lower index.
        var best: (gap: Double, zIndex: Int, index: Int)?
        forEachIndex(in: strip) { candidate in
            guard candidate != index else { return }
            let attributes = layoutAttributes(at: candidate)
            let frame = swapped(attributes.frame)
            guard !frame.isEmpty, frame.minX <= x, x < frame.maxX,
                  below ? frame.maxY > edge : frame.minY < edge else { return }
            let gap = below ? max(frame.minY - edge, 0) : max(edge - frame.maxY, 0)
            guard gap < distance else { return }
            let rank = (gap: gap, zIndex: -attributes.zIndex, index: candidate)
            if let current = best, current <= rank { return }
            best = rank
        }
        return best?.index
    }
}

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
        let swapped = { (rect: Rect) in Self.swapping(rect, transposed) }
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

    /// The item beside the item at `index`, what Right (`forward`) and Left move to across the
    /// columns of a vertical layout: of the items that lie past its right (left) edge, less than
    /// `across` points away, and less than `along` points above or below the horizontal line
    /// through its centre, those of the nearest column (the least gap across), and of those the
    /// one nearest the line (0 for an item the line crosses, which wins over one that ends on
    /// it). Ties go to the higher z-index, then to the lower index. `transposed` swaps x and y: Down and Up across the rows of a row
    /// layout. Items with an empty frame never count; an item reaching less than half a point
    /// over the edge still lies past it (rounding).
    /// - Returns: the neighbour, or `nil` when none is near enough (a full-width item, the last
    ///   column), for an index outside the items, and for non-positive or non-finite distances.
    /// - Complexity: one ``forEachIndex(in:_:)`` query of an `across` × 2 `along` rectangle plus
    ///   O(k) for the k items it reports.
    func besideNeighbour(of index: Int, forward: Bool, across: Double, along: Double, transposed: Bool) -> Int? {
        let swapped = { (rect: Rect) in Self.swapping(rect, transposed) }
        guard index >= 0, index < itemCount, across > 0, along > 0, across.isFinite, along.isFinite else { return nil }
        let origin = swapped(frame(at: index))
        let line = origin.midY, edge = forward ? origin.maxX : origin.minX
        guard line.isFinite, edge.isFinite else { return nil }
        let tolerance = 0.5
        let area = swapped(Rect(x: forward ? edge - tolerance : edge - across, y: line - along,
                                width: across + tolerance, height: 2 * along))
        // Ordered as the candidates rank: the nearest column, the nearest to the line, one the
        // line crosses before one that ends on it, then the higher z-index, then the lower index.
        var best: (across: Double, along: Double, missesLine: Int, zIndex: Int, index: Int)?
        forEachIndex(in: area) { candidate in
            guard candidate != index else { return }
            let attributes = layoutAttributes(at: candidate)
            let frame = swapped(attributes.frame)
            guard !frame.isEmpty, forward ? frame.minX >= edge - tolerance : frame.maxX <= edge + tolerance else { return }
            let gapAcross = forward ? max(frame.minX - edge, 0) : max(edge - frame.maxX, 0)
            let crossed = frame.minY <= line && line < frame.maxY
            let gapAlong = crossed ? 0 : min(abs(frame.minY - line), abs(frame.maxY - line))
            guard gapAcross < across, gapAlong < along else { return }
            let rank = (across: gapAcross, along: gapAlong, missesLine: crossed ? 0 : 1, zIndex: -attributes.zIndex,
                        index: candidate)
            if let current = best, current <= rank { return }
            best = rank
        }
        return best?.index
    }

    /// `rect` with x and y swapped when `transposed`: the neighbour searches read frames through
    /// it, so each is written once for both axes.
    private static func swapping(_ rect: Rect, _ transposed: Bool) -> Rect {
        transposed ? Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width) : rect
    }
}

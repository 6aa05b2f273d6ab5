import Foundation

/// Where the items of a ``WaterfallLayout`` would go if one item moved, computed without
/// changing the layout (see ``WaterfallLayout/previewMove(from:to:through:)``): the frames by
/// position *after* the move (`array.insert(array.remove(at: source), at: destination)`).
public struct MovePreview: Equatable, Sendable {
    /// The moved item's index before the move.
    public let source: Int
    /// The moved item's index after the move.
    public let destination: Int
    /// The frames of positions `lowerBound ..< lowerBound + placed.count`, in content coordinates.
    public let placed: [CGRect]
    /// When the placement reached the next segment (see ``WaterfallLayout/startBlock(at:)``):
    /// the position it starts at and the distance every item from it on moves; `nil` otherwise.
    public let blockShift: BlockShift?
    /// The content height after the move, when the preview reached the last item or a segment;
    /// `nil` when it stopped at its limit (the height is then not known without placing the rest).
    public let contentHeight: CGFloat?

    /// The first position whose frame can differ from the layout's: `min(source, destination)`.
    /// Every position before it keeps its frame.
    public var lowerBound: Int { Swift.min(source, destination) }

    /// Whether the frames of every position from ``lowerBound`` on are known (placed, or moved
    /// with a block).
    public var isComplete: Bool { contentHeight != nil }

    /// The segment after the moved range, which only moves: every position from `position` on
    /// moves by `distance` along the main axis.
    public struct BlockShift: Equatable, Sendable {
        /// The first position that moves.
        public let position: Int
        /// How far it moves.
        public let distance: CGFloat
    }
}

extension WaterfallLayout {
    /// Moves the item at `source` to `destination`, as
    /// `array.insert(array.remove(at: source), at: destination)`, keeping its size, and places
    /// again once from `min(source, destination)` — masonry placement of an item depends on
    /// every item before it — to the end of its segment; the later segments only move (see
    /// ``startBlock(at:)``). Segments starting after `min(source, destination)` up to
    /// `max(source, destination)` join the one before: the moved range is placed as one piece.
    /// Moving an item onto itself does nothing. While placement is pending, the frames from
    /// the lower index on are dropped instead, as an edit drops them (see
    /// ``replaceSubrange(_:with:)``): nothing before the move is placed.
    /// - Complexity: O(|source − destination| + c log n + (e − min) · log c + s) for a segment
    ///   ending at e among s.
    public mutating func moveItem(from source: Int, to destination: Int) {
        checkIndex(source)
        checkIndex(destination)
        guard source != destination else { return }
        let lower = Swift.min(source, destination), upper = Swift.max(source, destination)
        uniqueStorage()
        let wasFullyPlaced = isFullyPlaced
        let owner = segment(holding: lower), last = segment(holding: upper)
        let wasComplete = firstWaiting(from: owner) >= end(ofSegment: last)
        if last > owner { segments.removeSubrange(owner + 1...last) }
        Self.rotate(items.values, from: source, to: destination)
        Self.rotate(items.slots, from: source, to: destination)
        sizeSums.invalidate(from: lower)
        replaceItems(ofSegment: owner, from: lower, wasComplete: wasComplete, wasFullyPlaced: wasFullyPlaced)
        summarize()
    }

    /// Moves the element at `source` to `destination` in a buffer, shifting the ones between
    /// by one (a memmove: `update(from:count:)` copies overlapping ranges correctly).
    private static func rotate<Element>(_ buffer: UnsafeMutablePointer<Element>, from source: Int, to destination: Int) {
        let moved = buffer[source]
        if source < destination {
            (buffer + source).update(from: buffer + source + 1, count: destination - source)
        } else {
            (buffer + destination + 1).update(from: buffer + destination, count: source - destination)
        }
        buffer[destination] = moved
    }

    /// Where the items would go after ``moveItem(from:to:)``, without changing the layout: the
    /// frames from `min(source, destination)` on, placed by the same rule as the move, until
    /// every column's bottom is at or below `limit` (no later item can then start above it),
    /// the next segment (which only moves) or the last item. A drag preview passes the end of
    /// what it shows as `limit`, so that a step costs the items on screen, not the whole suffix
    /// — the frames it gives are exactly those ``moveItem(from:to:)`` produces. The items up to
    /// `max(source, destination)` must have frames.
    /// - Complexity: O(c log n + p log c) for the p positions placed (about the items between
    ///   `min(source, destination)` and `limit`).
    public func previewMove(from source: Int, to destination: Int, through limit: CGFloat) -> MovePreview {
        checkIndex(source)
        checkIndex(destination)
        let lower = Swift.min(source, destination), upper = Swift.max(source, destination)
        let owner = segment(holding: lower), next = segment(holding: upper) + 1
        let segment = segments[owner]
        let end = next < segments.count ? segments[next].start : count
        let columnCount = geometry.columnCount
        let size = ColumnBottoms.storageSize(columns: columnCount)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: size + columnCount) { storage in
            let bottoms = UnsafeMutableBufferPointer(rebasing: storage[size...])
            let columns = UnsafeMutableBufferPointer(rebasing: storage[..<size])
            storeBottoms(ofSegment: owner, before: lower - segment.start, into: columns)
            for column in 0..<columnCount { bottoms[column] = columns[column] }
            var run = PreviewRun(layout: self, source: source, destination: destination, lower: lower,
                                 end: end, limit: Double(limit) - segment.origin, origin: segment.origin, bottoms: bottoms)
            let tallest: Double
            if columnCount <= 4 && geometry.tolerance == 0 {
                tallest = run.place(columns: SortedFourColumns(columns, columns: columnCount, top: geometry.top,
                                                               rowSpacing: geometry.rowSpacing))
            } else {
                tallest = run.place(columns: ColumnBottoms(
                    storage: columns, columns: columnCount, top: geometry.top, rowSpacing: geometry.rowSpacing,
                    tolerance: geometry.tolerance,
                    nextSequential: lower == segment.start ? 0 : sequentialColumn(before: lower)))
            }
            var shift: MovePreview.BlockShift?, height: Double?
            if lower + run.frames.count == end && end == count {
                height = (tallest == -.infinity ? geometry.top : tallest + segment.origin) + geometry.bottom
            } else if lower + run.frames.count == end {
                // The next segment moves to fit below the new bottoms, as settling moves it.
                let distance = origin(withFloors: segments[next].floors, below: bottoms, in: segment) - segments[next].origin
                // The lowest bottom: the placed columns', or a later segment's lowest item moved.
                var lowest = tallest + segment.origin
                for later in segments[next...] where later.placed > 0 {
                    lowest = Swift.max(lowest, later.tallest + later.origin + distance)
                }
                shift = MovePreview.BlockShift(position: end, distance: CGFloat(distance))
                height = lowest + geometry.bottom
            }
            return MovePreview(source: source, destination: destination, placed: run.frames, blockShift: shift,
                               contentHeight: height.map { CGFloat($0) })
        }
    }
}

/// One pass of ``WaterfallLayout/previewMove(from:to:through:)``: places the moved sequence
/// from its lower bound, recording frames, and stops once every column reaches the limit.
private struct PreviewRun {
    let layout: WaterfallLayout
    let source: Int, destination: Int, lower: Int, end: Int
    let limit: Double
    /// Where the segment's coordinates start in the content's (added to every frame).
    let origin: Double
    /// Every column's bottom as placement goes (the column state may keep them elsewhere).
    let bottoms: UnsafeMutableBufferPointer<Double>
    /// The frames placed, by position from `lower`.
    var frames: [CGRect] = []

    /// Places positions from `lower` until `end`, or until no column is above the limit, as
    /// the engine's placement loop does (spans and full-span items included).
    /// - Returns: the tallest column's bottom.
    mutating func place<Columns: ColumnState & ~Copyable>(columns: consuming Columns) -> Double {
        var columns = columns
        let geometry = layout.geometry
        let columnCount = geometry.columnCount
        let multiColumnBit = ItemKind.multiColumn.rawValue
        let (values, slots) = (layout.items.values, layout.items.slots)
        var above = (0..<columnCount).reduce(0) { $0 + (bottoms[$1] < limit ? 1 : 0) }
        var position = lower
        while position < end && above > 0 {
            let index = ItemUpdate.move(from: source, to: destination).inverse.map(position) ?? position
            let slot = slots[index]
            let height = geometry.height(value: values[index], slot: slot)
            let column: Int, span: Int, y: Double
            if slot & multiColumnBit == 0 {
                span = 1
                (column, y) = columns.place(height: height)
            } else if geometry.span(requested: slot) == columnCount {
                (column, span) = (0, columnCount)
                y = columns.placeFullSpan(height: height)
            } else {
                span = geometry.span(requested: slot)
                (column, y) = columns.placeSpan(span, height: height)
            }
            for covered in column..<column + span { settle(covered, at: y + height, above: &above) }
            let extent = geometry.horizontalExtent(column: column, span: span)
            frames.append(CGRect(x: extent.x, y: y + origin, width: extent.width, height: height))
            position += 1
        }
        return columns.tallest
    }

    /// Records a column's new bottom, counting it off once it reaches the limit.
    @inline(__always)
    private func settle(_ column: Int, at bottom: Double, above: inout Int) {
        if bottoms[column] < limit && bottom >= limit { above -= 1 }
        bottoms[column] = bottom
    }
}

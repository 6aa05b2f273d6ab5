/// Where the items of a ``WaterfallLayout`` would go if one item moved, computed without
/// changing the layout (see ``WaterfallLayout/previewMove(from:to:through:)``): the frames by
/// position *after* the move (`array.insert(array.remove(at: source), at: destination)`).
public struct MovePreview: Equatable, Sendable {
    /// The moved item's index before the move.
    public let source: Int
    /// The moved item's index after the move.
    public let destination: Int
    /// The frames of positions `lowerBound ..< lowerBound + placed.count`, in content coordinates.
    public let placed: [Rect]
    /// When the placement reached the next segment (see ``WaterfallLayout/startBlock(at:)``):
    /// the position it starts at and the distance every item from it on moves; `nil` otherwise.
    public let blockShift: BlockShift?
    /// The content height (along rows, its width) after the move, when the preview reached the
    /// last item or a segment; `nil` when it stopped at its limit (the height is then not known
    /// without placing the rest).
    public let contentHeight: Double?

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
        public let distance: Double
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
    /// every column's bottom is at or below `limit` (no later item can then start above it;
    /// along rows, `limit` is an x), the next segment (which only moves) or the last item. A
    /// drag preview passes the end of what it shows as `limit`, so that a step costs the items
    /// on screen, not the whole suffix — the frames it gives are exactly those
    /// ``moveItem(from:to:)`` produces. The items up to `max(source, destination)` must have
    /// frames.
    /// - Complexity: O(c log n + p log c) for the p positions placed (about the items between
    ///   `min(source, destination)` and `limit`).
    public func previewMove(from source: Int, to destination: Int, through limit: Double) -> MovePreview {
        checkIndex(source)
        checkIndex(destination)
        let lower = Swift.min(source, destination), upper = Swift.max(source, destination)
        let owner = segment(holding: lower), next = segment(holding: upper) + 1
        let segment = segments[owner]
        let end = end(ofSegment: next - 1)
        let limit = Double(limit) - segment.origin   // in the segment's coordinates
        let geometry = self.geometry
        let columnCount = geometry.columnCount
        let size = ColumnBottoms.storageSize(columns: columnCount)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: size + columnCount) { storage in
            // Every column's bottom as placement goes (the column state may keep them elsewhere).
            let bottoms = UnsafeMutableBufferPointer(rebasing: storage[size...])
            let columns = UnsafeMutableBufferPointer(rebasing: storage[..<size])
            // The lowest item's bottom (floors are no content): of the items before `lower`, then
            // of those placed.
            var tallest = storeBottoms(ofSegment: owner, before: lower - segment.start, into: columns)
            for column in 0..<columnCount { bottoms[column] = columns[column] }
            var frames: [Rect] = []   // by position from `lower`
            // Places the positions from `lower` until `end`, or until every column reaches the
            // limit, as the engine's placement loop does (spans and full-span items included).
            func run<Columns: ColumnState & ~Copyable>(_ columns: consuming Columns) {
                var columns = columns
                let (values, slots) = (items.values, items.slots)
                let unmove = ItemUpdate.move(from: source, to: destination).inverse   // position → index
                var above = (0..<columnCount).reduce(0) { $0 + (bottoms[$1] < limit ? 1 : 0) }
                var position = lower
                while position < end && above > 0 {
                    let index = unmove.map(position) ?? position
                    let slot = slots[index]
                    let height = geometry.height(value: values[index], slot: slot)
                    let column: Int, span: Int, y: Double
                    if slot & ItemKind.multiColumn.rawValue == 0 {
                        span = 1
                        (column, y) = columns.place(height: height)
                    } else if geometry.span(requested: slot) == columnCount {
                        (column, span) = (0, columnCount)
                        y = columns.placeFullSpan(height: height)
                    } else {
                        span = geometry.span(requested: slot)
                        (column, y) = columns.placeSpan(span, height: height)
                    }
                    for covered in column..<column + span {
                        // A column that reaches the limit is counted off.
                        if bottoms[covered] < limit && y + height >= limit { above -= 1 }
                        bottoms[covered] = y + height
                    }
                    tallest = Swift.max(tallest, y + height)
                    let extent = geometry.horizontalExtent(column: column, span: span)
                    frames.append(contentRect(cross: extent, main: y + segment.origin, length: height))
                    position += 1
                }
            }
            if columnCount <= 4 && geometry.tolerance == 0 {
                run(SortedFourColumns(columns, columns: columnCount, top: geometry.top, rowSpacing: geometry.rowSpacing))
            } else {
                run(ColumnBottoms(storage: columns, columns: columnCount, top: geometry.top,
                                  rowSpacing: geometry.rowSpacing, tolerance: geometry.tolerance,
                                  nextSequential: lower == segment.start ? 0 : sequentialColumn(before: lower)))
            }
            var shift: MovePreview.BlockShift?, height: Double?
            if lower + frames.count == end {
                // The lowest item: this segment's, an earlier segment's, or a later one's, moved.
                var lowest = tallest + segment.origin
                for earlier in segments[..<owner] where earlier.placed > 0 {
                    lowest = Swift.max(lowest, earlier.tallest + earlier.origin)
                }
                if next < segments.count {
                    // The next segment moves to fit below the new bottoms, as settling moves it.
                    let distance = origin(withFloors: segments[next].floors, below: bottoms, in: segment) - segments[next].origin
                    for later in segments[next...] where later.placed > 0 {
                        lowest = Swift.max(lowest, later.tallest + later.origin + distance)
                    }
                    shift = MovePreview.BlockShift(position: end, distance: Double(distance))
                }
                height = lowest + geometry.bottom
            }
            return MovePreview(source: source, destination: destination, placed: frames, blockShift: shift,
                               contentHeight: height.map { Double($0) })
        }
    }
}

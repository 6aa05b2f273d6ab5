extension WaterfallLayout {
    /// Whether every item has its frame (no placement is pending).
    /// - Complexity: O(1).
    public var isFullyPlaced: Bool { placedCount == count }

    /// Traps on an index outside `0..<count`, as `Array` does, and on an item without a frame
    /// (waiting for placement, see ``configureDeferringLayout(_:)``).
    @inline(__always)
    func checkLaidOut(_ index: Int) {
        checkIndex(index)
        precondition(index < placedCount || hasFrame(index),
                     "item \(index) is not laid out yet (laid out: 0..<\(placedCount)); call place(upTo:) first")
    }

    /// Whether the item at `index` has a frame in a segment after the placed prefix (out of
    /// line: every frame look-up checks the prefix first, and only a miss gets here).
    @inline(never)
    func hasFrame(_ index: Int) -> Bool {
        let segment = segments[segment(holding: index)]
        return index - segment.start < segment.placed
    }

    /// The position in ``segments`` of the segment that holds the item at `index` (of empty
    /// segments at one start, the last).
    /// - Complexity: O(log s) for s segments.
    @inline(__always)
    func segment(holding index: Int) -> Int {
        segments.count == 1 ? 0 : segments.partitioningIndex { $0.start > index } - 1
    }

    /// The index after the last item of the segment at `position`.
    @inline(__always)
    func end(ofSegment position: Int) -> Int {
        position + 1 < segments.count ? segments[position + 1].start : count
    }

    /// Whether every item of the segment at `position` has its frame.
    func isComplete(_ position: Int) -> Bool {
        segments[position].start + segments[position].placed == end(ofSegment: position)
    }

    /// Places the items waiting for placement up to (not including) `index`, clamped to the
    /// item count; does nothing when they are already laid out.
    /// - Complexity: O(c log n + (index − placedCount) · log c).
    public mutating func place(upTo index: Int) {
        let target = Swift.min(Swift.max(index, 0), count)
        guard target > placedCount else { return }
        uniqueStorage()
        placeChain(from: segment(holding: placedCount), upTo: target)
        summarize()
    }

    /// Places the items waiting for placement that may overlap `rect` (along the main axis),
    /// so that ``forEachIndex(in:_:)`` is exact for it. A rectangle from the level of a segment
    /// with an estimated place on grows that segment; one reaching from above its level into
    /// it places the items before it, which settles it (see ``takeLayoutShift()``), and is then
    /// covered both where it was and moved with the segment.
    /// - Complexity: O(c log n + k · log c) for the k items placed.
    public mutating func place(covering rect: Rect) {
        guard placedCount < count else { return }
        let low = mainRange(of: rect).low
        var high = mainRange(of: rect).high
        var chain = segment(holding: placedCount)
        if let estimated = segments.lastIndex(where: \.isEstimated), high > level(ofSegment: estimated) {
            if low >= level(ofSegment: estimated) {
                chain = estimated
            } else {
                uniqueStorage()
                placeChain(from: chain, upTo: segments[estimated].start)
                high = Swift.max(high, high + Double(unreportedShift?.distance ?? 0))
                chain = segment(holding: firstWaiting(from: 0))
            }
        }
        uniqueStorage()
        // Chunks that grow, so a short distance costs little and a long one few frontier checks.
        var chunk = 4 * geometry.columnCount
        var first = firstWaiting(from: chain)
        while first < count, !(frontier(ofSegment: segment(holding: first)) >= high) {
            placeChain(from: segment(holding: first), upTo: Swift.min(count, first + chunk))
            chunk = Swift.min(2 * chunk, 1 << 16)
            first = firstWaiting(from: chain)
        }
        summarize()
    }

    /// The first item without a frame in the run of segments that starts at `position` and
    /// goes on while each is complete (`count` when every one is).
    func firstWaiting(from position: Int) -> Int {
        var position = position
        while position + 1 < segments.count, isComplete(position) { position += 1 }
        return Swift.min(segments[position].start + segments[position].placed, count)
    }

    /// Places up to `itemBudget` more of the items waiting for placement (at least one).
    /// - Returns: whether every item is laid out now.
    /// - Complexity: O(c log n + itemBudget · log c).
    @discardableResult
    public mutating func continueLayout(itemBudget: Int) -> Bool {
        place(upTo: placedCount + Swift.min(Swift.max(1, itemBudget), count))
        return placedCount == count
    }

    /// Places the items of the segment at `position` and the segments after it, in order, up
    /// to (not including) `target`: a segment that becomes complete settles the next one (see
    /// ``settle(_:)``), whose items then follow.
    /// - Complexity: O(c log n + k · log c) for the k items placed, plus O(s) per settling.
    mutating func placeChain(from position: Int, upTo target: Int) {
        var position = position
        while position < segments.count {
            let end = end(ofSegment: position)
            placeSegment(position, upTo: Swift.min(target, end))
            guard segments[position].start + segments[position].placed == end, position + 1 < segments.count else { return }
            position += 1
            settle(position)
            guard segments[position].start < target else { return }
        }
    }

    /// Places the items of the segment at `position` from its first waiting one up to `target`
    /// (at most its end), from the bottoms its placed items (or its floors) leave. A derived
    /// segment settles first when none of its items is placed (the one before it, complete,
    /// may have changed since).
    /// - Complexity: O(c log n + k · log c) for the k items placed.
    mutating func placeSegment(_ position: Int, upTo target: Int) {
        let segment = segments[position]
        let first = segment.start + segment.placed
        guard target > first else { return }
        if segment.placed == 0, position > 0, !segment.isEstimated { settle(position) }
        if unreadCount > 0 { readUnreadSizes(in: first..<target) }
        let columnCount = geometry.columnCount
        withUnsafeTemporaryAllocation(of: Double.self, capacity: ColumnBottoms.storageSize(columns: columnCount)) { storage in
            storeBottoms(ofSegment: position, into: storage)
            placeItems(from: first, to: target, inSegment: position, bottoms: storage)
        }
        segments[position].placed = target - segment.start
        segments[position].tallest = lastBottom(ofSegment: position)
    }

    /// Derives the origin of the segment at `position` from the one before it (complete), so
    /// that no column starts above its bottom there and one touches it, and moves the segment
    /// and every derived one after it (up to the next estimated one) by the difference — one add
    /// per segment. A segment whose origin was estimated is now derived; its move is kept for
    /// ``takeLayoutShift()``. The one settling operation of the segment model.
    /// - Complexity: O(c + s) for s segments.
    mutating func settle(_ position: Int) {
        guard position < segments.count else { return }
        let distance = derivedOrigin(ofSegment: position) - segments[position].origin
        if segments[position].isEstimated {
            segments[position].isEstimated = false
            unreportedShift = LayoutShift(level: Double(level(ofSegment: position)), distance: Double(distance))
        }
        moveChain(from: position, by: distance)
    }

    /// Moves the segment at `position` and every derived one after it (up to the next estimated
    /// one) by `distance` along the main axis — one add per segment: the derived segments keep
    /// their place relative to it, as their origins were derived from it.
    /// - Complexity: O(s) for s segments.
    mutating func moveChain(from position: Int, by distance: Double) {
        guard distance != 0 else { return }
        var moved = position
        repeat {
            segments[moved].origin += distance
            moved += 1
        } while moved < segments.count && !segments[moved].isEstimated
    }

    /// The origin the segment at `position` gets below the segment before it (the page's top
    /// for the first): the lowest at which none of its floors rises above that column's bottom.
    /// - Complexity: O(c).
    func derivedOrigin(ofSegment position: Int) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: geometry.columnCount) { bottoms in
            bottoms.initialize(repeating: -.infinity)
            if position > 0 { storeBottoms(ofSegment: position - 1, into: bottoms) }
            return origin(withFloors: segments[position].floors, below: bottoms, in: position > 0 ? segments[position - 1] : nil)
        }
    }

    /// The lowest origin at which a segment with `floors` (`nil`: level) has no column start
    /// above that column's bottom in `bottoms` — the bottoms in the coordinates of the segment
    /// `above`, raised to its floors (the page's top when there is none).
    /// - Complexity: O(c).
    func origin(withFloors floors: [Double]?, below bottoms: UnsafeMutableBufferPointer<Double>, in above: Segment?) -> Double {
        let level = geometry.levelFloor
        var origin = -Double.infinity
        for column in 0..<geometry.columnCount {
            let bottom = Swift.max(bottoms[column], above?.floors?[column] ?? level) + (above?.origin ?? 0)
            origin = Swift.max(origin, bottom - (floors?[column] ?? level))
        }
        return origin
    }

    /// The main-axis coordinate from which the content is the segment's at `position`: its
    /// lowest floor (a level segment's floors lie one row spacing above its first row).
    func level(ofSegment position: Int) -> Double {
        segments[position].origin + (segments[position].floors?.min() ?? geometry.levelFloor)
    }

    /// The lowest main-axis coordinate (content coordinates) the next item of the segment at
    /// `position` can get: the shortest column's next top (an empty column's is the top inset,
    /// which no other column's is above).
    /// - Complexity: O(c).
    func frontier(ofSegment position: Int) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: geometry.columnCount) { storage in
            storeBottoms(ofSegment: position, into: storage)
            let shortest = storage.min()!
            return (shortest == -.infinity ? geometry.top : shortest + geometry.rowSpacing) + segments[position].origin
        }
    }

    /// Places the items `start..<end` of the segment at `position` from the column bottoms in
    /// the first c elements of `storage` (``ColumnBottoms/storageSize(columns:)`` elements in
    /// all), an empty column's first item at the top inset; sequential placement restarts at
    /// column 0 at the segment's first item, else continues after item `start − 1`.
    /// - Complexity: O((end − start) · log c), plus O(log s) to find the column after a
    ///   spanning item for sequential placement.
    mutating func placeItems(from start: Int, to end: Int, inSegment position: Int,
                             bottoms storage: UnsafeMutableBufferPointer<Double>) {
        let columnCount = geometry.columnCount
        let restarting = start == segments[position].start
        if columnCount <= 4 && geometry.tolerance == 0 {
            place(from: start, to: end, inSegment: position,
                  columns: SortedFourColumns(storage, columns: columnCount, top: geometry.top, rowSpacing: geometry.rowSpacing))
        } else {
            place(from: start, to: end, inSegment: position,
                  columns: ColumnBottoms(storage: storage, columns: columnCount, top: geometry.top,
                                         rowSpacing: geometry.rowSpacing, tolerance: geometry.tolerance,
                                         nextSequential: restarting ? 0 : sequentialColumn(before: start)))
        }
    }

    /// The placement loop of ``placeItems(from:to:inSegment:bottoms:)``, specialized for each
    /// kind of column state.
    ///
    /// An item across several columns keeps its requested span in its slot; it joins the
    /// member list of every column it covers (a full-span item: the extra list) and, unless it
    /// covers them all, the span starts.
    private mutating func place<Columns: ColumnState & ~Copyable>(from start: Int, to end: Int, inSegment position: Int,
                                                                 columns: consuming Columns) {
        var columns = columns
        let geometry = self.geometry
        let multiColumnBit = ItemKind.multiColumn.rawValue
        let kindMask = ~ItemKind.columnMask
        let (values, slots, ys) = (items.values, items.slots, items.ys)
        let members = segments[position].members
        let base = segments[position].start
        members.withLists { lists in
            for index in start..<end {
                let slot = slots[index]
                let height = geometry.height(value: values[index], slot: slot)
                let member = Int32(truncatingIfNeeded: index - base)
                if slot & multiColumnBit != 0 {
                    let span = geometry.span(requested: slot)
                    if span == geometry.columnCount {
                        let y = columns.placeFullSpan(height: height)
                        ys[index] = y
                        lists[geometry.columnCount].append(member, top: y)
                    } else {
                        let (column, y) = columns.placeSpan(span, height: height)
                        ys[index] = y
                        for covered in column..<column + span { lists[covered].append(member, top: y) }
                        members.recordSpan(member, from: column)
                    }
                } else {
                    let (column, y) = columns.place(height: height)
                    slots[index] = (slot & kindMask) | UInt16(truncatingIfNeeded: column)
                    ys[index] = y
                    lists[column].append(member, top: y)
                }
            }
        }
    }

    /// Stores in the first c elements of `storage` each column's bottom after the placed items
    /// of the segment at `position` (those before `limit`, relative to its start, if given), in
    /// its coordinates: the bottom of its last item there or of the last full-span item,
    /// whichever is lower, raised to the segment's floor; `-infinity` for an empty column of a
    /// level segment.
    /// - Returns: the lowest of those items' bottoms, floors left out (`-infinity` for none).
    /// - Complexity: O(c), or O(c log n) with a limit.
    @discardableResult
    func storeBottoms(ofSegment position: Int, before limit: Int? = nil, into storage: UnsafeMutableBufferPointer<Double>) -> Double {
        let segment = segments[position]
        let members = segment.members
        let columnCount = geometry.columnCount
        func bottom(ofList list: Int) -> Double {
            let last = limit.map { members.last(of: list, before: $0) } ?? members.elements(of: list).last
            guard let last else { return -.infinity }
            return maxY(of: segment.start + Int(last))
        }
        let fullSpanBottom = bottom(ofList: columnCount)
        var lowest = fullSpanBottom
        for column in 0..<columnCount {
            let items = Swift.max(bottom(ofList: column), fullSpanBottom)
            storage[column] = Swift.max(items, segment.floors?[column] ?? -.infinity)
            lowest = Swift.max(lowest, items)
        }
        return lowest
    }

    /// The bottom of the lowest placed item of the segment at `position`, in its coordinates,
    /// `-infinity` when it has none: each member list's last item ends lowest in its list.
    /// - Complexity: O(c).
    func lastBottom(ofSegment position: Int) -> Double {
        let segment = segments[position]
        return (0..<segment.members.listCount).reduce(-Double.infinity) { bottom, list in
            segment.members.elements(of: list).last.map { Swift.max(bottom, maxY(of: segment.start + Int($0))) } ?? bottom
        }
    }

    /// The column sequential placement uses for item `start`: round robin after the previous
    /// item (after the last column of a spanning item), restarting at 0 at the beginning and
    /// after a full-span item.
    func sequentialColumn(before start: Int) -> Int {
        guard start > 0 else { return 0 }
        let (column, span) = placedColumns(of: start - 1)
        return (column + span) % geometry.columnCount
    }

    /// Brings the cached summary up to date after a change: ``placedCount`` (the placed items
    /// from 0 on, through every complete segment) and ``prefixBottom``.
    /// - Complexity: O(s · c) for s segments.
    mutating func summarize() {
        placedCount = firstWaiting(from: 0)
        let reached = placedCount < count ? segment(holding: placedCount) : segments.count - 1
        prefixBottom = segments[...reached].reduce(-Double.infinity) { Swift.max($0, $1.tallest + $1.origin) }
    }
}

extension Collection {
    /// The first index whose element satisfies `belongs`, assuming the elements that satisfy it
    /// form a suffix of the collection (binary search).
    /// - Complexity: O(log n).
    func partitioningIndex(where belongs: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var length = count
        while length > 0 {
            let half = length / 2
            let middle = index(low, offsetBy: half)
            if try belongs(self[middle]) {
                length = half
            } else {
                low = index(after: middle)
                length -= half + 1
            }
        }
        return low
    }
}

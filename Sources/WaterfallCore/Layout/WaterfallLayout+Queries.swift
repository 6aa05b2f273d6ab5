extension WaterfallLayout {
    /// The frame of an item, in content coordinates (origin at the content's top-left). The
    /// item must be laid out (below ``placedCount``, which is ``count`` unless placement was
    /// deferred with ``configureDeferringLayout(_:)``).
    /// - Complexity: O(1); O(log s) for an item across several but not all columns, among s
    ///   such items.
    public func frame(at index: Int) -> Rect {
        checkLaidOut(index)
        let slot = items.slots[index]
        let height = geometry.height(value: items.values[index], slot: slot)
        let (column, span) = placedColumns(of: index)
        return contentRect(cross: geometry.horizontalExtent(column: column, span: span),
                           main: items.ys[index] + segments[segment(holding: index)].origin, length: height)
    }

    /// The columns an item covers: one for a plain item, every column (`0..<columnCount`) for a
    /// full-span item, the run it was placed in for a spanning item. Column 0 is the leading
    /// column (the right one in a right-to-left layout).
    /// - Complexity: O(1); O(log s) for an item across several but not all columns, among s
    ///   such items.
    public func columnRange(at index: Int) -> Range<Int> {
        checkLaidOut(index)
        let (column, span) = placedColumns(of: index)
        return column..<column + span
    }

    /// The first column an item covers and how many: an item across every column starts at 0.
    /// - Complexity: O(1); O(log s) for an item across several but not all columns.
    func placedColumns(of index: Int) -> (column: Int, span: Int) {
        let slot = items.slots[index]
        guard slot & ItemKind.multiColumn.rawValue != 0 else { return (Int(slot & ItemKind.columnMask), 1) }
        let span = geometry.span(requested: slot)
        guard span < geometry.columnCount else { return (0, span) }
        let segment = segments[segment(holding: index)]
        return (segment.members.firstColumn(ofSpanning: index - segment.start), span)
    }

    /// The size an item was given, after sanitizing. Aspect ratios come back normalized to a
    /// width of 1 (`.aspectRatio(width: 1, height: height / width)`), spans clamped to
    /// 1…``maximumColumnCount`` columns: a span of 1 or less comes back as a plain item, one of
    /// ``maximumColumnCount`` or more as a full-span item.
    /// - Complexity: O(1).
    public func itemSize(at index: Int) -> ItemSize {
        checkIndex(index)
        let value = Double(items.values[index])
        let slot = items.slots[index]
        let isProportional = slot & ItemKind.proportional.rawValue != 0
        guard slot & ItemKind.multiColumn.rawValue != 0 else {
            return isProportional ? .aspectRatio(width: 1, height: value) : .height(value)
        }
        let span = Int(slot & ItemKind.columnMask)
        switch (span == Int(ItemKind.columnMask), isProportional) {
        case (true, true): return .fullSpanAspectRatio(width: 1, height: value)
        case (true, false): return .fullSpan(height: value)
        case (false, true): return .spanningAspectRatio(span, width: 1, height: value)
        case (false, false): return .spanning(span, height: value)
        }
    }

    /// The bottom edge of an item's frame, in its segment's coordinates.
    @inline(__always)
    func maxY(of index: Int) -> Double {
        items.ys[index] + geometry.height(value: items.values[index], slot: items.slots[index])
    }

    /// Traps on an index outside `0..<count`, as `Array` does.
    @inline(__always)
    func checkIndex(_ index: Int) {
        precondition(index >= 0 && index < count, "index \(index) out of bounds 0..<\(count)")
    }

    /// Calls `body` with every index whose frame overlaps `rect` vertically
    /// (`frame.maxY > rect.minY && frame.minY < rect.maxY`; along rows, horizontally), column by
    /// column — so not in ascending order — without allocating. An item across several columns
    /// is reported once. While a segment at an estimated place is laid out ahead of the items
    /// before it (see ``place(around:clearance:itemBudget:)``), the content from its level on
    /// is its own and its followers': a rectangle there reports their items only, one above it
    /// the other items only.
    /// - Complexity: O(s + c log n + k + m · (w + log s)) for s segments and k indices reported,
    ///   m of them across w < c columns each, among s such items.
    public func forEachIndex(in rect: Rect, _ body: (Int) throws -> Void) rethrows {
        let (top, bottom) = mainRange(of: rect)
        guard segments.count > 1 else { return try forEachIndex(from: top, to: bottom, inSegment: 0, body) }
        let estimated = segments.lastIndex(where: \.isEstimated)
        let seam = estimated.map(level(ofSegment:)) ?? .infinity
        for position in segments.indices where segments[position].placed > 0 {
            let (low, high) = position < estimated ?? segments.count ? (top, Swift.min(bottom, seam)) : (Swift.max(top, seam), bottom)
            guard estimated == nil || low < high, segments[position].tallest + segments[position].origin > low else { continue }
            try forEachIndex(from: low, to: high, inSegment: position, body)
        }
    }

    /// ``forEachIndex(in:_:)`` for the items of the segment at `position` overlapping
    /// `top..<bottom` along the main axis (content coordinates).
    /// - Complexity: O(c log n + k + m · (w + log s)).
    private func forEachIndex(from top: Double, to bottom: Double, inSegment position: Int,
                              _ body: (Int) throws -> Void) rethrows {
        let segment = segments[position]
        let (top, bottom) = (top - segment.origin, bottom - segment.origin)
        let members = segment.members
        let listCount = members.listCount
        let (ys, slots) = (items.ys + segment.start, items.slots + segment.start)
        // An item across several columns is in each of their lists: report it from its first.
        let hasSpans = !members.spanStarts.isEmpty
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: listCount) { positions in
            firstPositions(ofSegment: position, endingBelow: top, into: positions)
            for (listIndex, first) in positions.enumerated() {
                let list = members.elements(of: listIndex)
                var position = first
                while position < list.count {
                    let member = Int(list[position])
                    guard ys[member] < bottom else { break }
                    if !hasSpans || listIndex == geometry.columnCount || slots[member] & ItemKind.multiColumn.rawValue == 0
                        || members.firstColumn(ofSpanning: member) == listIndex {
                        try body(segment.start + member)
                    }
                    position += 1
                }
            }
        }
    }

    /// The indices, ascending, of the items whose frame overlaps `rect` vertically
    /// (`frame.maxY > rect.minY && frame.minY < rect.maxY`; along rows, horizontally).
    /// - Complexity: O(c log n + k log k + m · (w + log s)) for k indices returned, m of them
    ///   across w < c columns each, among s such items.
    public func indices(in rect: Rect) -> [Int] {
        var result: [Int] = []
        forEachIndex(in: rect) { result.append($0) }
        result.sort()
        return result
    }

    /// The item whose frame contains `point` (`Rect.contains` semantics: minimum edges
    /// included, maximum edges excluded), or `nil` for a gap, an inset or an empty-sized item:
    /// the items around the point, checked against their frames in content coordinates. Items
    /// overlap only where a segment at an estimated place lies over the items above it (see
    /// ``place(around:clearance:itemBudget:)``); there the later item wins.
    /// - Complexity: O(c log n).
    public func index(at point: Point) -> Int? {
        var hit: Int?
        forEachIndex(in: Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)) { index in
            if index > hit ?? -1, frame(at: index).contains(point) { hit = index }
        }
        return hit
    }
}

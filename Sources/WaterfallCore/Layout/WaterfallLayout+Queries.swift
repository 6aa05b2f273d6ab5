import Foundation

extension WaterfallLayout {
    /// The frame of an item, in content coordinates (origin at the content's top-left). The
    /// item must be laid out (below ``placedCount``, which is ``count`` unless placement was
    /// deferred with ``configureDeferringLayout(_:)``).
    /// - Complexity: O(1); O(log s) for an item across several but not all columns, among s
    ///   such items.
    public func frame(at index: Int) -> CGRect {
        checkLaidOut(index)
        let slot = items.slots[index]
        let height = geometry.height(value: items.values[index], slot: slot)
        let (column, span) = placedColumns(of: index)
        return contentRect(cross: geometry.horizontalExtent(column: column, span: span), main: items.ys[index], length: height)
    }

    /// The column an item was placed in, or `nil` for a full-span item (one that covers every
    /// column). For an item across several columns, the first of them. Column 0 is the leading
    /// column (the right one in a right-to-left layout).
    /// - Complexity: O(1); O(log s) for an item across several but not all columns, among s
    ///   such items.
    public func column(at index: Int) -> Int? {
        checkLaidOut(index)
        let (column, span) = placedColumns(of: index)
        return span == geometry.columnCount && items.slots[index] & ItemKind.multiColumn.rawValue != 0 ? nil : column
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
        return span == geometry.columnCount ? (0, span) : (memberLists(holding: index).firstColumn(ofSpanning: index), span)
    }

    /// The member lists an item with a frame is in: the island's for an island item (see
    /// ``place(around:clearance:itemBudget:)``), else the prefix's.
    @inline(__always)
    func memberLists(holding index: Int) -> MemberLists {
        if let island, index >= island.start { return island.members }
        return members
    }

    /// The size an item was given, after sanitizing. Aspect ratios come back normalized to a
    /// width of 1 (`.aspectRatio(width: 1, height: height / width)`), spans clamped to
    /// 1…``maximumColumnCount`` columns: a span of 1 or less comes back as a plain item, one of
    /// ``maximumColumnCount`` or more as a full-span item.
    /// - Complexity: O(1).
    public func itemSize(at index: Int) -> ItemSize {
        checkIndex(index)
        let value = CGFloat(items.values[index])
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

    /// The bottom edge of an item's frame.
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
    /// is reported once. While an island is laid out ahead of the prefix (see
    /// ``place(around:clearance:itemBudget:)``), the content from the island's level on is the
    /// island's: a rectangle there reports island items only, one above it prefix items only.
    /// - Complexity: O(c log n + k + m · (w + log s)) for k indices reported, m of them across
    ///   w < c columns each, among s such items.
    public func forEachIndex(in rect: CGRect, _ body: (Int) throws -> Void) rethrows {
        let (top, bottom) = mainRange(of: rect)
        guard let island else { return try forEachIndex(from: top, to: bottom, in: members, body) }
        if top < island.base { try forEachIndex(from: top, to: Swift.min(bottom, island.base), in: members, body) }
        if bottom > island.base { try forEachIndex(from: Swift.max(top, island.base), to: bottom, in: island.members, body) }
    }

    /// ``forEachIndex(in:_:)`` for the items of `members` (the prefix's or an island's lists)
    /// overlapping `top..<bottom` along the main axis.
    /// - Complexity: O(c log n + k + m · (w + log s)).
    private func forEachIndex(from top: Double, to bottom: Double, in members: MemberLists,
                              _ body: (Int) throws -> Void) rethrows {
        let listCount = members.listCount
        let (ys, slots) = (items.ys, items.slots)
        // An item across several columns is in each of their lists: report it from its first.
        let hasSpans = !members.spanStarts.isEmpty
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: listCount) { positions in
            firstPositions(inLists: 0..<listCount, of: members, endingBelow: top, into: positions)
            for (listIndex, first) in positions.enumerated() {
                let list = members.elements(of: listIndex)
                var position = first
                while position < list.count {
                    let index = Int(list[position])
                    guard ys[index] < bottom else { break }
                    if !hasSpans || listIndex == geometry.columnCount || slots[index] & ItemKind.multiColumn.rawValue == 0
                        || members.firstColumn(ofSpanning: index) == listIndex {
                        try body(index)
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
    public func indices(in rect: CGRect) -> [Int] {
        var result: [Int] = []
        forEachIndex(in: rect) { result.append($0) }
        result.sort()
        return result
    }

    /// The item whose frame contains `point` (`CGRect.contains` semantics: minimum edges
    /// included, maximum edges excluded), or `nil` for a gap, an inset or an empty-sized item.
    /// - Complexity: O(log n).
    public func index(at point: CGPoint) -> Int? {
        guard geometry.isHorizontal else { return index(across: Double(point.x), along: Double(point.y), containing: point) }
        guard geometry.mirrorsMainAxis else { return index(across: Double(point.y), along: Double(point.x), containing: point) }
        // Mirrored, an item's leading edge (which it contains) is its far end in engine terms
        // (which it does not), and reflecting a point rounds: look a few ulps to either side
        // too. Every candidate is checked against its frame in content coordinates.
        let length = contentLength, along = length - Double(point.x)
        let slack = 4 * Swift.max(length, abs(along)).ulp
        return index(across: Double(point.y), along: along, containing: point)
            ?? index(across: Double(point.y), along: along - slack, containing: point)
            ?? index(across: Double(point.y), along: along + slack, containing: point)
    }

    /// The hit test in engine terms: the item at `along` on the main axis and `across` on the
    /// cross axis whose frame contains `point`.
    /// - Complexity: O(log n).
    private func index(across: Double, along y: Double, containing point: CGPoint) -> Int? {
        if let spanning = item(inList: geometry.columnCount, containingY: y),
           frame(at: spanning).contains(point) {
            return spanning
        }
        let leadingX = geometry.isMirrored ? geometry.mirrorWidth - across : across
        let pitch = geometry.columnWidth + geometry.columnSpacing
        guard pitch > 0, leadingX.isFinite else { return nil }
        let estimate = Int(Swift.min(Swift.max(((leadingX - geometry.left) / pitch).rounded(.down), 0),
                                     Double(geometry.columnCount - 1)))
        // Rounding can put a point on a column's very edge into its neighbour; check both.
        for column in Swift.max(estimate - 1, 0)...Swift.min(estimate + 1, geometry.columnCount - 1) {
            if let index = item(inList: column, containingY: y), frame(at: index).contains(point) {
                return index
            }
        }
        return nil
    }

    /// The item of a member list whose vertical extent contains `y` (top included).
    /// While an island is laid out, `y` at or below its level is searched in the island.
    private func item(inList listIndex: Int, containingY y: Double) -> Int? {
        let members = island.map { y >= $0.base ? $0.members : self.members } ?? self.members
        let list = members.elements(of: listIndex)
        var position = 0
        withUnsafeMutablePointer(to: &position) {
            firstPositions(inLists: listIndex..<listIndex + 1, of: members, endingBelow: y,
                           into: UnsafeMutableBufferPointer(start: $0, count: 1))
        }
        guard position < list.count else { return nil }
        let index = Int(list[position])
        return items.ys[index] <= y ? index : nil
    }
}

/// The seeds' shortest-column rule for up to four columns, with the columns kept sorted by
/// bottom in four register-resident lanes, so the shortest column is always lane 0.
///
/// The usual masonry loop finds the shortest column, places the item, and only then can look
/// for the next shortest: one long dependency chain per item. Here the next item's column and
/// y come from lane 0 before the current item's bottom is known, in all but the rare case
/// where the item just placed is still the shortest (one predictable branch); the new bottom
/// is then slotted into lanes 1–3 with conditional moves. Placement runs at the processor's
/// throughput instead of at the chain's latency.
///
/// Lanes order by (bottom, column), so ties go to the leftmost column as in the seeds. Each
/// bottom is kept as the bit pattern of its `Double` read as an `Int64` (its *key*). For the
/// values a bottom can take — `-infinity` for an empty column, `+infinity` for a lane past the
/// column count, and otherwise a sum of sanitized lengths, `+0.0` or positive, never `-0.0` or
/// NaN — keys order exactly like the doubles, and integer compares become `cmov`s where a
/// `Double` chosen by an integer condition would compile to a data-dependent branch.
struct SortedFourColumns: ColumnState {
    /// The lanes' keys, ascending by (key, column).
    private var k0, k1, k2, k3: Int64
    /// The lanes' columns; lanes past the column count hold columns `count...3` and the key of
    /// `+infinity`, so they sort after every real column and are never chosen.
    private var c0, c1, c2, c3: Int
    /// The number of real columns (1...4).
    private let count: Int
    /// Where an empty column's first item starts, and the gap between items of a column.
    private let top: Double, rowSpacing: Double

    /// The key of an empty column's bottom, `-infinity` (computed, so it folds to a constant
    /// instead of a lazily initialized global).
    private static var emptyKey: Int64 {
        @inline(__always) get { key(-.infinity) }
    }

    /// The order-preserving integer key of a bottom.
    @inline(__always)
    private static func key(_ bottom: Double) -> Int64 { Int64(bitPattern: bottom.bitPattern) }

    /// The bottom a key stands for.
    @inline(__always)
    private static func bottom(_ key: Int64) -> Double { Double(bitPattern: UInt64(bitPattern: key)) }

    /// The bound a key must stay under for `(key, column)` to precede the lane `(laneKey,
    /// laneColumn)` in the lane order (by key, then by column): `laneKey + 1` when `column` is
    /// left of `laneColumn`, else `laneKey`. The column term is a shift, not a compare, so it
    /// cannot become a branch; keys are at most +infinity's, so adding 1 cannot overflow.
    @inline(__always)
    private static func bound(_ laneKey: Int64, _ laneColumn: Int, for column: Int) -> Int64 {
        laneKey &- Int64(truncatingIfNeeded: (column &- laneColumn) >> 63)
    }

    /// All ones when `condition` holds, else zero.
    @inline(__always)
    private static func mask(_ condition: Bool) -> Int64 { 0 &- Int64(condition ? 1 : 0) }

    /// `a` where `mask` is all ones, `b` where it is zero, without a branch (wrapping
    /// arithmetic, so any two values round-trip exactly).
    @inline(__always)
    private static func pick<Value: FixedWidthInteger>(_ mask: Int64, _ a: Value, _ b: Value) -> Value {
        b &+ ((a &- b) & Value(truncatingIfNeeded: mask))
    }

    /// Creates the state from the first `count` (1...4) bottoms of `storage`.
    init(_ storage: UnsafeMutableBufferPointer<Double>, columns count: Int, top: Double, rowSpacing: Double) {
        precondition((1...4).contains(count))
        self.count = count
        self.top = top
        self.rowSpacing = rowSpacing
        (k0, k1, k2, k3, c0, c1, c2, c3) = (0, 0, 0, 0, 0, 1, 2, 3)
        sort(bottoms: { storage[$0] })
    }

    /// Refills the lanes from every column's bottom (`bottom(column)` for the first `count`
    /// columns) and sorts them.
    private mutating func sort(bottoms bottom: (Int) -> Double) {
        func lane(_ column: Int) -> (key: Int64, column: Int) {
            (Self.key(column < count ? bottom(column) : .infinity), column)
        }
        var lanes = (lane(0), lane(1), lane(2), lane(3))
        // A sorting network for four lanes, with conditional moves.
        func order(_ a: inout (key: Int64, column: Int), _ b: inout (key: Int64, column: Int)) {
            let swapped = b.key < Self.bound(a.key, a.column, for: b.column)
            (a, b) = (swapped ? b : a, swapped ? a : b)
        }
        order(&lanes.0, &lanes.1)
        order(&lanes.2, &lanes.3)
        order(&lanes.0, &lanes.2)
        order(&lanes.1, &lanes.3)
        order(&lanes.1, &lanes.2)
        ((k0, c0), (k1, c1), (k2, c2), (k3, c3)) = lanes
    }

    @inline(__always)
    mutating func place(height: Double) -> (column: Int, y: Double) {
        let column = c0
        // The empty-column test is an integer compare, so it becomes a branch that is
        // predicted right for all but a column's first item.
        let y = k0 == Self.emptyKey ? top : Self.bottom(k0) + rowSpacing
        let key = Self.key(y + height)
        if key < Self.bound(k1, c1, for: column) {
            // Still the shortest (rare once the columns have filled).
            k0 = key
        } else {
            // Which lanes the new bottom goes before, as all-ones masks: the selects below are
            // mask arithmetic because written as `?:` the compiler turned one of them into a
            // data-dependent branch, mispredicted on about every other item.
            let beforeLane2 = Self.mask(key < Self.bound(k2, c2, for: column))
            let beforeLane3 = Self.mask(key < Self.bound(k3, c3, for: column))
            (k0, c0) = (k1, c1)
            let (oldK2, oldC2) = (k2, c2)
            k1 = Self.pick(beforeLane2, key, oldK2)
            c1 = Self.pick(beforeLane2, column, oldC2)
            k2 = Self.pick(beforeLane2, oldK2, Self.pick(beforeLane3, key, k3))
            c2 = Self.pick(beforeLane2, oldC2, Self.pick(beforeLane3, column, c3))
            k3 = Self.pick(beforeLane3, k3, key)
            c3 = Self.pick(beforeLane3, c3, column)
        }
        return (column, y)
    }

    /// Places an item across `span` (2 or 3) adjacent columns in the run whose tallest bottom is
    /// lowest, leftmost on ties, then sorts the lanes again. Spanning items are rare, so this
    /// is plain code on the columns' bottoms rather than lane arithmetic.
    /// - Complexity: O(1) (at most four columns).
    mutating func placeSpan(_ span: Int, height: Double) -> (column: Int, y: Double) {
        let lanes = [(k0, c0), (k1, c1), (k2, c2), (k3, c3)]
        var bottoms = [Double](repeating: .infinity, count: 4)
        for (key, column) in lanes { bottoms[column] = Self.bottom(key) }
        // A run's tallest bottom; the lowest one wins, the first (leftmost) on ties.
        let runs = (0...(count - span)).map { bottoms[$0..<$0 + span].max()! }
        let column = runs.indices.min { runs[$0] < runs[$1] }!
        let y = runs[column] == -.infinity ? top : runs[column] + rowSpacing
        for covered in column..<column + span { bottoms[covered] = y + height }
        sort(bottoms: { bottoms[$0] })
        return (column, y)
    }

    mutating func placeFullSpan(height: Double) -> Double {
        // The tallest column's bottom is the last real lane's: real lanes sort before the unused ones.
        let tallest = Self.bottom(count < 3 ? (count == 1 ? k0 : k1) : (count == 3 ? k2 : k3))
        let y = tallest == -.infinity ? top : tallest + rowSpacing
        // Every column now ends at the same bottom, so the lanes are in column order.
        let key = Self.key(y + height), unused = Self.key(.infinity)
        (k0, c0) = (key, 0)
        (k1, c1) = (count > 1 ? key : unused, 1)
        (k2, c2) = (count > 2 ? key : unused, 2)
        (k3, c3) = (count > 3 ? key : unused, 3)
        return y
    }
}

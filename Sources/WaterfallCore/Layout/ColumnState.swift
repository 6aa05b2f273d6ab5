/// The column bottoms the placement loop works on, and its choice of the next column.
///
/// Two implementations: ``FourColumnBottoms`` for up to four columns (the usual case — the
/// seeds use 3), whose bottoms live in registers, and ``ColumnBottoms`` for any count. The
/// placement loop is generic over this protocol, so each gets its own specialized copy of the
/// one loop. An empty column has bottom `-infinity`.
protocol ColumnState: ~Copyable {
    /// The bottom of one column.
    func bottom(of column: Int) -> Double
    /// The leftmost column whose bottom is at most the shortest bottom + `tolerance`, with its
    /// bottom (with 0: the seeds' shortest column, ties to the left).
    func nextColumn(tolerance: Double) -> (column: Int, bottom: Double)
    /// Sets one column's bottom.
    mutating func setBottom(_ bottom: Double, ofColumn column: Int)
    /// Sets every column's bottom (below a full-span item).
    mutating func setAllBottoms(_ bottom: Double)
    /// The tallest column's bottom, `-infinity` when every column is empty.
    var tallest: Double { get }
}

/// Up to four column bottoms held in four scalars, so the placement loop keeps them in
/// registers: choosing a column is a two-level comparison tree and no store has to be read back
/// from memory, which shortens the loop's dependency chain from one item to the next. Unused
/// columns hold `+infinity` and are never chosen.
struct FourColumnBottoms: ColumnState {
    /// The bottoms; columns past `count` hold `+infinity`.
    private var b0, b1, b2, b3: Double
    /// The number of real columns (1...4).
    private let count: Int

    /// Creates the state from the first `count` (1...4) bottoms of `storage`.
    init(_ storage: UnsafeMutableBufferPointer<Double>, columns count: Int) {
        precondition((1...4).contains(count))
        self.count = count
        b0 = storage[0]
        b1 = count > 1 ? storage[1] : .infinity
        b2 = count > 2 ? storage[2] : .infinity
        b3 = count > 3 ? storage[3] : .infinity
    }

    @inline(__always)
    func bottom(of column: Int) -> Double {
        column < 2 ? (column == 0 ? b0 : b1) : (column == 2 ? b2 : b3)
    }

    @inline(__always)
    func nextColumn(tolerance: Double) -> (column: Int, bottom: Double) {
        // Ties keep the left operand, so the leftmost shortest column wins.
        let left = b1 < b0 ? (1, b1) : (0, b0)
        let right = b3 < b2 ? (3, b3) : (2, b2)
        let shortest = right.1 < left.1 ? right : left
        guard tolerance > 0 else { return shortest }
        let threshold = shortest.1 + tolerance
        if b0 <= threshold { return (0, b0) }
        if b1 <= threshold { return (1, b1) }
        if b2 <= threshold { return (2, b2) }
        return (3, b3)
    }

    @inline(__always)
    mutating func setBottom(_ bottom: Double, ofColumn column: Int) {
        b0 = column == 0 ? bottom : b0
        b1 = column == 1 ? bottom : b1
        b2 = column == 2 ? bottom : b2
        b3 = column == 3 ? bottom : b3
    }

    mutating func setAllBottoms(_ bottom: Double) {
        b0 = bottom
        if count > 1 { b1 = bottom }
        if count > 2 { b2 = bottom }
        if count > 3 { b3 = bottom }
    }

    var tallest: Double {
        (0..<count).reduce(-Double.infinity) { Swift.max($0, bottom(of: $1)) }
    }
}

/// The column bottoms the placement loop works on, and its choice of the next column.
///
/// Two implementations: ``FourColumnBottoms`` for up to four columns (the usual case — the
/// seeds use 3), whose bottoms live in integer registers, and ``ColumnBottoms`` for any count. The
/// placement loop is generic over this protocol, so each gets its own specialized copy of the
/// one loop. An empty column has bottom `-infinity`.
protocol ColumnState: ~Copyable {
    /// Where the next item of a column starts: `insets.top` in an empty column, the column's
    /// bottom + `rowSpacing` otherwise.
    func nextTop(of column: Int) -> Double
    /// The leftmost column whose bottom is at most the shortest bottom + `tolerance`, with
    /// where its next item starts (with 0: the seeds' shortest column, ties to the left).
    func nextColumn(tolerance: Double) -> (column: Int, top: Double)
    /// Sets one column's bottom.
    mutating func setBottom(_ bottom: Double, ofColumn column: Int)
    /// Sets every column's bottom (below a full-span item).
    mutating func setAllBottoms(_ bottom: Double)
    /// The tallest column's bottom, `-infinity` when every column is empty.
    var tallest: Double { get }
}

/// Up to four column bottoms held in four integer registers, so the placement loop never
/// reads a bottom back from memory and never branches on the chosen column: that loop is one
/// long dependency chain from each item's bottom to the next item's column, and its length is
/// the engine's placement speed.
///
/// Each bottom is kept as the bit pattern of its `Double` read as an `Int64` (its *key*). For
/// the values a bottom can take — `-infinity` for an empty column, `+infinity` for a column
/// past `count`, and otherwise a sum of sanitized, non-negative lengths that is `+0.0` or
/// positive, never `-0.0` or NaN — keys order exactly like the doubles. Integer compares feed
/// conditional moves (`cmov`), where a `Double` selected by an integer column index would
/// compile to a data-dependent branch that mispredicts on about every other item.
struct FourColumnBottoms: ColumnState {
    /// The bottoms' keys; columns past `count` hold the key of `+infinity`.
    private var k0, k1, k2, k3: Int64
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

    /// Creates the state from the first `count` (1...4) bottoms of `storage`.
    init(_ storage: UnsafeMutableBufferPointer<Double>, columns count: Int, top: Double, rowSpacing: Double) {
        precondition((1...4).contains(count))
        self.count = count
        self.top = top
        self.rowSpacing = rowSpacing
        k0 = Self.key(storage[0])
        k1 = Self.key(count > 1 ? storage[1] : .infinity)
        k2 = Self.key(count > 2 ? storage[2] : .infinity)
        k3 = Self.key(count > 3 ? storage[3] : .infinity)
    }

    /// The key of one column's bottom.
    @inline(__always)
    private func key(of column: Int) -> Int64 {
        column < 2 ? (column == 0 ? k0 : k1) : (column == 2 ? k2 : k3)
    }

    /// Where the next item of the column with bottom `key` starts. The empty-column test is an
    /// integer compare, so it becomes a branch that is predicted right for all but the first
    /// items, keeping it off the dependency chain.
    @inline(__always)
    private func nextTop(key: Int64) -> Double {
        key == Self.emptyKey ? top : Self.bottom(key) + rowSpacing
    }

    @inline(__always)
    func nextTop(of column: Int) -> Double { nextTop(key: key(of: column)) }

    @inline(__always)
    func nextColumn(tolerance: Double) -> (column: Int, top: Double) {
        // Ties keep the left operand, so the leftmost shortest column wins.
        let left = k1 < k0 ? (1, k1) : (0, k0)
        let right = k3 < k2 ? (3, k3) : (2, k2)
        let shortest = right.1 < left.1 ? right : left
        guard tolerance > 0 else { return (shortest.0, nextTop(key: shortest.1)) }
        let threshold = Self.bottom(shortest.1) + tolerance
        var column = 0
        while Self.bottom(key(of: column)) > threshold { column += 1 }
        return (column, nextTop(of: column))
    }

    @inline(__always)
    mutating func setBottom(_ bottom: Double, ofColumn column: Int) {
        let key = Self.key(bottom)
        k0 = column == 0 ? key : k0
        k1 = column == 1 ? key : k1
        k2 = column == 2 ? key : k2
        k3 = column == 3 ? key : k3
    }

    mutating func setAllBottoms(_ bottom: Double) {
        for column in 0..<count { setBottom(bottom, ofColumn: column) }
    }

    var tallest: Double {
        (0..<count).reduce(-Double.infinity) { Swift.max($0, Self.bottom(key(of: $1))) }
    }
}

/// The bottom edge of every column during placement, and the choice of the next column for
/// every placement strategy and any column count.
///
/// An empty column has bottom `-infinity`, which makes it shorter than any used column (the
/// seeds treat a column whose maximum y is 0 the same way). Up to
/// ``ColumnBottoms/linearScanLimit`` columns the shortest one is found by a linear scan, which
/// beats any tree at that size; above it a tournament tree of minima finds the shortest column,
/// or the leftmost within a tolerance of it, in O(log c).
///
/// Lives only for one placement pass, on memory the caller lends (a temporary allocation, on
/// the stack for usual column counts), so the hot loop pays no allocation, copy-on-write or
/// bounds checks. The seeds' shortest-column rule with up to four columns has its own faster
/// state, ``SortedFourColumns``.
struct ColumnBottoms: ColumnState, ~Copyable {
    /// Column counts up to this use linear scans instead of the tree.
    static let linearScanLimit = 16

    /// Number of columns.
    let count: Int
    /// Where an empty column's first item starts, and the gap between items of a column.
    private let top: Double, rowSpacing: Double
    /// How far a column may be taller than the shortest and still be chosen; `nil` for
    /// sequential placement.
    private let tolerance: Double?
    /// The column sequential placement fills next.
    private var nextSequential: Int
    /// Bottoms of the columns, followed (tree mode) by the tree of minima: node 1 is the root,
    /// node `i` has children `2i` and `2i + 1`, leaves start at `leafBase`; leaves past the last
    /// column hold `+infinity`.
    private let storage: UnsafeMutablePointer<Double>
    /// Index of the first leaf (a power of two ≥ count), or 0 in linear mode.
    private let leafBase: Int
    /// The number of `Double`s of storage `count` columns need.
    static func storageSize(columns count: Int) -> Int {
        count + 2 * leafBase(columns: count)
    }

    /// The first leaf of the tree for `count` columns, or 0 when a linear scan is used.
    private static func leafBase(columns count: Int) -> Int {
        guard count > linearScanLimit else { return 0 }
        var base = 1
        while base < count { base <<= 1 }
        return base
    }

    /// Creates the state on `storage` (``storageSize(columns:)`` elements, at least one
    /// column), whose first `count` elements the caller has set to the columns' bottoms.
    /// `tolerance` is the geometry's (`nil` for sequential placement, which continues at
    /// `nextSequential`).
    /// - Complexity: O(c).
    init(storage: UnsafeMutableBufferPointer<Double>, columns count: Int, top: Double, rowSpacing: Double,
         tolerance: Double?, nextSequential: Int) {
        precondition(count >= 1 && storage.count >= Self.storageSize(columns: count))
        self.count = count
        self.top = top
        self.rowSpacing = rowSpacing
        self.tolerance = tolerance
        self.nextSequential = nextSequential
        self.storage = storage.baseAddress!
        self.leafBase = Self.leafBase(columns: count)
        rebuildTree()
    }

    /// Places an item in the strategy's column: the shortest (within the tolerance) or, for
    /// sequential placement, the next in round-robin order.
    /// - Complexity: O(c) up to ``linearScanLimit`` columns, O(log c) above.
    @inline(__always)
    mutating func place(height: Double) -> (column: Int, y: Double) {
        let column: Int
        if let tolerance {
            column = nextColumn(tolerance: tolerance)
        } else {
            column = nextSequential
            nextSequential = column + 1 == count ? 0 : column + 1
        }
        let bottom = storage[column]
        let y = bottom == -.infinity ? top : bottom + rowSpacing
        setBottom(y + height, ofColumn: column)
        return (column, y)
    }

    /// Places an item across `span` adjacent columns: in the run whose tallest bottom is lowest
    /// (leftmost on ties), or the leftmost run within the tolerance of that one; for sequential
    /// placement in the run from the next round-robin column, or from column 0 when fewer than
    /// `span` columns are left in the row — round robin continues after the run.
    /// - Complexity: O(c · span + span · log c).
    mutating func placeSpan(_ span: Int, height: Double) -> (column: Int, y: Double) {
        let column: Int
        if let tolerance {
            column = nextRun(span, tolerance: tolerance)
        } else {
            column = nextSequential + span <= count ? nextSequential : 0
            nextSequential = (column + span) % count
        }
        let tallest = (column..<column + span).reduce(-Double.infinity) { Swift.max($0, storage[$1]) }
        let y = tallest == -.infinity ? top : tallest + rowSpacing
        for covered in column..<column + span { setBottom(y + height, ofColumn: covered) }
        return (column, y)
    }

    /// The first column of the run of `span` adjacent columns that a spanning item goes into:
    /// the leftmost whose tallest bottom is at most the lowest run's + `tolerance`.
    /// - Complexity: O(c · span); spanning items are rare.
    private func nextRun(_ span: Int, tolerance: Double) -> Int {
        let storage = self.storage
        let tallest = (0...count - span).map { run in
            (run..<run + span).reduce(-Double.infinity) { Swift.max($0, storage[$1]) }
        }
        let threshold = tallest.min()! + tolerance
        return tallest.firstIndex { $0 <= threshold }!
    }

    /// Places a full-span item below the tallest column; sequential placement restarts at
    /// column 0 after it.
    /// - Complexity: O(c).
    mutating func placeFullSpan(height: Double) -> Double {
        let tallest = (0..<count).reduce(-Double.infinity) { Swift.max($0, storage[$1]) }
        let y = tallest == -.infinity ? top : tallest + rowSpacing
        setAllBottoms(y + height)
        nextSequential = 0
        return y
    }

    /// The column the next item goes into: the leftmost column whose bottom is at most the
    /// shortest bottom + `tolerance` (with 0, the seeds' shortest column with ties to the left).
    /// - Complexity: O(c) up to ``linearScanLimit`` columns, O(log c) above.
    @inline(__always)
    private func nextColumn(tolerance: Double) -> Int {
        if leafBase == 0 {
            var best = 0
            var shortest = storage[0]
            for column in 1..<count {
                let bottom = storage[column]
                let isShorter = bottom < shortest
                best = isShorter ? column : best
                shortest = isShorter ? bottom : shortest
            }
            guard tolerance > 0 else { return best }
            let threshold = shortest + tolerance
            var column = 0
            while storage[column] > threshold { column += 1 }
            return column
        }
        let tree = storage + count
        let threshold = tree[1] + tolerance
        var node = 1
        while node < leafBase {
            node = tree[2 * node] <= threshold ? 2 * node : 2 * node + 1
        }
        return node - leafBase
    }

    /// Sets one column's bottom.
    /// - Complexity: O(log c).
    @inline(__always)
    private mutating func setBottom(_ bottom: Double, ofColumn column: Int) {
        storage[column] = bottom
        guard leafBase > 0 else { return }
        let tree = storage + count
        var node = leafBase + column
        tree[node] = bottom
        while node > 1 {
            node >>= 1
            let smaller = Swift.min(tree[2 * node], tree[2 * node + 1])
            if tree[node] == smaller { break }
            tree[node] = smaller
        }
    }

    /// Sets every column's bottom to the same value (below a full-span item).
    /// - Complexity: O(c).
    private mutating func setAllBottoms(_ bottom: Double) {
        storage.update(repeating: bottom, count: count)
        rebuildTree()
    }

    /// Rebuilds the tree of minima from the columns' bottoms.
    /// - Complexity: O(c).
    private func rebuildTree() {
        guard leafBase > 0 else { return }
        let tree = storage + count
        for column in 0..<leafBase { tree[leafBase + column] = column < count ? storage[column] : .infinity }
        var node = leafBase - 1
        while node >= 1 {
            tree[node] = Swift.min(tree[2 * node], tree[2 * node + 1])
            node -= 1
        }
    }
}

/// The state of one placement pass: every column's bottom, and the placement strategy's choice
/// of the column for each item.
///
/// Two implementations: ``SortedFourColumns`` for the seeds' shortest-column rule with up to
/// four columns (the usual case — the seeds use 3 and 5), and ``ColumnBottoms`` for any
/// strategy and column count. The placement loop is generic over this protocol, so each gets
/// its own specialized copy of the one loop, with no per-item test of the strategy.
///
/// An empty column has bottom `-infinity`: it is shorter than any used column (the seeds treat
/// a column whose maximum y is 0 the same way), and its first item starts at `insets.top`;
/// every later item starts at its column's bottom + `rowSpacing`.
protocol ColumnState: ~Copyable {
    /// Places an item (not full-span) of `height`: picks its column, moves that column's bottom
    /// below it, and returns the column and the item's y.
    mutating func place(height: Double) -> (column: Int, y: Double)
    /// Places an item of `height` across `span` adjacent columns (2 ≤ `span` < the column
    /// count): picks the run's first column by the strategy's rule for spans, moves the bottom
    /// of every column of the run below it, and returns that column and the item's y — the
    /// run's tallest bottom + `rowSpacing`, or `insets.top` when the whole run is empty.
    mutating func placeSpan(_ span: Int, height: Double) -> (column: Int, y: Double)
    /// Places a full-span item of `height` below every column, moves every column's bottom
    /// below it, and returns its y.
    mutating func placeFullSpan(height: Double) -> Double
}

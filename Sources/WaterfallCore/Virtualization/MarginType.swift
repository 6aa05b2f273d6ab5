/// Which margin the delegate is asked for: an inset of the content or a spacing between items.
public enum MarginType: CaseIterable, Equatable, Sendable {
    /// Above the first row.
    case top
    /// Below the last row.
    case bottom
    /// Left of the first column.
    case left
    /// Right of the last column.
    case right
    /// Between two columns.
    case column
    /// Between two items of one column.
    case row
}

/// The defaults used when the data source or delegate does not say otherwise.
public enum WaterfallDefaults {
    /// Cell height when the delegate gives none.
    public static let cellHeight: Double = 70
    /// Every margin when the delegate gives none.
    public static let margin: Double = 8
    /// Column count when the data source gives none.
    public static let numberOfColumns = 3
}

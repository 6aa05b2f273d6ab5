/// Which column the next item goes into.
public enum PlacementStrategy: Equatable, Hashable, Sendable {
    /// The seeds' rule: the column whose bottom is highest (shortest column); ties go to the
    /// leftmost (leading) column.
    case shortestColumn
    /// Left to right, round robin, whatever the heights (seed 002's variant and
    /// CHTCollectionViewWaterfallLayout's `leftToRight`). A full-span item restarts at column 0.
    case sequential
    /// CSS masonry's flow tolerance: the leftmost column whose bottom is within `tolerance`
    /// points of the shortest column's, so reading order stays left to right unless the columns
    /// really differ. A tolerance of 0 is ``shortestColumn``; a negative or non-finite tolerance
    /// counts as 0.
    case shortestWithTolerance(Double)
}

/// The horizontal direction in which columns are numbered.
public enum LayoutDirection: Equatable, Hashable, Sendable {
    /// Column 0 at the left.
    case leftToRight
    /// The mirror image of the left-to-right layout: column 0 at the right.
    case rightToLeft
}

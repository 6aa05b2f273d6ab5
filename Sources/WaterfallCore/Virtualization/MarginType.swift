import Foundation

/// Which margin the delegate is asked for (the seeds' `HMWaterflowViewMarginType`).
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

/// The seeds' defaults, used when the data source or delegate does not say otherwise.
public enum WaterfallDefaults {
    /// Cell height when the delegate gives none (`HMWaterflowViewDefaultCellH`).
    public static let cellHeight: CGFloat = 70
    /// Every margin when the delegate gives none (`HMWaterflowViewDefaultMargin`).
    public static let margin: CGFloat = 8
    /// Column count when the data source gives none (`HMWaterflowViewDefaultNumberOfColumns`).
    public static let numberOfColumns = 3
}

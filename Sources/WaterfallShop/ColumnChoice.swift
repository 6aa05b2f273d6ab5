import WaterfallCore

extension Options.Columns {
    /// Below this width a window counts as portrait (3 columns), otherwise landscape (5).
    static let landscapeWidth: Double = 900

    /// The columns for a viewport `width` wide: `--columns` and `--min-column-width` as the
    /// engine's fixed and adaptive columns, the seeds' 3 or 5 by orientation otherwise.
    func columnCount(forWidth width: Double) -> ColumnCount {
        switch self {
        case .fixed(let count): .fixed(count)
        case .byOrientation: .fixed(width < Self.landscapeWidth ? 3 : 5)
        case .adaptive(let minimumWidth): .adaptive(minimumWidth: Double(minimumWidth))
        }
    }

    /// The number of columns the engine resolves for `width` with the seeds' 8 px margins.
    package func resolvedCount(forWidth width: Double) -> Int {
        WaterfallLayout(columns: columnCount(forWidth: width), containerWidth: width).columnCount
    }
}

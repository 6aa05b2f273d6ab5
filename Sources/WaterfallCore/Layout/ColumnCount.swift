/// How many columns a ``WaterfallLayout`` has.
public enum ColumnCount: Equatable, Hashable, Sendable {
    /// This many columns, clamped to `1...WaterfallLayout.maximumColumnCount` and to as many as
    /// fit at least ``WaterfallLayout/minimumColumnWidth`` wide (one when none fit, e.g. at
    /// width 0 before the container has a size): `.fixed(100_000)` in 900 points with 8-point
    /// spacing gives 100 one-point columns, not 100,000 empty ones.
    case fixed(Int)
    /// As many columns as fit with each at least `minimumWidth` wide (and at least one), so the
    /// count follows the container width: the seeds' 3 columns in portrait and 5 in landscape
    /// come from one setting. A non-finite or non-positive minimum width gives one column.
    case adaptive(minimumWidth: Double)

    /// The number of columns for a given available width (container width minus the left and
    /// right insets) and column spacing, clamped to `1...maximum`.
    func resolved(availableWidth: Double, spacing: Double, maximum: Int) -> Int {
        switch self {
        case .fixed(let count):
            let fitting = Self.fittingCount(availableWidth: availableWidth, spacing: spacing,
                                            minimumWidth: WaterfallLayout.minimumColumnWidth, maximum: maximum)
            return Swift.min(Swift.max(count, 1), fitting)
        case .adaptive(let minimumWidth):
            guard minimumWidth.isFinite, minimumWidth > 0 else { return 1 }
            return Self.fittingCount(availableWidth: availableWidth, spacing: spacing,
                                     minimumWidth: minimumWidth, maximum: maximum)
        }
    }

    /// How many columns at least `minimumWidth` (> 0) wide fit, in `1...maximum`.
    private static func fittingCount(availableWidth: Double, spacing: Double, minimumWidth: Double, maximum: Int) -> Int {
        let fitting = ((availableWidth + spacing) / (minimumWidth + spacing)).rounded(.down)
        guard fitting.isFinite, fitting >= 1 else { return 1 }
        return fitting >= Double(maximum) ? maximum : Int(fitting)
    }
}

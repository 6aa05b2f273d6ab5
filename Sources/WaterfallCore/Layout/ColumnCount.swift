import Foundation

/// How many columns a ``WaterfallLayout`` has.
public enum ColumnCount: Equatable, Hashable, Sendable {
    /// Exactly this many columns (clamped to `1...WaterfallLayout.maximumColumnCount`).
    case fixed(Int)
    /// As many columns as fit with each at least `minimumWidth` wide (and at least one), so the
    /// count follows the container width: the seeds' 3 columns in portrait and 5 in landscape
    /// come from one setting. A non-finite or non-positive minimum width gives one column.
    case adaptive(minimumWidth: CGFloat)

    /// The number of columns for a given available width (container width minus the left and
    /// right insets) and column spacing, clamped to `1...maximum`.
    func resolved(availableWidth: CGFloat, spacing: CGFloat, maximum: Int) -> Int {
        switch self {
        case .fixed(let count):
            return Swift.min(Swift.max(count, 1), maximum)
        case .adaptive(let minimumWidth):
            guard minimumWidth.isFinite, minimumWidth > 0 else { return 1 }
            let fitting = ((availableWidth + spacing) / (minimumWidth + spacing)).rounded(.down)
            guard fitting.isFinite, fitting >= 1 else { return 1 }
            return fitting >= CGFloat(maximum) ? maximum : Int(fitting)
        }
    }
}

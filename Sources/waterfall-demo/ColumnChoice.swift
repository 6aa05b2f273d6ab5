import Foundation
import WaterfallCore

extension Options.Columns {
    /// Below this width a window counts as portrait (3 columns), otherwise landscape (5).
    static let landscapeWidth: CGFloat = 900

    /// The column count for a viewport `width` wide, with the seeds' 8 px margins.
    func count(forWidth width: CGFloat) -> Int {
        switch self {
        case .fixed(let count): return count
        case .byOrientation: return width < Self.landscapeWidth ? 3 : 5
        case .adaptive(let minimumWidth):
            let margin = WaterfallDefaults.margin
            return max(1, Int((width - margin) / (CGFloat(minimumWidth) + margin)))
        }
    }
}

import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import WaterfallCore

extension WaterfallListModelSource {
    /// `removed` items at `position` were replaced by `added` ones: one delete and one insert
    /// in a single batch (one relayout from `position`, whatever the counts), then the live
    /// cells' positions and selected states.
    /// - Complexity: the view model's batch update, plus O(k) for k live cells.
    func itemsChanged(at position: Int, removed: Int, added: Int) {
        guard let view else { return }
        var updates: [ItemUpdate] = []
        if removed > 0 { updates.append(.delete(position..<position + removed)) }
        if added > 0 { updates.append(.insert(position..<position + added)) }
        guard !updates.isEmpty else { return }
        if let anchor, anchor >= position {
            self.anchor = anchor < position + removed ? nil : anchor - removed + added
        }
        view.performBatchUpdates(updates, animated: false)
        refreshLiveCells(in: 0..<Int.max)
    }

    /// Gives the live cells of items in `range` their current positions and selected states.
    /// - Complexity: O(k) for k live cells.
    func refreshLiveCells(in range: Range<Int>) {
        guard let view else { return }
        for index in view.model.liveIndices where range.contains(index) {
            guard let cell = view.model.cell(at: index) else { continue }
            cell.isSelected = isSelected(index)
            cell.follow(position: index)
        }
    }
}

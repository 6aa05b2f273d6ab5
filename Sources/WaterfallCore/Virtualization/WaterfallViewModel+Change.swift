import Foundation

extension WaterfallViewModel {
    /// The path of a change that keeps the live cells, in its order: *anchor* (the first visible
    /// item and its place on screen), *hold* (when the change edits items above that item, the
    /// items from it on become a block of their own, so the edit moves them by one constant —
    /// see ``holdVisibleContent(forEditsFrom:firstVisible:)``), *mutate* (`mutate` changes the
    /// layout and whatever follows its items), *restore* (the anchor goes back to its place on
    /// screen within the scroll range, absorbing the block's move), *diff* (the live set is
    /// derived again by index, so cells that stay keep their identity) and *notify* (load-more
    /// is checked once). Size corrections, layout switches and explicit edits go through it.
    /// - Parameters:
    ///   - lowestChangedIndex: the lowest index `mutate` edits, or `nil` when it edits no item
    ///     (a new layout, new metrics): then nothing is held.
    ///   - keepsAnchor: whether the first visible item keeps its place (`false` when the change
    ///     makes the old place meaningless, such as a switch to a layout scrolling another way).
    ///   - mutate: the change.
    /// - Returns: the transitions of the live items from their old places on screen to their
    ///   new ones (`.insert` for cells that came into view), for animation.
    /// - Complexity: `mutate`'s, plus O(c log n + k log k) for k live cells.
    @discardableResult
    func performChange(editingFrom lowestChangedIndex: Int? = nil, keepsAnchor: Bool = true,
                       _ mutate: () -> Void) -> [ItemTransition] {
        let anchor = keepsAnchor ? captureAnchor() : nil
        let sources = live.entries.map {
            TransitionSource(oldIndex: $0.index, newIndex: $0.index, from: toViewport($0.attributes), reloaded: false)
        }
        if let lowestChangedIndex { holdVisibleContent(forEditsFrom: lowestChangedIndex, firstVisible: anchor?.index) }
        mutate()
        relayoutLiveCells(keeping: anchor)
        checkLoadMore()
        return transitionsOfLiveCells(from: sources, oldIndex: { $0 })
    }
}

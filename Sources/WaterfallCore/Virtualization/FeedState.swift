import Foundation

/// The feed's state around the items: load-more at the end, pull-to-refresh at the start, and
/// the count of new items that arrived above the reader.
struct FeedState {
    /// The load-more rules.
    var loadMore = LoadMoreStateMachine()
    /// Whether load-more fires (see ``WaterfallViewModel/isLoadMoreEnabled``).
    var isLoadMoreEnabled = false
    /// How near the end load-more fires (see ``WaterfallViewModel/loadMoreDistance``).
    var loadMoreDistance: CGFloat = 600
    /// The pull-to-refresh rules.
    var refresh = RefreshStateMachine()
    /// Whether overscroll drives pull-to-refresh (see ``WaterfallViewModel/isRefreshEnabled``).
    var isRefreshEnabled = false
    /// How far a pull arms a refresh (see ``WaterfallViewModel/refreshThreshold``).
    var refreshThreshold: CGFloat = 64
    /// The count on the "N new items" pill (see ``WaterfallViewModel/newItemsAbove``).
    var newItemsAbove = 0

    /// The new-items count after `updates`: inserts at the front or among the new items add to
    /// it, deletes among them take from it, moves across its end move one in or out.
    /// - Complexity: O(updates).
    func newItemsAbove(after updates: [ItemUpdate]) -> Int {
        var count = newItemsAbove
        for update in updates {
            switch update {
            case .insert(let range):
                if range.lowerBound == 0 || range.lowerBound < count { count += range.count }
            case .delete(let range):
                count -= Swift.max(0, Swift.min(range.upperBound, count) - range.lowerBound)
            case .move(let from, let to):
                if (from < count) != (to < count) { count += to < count ? 1 : -1 }
            case .reload:
                break
            }
        }
        return count
    }
}
